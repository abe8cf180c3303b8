/* The seeded scene generator shared by tests, benchmarks and the CLI. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scene3.h"
#include "sepax/sepax.h"

static void generate(const sepax_scene_params *p, sepax_scene *s)
{
    cr_assert_eq(sepax_scene_generate(p, s), 0, "generation failed");
    cr_assert_eq(s->shape_count, p->shapes);
}

static int same_shape(const sepax_scene_shape *a, const sepax_scene_shape *b)
{
    return a->kind == b->kind && a->first == b->first && a->count == b->count &&
           memcmp(&a->centre, &b->centre, sizeof a->centre) == 0 &&
           memcmp(&a->half, &b->half, sizeof a->half) == 0 &&
           memcmp(&a->angle, &b->angle, sizeof a->angle) == 0 &&
           memcmp(&a->xf, &b->xf, sizeof a->xf) == 0;
}

/* Load into a fresh store and return 2 * broadphase pairs / shapes. */
static double mean_neighbours(const sepax_scene *sc, sepax_store **keep)
{
    sepax_store *s;
    cr_assert_eq(sepax_store_create(NULL, &s), SEPAX_OK);
    size_t failed = sepax_scene_load(sc, s, NULL, NULL);
    cr_assert_eq(failed, 0u, "%zu generated shapes were rejected", failed);
    cr_assert_eq(sepax_store_count(s), sc->shape_count);
    size_t pairs = 0;
    sepax_status st = sepax_broadphase(s, NULL, 0, &pairs);
    cr_assert(st == SEPAX_OK || st == SEPAX_ERR_CAPACITY);
    if (keep)
        *keep = s;
    else
        sepax_store_destroy(s);
    return sc->shape_count ? 2.0 * (double)pairs / (double)sc->shape_count : 0;
}

Test(scene, default_parameters)
{
    sepax_scene_params p = sepax_scene_params_default();
    cr_assert_eq(p.shapes, 20000u);
    cr_assert_eq(p.min_vertices, 3u);
    cr_assert_eq(p.max_vertices, 8u);
    cr_assert_float_eq(p.min_radius, 0.5f, 1e-6f);
    cr_assert_float_eq(p.max_radius, 1.5f, 1e-6f);
    cr_assert_float_eq(p.neighbours, 4.5, 1e-9);
}

Test(scene, same_seed_same_scene)
{
    sepax_scene_params p = sepax_scene_params_default();
    p.shapes = 5000;
    p.box_share = 0.3;
    sepax_scene a, b;
    generate(&p, &a);
    generate(&p, &b);
    cr_assert_eq(a.vertex_count, b.vertex_count);
    cr_assert(memcmp(a.vertices, b.vertices, a.vertex_count * sizeof *a.vertices) == 0);
    for (size_t i = 0; i < a.shape_count; i++)
        cr_assert(same_shape(&a.shapes[i], &b.shapes[i]), "shape %zu differs", i);
    cr_assert(a.extent == b.extent);
    sepax_scene_free(&a);
    sepax_scene_free(&b);
}

Test(scene, different_seeds_differ)
{
    sepax_scene_params p = sepax_scene_params_default();
    p.shapes = 2000;
    sepax_scene a, b;
    generate(&p, &a);
    p.seed += 1;
    generate(&p, &b);
    size_t same = 0;
    for (size_t i = 0; i < a.shape_count; i++)
        same += same_shape(&a.shapes[i], &b.shapes[i]);
    cr_assert(same < a.shape_count / 100, "%zu of %zu shapes identical across seeds", same,
              a.shape_count);
    size_t n = a.vertex_count < b.vertex_count ? a.vertex_count : b.vertex_count;
    cr_assert(memcmp(a.vertices, b.vertices, n * sizeof *a.vertices) != 0);
    sepax_scene_free(&a);
    sepax_scene_free(&b);
}

