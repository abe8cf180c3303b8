#include "oracle/oracle.h"

#include <math.h>
#include <stddef.h>

int oracle_distinct_vertices(const sepax_vec2 *v, int n, int max, double *x, double *y)
{
    int k = 0;
    for (int i = 0; i < n && k < max; i++) {
        const double px = (double)v[i].x, py = (double)v[i].y;
        if (k > 0 && px == x[k - 1] && py == y[k - 1])
            continue;
        x[k] = px;
        y[k] = py;
        k++;
    }
    if (k > 1 && x[k - 1] == x[0] && y[k - 1] == y[0])
        k--;
    return k;
}

void oracle_poly_from_vertices(const sepax_vec2 *v, int n, oracle_poly *out)
{
    n = oracle_distinct_vertices(v, n, ORACLE_MAX_VERTICES, out->x, out->y);
    out->n = n;
    /* Normals come from the vertices themselves, in double, rather than
     * from the library's stored normals: agreement then means something. */
    for (int i = 0; i < n; i++) {
        int j = (i + 1) % n;
        double ex = out->x[j] - out->x[i];
        double ey = out->y[j] - out->y[i];
        double len = sqrt(ex * ex + ey * ey);
        if (len > 0.0) {
            out->nx[i] = ey / len;
            out->ny[i] = -ex / len;
        } else {
            out->nx[i] = 0.0;
            out->ny[i] = 0.0;
        }
    }
}

sepax_status oracle_poly_from_store(const sepax_store *store, sepax_shape_id id, oracle_poly *out)
{
    sepax_vec2 v[SEPAX_MAX_POLYGON_VERTICES];
    uint32_t n = 0;
    sepax_status st = sepax_shape_vertices(store, id, 1, v, SEPAX_MAX_POLYGON_VERTICES, &n);
    if (st != SEPAX_OK)
        return st;
    oracle_poly_from_vertices(v, (int)n, out);
    return SEPAX_OK;
}

static void project(const oracle_poly *p, double ux, double uy, double *lo, double *hi)
{
    double mn = INFINITY, mx = -INFINITY;
    for (int i = 0; i < p->n; i++) {
        double d = ux * p->x[i] + uy * p->y[i];
        if (d < mn)
            mn = d;
        if (d > mx)
            mx = d;
    }
    *lo = mn;
    *hi = mx;
}

/* Largest signed distance of any vertex of p outside the convex polygon q;
 * <= 0 when every vertex lies inside or on q. Uses edge cross products
 * rather than q's normals so that it is a separate computation. */
static double outside_margin(const oracle_poly *p, const oracle_poly *q)
{
    double worst = -INFINITY;
    for (int i = 0; i < p->n; i++) {
        double px = p->x[i], py = p->y[i];
        double inner = -INFINITY;
        for (int j = 0; j < q->n; j++) {
            int k = (j + 1) % q->n;
            double ex = q->x[k] - q->x[j];
            double ey = q->y[k] - q->y[j];
            double len = sqrt(ex * ex + ey * ey);
            if (len == 0.0)
                continue;
            /* Counter-clockwise: inside is to the left of every edge. */
            double cross = ex * (py - q->y[j]) - ey * (px - q->x[j]);
            double d = -cross / len;
            if (d > inner)
                inner = d;
        }
        if (inner > worst)
            worst = inner;
    }
    return worst;
}

static void add_candidate(oracle_result *r, const oracle_poly *a, const oracle_poly *b, double ux,
                          double uy, int owner, int edge, int sign)
{
    double alo, ahi, blo, bhi;
    project(a, ux, uy, &alo, &ahi);
    project(b, ux, uy, &blo, &bhi);
    oracle_candidate *c = &r->cand[r->ncand++];
    c->value = blo - ahi;
    c->ux = ux;
    c->uy = uy;
    c->owner = owner;
    c->edge = edge;
    c->sign = sign;
}

/* A point has no face; a segment's two edges are its two sides. */
static int faces(const oracle_poly *p)
{
    return p->n >= 2 ? p->n : 0;
}

static int one_sided(const oracle_candidate *c)
{
    return (c->owner == SEPAX_OWNER_A && c->sign == 1) ||
           (c->owner == SEPAX_OWNER_B && c->sign == -1);
}

