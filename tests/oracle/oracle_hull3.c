/* The hull and capsule oracle (oracle_hull3.h): brute force in double. */
#include "oracle/oracle_hull3.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static double dot(const double a[3], const double b[3])
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

static void cross(const double a[3], const double b[3], double o[3])
{
    o[0] = a[1] * b[2] - a[2] * b[1];
    o[1] = a[2] * b[0] - a[0] * b[2];
    o[2] = a[0] * b[1] - a[1] * b[0];
}

static void sub(const double a[3], const double b[3], double o[3])
{
    for (int k = 0; k < 3; k++)
        o[k] = a[k] - b[k];
}

/* rotation matrix (columns) of a quaternion, normalised in double */
static void matrix(double w, double x, double y, double z, double m[3][3])
{
    const double n = sqrt(w * w + x * x + y * y + z * z);
    w /= n, x /= n, y /= n, z /= n;
    m[0][0] = 1 - 2 * (y * y + z * z), m[0][1] = 2 * (x * y + w * z), m[0][2] = 2 * (x * z - w * y);
    m[1][0] = 2 * (x * y - w * z), m[1][1] = 1 - 2 * (x * x + z * z), m[1][2] = 2 * (y * z + w * x);
    m[2][0] = 2 * (x * z + w * y), m[2][1] = 2 * (y * z - w * x), m[2][2] = 1 - 2 * (x * x + y * y);
}

/* p + M x (M by columns) */
static void apply(const double m[3][3], const double p[3], const double x[3], double o[3])
{
    for (int c = 0; c < 3; c++)
        o[c] = p[c] + m[0][c] * x[0] + m[1][c] * x[1] + m[2][c] * x[2];
}

static double extent(const oh3_shape *s)
{
    double m = 0;
    if (s->round) {
        for (int k = 0; k < 3; k++)
            m = fmax(m, fmax(fabs(s->p0[k]), fabs(s->p1[k])));
        return m + s->r;
    }
    for (int i = 0; i < s->nv; i++)
        for (int k = 0; k < 3; k++)
            m = fmax(m, fabs(s->v[i][k]));
    return m;
}

