/* Vector kernels against a double-precision reference computed here.
 *
 * Error bounds are derived from each kernel's bit budget (fxc_vec.h), not
 * from observed output. The reference's own error is far below 2^-10 LSB
 * for every kernel below (double keeps 53 bits; inputs have at most 31),
 * so a bound of "B LSB" is asserted as B + 2^-10. */
#include <math.h>
#include <string.h>
#include "../src/exact.h"
#include "test.h"

#define SLACK (1.0 / 1024.0)
#define RANGE_RAW_BITS (16 + FXC_RANGE_BITS) /* world coordinates: < 2^28 raw */

/* |got - want| in LSB, want in units. */
static double lsb_err(fix16_t got, double want)
{
    return fabs((double)got - want * 65536.0);
}

static void report(const char *what, double max_err, long n)
{
    port_printf("       %-28s max error %.4f LSB over %ld cases\n", what, max_err, n);
}

static fxc_vec3 rand_vec(t_rng *r, int bits)
{
    fxc_vec3 v;
    v.x = t_raw(r, bits);
    v.y = t_raw(r, bits);
    v.z = t_raw(r, bits);
    return v;
}

void test_range_check(void)
{
    const int32_t lim = (int32_t)((1L << RANGE_RAW_BITS) - 1);
    CHECK(fxc_in_range(0));
    CHECK(fxc_in_range(lim));
    CHECK(fxc_in_range(-lim));
    CHECK(!fxc_in_range(lim + 1));
    CHECK(!fxc_in_range(-lim - 1));
    CHECK(!fxc_in_range(FXC_FIX16_MAX));
    CHECK(!fxc_in_range((fix16_t)0x80000000)); /* fix16_overflow */
    CHECK(fxc_v3_in_range(fxc_v3(lim, -lim, 0)));
    CHECK(!fxc_v3_in_range(fxc_v3(0, 0, lim + 1)));
    CHECK(!fxc_v3_in_range(fxc_v3(-lim - 1, 0, 0)));
}

void test_vec_add_sub_neg(void)
{
    t_rng r = { 1 };
    long i, n = 100000;
    for (i = 0; i < n; i++) {
        /* Minkowski-point range: |a|, |b| < 2^30 raw, sums exact. */
        fxc_vec3 a = rand_vec(&r, 30), b = rand_vec(&r, 30);
        fxc_vec3 s = fxc_v3_add(a, b), d = fxc_v3_sub(a, b), ng = fxc_v3_neg(a);
        CHECK((double)s.x == (double)a.x + b.x && (double)s.y == (double)a.y + b.y &&
              (double)s.z == (double)a.z + b.z);
        CHECK((double)d.x == (double)a.x - b.x && (double)d.y == (double)a.y - b.y &&
              (double)d.z == (double)a.z - b.z);
        CHECK(ng.x == -a.x && ng.y == -a.y && ng.z == -a.z);
        if (t_failures() > 0) break;
    }
}

void test_vec_scale(void)
{
    t_rng r = { 2 };
    long i, n = 100000;
    double worst = 0;
    for (i = 0; i < n; i++) {
        fxc_vec3 a = rand_vec(&r, 30);
        fix16_t s = t_raw(&r, 17); /* |s| < 2 units keeps |a s| < 2^15 units */
        fxc_vec3 g = fxc_v3_scale(a, s);
        double e = lsb_err(g.x, t_d(a.x) * t_d(s));
        if (lsb_err(g.y, t_d(a.y) * t_d(s)) > e) e = lsb_err(g.y, t_d(a.y) * t_d(s));
        if (lsb_err(g.z, t_d(a.z) * t_d(s)) > e) e = lsb_err(g.z, t_d(a.z) * t_d(s));
        if (e > worst) worst = e;
        CHECK_MSG(e <= 0.5 + SLACK, "case %ld: error %.4f LSB", i, e);
        if (t_failures() > 0) break;
    }
    /* Saturation instead of wrap-around. */
    CHECK(fxc_v3_scale(fxc_v3(FXC_RAW_LIMIT, -FXC_RAW_LIMIT, 0), 20 * FXC_ONE).x == FXC_FIX16_MAX);
    CHECK(fxc_v3_scale(fxc_v3(FXC_RAW_LIMIT, -FXC_RAW_LIMIT, 0), 20 * FXC_ONE).y == -FXC_FIX16_MAX);
    report("scale (rounded once):", worst, n);
}