static void check_ranges(const sepax_scene_params *p, const sepax_scene *sc)
{
    double aspect = p->aspect > 0 ? p->aspect : 1;
    double stretch = sqrt(aspect > 1 ? aspect : 1 / aspect);
    /* Float rounding of the vertices. */
    double lo_r = p->min_radius / stretch * (1 - 1e-6), hi_r = p->max_radius * stretch * (1 + 1e-6);
    for (size_t i = 0; i < sc->shape_count; i++) {
        const sepax_scene_shape *sh = &sc->shapes[i];
        double len2 = (double)sh->xf.q.c * sh->xf.q.c + (double)sh->xf.q.s * sh->xf.q.s;
        cr_assert(fabs(len2 - 1) <= SEPAX_ROTATION_TOLERANCE, "shape %zu: rotation not unit", i);
        cr_assert(sh->xf.p.x >= 0 && sh->xf.p.x <= sc->extent && sh->xf.p.y >= 0 &&
                      sh->xf.p.y <= sc->extent,
                  "shape %zu at (%g, %g) outside the square of side %g", i, sh->xf.p.x,
                  sh->xf.p.y, sc->extent);
        if (sh->kind == SEPAX_SCENE_BOX) {
            cr_assert(sh->half.x > 0 && sh->half.y > 0, "box %zu has a flat side", i);
            cr_assert(fmax(sh->half.x, sh->half.y) <= hi_r, "box %zu too big", i);
            continue;
        }
        cr_assert_eq(sh->kind, SEPAX_SCENE_POLYGON);
        cr_assert(sh->count >= p->min_vertices && sh->count <= p->max_vertices,
                  "polygon %zu has %u vertices, outside %u..%u", i, sh->count, p->min_vertices,
                  p->max_vertices);
        cr_assert((size_t)sh->first + sh->count <= sc->vertex_count);
        for (uint32_t k = 0; k < sh->count; k++) {
            const sepax_vec2 v = sc->vertices[sh->first + k];
            double r = hypot(v.x, v.y);
            cr_assert(r >= lo_r && r <= hi_r, "polygon %zu vertex %u at radius %g outside %g..%g",
                      i, k, r, lo_r, hi_r);
        }
    }
}

Test(scene, counts_and_ranges_respected)
{
    sepax_scene_params p = sepax_scene_params_default();
    sepax_scene sc;
    generate(&p, &sc);
    check_ranges(&p, &sc);
    /* Default counts are uniform over 3..8: each one shows up. */
    size_t per[9] = {0};
    for (size_t i = 0; i < sc.shape_count; i++)
        if (sc.shapes[i].kind == SEPAX_SCENE_POLYGON)
            per[sc.shapes[i].count]++;
    for (int n = 3; n <= 8; n++)
        cr_assert(per[n] > sc.shape_count / 12, "only %zu polygons with %d vertices", per[n], n);

    /* In the store every polygon keeps its vertex count. */
    sepax_store *s = NULL;
    mean_neighbours(&sc, &s);
    for (size_t i = 0; i < sc.shape_count; i++) {
        uint32_t n = 0;
        cr_assert_eq(sepax_shape_vertices(s, (sepax_shape_id)i, 0, NULL, 0, &n), SEPAX_OK);
        uint32_t want = sc.shapes[i].kind == SEPAX_SCENE_BOX ? 4u : sc.shapes[i].count;
        cr_assert_eq(n, want, "shape %zu stored with %u vertices, generated with %u", i, n, want);
        sepax_transform t;
        cr_assert_eq(sepax_shape_transform(s, (sepax_shape_id)i, &t), SEPAX_OK);
        cr_assert(memcmp(&t, &sc.shapes[i].xf, sizeof t) == 0, "shape %zu not placed", i);
    }
    sepax_store_destroy(s);
    sepax_scene_free(&sc);
}

