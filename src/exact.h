/* Exact integer arithmetic for the library's kernels (internal header):
 * wide vectors, 32 x 32 -> 64-bit multiplies (soft on the Cortex-M0),
 * Q32.32 -> Q16.16 rounding, exact dot and cross products, rotations and
 * integer square roots. Users never need these: the public vector kernels
 * (include/fxc_vec.h) are built on them in src/vec.c. */
#ifndef FXC_EXACT_H
#define FXC_EXACT_H

#include <stdint.h>
#include "fxc_vec.h"

/* Wide vector: exact Q32.32 results of cross products (each |c| < 2^63). */
typedef struct { int64_t x, y, z; } fxc_vec3w;

/* Q32.32 -> Q16.16, rounded half up, saturated to +-FXC_FIX16_MAX.
 * In: any int64 below 2^63 - 2^15. Out: exact rounding when |v| < 2^47. */
static inline fix16_t fxc_round32(int64_t v)
{
    int64_t r = (v + 0x8000) >> 16;
    if (r > FXC_FIX16_MAX) return FXC_FIX16_MAX;
    if (r < -FXC_FIX16_MAX) return -FXC_FIX16_MAX;
    return (fix16_t)r;
}

/* Exact a * b, 32 x 32 -> 64 bits: every product of two 32-bit values in
 * the library goes through these, except a few in fxc_mat3_from_axis_angle
 * (set-up code) whose operands are held in int64. With FXC_SOFT_MULTIPLY
 * (the default on Cortex-M0) they call src/mul.c, which splits the
 * operands into 16-bit halves; otherwise they are one long multiply
 * instruction. */
int64_t fxc_smull_soft(int32_t a, int32_t b);
uint64_t fxc_umull_soft(uint32_t a, uint32_t b);
int64_t fxc_dot2_soft(int32_t a, int32_t b, int32_t c, int32_t d);
int64_t fxc_dot3_soft(int32_t a, int32_t b, int32_t c, int32_t d, int32_t e, int32_t f);

static inline int64_t fxc_smull(int32_t a, int32_t b)
{
#if FXC_SOFT_MULTIPLY
    return fxc_smull_soft(a, b);
#else
    return (int64_t)a * b;
#endif
}

/* a * b + c * d, exact when the sum fits int64 (always, but for both
 * products at 2^62): one call where two fxc_smull would be two. The 2D
 * products use it; in 3D it saved too little (2 % of a box manifold on the
 * M0) for the stack its register spills cost there. */
static inline int64_t fxc_dot2(int32_t a, int32_t b, int32_t c, int32_t d)
{
#if FXC_SOFT_MULTIPLY
    return fxc_dot2_soft(a, b, c, d);
#else
    return (int64_t)a * b + (int64_t)c * d;
#endif
}

/* a * b + c * d + e * f, exact when every partial sum fits int64 (the
 * callers' budgets: below 2^62): one call where three fxc_smull would be
 * three (3D dot products, a rotation's rows). */
static inline int64_t fxc_dot3(int32_t a, int32_t b, int32_t c, int32_t d, int32_t e, int32_t f)
{
#if FXC_SOFT_MULTIPLY
    return fxc_dot3_soft(a, b, c, d, e, f);
#else
    return (int64_t)a * b + (int64_t)c * d + (int64_t)e * f;
#endif
}

static inline uint64_t fxc_umull(uint32_t a, uint32_t b)
{
#if FXC_SOFT_MULTIPLY
    return fxc_umull_soft(a, b);
#else
    return (uint64_t)a * b;
#endif
}

/* Wide (int64) copy of a vector, exact. */
static inline fxc_vec3w fxc_v3_widen(fxc_vec3 a)
{
    fxc_vec3w r;
    r.x = a.x;
    r.y = a.y;
    r.z = a.z;
    return r;
}

/* Exact dot product in Q32.32. |a|,|b| < 2^30 raw -> each product < 2^60,
 * sum < 2^62: never overflows. Used for every sign decision. */
static inline int64_t fxc_v3_dot_wide(fxc_vec3 a, fxc_vec3 b)
{
    return fxc_dot3(a.x, b.x, a.y, b.y, a.z, b.z);
}

/* Exact cross product in Q32.32. |a|,|b| < 2^31 raw -> each component is a
 * difference of two products below 2^62: |c| < 2^63, never overflows. */
static inline fxc_vec3w fxc_v3_cross_wide(fxc_vec3 a, fxc_vec3 b)
{
    fxc_vec3w c;
    c.x = fxc_smull(a.y, b.z) - fxc_smull(a.z, b.y);
    c.y = fxc_smull(a.z, b.x) - fxc_smull(a.x, b.z);
    c.z = fxc_smull(a.x, b.y) - fxc_smull(a.y, b.x);
    return c;
}

/* Matrix * vector: |m| <= 2 units (2^17 raw), |v| < 2^30 raw -> products
 * < 2^47, row sums < 2^49; rounded once per component (<= 0.5 LSB). The
 * body of the public fxc_mat3_mul_v3, inline for the support functions. */
static inline fxc_vec3 fxc_mat3_apply(const fxc_mat3 *m, fxc_vec3 v)
{
    return fxc_v3(
        fxc_round32(fxc_dot3(m->m[0][0], v.x, m->m[0][1], v.y, m->m[0][2], v.z)),
        fxc_round32(fxc_dot3(m->m[1][0], v.x, m->m[1][1], v.y, m->m[1][2], v.z)),
        fxc_round32(fxc_dot3(m->m[2][0], v.x, m->m[2][1], v.y, m->m[2][2], v.z)));
}

/* Transpose(matrix) * vector (the inverse rotation for an orthonormal m);
 * same budget and rounding as fxc_mat3_apply. */
static inline fxc_vec3 fxc_mat3_apply_t(const fxc_mat3 *m, fxc_vec3 v)
{
    return fxc_v3(
        fxc_round32(fxc_dot3(m->m[0][0], v.x, m->m[1][0], v.y, m->m[2][0], v.z)),
        fxc_round32(fxc_dot3(m->m[0][1], v.x, m->m[1][1], v.y, m->m[2][1], v.z)),
        fxc_round32(fxc_dot3(m->m[0][2], v.x, m->m[1][2], v.y, m->m[2][2], v.z)));
}

/* floor(sqrt(v)) for any 64-bit unsigned v; exact. */
uint32_t fxc_isqrt64(uint64_t v);

/* Rotation by `angle` about the unit axis k (as fxc_v3_normalize gives
 * it): fxc_mat3_from_axis_angle's body, for a caller that turns about one
 * axis by many angles and normalises it once (src/motion.c). */
void fxc_mat3_turn(fxc_vec3 k, fix16_t angle, fxc_mat3 *out);

/* Unit vector along a wide (Q32.32 or any common scale) vector, in Q16.16.
 * The vector is shifted so its largest component has 30 significant bits,
 * then multiplied by its reciprocal length from fxc_rsqrt (table seed and
 * three Newton steps, no division; relative error 2^-28): error below
 * 0.5 + 2^-11 LSB per component. Returns 0 and writes the zero vector when v is
 * zero, 1 otherwise. */
int fxc_v3w_normalize(fxc_vec3w v, fxc_vec3 *out);

#endif /* FXC_EXACT_H */
