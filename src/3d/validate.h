/* Checks of the numbers a 3D call is given, shared by the adders, the
 * transforms and the point queries' callers. */
#ifndef SEPAX_VALIDATE3_H
#define SEPAX_VALIDATE3_H

#include <math.h>

#include "sepax/sepax3d.h"

static inline int sepax3_finite(sepax3_vec p)
{
    return isfinite(p.x) && isfinite(p.y) && isfinite(p.z);
}

/* finite, and within SEPAX_MAX_COORDINATE */
static inline sepax_status sepax3_check_point(sepax3_vec p)
{
    if (!isfinite(p.x) || !isfinite(p.y) || !isfinite(p.z))
        return SEPAX_ERR_NOT_FINITE;
    if (fabsf(p.x) > SEPAX_MAX_COORDINATE || fabsf(p.y) > SEPAX_MAX_COORDINATE ||
        fabsf(p.z) > SEPAX_MAX_COORDINATE)
        return SEPAX_ERR_OUT_OF_RANGE;
    return SEPAX_OK;
}

/* finite, and of unit length within SEPAX_ROTATION_TOLERANCE (in double, so
 * that the check itself does not round a bad quaternion into range) */
static inline sepax_status sepax3_check_quat(sepax3_quat q)
{
    if (!isfinite(q.w) || !isfinite(q.x) || !isfinite(q.y) || !isfinite(q.z))
        return SEPAX_ERR_NOT_FINITE;
    const double n2 = (double)q.w * q.w + (double)q.x * q.x + (double)q.y * q.y +
                      (double)q.z * q.z;
    return fabs(n2 - 1.0) <= SEPAX_ROTATION_TOLERANCE ? SEPAX_OK : SEPAX_ERR_BAD_TRANSFORM;
}

#endif