static double ref_dot(fxc_vec3 a, fxc_vec3 b)
{
    return t_d(a.x) * t_d(b.x) + t_d(a.y) * t_d(b.y) + t_d(a.z) * t_d(b.z);
}

void test_vec_dot(void)
{
    t_rng r = { 3 };
    long i, n = 100000;
    double worst = 0;
    for (i = 0; i < n; i++) {
        /* |a|,|b| < 2^7 units: the Q16.16 result stays below 2^15 units. */
        fxc_vec3 a = rand_vec(&r, 23), b = rand_vec(&r, 23);
        double e = lsb_err(fxc_v3_dot(a, b), ref_dot(a, b));
        if (e > worst) worst = e;
        CHECK_MSG(e <= 0.5 + SLACK, "case %ld: error %.4f LSB", i, e);
        if (t_failures() > 0) break;
    }
    report("dot (rounded once):", worst, n);
    /* Wide dot at the full Minkowski range: relative error of the reference
     * is 2^-52, so the exact int64 must agree with it to that. */
    for (i = 0; i < n; i++) {
        fxc_vec3 a = rand_vec(&r, 30), b = rand_vec(&r, 30);
        double want = ref_dot(a, b) * 4294967296.0;
        double got = (double)fxc_v3_dot_wide(a, b);
        CHECK_MSG(fabs(got - want) <= 1e-15 * (fabs(want) + 1.0) * 8 + 3 * 65536.0,
                  "wide case %ld", i);
        if (t_failures() > 0) break;
    }
}

/* The soft widening multiplies (the Cortex-M0's) against the compiler's
 * own 64-bit multiply (libgcc's __aeabi_lmul there), on every pair of edge
 * values (half boundaries, signs, extremes) and on random operands. */
void test_soft_multiply(void)
{
    static const uint32_t edge[] = { 0u, 1u, 2u, 0x7FFFu, 0x8000u, 0xFFFFu, 0x10000u, 0x10001u, 0x7FFFFFFFu,
                                     0x80000000u, 0x80000001u, 0xFFFF0000u, 0xFFFF8000u, 0xFFFFFFFEu,
                                     0xFFFFFFFFu, 0x12345678u, 0xDEADBEEFu };
    const int ne = (int)(sizeof edge / sizeof edge[0]);
    t_rng r = { 77 };
    int i, j, n = T_TARGET_CASES(200000, 20000);
    for (i = 0; i < ne; i++)
        for (j = 0; j < ne; j++) {
            int32_t a = (int32_t)edge[i], b = (int32_t)edge[j];
            CHECK_MSG(fxc_smull_soft(a, b) == (int64_t)a * b, "smull %ld * %ld", (long)a, (long)b);
            CHECK_MSG(fxc_umull_soft(edge[i], edge[j]) == (uint64_t)edge[i] * edge[j], "umull %lu * %lu",
                      (unsigned long)edge[i], (unsigned long)edge[j]);
        }
    for (i = 0; i < n; i++) {
        uint32_t ua = (uint32_t)t_next(&r), ub = (uint32_t)t_next(&r);
        int32_t a = (int32_t)ua, b = (int32_t)ub;
        CHECK_MSG(fxc_smull_soft(a, b) == (int64_t)a * b, "smull %ld * %ld", (long)a, (long)b);
        CHECK_MSG(fxc_umull_soft(ua, ub) == (uint64_t)ua * ub, "umull %lu * %lu", (unsigned long)ua,
                  (unsigned long)ub);
    }
    /* the fused pair, on edge values and random ones: its sum modulo 2^64
     * (it wraps only for both products at 2^62) */
    for (i = 0; i < n; i++) {
        int32_t v[4];
        int k;
        uint64_t want;
        for (k = 0; k < 4; k++) {
            uint32_t u = (uint32_t)t_next(&r);
            v[k] = (int32_t)((i & 1) ? edge[u % (uint32_t)ne] : u);
        }
        want = (uint64_t)((int64_t)v[0] * v[1]) + (uint64_t)((int64_t)v[2] * v[3]);
        CHECK_MSG((uint64_t)fxc_dot2_soft(v[0], v[1], v[2], v[3]) == want, "dot2 %ld * %ld + %ld * %ld", (long)v[0],
                  (long)v[1], (long)v[2], (long)v[3]);
        if (t_failures() > 0) break;
    }
    /* the fused three, the same way (the third pair from the stack on the
     * M0: a slip there shows in that pair alone) */
    for (i = 0; i < n; i++) {
        int32_t v[6];
        int k;
        uint64_t want = 0;
        for (k = 0; k < 6; k++) {
            uint32_t u = (uint32_t)t_next(&r);
            v[k] = (int32_t)((i & 1) ? edge[u % (uint32_t)ne] : u);
        }
        for (k = 0; k < 6; k += 2) want += (uint64_t)((int64_t)v[k] * v[k + 1]);
        CHECK_MSG((uint64_t)fxc_dot3_soft(v[0], v[1], v[2], v[3], v[4], v[5]) == want,
                  "dot3 %ld * %ld + %ld * %ld + %ld * %ld", (long)v[0], (long)v[1], (long)v[2], (long)v[3], (long)v[4],
                  (long)v[5]);
        if (t_failures() > 0) break;
    }
}

