/* The filtered signs of src/filter.h against their exact evaluation, on
 * random inputs and on inputs built to land within each filter's bound, so
 * that every exact fallback runs (white-box: the test includes the
 * library's internal header). */
#include "test.h"
#include "scene.h"
#include "../src/filter.h"
#include "../src/wide.h"
#include "../src/approx.h"

/* A direction of 28 significant bits at most (|d_i| < 2^28), as the
 * support functions get them; with `flat` set, nearly orthogonal to column
 * j of m, so that component j of m^T d is near zero. */
static fxc_vec3 direction(t_rng *r, const fxc_mat3 *m, int j, int flat)
{
    fxc_vec3 d = t_vec(r, -(1 << 27), (1 << 27) - 1);
    if (flat) {
        /* remove d's part along column j (exact rational in double,
         * rounded), then nudge by a few raw units */
        double c[3] = { m->m[0][j], m->m[1][j], m->m[2][j] };
        double cc = c[0] * c[0] + c[1] * c[1] + c[2] * c[2];
        double t = ((double)d.x * c[0] + (double)d.y * c[1] + (double)d.z * c[2]) / cc;
        d.x = (int32_t)((double)d.x - t * c[0]) + t_range(r, -3, 3);
        d.y = (int32_t)((double)d.y - t * c[1]) + t_range(r, -3, 3);
        d.z = (int32_t)((double)d.z - t * c[2]) + t_range(r, -3, 3);
    }
    return d;
}

void test_filter_tmul_sign(void)
{
    t_rng r = { 4100 };
    long i, n = T_TARGET_CASES(200000, 4000), exact_runs = 0, wrong = 0;
    for (i = 0; i < n; i++) {
        fxc_mat3 m;
        int j = (int)(i % 3), flat = (int)((i / 3) & 1);
        fxc_vec3 d;
        int64_t s;
        int32_t a;
        scene_rotation(&r, &m);
        if (i % 7 == 0) m.m[t_range(&r, 0, 2)][j] = t_range(&r, -2 * FXC_ONE, 2 * FXC_ONE); /* entries up to 2 */
        d = direction(&r, &m, j, flat);
        s = (int64_t)m.m[0][j] * d.x + (int64_t)m.m[1][j] * d.y + (int64_t)m.m[2][j] * d.z;
        a = fxc_tmul_approx(&m, j, d);
        /* the bound of filter.h, checked on the case itself */
        CHECK_MSG(s - (int64_t)a * 65536 < (int64_t)FXC_TMUL_FILTER * 65536 && (int64_t)a * 65536 - s < (int64_t)FXC_TMUL_FILTER * 65536,
                  "case %ld: exact %lld, approx %ld", i, (long long)s, (long)a);
        exact_runs += a < FXC_TMUL_FILTER && a >= -FXC_TMUL_FILTER;
        wrong += fxc_tmul_ge0(&m, j, d) != (s >= -0x8000);
    }
    port_printf("       %ld cases, %ld decided by the exact fallback\n", n, exact_runs);
    CHECK(wrong == 0);
    CHECK(exact_runs > n / 4); /* the adversarial half reaches it */
}

/* The plane filter: the sign of n . D from the fitted normal nf = fit(n),
 * against the exact 93-bit sign, with D nearly in the plane for half the
 * cases (and n at every scale: nf is fitted from normals of 2^20 to 2^61). */
