/* 2D internals and the kernels they share, against independent
 * references: a box's support by the signs along its half extents against
 * the plain scan of its corners; a box core's area after rounding; the
 * exact ratio comparison EPA breaks near ties with and the exact height
 * test (src/wide.h) against schoolbook multiplication in 16-bit digits;
 * the cut values' comparison (src/approx.h) against its 64-bit definition;
 * the 2D fraction, the 64-by-32-bit divisions and the ray's and the
 * manifold's ratios (fxc_div_shl32, fxc_ratio_q31, fxc_mul_div) against the
 * compiler's division or double precision; fxc_mul_rsqrt against its
 * definition. */
#include <math.h>
#include "test.h"
#include "../src/geom2d.h"
#include "../src/wide.h"
#include "../src/approx.h"
#include "../src/fxc_bits.h"

/* A box core: corners c -+ ex -+ ey, numbered as the library numbers them. */
static void box_core(fxc2_core *k, fxc2_vec c, fxc2_vec ex, fxc2_vec ey)
{
    fxc2_vec p = fxc2_add(ex, ey), q = fxc2_sub(ex, ey);
    k->n = 4;
    k->margin = 0;
    k->ex = ex;
    k->ey = ey;
    k->v[0] = fxc2_sub(c, p);
    k->v[1] = fxc2_add(c, q);
    k->v[2] = fxc2_add(c, p);
    k->v[3] = fxc2_sub(c, q);
}

/* Directions along, across and between the half extents (every tie) and
 * random ones: the sign rule must pick the corner the scan picks, the
 * lowest number among the farthest. */
void test_box2_support_matches_scan(void)
{
    t_rng r = { 3101 };
    long i, n = T_TARGET_CASES(4000, 400), wrong = 0;
    for (i = 0; i < n; i++) {
        fxc2_core k;
        fxc2_vec c, ex, ey, d;
        int a, b;
        c.x = t_range(&r, -(1 << 26), 1 << 26);
        c.y = t_range(&r, -(1 << 26), 1 << 26);
        ex.x = t_range(&r, -(1 << 26), 1 << 26);
        ex.y = t_range(&r, -(1 << 26), 1 << 26);
        ey = fxc2_v(-ex.y / 2, ex.x / 2); /* square to ex, shorter */
        box_core(&k, c, ex, ey);
        switch (i % 5) {
        case 0: d = fxc2_v(-ex.y, ex.x); break; /* square to ex: sx = 0, sy > 0 */
        case 1: d = fxc2_v(ex.y, -ex.x); break; /* sx = 0, sy < 0 */
        case 2: d = fxc2_v(ey.y, -ey.x); break; /* square to ey: sy = 0 */
        case 3: d = fxc2_v(-ey.y, ey.x); break; /* sy = 0, the other side */
        default:
            d.x = t_range(&r, -(1 << 29), 1 << 29);
            d.y = t_range(&r, -(1 << 29), 1 << 29);
            break;
        }
        k.box = 1;
        a = fxc2_support_index(&k, d);
        k.box = 0;
        b = fxc2_support_index(&k, d);
        wrong += a != b;
    }
    CHECK_MSG(wrong == 0, "%ld of %ld directions: the sign rule and the scan differ", wrong, n);
}

/* The invariant the edge normals (sat2d.c) and the manifold's facing edges
 * (manifold2d.c) rest on: a box's core has an area, its rounded half
 * extents turning counter-clockwise (cross product > 0), for the smallest
 * boxes (1..8 LSB, where rounding tilts an extent most) at angles all round
 * and at rotations off unit length by the most fxc2_transform_set allows.
 * Beyond a few LSB it follows from the rounding bound: hx hy (1 - 2^-8)
 * less 0.71 (hx + hy) + 0.5 is positive from hx = hy = 3. */
