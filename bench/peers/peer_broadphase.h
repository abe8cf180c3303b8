// Broadphase peers (peer_broadphase.cpp): Box2D's b2DynamicTree, Bullet's
// btDbvtBroadphase and ODE's sweep-and-prune space on the boxes
// sepax_broadphase sees, and Bullet's and ODE's on the boxes
// sepax3_broadphase sees.
#ifndef SEPAX_BENCH_PEER_BROADPHASE_H
#define SEPAX_BENCH_PEER_BROADPHASE_H

#include <string>

namespace sepax_bench {

// Registers box2d_tree_pairs/<scene>, bullet_dbvt_pairs/<scene> and
// ode_sap_pairs/<scene> for the peers compiled in (none: nothing).
void register_broadphase_peers(const std::string &scene);

// Registers bullet_dbvt3_pairs/<scene> and ode_sap3_pairs/<scene> for a 3D
// scene (one of scene3_specs()) for the peers compiled in (none: nothing).
void register_broadphase3_peers(const std::string &scene);

} // namespace sepax_bench

#endif
