/* Exact 64x64 -> 128-bit products, a comparison of two ratios in 192
 * bits, 64-by-32-bit divisions and the rounded ratios made with them (see
 * wide.h). */
#include "wide.h"
#include "filter.h"

/* Exact a * b for any int64 a, b: four 32x32->64 partial products of the
 * magnitudes, then the sign. */
fxc_i128 fxc_i128_mul64(int64_t a, int64_t b)
{
    uint64_t ua = a < 0 ? (uint64_t)0 - (uint64_t)a : (uint64_t)a;
    uint64_t ub = b < 0 ? (uint64_t)0 - (uint64_t)b : (uint64_t)b;
    uint32_t a0 = (uint32_t)ua, a1 = (uint32_t)(ua >> 32), b0 = (uint32_t)ub, b1 = (uint32_t)(ub >> 32);
    /* a half that is zero (an operand below 2^32: a fitted direction, a
     * half extent) makes its two products zero: skipped, as each is a
     * library call on the M0 */
    uint64_t p00 = fxc_umull(a0, b0), p01 = 0, p10 = 0, p11 = 0;
    if (b1 != 0) p01 = fxc_umull(a0, b1);
    if (a1 != 0) p10 = fxc_umull(a1, b0);
    if (a1 != 0 && b1 != 0) p11 = fxc_umull(a1, b1);
    uint64_t mid = (p00 >> 32) + (p01 & 0xFFFFFFFFu) + (p10 & 0xFFFFFFFFu);
    fxc_i128 r;
    r.lo = (p00 & 0xFFFFFFFFu) | (mid << 32);
    r.hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
    return ((a < 0) != (b < 0)) ? fxc_i128_neg(r) : r;
}

fxc_i128 fxc_dot3_i128(const fxc_vec3w *a, const fxc_vec3w *b)
{
    return fxc_i128_add(fxc_i128_add(fxc_i128_mul64(a->x, b->x), fxc_i128_mul64(a->y, b->y)),
                        fxc_i128_mul64(a->z, b->z));
}

/* Out of line: the filter of fxc_det2_sign settles most signs, and the
 * 128-bit values stay off its callers' frames. */
int fxc_det2_sign_exact(int64_t a, int64_t b, int64_t c, int64_t d)
{
    fxc_i128 ab = fxc_i128_mul64(a, b), cd = fxc_i128_mul64(c, d);
    return fxc_i128_cmp(&ab, &cd);
}

/* h^2 * ee as three 64-bit words, low first, for 0 <= h < 2^60 and
 * 0 <= ee < 2^61: h^2 < 2^120 is cut at bit 60 into two parts below 2^60,
 * each times ee an exact 128-bit product below 2^121; the sum is below
 * 2^181. */
static void square_times(int64_t h, int64_t ee, uint64_t w[3])
{
    fxc_i128 hh = fxc_i128_mul64(h, h);
    fxc_i128 lo = fxc_i128_mul64((int64_t)(hh.lo & ((UINT64_C(1) << 60) - 1)), ee);
    fxc_i128 hi = fxc_i128_mul64((int64_t)((hh.lo >> 60) | (hh.hi << 4)), ee);
    uint64_t h0 = hi.lo << 60, h1 = (hi.lo >> 4) | (hi.hi << 60), t = lo.hi + h1;
    w[0] = lo.lo + h0;
    w[2] = (hi.hi >> 4) + (t < lo.hi);
    w[1] = t + (w[0] < lo.lo);
    w[2] += w[1] < t;
}

/* Out of line: its 128-bit values stay off the frames of the loops that
 * call fxc_height_within (GJK's and EPA's), which the filter answers. */
int fxc_height_within_exact(int64_t h, int64_t dd, int32_t tol)
{
    fxc_i128 bound = fxc_i128_mul64(fxc_smull(tol, tol), dd), hh = fxc_i128_mul64(h, h);
    return fxc_i128_cmp(&bound, &hh) >= 0;
}

int fxc_height_ratio_less(int64_t h1, int64_t ee1, int64_t h2, int64_t ee2)
{
    uint64_t a[3], b[3];
    int k;
    square_times(h1, ee2, a);
    square_times(h2, ee1, b);
    for (k = 2; k >= 0; k--) {
        if (a[k] != b[k]) return a[k] < b[k];
    }
    return 0;
}

