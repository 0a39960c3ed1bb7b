/* Ray against a box without margin, by its slabs (internal header). */
#ifndef FXC_RAYBOX_H
#define FXC_RAYBOX_H

#include "pair.h"

/* The ray from B's position (a point body) along v (raw, below 2^30 per
 * component, both ends in range) against A, a box without margin, on a
 * prepared pair: writes the raycast's status to *status and its answer to
 * hit (fraction, point, normal; iterations untouched), and returns 1;
 * returns 0 for a singular rotation (conservative advancement answers). */
int fxc_ray_box(const fxc_pair *p, fxc_vec3 v, fxc_ray_hit *hit, int *status);

#endif /* FXC_RAYBOX_H */
