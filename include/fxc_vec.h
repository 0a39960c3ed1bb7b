/* fxcollide vector kernels on Q16.16 (libfixmath's fix16_t).
 *
 * Conventions for every kernel below:
 *  - "raw" means the int32 behind a fix16_t (value * 2^16).
 *  - Products of two raw values are exact in int64 (Q32.32). Sums of up to
 *    three such products are formed in int64 and rounded ONCE to Q16.16
 *    (round half up: add 2^15, arithmetic shift right 16).
 *  - Each kernel states its input range, the width of its intermediates and
 *    what happens out of range. Kernels returning fix16_t saturate to
 *    +-FXC_FIX16_MAX instead of wrapping; the library never relies on that,
 *    because every query first checks each shape's reach against the
 *    supported range (src/support.c; see fxc_config.h).
 *  - Pointers must be valid: the kernels check none, but for the two that
 *    return a status (fxc_mat3_from_quat, fxc_mat3_from_axis_angle:
 *    FXC_ERR_NULL for a NULL out). The constructors and queries of
 *    fxcollide.h check every pointer.
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

#ifdef __cplusplus
extern "C" {
#endif

typedef struct { fix16_t x, y, z; } fxc_vec3;
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

/* ---- Out-of-line kernels (src/vec.c) ---- */

/* Scale by s: each product exact in int64 (|a|,|s| < 2^31 -> < 2^62),
 * rounded once; saturates to +-0x7FFFFFFF when the rounded product's
 * magnitude reaches 32768 units (so -32768 units itself gives
 * -0x7FFFFFFF). */
fxc_vec3 fxc_v3_scale(fxc_vec3 a, fix16_t s);

/* Dot product in Q16.16: the exact Q32.32 sum of the three products
 * (|a|,|b| < 2^30 raw: below 2^62) rounded once (error <= 0.5 LSB);
 * saturates when the result reaches 32768 units. */
fix16_t fxc_v3_dot(fxc_vec3 a, fxc_vec3 b);

/* Cross product in Q16.16: each exact component rounded once (<= 0.5 LSB),
 * inputs |a|,|b| < 2^30 raw; saturates at 32768 units. */
fxc_vec3 fxc_v3_cross(fxc_vec3 a, fxc_vec3 b);

/* Matrix * vector: |m| <= 2 units (2^17 raw), |v| < 2^30 raw -> products
 * < 2^47, row sums < 2^49; rounded once per component (<= 0.5 LSB). */
fxc_vec3 fxc_mat3_mul_v3(const fxc_mat3 *m, fxc_vec3 v);

/* Transpose(matrix) * vector (the inverse rotation for an orthonormal m);
 * same budget and rounding as fxc_mat3_mul_v3. */
fxc_vec3 fxc_mat3_tmul_v3(const fxc_mat3 *m, fxc_vec3 v);

/* Transform a local point to world: rot * p + pos (rounded once, then an
 * exact add). Needs |rot * p| + |pos| < 2^31 raw. */
fxc_vec3 fxc_transform_point(const fxc_transform *t, fxc_vec3 p);

/* |a| in Q16.16: sqrt of the exact Q32.32 sum of squares, rounded to
 * nearest (error <= 0.5 LSB). |a| < 2^30 raw per component. */
fix16_t fxc_v3_length(fxc_vec3 a);

/* Unit vector along a Q16.16 vector: the vector is shifted so its largest
 * component has 30 significant bits, then multiplied by its reciprocal
 * length (table seed and three Newton steps, no division; relative error
 * 2^-28): error below 0.5 + 2^-11 LSB per component. Returns 0 and writes the
 * zero vector when a is zero, 1 otherwise. */
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
 * libfixmath's fix16_sin, which is only accurate there. Each within 6 LSB
 * of the exact sine and cosine of the angle (test_sincos). */
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

#ifdef __cplusplus
}
#endif

#endif /* FXC_VEC_H */