void test_filter_plane_side(void)
{
    t_rng r = { 4200 };
    long i, n = T_TARGET_CASES(200000, 4000), level64 = 0, exact = 0, wrong = 0;
    for (i = 0; i < n; i++) {
        int bits = 20 + (int)(t_next(&r) % 42), flat = (int)(i & 1), s, want;
        fxc_vec3w w;
        fxc_vec3 nf, d;
        w.x = (int64_t)(t_next(&r) >> (64 - bits)) * (t_next(&r) & 1 ? 1 : -1);
        w.y = (int64_t)(t_next(&r) >> (64 - bits)) * (t_next(&r) & 1 ? 1 : -1);
        w.z = (int64_t)(t_next(&r) >> (64 - bits)) * (t_next(&r) & 1 ? 1 : -1);
        if (!fxc_fit_bits(&w, 28, &nf)) continue;
        d = t_vec(&r, -(1 << 29) + 1, (1 << 29) - 1);
        if (t_next(&r) & 1) d = fxc_v3(d.x >> 12, d.y >> 12, d.z >> 12); /* small D too */
        if (flat) {
            /* project d onto the plane of nf (double), nudge a few raw */
            double nn = (double)nf.x * nf.x + (double)nf.y * nf.y + (double)nf.z * nf.z;
            double t = ((double)d.x * nf.x + (double)d.y * nf.y + (double)d.z * nf.z) / nn;
            d.x = (int32_t)((double)d.x - t * nf.x) + t_range(&r, -2, 2);
            d.y = (int32_t)((double)d.y - t * nf.y) + t_range(&r, -2, 2);
            d.z = (int32_t)((double)d.z - t * nf.z) + t_range(&r, -2, 2);
        }
        want = fxc_sign_dot_wide(w, d);
        s = fxc_plane_sign_filtered(nf, d);
        if (s == FXC_UNDECIDED) {
            exact++;
            continue;
        }
        {
            /* reached the 64-bit test? the same 32-bit test as filter.h */
            uint32_t m = fxc_abs_u32(d.x) | fxc_abs_u32(d.y) | fxc_abs_u32(d.z);
            int sh = fxc_bitlen32(m) - 14;
            int32_t p;
            if (sh < 0) sh = 0;
            p = (nf.x >> 14) * (d.x >> sh) + (nf.y >> 14) * (d.y >> sh) + (nf.z >> 14) * (d.z >> sh);
            level64 += p <= FXC_PLANE_FILTER && p >= -FXC_PLANE_FILTER;
        }
        wrong += s != want;
    }
    port_printf("       %ld cases: %ld decided by the 64-bit test, %ld left to the exact sign\n", n, level64, exact);
    CHECK(wrong == 0);
    CHECK(level64 > n / 20 && exact > n / 20); /* both fallbacks are reached */
}

/* The filtered hull scan (the Cortex-M0's) against a plain scan of exact
 * dot products, the first index among equal points: random hulls at every scale, and
 * hulls with duplicate vertices and vertices in a plane across d (exact
 * ties and near ties, where the exact products must decide). */
void test_filter_hull_argmax(void)
{
    t_rng r = { 4300 };
    long i, n = T_TARGET_CASES(20000, 1000), wrong = 0, ties = 0;
    for (i = 0; i < n; i++) {
        fxc_vec3 v[FXC_HULL_MAX_VERTICES], d;
        int nv = 1 + (int)(t_next(&r) % FXC_HULL_MAX_VERTICES), bits = 4 + (int)(t_next(&r) % 25), k, want = 0, got, tied;
        int32_t lim = (int32_t)((1L << bits) - 1);
        uint32_t reach = 0;
        int64_t best;
        d = t_vec(&r, -(1 << 30), 1 << 30);
        if (i & 1) d = fxc_v3(d.x >> (int)(t_next(&r) % 28), d.y >> (int)(t_next(&r) % 28), d.z >> 3);
        if ((i & 6) == 6) d.x = 0; /* points apart along x alone tie exactly */
        for (k = 0; k < nv; k++) {
            v[k] = t_vec(&r, -lim, lim);
            if (k > 0 && t_next(&r) % 4 == 0) v[k] = v[t_next(&r) % (uint64_t)k]; /* duplicates */
            if ((i & 2) && d.z != 0 && k > 0 && t_next(&r) % 2 == 0) {
                /* a vertex on the plane d . x = d . v[0] (or 1 off): a tie */
                v[k].z = v[0].z; /* then move x, y along a direction across d */
                v[k].x = v[0].x + (int32_t)(t_next(&r) % 3) - 1;
                v[k].y = v[0].y + (i & 4 ? 0 : (int32_t)(t_next(&r) % 3) - 1);
            }
        }
        for (k = 0; k < nv; k++) {
            uint32_t m = fxc_abs_u32(v[k].x) | fxc_abs_u32(v[k].y) | fxc_abs_u32(v[k].z);
            if (m > reach) reach = m;
        }
        for (k = 1; k < nv; k++)
            if (t_hull_before(d, v[k], v[want])) want = k;
        best = fxc_v3_dot_wide(d, v[want]);
        for (k = 0, tied = 0; k < nv; k++) /* another point as far: the coordinates decide */
            tied |= fxc_v3_dot_wide(d, v[k]) == best && (v[k].x != v[want].x || v[k].y != v[want].y || v[k].z != v[want].z);
        ties += tied;
        got = fxc_hull_argmax_filtered(v, nv, d, fxc_bitlen32(reach));
        wrong += got != want;
    }
    port_printf("       %ld hulls (%ld with distinct points tied for the farthest), every answer the plain scan's\n", n, ties);
    CHECK(wrong == 0);
    CHECK(ties > n / 50); /* about 3 %: the tied plane holds the farthest point */
}