Test(scene, other_settings_respected)
{
    sepax_scene_params p = sepax_scene_params_default();
    p.shapes = 3000;
    sepax_scene sc;

    p.box_share = 1;
    generate(&p, &sc);
    for (size_t i = 0; i < sc.shape_count; i++)
        cr_assert_eq(sc.shapes[i].kind, SEPAX_SCENE_BOX, "shape %zu is not a box", i);
    check_ranges(&p, &sc);
    sepax_scene_free(&sc);

    p.box_share = 0;
    p.min_vertices = p.max_vertices = 6;
    generate(&p, &sc);
    for (size_t i = 0; i < sc.shape_count; i++)
        cr_assert(sc.shapes[i].kind == SEPAX_SCENE_POLYGON && sc.shapes[i].count == 6);
    sepax_scene_free(&sc);

    p.min_vertices = 3;
    p.max_vertices = 64;
    p.max_vertices_share = 1;
    p.aspect = 3;
    generate(&p, &sc);
    for (size_t i = 0; i < sc.shape_count; i++)
        cr_assert(sc.shapes[i].kind == SEPAX_SCENE_POLYGON && sc.shapes[i].count == 64);
    check_ranges(&p, &sc);
    cr_assert_eq(mean_neighbours(&sc, NULL) > 0, 1);
    sepax_scene_free(&sc);

    p = sepax_scene_params_default();
    p.shapes = 1000;
    p.box_share = 0.5;
    generate(&p, &sc);
    size_t boxes = 0;
    for (size_t i = 0; i < sc.shape_count; i++)
        boxes += sc.shapes[i].kind == SEPAX_SCENE_BOX;
    cr_assert(boxes > 400 && boxes < 600, "%zu boxes of 1000 at share 0.5", boxes);
    check_ranges(&p, &sc);
    sepax_scene_free(&sc);
}

Test(scene, default_scene_has_the_promised_density, .timeout = 120)
{
    sepax_scene_params p = sepax_scene_params_default();
    for (uint64_t seed = 1; seed <= 2; seed++) {
        p.seed = seed;
        sepax_scene sc;
        generate(&p, &sc);
        double mean = mean_neighbours(&sc, NULL);
        fprintf(stderr, "scene seed %llu: %.3f AABB neighbours per shape\n",
                (unsigned long long)seed, mean);
        cr_assert(fabs(mean - 4.5) <= 0.5, "seed %llu: mean AABB neighbours %.3f, wanted 4.5 +- 0.5",
                  (unsigned long long)seed, mean);
        sepax_scene_free(&sc);
    }
    /* Density follows the setting. */
    p.seed = 1;
    p.neighbours = 10;
    sepax_scene sc;
    generate(&p, &sc);
    double mean = mean_neighbours(&sc, NULL);
    cr_assert(fabs(mean - 10) <= 1.0, "asked for 10 neighbours, got %.3f", mean);
    sepax_scene_free(&sc);
}

Test(scene, free_zeroes)
{
    sepax_scene_params p = sepax_scene_params_default();
    p.shapes = 10;
    sepax_scene sc;
    generate(&p, &sc);
    sepax_scene_free(&sc);
    cr_assert(sc.shapes == NULL && sc.vertices == NULL && sc.shape_count == 0 &&
              sc.vertex_count == 0);
    sepax_scene_free(&sc);
    sepax_scene_free(NULL);
}

/* ---- 3D scenes -------------------------------------------------------- */

