#include "oracle/oracle_round.h"
#include "oracle/oracle.h"

#include <math.h>

/* Value tolerance relative to the pair's scale, and the base angle
 * tolerance of normals (both as in the acceptance criteria). */
#define REL_TOL 1e-5
#define NORMAL_TOL 1e-3
/* A named face's normal is read back from the same float vertices the
 * oracle sees, so it may be held much tighter than the oracle's answer. */
#define FACE_NORMAL_TOL 1e-4
/* Half an ulp of 1 in float: world vertices carry about this much
 * rounding relative to the scale. */
#define HALF_ULP 0x1p-24

void oround_from_vertices(const sepax_vec2 *v, int n, double r, oround_shape *out)
{
    /* A core whose world vertices rounded onto each other is what it
     * collapsed to (oracle.h): without this its zero-length edges would
     * have no normal, and every point would lie "inside" it. */
    out->n = oracle_distinct_vertices(v, n, OROUND_MAX_VERTICES, out->x, out->y);
    out->r = r;
}

sepax_status oround_from_store(const sepax_store *store, sepax_shape_id id, oround_shape *out)
{
    sepax_vec2 v[SEPAX_MAX_POLYGON_VERTICES];
    uint32_t n = 0;
    sepax_shape_desc d;
    sepax_status st = sepax_shape_vertices(store, id, 1, v, SEPAX_MAX_POLYGON_VERTICES, &n);
    if (st == SEPAX_OK)
        st = sepax_shape_info(store, id, &d);
    if (st != SEPAX_OK)
        return st;
    oround_from_vertices(v, (int)n, (double)d.radius, out);
    return SEPAX_OK;
}

/* ---- plain geometry in double ------------------------------------------ */

/* Length of (x, y). Coordinates are bounded by SEPAX_MAX_COORDINATE, so
 * the squares cannot overflow a double and libm's slower hypot is not
 * needed. */
static double len2d(double x, double y)
{
    return sqrt(x * x + y * y);
}

/* Twice the signed area of (a, b, c): > 0 when c lies left of a->b. */
static double orient(double ax, double ay, double bx, double by, double cx, double cy)
{
    return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
}

/* Edges of a core for distances and crossings: a point is one edge of
 * zero length, a segment one edge, a polygon n. */
static int edge_count(const oround_shape *s)
{
    return s->n >= 3 ? s->n : 1;
}

static void edge_ends(const oround_shape *s, int e, double *ax, double *ay, double *bx, double *by)
{
    const int k = s->n == 1 ? 0 : (e + 1) % s->n;
    *ax = s->x[e];
    *ay = s->y[e];
    *bx = s->x[k];
    *by = s->y[k];
}

/* Distance from p to the segment a-b and the closest point q. Inside the
 * segment's span the distance is taken from the cross product (the height
 * over the line), outside it from the nearer end, so that it shares no
 * expression with the library's clamped projection. */
static double point_segment(double px, double py, double ax, double ay, double bx, double by,
                            double *qx, double *qy)
{
    const double ex = bx - ax, ey = by - ay, len2 = ex * ex + ey * ey;
    if (len2 > 0.0) {
        const double t = ((px - ax) * ex + (py - ay) * ey) / len2;
        if (t > 0.0 && t < 1.0) {
            *qx = ax + t * ex;
            *qy = ay + t * ey;
            return fabs(ex * (py - ay) - ey * (px - ax)) / sqrt(len2);
        }
    }
    const double da = len2d(px - ax, py - ay), db = len2d(px - bx, py - by);
    if (da <= db) {
        *qx = ax;
        *qy = ay;
        return da;
    }
    *qx = bx;
    *qy = by;
    return db;
}

/* Inside or on a counter-clockwise convex polygon: left of or on every
 * edge. */
static int in_polygon(const oround_shape *s, double px, double py)
{
    if (s->n < 3)
        return 0;
    for (int i = 0; i < s->n; i++) {
        const int j = (i + 1) % s->n;
        if (orient(s->x[i], s->y[i], s->x[j], s->y[j], px, py) < 0.0)
            return 0;
    }
    return 1;
}

