/* The seeded 3D scene generator (boxes3, stack3, spheres_boxes3, hulls3,
 * mixed3) and the
 * loader that puts a 3D scene into a store. Same seed, same scene, on
 * every machine that rounds like IEEE 754. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scene3.h"

#define PI 3.14159265358979323846

sepax_scene3_params sepax_scene3_params_boxes(void)
{
    sepax_scene3_params p;
    memset(&p, 0, sizeof p);
    p.shapes = 20000;
    p.seed = 1;
    p.min_half = 0.5f;
    p.max_half = 1.5f;
    p.max_aspect = 4.0f;
    /* each pair has two ends: about 2.5 broadphase pairs per box */
    p.neighbours = 5.0;
    return p;
}

sepax_scene3_params sepax_scene3_params_stack(void)
{
    sepax_scene3_params p = sepax_scene3_params_boxes();
    p.stack = 1;
    p.tilt = 0.05f;
    return p;
}

sepax_scene3_params sepax_scene3_params_spheres_boxes(void)
{
    sepax_scene3_params p = sepax_scene3_params_boxes();
    p.sphere_share = 0.5;
    return p;
}

sepax_scene3_params sepax_scene3_params_hulls(void)
{
    sepax_scene3_params p = sepax_scene3_params_boxes();
    p.hull_share = 1.0;
    p.hull_min_points = 8;
    p.hull_max_points = 32;
    return p;
}

sepax_scene3_params sepax_scene3_params_mixed(void)
{
    sepax_scene3_params p = sepax_scene3_params_hulls();
    p.sphere_share = p.hull_share = p.capsule_share = 0.25;
    return p;
}

void sepax_scene3_free(sepax_scene3 *scene)
{
    if (!scene)
        return;
    free(scene->shapes);
    free(scene->points);
    free(scene->pairs);
    free(scene->pair_lines);
    memset(scene, 0, sizeof *scene);
}

/* A rotation uniform over all rotations (Shoemake's method). */
static sepax3_quat random_rotation(uint64_t *rng)
{
    const double u1 = sepax_scene_rng_unit(rng), u2 = 2.0 * PI * sepax_scene_rng_unit(rng),
                 u3 = 2.0 * PI * sepax_scene_rng_unit(rng);
    const double a = sqrt(1.0 - u1), b = sqrt(u1);
    const sepax3_quat q = {(float)(b * cos(u3)), (float)(a * sin(u2)), (float)(a * cos(u2)),
                          (float)(b * sin(u3))};
    return q;
}

/* Half widths of the world box around a shape turned by its transform:
 * a box's (a hull's: the box about its ellipsoid; a capsule's: its
 * segment's, grown by the radius; a sphere's: its radius). */
static void aabb_half(const sepax_scene3_shape *sh, double w[3])
{
    if (sh->kind == SEPAX_SCENE3_SPHERE) {
        w[0] = w[1] = w[2] = sh->radius;
        return;
    }
    const double qw = sh->xf.q.w, x = sh->xf.q.x, y = sh->xf.q.y, z = sh->xf.q.z;
    const double m[3][3] = {
        {1 - 2 * (y * y + z * z), 2 * (x * y + qw * z), 2 * (x * z - qw * y)},
        {2 * (x * y - qw * z), 1 - 2 * (x * x + z * z), 2 * (y * z + qw * x)},
        {2 * (x * z + qw * y), 2 * (y * z - qw * x), 1 - 2 * (x * x + y * y)},
    };
    double e[3] = {sh->half.x, sh->half.y, sh->half.z}, r = 0;
    if (sh->kind == SEPAX_SCENE3_CAPSULE)
        e[0] = sh->p2.x, e[1] = e[2] = 0, r = sh->radius;
    for (int c = 0; c < 3; c++)
        w[c] = fabs(m[0][c]) * e[0] + fabs(m[1][c]) * e[1] + fabs(m[2][c]) * e[2] + r;
}

/* n points on the ellipsoid of semi-axes e, about the origin */
static void ellipsoid_points(uint64_t *rng, const double e[3], size_t n, sepax3_vec *out)
{
    for (size_t i = 0; i < n; i++) {
        double v[3], len;
        do {
            for (int k = 0; k < 3; k++)
                v[k] = 2.0 * sepax_scene_rng_unit(rng) - 1.0;
            len = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
        } while (len < 0.1 || len > 1.0);
        out[i] = (sepax3_vec){(float)(e[0] * v[0] / len), (float)(e[1] * v[1] / len),
                              (float)(e[2] * v[2] / len)};
    }
}