/* m 2^e as a 128-bit value, for 0 <= e < 97. */
static fxc_i128 scaled(uint32_t m, int e)
{
    fxc_i128 r;
    r.lo = e >= 64 ? 0 : (uint64_t)m << e;
    r.hi = e >= 64 ? (uint64_t)m << (e - 64) : (e > 32 ? (uint64_t)m >> (64 - e) : 0);
    return r;
}

/* The cut of a value to 31 bits (src/approx.h), the filter under every
 * ratio comparison of the box axes and the ray's slabs, against its
 * definition: m in [2^30, 2^31) and m 2^e <= v < (m + 1) 2^e, checked in
 * 128 bits, for values of every bit length (powers of two, their
 * neighbours, and random values) and from 64-bit values alike. */
void test_filter_approx_cut(void)
{
    t_rng r = { 4400 };
    int bits, k;
    long bad = 0, n = 0;
    for (bits = 1; bits <= 126; bits++) {
        for (k = 0; k < 40; k++) {
            fxc_i128 v, lo, hi;
            fxc_approx a;
            uint64_t x = t_next(&r), y = t_next(&r);
            /* k = 0, 1, 2: 2^(bits-1), its neighbour below (bits - 1 bits),
             * all ones; else random with the top bit set */
            v = bits > 64 ? fxc_i128_shr((fxc_i128){ y, x }, 128 - bits) : fxc_i128_shr((fxc_i128){ x, 0 }, 64 - bits);
            if (bits > 64) v.hi |= (uint64_t)1 << (bits - 65);
            else v.lo |= (uint64_t)1 << (bits - 1);
            if (k == 0) {
                v.lo = bits > 64 ? 0 : (uint64_t)1 << (bits - 1);
                v.hi = bits > 64 ? (uint64_t)1 << (bits - 65) : 0;
            } else if (k == 1 && bits > 1) {
                v.lo = bits > 65 ? ~(uint64_t)0 : ((uint64_t)1 << (bits - 2) << 1) - 1;
                v.hi = bits > 65 ? ((uint64_t)1 << (bits - 66) << 1) - 1 : 0;
            } else if (k == 2) {
                v.lo = bits >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1;
                v.hi = bits > 64 ? ((uint64_t)1 << (bits - 65) << 1) - 1 : 0;
            }
            a = fxc_approx_i128(&v);
            n++;
            if (a.m < (1u << 30) || a.m >= (1u << 31)) {
                bad++;
                continue;
            }
            if (a.e < 0) {
                /* exact: m = v 2^-e */
                if (v.hi != 0 || (uint64_t)a.m != v.lo << -a.e) bad++;
                continue;
            }
            if (a.e > 96) {
                bad++;
                continue;
            }
            lo = scaled(a.m, a.e);
            hi = fxc_i128_add(lo, scaled(1, a.e));
            if (fxc_i128_cmp(&v, &lo) < 0 || fxc_i128_cmp(&v, &hi) >= 0) bad++;
        }
    }
    CHECK_MSG(bad == 0, "%ld of %ld cuts break m 2^e <= v < (m + 1) 2^e", bad, n);
}

/* |x| |y| in 32-bit limbs, low first: schoolbook, for the reference sign
 * below (its own arithmetic, not the library's). */
static void limb_product(int64_t x, int64_t y, uint32_t p[4])
{
    uint64_t u = x < 0 ? 0 - (uint64_t)x : (uint64_t)x, v = y < 0 ? 0 - (uint64_t)y : (uint64_t)y;
    uint32_t a[2], b[2];
    int i, j;
    a[0] = (uint32_t)u;
    a[1] = (uint32_t)(u >> 32);
    b[0] = (uint32_t)v;
    b[1] = (uint32_t)(v >> 32);
    for (i = 0; i < 4; i++) p[i] = 0;
    for (i = 0; i < 2; i++) {
        uint64_t carry = 0;
        for (j = 0; j < 2; j++) {
            uint64_t t = (uint64_t)a[i] * b[j] + p[i + j] + carry;
            p[i + j] = (uint32_t)t;
            carry = t >> 32;
        }
        p[i + 2] = (uint32_t)carry;
    }
}