static int within_box(double ax, double ay, double bx, double by, double px, double py)
{
    return px >= fmin(ax, bx) && px <= fmax(ax, bx) && py >= fmin(ay, by) && py <= fmax(ay, by);
}

/* Closed segments a-b and c-d share a point (either may be a point). */
static int segments_meet(double ax, double ay, double bx, double by, double cx, double cy,
                         double dx, double dy)
{
    const double d1 = orient(cx, cy, dx, dy, ax, ay), d2 = orient(cx, cy, dx, dy, bx, by);
    const double d3 = orient(ax, ay, bx, by, cx, cy), d4 = orient(ax, ay, bx, by, dx, dy);
    if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)))
        return 1;
    return (d1 == 0 && within_box(cx, cy, dx, dy, ax, ay)) ||
           (d2 == 0 && within_box(cx, cy, dx, dy, bx, by)) ||
           (d3 == 0 && within_box(ax, ay, bx, by, cx, cy)) ||
           (d4 == 0 && within_box(ax, ay, bx, by, dx, dy));
}

double oround_signed_distance(const oround_shape *s, double px, double py)
{
    double best = INFINITY;
    for (int e = 0; e < edge_count(s); e++) {
        double ax, ay, bx, by, qx, qy;
        edge_ends(s, e, &ax, &ay, &bx, &by);
        const double d = point_segment(px, py, ax, ay, bx, by, &qx, &qy);
        best = d < best ? d : best;
    }
    return in_polygon(s, px, py) ? -best : best;
}

int oround_cores_meet(const oround_shape *a, const oround_shape *b)
{
    /* Convex sets meet exactly when one holds a vertex of the other or
     * two of their edges cross; a point or a segment holds nothing, so
     * for them only the crossing (or touching) of edges counts. */
    for (int i = 0; i < a->n; i++)
        if (in_polygon(b, a->x[i], a->y[i]))
            return 1;
    for (int j = 0; j < b->n; j++)
        if (in_polygon(a, b->x[j], b->y[j]))
            return 1;
    for (int e = 0; e < edge_count(a); e++) {
        double ax, ay, bx, by;
        edge_ends(a, e, &ax, &ay, &bx, &by);
        for (int f = 0; f < edge_count(b); f++) {
            double cx, cy, dx, dy;
            edge_ends(b, f, &cx, &cy, &dx, &dy);
            if (segments_meet(ax, ay, bx, by, cx, cy, dx, dy))
                return 1;
        }
    }
    return 0;
}

int oround_face_count(const oround_shape *s)
{
    return s->n >= 3 ? s->n : s->n == 2 ? 4 : 0;
}

int oround_face_normal(const oround_shape *s, int face, double *nx, double *ny, double *length)
{
    if (face < 0 || face >= oround_face_count(s))
        return 0;
    if (s->n == 2) {
        const double ex = s->x[1] - s->x[0], ey = s->y[1] - s->y[0], len = len2d(ex, ey);
        const double ux = ex / len, uy = ey / len;
        /* sepax.h: side p1->p2 (its right), side p2->p1, end at p2, end at p1 */
        const double fx[4] = {uy, -uy, ux, -ux}, fy[4] = {-ux, ux, uy, -uy};
        *nx = fx[face];
        *ny = fy[face];
        *length = len;
        return 1;
    }
    const int j = (face + 1) % s->n;
    const double ex = s->x[j] - s->x[face], ey = s->y[j] - s->y[face], len = len2d(ex, ey);
    *nx = ey / len;
    *ny = -ex / len;
    *length = len;
    return 1;
}

/* A point on the face's line. */
static void face_point(const oround_shape *s, int face, double *px, double *py)
{
    const int k = s->n == 2 ? (face == 1 || face == 2) : face;
    *px = s->x[k];
    *py = s->y[k];
}

