/* fxcollide vector kernels on Q16.16 (libfixmath's fix16_t).
 *
 * Conventions for every kernel below:
 *  - "raw" means the int32 behind a fix16_t (value * 2^16).
 *  - Products of two raw values are exact in int64 (Q32.32). Sums of up to
 *    three such products are formed in int64 and rounded ONCE to Q16.16 by
 *    fxc_round32 (round half up: add 2^15, arithmetic shift right 16).
 *  - Each kernel states its input range, the width of its intermediates and
 *    what happens out of range. Kernels returning fix16_t saturate to
 *    +-FXC_FIX16_MAX instead of wrapping; the library never relies on that,
 *    because every query first checks each shape's reach against the
 *    supported range (src/support.c; see fxc_config.h).
 *  - Arithmetic right shift of negative int64 is implementation-defined in C;
 *    every supported compiler (gcc, clang, arm-none-eabi-gcc) shifts
 *    arithmetically, and src/vec.c checks it at compile time.
 */
#ifndef FXC_VEC_H
#define FXC_VEC_H

#include <stdint.h>
#include <fix16.h>
#include "fxc_config.h"
#include "fxc_status.h"

typedef struct { fix16_t x, y, z; } fxc_vec3;
/* Wide vector: exact Q32.32 results of cross products (each |c| < 2^63). */
typedef struct { int64_t x, y, z; } fxc_vec3w;
/* 3x3 matrix, row-major: m[row][col]. World = rot * local + pos. */
typedef struct { fix16_t m[3][3]; } fxc_mat3;
typedef struct { fxc_mat3 rot; fxc_vec3 pos; } fxc_transform;
/* Quaternion w + xi + yj + zk; need not be unit length (see fxc_mat3_from_quat). */
typedef struct { fix16_t w, x, y, z; } fxc_quat;

#define FXC_FIX16_MAX ((fix16_t)0x7FFFFFFF)
#define FXC_ONE ((fix16_t)0x00010000)
/* 2^(16+FXC_RANGE_BITS) - 1: the largest raw distance, per coordinate,
 * of any point of a query's shapes from the pair's centre (the midpoint
 * of the two positions), and the largest raw size, margin, vertex
 * coordinate or clearance accepted. World points are bounded by
 * FXC_WORLD_LIMIT instead. */
#define FXC_RAW_LIMIT ((int32_t)((1L << (16 + FXC_RANGE_BITS)) - 1))
/* Largest raw world coordinate of any shape point: 32767 units, one unit
 * below Q16.16's limit, so that a result point rounded a few LSB outside
 * its shape still fits. */
#define FXC_WORLD_LIMIT ((int32_t)0x7FFF0000)

static inline fxc_vec3 fxc_v3(fix16_t x, fix16_t y, fix16_t z)
{
    fxc_vec3 r;
    r.x = x; r.y = y; r.z = z;
    return r;
}

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

