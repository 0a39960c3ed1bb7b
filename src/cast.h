/* What the casts share (internal header): the straight cast (src/cast.c)
 * and the turning one (src/motion.c) answer contact and an overlap at the
 * start by the same rules. */
#ifndef FXC_CAST_H
#define FXC_CAST_H

#include "query.h"

/* floor(t v / 2^32) for 0 <= t <= 2^32: one 32 x 32-bit product of |v|
 * and t (below 2^63), where t v in int64 is a 64 x 64-bit multiply, a
 * library call on the Cortex-M0; a negative product rounds down as the
 * arithmetic shift of t v would. */
static inline fix16_t fxc_cast_step(fix16_t v, int64_t t)
{
    uint64_t m;
    if (t == (int64_t)1 << 32) return v;
    m = fxc_umull(fxc_abs_u32(v), (uint32_t)t);
    return v < 0 ? (fix16_t)-(int64_t)((m + 0xFFFFFFFFu) >> 32) : (fix16_t)(m >> 32);
}

/* pos moved by fraction t (Q32, 0 .. 2^32) of v, each coordinate's step
 * rounded down: where the casts put a moving point (B's position, the
 * pivot, the ray's hit). */
static inline fxc_vec3 fxc_cast_placed(fxc_vec3 pos, fxc_vec3 v, int64_t t)
{
    return fxc_v3(pos.x + fxc_cast_step(v.x, t), pos.y + fxc_cast_step(v.y, t), pos.z + fxc_cast_step(v.z, t));
}

/* A cast's start: FXC_ERR_NULL for a NULL out, else the workspace's
 * rules (fxc_workspace_claim; the workspace is left free) and, on an
 * error, the zero result in *out. */
int fxc_cast_start(uint32_t config, fxc_workspace *ws, fxc_cast_result *out);

/* The status at contact, from the sign of the closing speed of B along
 * the normal (negative: approaching) and B's move v: FXC_HIT approaching;
 * at the start, FXC_TOUCHING moving apart or not moving at all (v zero);
 * else FXC_GRAZING (sliding along the surface). */
int fxc_cast_status(int64_t closing, int at_start, fxc_vec3 v);

/* The answer of a cast whose shapes overlap at the start: fxc_collide's
 * status, depth, normal (also to *normal) and points into *out, its
 * fraction 0 and one iteration. The caller turns FXC_TOUCHING into its
 * rule at contact. */
int fxc_cast_overlap(uint32_t config, const fxc_shape *a, const fxc_transform *ta, const fxc_shape *b,
                     const fxc_transform *tb, fxc_workspace *ws, fxc_cast_result *out, fxc_vec3 *normal);

#endif /* FXC_CAST_H */