static void project(const oround_shape *s, double ux, double uy, double *lo, double *hi)
{
    double mn = INFINITY, mx = -INFINITY;
    for (int i = 0; i < s->n; i++) {
        const double d = ux * s->x[i] + uy * s->y[i];
        mn = d < mn ? d : mn;
        mx = d > mx ? d : mx;
    }
    *lo = mn;
    *hi = mx;
}

/* ---- candidates -------------------------------------------------------- */

#define MAX_CANDIDATES (4 * OROUND_MAX_VERTICES + 8)

/* A direction from A to B with its value and the tolerance of its angle. */
typedef struct candidate {
    double value, ux, uy, dir_tol;
} candidate;

typedef struct pick {
    int known;
    double value, ux, uy, dir_tol;
} pick;

/* The largest value (first on ties); its direction is known unless
 * another candidate comes within tol of it while pointing elsewhere. */
static pick choose(const candidate *c, int n, double tol)
{
    pick p = {0, -INFINITY, 0.0, 0.0, 0.0};
    int best = -1;
    for (int k = 0; k < n; k++)
        if (best < 0 || c[k].value > c[best].value)
            best = k;
    if (best < 0)
        return p;
    p.value = c[best].value;
    p.ux = c[best].ux;
    p.uy = c[best].uy;
    p.dir_tol = c[best].dir_tol;
    p.known = 1;
    for (int k = 0; k < n; k++) {
        if (k == best || c[best].value - c[k].value > tol)
            continue;
        if (len2d(c[k].ux - p.ux, c[k].uy - p.uy) > p.dir_tol)
            p.known = 0;
    }
    return p;
}

/* Both signs of every edge normal of a polygon core and of a segment's
 * normal and direction: the two-sided value on u is min over B of u.b
 * minus max over A of u.a (> 0: a gap along u; < 0: minus the overlap
 * when moving B along u). */
static int two_sided(const oround_shape *a, const oround_shape *b, double scale, candidate *c)
{
    int n = 0;
    const oround_shape *s[2] = {a, b};
    for (int k = 0; k < 2; k++) {
        const int faces = oround_face_count(s[k]);
        for (int f = 0; f < faces; f++) {
            /* a segment's faces 1 and 3 only repeat 0 and 2 negated */
            if (s[k]->n == 2 && (f == 1 || f == 3))
                continue;
            double nx, ny, len;
            oround_face_normal(s[k], f, &nx, &ny, &len);
            for (int sg = -1; sg <= 1; sg += 2) {
                const double ux = sg * nx, uy = sg * ny;
                double alo, ahi, blo, bhi;
                project(a, ux, uy, &alo, &ahi);
                project(b, ux, uy, &blo, &bhi);
                c[n].value = blo - ahi;
                c[n].ux = ux;
                c[n].uy = uy;
                c[n].dir_tol = NORMAL_TOL + 8.0 * HALF_ULP * scale / fmax(len, 1e-300);
                n++;
            }
        }
    }
    return n;
}

/* The one-sided face separation of the contract: A's outward normals
 * against B's vertices, then B's against A's (direction negated). */
static int one_sided(const oround_shape *a, const oround_shape *b, double scale, candidate *c)
{
    int n = 0;
    const oround_shape *s[2] = {a, b}, *t[2] = {b, a};
    for (int k = 0; k < 2; k++) {
        for (int f = 0; f < oround_face_count(s[k]); f++) {
            double nx, ny, len, px, py, lo, hi;
            oround_face_normal(s[k], f, &nx, &ny, &len);
            face_point(s[k], f, &px, &py);
            project(t[k], nx, ny, &lo, &hi);
            c[n].value = lo - (nx * px + ny * py);
            c[n].ux = k ? -nx : nx;
            c[n].uy = k ? -ny : ny;
            c[n].dir_tol = NORMAL_TOL + 8.0 * HALF_ULP * scale / fmax(len, 1e-300);
            n++;
        }
    }
    return n;
}

/* One vertex-edge candidate of the closest approach: vertex i of v[k]
 * against edge f of the other core, as a direction from A to B. */
