/* Bit lengths, magnitudes and direction fitting of integers (internal header). */
#ifndef FXC_BITS_H
#define FXC_BITS_H

#include <stdint.h>
#include "exact.h"

/* Keeps a function out of line where the compiler would inline a static
 * function called once: its frame then does not add to its caller's (the
 * per-frame stack limit of tools/stack_check.sh). */
#if defined(__GNUC__)
#define FXC_NOINLINE __attribute__((noinline))
#else
#define FXC_NOINLINE
#endif

/* |v| as unsigned: exact for every v, INT32_MIN included. */
static inline uint32_t fxc_abs_u32(int32_t v)
{
    return v < 0 ? 0u - (uint32_t)v : (uint32_t)v;
}

/* The same for int64, INT64_MIN included. */
static inline uint64_t fxc_abs_u64(int64_t v)
{
    return v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
}

/* Component i (0, 1, 2) of v. */
static inline fix16_t fxc_v3_get(fxc_vec3 v, int i)
{
    return i == 0 ? v.x : i == 1 ? v.y : v.z;
}

/* Index i of a ring of n, for i in [0, 2n): a `%` is a library call
 * on the M0, and polygons are walked round all the time. */
static inline int fxc_wrap(int i, int n)
{
    return i >= n ? i - n : i;
}

/* Number of significant bits of v (0 for 0): one CLZ instruction where
 * the core has one (Cortex-M3 and up, the host), else a binary search. */
static inline int fxc_bitlen32(uint32_t v)
{
#if defined(__GNUC__) && (defined(__ARM_FEATURE_CLZ) || !defined(__arm__))
    return v ? 32 - __builtin_clz(v) : 0;
#else
    int n = 0;
    if (v >= 0x10000u) { v >>= 16; n += 16; }
    if (v >= 0x100u) { v >>= 8; n += 8; }
    if (v >= 0x10u) { v >>= 4; n += 4; }
    if (v >= 0x4u) { v >>= 2; n += 2; }
    if (v >= 0x2u) { v >>= 1; n += 1; }
    return n + (int)v;
#endif
}

static inline int fxc_bitlen64(uint64_t v)
{
    uint32_t hi = (uint32_t)(v >> 32);
    return hi ? 32 + fxc_bitlen32(hi) : fxc_bitlen32((uint32_t)v);
}

/* The direction of a wide vector with its largest component scaled to
 * `bits` significant bits (1..31): a left shift (exact) or an arithmetic
 * right shift (relative error below 2^(1 - bits)). Each component is then
 * at most 2^bits in magnitude: below it, but for a negative one the right
 * shift floors onto -2^bits (every budget that takes a fitted direction
 * as below 2^bits has room for it). Returns 0 and
 * writes the zero vector when v is zero, 1 otherwise. By address: a 24-byte
 * argument costs a memcpy per call on the Cortex-M0. */
int fxc_fit_bits(const fxc_vec3w *v, int bits, fxc_vec3 *out);

/* 1 / sqrt(v) = t * 2^-e for v >= 1, with t in [2^30, 2^31] (Q30) and a
 * relative error below 2^-28: table seed plus three Newton steps on 32-bit
 * operands, multiplications only (no division, no FPU). */
void fxc_rsqrt(uint64_t v, uint32_t *t, int *e);

/* round(num * t / 2^e) for |num| < 2^62 and t <= 2^31: num is first cut
 * to its top 32 significant bits (truncated: relative error below 2^-31),
 * so the product fits 64 bits; halves round away from zero (|num| rounded
 * half up, the sign put back). e at most 64 (fxc_rsqrt's is at most 62). The
 * caller guarantees the result fits int64. */
int64_t fxc_mul_rsqrt(int64_t num, uint32_t t, int e);

/* round(num / sqrt(v)), relative error below 2^-27; v >= 1. */
int64_t fxc_div_sqrt(int64_t num, uint64_t v);

#endif /* FXC_BITS_H */
