/* The 3D oracle in double (oracle3.h). */
#include <math.h>

#include "oracle/oracle3.h"

int oracle3_from_store(const sepax3_store *s, sepax_shape_id id, oracle3_shape *out)
{
    sepax3_world_shape w;
    sepax3_shape_desc d;
    if (sepax3_shape_world(s, id, &w) != SEPAX_OK || sepax3_shape_info(s, id, &d) != SEPAX_OK)
        return 0;
    out->sphere = d.kind == SEPAX3_SHAPE_SPHERE;
    out->c[0] = w.centre.x, out->c[1] = w.centre.y, out->c[2] = w.centre.z;
    out->e[0] = w.half_extents.x, out->e[1] = w.half_extents.y, out->e[2] = w.half_extents.z;
    for (int k = 0; k < 3; k++) {
        out->a[k][0] = w.axis[k].x;
        out->a[k][1] = w.axis[k].y;
        out->a[k][2] = w.axis[k].z;
    }
    out->r = w.radius;
    return 1;
}

oracle3_shape oracle3_box(const double p[3], const double q[4], const double e[3])
{
    const double n = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    const double w = q[0] / n, x = q[1] / n, y = q[2] / n, z = q[3] / n;
    const double m[3][3] = {
        {1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y)},
        {2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x)},
        {2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y)},
    };
    oracle3_shape b = {0};
    for (int k = 0; k < 3; k++) {
        b.c[k] = p[k];
        b.e[k] = e[k];
        for (int j = 0; j < 3; j++)
            b.a[k][j] = m[k][j];
    }
    return b;
}

static void corners(const oracle3_shape *b, double out[8][3])
{
    for (int k = 0; k < 8; k++)
        for (int c = 0; c < 3; c++) {
            double v = b->c[c];
            for (int j = 0; j < 3; j++)
                v += ((k >> j) & 1 ? 1.0 : -1.0) * b->e[j] * b->a[j][c];
            out[k][c] = v;
        }
}

static double dot(const double *a, const double *b)
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

static double box_box(const oracle3_shape *A, const oracle3_shape *B)
{
    double corner[2][8][3];
    corners(A, corner[0]);
    corners(B, corner[1]);
    double axes[15][3];
    int n = 0;
    for (int k = 0; k < 3; k++, n++)
        for (int c = 0; c < 3; c++)
            axes[n][c] = A->a[k][c];
    for (int k = 0; k < 3; k++, n++)
        for (int c = 0; c < 3; c++)
            axes[n][c] = B->a[k][c];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            const double *u = A->a[i], *v = B->a[j];
            const double x = u[1] * v[2] - u[2] * v[1], y = u[2] * v[0] - u[0] * v[2],
                         z = u[0] * v[1] - u[1] * v[0];
            const double len = sqrt(x * x + y * y + z * z);
            if (len < 1e-9)
                continue;
            axes[n][0] = x / len, axes[n][1] = y / len, axes[n][2] = z / len;
            n++;
        }
    double best = -INFINITY;
    for (int k = 0; k < n; k++) {
        const double l = sqrt(dot(axes[k], axes[k]));
        double lo[2] = {INFINITY, INFINITY}, hi[2] = {-INFINITY, -INFINITY};
        for (int s = 0; s < 2; s++)
            for (int m = 0; m < 8; m++) {
                const double p = dot(corner[s][m], axes[k]) / l;
                lo[s] = fmin(lo[s], p);
                hi[s] = fmax(hi[s], p);
            }
        best = fmax(best, fmax(lo[1] - hi[0], lo[0] - hi[1]));
    }
    return best;
}

/* distance from a sphere's centre to a box, or minus the depth to the
 * nearest face when inside */
static double box_point(const oracle3_shape *X, const double p[3])
{
    double local[3], out2 = 0.0, gap = INFINITY;
    for (int k = 0; k < 3; k++) {
        const double d[3] = {p[0] - X->c[0], p[1] - X->c[1], p[2] - X->c[2]};
        local[k] = dot(X->a[k], d);
        const double over = fabs(local[k]) - X->e[k];
        if (over > 0.0)
            out2 += over * over;
        gap = fmin(gap, X->e[k] - fabs(local[k]));
    }
    return out2 > 0.0 ? sqrt(out2) : -gap;
}

double oracle3_separation(const oracle3_shape *A, const oracle3_shape *B)
{
    if (A->sphere && B->sphere) {
        const double d[3] = {B->c[0] - A->c[0], B->c[1] - A->c[1], B->c[2] - A->c[2]};
        return sqrt(dot(d, d)) - A->r - B->r;
    }
    if (A->sphere)
        return box_point(B, A->c) - A->r;
    if (B->sphere)
        return box_point(A, B->c) - B->r;
    return box_box(A, B);
}

static double half_width(const oracle3_shape *b, const double n[3])
{
    if (b->sphere)
        return b->r * sqrt(dot(n, n));
    double w = 0.0;
    for (int k = 0; k < 3; k++)
        w += b->e[k] * fabs(dot(b->a[k], n));
    return w;
}

double oracle3_gap_along(const oracle3_shape *A, const oracle3_shape *B, sepax3_vec nf)
{
    const double n[3] = {nf.x, nf.y, nf.z};
    return (dot(B->c, n) - dot(A->c, n)) - half_width(A, n) - half_width(B, n);
}

int oracle3_inside(const oracle3_shape *A, const oracle3_shape *B, double tol)
{
    if (A->sphere) {
        if (B->sphere) {
            const double d[3] = {B->c[0] - A->c[0], B->c[1] - A->c[1], B->c[2] - A->c[2]};
            return sqrt(dot(d, d)) + A->r <= B->r + tol;
        }
        return box_point(B, A->c) <= -A->r + tol;
    }
    double corner[8][3];
    corners(A, corner);
    for (int k = 0; k < 8; k++) {
        if (B->sphere) {
            const double d[3] = {corner[k][0] - B->c[0], corner[k][1] - B->c[1],
                                 corner[k][2] - B->c[2]};
            if (sqrt(dot(d, d)) > B->r + tol)
                return 0;
        } else if (box_point(B, corner[k]) > tol) {
            return 0;
        }
    }
    return 1;
}

double oracle3_size(const oracle3_shape *A, const oracle3_shape *B)
{
    const oracle3_shape *s[2] = {A, B};
    double size = 0.0;
    for (int k = 0; k < 2; k++)
        size += s[k]->sphere ? 3.0 * s[k]->r : s[k]->e[0] + s[k]->e[1] + s[k]->e[2];
    return size;
}

double oracle3_scale(const oracle3_shape *A, const oracle3_shape *B)
{
    double coord = 0.0;
    for (int k = 0; k < 3; k++)
        coord = fmax(coord, fmax(fabs(A->c[k]), fabs(B->c[k])));
    return coord + oracle3_size(A, B);
}