void test_box2_core_has_area(void)
{
    long n = T_TARGET_CASES(2048, 256), flat = 0, cases = 0, k;
    int hx, hy, sc;
    for (k = 0; k < n; k++) {
        fix16_t s0, c0;
        fxc_sincos((fix16_t)(k * 411775 / n), &s0, &c0);
        for (sc = -1; sc <= 1; sc++) {
            /* |c^2 + s^2 - 1| up to about 2^-9, inside the allowed 2^-8 */
            fix16_t c = c0 + sc * (c0 / 1024), s = s0 + sc * (s0 / 1024);
            fxc2_transform ta, tb;
            if (fxc2_transform_set(&ta, fxc2_v(0, 0), c, s) != FXC_OK) continue;
            (void)fxc2_transform_set(&tb, fxc2_v(0, 0), FXC_ONE, 0);
            for (hx = 1; hx <= 8; hx++) {
                for (hy = 1; hy <= 8; hy++) {
                    fxc2_shape box, pt;
                    fxc2_pair p;
                    (void)fxc2_shape_box(&box, fxc2_v(hx, hy), 0);
                    (void)fxc2_shape_point(&pt, 0);
                    if (fxc2_pair_init(&p, &box, &ta, &pt, &tb) != FXC_OK) continue;
                    cases++;
                    flat += fxc2_cross(p.a.ex, p.a.ey) <= 0;
                }
            }
        }
    }
    CHECK_MSG(cases > n * 64, "only %ld boxes set up", cases);
    CHECK_MSG(flat == 0, "%ld of %ld small boxes without an area", flat, cases);
}

/* v (< 2^64) into 16-bit digits, least first. */
static void digits(uint64_t v, uint32_t *d, int n)
{
    int i;
    for (i = 0; i < n; i++) {
        d[i] = (uint32_t)(v & 0xFFFFu);
        v >>= 16;
    }
}

/* x * y in 16-bit digits (nx + ny digits). */
static void long_mul(const uint32_t *x, int nx, const uint32_t *y, int ny, uint32_t *out)
{
    int i, j;
    for (i = 0; i < nx + ny; i++) out[i] = 0;
    for (i = 0; i < nx; i++) {
        uint32_t carry = 0;
        for (j = 0; j < ny; j++) {
            uint32_t t = out[i + j] + x[i] * y[j] + carry;
            out[i + j] = t & 0xFFFFu;
            carry = t >> 16;
        }
        out[i + ny] += carry;
    }
}

/* Sign of h1^2 ee2 - h2^2 ee1, digit by digit (12 digits: below 2^192). */
static int schoolbook_less(uint64_t h1, uint64_t ee1, uint64_t h2, uint64_t ee2)
{
    uint32_t a[4], b[4], e1[4], e2[4], a2[8], b2[8], l[12], rr[12];
    int i;
    digits(h1, a, 4);
    digits(h2, b, 4);
    digits(ee1, e1, 4);
    digits(ee2, e2, 4);
    long_mul(a, 4, a, 4, a2);
    long_mul(b, 4, b, 4, b2);
    long_mul(a2, 8, e2, 4, l);
    long_mul(b2, 8, e1, 4, rr);
    for (i = 11; i >= 0; i--) {
        if (l[i] != rr[i]) return l[i] < rr[i];
    }
    return 0;
}

static uint64_t wide_draw(t_rng *r, int bits)
{
    int b = 1 + (int)(t_next(r) % (uint64_t)bits);
    return t_next(r) >> (64 - b);
}

/* Random heights and squared lengths of every size, and exact ties made
 * from one ratio (h k, ee k^2) with neighbours 1 unit off: the comparison
 * must match the schoolbook sign in both orders. */
void test_wide_height_ratio_exact(void)
{
    t_rng r = { 3102 };
    long i, n = T_TARGET_CASES(20000, 1000), wrong = 0;
    for (i = 0; i < n; i++) {
        uint64_t h1 = wide_draw(&r, 60), ee1 = wide_draw(&r, 61), h2, ee2;
        if (i % 3 == 0) { /* the same ratio: h2 = h1 k, ee2 = ee1 k^2 */
            uint64_t k = 1 + t_next(&r) % 8;
            if (i % 2) { /* full width, where the words carry most */
                h1 = (t_next(&r) >> 8) | (UINT64_C(1) << 55);
                ee1 = (t_next(&r) >> 10) | (UINT64_C(1) << 53);
            } else {
                h1 >>= 4;
                ee1 >>= 7;
            }
            if (ee1 == 0) ee1 = 1;
            h2 = h1 * k + (uint64_t)(i % 4 < 2); /* equal, or 1 farther */
            ee2 = ee1 * k * k;
        } else {
            h2 = wide_draw(&r, 60);
            ee2 = wide_draw(&r, 61);
        }
        if (ee2 == 0) ee2 = 1;
        if (ee1 == 0) ee1 = 1;
        wrong += fxc_height_ratio_less((int64_t)h1, (int64_t)ee1, (int64_t)h2, (int64_t)ee2) !=
                 schoolbook_less(h1, ee1, h2, ee2);
        wrong += fxc_height_ratio_less((int64_t)h2, (int64_t)ee2, (int64_t)h1, (int64_t)ee1) !=
                 schoolbook_less(h2, ee2, h1, ee1);
    }
    CHECK_MSG(wrong == 0, "%ld of %ld comparisons differ from the schoolbook product", wrong, 2 * n);
}