/* faces by brute force, their vertex loops, and the edges */
static void find_faces(oh3_shape *s)
{
    double lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY};
    for (int i = 0; i < s->nv; i++)
        for (int k = 0; k < 3; k++)
            lo[k] = fmin(lo[k], s->v[i][k]), hi[k] = fmax(hi[k], s->v[i][k]);
    double size = 0;
    for (int k = 0; k < 3; k++)
        size = fmax(size, hi[k] - lo[k]);
    /* float-rounded vertices of merged faces are coplanar to about 1e-7 */
    const double tol = 1e-6 * size + 1e-7 * extent(s);
    uint64_t face_on[OH3_MAX_F];
    s->nf = 0;
    for (int i = 0; i < s->nv; i++)
        for (int j = i + 1; j < s->nv; j++)
            for (int k = j + 1; k < s->nv; k++) {
                double a[3], b[3], n[3];
                sub(s->v[j], s->v[i], a);
                sub(s->v[k], s->v[i], b);
                cross(a, b, n);
                const double len = sqrt(dot(n, n));
                if (len < 1e-9 * size * size)
                    continue;
                for (int c = 0; c < 3; c++)
                    n[c] /= len;
                const double d = dot(n, s->v[i]);
                double mx = -INFINITY, mn = INFINITY;
                for (int m = 0; m < s->nv; m++) {
                    const double x = dot(n, s->v[m]) - d;
                    mx = fmax(mx, x), mn = fmin(mn, x);
                }
                double sign;
                if (mx <= tol)
                    sign = 1;
                else if (mn >= -tol)
                    sign = -1;
                else
                    continue;
                for (int c = 0; c < 3; c++)
                    n[c] *= sign;
                /* one face per set of vertices on its plane: faces whose
                 * normals differ by less than any angle (the shallow
                 * pyramid over a face with one vertex 1e-5 off it) are
                 * still different faces */
                uint64_t on = 0;
                for (int m = 0; m < s->nv; m++)
                    if (fabs(dot(n, s->v[m]) - sign * d) <= tol)
                        on |= (uint64_t)1 << m;
                int dup = 0;
                for (int f = 0; f < s->nf && !dup; f++)
                    dup = on == face_on[f];
                if (dup || s->nf == OH3_MAX_F)
                    continue;
                face_on[s->nf] = on;
                double far = -INFINITY;
                for (int m = 0; m < s->nv; m++)
                    far = fmax(far, dot(n, s->v[m]));
                memcpy(s->n[s->nf], n, sizeof n);
                s->d[s->nf] = far;
                s->nf++;
            }
    /* each face's corners, in order about its normal: the convex hull of
     * the vertices on its plane, drawn in it (a vertex within the
     * tolerance of the plane but inside the face, as the apex of a
     * shallow pyramid merged into it, is no corner: in an angle order
     * about the centre it broke the fan of triangles the distances use) */
    int at = 0;
    for (int f = 0; f < s->nf; f++) {
        s->fstart[f] = at;
        int on[OH3_MAX_V] = {0}, cnt = 0;
        for (int m = 0; m < s->nv; m++)
            if (s->d[f] - dot(s->n[f], s->v[m]) <= 2 * tol)
                on[cnt++] = m;
        double t1[3], t2[3], px[OH3_MAX_V], py[OH3_MAX_V];
        sub(s->v[on[cnt > 1 ? 1 : 0]], s->v[on[0]], t1);
        if (!(dot(t1, t1) > 0))
            t1[0] = 1, t1[1] = t1[2] = 0;
        cross(s->n[f], t1, t2);
        for (int q = 0; q < cnt; q++) {
            px[q] = dot(s->v[on[q]], t1), py[q] = dot(s->v[on[q]], t2);
            /* sorted by (px, py) as they come */
            for (int r = q; r > 0 && (px[r] < px[r - 1] || (px[r] == px[r - 1] && py[r] < py[r - 1]));
                 r--) {
                double tx = px[r];
                px[r] = px[r - 1], px[r - 1] = tx;
                tx = py[r], py[r] = py[r - 1], py[r - 1] = tx;
                const int tv = on[r];
                on[r] = on[r - 1], on[r - 1] = tv;
            }
        }
        /* Andrew's monotone chain: counter-clockwise in (t1, t2), which
         * is counter-clockwise about n since t1 x t2 is along n */
        int hull[2 * OH3_MAX_V + 1], h = 0;
        for (int pass = 0; pass < 2; pass++) {
            const int floor_h = h;
            for (int k = 0; k < cnt; k++) {
                const int q = pass ? cnt - 1 - k : k;
                while (h >= floor_h + 2) {
                    const int a = hull[h - 2], b = hull[h - 1];
                    const double turn = (px[b] - px[a]) * (py[q] - py[a]) - (py[b] - py[a]) * (px[q] - px[a]);
                    if (turn > 0)
                        break;
                    h--;
                }
                hull[h++] = q;
            }
            h--; /* the last point starts the other chain */
        }
        for (int k = 0; k < h && at < 4 * OH3_MAX_E; k++)
            s->loop[at++] = on[hull[k]];
    }
    s->fstart[s->nf] = at;
    /* edges: vertex pairs on two faces or more */
    s->ne = 0;
    for (int i = 0; i < s->nv; i++)
        for (int j = i + 1; j < s->nv; j++) {
            int shared = 0;
            for (int f = 0; f < s->nf && shared < 2; f++)
                shared += s->d[f] - dot(s->n[f], s->v[i]) <= 2 * tol &&
                          s->d[f] - dot(s->n[f], s->v[j]) <= 2 * tol;
            if (shared < 2 || s->ne == OH3_MAX_E)
                continue;
            double e[3];
            sub(s->v[j], s->v[i], e);
            const double len = sqrt(dot(e, e));
            for (int c = 0; c < 3; c++)
                s->e[s->ne][c] = e[c] / len;
            s->ne++;
        }
}

