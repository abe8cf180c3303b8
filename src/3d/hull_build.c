/* Hull blocks (kernels/hull3.h) from points, by Qhull (a box's block is
 * written by rule in kernels/box_block.c).
 *
 *   points -> Qhull ("qhull C-n": facets merged when their planes agree
 *   within n = HULL_MERGE_TOLERANCE times the points' bounding-box
 *   diagonal), errors written to a memory stream and returned, never
 *   printed or exited on
 *   keep the vertices that are corners of 3 facets or more (others lie on
 *   an edge or inside a face)
 *   each facet's corners in order (Qhull's), turned counter-clockwise
 *   seen from outside; a facet Qhull merged takes its loop's own plane
 *   (Newell's normal), as Qhull keeps one of the merged facets' planes
 *   each edge once, from the face that runs it i0 -> i1 to its twin;
 *   Euler's V - E + F = 2 checks the result
 *   coordinates about the vertex mean, rounded to float; a face's offset
 *   is its farthest vertex's, so every vertex lies inside or on every face
 *
 * Why n is relative and not Qhull's default ("C-0", merging only what its
 * double roundoff leaves coplanar): the caller's points are floats, and a
 * face the caller meant flat (a box's side given by its corners, turned
 * and rounded) comes with its corners about 1e-7 of its size off one
 * plane, far above double roundoff. Kept as triangles, such a face gives
 * a manifold of half its area, feature ids that flip between the
 * triangles under any motion, and twice the faces and edges to test.
 *
 * Qhull's working memory and the error stream (fmemopen) come from the C
 * library's malloc, outside the store's hooks, because Qhull's allocator
 * is fixed when Qhull is compiled; all of it is freed before this returns.
 * A refusal there is SEPAX_ERR_OUT_OF_MEMORY, except the error stream's
 * buffer: stdio then writes unbuffered and the input's own status stands.
 * The scratch space and the block come from the hooks. */
#define _POSIX_C_SOURCE 200809L /* fmemopen */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <libqhull_r/qhull_ra.h>

#include "hull_build.h"

typedef struct hull_tmp {
    uint32_t nv, nf, ne;
    double v[SEPAX3_MAX_HULL_VERTICES][3];
    double n[HULL3_MAX_FACES][3];
    uint16_t loop_start[HULL3_MAX_FACES + 1];
    uint8_t loop[2 * HULL3_MAX_EDGES];
    uint8_t e[HULL3_MAX_EDGES][4];
    uint8_t merged[HULL3_MAX_FACES]; /* Qhull merged the facet */
} hull_tmp;

static sepax_status status_of_exit(int code)
{
    switch (code) {
    case qh_ERRnone: return SEPAX_OK;
    case qh_ERRsingular: return SEPAX_ERR_DEGENERATE;
    case qh_ERRmem: return SEPAX_ERR_OUT_OF_MEMORY;
    default: return SEPAX_ERR_HULL_FAILED;
    }
}