/* fxc_height_within (h <= tol sqrt(dd), src/wide.h) against the schoolbook
 * comparison of h^2 with tol^2 dd, on exact edges (dd = k^2, h = tol k and
 * 1 either side), at the bit-length filter's edges (h, tol, dd powers of two
 * and their neighbours) and on random values of every size. */
void test_wide_height_within_exact(void)
{
    t_rng r = { 3103 };
    long i, n = T_TARGET_CASES(20000, 1000), wrong = 0;
    for (i = 0; i < n; i++) {
        int32_t tol;
        uint64_t dd, h;
        int mode = (int)(i % 3);
        if (mode == 0) { /* on the edge */
            uint64_t k = 1 + wide_draw(&r, 29);
            tol = (int32_t)(1 + wide_draw(&r, 30));
            dd = k * k;
            h = (uint64_t)tol * k + (uint64_t)(i % 2) - (uint64_t)(i % 4 == 0);
        } else if (mode == 1) { /* powers of two and their neighbours */
            int bt = (int)(t_next(&r) % 31), bd = (int)(t_next(&r) % 61), bh = (int)(t_next(&r) % 60);
            tol = (int32_t)((UINT32_C(1) << bt) - (t_next(&r) % 2 && bt > 0));
            dd = (UINT64_C(1) << bd) + (t_next(&r) % 3) - 1;
            h = (UINT64_C(1) << bh) + (t_next(&r) % 3) - 1;
        } else {
            tol = (int32_t)wide_draw(&r, 31);
            dd = wide_draw(&r, 61);
            h = wide_draw(&r, 60);
        }
        if (dd == 0 || tol == 0 || h == 0) {
            /* the degenerate ends: within only for h <= 0 */
            wrong += fxc_height_within((int64_t)h, (int64_t)dd, tol) != (h == 0);
            continue;
        }
        wrong += fxc_height_within((int64_t)h, (int64_t)dd, tol) != !schoolbook_less((uint64_t)tol, 1, h, dd);
    }
    CHECK_MSG(wrong == 0, "%ld of %ld tests differ from the schoolbook product", wrong, n);
}

/* fxc_approx_surely_less against its definition: x (1 + 2^-24) < y for cut
 * values, the bound on x taken as x.m + floor(x.m / 2^24) + 1, compared in
 * 64 bits at the lower exponent; on 31-bit mantissas (2^30 <= m < 2^31)
 * near the bound at one exponent, and at the ends of 31 bits one exponent
 * apart, where x's bound passes twice y's mantissa. */
void test_approx_surely_less_exact(void)
{
    t_rng r = { 3104 };
    long i, n = T_TARGET_CASES(50000, 5000), wrong = 0;
    for (i = 0; i < n; i++) {
        fxc_approx x, y;
        uint64_t xb, yb;
        int lo, want;
        x.m = (uint32_t)((t_next(&r) >> 33) | (UINT32_C(1) << 30));
        y.m = (uint32_t)((t_next(&r) >> 33) | (UINT32_C(1) << 30));
        x.e = (int)(t_next(&r) % 7) - 3;
        y.e = x.e + (int)(t_next(&r) % 5) - 2;
        if (i % 4 == 0) { /* one exponent, y near x's bound */
            y.e = x.e;
            y.m = x.m + (x.m >> 24) + (uint32_t)(t_next(&r) % 5) - 1;
            if (y.m >> 31) y.m = (UINT32_C(1) << 31) - 1;
        } else if (i % 4 == 2) { /* y one exponent up: x's bound at the top passes 2 y.m at the bottom */
            y.e = x.e + 1;
            x.m = (UINT32_C(1) << 31) - 1 - (uint32_t)(t_next(&r) % 300);
            y.m = (UINT32_C(1) << 30) + (uint32_t)(t_next(&r) % 300);
        }
        lo = x.e < y.e ? x.e : y.e;
        xb = ((uint64_t)x.m + (x.m >> 24) + 1) << (x.e - lo);
        yb = (uint64_t)y.m << (y.e - lo);
        want = x.e > y.e + 1 ? 0 : y.e > x.e + 1 ? 1 : xb < yb;
        wrong += fxc_approx_surely_less(x, y) != want;
    }
    CHECK_MSG(wrong == 0, "%ld of %ld comparisons differ from the definition", wrong, n);
}

