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

/* A box body's parallelepiped: its core is the centre plus sum_k l_k c_k
 * / 2^16 with |l_k| <= h_k (raw), c_k the rotation's columns as given. */
typedef struct {
    fxc_vec3 c[3];  /* rotation columns, raw (|c_k| <= 2^17) */
    uint32_t h[3];  /* half extents, raw (< 2^28) */
    fxc_vec3w f[3]; /* face normals f_k = c_{k+1} x c_{k+2} (< 2^35) */
    int64_t det;    /* c_k . f_k, the same for every k (< 2^54) */
} fxc_box_frame;

void fxc_box_frame_of(const fxc_shape *box, const fxc_mat3 *rot, fxc_box_frame *f);

/* d . n * 2^16 exactly, for |d_k| < 2^31 (raw) and |n_k| <= 2^35 (an
 * axis): each n_k split as hi * 2^16 + lo (0 <= lo < 2^16), so every
 * product is 32 x 32 bits; the sums stay below 2^52 and 2^49, the result
 * below 2^84. */
fxc_i128 fxc_dot_axis(fxc_vec3 d, const fxc_vec3w *n);

/* Comparing depths o1 / |n1| and o2 / |n2| (overlaps 0 < o < 2^85 at
 * the scale of axes |n_k| <= 2^35), as o1^2 |n2|^2 against o2^2 |n1|^2:
 * the filter from 31-bit mantissas (-1 or 1 when it is sure, 0 when the
 * two are within its error), the exact comparison in 32-bit limbs (-1, 0
 * or 1). Exported for the tests. */
int fxc_ratio_cmp_filter(fxc_i128 o1, const fxc_vec3w *n1, fxc_i128 o2, const fxc_vec3w *n2);
int fxc_ratio_cmp_exact(fxc_i128 o1, const fxc_vec3w *n1, fxc_i128 o2, const fxc_vec3w *n2);

#endif /* FXC_SAT_H */