/* Read the hull Qhull built into t: corners, faces as loops, planes. */
static sepax_status read_qhull(qhT *qh, hull_tmp *t, int *corner_of_point, int npoints)
{
    facetT *facet;
    vertexT *vertex, **vertexp;
    int *uses = corner_of_point; /* facets per input point, then its corner index */
    for (int i = 0; i < npoints; i++)
        uses[i] = 0;
    uint32_t nf = 0;
    FORALLfacets {
        nf++;
        FOREACHvertex_(facet->vertices)
            uses[qh_pointid(qh, vertex->point)]++;
    }
    if (nf > HULL3_MAX_FACES)
        return SEPAX_ERR_TOO_MANY_VERTICES;
    uint32_t nv = 0;
    for (int i = 0; i < npoints; i++) {
        if (uses[i] >= 3) {
            if (nv == SEPAX3_MAX_HULL_VERTICES)
                return SEPAX_ERR_TOO_MANY_VERTICES;
            uses[i] = (int)nv++;
        } else {
            uses[i] = -1;
        }
    }
    t->nv = nv;
    uint32_t f = 0, at = 0;
    FORALLfacets {
        setT *ordered = qh_facet3vertex(qh, facet);
        t->loop_start[f] = (uint16_t)at;
        FOREACHvertex_(ordered) {
            const int c = corner_of_point[qh_pointid(qh, vertex->point)];
            if (c < 0)
                continue;
            if (at == sizeof t->loop) {
                qh_settempfree(qh, &ordered);
                return SEPAX_ERR_HULL_FAILED;
            }
            t->loop[at++] = (uint8_t)c;
        }
        qh_settempfree(qh, &ordered);
        if (at - t->loop_start[f] < 3)
            return SEPAX_ERR_HULL_FAILED;
        /* Qhull's plane of a merged facet is one of its parts' */
        t->merged[f] = qh_setsize(qh, facet->vertices) > 3;
        for (int k = 0; k < 3; k++)
            t->n[f][k] = facet->normal[k];
        f++;
    }
    t->nf = f;
    t->loop_start[f] = (uint16_t)at;
    return SEPAX_OK;
}

/* Newell's normal of face f's loop */
static void loop_normal(const hull_tmp *t, uint32_t f, double out[3])
{
    out[0] = out[1] = out[2] = 0.0;
    const uint32_t s = t->loop_start[f], m = t->loop_start[f + 1] - s;
    for (uint32_t k = 0; k < m; k++) {
        const double *p = t->v[t->loop[s + k]], *q = t->v[t->loop[s + (k + 1) % m]];
        out[0] += (p[1] - q[1]) * (p[2] + q[2]);
        out[1] += (p[2] - q[2]) * (p[0] + q[0]);
        out[2] += (p[0] - q[0]) * (p[1] + q[1]);
    }
}

/* Turn each loop counter-clockwise seen from outside, give a merged
 * face its loop's plane, then pair every directed edge with its twin. */
static sepax_status make_edges(hull_tmp *t)
{
    for (uint32_t f = 0; f < t->nf; f++) {
        double nn[3];
        loop_normal(t, f, nn);
        if (nn[0] * t->n[f][0] + nn[1] * t->n[f][1] + nn[2] * t->n[f][2] < 0.0) {
            uint8_t *l = t->loop + t->loop_start[f];
            for (uint32_t a = 0, b = t->loop_start[f + 1] - t->loop_start[f] - 1u; a < b; a++, b--) {
                const uint8_t x = l[a];
                l[a] = l[b], l[b] = x;
            }
            nn[0] = -nn[0], nn[1] = -nn[1], nn[2] = -nn[2];
        }
        /* Newell's normal weighs every corner of the loop by the area
         * beside it: the plane the merged pieces agree on, not the one
         * piece's that Qhull kept */
        if (t->merged[f] && nn[0] * nn[0] + nn[1] * nn[1] + nn[2] * nn[2] > 0.0)
            for (int k = 0; k < 3; k++)
                t->n[f][k] = nn[k];
    }
    uint32_t ne = 0, directed = 0;
    for (uint32_t f = 0; f < t->nf; f++) {
        const uint32_t s = t->loop_start[f], m = t->loop_start[f + 1] - s;
        for (uint32_t k = 0; k < m; k++) {
            const uint8_t a = t->loop[s + k], b = t->loop[s + (k + 1) % m];
            directed++;
            if (a > b)
                continue; /* met from its twin's side */
            uint32_t twin = UINT32_MAX;
            for (uint32_t g = 0; g < t->nf && twin == UINT32_MAX; g++) {
                const uint32_t sg = t->loop_start[g], mg = t->loop_start[g + 1] - sg;
                for (uint32_t j = 0; j < mg; j++)
                    if (t->loop[sg + j] == b && t->loop[sg + (j + 1) % mg] == a) {
                        twin = g;
                        break;
                    }
            }
            if (twin == UINT32_MAX || ne == HULL3_MAX_EDGES)
                return SEPAX_ERR_HULL_FAILED;
            t->e[ne][0] = a, t->e[ne][1] = b, t->e[ne][2] = (uint8_t)f, t->e[ne][3] = (uint8_t)twin;
            ne++;
        }
    }
    t->ne = ne;
    /* a closed surface of convex faces: every directed edge has its twin
     * (E = directed / 2) and V - E + F = 2 */
    if (2u * ne != directed || t->nv + t->nf != ne + 2u)
        return SEPAX_ERR_HULL_FAILED;
    return SEPAX_OK;
}