static candidate vertex_edge(const oround_shape *const *v, int k, int i, int f, double scale)
{
    const oround_shape *e = v[1 - k];
    double ax, ay, bx, by, qx, qy;
    edge_ends(e, f, &ax, &ay, &bx, &by);
    const double px = v[k]->x[i], py = v[k]->y[i];
    const double d = point_segment(px, py, ax, ay, bx, by, &qx, &qy);
    const double dx = k ? px - qx : qx - px, dy = k ? py - qy : qy - py;
    candidate c;
    c.value = -d; /* choose() maximises */
    c.ux = d > 0.0 ? dx / d : 0.0;
    c.uy = d > 0.0 ? dy / d : 0.0;
    c.dir_tol = NORMAL_TOL + 16.0 * HALF_ULP * scale / fmax(d, 1e-300);
    return c;
}

/* Closest approach of two disjoint cores: every vertex of one against
 * every edge of the other, as choose() would pick it, in two passes so
 * that no list of all pairs is kept. */
static pick closest(const oround_shape *a, const oround_shape *b, double scale, double tol)
{
    const oround_shape *v[2] = {a, b};
    candidate best = {-INFINITY, 0.0, 0.0, 0.0};
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < v[k]->n; i++)
            for (int f = 0; f < edge_count(v[1 - k]); f++) {
                const candidate c = vertex_edge(v, k, i, f, scale);
                if (c.value > best.value)
                    best = c;
            }
    pick p = {1, best.value, best.ux, best.uy, best.dir_tol};
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < v[k]->n; i++)
            for (int f = 0; f < edge_count(v[1 - k]); f++) {
                const candidate c = vertex_edge(v, k, i, f, scale);
                if (best.value - c.value <= tol && len2d(c.ux - p.ux, c.uy - p.uy) > p.dir_tol)
                    p.known = 0;
            }
    return p;
}

static double scale_of(const oround_shape *a, const oround_shape *b)
{
    double mag = 0.0, lox = INFINITY, loy = INFINITY, hix = -INFINITY, hiy = -INFINITY;
    const oround_shape *s[2] = {a, b};
    for (int k = 0; k < 2; k++) {
        const double r = s[k]->r;
        for (int i = 0; i < s[k]->n; i++) {
            const double x = s[k]->x[i], y = s[k]->y[i];
            mag = fmax(mag, fmax(fabs(x), fabs(y)) + r);
            lox = fmin(lox, x - r);
            loy = fmin(loy, y - r);
            hix = fmax(hix, x + r);
            hiy = fmax(hiy, y + r);
        }
    }
    return fmax(mag, fmax(hix - lox, hiy - loy));
}

static double margin(const oround_shape *p, const oround_shape *q)
{
    double worst = -INFINITY;
    for (int i = 0; i < p->n; i++) {
        const double sd = oround_signed_distance(q, p->x[i], p->y[i]);
        worst = sd > worst ? sd : worst;
    }
    return worst + p->r - q->r;
}

void oround_collide(const oround_shape *a, const oround_shape *b, oround_answer *out)
{
    candidate c[MAX_CANDIDATES];
    const double scale = scale_of(a, b), tol = REL_TOL * scale, rsum = a->r + b->r;
    out->scale = scale;
    out->tol = tol;
    out->cores_meet = oround_cores_meet(a, b);
    out->normal_known = 0;
    out->nx = out->ny = 0.0;
    out->normal_tol = NORMAL_TOL;

    pick p;
    if (out->cores_meet) {
        const int n = two_sided(a, b, scale, c);
        p = choose(c, n, tol);
        /* two coincident points have no axis and no depth */
        out->core_gap = n ? p.value : 0.0;
        out->exact = out->contract = out->core_gap - rsum;
    } else {
        p = closest(a, b, scale, tol);
        out->core_gap = -p.value;
        out->exact = out->core_gap - rsum;
        out->contract = out->exact;
        if (rsum == 0.0) {
            const int m = one_sided(a, b, scale, c);
            p = choose(c, m, tol);
            out->contract = p.value;
        }
    }
    /* Near touching cores the library may take either the face axis or
     * the closest-point axis, which can point different ways. */
    if (p.known && fabs(out->core_gap) > tol) {
        out->normal_known = 1;
        out->nx = p.ux;
        out->ny = p.uy;
        out->normal_tol = p.dir_tol;
    }
    out->a_in_b_margin = margin(a, b);
    out->b_in_a_margin = margin(b, a);
}

