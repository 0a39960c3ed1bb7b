/* Separating axes for two boxes whose cores overlap (internal header). */
#ifndef FXC_SAT_H
#define FXC_SAT_H

#include "epa.h"
#include "wide.h"

/* Depth (raw) from which two boxes are answered by their axes: the
 * corners every other query sees are each rounded by up to 0.87 LSB, so
 * boxes this deep overlap there too, beyond the touching band, and GJK
 * would find them so. */
#define FXC_SAT_MIN_DEPTH 4

/* The penetration of two box cores (both bodies of p are boxes) from
 * their 15 separating axes, chosen exactly. Writes r as EPA would (0
 * iterations, low = depth) and returns 1 when the boxes overlap by at
 * least FXC_SAT_MIN_DEPTH along every axis. Returns 0, leaving the pair to
 * GJK (and EPA), when they are apart or shallower (it stops at the first
 * axis that shows so), when an edge of one box is exactly parallel to a
 * face of the other (resting, aligned boxes, whose contact point would
 * need clipping), or when a rotation is singular. */
int fxc_box_sat(fxc_pair *p, fxc_epa_result *r);

/* Comparing depths o1 / |n1| and o2 / |n2| (overlaps 0 < o < 2^85 at
 * the scale of axes |n_k| <= 2^35), as o1^2 |n2|^2 against o2^2 |n1|^2:
 * the filter from 31-bit mantissas (-1 or 1 when it is sure, 0 when the
 * two are within its error), the exact comparison in 32-bit limbs (-1, 0
 * or 1). Exported for the tests. */
int fxc_ratio_cmp_filter(fxc_i128 o1, const fxc_vec3w *n1, fxc_i128 o2, const fxc_vec3w *n2);
int fxc_ratio_cmp_exact(fxc_i128 o1, const fxc_vec3w *n1, fxc_i128 o2, const fxc_vec3w *n2);

#endif /* FXC_SAT_H */
