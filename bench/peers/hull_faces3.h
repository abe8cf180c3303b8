/* Triangles of a convex hull's vertices, by Qhull, for peers that want a
 * hull with faces (FCL's Convex): run once per hull when a peer's world is
 * built, never in a timed loop. */
#ifndef SEPAX_BENCH_HULL_FACES3_H
#define SEPAX_BENCH_HULL_FACES3_H

#ifdef __cplusplus
extern "C" {
#endif

/* The n points xyz[3 i .. 3 i + 2] (the corners of a convex hull) as
 * triangles, "qhull Qt": tri[3 k .. 3 k + 2] are point indices,
 * counter-clockwise seen from outside. Writes at most cap triangles;
 * returns their count, or -1 when Qhull fails or there are more than cap.
 * Qhull's messages go to a memory file and are dropped. */
int bench3_hull_triangles(const double *xyz, int n, int *tri, int cap);

#ifdef __cplusplus
}
#endif

#endif
