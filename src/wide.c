/* Exact 64x64 -> 128-bit products (see wide.h). */
#include "wide.h"
#include "filter.h"

/* Exact a * b for any int64 a, b: four 32x32->64 partial products of the
 * magnitudes, then the sign. */
fxc_i128 fxc_i128_mul64(int64_t a, int64_t b)
{
    uint64_t ua = a < 0 ? (uint64_t)0 - (uint64_t)a : (uint64_t)a;
    uint64_t ub = b < 0 ? (uint64_t)0 - (uint64_t)b : (uint64_t)b;
    uint32_t a0 = (uint32_t)ua, a1 = (uint32_t)(ua >> 32), b0 = (uint32_t)ub, b1 = (uint32_t)(ub >> 32);
    uint64_t p00 = fxc_umull(a0, b0), p01 = fxc_umull(a0, b1), p10 = fxc_umull(a1, b0), p11 = fxc_umull(a1, b1);
    uint64_t mid = (p00 >> 32) + (p01 & 0xFFFFFFFFu) + (p10 & 0xFFFFFFFFu);
    fxc_i128 r;
    r.lo = (p00 & 0xFFFFFFFFu) | (mid << 32);
    r.hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
    return ((a < 0) != (b < 0)) ? fxc_i128_neg(r) : r;
}


#ifdef FXC_COUNT_FALLBACKS
/* The benchmark's filter counters (src/filter.h), in counting builds only. */
unsigned long fxc_filter_runs[FXC_FILTERS], fxc_filter_fallbacks[FXC_FILTERS];
#endif