/* Whether the hull is flat but for rounding: thinner along one of its
 * face normals than SEPAX3_FLAT_TOLERANCE times its box's diagonal.
 * Qhull takes coplanar points whose float rounding leaves a sliver of
 * volume (0.3 and 0.2 in a plane through the origin, as floats); the
 * sliver's faces are rounding, and no answer on them means much. */
static int too_thin(const hull_tmp *t)
{
    double lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY};
    for (uint32_t i = 0; i < t->nv; i++)
        for (int k = 0; k < 3; k++)
            lo[k] = fmin(lo[k], t->v[i][k]), hi[k] = fmax(hi[k], t->v[i][k]);
    const double diag = sqrt((hi[0] - lo[0]) * (hi[0] - lo[0]) + (hi[1] - lo[1]) * (hi[1] - lo[1]) +
                             (hi[2] - lo[2]) * (hi[2] - lo[2]));
    for (uint32_t f = 0; f < t->nf; f++) {
        const double *n = t->n[f];
        const double len = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
        double a = INFINITY, b = -INFINITY;
        for (uint32_t i = 0; i < t->nv; i++) {
            const double x = (n[0] * t->v[i][0] + n[1] * t->v[i][1] + n[2] * t->v[i][2]) / len;
            a = fmin(a, x), b = fmax(b, x);
        }
        if (!(b - a >= SEPAX3_FLAT_TOLERANCE * diag))
            return 1;
    }
    return 0;
}

/* Whether every edge lies in the plane of each merged face beside it to
 * within HULL_MERGE_TILT (as a sine). A merged face's corners lie up to
 * the merge tolerance off its plane, which tilts a short edge's
 * direction against the plane by that over the edge's length; the edge
 * query reads an edge pair whose arcs cross on the Gauss map (by the
 * faces' normals) as a face of the Minkowski difference, and measures
 * its separation from the edges alone, which is no bound when the
 * normals and the edge disagree: two needles that overlapped read as
 * 1e-4 apart across an edge of 5e-3 tilted by 8e-4. */
static int merged_planes_hold_edges(const hull_tmp *t)
{
    for (uint32_t e = 0; e < t->ne; e++) {
        const double *p = t->v[t->e[e][0]], *q = t->v[t->e[e][1]];
        const double d[3] = {q[0] - p[0], q[1] - p[1], q[2] - p[2]};
        const double dl = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
        for (int side = 2; side < 4; side++) {
            const uint32_t f = t->e[e][side];
            if (!t->merged[f])
                continue;
            const double *n = t->n[f];
            const double nl = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
            if (!(fabs(n[0] * d[0] + n[1] * d[1] + n[2] * d[2]) <= HULL_MERGE_TILT * nl * dl))
                return 0;
        }
    }
    return 1;
}