void oracle_collide(const oracle_poly *a, const oracle_poly *b, oracle_result *out)
{
    out->ncand = 0;
    /* The order matters only for exact ties: the contract's own directions
     * (A's normals, then B's negated) come first so that an exact tie is
     * won by the same axis the contract picks. */
    for (int i = 0; i < faces(a); i++)
        add_candidate(out, a, b, a->nx[i], a->ny[i], SEPAX_OWNER_A, i, 1);
    for (int j = 0; j < faces(b); j++)
        add_candidate(out, a, b, -b->nx[j], -b->ny[j], SEPAX_OWNER_B, j, -1);
    for (int i = 0; i < faces(a); i++)
        add_candidate(out, a, b, -a->nx[i], -a->ny[i], SEPAX_OWNER_A, i, -1);
    for (int j = 0; j < faces(b); j++)
        add_candidate(out, a, b, b->nx[j], b->ny[j], SEPAX_OWNER_B, j, 1);
    /* Two shapes collapsed to points have no face between them: the one
     * axis left is the line from A's point to B's. */
    if (a->n == 1 && b->n == 1) {
        const double dx = b->x[0] - a->x[0], dy = b->y[0] - a->y[0], d = sqrt(dx * dx + dy * dy);
        add_candidate(out, a, b, d > 0.0 ? dx / d : 1.0, d > 0.0 ? dy / d : 0.0, SEPAX_OWNER_A,
                      0, 1);
    }

    /* On one axis the two directions give blo - ahi and alo - bhi; the
     * larger of them is minus min(ahi - blo, bhi - alo), the overlap with
     * the containment correction, or the gap when there is one. */
    int best = 0, face_best = 0;
    double face = -INFINITY;
    for (int k = 0; k < out->ncand; k++) {
        const oracle_candidate *c = &out->cand[k];
        if (c->value > out->cand[best].value)
            best = k;
        if (one_sided(c) && c->value > face) {
            face = c->value;
            face_best = k;
        }
    }
    out->face_best = face_best;
    out->best = best;
    out->separation = out->ncand ? out->cand[best].value : INFINITY;
    out->nx = out->ncand ? out->cand[best].ux : 0.0;
    out->ny = out->ncand ? out->cand[best].uy : 0.0;
    out->hit = out->separation <= 0.0;
    out->face_separation = face;

    out->a_in_b_margin = outside_margin(a, b);
    out->b_in_a_margin = outside_margin(b, a);
    out->a_in_b = out->a_in_b_margin <= 0.0;
    out->b_in_a = out->b_in_a_margin <= 0.0;
}

double oracle_scale(const oracle_poly *a, const oracle_poly *b)
{
    double mag = 0.0;
    double lox = INFINITY, loy = INFINITY, hix = -INFINITY, hiy = -INFINITY;
    const oracle_poly *ps[2] = {a, b};
    for (int k = 0; k < 2; k++) {
        for (int i = 0; i < ps[k]->n; i++) {
            double x = ps[k]->x[i], y = ps[k]->y[i];
            mag = fmax(mag, fmax(fabs(x), fabs(y)));
            lox = fmin(lox, x);
            loy = fmin(loy, y);
            hix = fmax(hix, x);
            hiy = fmax(hiy, y);
        }
    }
    double extent = fmax(hix - lox, hiy - loy);
    return fmax(mag, extent);
}

int oracle_normal_ambiguous(const oracle_result *r, double value_tol, double dir_tol)
{
    const oracle_candidate *w = &r->cand[r->best];
    for (int k = 0; k < r->ncand; k++) {
        if (k == r->best)
            continue;
        const oracle_candidate *c = &r->cand[k];
        if (w->value - c->value > value_tol)
            continue;
        double dx = c->ux - w->ux, dy = c->uy - w->uy;
        if (sqrt(dx * dx + dy * dy) > dir_tol)
            return 1;
    }
    return 0;
}

int oracle_face_ambiguous(const oracle_result *r, double value_tol)
{
    const oracle_candidate *w = &r->cand[r->face_best];
    for (int k = 0; k < r->ncand; k++) {
        if (k == r->face_best || !one_sided(&r->cand[k]))
            continue;
        if (w->value - r->cand[k].value <= value_tol)
            return 1;
    }
    return 0;
}

#define JUDGE_VALUE_REL 1e-5
#define JUDGE_NORMAL_TOL 1e-4

static double edge_length(const oracle_poly *p, int i)
{
    int j = (i + 1) % p->n;
    return hypot(p->x[j] - p->x[i], p->y[j] - p->y[i]);
}

/* Normals are recomputed from float world vertices, each off by up to
 * half an ulp of the scale; over an edge of length len that turns the
 * normal by about 2 * ulp / len. Eight ulps leaves room for the library's
 * own rounding of local normals and rotation. */