/* The 16-bit quotient digit of (u 2^16 + next) / v, for v >= 2^31,
 * u < v and next < 2^16. The estimate u / v1 from v's top digit v1 is
 * never too small and at most 2 too large (Knuth's theorem B, v being
 * normalized); while the exact test q v0 > (u - q v1) 2^16 + next says it
 * is too large, q steps down, until the partial remainder u - q v1 passes
 * 2^16 (then the test holds no more). Each product fits 32 bits: q < 2^16
 * once the first test is past, and the remainder below 2^16 at the second. */
static uint32_t quotient_digit(uint32_t u, uint32_t next, uint32_t v)
{
    uint32_t v1 = v >> 16, v0 = v & 0xFFFFu;
    uint32_t q = u / v1, r = u - q * v1;
    while (q >> 16 || q * v0 > (r << 16 | next)) {
        q--;
        r += v1;
        if (r >> 16) break;
    }
    return q;
}

/* Knuth's algorithm D in base 2^16. d is normalized (v = d 2^s, its top
 * bit set) and n shifted with it (its words u32 and u10, u32 < v as n <
 * d 2^32; lo's top s bits shifted in two steps, a shift by 32 being
 * undefined). The high digit divides u32 2^16 + the next digit of u10;
 * its remainder, below v, is exact in 32 bits (wrapping arithmetic), and
 * the low digit divides it with u10's last digit. */
uint32_t fxc_udiv64_32_digits(uint64_t n, uint32_t d)
{
    uint32_t lo = (uint32_t)n, v, u32, u10, q1;
    int s;
    if (d == 0) return UINT32_MAX; /* outside the contract: no shift by 32, no division by 0 */
    s = 32 - fxc_bitlen32(d);
    v = d << s;
    u32 = (uint32_t)(n >> 32) << s | ((lo >> 1) >> (31 - s));
    u10 = lo << s;
    q1 = quotient_digit(u32, u10 >> 16, v);
    /* the high digit's remainder u32 2^16 + (u10 >> 16) - q1 v, below v */
    return q1 << 16 | quotient_digit((u32 << 16) + (u10 >> 16) - q1 * v, u10 & 0xFFFFu, v);
}

/* Restoring division, one quotient bit a step: the remainder r (below d,
 * so 32 bits) and n's low word shift left together, n's next bit entering
 * r; where r (now below 2 d, 33 bits: the bit shifted out of r is its
 * 33rd) reaches d, d is taken off, below d again and exact in 32 bits,
 * and the bit is 1. The quotient's bits enter the low word as n's leave
 * it. With n < d 2^32 the quotient has 32 bits; d = 0 (outside the
 * contract) takes 0 off at every step: UINT32_MAX, as the digits give.
 * On the Cortex-M0, which divides nothing, in assembly: 7 to 9
 * instructions a bit, the carry flag holding the 33rd bit (make profile on
 * the M0, workload 19: about 265 a division, where libgcc's 64-bit
 * division took about 460); elsewhere in C, for the tests. */
#if defined(__GNUC__) && defined(__ARM_ARCH_6M__)

__attribute__((naked)) uint32_t fxc_udiv64_32_bits(uint64_t n, uint32_t d)
{
    (void)n;
    (void)d;
    __asm__ volatile(".syntax unified\n\t"
                     "movs  r3, #32\n\t"     /* r0: n's low word, r1: r, r2: d */
                     "1:\n\t"
                     "lsls  r0, r0, #1\n\t"  /* r:low shifted left: */
                     "adcs  r1, r1\n\t"      /* the 33rd bit in the carry */
                     "bcs   2f\n\t"          /* r >= 2^32 > d */
                     "cmp   r1, r2\n\t"
                     "blo   3f\n\t"          /* r < d: the bit is 0 */
                     "2:\n\t"
                     "subs  r1, r1, r2\n\t"  /* r - d < d: exact in 32 bits */
                     "adds  r0, #1\n\t"      /* the quotient bit */
                     "3:\n\t"
                     "subs  r3, #1\n\t"
                     "bne   1b\n\t"
                     "bx    lr\n\t");
}