/* t's coordinates are absolute; write the block about their mean. */
static void write_block(const hull_tmp *t, float *b, float centre[3], float half[3])
{
    double mean[3] = {0, 0, 0};
    for (uint32_t i = 0; i < t->nv; i++)
        for (int k = 0; k < 3; k++)
            mean[k] += t->v[i][k];
    for (int k = 0; k < 3; k++) {
        mean[k] /= t->nv;
        centre[k] = (float)mean[k];
        half[k] = 0.0f;
    }
    b[0] = (float)t->nv, b[1] = (float)t->nf, b[2] = (float)t->ne, b[3] = 0.0f;
    poly3 p = poly3_of(b);
    float *vx = (float *)p.vx, *vy = (float *)p.vy, *vz = (float *)p.vz;
    for (uint32_t i = 0; i < t->nv; i++) {
        vx[i] = (float)(t->v[i][0] - mean[0]);
        vy[i] = (float)(t->v[i][1] - mean[1]);
        vz[i] = (float)(t->v[i][2] - mean[2]);
        half[0] = fmaxf(half[0], fabsf(vx[i]));
        half[1] = fmaxf(half[1], fabsf(vy[i]));
        half[2] = fmaxf(half[2], fabsf(vz[i]));
    }
    float *nx = (float *)p.nx, *ny = (float *)p.ny, *nz = (float *)p.nz, *d = (float *)p.d;
    for (uint32_t f = 0; f < t->nf; f++) {
        const double *n = t->n[f];
        const double len = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
        nx[f] = (float)(n[0] / len), ny[f] = (float)(n[1] / len), nz[f] = (float)(n[2] / len);
        /* over every vertex, not only the face's corners: a merged
         * face's corners lie within the merge tolerance of its plane,
         * and a float normal leans by its rounding, so a vertex beside
         * the face may stand above the farthest corner */
        double far = -INFINITY;
        for (uint32_t c = 0; c < t->nv; c++) {
            const double h = (double)nx[f] * vx[c] + (double)ny[f] * vy[c] + (double)nz[f] * vz[c];
            far = h > far ? h : far;
        }
        d[f] = (float)far;
        if ((double)d[f] < far)
            d[f] = nextafterf(d[f], INFINITY);
        b[3] = f == 0 || d[f] < b[3] ? d[f] : b[3];
    }
    float *i0 = (float *)p.i0, *i1 = (float *)p.i1, *fa = (float *)p.fa, *fb = (float *)p.fb;
    float *ux = (float *)p.ux, *uy = (float *)p.uy, *uz = (float *)p.uz;
    for (uint32_t e = 0; e < t->ne; e++) {
        const uint8_t a = t->e[e][0], c = t->e[e][1];
        i0[e] = a, i1[e] = c, fa[e] = t->e[e][2], fb[e] = t->e[e][3];
        const double dx = (double)vx[c] - vx[a], dy = (double)vy[c] - vy[a],
                     dz = (double)vz[c] - vz[a];
        const double len = sqrt(dx * dx + dy * dy + dz * dz);
        ux[e] = (float)(dx / len), uy[e] = (float)(dy / len), uz[e] = (float)(dz / len);
    }
    hull3_fill_padding(b);
}

/* One run of Qhull with the given options over coords (count points),
 * read into t: corners, loops, planes, edges; the flat check. */
static sepax_status run_qhull(double *coords, size_t count, char *options, hull_tmp *t,
                              int *corner)
{
    char messages[1024];
    FILE *err = fmemopen(messages, sizeof messages, "w");
    if (!err)
        return SEPAX_ERR_OUT_OF_MEMORY;
    qhT qh_storage;
    qhT *qh = &qh_storage;
    qh_zero(qh, err);
    int code = qh_new_qhull(qh, 3, (int)count, coords, False, options, NULL, err);
    sepax_status st = status_of_exit(code);
    if (st == SEPAX_OK) {
        /* Qhull calls made after qh_new_qhull returns report errors by
         * longjmp too, or else exit the process: catch them here */
        code = setjmp(qh->errexit);
        if (code == 0) {
            qh->NOerrexit = False;
            st = read_qhull(qh, t, corner, (int)count);
            if (st == SEPAX_OK) {
                for (int i = 0; i < (int)count; i++)
                    if (corner[i] >= 0)
                        for (int k = 0; k < 3; k++)
                            t->v[corner[i]][k] = coords[3 * i + k];
            }
        } else {
            st = status_of_exit(code);
        }
        qh->NOerrexit = True;
    }
    int still_long, total_long;
    qh_freeqhull(qh, !qh_ALL);
    /* qh_memfreeshort frees the size tables only once qh_memsetup has run
     * (LASTsize set): a shortage while qh_meminitbuffers allocates them
     * would leak the one it got */
    if (!qh->qhmem.LASTsize) {
        qh_free(qh->qhmem.freelists);
        qh_free(qh->qhmem.sizetable);
        qh->qhmem.freelists = NULL, qh->qhmem.sizetable = NULL;
    }
    qh_memfreeshort(qh, &still_long, &total_long);
    fclose(err);

    if (st == SEPAX_OK)
        st = make_edges(t);
    if (st == SEPAX_OK && too_thin(t))
        st = SEPAX_ERR_DEGENERATE;
    return st;
}