void test_vec_dot_exact_sign(void)
{
    /* a = (p, q, 1), b = (q, -p, c): a.b = p q - q p + c = c exactly, with
     * p, q at the edge of the Minkowski range, where a double would have
     * to round the two 2^59 products. */
    static const int32_t big[] = { (1 << 29) - 1, (1 << 29) - 3, -(1 << 29) + 7, 123456789, -(1 << 29) + 1 };
    int i, j, c;
    for (i = 0; i < 5; i++)
        for (j = 0; j < 5; j++)
            for (c = -2; c <= 2; c++) {
                fxc_vec3 a = fxc_v3(big[i], big[j], 1), b = fxc_v3(big[j], -big[i], c);
                int64_t d = fxc_v3_dot_wide(a, b);
                CHECK_MSG(d == c, "p=%d q=%d c=%d: got %lld", (int)big[i], (int)big[j], c, (long long)d);
            }
    /* Orthogonal at full range, then one raw unit off. */
    {
        fxc_vec3 a = fxc_v3((1 << 29) - 1, (1 << 29) - 1, 0);
        fxc_vec3 b = fxc_v3((1 << 29) - 1, -((1 << 29) - 1), 0);
        CHECK(fxc_v3_dot_wide(a, b) == 0);
        b.y += 1;
        CHECK(fxc_v3_dot_wide(a, b) > 0);
        b.y -= 2;
        CHECK(fxc_v3_dot_wide(a, b) < 0);
    }
}