static inline int64_t fxc_smull(int32_t a, int32_t b)
{
#if FXC_SOFT_MULTIPLY
    return fxc_smull_soft(a, b);
#else
    return (int64_t)a * b;
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

/* Add / subtract: |a|,|b| < 2^30 raw (16384 units) -> |result| < 2^31, exact. */
static inline fxc_vec3 fxc_v3_add(fxc_vec3 a, fxc_vec3 b)
{
    return fxc_v3(a.x + b.x, a.y + b.y, a.z + b.z);
}
static inline fxc_vec3 fxc_v3_sub(fxc_vec3 a, fxc_vec3 b)
{
    return fxc_v3(a.x - b.x, a.y - b.y, a.z - b.z);
}
/* Negate: exact for any input except raw INT32_MIN (never produced here). */
static inline fxc_vec3 fxc_v3_neg(fxc_vec3 a)
{
    return fxc_v3(-a.x, -a.y, -a.z);
}

/* Scale by s: each product exact in int64 (|a|,|s| < 2^31 -> < 2^62),
 * rounded once; saturates when |a*s| >= 32768 units. */
static inline fxc_vec3 fxc_v3_scale(fxc_vec3 a, fix16_t s)
{
    return fxc_v3(fxc_round32(fxc_smull(a.x, s)),
                  fxc_round32(fxc_smull(a.y, s)),
                  fxc_round32(fxc_smull(a.z, s)));
}

/* Exact dot product in Q32.32. |a|,|b| < 2^30 raw -> each product < 2^60,
 * sum < 2^62: never overflows. Used for every sign decision. */
static inline int64_t fxc_v3_dot_wide(fxc_vec3 a, fxc_vec3 b)
{
    return fxc_smull(a.x, b.x) + fxc_smull(a.y, b.y) + fxc_smull(a.z, b.z);
}

/* Dot product in Q16.16: fxc_v3_dot_wide rounded once (error <= 0.5 LSB);
 * saturates when the result reaches 32768 units. */
static inline fix16_t fxc_v3_dot(fxc_vec3 a, fxc_vec3 b)
{
    return fxc_round32(fxc_v3_dot_wide(a, b));
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

/* Cross product in Q16.16: each exact component rounded once (<= 0.5 LSB),
 * inputs |a|,|b| < 2^30 raw; saturates at 32768 units. */
static inline fxc_vec3 fxc_v3_cross(fxc_vec3 a, fxc_vec3 b)
{
    fxc_vec3w c = fxc_v3_cross_wide(a, b);
    return fxc_v3(fxc_round32(c.x), fxc_round32(c.y), fxc_round32(c.z));
}

/* Matrix * vector: |m| <= 2 units (2^17 raw), |v| < 2^30 raw -> products
 * < 2^47, row sums < 2^49; rounded once per component (<= 0.5 LSB). */
static inline fxc_vec3 fxc_mat3_mul_v3(const fxc_mat3 *m, fxc_vec3 v)
{
    return fxc_v3(
        fxc_round32(fxc_smull(m->m[0][0], v.x) + fxc_smull(m->m[0][1], v.y) + fxc_smull(m->m[0][2], v.z)),
        fxc_round32(fxc_smull(m->m[1][0], v.x) + fxc_smull(m->m[1][1], v.y) + fxc_smull(m->m[1][2], v.z)),
        fxc_round32(fxc_smull(m->m[2][0], v.x) + fxc_smull(m->m[2][1], v.y) + fxc_smull(m->m[2][2], v.z)));
}

/* Transpose(matrix) * vector (the inverse rotation for an orthonormal m);
 * same budget and rounding as fxc_mat3_mul_v3. */
static inline fxc_vec3 fxc_mat3_tmul_v3(const fxc_mat3 *m, fxc_vec3 v)
{
    return fxc_v3(
        fxc_round32(fxc_smull(m->m[0][0], v.x) + fxc_smull(m->m[1][0], v.y) + fxc_smull(m->m[2][0], v.z)),
        fxc_round32(fxc_smull(m->m[0][1], v.x) + fxc_smull(m->m[1][1], v.y) + fxc_smull(m->m[2][1], v.z)),
        fxc_round32(fxc_smull(m->m[0][2], v.x) + fxc_smull(m->m[1][2], v.y) + fxc_smull(m->m[2][2], v.z)));
}

/* Transform a local point to world: rot * p + pos (rounded once, then an
 * exact add). Needs |rot * p| + |pos| < 2^31 raw. */
static inline fxc_vec3 fxc_transform_point(const fxc_transform *t, fxc_vec3 p)
{
    return fxc_v3_add(fxc_mat3_mul_v3(&t->rot, p), t->pos);
}

/* ---- Out-of-line kernels (src/vec.c) ---- */

/* floor(sqrt(v)) for any 64-bit unsigned v; exact. */
uint32_t fxc_isqrt64(uint64_t v);

/* |a| in Q16.16: sqrt of the exact Q32.32 sum of squares, rounded to
 * nearest (error <= 0.5 LSB). |a| < 2^30 raw per component. */
fix16_t fxc_v3_length(fxc_vec3 a);

/* Unit vector along a wide (Q32.32 or any common scale) vector, in Q16.16.
 * The vector is shifted so its largest component has 30 significant bits,
 * then multiplied by its reciprocal length from fxc_rsqrt (table seed and
 * three Newton steps, no division; relative error 2^-28): error <= 0.5 +
 * 2^-12 LSB per component. Returns 0 and writes the zero vector when v is
 * zero, 1 otherwise. */
int fxc_v3w_normalize(fxc_vec3w v, fxc_vec3 *out);

/* Unit vector along a Q16.16 vector (same method and error as above).
 * Returns 0 and writes the zero vector when a is zero, 1 otherwise. */
int fxc_v3_normalize(fxc_vec3 a, fxc_vec3 *out);

/* Matrix product a*b: entries |a|,|b| <= 2 units; each entry is a 3-term
 * exact sum rounded once (<= 0.5 LSB). out may alias a or b. */
void fxc_mat3_mul(const fxc_mat3 *a, const fxc_mat3 *b, fxc_mat3 *out);

/* Identity matrix. */
void fxc_mat3_identity(fxc_mat3 *out);

/* Rotation matrix of quaternion q (any length with 2^-8 <= |q| <= 128 units:
 * the entries are exact rationals (q q~)/|q|^2, each rounded once, error
 * <= 0.5 LSB). Returns FXC_OK, FXC_ERR_NULL (out NULL), or FXC_ERR_RANGE
 * (and the identity) when |q| is outside that range. */
int fxc_mat3_from_quat(fxc_quat q, fxc_mat3 *out);

/* Rotation by `angle` radians (any fix16_t) about `axis` (any nonzero
 * vector; normalised here). Rodrigues' formula on exactly reduced sine and
 * cosine. Returns FXC_OK, FXC_ERR_NULL (out NULL), or FXC_ERR_ZERO_SIZE
 * (and the identity) for a zero axis. */
int fxc_mat3_from_axis_angle(fxc_vec3 axis, fix16_t angle, fxc_mat3 *out);

/* Sine and cosine of any fix16_t angle. The angle is reduced modulo 2*pi in
 * Q32.32 (so large angles lose nothing) and folded into [-pi/2, pi/2] before
 * libfixmath's fix16_sin, which is only accurate there. */
void fxc_sincos(fix16_t angle, fix16_t *s, fix16_t *c);

/* 1 if |x| < 2^FXC_RANGE_BITS units (raw |x| <= FXC_RAW_LIMIT), else 0.
 * For callers: the library itself does not call these (queries check a
 * shape's reach from the pair's centre, src/support.c). */
static inline int fxc_in_range(fix16_t x)
{
    return x >= -FXC_RAW_LIMIT && x <= FXC_RAW_LIMIT;
}
/* 1 if every component of a is in range. */
static inline int fxc_v3_in_range(fxc_vec3 a)
{
    return fxc_in_range(a.x) && fxc_in_range(a.y) && fxc_in_range(a.z);
}

#endif /* FXC_VEC_H */
