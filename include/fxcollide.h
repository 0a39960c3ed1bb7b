/* fxcollide: narrow-phase collision detection in Q16.16 fixed point.
 *
 * GJK (intersection, distance, closest points) and a sign-test EPA
 * (penetration depth, normal, contact points) for microcontrollers without
 * an FPU. No heap, no floating point, bounded work per query, and the same
 * bits on every platform.
 *
 * Conventions, once for the whole API:
 *  - Numbers are libfixmath fix16_t (Q16.16). Every point of every shape, in
 *    world space, must lie within |x|,|y|,|z| < 2^FXC_RANGE_BITS units
 *    (4096 by default); queries check this and answer FXC_ERR_RANGE.
 *  - Every function returns a status; negative values are errors. Output
 *    structs are fully written whatever the status.
 */
#ifndef FXCOLLIDE_H
#define FXCOLLIDE_H

#include "fxc_config.h"
#include "fxc_vec.h"

#define FXC_VERSION_MAJOR 0
#define FXC_VERSION_MINOR 1
#define FXC_VERSION_PATCH 0
#define FXC_VERSION_STRING "0.1.0"

/* Version string of the compiled library ("major.minor.patch"). */
const char *fxc_version(void);

#endif /* FXCOLLIDE_H */
