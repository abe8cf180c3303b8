/* The README's example, compiled and run as a test so that it stays true:
 * two shapes, the broadphase, the collide call, and every status either
 * call can give handled. README.md quotes main() from here. */
#include <stdio.h>
#include <stdlib.h>

#include <sepax/sepax.h>

static int fail(const char *what, sepax_status st)
{
    fprintf(stderr, "%s: %s\n", what, sepax_status_string(st));
    return 1;
}

int main(void)
{
    sepax_store *store;
    sepax_status st = sepax_store_create(NULL, &store); /* SEPAX_BACKEND or the best */
    if (st != SEPAX_OK)
        return fail("create", st);

    const sepax_vec2 tri[] = {{0, 0}, {1, 0}, {0, 1}}; /* either winding */
    sepax_shape_id ids[2];
    if ((st = sepax_add_polygon(store, tri, 3, &ids[0])) != SEPAX_OK ||
        (st = sepax_add_box(store, (sepax_vec2){0, 0}, (sepax_vec2){0.5f, 0.5f}, 0.0f, &ids[1])) !=
            SEPAX_OK) {
        sepax_store_destroy(store);
        return fail("add", st);
    }
    const sepax_transform xf[2] = {sepax_transform_make(0, 0, 0),
                                   sepax_transform_make(0.8f, 0.2f, 0.3f)};
    if ((st = sepax_set_transforms(store, ids, xf, 2)) != SEPAX_OK) {
        sepax_store_destroy(store);
        return fail("set_transforms", st);
    }

    /* The broadphase reports how many pairs it found even when they do
     * not fit: grow the buffer and ask again. */
    size_t cap = 16, n = 0;
    sepax_pair *pairs = malloc(cap * sizeof *pairs);
    while (pairs && (st = sepax_broadphase(store, pairs, cap, &n)) == SEPAX_ERR_CAPACITY) {
        free(pairs);
        cap = n;
        pairs = malloc(cap * sizeof *pairs);
    }
    sepax_result *res = pairs ? malloc((n ? n : 1) * sizeof *res) : NULL;
    if (!res) {
        free(pairs);
        sepax_store_destroy(store);
        return fail("broadphase", pairs ? SEPAX_ERR_OUT_OF_MEMORY : st);
    }
    if (st == SEPAX_OK)
        st = sepax_collide(store, pairs, n, res, NULL);
    if (st != SEPAX_OK) {
        free(res);
        free(pairs);
        sepax_store_destroy(store);
        return fail("collide", st);
    }
    for (size_t i = 0; i < n; i++)
        if (res[i].flags & SEPAX_HIT)
            printf("shapes %u and %u: depth %g along (%g, %g)\n", (unsigned)pairs[i].a,
                   (unsigned)pairs[i].b, -res[i].separation, res[i].normal.x, res[i].normal.y);
    free(res);
    free(pairs);
    sepax_store_destroy(store);
    return 0;
}