void test_vec_cross(void)
{
    t_rng r = { 4 };
    long i, n = 100000;
    double worst = 0;
    for (i = 0; i < n; i++) {
        fxc_vec3 a = rand_vec(&r, 23), b = rand_vec(&r, 23);
        fxc_vec3 c = fxc_v3_cross(a, b);
        fxc_vec3w w = fxc_v3_cross_wide(a, b), w2 = fxc_v3_cross_wide(b, a);
        double e = lsb_err(c.x, t_d(a.y) * t_d(b.z) - t_d(a.z) * t_d(b.y));
        double ey = lsb_err(c.y, t_d(a.z) * t_d(b.x) - t_d(a.x) * t_d(b.z));
        double ez = lsb_err(c.z, t_d(a.x) * t_d(b.y) - t_d(a.y) * t_d(b.x));
        if (ey > e) e = ey;
        if (ez > e) e = ez;
        if (e > worst) worst = e;
        CHECK_MSG(e <= 0.5 + SLACK, "case %ld: error %.4f LSB", i, e);
        CHECK(w.x == -w2.x && w.y == -w2.y && w.z == -w2.z);
        if (t_failures() > 0) break;
    }
    report("cross (rounded once):", worst, n);
    /* Exact at full range: (p,0,0) x (0,q,0) = (0,0,p q). */
    {
        fxc_vec3w w = fxc_v3_cross_wide(fxc_v3((1 << 30) - 1, 0, 0), fxc_v3(0, -(1 << 30) + 1, 0));
        CHECK(w.x == 0 && w.y == 0 && w.z == -(int64_t)((1 << 30) - 1) * ((1 << 30) - 1));
    }
}

void test_vec_length(void)
{
    t_rng r = { 5 };
    long i, n = 100000;
    double worst = 0;
    for (i = 0; i < n; i++) {
        fxc_vec3 a = rand_vec(&r, 30);
        double want = sqrt(t_d(a.x) * t_d(a.x) + t_d(a.y) * t_d(a.y) + t_d(a.z) * t_d(a.z));
        double e = lsb_err(fxc_v3_length(a), want);
        if (e > worst) worst = e;
        CHECK_MSG(e <= 0.5 + SLACK, "case %ld: error %.4f LSB", i, e);
        if (t_failures() > 0) break;
    }
    report("length (rounded to nearest):", worst, n);
    CHECK(fxc_v3_length(fxc_v3(3 * FXC_ONE, 4 * FXC_ONE, 0)) == 5 * FXC_ONE);
    CHECK(fxc_v3_length(fxc_v3(0, 0, 0)) == 0);
    CHECK(fxc_v3_length(fxc_v3(0, -1, 0)) == 1);
    CHECK(fxc_isqrt64(UINT64_MAX) == 0xFFFFFFFFu);
    CHECK(fxc_isqrt64(((uint64_t)1 << 62) - 1) == (1u << 31) - 1);
    CHECK(fxc_isqrt64(((uint64_t)1 << 62)) == (1u << 31));
}

/* True when r is floor(sqrt(v)), from the definition: r^2 <= v < (r + 1)^2
 * ((r + 1)^2 reaches 2^64 only for r = 2^32 - 1, which every v allows). */
static int is_floor_sqrt(uint64_t v, uint32_t r)
{
    uint64_t up = (uint64_t)r + 1;
    return (uint64_t)r * r <= v && (r == UINT32_MAX || up * up > v);
}

/* fxc_isqrt64 against the definition of the floor root: seeded values of
 * every bit length, squares and their neighbours, and the band just below
 * 2^64, where the Newton quotient takes the full 64-bit division because
 * it no longer fits 32 bits over the first root's error. */
void test_isqrt64_exact(void)
{
    t_rng r = { 64 };
    long i, wrong = 0, n = 0, cases = T_TARGET_CASES(200000, 20000);
    for (i = 0; i < cases; i++, n++) {
        uint64_t v = t_next(&r) >> (i % 64);
        wrong += !is_floor_sqrt(v, fxc_isqrt64(v));
    }
    for (i = 0; i < cases / 10; i++, n += 3) {
        uint64_t k = (t_next(&r) >> 32) | 1, sq = k * k;
        wrong += !is_floor_sqrt(sq, fxc_isqrt64(sq));
        wrong += !is_floor_sqrt(sq - 1, fxc_isqrt64(sq - 1));
        wrong += !is_floor_sqrt(sq + 1, fxc_isqrt64(sq + 1));
    }
    for (i = 0; i < cases / 10; i++, n++) {
        uint64_t v = UINT64_MAX - (t_next(&r) >> 18); /* within 2^-18 of 2^64 */
        wrong += !is_floor_sqrt(v, fxc_isqrt64(v));
    }
    CHECK_MSG(wrong == 0, "%ld of %ld roots wrong", wrong, n);
}

