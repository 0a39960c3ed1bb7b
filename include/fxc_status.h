/* fxcollide status codes: every query and constructor returns one.
 * Negative values are errors. */
#ifndef FXC_STATUS_H
#define FXC_STATUS_H

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    FXC_OK = 0,               /* success (constructors, helpers) */
    FXC_SEPARATED = 1,        /* distance > FXC_TOUCH_TOL */
    FXC_TOUCHING = 2,         /* |signed distance| <= FXC_TOUCH_TOL */
    FXC_OVERLAPPING = 3,      /* the shapes overlap, depth not computed (fxc_distance); from
                               * fxc_intersect also when they only touch, from fxc_clearance
                               * when they are at most the clearance + FXC_TOUCH_TOL apart */
    FXC_PENETRATING = 4,      /* overlap deeper than FXC_TOUCH_TOL (collide: depth computed;
                               * shapecast: overlapping at the start) */
    FXC_HIT = 5,              /* cast: first contact at the fraction, approaching */
    FXC_GRAZING = 6,          /* cast: the surfaces come within FXC_CAST_TOL of each other
                               * without approaching along the contact normal */
    FXC_INSIDE = 7,           /* raycast: the ray starts inside the shape */
    FXC_ERR_NULL = -1,        /* a required pointer is NULL */
    FXC_ERR_RANGE = -2,       /* a value or a shape's world extent is beyond the supported range */
    FXC_ERR_NEGATIVE_SIZE = -3, /* a size, radius, margin or callback bound given to a
                                 * constructor is negative, or fxc_clearance's clearance,
                                 * or fxc_manifold's speculative distance */
    FXC_ERR_ZERO_SIZE = -4,   /* a size that must be positive is zero */
    FXC_ERR_EMPTY_HULL = -5,  /* hull with no vertices */
    FXC_ERR_TOO_MANY_VERTICES = -6, /* hull with more than FXC_HULL_MAX_VERTICES */
    FXC_ERR_BAD_SHAPE = -7,   /* a shape no constructor would build: unknown type, failed
                               * constructor, or a field changed to an invalid value */
    FXC_ERR_BAD_TRANSFORM = -8, /* rotation entry beyond +-2 units */
    FXC_ERR_CALLBACK = -9,    /* user support callback returned a point outside its declared
                               * bound, or a point that is not its farthest one */
    FXC_ERR_CAPACITY = -10,   /* EPA polytope capacity exhausted (best answer filled in) */
    FXC_ERR_NO_CONVERGENCE = -11, /* iteration cap reached, or no progress for a few steps, before
                                   * the bounds met (best answer filled in) */
    FXC_ERR_BUSY = -12,       /* the workspace is in use by a query that has not returned
                               * (a support callback queried with its caller's workspace) */
    FXC_ERR_CONFIG = -13      /* the caller was compiled with other fxc_config.h options than
                               * the library (FXC_CONFIG_ID differs): its workspace may have
                               * another size, so it is left untouched */
} fxc_status;

/* Human-readable name of a status ("FXC_SEPARATED", ...). */
const char *fxc_status_name(int status);

#ifdef __cplusplus
}
#endif

#endif /* FXC_STATUS_H */
