/* Exact integer arithmetic wider than 64 bits, for the few decisions whose
 * operands exceed int64 (internal header).
 *
 * fxc_i128 is a two's complement 128-bit integer held in two uint64 halves,
 * so every operation is unsigned arithmetic and free of undefined behaviour.
 * Only what GJK and the 2D EPA need is here: products of two int64, sums,
 * sign, the filtered sign of a 2 x 2 determinant, a ratio comparison in
 * 192 bits, and right shifts of non-negative values. */
#ifndef FXC_WIDE_H
#define FXC_WIDE_H

#include <stdint.h>
#include "exact.h"
#include "fxc_bits.h"
#include "filter.h"

typedef struct { uint64_t lo, hi; } fxc_i128;

static inline fxc_i128 fxc_i128_from64(int64_t v)
{
    fxc_i128 r;
    r.lo = (uint64_t)v;
    r.hi = v < 0 ? ~(uint64_t)0 : 0;
    return r;
}

static inline fxc_i128 fxc_i128_add(fxc_i128 a, fxc_i128 b)
{
    fxc_i128 r;
    r.lo = a.lo + b.lo;
    r.hi = a.hi + b.hi + (r.lo < a.lo);
    return r;
}

static inline fxc_i128 fxc_i128_neg(fxc_i128 a)
{
    fxc_i128 r;
    r.lo = ~a.lo + 1;
    r.hi = ~a.hi + (r.lo == 0);
    return r;
}

static inline fxc_i128 fxc_i128_sub(fxc_i128 a, fxc_i128 b)
{
    return fxc_i128_add(a, fxc_i128_neg(b));
}

static inline int fxc_i128_sign(fxc_i128 a)
{
    if (a.hi >> 63) return -1;
    return (a.hi | a.lo) != 0;
}

/* The sign of a - b, no difference formed: the high halves as signed,
 * then the low ones. By address: two 128-bit arguments by value are a
 * memcpy call on the Cortex-M0. */
static inline int fxc_i128_cmp(const fxc_i128 *a, const fxc_i128 *b)
{
    if (a->hi != b->hi) return (int64_t)a->hi < (int64_t)b->hi ? -1 : 1;
    if (a->lo != b->lo) return a->lo < b->lo ? -1 : 1;
    return 0;
}

/* Exact a * b for any int64 a, b (src/wide.c). Out of line on purpose:
 * inlined six times into the triangle test it costs more stack than time. */
fxc_i128 fxc_i128_mul64(int64_t a, int64_t b);

/* a . b exactly, for |a_k b_k| < 2^125 (src/wide.c): the exact measures
 * and squared lengths of wide directions (GJK, the box slabs and axes,
 * a manifold's areas). */
fxc_i128 fxc_dot3_i128(const fxc_vec3w *a, const fxc_vec3w *b);

/* Sign of a b - c d, exactly, for |a|, |b|, |c|, |d| < 2^62 (GJK's
 * triangle regions). Filtered: with s the least shift that brings every
 * magnitude below 2^30, and x' = x >> s (a floor: x = 2^s x' + r_x with
 * 0 <= r_x < 2^s, and |x'| <= 2^30), A = a'b' - c'd' is exact in int64
 * (below 2^61). Each product differs from 2^2s times its cut one by
 * 2^s (a' r_b + b' r_a) + r_a r_b, less than 2^2s (2^31 + 1) in
 * magnitude, so a b - c d lies within 2^2s (2^32 + 2) of 2^2s A:
 * |A| > FXC_DET2_FILTER gives the sign, and with no shift A is the value
 * itself. Else the 128-bit products decide (fxc_det2_sign_exact). On the
 * Cortex-M0 the filter is two soft products where those are up to eight. */
#define FXC_DET2_FILTER (((int64_t)1 << 32) + 2)
int fxc_det2_sign_exact(int64_t a, int64_t b, int64_t c, int64_t d);