/* Largest per-component error of n against v / |v|, in LSB. */
static double unit_err(fxc_vec3 n, double x, double y, double z)
{
    double len = sqrt(x * x + y * y + z * z), e;
    e = lsb_err(n.x, x / len);
    if (lsb_err(n.y, y / len) > e) e = lsb_err(n.y, y / len);
    if (lsb_err(n.z, z / len) > e) e = lsb_err(n.z, z / len);
    return e;
}

/* Bound: rounding 0.5 LSB, plus < 2^-12 LSB from the floor of the integer
 * square root and the reciprocal (both relative errors below 2^-28), plus
 * < 2^-15 LSB from cutting f 2^16 to 32 bits (relative 2^-31): below the
 * header's 0.5 + 2^-11. */
#define NORM_BOUND (0.5 + 1.0 / 4096.0 + 1.0 / 32768.0)

void test_vec_normalize(void)
{
    t_rng r = { 6 };
    long i, n = 100000;
    double worst = 0;
    fxc_vec3 u;
    for (i = 0; i < n; i++) {
        fxc_vec3 a = rand_vec(&r, 30);
        double e;
        if (a.x == 0 && a.y == 0 && a.z == 0) continue;
        CHECK(fxc_v3_normalize(a, &u) == 1);
        e = unit_err(u, a.x, a.y, a.z);
        if (e > worst) worst = e;
        CHECK_MSG(e <= NORM_BOUND + SLACK, "case %ld: error %.4f LSB", i, e);
        if (t_failures() > 0) break;
    }
    report("normalize:", worst, n);
    CHECK(fxc_v3_normalize(fxc_v3(0, 0, 0), &u) == 0 && u.x == 0 && u.y == 0 && u.z == 0);
    CHECK(fxc_v3_normalize(fxc_v3(0, 0, -1), &u) == 1 && u.x == 0 && u.y == 0 && u.z == -FXC_ONE);
    CHECK(fxc_v3_normalize(fxc_v3(FXC_RAW_LIMIT, 0, 0), &u) == 1 && u.x == FXC_ONE);
}

void test_vec_normalize_wide(void)
{
    t_rng r = { 7 };
    long i, n = 100000;
    double worst = 0;
    fxc_vec3 u;
    for (i = 0; i < n; i++) {
        /* Any int64 components up to 2^62, random magnitude class. */
        int b = 1 + (int)(t_next(&r) % 62);
        fxc_vec3w w;
        double e;
        w.x = (int64_t)(t_next(&r) >> (64 - b));
        w.y = (int64_t)(t_next(&r) >> (64 - b));
        w.z = (int64_t)(t_next(&r) >> (64 - b));
        if (t_next(&r) & 1) w.x = -w.x;
        if (t_next(&r) & 1) w.y = -w.y;
        if (t_next(&r) & 1) w.z = -w.z;
        if (w.x == 0 && w.y == 0 && w.z == 0) continue;
        CHECK(fxc_v3w_normalize(w, &u) == 1);
        e = unit_err(u, (double)w.x, (double)w.y, (double)w.z);
        if (e > worst) worst = e;
        /* Right-shifting a wide vector to 30 bits adds relative error below
         * 2^-29 per component: < 2^-13 LSB more. */
        CHECK_MSG(e <= NORM_BOUND + 1.0 / 8192 + SLACK, "case %ld: error %.4f LSB", i, e);
        if (t_failures() > 0) break;
    }
    /* Powers of two along an axis, a diagonal and a face diagonal: the
     * squared length of the fitted vector is then a power of 4 (or 2 or 3
     * times one), where the reciprocal square root's Newton steps come
     * closest to their 32-bit bounds (root 2^31 at X = 1/4). */
    for (i = 0; i < 63; i++) {
        static const int dirs[4][3] = { { 1, 0, 0 }, { 0, -1, 0 }, { 1, 1, 0 }, { 1, -1, 1 } };
        int k;
        for (k = 0; k < 4; k++) {
            fxc_vec3w w;
            double e;
            w.x = dirs[k][0] * ((int64_t)1 << i);
            w.y = dirs[k][1] * ((int64_t)1 << i);
            w.z = dirs[k][2] * ((int64_t)1 << i);
            CHECK(fxc_v3w_normalize(w, &u) == 1);
            e = unit_err(u, (double)w.x, (double)w.y, (double)w.z);
            if (e > worst) worst = e;
            CHECK_MSG(e <= NORM_BOUND + 1.0 / 8192 + SLACK, "2^%ld along %d: error %.4f LSB", i, k, e);
        }
    }
    report("normalize (wide input):", worst, n + 63 * 4);
}

