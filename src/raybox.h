/* Ray against a box without margin, by its slabs (internal header). */
#ifndef FXC_RAYBOX_H
#define FXC_RAYBOX_H

#include "pair.h"

/* The ray from `origin` along v against s at t, a box without margin:
 * checks the shape, the rotation and the range as a cast's pair would
 * (fxc_point_path_check), then writes the raycast's status to *status
 * and its answer to hit (fraction, point, normal; iterations untouched),
 * and returns 1; returns 0 for a singular rotation (conservative
 * advancement answers). v below 2^30 per component, and origin + v in
 * the world's range. */
int fxc_ray_box(const fxc_shape *s, const fxc_transform *t, fxc_vec3 origin, fxc_vec3 v, fxc_ray_hit *hit,
                int *status);

#endif /* FXC_RAYBOX_H */
