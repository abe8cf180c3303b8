// ODE 0.16 as a 3D peer: dBoxBox, the box-box test behind ODE's
// dCollideBoxBox (which only reads the two geoms' position, rotation and
// side lengths and calls it). dBoxBox tests the same 15 axes and, on a
// hit, builds contact points: the reference face is clipped against the
// incident face and the points are culled to as many as the flags ask
// for. We ask for one (flags = 1), the least ODE can be asked to do.
//
// ode_box_box_contacts (bench_manifold3.cpp, boxes3): the same call asking
// for up to four contacts (flags = 4), as a simulation asks for a box
// resting on a face; every contact point it returns is counted.
//
// Debian's libode is built in double precision (dReal is double), so the
// floats sepax holds are widened once, exactly, when the world is built.
#include <ode/ode.h>

#include <cstdio>

#include "harness/bench3_scene.h"

#ifndef SEPAX_BENCH_ODE_VERSION
#define SEPAX_BENCH_ODE_VERSION "?"
#endif

namespace sepax_bench {
namespace {

struct OdeBox {
    dVector3 p;
    dMatrix3 R; // rows of 4: R[4 i + j] = component i of axis j
    dVector3 side;
};

// Every box of a scene, per slot.
std::vector<OdeBox> ode_boxes(const Scene3 &s)
{
    // ODE wants dInitODE2 before any other call, once per process.
    static const int initialised = dInitODE2(0);
    (void)initialised;
    std::vector<OdeBox> boxes(s.slot_limit);
    for (uint32_t slot = 0; slot < s.slot_limit; ++slot) {
        if (s.kind[slot] != SEPAX3_SHAPE_BOX)
            continue;
        const sepax3_world_shape &w = s.world[slot];
        OdeBox &b = boxes[slot];
        const float c[3] = {w.centre.x, w.centre.y, w.centre.z};
        const float h[3] = {w.half_extents.x, w.half_extents.y, w.half_extents.z};
        for (int i = 0; i < 3; ++i) {
            b.p[i] = c[i];
            b.side[i] = 2.0 * (dReal)h[i];
            const float axis[3] = {w.axis[i].x, w.axis[i].y, w.axis[i].z};
            for (int k = 0; k < 3; ++k)
                b.R[4 * k + i] = axis[k];
        }
        b.p[3] = b.side[3] = 0;
        b.R[3] = b.R[7] = b.R[11] = 0;
    }
    return boxes;
}

class OdeWorld final : public PeerWorld3 {
public:
    explicit OdeWorld(const Scene3 &s) : boxes_(ode_boxes(s)) {}

    size_t run(const sepax_pair *pairs, size_t n, uint8_t *out) override
    {
        return count_peer_hits(pairs, n, out, [this](uint32_t a, uint32_t b) {
            const OdeBox &x = boxes_[a], &y = boxes_[b];
            dVector3 normal;
            dReal depth;
            int code;
            dContactGeom contact;
            return dBoxBox(x.p, x.R, x.side, y.p, y.R, y.side, normal, &depth, &code, 1, &contact,
                           (int)sizeof(dContactGeom)) > 0;
        });
    }

private:
    std::vector<OdeBox> boxes_;
};

// Up to four contacts per pair; a hit is at least one.
class OdeContactsWorld final : public PeerContacts3 {
public:
    explicit OdeContactsWorld(const Scene3 &s) : boxes_(ode_boxes(s)) {}

    size_t run(const sepax_pair *pairs, size_t n, uint8_t *out) override
    {
        size_t contacts = 0;
        const size_t hits = count_peer_hits(pairs, n, out, [&](uint32_t a, uint32_t b) {
            const OdeBox &x = boxes_[a], &y = boxes_[b];
            dVector3 normal;
            dReal depth;
            int code;
            const int k = dBoxBox(x.p, x.R, x.side, y.p, y.R, y.side, normal, &depth, &code,
                                  kMaxContacts, contact_, (int)sizeof(dContactGeom));
            contacts += (size_t)k;
            return k > 0;
        });
        contacts_ = contacts;
        return hits;
    }
    size_t contacts() const override { return contacts_; }

private:
    static constexpr int kMaxContacts = 4;
    std::vector<OdeBox> boxes_;
    dContactGeom contact_[kMaxContacts];
    size_t contacts_ = 0;
};

} // namespace

void add_ode3_subjects(std::vector<PeerSubject3> &out)
{
    out.push_back({"ode_box_box", "ODE " SEPAX_BENCH_ODE_VERSION, &peer_world3_for<OdeWorld>});
}

void add_ode3_manifold_subjects(std::vector<PeerManifold3> &out)
{
    out.push_back({"ode_box_box_contacts", "ODE " SEPAX_BENCH_ODE_VERSION,
                   &peer_contacts3_for<OdeContactsWorld>, "boxes3"});
}

} // namespace sepax_bench