/* A random rotation, built in double from a random unit quaternion and
 * rounded to Q16.16: independent of the library's own builders. */
static void rand_rotation(t_rng *r, fxc_mat3 *m, double d[3][3])
{
    double q[4], n = 0;
    int i, j;
    for (i = 0; i < 4; i++) { q[i] = (double)t_range(r, -65536, 65536); n += q[i] * q[i]; }
    if (n == 0) { q[0] = 1; n = 1; }
    n = sqrt(n);
    for (i = 0; i < 4; i++) q[i] /= n;
    d[0][0] = 1 - 2 * (q[2] * q[2] + q[3] * q[3]);
    d[0][1] = 2 * (q[1] * q[2] - q[0] * q[3]);
    d[0][2] = 2 * (q[1] * q[3] + q[0] * q[2]);
    d[1][0] = 2 * (q[1] * q[2] + q[0] * q[3]);
    d[1][1] = 1 - 2 * (q[1] * q[1] + q[3] * q[3]);
    d[1][2] = 2 * (q[2] * q[3] - q[0] * q[1]);
    d[2][0] = 2 * (q[1] * q[3] - q[0] * q[2]);
    d[2][1] = 2 * (q[2] * q[3] + q[0] * q[1]);
    d[2][2] = 1 - 2 * (q[1] * q[1] + q[2] * q[2]);
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) {
            m->m[i][j] = (fix16_t)floor(d[i][j] * 65536.0 + 0.5);
            d[i][j] = t_d(m->m[i][j]); /* the reference uses the rounded matrix */
        }
}

void test_mat_vec(void)
{
    t_rng r = { 8 };
    long i, n = 100000;
    double worst = 0, d[3][3];
    fxc_mat3 m;
    int k;
    for (i = 0; i < n; i++) {
        fxc_vec3 v = rand_vec(&r, 29);
        fxc_vec3 g, gt;
        double vv[3] = { t_d(v.x), t_d(v.y), t_d(v.z) };
        fix16_t gv[3], gtv[3];
        rand_rotation(&r, &m, d);
        g = fxc_mat3_mul_v3(&m, v);
        gt = fxc_mat3_tmul_v3(&m, v);
        gv[0] = g.x; gv[1] = g.y; gv[2] = g.z;
        gtv[0] = gt.x; gtv[1] = gt.y; gtv[2] = gt.z;
        for (k = 0; k < 3; k++) {
            double e1 = lsb_err(gv[k], d[k][0] * vv[0] + d[k][1] * vv[1] + d[k][2] * vv[2]);
            double e2 = lsb_err(gtv[k], d[0][k] * vv[0] + d[1][k] * vv[1] + d[2][k] * vv[2]);
            if (e1 > worst) worst = e1;
            if (e2 > worst) worst = e2;
            CHECK_MSG(e1 <= 0.5 + SLACK && e2 <= 0.5 + SLACK, "case %ld: %.4f %.4f LSB", i, e1, e2);
        }
        if (t_failures() > 0) break;
    }
    report("matrix * vector, transpose:", worst, n);
}