static inline int fxc_det2_sign(int64_t a, int64_t b, int64_t c, int64_t d)
{
    uint64_t m = fxc_abs_u64(a) | fxc_abs_u64(b) | fxc_abs_u64(c) | fxc_abs_u64(d);
    int s = fxc_bitlen64(m) - 30;
    int64_t A;
    if (s < 0) s = 0;
    A = fxc_smull((int32_t)(a >> s), (int32_t)(b >> s)) - fxc_smull((int32_t)(c >> s), (int32_t)(d >> s));
    FXC_FILTER_RUN(FXC_FILTER_DET2);
    if (s == 0 || A > FXC_DET2_FILTER || A < -FXC_DET2_FILTER) return (A > 0) - (A < 0);
    FXC_FILTER_FELL(FXC_FILTER_DET2);
    return fxc_det2_sign_exact(a, b, c, d);
}

/* a >> n for a >= 0 and 0 <= n < 128. */
static inline fxc_i128 fxc_i128_shr(fxc_i128 a, int n)
{
    fxc_i128 r;
    if (n >= 64) {
        r.lo = a.hi >> (n - 64);
        r.hi = 0;
    } else if (n > 0) {
        r.lo = (a.lo >> n) | (a.hi << (64 - n));
        r.hi = a.hi >> n;
    } else {
        r = a;
    }
    return r;
}

/* Number of significant bits of a >= 0 (0 for 0). */
static inline int fxc_i128_bits(fxc_i128 a)
{
    return a.hi ? 64 + fxc_bitlen64(a.hi) : fxc_bitlen64(a.lo);
}

/* Exact sign of a . b for |a_i| < 2^61 (a wide cross product) and
 * |b_i| < 2^30 (a Minkowski point or edge): the true value needs ~93 bits.
 * Each a_i is split as ah * 2^30 + al (ah < 2^31, 0 <= al < 2^30), so all
 * six partial products fit int32 x int32 -> int64 and their sums stay below
 * 2^63: H = sum ah*b < 2^62.6, L = sum al*b < 2^61.6, value = H*2^30 + L. */
static inline int fxc_sign_dot_wide(fxc_vec3w a, fxc_vec3 b)
{
    int64_t h = fxc_dot3((int32_t)(a.x >> 30), b.x, (int32_t)(a.y >> 30), b.y, (int32_t)(a.z >> 30), b.z);
    int64_t l = fxc_dot3((int32_t)(a.x & 0x3FFFFFFF), b.x, (int32_t)(a.y & 0x3FFFFFFF), b.y,
                         (int32_t)(a.z & 0x3FFFFFFF), b.z);
    int64_t t = h + (l >> 30);
    if (t != 0) return t > 0 ? 1 : -1;
    return (l & 0x3FFFFFFF) != 0;
}

/* Exact sign of (b - a) x (c - a) . (p - a) for points below 2^29 raw
 * (edges below 2^30, the normal below 2^61: fxc_sign_dot_wide's range):
 * positive when p lies beyond the plane of the counter-clockwise triangle
 * abc, 0 when the four are coplanar. */
static inline int fxc_orient_sign(fxc_vec3 a, fxc_vec3 b, fxc_vec3 c, fxc_vec3 p)
{
    return fxc_sign_dot_wide(fxc_v3_cross_wide(fxc_v3_sub(b, a), fxc_v3_sub(c, a)), fxc_v3_sub(p, a));
}

/* floor(n / d) for d > 0 and n < d 2^32: a quotient of 32 bits. Where
 * the core divides 32-bit words but not 64-bit ones (32-bit Arm with a
 * divide instruction: the Cortex-M3 and up), the compiler's 64-bit
 * division is a library call (libgcc's __aeabi_uldivmod): there, long
 * division in 16-bit digits (fxc_udiv64_32_digits, two hardware divides)
 * is a little cheaper (make profile on the M3, workload 15: about 43
 * instructions a division, against about 55). On the Cortex-M0, with no
 * divide instruction at all, a bit at a time (fxc_udiv64_32_bits, in
 * assembly). Elsewhere (the host) the compiler's. */