/* Random placement in a cube sized so that each world box overlaps about
 * p->neighbours others. Two boxes overlap when their centres are closer
 * than the sum of half widths on every axis: for independent shapes the
 * chance is E[(wx1+wx2)(wy1+wy2)(wz1+wz2)] / 8 * 8 / L^3 (full widths w:
 * half widths summed, times two for both signs, on each axis), and that
 * mean expands to 2 E[xyz] + 2 (E[xy] E[z] + E[xz] E[y] + E[yz] E[x]). */
static void random_scene(const sepax_scene3_params *p, uint64_t *rng, sepax_scene3 *scene)
{
    const size_t n = scene->shape_count;
    double mx = 0, my = 0, mz = 0, mxy = 0, mxz = 0, myz = 0, mxyz = 0;
    for (size_t i = 0; i < n; i++) {
        sepax_scene3_shape *sh = &scene->shapes[i];
        const double big = p->min_half + (p->max_half - p->min_half) * sepax_scene_rng_unit(rng);
        const double pick = sepax_scene_rng_unit(rng);
        if (pick < p->sphere_share) {
            sh->kind = SEPAX_SCENE3_SPHERE;
            sh->radius = (float)big;
            sh->rotation = (sepax3_quat){1, 0, 0, 0};
        } else if (pick < p->sphere_share + p->hull_share + p->capsule_share) {
            const double span = p->max_aspect > 1.0f ? p->max_aspect - 1.0 : 0.0;
            const double e[3] = {big, big / (1.0 + span * sepax_scene_rng_unit(rng)),
                                 big / (1.0 + span * sepax_scene_rng_unit(rng))};
            sh->rotation = (sepax3_quat){1, 0, 0, 0};
            sh->xf.q = random_rotation(rng);
            if (pick < p->sphere_share + p->hull_share) {
                const unsigned lo = p->hull_min_points, hi = p->hull_max_points;
                const size_t m = lo + (size_t)((hi - lo + 1) * sepax_scene_rng_unit(rng));
                sh->kind = SEPAX_SCENE3_HULL;
                sh->half = (sepax3_vec){(float)e[0], (float)e[1], (float)e[2]};
                sh->first_point = scene->point_count;
                sh->point_count = m;
                ellipsoid_points(rng, e, m, scene->points + scene->point_count);
                scene->point_count += m;
            } else {
                sh->kind = SEPAX_SCENE3_CAPSULE;
                sh->p1 = (sepax3_vec){(float)-e[0], 0, 0};
                sh->p2 = (sepax3_vec){(float)e[0], 0, 0};
                sh->radius = (float)(e[1] > e[2] ? e[1] : e[2]);
            }
        } else {
            const double span = p->max_aspect > 1.0f ? p->max_aspect - 1.0 : 0.0;
            sh->kind = SEPAX_SCENE3_BOX;
            sh->half.x = (float)big;
            sh->half.y = (float)(big / (1.0 + span * sepax_scene_rng_unit(rng)));
            sh->half.z = (float)(big / (1.0 + span * sepax_scene_rng_unit(rng)));
            sh->rotation = (sepax3_quat){1, 0, 0, 0};
            sh->xf.q = random_rotation(rng);
        }
        if (sh->kind == SEPAX_SCENE3_SPHERE)
            sh->xf.q = (sepax3_quat){1, 0, 0, 0};
        double w[3];
        aabb_half(sh, w);
        const double x = 2 * w[0], y = 2 * w[1], z = 2 * w[2];
        mx += x, my += y, mz += z, mxy += x * y, mxz += x * z, myz += y * z, mxyz += x * y * z;
        /* positions in the unit cube for now; scaled once the side is known */
        sh->xf.p.x = (float)sepax_scene_rng_unit(rng);
        sh->xf.p.y = (float)sepax_scene_rng_unit(rng);
        sh->xf.p.z = (float)sepax_scene_rng_unit(rng);
    }
    double side = 1.0;
    if (n > 1) {
        mx /= n, my /= n, mz /= n, mxy /= n, mxz /= n, myz /= n, mxyz /= n;
        const double pair = 2 * mxyz + 2 * (mxy * mz + mxz * my + myz * mx);
        side = cbrt((double)(n - 1) * pair / p->neighbours);
    }
    for (size_t i = 0; i < n; i++) {
        sepax_scene3_shape *sh = &scene->shapes[i];
        sh->xf.p.x = (float)(sh->xf.p.x * side);
        sh->xf.p.y = (float)(sh->xf.p.y * side);
        sh->xf.p.z = (float)(sh->xf.p.z * side);
    }
    scene->extent = (float)side;
}