void test_mat_mul(void)
{
    t_rng r = { 9 };
    long i, n = T_TARGET_CASES(100000, 20000);
    double worst = 0, a[3][3], b[3][3];
    fxc_mat3 ma, mb, mc;
    int k, l;
    for (i = 0; i < n; i++) {
        rand_rotation(&r, &ma, a);
        rand_rotation(&r, &mb, b);
        fxc_mat3_mul(&ma, &mb, &mc);
        for (k = 0; k < 3; k++)
            for (l = 0; l < 3; l++) {
                double e = lsb_err(mc.m[k][l], a[k][0] * b[0][l] + a[k][1] * b[1][l] + a[k][2] * b[2][l]);
                if (e > worst) worst = e;
                CHECK_MSG(e <= 0.5 + SLACK, "case %ld: %.4f LSB", i, e);
            }
        if (t_failures() > 0) break;
    }
    report("matrix * matrix:", worst, n);
    fxc_mat3_mul(&ma, &mb, &ma); /* aliasing is allowed */
    CHECK(ma.m[0][0] == mc.m[0][0] && ma.m[2][1] == mc.m[2][1]);
}

void test_quat_to_mat(void)
{
    t_rng r = { 10 };
    long i, n = T_TARGET_CASES(100000, 20000);
    double worst = 0;
    fxc_mat3 m;
    int k, l;
    for (i = 0; i < n; i++) {
        /* length from 2^-8 to ~2^7 units, by magnitude class */
        int bits = 9 + (int)(t_next(&r) % 14);
        fxc_quat q;
        double w, x, y, z, nn, d[3][3];
        q.w = t_raw(&r, bits); q.x = t_raw(&r, bits); q.y = t_raw(&r, bits); q.z = t_raw(&r, bits);
        w = t_d(q.w); x = t_d(q.x); y = t_d(q.y); z = t_d(q.z);
        nn = w * w + x * x + y * y + z * z;
        if (nn < 1.0 / 65536.0 || nn > 16384.0) {
            CHECK(fxc_mat3_from_quat(q, &m) == FXC_ERR_RANGE);
            continue;
        }
        CHECK(fxc_mat3_from_quat(q, &m) == FXC_OK);
        d[0][0] = (w * w + x * x - y * y - z * z) / nn;
        d[0][1] = 2 * (x * y - w * z) / nn;
        d[0][2] = 2 * (x * z + w * y) / nn;
        d[1][0] = 2 * (x * y + w * z) / nn;
        d[1][1] = (w * w - x * x + y * y - z * z) / nn;
        d[1][2] = 2 * (y * z - w * x) / nn;
        d[2][0] = 2 * (x * z - w * y) / nn;
        d[2][1] = 2 * (y * z + w * x) / nn;
        d[2][2] = (w * w - x * x - y * y + z * z) / nn;
        for (k = 0; k < 3; k++)
            for (l = 0; l < 3; l++) {
                double e = lsb_err(m.m[k][l], d[k][l]);
                if (e > worst) worst = e;
                CHECK_MSG(e <= 0.5 + SLACK, "case %ld: %.4f LSB", i, e);
            }
        if (t_failures() > 0) break;
    }
    report("quaternion -> matrix:", worst, n);
    {
        fxc_quat z = { 0, 0, 0, 0 }, huge = { FXC_FIX16_MAX, FXC_FIX16_MAX, FXC_FIX16_MAX, FXC_FIX16_MAX };
        CHECK(fxc_mat3_from_quat(z, &m) == FXC_ERR_RANGE && m.m[0][0] == FXC_ONE && m.m[0][1] == 0);
        CHECK(fxc_mat3_from_quat(huge, &m) == FXC_ERR_RANGE && m.m[1][1] == FXC_ONE);
        /* every component -2^31 raw: the squares' sum wraps to 0 */
        huge.w = huge.x = huge.y = huge.z = INT32_MIN;
        CHECK(fxc_mat3_from_quat(huge, &m) == FXC_ERR_RANGE && m.m[2][2] == FXC_ONE);
    }
}