uint32_t fxc_udiv64_32_digits(uint64_t n, uint32_t d);
uint32_t fxc_udiv64_32_bits(uint64_t n, uint32_t d);

static inline uint32_t fxc_udiv64_32(uint64_t n, uint32_t d)
{
#if defined(__ARM_FEATURE_IDIV) && !defined(__aarch64__)
    return fxc_udiv64_32_digits(n, d);
#elif defined(__GNUC__) && defined(__ARM_ARCH_6M__)
    return fxc_udiv64_32_bits(n, d);
#else
    return (uint32_t)(n / d);
#endif
}

/* Q = num mul / den, for den > 0, |num| < 2^62 and |mul| < 2^31: rounded
 * half away from zero after a cut that moves it by less than (|Q| + 1)
 * 2^-31 (so within 1 LSB below 2^30); a quotient of 2^31 or more in
 * magnitude saturates to +-(2^31 - 1) (src/wide.c). */
int32_t fxc_mul_div(int64_t num, int32_t mul, int64_t den);

/* num / den in Q31 rounded half up, for num <= den and den > 0: both cut
 * alike until den has at most 33 bits (each cut moves the ratio by less
 * than 2^-32: together under one unit of the result), then
 * floor((num 2^31 + den / 2) / den) exactly; 2^31 when num and den are
 * equal once cut. No 64-bit division (src/wide.c). */
uint32_t fxc_ratio_q31(uint64_t num, uint64_t den);

/* floor(a 2^32 / b) for b > 0 and a < 2^32: a fraction in Q32, or a step
 * of a move in Q32 from the room over the speed. Below 2^32 (a < b < 2^32)
 * through fxc_udiv64_32; else, a quotient of 2^32 or more (a step past a
 * move's end, which its callers take as a miss) or a divisor beyond 32
 * bits, the compiler's division. */
static inline uint64_t fxc_div_shl32(uint64_t a, uint64_t b)
{
    if (a < b && b >> 32 == 0) return fxc_udiv64_32(a << 32, (uint32_t)b);
    return (a << 32) / b;
}

/* Exact h1 / sqrt(ee1) < h2 / sqrt(ee2) for 0 <= h < 2^60 and 0 < ee < 2^61
 * (two heights over their directions' lengths): h1^2 ee2 < h2^2 ee1,
 * compared in 192 bits, no square root (src/wide.c). */
int fxc_height_ratio_less(int64_t h1, int64_t ee1, int64_t h2, int64_t ee2);

/* Exact test h <= tol * sqrt(dd), i.e. a height h measured along a direction
 * d (h = d . x) is within tol raw LSB, where dd = d . d >= 0, tol >= 0:
 * compares h^2 with tol^2 * dd in 128 bits, no square root. Bit lengths
 * settle it first when the sides are 2^3 or more apart: with bh, bt, bd
 * those of h, tol and dd, h^2 >= 2^(2 bh - 2) and tol^2 dd < 2^(2 bt + bd),
 * h^2 < 2^(2 bh) and tol^2 dd >= 2^(2 bt + bd - 3) (tol, dd > 0). */
int fxc_height_within_exact(int64_t h, int64_t dd, int32_t tol); /* the 128-bit comparison (src/wide.c) */

static inline int fxc_height_within(int64_t h, int64_t dd, int32_t tol)
{
    int bh, bt;
    if (h <= 0) return 1;
    if (tol <= 0 || dd <= 0) return 0;
    bh = 2 * fxc_bitlen64((uint64_t)h);
    bt = 2 * fxc_bitlen32((uint32_t)tol) + fxc_bitlen64((uint64_t)dd);
    if (bh - 2 >= bt) return 0;
    if (bh <= bt - 3) return 1;
    return fxc_height_within_exact(h, dd, tol);
}

#endif /* FXC_WIDE_H */
