/* Comparing products of wide integers (internal header): a filter on
 * 31-bit cut values, and the exact products in 32-bit limbs.
 *
 * A value v > 0 is cut to m * 2^e with m in [2^30, 2^31), m * 2^e <= v <
 * (m + 1) * 2^e: at most 2^-30 (relative) below v. A product of cut values,
 * cut again, is at most 2^-29 below the exact product, three such factors
 * 2^-28 and so on; surely_less allows 2^-25, enough for a handful. */
#ifndef FXC_APPROX_H
#define FXC_APPROX_H

#include "wide.h"

typedef struct {
    uint32_t m;
    int e;
} fxc_approx;

/* v > 0 cut to 31 bits. In 32-bit words: a 64-bit shift by a variable
 * count is a library call on the Cortex-M0 and six instructions on the
 * M3. With a high word of 32 - s bits, v has 64 - s bits, e = 33 - s, and
 * v's top 32 bits are hi << s and lo's top s bits (none for s = 0: lo is
 * shifted in two steps, as a shift by 32 is undefined). */
static inline fxc_approx fxc_approx_u64(uint64_t v)
{
    fxc_approx a;
    uint32_t hi = (uint32_t)(v >> 32), lo = (uint32_t)v;
    if (hi != 0) {
        int s = 32 - fxc_bitlen32(hi);
        a.m = ((hi << s) | ((lo >> 1) >> (31 - s))) >> 1;
        a.e = 33 - s;
        return a;
    }
    a.e = fxc_bitlen32(lo) - 31;
    a.m = a.e > 0 ? lo >> 1 : lo << -a.e;
    return a;
}

/* v > 0 cut to 31 bits: with a high half, e = (its bit length) - 31 >= 34
 * and m = v >> e, in one shift. */
static inline fxc_approx fxc_approx_i128(const fxc_i128 *v)
{
    fxc_approx a;
    if (v->hi == 0) return fxc_approx_u64(v->lo);
    a.e = 64 + fxc_bitlen64(v->hi) - 31;
    a.m = (uint32_t)fxc_i128_shr(*v, a.e).lo;
    return a;
}

/* x * y cut to 31 bits: the product is in [2^60, 2^62), so it drops 30
 * bits, or 31 when bit 61 is set (top = 1), from its two words. */
static inline fxc_approx fxc_approx_mul(fxc_approx x, fxc_approx y)
{
    uint64_t p = fxc_umull(x.m, y.m);
    uint32_t hi = (uint32_t)(p >> 32), lo = (uint32_t)p;
    int top = (int)(hi >> 29);
    fxc_approx r;
    r.m = (hi << (2 - top)) | (lo >> (30 + top));
    r.e = x.e + y.e + 30 + top;
    return r;
}

/* Is x certainly below y, when each may be up to 2^-25 (relative) below
 * the value it stands for? x (1 + 2^-24) < y settles it. Both cut to 31
 * bits (2^30 <= m < 2^31), so the exponents settle all but two cases. */
static inline int fxc_approx_surely_less(fxc_approx x, fxc_approx y)
{
    uint32_t xm;
    if (x.e > y.e) return 0;     /* x >= 2^(x.e + 30) >= 2^(y.e + 31) > y */
    if (y.e > x.e + 1) return 1; /* x < 2^(x.e + 31) <= y / 2 */
    /* x's bound below 2^31 + 2^8 and 2 y.m < 2^32: both fit 32 bits */
    xm = x.m + (x.m >> 24) + 1;
    return x.e == y.e ? xm < y.m : xm < 2 * y.m;
}

/* out = a * b in 32-bit limbs, low first (na + nb limbs). */
void fxc_limbs_mul(const uint32_t *a, int na, const uint32_t *b, int nb, uint32_t *out);

/* v >= 0, below 2^96, as three limbs. */
static inline void fxc_limbs_of(const fxc_i128 *v, uint32_t l[3])
{
    l[0] = (uint32_t)v->lo;
    l[1] = (uint32_t)(v->lo >> 32);
    l[2] = (uint32_t)v->hi;
}

/* Compares two n-limb numbers: -1, 0 or 1. */
int fxc_limbs_cmp(const uint32_t *a, const uint32_t *b, int n);

/* Compares x1 * y1 with x2 * y2 for 0 <= x, y < 2^96: -1, 0 or 1, from
 * the cut values when they are sure, else exactly. */
int fxc_product_cmp(const fxc_i128 *x1, const fxc_i128 *y1, const fxc_i128 *x2, const fxc_i128 *y2);

/* The same comparison in 96 x 96-bit products, without the filter (for
 * callers that ran it on values they had cut already). */
int fxc_product_cmp_exact(const fxc_i128 *x1, const fxc_i128 *y1, const fxc_i128 *x2, const fxc_i128 *y2);

#endif /* FXC_APPROX_H */