/* fxc_approx_mul against the cut's definition (the cut of a single value
 * is test_filter_approx_cut's): the product of two 31-bit mantissas cut
 * to m, 2^30 <= m < 2^31, with m 2^k <= x.m y.m < (m + 1) 2^k, k 30 or
 * 31 over the exponents' sum; mantissas at random and at both ends of 31
 * bits (products near 2^60 and near 2^62, and across 2^61). */
void test_approx_mul_exact(void)
{
    t_rng r = { 3106 };
    long i, n = T_TARGET_CASES(50000, 5000), wrong = 0;
    for (i = 0; i < n; i++) {
        fxc_approx x, y, p;
        uint64_t want;
        x.m = (uint32_t)(t_next(&r) >> 33) | (UINT32_C(1) << 30);
        y.m = (uint32_t)(t_next(&r) >> 33) | (UINT32_C(1) << 30);
        if (i % 4 == 0) x.m = y.m = (UINT32_C(1) << 30) + (uint32_t)(i % 7);     /* near 2^60 */
        if (i % 4 == 2) x.m = y.m = (UINT32_C(1) << 31) - 1 - (uint32_t)(i % 7); /* near 2^62 */
        if (i % 8 == 1) { /* near 2^61: 1518500250^2 is just above it */
            x.m = 1518500249u + (uint32_t)(i % 3);
            y.m = x.m;
        }
        x.e = (int)(t_next(&r) % 61) - 30;
        y.e = (int)(t_next(&r) % 61) - 30;
        p = fxc_approx_mul(x, y);
        p.e -= x.e + y.e;
        want = (uint64_t)x.m * y.m;
        wrong += p.m < (UINT32_C(1) << 30) || (p.m >> 31) != 0 || (p.e != 30 && p.e != 31) ||
                 ((uint64_t)p.m << p.e) > want || want - ((uint64_t)p.m << p.e) >= (UINT64_C(1) << p.e);
    }
    CHECK_MSG(wrong == 0, "%ld of %ld products differ from the definition", wrong, n);
}

/* fxc2_ratio31 (the 2D code's one division, a bit at a time where the core
 * has no long multiply) against the compiler's 64-bit division of the same
 * cut values: num / den as a 31-bit fraction, den cut to 31 bits first. */
void test_ratio31_exact(void)
{
    t_rng r = { 3105 };
    long i, n = T_TARGET_CASES(20000, 2000), wrong = 0;
    for (i = 0; i < n; i++) {
        uint64_t den = wide_draw(&r, 62), num, want, cn, cd;
        int sh;
        if (den == 0) den = 1;
        num = i % 5 == 0 ? den - (uint64_t)(i % 2) : t_next(&r) % (den + 1); /* ties with 1 and near them */
        sh = 0;
        while ((den >> sh) >= (UINT64_C(1) << 31)) sh++;
        cn = num >> sh;
        cd = den >> sh;
        want = (cn << 31) / cd;
        wrong += fxc2_ratio31(num, den) != (uint32_t)want;
    }
    CHECK_MSG(wrong == 0, "%ld of %ld fractions differ from the division", wrong, n);
    CHECK(fxc2_ratio31(0, 0) == 0);
}

/* fxc_udiv64_32_digits (the long division of fxc_udiv64_32 on cores
 * that divide 32-bit words only) and fxc_udiv64_32_bits (its division a
 * bit at a time, on the Cortex-M0 in assembly) against the compiler's
 * 64-bit division: divisors of every bit length 1..32 (powers of two, all
 * ones, random), and dividends at the ends of the range (0, d 2^32 - 1),
 * on exact multiples and one below them, and at random; and the
 * dispatcher the library calls, which on the M3 is the long division
 * itself and on the M0 the bitwise one. */
