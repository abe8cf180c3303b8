/* The scalar reference of polygon-against-polygon SAT: the specification
 * every vector backend reproduces bit for bit.
 *
 *   for each pair (A, B):
 *       o = vertex 0 of whichever of A and B sits in the lower slot (so
 *           that swapping A and B changes no value, only signs and owners);
 *           every vertex below is taken relative to o first:
 *           p' = (p.x - o.x, p.y - o.y)
 *       for each edge i of A (outward unit normal n, first vertex a):
 *           c   = n.x*a'.x + n.y*a'.y                      (the face's offset)
 *           e_j = n.x*b_j'.x + n.y*b_j'.y   for every vertex b_j of B
 *           s_i = min_j e_j - c        (signed distance of B past face i)
 *           B is not inside A if max_j e_j > c
 *       the same for each edge of B against the vertices of A (same o)
 *       best = the largest s over A's edges then B's, first index on ties
 *       separation = best + 0          (turns -0 into +0)
 *       normal = n of A's face, or minus n of B's face (points A -> B)
 *       hit = separation <= 0
 *
 * Why this form: coordinates relative to a vertex of the pair are small,
 * so shapes far from the origin keep the accuracy of their relative
 * position; and subtracting c after the minimum rather than from every
 * e_j gives the same float (rounding is monotonic, so it commutes with min
 * and max) while saving a subtraction per vertex in the vector kernels.
 * Every product and sum is evaluated as written, never fused. */
#include <math.h>

#include "kernels/result.h"
#include "kernels/round.h"

static sepax_face_pass faces_against(const sepax_view *f, const sepax_view *v, float ox, float oy)
{
    sepax_face_pass r = {-INFINITY, 0, 1};
    for (uint32_t i = 0; i < f->n; i++) {
        const float nx = f->nx[i], ny = f->ny[i];
        const float ax = f->x[i] - ox, ay = f->y[i] - oy;
        const float c = nx * ax + ny * ay;
        float lo = INFINITY, hi = -INFINITY;
        for (uint32_t j = 0; j < v->n; j++) {
            const float bx = v->x[j] - ox, by = v->y[j] - oy;
            const float px = nx * bx, py = ny * by;
            const float e = px + py;
            lo = e < lo ? e : lo;
            hi = e > hi ? e : hi;
        }
        const float si = lo - c;
        if (si > r.best) {
            r.best = si;
            r.edge = i;
        }
        if (hi > c)
            r.inside = 0;
    }
    return r;
}

static sepax_result polygon_pair(const sepax_columns *c, uint32_t sa, uint32_t sb)
{
    const sepax_view a = sepax_world_view(c, sa), b = sepax_world_view(c, sb);
    const sepax_view *o = sa < sb ? &a : &b;
    const float ox = o->x[0], oy = o->y[0];
    const sepax_face_pass fa = faces_against(&a, &b, ox, oy);
    const sepax_face_pass fb = faces_against(&b, &a, ox, oy);
    return sepax_make_result(&a, &b, fa, fb);
}

void sepax_reference_collide(const sepax_columns *c, const sepax_pair *pairs, size_t n,
                             sepax_result *out)
{
    for (size_t k = 0; k < n; k++) {
        sepax_prefetch_ahead(c, pairs, n, k);
        out[k] = polygon_pair(c, SEPAX_ID_SLOT(pairs[k].a), SEPAX_ID_SLOT(pairs[k].b));
    }
}

/* Any kinds: two polygons as above; round and thin kinds by
 * src/kernels/round.h, their specification, shared verbatim with the
 * backends (as are point queries). */
void sepax_reference_collide_any(const sepax_columns *c, const sepax_pair *pairs, size_t n,
                                 sepax_result *out)
{
    for (size_t k = 0; k < n; k++) {
        sepax_prefetch_ahead(c, pairs, n, k);
        const uint32_t sa = SEPAX_ID_SLOT(pairs[k].a), sb = SEPAX_ID_SLOT(pairs[k].b);
        if (c->kind[sa] == SEPAX_KIND_POLYGON && c->kind[sb] == SEPAX_KIND_POLYGON)
            out[k] = polygon_pair(c, sa, sb);
        else
            out[k] = sepax_round_pair(c, sa, sb);
    }
}

void sepax_reference_points(const sepax_columns *c, const sepax_point_query *queries, size_t n,
                            uint8_t *inside)
{
    sepax_round_points(c, queries, n, inside);
}