/* ---- judging ----------------------------------------------------------- */

const char *oround_judge(const sepax_result *r, const oround_shape *a, const oround_shape *b,
                         oround_answer *o, oround_tally *t)
{
    oround_collide(a, b, o);
    t->pairs++;
    const double tol = o->tol, scale = o->scale;
    const int hit = (r->flags & SEPAX_HIT) != 0;
    const int thin = a->r + b->r == 0.0;
    const int points = a->n == 1 && b->n == 1;
    const char *problem = oracle_result_form(r);
#define FAIL(what)            \
    do {                      \
        if (!problem)         \
            problem = (what); \
    } while (0)

    if (!isfinite(r->separation) || fabs(len2d(r->normal.x, r->normal.y) - 1.0) > 1e-5)
        FAIL("separation not finite or normal not unit");

    if (r->edge == SEPAX_EDGE_NONE) {
        if (r->owner != SEPAX_OWNER_A)
            FAIL("closest-point axis not owned by A");
        if (thin)
            FAIL("closest-point axis for two thin shapes");
        else if (!points && o->cores_meet && o->core_gap < -tol)
            FAIL("closest-point axis although the cores overlap");
    } else {
        const oround_shape *own = r->owner == SEPAX_OWNER_A ? a : b;
        double nx, ny, len;
        if (r->owner > SEPAX_OWNER_B || !oround_face_normal(own, r->edge, &nx, &ny, &len)) {
            t->failures++;
            return "owner or edge out of range";
        }
        const double sg = r->owner == SEPAX_OWNER_A ? 1.0 : -1.0;
        const double ftol = FACE_NORMAL_TOL + 8.0 * HALF_ULP * scale / len;
        if (len2d(r->normal.x - sg * nx, r->normal.y - sg * ny) > ftol)
            FAIL("normal is not the named face's");
        if (!thin && !o->cores_meet && o->core_gap > tol)
            FAIL("face axis although the cores are apart");
    }
    if (points && r->edge != SEPAX_EDGE_NONE)
        FAIL("a face axis between two points");

    const double err = fabs((double)r->separation - o->contract);
    t->worst_separation = fmax(t->worst_separation, err / scale);
    if (err > tol)
        FAIL("separation");
    if ((double)r->separation > o->exact + tol)
        FAIL("separation above the true gap");

    if (fabs(o->contract) <= tol)
        t->near_touch++;
    else if (hit != (o->contract <= 0.0))
        FAIL("hit disagrees");
    if (hit)
        t->hits++;
    else
        t->misses++;

    if (o->normal_known) {
        const double d = len2d(r->normal.x - o->nx, r->normal.y - o->ny);
        t->normal_checked++;
        t->worst_normal = fmax(t->worst_normal, d);
        if (d > o->normal_tol)
            FAIL("normal");
    } else {
        t->normal_skipped++;
    }

    const double margins[2] = {o->a_in_b_margin, o->b_in_a_margin};
    const unsigned bits[2] = {SEPAX_A_IN_B, SEPAX_B_IN_A};
    for (int k = 0; k < 2; k++) {
        if (fabs(margins[k]) > tol) {
            t->flag_checked++;
            if (!!(r->flags & bits[k]) != (margins[k] <= 0.0))
                FAIL(k ? "B_IN_A" : "A_IN_B");
        } else {
            t->flag_skipped++;
        }
    }
#undef FAIL
    if (problem)
        t->failures++;
    return problem;
}
