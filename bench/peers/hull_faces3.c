/* Qhull triangulation for hull_faces3.h. The reentrant library, as the
 * store uses it: errors come back as exit codes (after a longjmp) and its
 * messages go to a memory file, so it never prints or exits. */
#define _POSIX_C_SOURCE 200809L /* fmemopen */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>

#include <libqhull_r/qhull_ra.h>

#include "hull_faces3.h"

static int read_triangles(qhT *qh, const double *xyz, int *tri, int cap)
{
    int k = 0;
    facetT *facet;
    vertexT *vertex, **vertexp;
    FORALLfacets {
        int v[3], m = 0;
        FOREACHvertex_(facet->vertices) {
            if (m == 3)
                return -1;
            v[m++] = qh_pointid(qh, vertex->point);
        }
        if (m != 3 || k == cap)
            return -1;
        /* Qhull's vertex sets are not ordered: turn the triangle so that
         * its normal points the way of the facet's outward normal */
        const double *a = xyz + 3 * v[0], *b = xyz + 3 * v[1], *c = xyz + 3 * v[2];
        const double u[3] = {b[0] - a[0], b[1] - a[1], b[2] - a[2]};
        const double w[3] = {c[0] - a[0], c[1] - a[1], c[2] - a[2]};
        const double nx = u[1] * w[2] - u[2] * w[1], ny = u[2] * w[0] - u[0] * w[2],
                     nz = u[0] * w[1] - u[1] * w[0];
        if (nx * facet->normal[0] + ny * facet->normal[1] + nz * facet->normal[2] < 0) {
            const int t = v[1];
            v[1] = v[2];
            v[2] = t;
        }
        tri[3 * k] = v[0], tri[3 * k + 1] = v[1], tri[3 * k + 2] = v[2];
        k++;
    }
    return k;
}

/* Qhull calls made after qh_new_qhull report errors by longjmp, or else
 * exit the process; the setjmp sits in a function of its own so that no
 * caller's variable lives across it. */
static int guarded_read(qhT *qh, const double *xyz, int *tri, int cap)
{
    int count = -1;
    if (setjmp(qh->errexit) == 0) {
        qh->NOerrexit = False;
        count = read_triangles(qh, xyz, tri, cap);
    }
    qh->NOerrexit = True;
    return count;
}

int bench3_hull_triangles(const double *xyz, int n, int *tri, int cap)
{
    char messages[1024];
    FILE *err = fmemopen(messages, sizeof messages, "w");
    if (!err)
        return -1;
    double *coords = malloc((size_t)(n > 0 ? n : 1) * 3 * sizeof *coords);
    if (!coords) {
        fclose(err);
        return -1;
    }
    for (int i = 0; i < 3 * n; i++)
        coords[i] = xyz[i];
    qhT qh_storage;
    qhT *qh = &qh_storage;
    qh_zero(qh, err);
    int count = -1;
    if (qh_new_qhull(qh, 3, n, coords, False, (char *)"qhull Qt", NULL, err) == 0)
        count = guarded_read(qh, xyz, tri, cap);
    int still_long, total_long;
    qh_freeqhull(qh, !qh_ALL);
    qh_memfreeshort(qh, &still_long, &total_long);
    fclose(err);
    free(coords);
    return count;
}
