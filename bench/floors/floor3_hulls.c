/* The floor under the hull rows: the least work this contract asks of any
 * pair of two hulls, with poly3.h's own routines. Every pair's answer
 * carries A's best face (the largest separation over A's faces, each the
 * minimum over B's vertices), even a pair that face already separates, so
 * every pair at least builds B's frame in A's, places B's vertices in it
 * and runs A's face query, as pruned by its bounds (poly3_faces: the
 * faces whose bound reaches the best value so far); this entry does that
 * and nothing else (no B faces, no edge pairs, no result beyond the
 * separation and face). A floor of the method, which moves when the
 * pruning does.
 * The distance between a sepax3_pruned row and this one is what B's face
 * query, the edge query and the answer cost. */
#include "3d/store.h"
#include "3d/kernels/poly3.h"

#include "unpruned3.h"

void FLOOR3_ENTRY(const sepax3_store *store, const sepax_pair *pairs, size_t n, sepax3_result *out);

void FLOOR3_ENTRY(const sepax3_store *store, const sepax_pair *pairs, size_t n, sepax3_result *out)
{
    const sepax3_view v = sepax3_store_view(store);
    for (size_t i = 0; i < n; i++) {
        side3 A, B;
        side3_of(&v, SEPAX_ID_SLOT(pairs[i].a), &A);
        side3_of(&v, SEPAX_ID_SLOT(pairs[i].b), &B);
        frame3 yx;
        side3_frame(A.w, B.w, &yx);
        float qx[POLY3_V], qy[POLY3_V], qz[POLY3_V];
        poly3_place(&yx, &B.p, qx, qy, qz);
        uint32_t face;
        out[i].separation = poly3_faces(&A.p, qx, qy, qz, B.p.nv, yx.t, B.p.rin,
                                        poly3_margin(&A, &B, &yx), &face);
        out[i].feature_a = (uint8_t)face;
        out[i].flags = (uint8_t)(out[i].separation <= 0.0f ? SEPAX_HIT : 0u);
    }
}

/* The floor of the contract under the hull rows: an exact answer needs
 * all of both shapes, and a hull is its vertices, so every pair reads
 * both vertex sets at least once. This entry reads both world records and
 * both hulls' vertex arrays (the block's counts, then x, y and z, as the
 * kernels lay them out, across the backend's lanes), folds them into a
 * number no compiler can skip, and writes a result: no frame, no plane,
 * no edge, no answer. The distance between the cold rows and this one is
 * what the method costs beyond reading its input. */
void TOUCH3_ENTRY(const sepax3_store *store, const sepax_pair *pairs, size_t n, sepax3_result *out);

static float touch_side(const sepax3_view *v, uint32_t slot)
{
    const float *w = v->world + SEPAX3_RECORD * (size_t)slot;
    float sum = (w[SEPAX3_W_C] + w[SEPAX3_W_C + 1]) + w[SEPAX3_W_C + 2];
    if (v->kind[slot] != SEPAX3_KIND_HULL)
        return sum;
    const poly3 P = poly3_of(v->pool + v->pool_at[slot]);
    lf hi = lf_set1(-INFINITY);
    for (uint32_t j = 0; j < P.nv; j += LANES)
        hi = lf_max(lf_add(lf_add(lf_load(P.vx + j), lf_load(P.vy + j)), lf_load(P.vz + j)), hi);
    return sum + lanes3_hmax(hi);
}

void TOUCH3_ENTRY(const sepax3_store *store, const sepax_pair *pairs, size_t n, sepax3_result *out)
{
    const sepax3_view v = sepax3_store_view(store);
    for (size_t i = 0; i < n; i++) {
        const float a = touch_side(&v, SEPAX_ID_SLOT(pairs[i].a));
        const float b = touch_side(&v, SEPAX_ID_SLOT(pairs[i].b));
        memset(&out[i], 0, sizeof out[i]);
        out[i].separation = a - b;
        out[i].flags = (uint8_t)(out[i].separation <= 0.0f ? SEPAX_HIT : 0u);
    }
}