/* A resting grid: unit cubes on integer centres, layers touching face on
 * face and neighbouring columns side on side, so contacts are exact in
 * floats. Every other column's boxes are turned about the vertical axis
 * by up to p->tilt: their top and bottom faces stay exactly horizontal
 * (face contacts stay exact) while their edges come within that angle of
 * their neighbours' (near-parallel edge axes). */
static void stack_scene(const sepax_scene3_params *p, uint64_t *rng, sepax_scene3 *scene)
{
    const size_t n = scene->shape_count, layers = 12;
    size_t cols = (size_t)ceil(sqrt((double)n / (double)layers));
    if (cols == 0)
        cols = 1;
    for (size_t i = 0; i < n; i++) {
        sepax_scene3_shape *sh = &scene->shapes[i];
        const size_t layer = i % layers, col = i / layers;
        const size_t cx = col % cols, cy = col / cols;
        sh->kind = SEPAX_SCENE3_BOX;
        sh->half = (sepax3_vec){0.5f, 0.5f, 0.5f};
        sh->rotation = (sepax3_quat){1, 0, 0, 0};
        sh->xf.p = (sepax3_vec){(float)cx, (float)cy, (float)layer};
        sh->xf.q = (sepax3_quat){1, 0, 0, 0};
        if ((cx + cy) % 2 == 1) {
            const double a = 0.5 * p->tilt * (2.0 * sepax_scene_rng_unit(rng) - 1.0);
            sh->xf.q = (sepax3_quat){(float)cos(a), 0.0f, 0.0f, (float)sin(a)};
        }
    }
    scene->extent = (float)cols;
}

int sepax_scene3_generate(const sepax_scene3_params *p, sepax_scene3 *scene)
{
    memset(scene, 0, sizeof *scene);
    const size_t n = p->shapes;
    scene->shapes = calloc(n ? n : 1, sizeof *scene->shapes);
    if (p->hull_share > 0.0)
        scene->points = malloc((n ? n : 1) * (p->hull_max_points + 1u) * sizeof *scene->points);
    if (!scene->shapes || (p->hull_share > 0.0 && !scene->points)) {
        sepax_scene3_free(scene);
        return -1;
    }
    scene->shape_count = n;
    uint64_t rng = p->seed;
    if (p->stack)
        stack_scene(p, &rng, scene);
    else
        random_scene(p, &rng, scene);
    return 0;
}

size_t sepax_scene3_load(const sepax_scene3 *scene, sepax3_store *store, sepax_shape_id *ids,
                         sepax_status *status)
{
    size_t failed = 0;
    for (size_t i = 0; i < scene->shape_count; i++) {
        const sepax_scene3_shape *sh = &scene->shapes[i];
        sepax_shape_id id = 0;
        sepax_status st;
        switch (sh->kind) {
        case SEPAX_SCENE3_SPHERE: st = sepax3_add_sphere(store, sh->centre, sh->radius, &id); break;
        case SEPAX_SCENE3_HULL:
            st = sepax3_add_hull(store, scene->points + sh->first_point, sh->point_count, &id);
            break;
        case SEPAX_SCENE3_CAPSULE:
            st = sepax3_add_capsule(store, sh->p1, sh->p2, sh->radius, &id);
            break;
        default: st = sepax3_add_box(store, sh->centre, sh->half, sh->rotation, &id); break;
        }
        if (st == SEPAX_OK)
            st = sepax3_set_transforms(store, &id, &sh->xf, 1);
        if (ids)
            ids[i] = st == SEPAX_OK ? id : UINT32_MAX;
        if (status)
            status[i] = st;
        failed += st != SEPAX_OK;
    }
    return failed;
}