/* fix16_sin on [-pi/2, pi/2]: five Taylor terms, each a fix16_mul chain
 * (<= 0.5 LSB per rounding, amplified by |x| <= 1.58) and a truncating
 * integer division (< 1 LSB): about 1.2 + 1.1 + 3 * 1 LSB; argument
 * rounding adds 0.5 LSB. Bound: 6 LSB. */
#define SINCOS_BOUND 6.0

void test_sincos(void)
{
    t_rng r = { 11 };
    long i, n = T_TARGET_CASES(100000, 20000);
    double worst = 0;
    for (i = 0; i < n; i++) {
        /* half the cases near +-pi where plain fix16_sin is 508 LSB off */
        fix16_t a = (i & 1) ? (fix16_t)t_next(&r) : (fix16_t)(((i & 2) ? 205887 : -205887) + t_range(&r, -2000, 2000));
        fix16_t s, c;
        double e1, e2;
        fxc_sincos(a, &s, &c);
        e1 = lsb_err(s, sin(t_d(a)));
        e2 = lsb_err(c, cos(t_d(a)));
        if (e1 > worst) worst = e1;
        if (e2 > worst) worst = e2;
        CHECK_MSG(e1 <= SINCOS_BOUND && e2 <= SINCOS_BOUND, "angle raw %d: sin %.3f cos %.3f LSB", (int)a, e1, e2);
        if (t_failures() > 0) break;
    }
    report("sincos:", worst, n);
}

void test_axis_angle(void)
{
    t_rng r = { 12 };
    long i, n = T_TARGET_CASES(100000, 20000);
    double worst = 0;
    fxc_mat3 m;
    int k, l;
    for (i = 0; i < n; i++) {
        fxc_vec3 axis = rand_vec(&r, 28);
        fix16_t ang = (i % 8 == 0) ? (fix16_t)t_next(&r) : t_range(&r, -7 * 65536, 7 * 65536);
        double ax = axis.x, ay = axis.y, az = axis.z, len = sqrt(ax * ax + ay * ay + az * az);
        double s, c, t, d[3][3];
        if (len == 0) {
            CHECK(fxc_mat3_from_axis_angle(axis, ang, &m) == FXC_ERR_ZERO_SIZE);
            continue;
        }
        CHECK(fxc_mat3_from_axis_angle(axis, ang, &m) == FXC_OK);
        {
            /* fxc_mat3_turn on the normalised axis (the turning cast's
             * turns) gives these bits, so the bound below holds for it */
            fxc_vec3 unit;
            fxc_mat3 q;
            CHECK(fxc_v3_normalize(axis, &unit));
            fxc_mat3_turn(unit, ang, &q);
            CHECK_MSG(memcmp(&q, &m, sizeof q) == 0, "case %ld: fxc_mat3_turn differs from fxc_mat3_from_axis_angle", i);
        }
        ax /= len; ay /= len; az /= len;
        s = sin(t_d(ang)); c = cos(t_d(ang)); t = 1 - c;
        d[0][0] = c + t * ax * ax;      d[0][1] = t * ax * ay - s * az; d[0][2] = t * ax * az + s * ay;
        d[1][0] = t * ax * ay + s * az; d[1][1] = c + t * ay * ay;      d[1][2] = t * ay * az - s * ax;
        d[2][0] = t * ax * az - s * ay; d[2][1] = t * ay * az + s * ax; d[2][2] = c + t * az * az;
        for (k = 0; k < 3; k++)
            for (l = 0; l < 3; l++) {
                double e = lsb_err(m.m[k][l], d[k][l]);
                if (e > worst) worst = e;
                /* sin/cos error (6 LSB) plus the unit axis (0.5 LSB per
                 * component, entering up to twice through t k k^T and once
                 * through s [k]x) plus the final rounding: 8 LSB. */
                CHECK_MSG(e <= 8.0, "case %ld: %.3f LSB", i, e);
            }
        if (t_failures() > 0) break;
    }
    report("axis-angle -> matrix:", worst, n);
}