void test_udiv64_32_exact(void)
{
    t_rng r = { 3107 };
    long i, n = T_TARGET_CASES(60000, 6000), wrong = 0;
    for (i = 0; i < n; i++) {
        int b = 1 + (int)(i % 32);
        uint32_t d = (uint32_t)(t_next(&r) >> (64 - b)) | (UINT32_C(1) << (b - 1)), q;
        uint64_t top, num;
        if (i % 7 == 0) d = UINT32_C(1) << (b - 1);
        if (i % 7 == 1) d = (uint32_t)((UINT64_C(1) << b) - 1);
        top = ((uint64_t)d << 32) - 1;
        switch ((int)(i / 32 % 5)) {
        case 0: num = top - t_next(&r) % 3; break;
        case 1: num = t_next(&r) % 3; break;
        case 2: q = (uint32_t)(t_next(&r) >> 32); num = (uint64_t)q * d - (t_next(&r) & 1) * (q > 0); break;
        default: num = t_next(&r) % (top + 1); break; /* top + 1 > 0: d < 2^32 */
        }
        wrong += fxc_udiv64_32_digits(num, d) != (uint32_t)(num / d);
        wrong += fxc_udiv64_32_bits(num, d) != (uint32_t)(num / d);
        wrong += fxc_udiv64_32(num, d) != (uint32_t)(num / d);
    }
    CHECK_MSG(wrong == 0, "%ld of %ld quotients differ from the compiler's division", wrong, 3 * n);
    /* outside the contract, a divisor of 0: all ones from both, no trap */
    CHECK(fxc_udiv64_32_bits(12345, 0) == UINT32_MAX && fxc_udiv64_32_digits(12345, 0) == UINT32_MAX);
}

/* fxc_ratio_q31 (the manifold's clip crossings, src/manifold.c): a ratio
 * num / den <= 1 in Q31, rounded half up. Uncut (den below 2^33, every bit
 * length) against the compiler's division of num 2^31 + den / 2 by den;
 * cut (den up to 64 bits) within 1.5 units of the exact ratio in double
 * precision (the cuts' unit and the rounding's half). Equal num and den
 * give 1, 2^31, whatever their size: 2^33 - 1, where num 2^31 + den / 2
 * would pass 2^64, included. */
void test_ratio_q31(void)
{
    t_rng r = { 3307 };
    long i, n = T_TARGET_CASES(60000, 6000), wrong = 0, far = 0;
    double worst = 0;
    for (i = 0; i < n; i++) {
        int b = 1 + (int)(i % 64);
        uint64_t den = (t_next(&r) >> (64 - b)) | (UINT64_C(1) << (b - 1)), num;
        uint32_t t;
        switch ((int)(i / 64 % 4)) {
        case 0: num = den; break;
        case 1: num = den - 1 - t_next(&r) % 3 % den; break;
        case 2: num = t_next(&r) % 3 % den; break;
        default: num = t_next(&r) % den; break;
        }
        t = fxc_ratio_q31(num, den);
        if (b <= 33 && num < den) {
            wrong += t != (uint32_t)(((num << 31) + den / 2) / den);
        } else {
            double e = fabs((double)t - ldexp((double)num / (double)den, 31));
            if (e > worst) worst = e;
            far += e > 1.5;
        }
    }
    CHECK_MSG(wrong == 0, "%ld uncut ratios differ from the compiler's division", wrong);
    CHECK_MSG(far == 0, "%ld cut ratios beyond 1.5 units (worst %.3f)", far, worst);
    CHECK(fxc_ratio_q31((UINT64_C(1) << 33) - 1, (UINT64_C(1) << 33) - 1) == UINT32_C(1) << 31);
    CHECK(fxc_ratio_q31(UINT64_MAX, UINT64_MAX) == UINT32_C(1) << 31);
    CHECK(fxc_ratio_q31(1, 3) == 715827883u); /* 2^31 / 3 = 715827882.67 */
}

/* fxc_mul_div (the manifold's separations, src/manifold.c) against the
 * ratio in double precision (exact to about 2^-51 of itself): operands of
 * every bit length and sign, so that quotients range from below 1 to far
 * beyond int32. Below 2^31 - 3 in magnitude, within 0.5 LSB plus the cut's
 * (|Q| + 1) 2^-31; from 2^31 + 1 on, saturated to +-(2^31 - 1); and
 * the edges of int32 itself. */