int oh3_from_store(const sepax3_store *st, sepax_shape_id id, oh3_shape *out)
{
    sepax3_shape_desc d;
    sepax3_transform t;
    if (sepax3_shape_info(st, id, &d) != SEPAX_OK || sepax3_shape_transform(st, id, &t) != SEPAX_OK)
        return 0;
    memset(out, 0, sizeof *out);
    double m[3][3], lm[3][3];
    const double p[3] = {t.p.x, t.p.y, t.p.z};
    matrix(t.q.w, t.q.x, t.q.y, t.q.z, m);
    matrix(d.rotation.w, d.rotation.x, d.rotation.y, d.rotation.z, lm);
    const double c[3] = {d.centre.x, d.centre.y, d.centre.z};
    const double h[3] = {d.half_extents.x, d.half_extents.y, d.half_extents.z};
    if (d.kind == SEPAX3_SHAPE_SPHERE || d.kind == SEPAX3_SHAPE_CAPSULE) {
        out->round = 1;
        out->r = d.radius;
        for (int sgn = 0; sgn < 2; sgn++) {
            double x[3] = {sgn ? h[0] : -h[0], 0, 0}, l[3];
            if (d.kind == SEPAX3_SHAPE_SPHERE)
                x[0] = 0;
            apply(lm, c, x, l);
            apply(m, p, l, sgn ? out->p1 : out->p0);
        }
        return 1;
    }
    /* vertices in the shape's frame first, where its faces are found
     * (in world coordinates 1e4 from the origin the face tolerance would
     * exceed the thickness of a sliver), then everything placed */
    const double zero[3] = {0, 0, 0};
    if (d.kind == SEPAX3_SHAPE_BOX) {
        out->nv = 8;
        for (int j = 0; j < 8; j++) {
            const double x[3] = {(j & 1) ? h[0] : -h[0], (j & 2) ? h[1] : -h[1],
                                 (j & 4) ? h[2] : -h[2]};
            apply(lm, c, x, out->v[j]);
        }
    } else {
        sepax3_vec v[OH3_MAX_V];
        size_t n = 0;
        if (sepax3_hull_vertices(st, id, v, OH3_MAX_V, &n) != SEPAX_OK)
            return 0;
        out->nv = (int)n;
        for (size_t j = 0; j < n; j++) {
            out->v[j][0] = v[j].x, out->v[j][1] = v[j].y, out->v[j][2] = v[j].z;
        }
    }
    find_faces(out);
    for (int j = 0; j < out->nv; j++) {
        double w[3];
        apply(m, p, out->v[j], w);
        memcpy(out->v[j], w, sizeof w);
    }
    for (int f = 0; f < out->nf; f++) {
        double n[3], far = -INFINITY;
        apply(m, zero, out->n[f], n);
        memcpy(out->n[f], n, sizeof n);
        for (int j = 0; j < out->nv; j++)
            far = fmax(far, dot(n, out->v[j]));
        out->d[f] = far;
    }
    for (int e = 0; e < out->ne; e++) {
        double u[3];
        apply(m, zero, out->e[e], u);
        memcpy(out->e[e], u, sizeof u);
    }
    return 1;
}

/* support: the largest n.x over the shape */
static double support(const oh3_shape *s, const double n[3])
{
    if (s->round)
        return fmax(dot(n, s->p0), dot(n, s->p1)) + s->r * sqrt(dot(n, n));
    double m = -INFINITY;
    for (int i = 0; i < s->nv; i++)
        m = fmax(m, dot(n, s->v[i]));
    return m;
}

double oh3_gap_along(const oh3_shape *A, const oh3_shape *B, const double n[3])
{
    const double m[3] = {-n[0], -n[1], -n[2]};
    return -support(B, m) - support(A, n);
}

/* two-sided: the larger of the gaps either way along n */
static double two_sided(const oh3_shape *A, const oh3_shape *B, const double n[3])
{
    const double m[3] = {-n[0], -n[1], -n[2]};
    return fmax(oh3_gap_along(A, B, n), oh3_gap_along(A, B, m));
}

static double point_segment(const double x[3], const double p[3], const double q[3])
{
    double d[3], w[3];
    sub(q, p, d);
    sub(x, p, w);
    const double dd = dot(d, d);
    double t = dd > 0 ? dot(w, d) / dd : 0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    double c[3];
    for (int k = 0; k < 3; k++)
        c[k] = p[k] + t * d[k] - x[k];
    return sqrt(dot(c, c));
}

/* segment to segment by ternary search over the first (the distance to
 * a segment is convex along a line) */