static double normal_tol(const oracle_poly *p, int edge, double scale)
{
    return JUDGE_NORMAL_TOL + 8.0 * scale * 0x1p-24 / fmax(edge_length(p, edge), 1e-30);
}

const char *oracle_result_form(const sepax_result *r)
{
    const int hit = (r->flags & SEPAX_HIT) != 0;
    if (hit != (r->separation <= 0.0f))
        return "hit flag vs separation";
    if ((r->flags & (SEPAX_A_IN_B | SEPAX_B_IN_A)) && !hit)
        return "containment without a hit";
    if (r->flags & ~(unsigned)(SEPAX_HIT | SEPAX_A_IN_B | SEPAX_B_IN_A))
        return "unknown flag bits";
    return NULL;
}

const char *oracle_judge(const sepax_result *r, const oracle_poly *a, const oracle_poly *b,
                         oracle_result *o, oracle_tally *t)
{
    oracle_collide(a, b, o);
    t->pairs++;
    const double scale = oracle_scale(a, b);
    const double tol = JUDGE_VALUE_REL * scale;
    const int hit = (r->flags & SEPAX_HIT) != 0;
    /* The result on its own terms first. */
    const char *problem = oracle_result_form(r);
#define FAIL(what)            \
    do {                      \
        if (!problem)         \
            problem = (what); \
    } while (0)

    if (r->owner > SEPAX_OWNER_B || r->edge >= (r->owner == SEPAX_OWNER_A ? a->n : b->n)) {
        t->failures++;
        return "owner or edge out of range";
    }
    const oracle_poly *own = r->owner == SEPAX_OWNER_A ? a : b;
    if (fabs(hypot(r->normal.x, r->normal.y) - 1) > 1e-5)
        FAIL("normal not unit");
    /* The normal is the named edge's outward normal, negated for B. */
    const double sgn = r->owner == SEPAX_OWNER_A ? 1 : -1;
    if (hypot(r->normal.x - sgn * own->nx[r->edge], r->normal.y - sgn * own->ny[r->edge]) >
        normal_tol(own, r->edge, scale))
        FAIL("normal is not the named edge's");

    if (fabs(o->separation) <= tol) {
        t->near_touch++;
        if (hit != o->hit)
            t->near_touch_disagree++;
    } else if (hit != o->hit) {
        t->failures++;
        return "hit disagrees";
    }
    if (hit)
        t->hits++;
    else
        t->misses++;

    /* The oracle's two readings agree wherever the shapes overlap; a slip
     * here would be the oracle's fault. */
    if (o->hit && fabs(o->face_separation - o->separation) > tol)
        FAIL("oracle inconsistent");

    if (hit && o->hit) {
        double err = fabs((double)r->separation - o->separation);
        t->depth_checked++;
        t->worst_depth = fmax(t->worst_depth, err / scale);
        if (err > tol)
            FAIL("depth");
        const oracle_candidate *w = &o->cand[o->best];
        double ntol = normal_tol(w->owner == SEPAX_OWNER_A ? a : b, w->edge, scale);
        if (oracle_normal_ambiguous(o, tol, ntol)) {
            t->normal_skipped++;
        } else {
            double d = hypot(r->normal.x - o->nx, r->normal.y - o->ny);
            t->normal_checked++;
            t->worst_normal = fmax(t->worst_normal, d);
            if (d > ntol)
                FAIL("normal");
        }
    } else if (!hit && !o->hit) {
        /* The contract is the one-sided separation; two-sided can only be
         * larger. */
        if (fabs((double)r->separation - o->face_separation) > tol)
            FAIL("face separation");
        if ((double)r->separation > o->separation + tol)
            FAIL("separation above the two-sided gap");
    }

    if (oracle_face_ambiguous(o, tol)) {
        t->face_skipped++;
    } else {
        const oracle_candidate *f = &o->cand[o->face_best];
        t->face_checked++;
        if ((int)r->owner != f->owner || (int)r->edge != f->edge)
            FAIL("winning face");
    }

    /* Each flag counts once checked or skipped. */
    if (fabs(o->a_in_b_margin) > tol) {
        t->flag_checked++;
        if (!!(r->flags & SEPAX_A_IN_B) != o->a_in_b)
            FAIL("A_IN_B");
    } else {
        t->flag_skipped++;
    }
    if (fabs(o->b_in_a_margin) > tol) {
        t->flag_checked++;
        if (!!(r->flags & SEPAX_B_IN_A) != o->b_in_a)
            FAIL("B_IN_A");
    } else {
        t->flag_skipped++;
    }
#undef FAIL
    if (problem)
        t->failures++;
    return problem;
}