void test_mul_div(void)
{
    t_rng r = { 3407 };
    long i, n = T_TARGET_CASES(60000, 6000), far = 0, sat_wrong = 0, near = 0, saturated = 0;
    double worst = 0;
    for (i = 0; i < n; i++) {
        int bn = 1 + (int)(i % 62), bm = 1 + (int)(i / 62 % 31), bd = 1 + (int)(t_next(&r) % 62);
        int64_t num = (int64_t)((t_next(&r) >> (64 - bn)) | (UINT64_C(1) << (bn - 1)));
        int32_t mul = (int32_t)((t_next(&r) >> (64 - bm)) | (UINT64_C(1) << (bm - 1)));
        int64_t den = (int64_t)((t_next(&r) >> (64 - bd)) | (UINT64_C(1) << (bd - 1)));
        int32_t q;
        double want;
        if (t_next(&r) & 1) num = -num;
        if (t_next(&r) & 1) mul = -mul;
        q = fxc_mul_div(num, mul, den);
        want = (double)num * (double)mul / (double)den;
        if (fabs(want) < 2147483645.0) {
            double e = fabs((double)q - want) - (0.5 + (fabs(want) + 1) / 2147483648.0);
            if (e > worst) worst = e;
            far += e > 1e-6;
            near++;
        } else if (fabs(want) >= 2147483649.0) {
            sat_wrong += q != (want > 0 ? INT32_MAX : -INT32_MAX);
            saturated++;
        }
    }
    CHECK_MSG(far == 0, "%ld of %ld quotients beyond their bound (worst by %.3g LSB)", far, near, worst);
    CHECK_MSG(sat_wrong == 0, "%ld of %ld large quotients not saturated", sat_wrong, saturated);
    CHECK(near > n / 4 && saturated > n / 4);
    CHECK(fxc_mul_div(INT32_MAX, 1, 1) == INT32_MAX);
    CHECK(fxc_mul_div((int64_t)1 << 31, 1, 1) == INT32_MAX);
    CHECK(fxc_mul_div(-((int64_t)1 << 31), 1, 1) == -INT32_MAX);
    CHECK(fxc_mul_div(((int64_t)1 << 62) - 1, INT32_MAX, 1) == INT32_MAX);
    CHECK(fxc_mul_div(5, -3, 2) == -8); /* -7.5: half away from zero */
    CHECK(fxc_mul_div(0, 12345, 7) == 0);
}

/* fxc_div_shl32 (a fraction or a step in Q32: the ray's first quotient,
 * the casts' steps) against the compiler's division: divisors of every bit
 * length up to 40, 2^32 itself among them (the ray's divisor rounded up),
 * and numerators 0, just below the divisor, at it (a quotient of 2^32),
 * beyond it and at random below it. */
void test_div_shl32_exact(void)
{
    t_rng r = { 3207 };
    long i, n = T_TARGET_CASES(40000, 4000), wrong = 0;
    for (i = 0; i < n; i++) {
        int b = 1 + (int)(i % 40);
        uint64_t d = (t_next(&r) >> (64 - b)) | (UINT64_C(1) << (b - 1)), a;
        if (b == 33) d = UINT64_C(1) << 32;
        switch ((int)(i / 40 % 5)) {
        case 0: a = 0; break;
        case 1: a = d - 1; break;
        case 2: a = d; break;
        case 3: a = d + t_next(&r) % d; break;
        default: a = t_next(&r) % d; break;
        }
        a &= UINT32_MAX; /* the contract: a below 2^32 */
        wrong += fxc_div_shl32(a, d) != (a << 32) / d;
    }
    CHECK_MSG(wrong == 0, "%ld of %ld quotients differ from the compiler's division", wrong, n);
}

/* fxc_mul_rsqrt (src/vec.c: every unit normal, height over a length and
 * offset along a direction, 2D and 3D) against its definition, worked
 * with the compiler's 64-bit operations: |num| cut to its top 32
 * significant bits (a bits dropped), times t, over 2^(e - a) rounded half
 * up (the half bit read on its own), or times 2^(a - e). Numerators of
 * every bit length below 2^62, either sign; t as fxc_rsqrt makes it, in
 * (2^30, 2^31]; shifts from 64 down to a few bits left; and exact ties
 * (t = 2^31 and a cut ending in 1 followed by j zeros, over 2^(32 + j):
 * the product's bits below the shift exactly half a unit). */