static void load_coords(const sepax3_vec *points, size_t count, double *coords)
{
    for (size_t i = 0; i < count; i++)
        coords[3 * i] = points[i].x, coords[3 * i + 1] = points[i].y, coords[3 * i + 2] = points[i].z;
}

sepax_status sepax3_hull_build(const sepax_allocator *alloc, const sepax3_vec *points,
                               size_t count, sepax3_hull_built *out)
{
    /* Qhull's coordinates, a corner map per point, and the hull before it
     * is rounded, in one allocation from the hooks */
    const size_t coords_bytes = 3 * count * sizeof(double);
    const size_t map_bytes = count * sizeof(int);
    unsigned char *mem = sepax_alloc(alloc, coords_bytes + map_bytes + sizeof(hull_tmp));
    if (!mem)
        return SEPAX_ERR_OUT_OF_MEMORY;
    double *coords = (double *)mem;
    hull_tmp *t = (hull_tmp *)(mem + coords_bytes);
    int *corner = (int *)(mem + coords_bytes + sizeof(hull_tmp));
    load_coords(points, count, coords);

    /* the merge tolerance, relative to the points' bounding box, as an
     * integer mantissa and a binary exponent: exact, and read the same
     * whatever the C locale's decimal point */
    double lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY};
    for (size_t i = 0; i < count; i++)
        for (int k = 0; k < 3; k++)
            lo[k] = fmin(lo[k], coords[3 * i + k]), hi[k] = fmax(hi[k], coords[3 * i + k]);
    const double diag = sqrt((hi[0] - lo[0]) * (hi[0] - lo[0]) + (hi[1] - lo[1]) * (hi[1] - lo[1]) +
                             (hi[2] - lo[2]) * (hi[2] - lo[2]));
    char options[64] = "qhull";
    if (diag > 0.0) {
        int e;
        const double m = frexp(HULL_MERGE_TOLERANCE * diag, &e);
        snprintf(options, sizeof options, "qhull C-0x%llxp%d", (unsigned long long)ldexp(m, 53),
                 e - 53);
    }

    sepax_status st = run_qhull(coords, count, options, t, corner);
    /* Merging is kept only where every merged face's plane holds its
     * edges: else Qhull's default merging, as before. Any other failure
     * of the merging run also gets the default one, so that merging never
     * refuses a hull the default accepts. */
    const int again = diag > 0.0 && (st == SEPAX_OK ? !merged_planes_hold_edges(t)
                                                   : st != SEPAX_ERR_OUT_OF_MEMORY);
    if (again) {
        load_coords(points, count, coords); /* Qhull's run may have moved them */
        char plain[] = "qhull";
        st = run_qhull(coords, count, plain, t, corner);
    }
    if (st == SEPAX_OK) {
        out->floats = hull3_block_floats(t->nv, t->nf, t->ne);
        out->block = sepax_alloc(alloc, out->floats * sizeof(float));
        if (!out->block)
            st = SEPAX_ERR_OUT_OF_MEMORY;
        else
            write_block(t, out->block, out->centre, out->half);
    }
    sepax_free(alloc, mem);
    return st;
}