static double segment_segment(const double p0[3], const double p1[3], const double q0[3],
                              const double q1[3])
{
    double lo = 0, hi = 1;
    for (int it = 0; it < 80; it++) { /* (2/3)^80: 1e-14 of the length */
        const double a = lo + (hi - lo) / 3, b = hi - (hi - lo) / 3;
        double xa[3], xb[3];
        for (int k = 0; k < 3; k++) {
            xa[k] = p0[k] + a * (p1[k] - p0[k]);
            xb[k] = p0[k] + b * (p1[k] - p0[k]);
        }
        if (point_segment(xa, q0, q1) <= point_segment(xb, q0, q1))
            hi = b;
        else
            lo = a;
    }
    double x[3];
    for (int k = 0; k < 3; k++)
        x[k] = p0[k] + 0.5 * (lo + hi) * (p1[k] - p0[k]);
    return point_segment(x, q0, q1);
}

/* the closest point of triangle abc to x, by its Voronoi regions */
static double point_triangle(const double x[3], const double a[3], const double b[3],
                             const double c[3])
{
    double ab[3], ac[3], n[3];
    sub(b, a, ab);
    sub(c, a, ac);
    cross(ab, ac, n);
    const double nn = dot(n, n);
    if (nn > 0) {
        /* the foot inside the triangle: barycentric signs */
        double w[3];
        sub(x, a, w);
        const double h = dot(w, n) / nn;
        double f[3];
        for (int k = 0; k < 3; k++)
            f[k] = x[k] - h * n[k];
        double e0[3], e1[3], e2[3], t0[3], t1[3], t2[3], g0[3], g1[3], g2[3];
        sub(b, a, e0), sub(c, b, e1), sub(a, c, e2);
        sub(f, a, g0), sub(f, b, g1), sub(f, c, g2);
        cross(e0, g0, t0), cross(e1, g1, t1), cross(e2, g2, t2);
        if (dot(t0, n) >= 0 && dot(t1, n) >= 0 && dot(t2, n) >= 0)
            return fabs(h) * sqrt(nn);
    }
    return fmin(point_segment(x, a, b), fmin(point_segment(x, b, c), point_segment(x, c, a)));
}

/* Cyrus-Beck in double: does segment p-q meet the polyhedron? */
static int segment_meets(const oh3_shape *s, const double p[3], const double q[3])
{
    double t0 = 0, t1 = 1, d[3];
    sub(q, p, d);
    for (int f = 0; f < s->nf; f++) {
        const double den = dot(s->n[f], d), num = s->d[f] - dot(s->n[f], p);
        if (den == 0) {
            if (num < 0)
                return 0;
        } else if (den < 0) {
            t0 = fmax(t0, num / den);
        } else {
            t1 = fmin(t1, num / den);
        }
    }
    return t0 <= t1;
}

static double segment_poly_distance(const oh3_shape *s, const double p[3], const double q[3])
{
    double best = INFINITY;
    for (int f = 0; f < s->nf; f++) {
        const int *fv = s->loop + s->fstart[f], cnt = s->fstart[f + 1] - s->fstart[f];
        for (int k = 0; k < cnt; k++) {
            const double *a = s->v[fv[k]], *b = s->v[fv[(k + 1) % cnt]];
            best = fmin(best, segment_segment(p, q, a, b));
        }
        for (int k = 1; k + 1 < cnt; k++) {
            const double *a = s->v[fv[0]], *b = s->v[fv[k]], *c = s->v[fv[k + 1]];
            best = fmin(best, fmin(point_triangle(p, a, b, c), point_triangle(q, a, b, c)));
        }
    }
    return best;
}

double oh3_separation(const oh3_shape *A, const oh3_shape *B)
{
    if (A->round && B->round)
        return segment_segment(A->p0, A->p1, B->p0, B->p1) - (A->r + B->r);
    if (A->round || B->round) {
        const oh3_shape *P = A->round ? B : A, *S = A->round ? A : B;
        if (segment_meets(P, S->p0, S->p1)) {
            /* the segment's SAT against P: P's faces and the segment
             * crossed with every edge, two-sided */
            oh3_shape core = *S;
            core.r = 0;
            double best = -INFINITY, d[3];
            sub(S->p1, S->p0, d);
            for (int f = 0; f < P->nf; f++)
                best = fmax(best, two_sided(P, &core, P->n[f]));
            for (int e = 0; e < P->ne; e++) {
                double L[3];
                cross(d, P->e[e], L);
                const double len = sqrt(dot(L, L));
                if (len < 1e-9 * sqrt(dot(d, d)) || len == 0)
                    continue;
                for (int k = 0; k < 3; k++)
                    L[k] /= len;
                best = fmax(best, two_sided(P, &core, L));
            }
            return best - S->r;
        }
        return segment_poly_distance(P, S->p0, S->p1) - S->r;
    }
    double best = -INFINITY;
    for (int f = 0; f < A->nf; f++)
        best = fmax(best, two_sided(A, B, A->n[f]));
    for (int f = 0; f < B->nf; f++)
        best = fmax(best, two_sided(A, B, B->n[f]));
    for (int i = 0; i < A->ne; i++)
        for (int j = 0; j < B->ne; j++) {
            double L[3];
            cross(A->e[i], B->e[j], L);
            const double len = sqrt(dot(L, L));
            if (len < 1e-9)
                continue;
            for (int k = 0; k < 3; k++)
                L[k] /= len;
            best = fmax(best, two_sided(A, B, L));
        }
    return best;
}