void test_mul_rsqrt_exact(void)
{
    t_rng r = { 3108 };
    long i, n = T_TARGET_CASES(60000, 6000), wrong = 0, ties = 0;
    for (i = 0; i < n; i++) {
        uint64_t m = wide_draw(&r, 62), top, p, want;
        uint32_t t = (UINT32_C(1) << 30) + 1 + (uint32_t)(t_next(&r) % (UINT32_C(1) << 30));
        int a = 0, sh = 64 - (int)(t_next(&r) % 66), neg = (int)(t_next(&r) & 1);
        int64_t num, got;
        if (i % 4 == 0) { /* a tie */
            int j = (int)(t_next(&r) % 31);
            top = ((t_next(&r) >> 32 | UINT64_C(1) << 31) >> j << j) | UINT64_C(1) << j;
            m = top << (t_next(&r) % 31);
            t = UINT32_C(1) << 31;
            sh = 32 + j;
        }
        while ((m >> a) >> 32 != 0) a++;
        top = m >> a;
        p = top * t;
        if (sh <= 0 && (p >> 60) != 0) sh = 1 + (int)(i % 64); /* a left shift must stay below 2^63 */
        num = neg ? -(int64_t)m : (int64_t)m;
        if (sh > 0) want = (sh == 64 ? 0 : p >> sh) + (p >> (sh - 1) & 1);
        else want = p << -sh;
        if (sh > 0 && sh < 64 && (p & ((UINT64_C(1) << sh) - 1)) == UINT64_C(1) << (sh - 1)) ties++;
        got = fxc_mul_rsqrt(num, t, sh + a);
        wrong += got != (neg ? -(int64_t)want : (int64_t)want);
    }
    CHECK_MSG(wrong == 0, "%ld of %ld products differ from the definition", wrong, n);
    CHECK_MSG(ties >= n / 5, "only %ld of %ld cases were exact ties", ties, n); /* a quarter are made so */
}

/* fxc_i128_mul64 (src/wide.c) against the schoolbook product of the
 * magnitudes in 16-bit digits, with the sign: operands of every bit
 * length, either sign, with a zero high or low half (the halves it
 * skips), and the ends of int64. */
void test_i128_mul64_exact(void)
{
    static const int64_t ends[] = { 0, 1, -1, INT64_MAX, -INT64_MAX, INT64_MIN + 1, (int64_t)0xFFFFFFFF,
                                    -(int64_t)0xFFFFFFFF, (int64_t)1 << 32, -((int64_t)1 << 32) };
    t_rng r = { 3104 };
    long i, n = T_TARGET_CASES(20000, 1000), wrong = 0;
    for (i = 0; i < n; i++) {
        int64_t a = (int64_t)wide_draw(&r, 63), b = (int64_t)wide_draw(&r, 63);
        uint32_t x[4], y[4], p[8];
        uint64_t ua, ub, lo, hi;
        fxc_i128 got;
        int k;
        if (i % 5 == 1) a = (int64_t)((uint64_t)a & 0xFFFFFFFF00000000u); /* low half zero */
        if (i % 7 == 2) b = ends[t_next(&r) % (sizeof ends / sizeof ends[0])];
        if (t_next(&r) % 2) a = -a;
        if (t_next(&r) % 2) b = -b;
        got = fxc_i128_mul64(a, b);
        ua = a < 0 ? (uint64_t)0 - (uint64_t)a : (uint64_t)a;
        ub = b < 0 ? (uint64_t)0 - (uint64_t)b : (uint64_t)b;
        digits(ua, x, 4);
        digits(ub, y, 4);
        long_mul(x, 4, y, 4, p);
        lo = 0;
        hi = 0;
        for (k = 3; k >= 0; k--) lo = lo << 16 | p[k];
        for (k = 7; k >= 4; k--) hi = hi << 16 | p[k];
        if ((a < 0) != (b < 0) && (lo | hi) != 0) { /* two's complement of hi:lo */
            hi = ~hi + (lo == 0);
            lo = ~lo + 1;
        }
        wrong += got.lo != lo || (uint64_t)got.hi != hi;
    }
    CHECK_MSG(wrong == 0, "%ld of %ld products differ from the schoolbook product", wrong, n);
}
