/* README.md's 3D frame-to-frame example: the broadphase every step, a
 * separating-feature record per pair carried from step to step while the
 * pair list changes, and contact manifolds for the hits. */
#include <stdio.h>
#include <string.h>

#include <sepax/sepax3d.h>

#define SHAPES 4
#define STEPS 6
#define MAX_PAIRS (SHAPES * (SHAPES - 1) / 2)

static const char *const names[SHAPES] = {"ground", "crate", "pyramid", "log"};

static const char *name_of(const sepax_shape_id *id, sepax_shape_id which)
{
    for (int i = 0; i < SHAPES; i++)
        if (id[i] == which)
            return names[i];
    return "?";
}

int main(void)
{
    sepax3_store *store = NULL;
    sepax_status st = sepax3_store_create(NULL, &store);
    if (st != SEPAX_OK) {
        fprintf(stderr, "store: %s\n", sepax_status_string(st));
        return 1;
    }
    /* a slab, a cube turned 30 degrees about z, a square pyramid (a hull
     * of five points) and a capsule lying along y */
    sepax_shape_id id[SHAPES];
    const sepax3_vec origin = {0, 0, 0};
    const sepax3_quat none = {1, 0, 0, 0};
    const sepax3_vec pyramid[5] = {
        {-0.5f, -0.5f, 0}, {0.5f, -0.5f, 0}, {0.5f, 0.5f, 0}, {-0.5f, 0.5f, 0}, {0, 0, 1}};
    if ((st = sepax3_add_box(store, origin, (sepax3_vec){4, 4, 0.5f}, none, &id[0])) != SEPAX_OK ||
        (st = sepax3_add_box(store, origin, (sepax3_vec){0.5f, 0.5f, 0.5f},
                             sepax3_quat_axis_angle((sepax3_vec){0, 0, 1}, 0.5235988f),
                             &id[1])) != SEPAX_OK ||
        (st = sepax3_add_hull(store, pyramid, 5, &id[2])) != SEPAX_OK ||
        (st = sepax3_add_capsule(store, (sepax3_vec){0, -0.5f, 0}, (sepax3_vec){0, 0.5f, 0},
                                 0.25f, &id[3])) != SEPAX_OK) {
        fprintf(stderr, "add: %s\n", sepax_status_string(st));
        sepax3_store_destroy(store);
        return 1;
    }

    /* Last step's pairs and their records: a record belongs to its pair,
     * not to a place in the list. */
    sepax_pair last_pairs[MAX_PAIRS];
    sepax3_pair_cache last_caches[MAX_PAIRS];
    sepax_pair_motion last_motions[MAX_PAIRS];
    size_t last_count = 0;

    for (int step = 0; step < STEPS; step++) {
        /* the crate falls onto the slab (top at z = 0) beside the
         * pyramid, the capsule rolls along it 0.01 deep */
        const float drop = 1.0f - 0.25f * (float)step;
        const sepax3_transform xf[SHAPES] = {
            {{0, 0, -0.5f}, none},
            {{0, 0, 0.5f + (drop > 0 ? drop : 0)}, none},
            {{1.15f, 0, 0}, none},
            {{-2.0f + 0.2f * (float)step, 0, 0.24f}, none},
        };
        if ((st = sepax3_set_transforms(store, id, xf, SHAPES)) != SEPAX_OK)
            break;

        /* The pairs whose world boxes overlap now. Each takes its record
         * from last step's list when it was there, else starts empty (all
         * zero bytes); a large scene would key a hash map by the two ids,
         * or sort both lists and walk them together. */
        sepax_pair pairs[MAX_PAIRS];
        sepax3_pair_cache caches[MAX_PAIRS];
        sepax_pair_motion motions[MAX_PAIRS];
        size_t count = 0;
        if ((st = sepax3_broadphase(store, pairs, MAX_PAIRS, &count)) != SEPAX_OK)
            break;
        for (size_t i = 0; i < count; i++) {
            memset(&caches[i], 0, sizeof caches[i]);
            memset(&motions[i], 0, sizeof motions[i]);
            for (size_t j = 0; j < last_count; j++)
                if (last_pairs[j].a == pairs[i].a && last_pairs[j].b == pairs[i].b)
                    caches[i] = last_caches[j], motions[i] = last_motions[j];
        }

        /* Hits only, exactly sepax3_collide_hits' whatever the records
         * hold: a pair whose recorded gap its shapes' motion since cannot
         * have spent is skipped unread; else its recorded feature still
         * separating it costs that one test. The records are updated in
         * place. */
        sepax3_hit hits[MAX_PAIRS];
        size_t hit_count = 0;
        st = sepax3_collide_hits_tracked(store, pairs, count, caches, motions, hits, MAX_PAIRS,
                                         &hit_count, NULL);
        if (st != SEPAX_OK)
            break;
        memcpy(last_pairs, pairs, count * sizeof pairs[0]);
        memcpy(last_caches, caches, count * sizeof caches[0]);
        memcpy(last_motions, motions, count * sizeof motions[0]);
        last_count = count;
        printf("step %d: %zu pair(s), %zu hit(s)\n", step, count, hit_count);

        /* Where the hits touch, for a solver: up to four points each,
         * with ids that stay the same while the same features touch. */
        sepax_pair touching[MAX_PAIRS];
        for (size_t k = 0; k < hit_count; k++)
            touching[k] = pairs[hits[k].pair];
        sepax3_manifold_hit m[MAX_PAIRS];
        size_t m_count = 0;
        st = sepax3_collide_manifolds_hits(store, touching, hit_count, m, MAX_PAIRS, &m_count,
                                           NULL);
        if (st != SEPAX_OK)
            break;
        for (size_t k = 0; k < m_count; k++) {
            const sepax_pair p = touching[m[k].pair];
            for (unsigned i = 0; i < m[k].manifold.point_count; i++) {
                const sepax3_contact *c = &m[k].manifold.points[i];
                printf("  %s-%s: (%.3f, %.3f, %.3f) separation %.3f id 0x%08x\n",
                       name_of(id, p.a), name_of(id, p.b), (double)c->point.x,
                       (double)c->point.y, (double)c->point.z, (double)c->separation,
                       (unsigned)c->id);
            }
        }
    }
    sepax3_store_destroy(store);
    if (st != SEPAX_OK) {
        fprintf(stderr, "step: %s\n", sepax_status_string(st));
        return 1;
    }
    return 0;
}