static double size_of(const oh3_shape *s)
{
    if (s->round) {
        double d[3];
        sub(s->p1, s->p0, d);
        return sqrt(dot(d, d)) + 2 * s->r;
    }
    double m = 0;
    for (int i = 0; i < s->nv; i++)
        for (int j = i + 1; j < s->nv; j++) {
            double d[3];
            sub(s->v[j], s->v[i], d);
            m = fmax(m, sqrt(dot(d, d)));
        }
    return m;
}

double oh3_scale(const oh3_shape *A, const oh3_shape *B)
{
    return fmax(extent(A), extent(B)) + size_of(A) + size_of(B);
}

int oh3_contains(const oh3_shape *s, const double x[3], double tol)
{
    if (s->round)
        return point_segment(x, s->p0, s->p1) <= s->r + tol;
    for (int f = 0; f < s->nf; f++)
        if (dot(s->n[f], x) - s->d[f] > tol)
            return 0;
    return 1;
}

const char *oh3_disagreement(const oh3_shape *A, const oh3_shape *B, const sepax3_result *o,
                             double ref, double size, double *band_out)
{
    /* with a round shape, lengths whose squares are not normal floats
     * (below sqrt(FLT_MIN), about 1e-19) are not resolved (sepax3d.h): a
     * centre that far outside a box reads as inside it, and the closest
     * points of segments that short are found from subnormal products;
     * answers are good to 16 of those, about 2e-18 */
    const double resolution = (A->round || B->round) ? 16.0 * sqrt((double)FLT_MIN) : 0.0;
    const double band =
        SEPAX3_EDGE_TOLERANCE * size + 32.0 * FLT_EPSILON * oh3_scale(A, B) + resolution;
    if (band_out)
        *band_out = band;
    const double n[3] = {o->normal.x, o->normal.y, o->normal.z};
    if (!(fabs(sqrt(dot(n, n)) - 1.0) <= 1e-5))
        return "normal not of unit length";
    if (!isfinite(o->separation))
        return "separation not finite";
    if (ref <= band && fabs(o->separation - ref) > band)
        return "depth against the oracle";
    /* apart, the separation is a gap along the normal, so at most the
     * distance: not "at most the oracle's", whose candidate axes bound
     * the distance from below too (two boxes 283 apart with edges 2e-5
     * rad from parallel: the float edge axis tilts by 1e-3 rad, towards
     * a gap 0.03 larger than any candidate's) */
    const double normal_band = o->axis == SEPAX3_AXIS_POINTS ? band + 1e-3 * size : band;
    if (ref > band && o->separation > oh3_gap_along(A, B, n) + normal_band)
        return "separation beyond the gap along its normal";
    if (fabs(ref) > band && ((o->flags & SEPAX_HIT) != 0) != (ref <= 0))
        return "hit flag against the oracle";
    if ((o->flags & SEPAX_HIT) && fabs(oh3_gap_along(A, B, n) - o->separation) > normal_band)
        return "depth is not the gap along the normal";
    if (o->flags & (SEPAX_A_IN_B | SEPAX_B_IN_A)) {
        const oh3_shape *in = (o->flags & SEPAX_A_IN_B) ? A : B, *out = in == A ? B : A;
        for (int v = 0; v < in->nv; v++)
            if (!oh3_contains(out, in->v[v], band))
                return "containment flag but a corner lies outside";
        if (in->round && (!oh3_contains(out, in->p0, band) || !oh3_contains(out, in->p1, band)))
            return "containment flag but the core leaves the other shape";
    }
    return NULL;
}