static int sign64(int64_t x)
{
    return (x > 0) - (x < 0);
}

/* The sign of a b - c d from the limbs: products of different signs are
 * ordered by them, of one sign by their magnitudes. */
static int det2_sign_ref(int64_t a, int64_t b, int64_t c, int64_t d)
{
    int s1 = sign64(a) * sign64(b), s2 = sign64(c) * sign64(d), k;
    uint32_t p[4], q[4];
    if (s1 != s2) return s1 > s2 ? 1 : -1;
    if (s1 == 0) return 0;
    limb_product(a, b, p);
    limb_product(c, d, q);
    for (k = 3; k >= 0; k--)
        if (p[k] != q[k]) return (p[k] > q[k]) == (s1 > 0) ? 1 : -1;
    return 0;
}

/* A random magnitude of `bits` bits at most (below 2^62), with a random
 * sign. */
static int64_t det2_operand(t_rng *r, int bits)
{
    int64_t v = bits == 0 ? 0 : (int64_t)(t_next(r) >> (64 - bits));
    return t_next(r) & 1 ? -v : v;
}

/* GJK's triangle signs (fxc_det2_sign): the sign of a b - c d against the
 * limbs', for operands of every bit length up to 62, and for exact ties
 * (a, b, c, d) = (x p, y q, x q, y p) and their neighbours (one operand
 * moved by 1), where the filter cannot decide and the 128-bit products
 * must; and at the range's ends. */
void test_filter_det2_sign(void)
{
    static const int64_t ends[] = { 0, 1, -1, ((int64_t)1 << 62) - 1, -(((int64_t)1 << 62) - 1), (int64_t)1 << 61 };
    t_rng r = { 4500 };
    long i, n = T_TARGET_CASES(200000, 4000), exact = 0, wrong = 0;
    int e[4];
    for (e[0] = 0; e[0] < 6; e[0]++)
        for (e[1] = 0; e[1] < 6; e[1]++)
            for (e[2] = 0; e[2] < 6; e[2]++)
                for (e[3] = 0; e[3] < 6; e[3]++)
                    wrong += fxc_det2_sign(ends[e[0]], ends[e[1]], ends[e[2]], ends[e[3]]) !=
                             det2_sign_ref(ends[e[0]], ends[e[1]], ends[e[2]], ends[e[3]]);
    for (i = 0; i < n; i++) {
        int64_t v[4];
        int k;
        if (i % 3 == 0) {
            for (k = 0; k < 4; k++) v[k] = det2_operand(&r, (int)(t_next(&r) % 63));
        } else {
            int64_t x = det2_operand(&r, 1 + (int)(t_next(&r) % 31)), y = det2_operand(&r, 1 + (int)(t_next(&r) % 31));
            int64_t p = det2_operand(&r, 1 + (int)(t_next(&r) % 31)), q = det2_operand(&r, 1 + (int)(t_next(&r) % 31));
            v[0] = x * p;
            v[1] = y * q;
            v[2] = x * q;
            v[3] = y * p;
            if (i % 3 == 2) v[t_next(&r) % 4] += t_next(&r) & 1 ? 1 : -1;
        }
        {
            /* left to the exact products? the filter's own test, as wide.h states it */
            uint64_t m = fxc_abs_u64(v[0]) | fxc_abs_u64(v[1]) | fxc_abs_u64(v[2]) | fxc_abs_u64(v[3]);
            int s = fxc_bitlen64(m) - 30;
            int64_t A;
            if (s < 0) s = 0;
            A = (int64_t)(int32_t)(v[0] >> s) * (int32_t)(v[1] >> s) - (int64_t)(int32_t)(v[2] >> s) * (int32_t)(v[3] >> s);
            exact += s > 0 && A <= FXC_DET2_FILTER && A >= -FXC_DET2_FILTER;
        }
        wrong += fxc_det2_sign(v[0], v[1], v[2], v[3]) != det2_sign_ref(v[0], v[1], v[2], v[3]);
    }
    port_printf("       %ld cases, %ld decided by the 128-bit products\n", n, exact);
    CHECK(wrong == 0);
    CHECK(exact > n / 4); /* the ties and their neighbours reach them */
}
