/* Status messages and the version the library was built as. */
#include "sepax/sepax_common.h"

const char *sepax_status_string(sepax_status status)
{
    switch (status) {
    case SEPAX_OK: return "ok";
    case SEPAX_ERR_NULL: return "a required pointer is NULL";
    case SEPAX_ERR_TOO_FEW_VERTICES: return "too few points: a polygon needs 3 vertices apart by more than SEPAX_CLEAN_TOLERANCE of its size, a hull 4 points";
    case SEPAX_ERR_TOO_MANY_VERTICES: return "too many vertices: at most 64 after cleaning (a polygon) or on the hull, 1024 given";
    case SEPAX_ERR_NOT_FINITE: return "a coordinate, extent, radius, rotation or query point is NaN or infinite";
    case SEPAX_ERR_DEGENERATE: return "shape is degenerate: a polygon or box with no area (within SEPAX_CLEAN_TOLERANCE of a line), a hull with no volume (within SEPAX3_FLAT_TOLERANCE of a plane), or a segment or capsule whose ends coincide";
    case SEPAX_ERR_NON_CONVEX: return "polygon is not convex";
    case SEPAX_ERR_SELF_INTERSECTING: return "polygon outline crosses itself";
    case SEPAX_ERR_BAD_ARGUMENT: return "bad argument: a grouped list's starts do not begin at 0, or decrease";
    case SEPAX_ERR_OUT_OF_MEMORY: return "out of memory";
    case SEPAX_ERR_BAD_ID: return "shape id names no slot of this store";
    case SEPAX_ERR_STALE_ID: return "shape id names a removed shape";
    case SEPAX_ERR_BAD_PAIR: return "pair names the same shape twice, or lies outside its group";
    case SEPAX_ERR_BAD_TRANSFORM: return "rotation is not of unit length (a 2D cosine and sine, or a quaternion)";
    case SEPAX_ERR_CAPACITY: return "output buffer too small";
    case SEPAX_ERR_FULL: return "store is full";
    case SEPAX_ERR_OVERFLOW: return "count too large for the sizes or offsets it needs";
    case SEPAX_ERR_UNKNOWN_BACKEND: return "unknown backend name or value";
    case SEPAX_ERR_UNSUPPORTED_BACKEND: return "backend not built in or not supported by this CPU";
    case SEPAX_ERR_OUT_OF_RANGE: return "coordinate, extent or radius beyond SEPAX_MAX_COORDINATE (1e18)";
    case SEPAX_ERR_BAD_OPTIONS: return "size field of an options struct or task system names no layout this library knows";
    case SEPAX_ERR_HULL_FAILED: return "the convex hull builder failed on the points";
    case SEPAX_ERR_BAD_RADIUS: return "the radius must be above 0";
    case SEPAX_ERR_BAD_EXTENT: return "a box's half extents must all be above 0";
    case SEPAX_ERR_WRONG_KIND: return "the shape is not of the kind this call takes (sepax3_hull_vertices takes a hull)";
    case SEPAX_ERR_BAD_WORKER: return "bad worker count or index: a task system needs 1 to SEPAX_MAX_WORKERS (64) workers and must give each task an index below its worker count";
    case SEPAX_ERR_TOO_SMALL: return "the shape is too small for float at its distance from the origin: points it holds apart (a box's corners, a capsule's ends) round together";
    case SEPAX_STATUS_COUNT: break;
    }
    return "unknown status";
}

uint32_t sepax_version(void)
{
    return SEPAX_VERSION;
}

const char *sepax_version_string(void)
{
    return SEPAX_VERSION_STRING;
}
