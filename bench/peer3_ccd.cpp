// libccd as a 3D peer: ccdMPRPenetration (Minkowski portal refinement) on
// oriented boxes given by support functions. libccd knows no shapes; the
// caller supplies a support point per direction, here a box's: its centre
// plus each axis times its half extent, signed by the direction. Debian
// builds libccd in double (ccd_real_t), so each box is kept in double,
// widened exactly from sepax's floats once, outside the timed loop.
//
// A penetration query: on a hit MPR also refines the portal to a depth,
// direction and position, which a yes/no test would not need (it is what
// ccdMPRIntersect leaves out); the 2D rows time the same call.
#include <ccd/ccd.h>

#include <vector>

#include "bench3_scene.h"

#ifndef SEPAX_BENCH_CCD_VERSION
#define SEPAX_BENCH_CCD_VERSION "?"
#endif

namespace sepax_bench {
namespace {

struct CcdBox {
    ccd_real_t c[3];
    ccd_real_t axis[3][3];
    ccd_real_t half[3];
};

void box_support(const void *obj, const ccd_vec3_t *dir, ccd_vec3_t *out)
{
    const CcdBox *b = static_cast<const CcdBox *>(obj);
    ccd_real_t p[3] = {b->c[0], b->c[1], b->c[2]};
    for (int k = 0; k < 3; ++k) {
        const ccd_real_t *u = b->axis[k];
        const ccd_real_t d = u[0] * dir->v[0] + u[1] * dir->v[1] + u[2] * dir->v[2];
        const ccd_real_t h = d >= 0 ? b->half[k] : -b->half[k];
        p[0] += h * u[0];
        p[1] += h * u[1];
        p[2] += h * u[2];
    }
    ccdVec3Set(out, p[0], p[1], p[2]);
}

void box_center(const void *obj, ccd_vec3_t *out)
{
    const CcdBox *b = static_cast<const CcdBox *>(obj);
    ccdVec3Set(out, b->c[0], b->c[1], b->c[2]);
}

class CcdWorld3 final : public PeerWorld3 {
public:
    explicit CcdWorld3(const Scene3 &s) : boxes_(s.slot_limit)
    {
        for (uint32_t slot = 0; slot < s.slot_limit; ++slot) {
            if (s.kind[slot] != SEPAX3_SHAPE_BOX)
                continue;
            const sepax3_world_shape &w = s.world[slot];
            CcdBox &b = boxes_[slot];
            b.c[0] = w.centre.x;
            b.c[1] = w.centre.y;
            b.c[2] = w.centre.z;
            b.half[0] = w.half_extents.x;
            b.half[1] = w.half_extents.y;
            b.half[2] = w.half_extents.z;
            for (int k = 0; k < 3; ++k) {
                b.axis[k][0] = w.axis[k].x;
                b.axis[k][1] = w.axis[k].y;
                b.axis[k][2] = w.axis[k].z;
            }
        }
        CCD_INIT(&ccd_);
        ccd_.support1 = box_support;
        ccd_.support2 = box_support;
        ccd_.center1 = box_center;
        ccd_.center2 = box_center;
        // libccd's default is no limit; a bound keeps a degenerate pair from
        // spinning forever (as in 2D).
        ccd_.max_iterations = 1000;
    }

    size_t run(const sepax_pair *pairs, size_t n, uint8_t *out) override
    {
        return count_peer_hits(pairs, n, out, [this](uint32_t a, uint32_t b) {
            ccd_real_t depth;
            ccd_vec3_t dir, pos;
            return ccdMPRPenetration(&boxes_[a], &boxes_[b], &ccd_, &depth, &dir, &pos) == 0;
        });
    }

private:
    std::vector<CcdBox> boxes_;
    ccd_t ccd_;
};

} // namespace

void add_ccd3_subjects(std::vector<PeerSubject3> &out)
{
    out.push_back({"ccd_mpr_penetration3", std::string("libccd ") + SEPAX_BENCH_CCD_VERSION,
                   &peer_world3_for<CcdWorld3>});
}

} // namespace sepax_bench