#else

uint32_t fxc_udiv64_32_bits(uint64_t n, uint32_t d)
{
    uint32_t lo = (uint32_t)n, r = (uint32_t)(n >> 32);
    int k;
    for (k = 0; k < 32; k++) {
        uint32_t top = r >> 31; /* the 33rd bit once shifted */
        r = r << 1 | lo >> 31;
        lo <<= 1;
        if (top || r >= d) {
            r -= d;
            lo |= 1;
        }
    }
    return lo;
}

#endif

/* The quotient of x = num 2^31 + den / 2 (below 2^64 once num < den)
 * by den. A den of 33 bits does not fit fxc_udiv64_32: x and den are
 * halved, x = 2 x' + a, den = 2 d' + b (a, b in {0, 1}, d' >= 2^31), and
 * q' = floor(x' / d') is the quotient or one more: x <= 2 x' + 1 <
 * 2 (q' + 1) d' <= (q' + 1) den, and x / den >= 2 x' / (2 d' + 1) =
 * x' / d' - x' / (d' (2 d' + 1)) > x' / d' - 1 (x' / d' < 2^31 + 2).
 * So the remainder x - q' den lies in [-den, den), below 2^34 in
 * magnitude: exact modulo 2^64, its top bit its sign. */
uint32_t fxc_ratio_q31(uint64_t num, uint64_t den)
{
    int sh = fxc_bitlen64(den) - 33;
    uint64_t x, r;
    uint32_t q;
    if (sh > 0) {
        num >>= sh;
        den >>= sh;
    }
    if (num >= den) return UINT32_C(1) << 31; /* x would reach 2^64 for num = den = 2^33 - 1 */
    x = (num << 31) + (den >> 1);
    if (den >> 32 == 0) return fxc_udiv64_32(x, (uint32_t)den); /* x < den 2^32 */
    q = fxc_udiv64_32(x >> 1, (uint32_t)(den >> 1));
    r = x - (fxc_umull(q, (uint32_t)den) + ((uint64_t)q << 32)); /* den >> 32 is 1 */
    return q - (uint32_t)(r >> 63);
}

/* The exact 93-bit product P = |num| |mul| is cut with den until den
 * fits 32 bits: den keeps at least 31 significant bits, so its cut moves
 * the quotient by less than 2^-31 of itself, and P's by less than 2^-31. */
int32_t fxc_mul_div(int64_t num, int32_t mul, int64_t den)
{
    uint64_t a = num < 0 ? (uint64_t)0 - (uint64_t)num : (uint64_t)num, d = (uint64_t)den, r, x;
    uint32_t m = fxc_abs_u32(mul);
    /* a * m from two 32 x 32 products (a below 2^62): the low half's
     * product plus the high half's shifted by 32, its carry into P.hi */
    uint64_t lo = fxc_umull((uint32_t)a, m), mid = fxc_umull((uint32_t)(a >> 32), m);
    fxc_i128 P;
    int sh = fxc_bitlen64(d) - 32;
    P.lo = lo + (mid << 32);
    P.hi = (mid >> 32) + (P.lo < lo ? 1u : 0u);
    if (sh > 0) {
        P = fxc_i128_shr(P, sh);
        d >>= sh;
    }
    x = P.lo + d / 2; /* P.lo below 2^63 when the quotient is below 2^31: no carry */
    r = 0x7FFFFFFF;   /* a larger quotient (a high word of x at least d: 32 bits) saturates */
    if (P.hi == 0 && P.lo < ((uint64_t)1 << 63) && (x >> 32) < d) r = fxc_udiv64_32(x, (uint32_t)d);
    if (r > 0x7FFFFFFF) r = 0x7FFFFFFF;
    return (num < 0) != (mul < 0) ? -(int32_t)r : (int32_t)r;
}

#ifdef FXC_COUNT_FALLBACKS
/* The benchmark's filter counters (src/filter.h), in counting builds only. */
unsigned long fxc_filter_runs[FXC_FILTERS], fxc_filter_fallbacks[FXC_FILTERS];
#endif
