/* The scalar reference of polygon-against-polygon SAT: the specification
 * every vector backend reproduces bit for bit.
 *
 *   for each pair (A, B):
 *       for each edge i of A (outward unit normal n, first vertex a):
 *           d_j  = n.x*(b_j.x - a.x) + n.y*(b_j.y - a.y)   for every vertex b_j of B
 *           s_i  = min_j d_j          (signed distance of B past face i)
 *           B is not inside A if max_j d_j > 0
 *       the same for each edge of B against the vertices of A
 *       best = the largest s over A's edges then B's, first index on ties
 *       separation = best + 0          (turns -0 into +0)
 *       normal = n of A's face, or minus n of B's face (points A -> B)
 *       hit = separation <= 0
 *
 * Differences are taken between a vertex of one shape and a vertex of the
 * other before any product, so shapes far from the origin keep the
 * accuracy of their relative position. Each d is evaluated as written:
 * two products, then one sum, never fused. */
#include <math.h>

#include "kernels/result.h"

static sepax_face_pass faces_against(const sepax_view *f, const sepax_view *v)
{
    sepax_face_pass r = {-INFINITY, 0, 1};
    for (uint32_t i = 0; i < f->n; i++) {
        const float ax = f->x[i], ay = f->y[i], nx = f->nx[i], ny = f->ny[i];
        float lo = INFINITY, hi = -INFINITY;
        for (uint32_t j = 0; j < v->n; j++) {
            const float dx = v->x[j] - ax, dy = v->y[j] - ay;
            const float px = nx * dx, py = ny * dy;
            const float d = px + py;
            lo = d < lo ? d : lo;
            hi = d > hi ? d : hi;
        }
        if (lo > r.best) {
            r.best = lo;
            r.edge = i;
        }
        if (hi > 0.0f)
            r.inside = 0;
    }
    return r;
}

void sepax_reference_collide(const sepax_columns *c, const sepax_pair *pairs, size_t n,
                             sepax_result *out)
{
    for (size_t k = 0; k < n; k++) {
        const sepax_view a = sepax_world_view(c, SEPAX_ID_SLOT(pairs[k].a));
        const sepax_view b = sepax_world_view(c, SEPAX_ID_SLOT(pairs[k].b));
        const sepax_face_pass fa = faces_against(&a, &b);
        const sepax_face_pass fb = faces_against(&b, &a);
        out[k] = sepax_make_result(&a, &b, fa, fb);
    }
}