Test(scene3, presets_are_deterministic_and_as_promised)
{
    const sepax_scene3_params presets[3] = {sepax_scene3_params_boxes(),
                                            sepax_scene3_params_stack(),
                                            sepax_scene3_params_spheres_boxes()};
    for (int k = 0; k < 3; k++) {
        sepax_scene3_params p = presets[k];
        p.shapes = 3000;
        sepax_scene3 a, b;
        cr_assert_eq(sepax_scene3_generate(&p, &a), 0);
        cr_assert_eq(sepax_scene3_generate(&p, &b), 0);
        cr_assert_eq(a.shape_count, 3000);
        cr_expect_eq(memcmp(a.shapes, b.shapes, a.shape_count * sizeof *a.shapes), 0,
                     "preset %d: same seed, different scene", k);
        size_t spheres = 0;
        for (size_t i = 0; i < a.shape_count; i++) {
            const sepax_scene3_shape *s = &a.shapes[i];
            spheres += s->kind == SEPAX_SCENE3_SPHERE;
            if (s->kind == SEPAX_SCENE3_BOX) {
                const float big = fmaxf(s->half.x, fmaxf(s->half.y, s->half.z));
                const float small = fminf(s->half.x, fminf(s->half.y, s->half.z));
                cr_expect(small > 0.0f && big / small <= p.max_aspect * 1.0001f,
                          "box %zu: half extents (%g, %g, %g)", i, s->half.x, s->half.y,
                          s->half.z);
            }
        }
        if (k == 2)
            cr_expect(spheres > 1200 && spheres < 1800, "%zu spheres of 3000", spheres);
        else
            cr_expect_eq(spheres, 0);
        sepax3_store *st;
        cr_assert_eq(sepax3_store_create(NULL, &st), SEPAX_OK);
        cr_expect_eq(sepax_scene3_load(&a, st, NULL, NULL), 0, "preset %d: shapes refused", k);
        size_t pairs = 0;
        sepax3_broadphase(st, NULL, 0, &pairs);
        const double per = (double)pairs / 3000.0;
        /* random scenes: about 2.5 pairs per shape; the resting grid: a
         * box touches its 26 neighbours' boxes, 13 pairs each */
        if (k == 1)
            cr_expect(per > 10.0 && per < 13.5, "stack3: %.2f pairs per shape", per);
        else
            cr_expect(per > 1.8 && per < 3.2, "preset %d: %.2f pairs per shape", k, per);
        sepax3_store_destroy(st);
        sepax_scene3_free(&a);
        sepax_scene3_free(&b);
        cr_expect_null(a.shapes);
    }
}

static int parse_text(const char *text, sepax_scene *s2, sepax_scene3 *s3, int *dim,
                      size_t *problems)
{
    FILE *f = tmpfile();
    cr_assert_not_null(f);
    fputs(text, f);
    rewind(f);
    FILE *err = fopen("/dev/null", "w");
    const int r = sepax_scene_parse_any(f, "t", err, s2, s3, dim, problems);
    fclose(f);
    if (err)
        fclose(err);
    return r;
}

Test(scene3, parse_any_takes_the_dimension_of_the_first_shape)
{
    sepax_scene s2;
    sepax_scene3 s3;
    int dim = 0;
    size_t problems = 9;
    cr_assert_eq(parse_text("# 3D\nbogus 1\nbox3 1 2 3 0.5 0.5 0.5 1 0 0 0\nsphere 4 5 6 7\n"
                            "circle 0 0 1\npair 1 2\n",
                            &s2, &s3, &dim, &problems),
                 0);
    cr_expect_eq(dim, 3);
    /* the unknown word before the first shape keeps number 0, the circle 3 */
    cr_assert_eq(s3.shape_count, 4);
    cr_expect_eq(problems, 2);
    cr_expect_eq(s3.shapes[1].kind, SEPAX_SCENE3_BOX);
    cr_expect(s3.shapes[1].centre.z == 3.0f && s3.shapes[1].half.x == 0.5f &&
              s3.shapes[1].rotation.w == 1.0f);
    cr_expect_eq(s3.shapes[2].kind, SEPAX_SCENE3_SPHERE);
    cr_expect(s3.shapes[2].radius == 7.0f && s3.shapes[2].line == 4);
    cr_expect_eq(s3.pair_count, 1);
    cr_expect(s3.pairs[0].a == 1 && s3.pairs[0].b == 2 && s3.pair_lines[0] == 6);
    cr_expect_eq(s2.shape_count, 0);
    sepax_scene3_free(&s3);
    sepax_scene_free(&s2);

    cr_assert_eq(parse_text("circle 0 0 1\nsphere 0 0 0 1\n", &s2, &s3, &dim, &problems), 0);
    cr_expect_eq(dim, 2);
    cr_expect_eq(s2.shape_count, 2, "the 3D line keeps its number in a 2D file");
    cr_expect_eq(problems, 1);
    cr_expect_eq(s3.shape_count, 0);
    sepax_scene_free(&s2);
    sepax_scene3_free(&s3);

    /* the 2D-only reader does not know the 3D words */
    FILE *f = tmpfile();
    fputs("box3 0 0 0 1 1 1 1 0 0 0\n", f);
    rewind(f);
    FILE *err = fopen("/dev/null", "w");
    cr_assert_eq(sepax_scene_parse(f, "t", err, &s2, &problems), 0);
    cr_expect_eq(problems, 1);
    fclose(f);
    if (err)
        fclose(err);
    sepax_scene_free(&s2);
}

/* hull and capsule3 lines: their numbers, their points kept in order,
 * and bad counts reported by line, each keeping its shape number */
Test(scene3, hull_and_capsule_lines)
{
    sepax_scene s2;
    sepax_scene3 s3;
    int dim = 0;
    size_t problems = 9;
    cr_assert_eq(parse_text("hull 0 0 0 1 0 0 0 1 0 0 0 1\n"
                            "capsule3 1 2 3 4 5 6 0.5\n"
                            "hull 0 0 0 1 0 0 0 1 0\n"
                            "hull 0 0 0 1 0 0 0 1 0 0 0\n"
                            "capsule3 1 2 3 4 5 6\n"
                            "hull 5 5 5 6 5 5 5 6 5 5 5 6 5.5 5.5 5.5\n",
                            &s2, &s3, &dim, &problems),
                 0);
    cr_expect_eq(dim, 3);
    cr_assert_eq(s3.shape_count, 6);
    cr_expect_eq(problems, 3);
    cr_expect_eq(s3.shapes[0].kind, SEPAX_SCENE3_HULL);
    cr_expect_eq(s3.shapes[0].point_count, 4);
    cr_expect(s3.points[s3.shapes[0].first_point + 3].z == 1.0f);
    cr_expect_eq(s3.shapes[1].kind, SEPAX_SCENE3_CAPSULE);
    cr_expect(s3.shapes[1].p1.x == 1.0f && s3.shapes[1].p2.z == 6.0f && s3.shapes[1].radius == 0.5f);
    cr_expect_eq(s3.shapes[5].kind, SEPAX_SCENE3_HULL);
    cr_expect_eq(s3.shapes[5].point_count, 5);
    cr_expect(s3.points[s3.shapes[5].first_point].x == 5.0f && s3.shapes[5].line == 6);
    /* the good ones load; the placeholders are refused */
    sepax3_store *st;
    cr_assert_eq(sepax3_store_create(NULL, &st), SEPAX_OK);
    sepax_status status[6];
    cr_expect_eq(sepax_scene3_load(&s3, st, NULL, status), 3);
    cr_expect(status[0] == SEPAX_OK && status[1] == SEPAX_OK && status[5] == SEPAX_OK);
    sepax3_store_destroy(st);
    sepax_scene3_free(&s3);
    sepax_scene_free(&s2);
}

/* the generated hull scenes: hulls of 8 to 32 points, and mixed3's four
 * kinds in about equal shares, all accepted by the store */
Test(scene3, hulls_and_mixed_generate_and_load)
{
    sepax_scene3_params p = sepax_scene3_params_mixed();
    p.shapes = 2000;
    sepax_scene3 s;
    cr_assert_eq(sepax_scene3_generate(&p, &s), 0);
    size_t kinds[4] = {0};
    for (size_t i = 0; i < s.shape_count; i++) {
        kinds[s.shapes[i].kind]++;
        if (s.shapes[i].kind == SEPAX_SCENE3_HULL)
            cr_expect(s.shapes[i].point_count >= 8 && s.shapes[i].point_count <= 32);
    }
    for (int k = 0; k < 4; k++)
        cr_expect(kinds[k] > 400 && kinds[k] < 600, "kind %d: %zu of 2000", k, kinds[k]);
    sepax3_store *st;
    cr_assert_eq(sepax3_store_create(NULL, &st), SEPAX_OK);
    cr_expect_eq(sepax_scene3_load(&s, st, NULL, NULL), 0);
    sepax3_store_destroy(st);
    sepax_scene3_free(&s);
}
