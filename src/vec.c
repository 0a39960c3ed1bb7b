/* Vector, matrix and angle kernels: the public ones of include/fxc_vec.h
 * and the exact toolkit of src/exact.h (each header states the bit budget
 * of each kernel). */
#include <stddef.h>
#include "fxcollide.h"
#include "fxc_bits.h"
#include "wide.h"

/* The kernels rely on arithmetic right shifts of negative values. */
typedef char fxc_check_arith_shift[((-5 >> 1) == -3) ? 1 : -1];

/* floor(sqrt(x)) for 32-bit x: one result bit per step, 32-bit operations. */
static uint32_t isqrt32(uint32_t x)
{
    uint32_t res = 0, bit;
    if (x == 0) return 0;
    bit = 1u << ((fxc_bitlen32(x) - 1) & ~1); /* highest power of 4 <= x */
    while (bit != 0) {
        if (x >= res + bit) {
            x -= res + bit;
            res = (res >> 1) + bit;
        } else {
            res >>= 1;
        }
        bit >>= 2;
    }
    return res;
}

uint32_t fxc_isqrt64(uint64_t v)
{
    uint64_t r;
    int sh;
    if (v <= 0xFFFFFFFFu) return isqrt32((uint32_t)v);
    /* Square root of the top 31-32 bits (an even shift keeps the scale
     * exact): r <= sqrt(v) with relative error below 2^-15. One Newton
     * step from below lands within 1 above the root (error ~ r * 2^-31),
     * then at most a couple of unit corrections make it the exact floor. */
    sh = (fxc_bitlen64(v) - 31) & ~1;
    r = (uint64_t)isqrt32((uint32_t)(v >> sh)) << (sh / 2);
    FXC_ASSERT(r != 0); /* v >> sh >= 2^30 */
    if (r == 0) r = 1;  /* keeps the division safe whatever happens */
    /* r < 2^32 (a root of 16 bits shifted by at most 16). The quotient
     * v / r has 32 bits but within about 2^-15 of the top of the range
     * (v near 2^64, where r may lie below v >> 32): a 64-by-32-bit division
     * there, which the Cortex-M0 makes without a libgcc call. */
    r = (r + ((v >> 32) < r ? fxc_udiv64_32(v, (uint32_t)r) : v / r)) / 2;
    if (r > 0xFFFFFFFFu) r = 0xFFFFFFFFu;
    while (fxc_umull((uint32_t)r, (uint32_t)r) > v) r--;
    while (r < 0xFFFFFFFFu && fxc_umull((uint32_t)r + 1, (uint32_t)r + 1) <= v) r++;
    return (uint32_t)r;
}

/* 2^30 / sqrt((k + 0.5) / 16) for k = 4..15: seeds good to 4 bits. */
static const uint32_t rsqrt_seed[12] = { 2024667000u, 1831380208u, 1684624773u, 1568300315u,
                                         1473161629u, 1393471397u, 1325455684u, 1266516759u,
                                         1214800200u, 1168942037u, 1127913670u, 1090922784u };

void fxc_rsqrt(uint64_t v, uint32_t *t_out, int *e_out)
{
    /* v = x * 2^s with s even and x in [2^30, 2^32): s = bit length - 31
     * rounded down to even, so x has 31 or 32 bits. Then
     * 1/sqrt(v) = 2^(-s/2) * 2^-16 * 1/sqrt(X) with X = x / 2^32 in
     * [1/4, 1), and t = 2^30 / sqrt(X) lies in (2^30, 2^31]. */
    int s = (fxc_bitlen64(v) - 31) & ~1;
    uint32_t x = (uint32_t)(s >= 0 ? v >> s : v << -s);
    uint32_t k = x >> 28; /* 4..15 */
    uint64_t t;
    int i;
    if (k < 4) k = 4; /* only for v = 0, outside the contract: the index stays in range */
    t = rsqrt_seed[k - 4];
    /* Newton for 1/sqrt: t <- t (3 - X t^2) / 2, all in Q30/Q31. A step
     * never lands above the root 2^30 / sqrt(X) <= 2^31 but by its
     * rounding, and the seeds are below 2^31: t stays below 2^31 (checked
     * for every x within 2^25 of X = 1/4, where the root is largest), so
     * t^2 >> 30 < 2^32; X t^2 < 1.12 (xt2 < 3 * 2^30). Each product is
     * 32 x 32 bits. */
    for (i = 0; i < 3; i++) {
        uint32_t t2 = (uint32_t)(fxc_umull((uint32_t)t, (uint32_t)t) >> 30);
        uint32_t xt2 = (uint32_t)(fxc_umull(x >> 1, t2) >> 31);
        t = fxc_umull((uint32_t)t, 3u * (1u << 30) - xt2) >> 31;
    }
    *t_out = (uint32_t)t;
    *e_out = 46 + s / 2;
}

/* round(p / 2^sh) for p < 2^63 and 1 <= sh <= 64, as ((p >> (sh - 1)) +
 * 1) >> 1: the same as (p + 2^(sh - 1)) >> sh (the bits below sh - 1 never
 * carry into the half added), with every variable shift on one 32-bit
 * word. A 64-bit shift by a variable count is a library call on the M0
 * and a branch-free run of seven instructions on the M3. */
static uint64_t round_shift(uint64_t p, int sh)
{
    uint32_t hi = (uint32_t)(p >> 32), lo = (uint32_t)p;
    int k = sh - 1;
    uint64_t q = p;
    if (k >= 32) return ((hi >> (k - 32)) + 1) >> 1; /* hi < 2^31: no carry out */
    if (k > 0) q = (uint64_t)(hi >> k) << 32 | (lo >> k | hi << (32 - k));
    return (q + 1) >> 1;
}

int64_t fxc_mul_rsqrt(int64_t num, uint32_t t, int e)
{
    uint64_t m = num < 0 ? (uint64_t)0 - (uint64_t)num : (uint64_t)num;
    uint32_t hi = (uint32_t)(m >> 32), lo = (uint32_t)m;
    /* m cut to its top 32 bits: a = the bits dropped, 1..30 when the high
     * word is set (|num| < 2^62), so both word shifts are defined; 0, and
     * no bit search on the M0, when it is not */
    int a = hi != 0 ? fxc_bitlen32(hi) : 0, sh;
    uint64_t p;
    if (a > 0) lo = lo >> a | hi << (32 - a);
    p = fxc_umull(lo, t); /* < 2^32 * 2^31 */
    sh = e - a;
    if (sh > 0) p = round_shift(p, sh);
    else p <<= -sh;
    return num < 0 ? -(int64_t)p : (int64_t)p;
}

int64_t fxc_div_sqrt(int64_t num, uint64_t v)
{
    uint32_t t;
    int e;
    fxc_rsqrt(v, &t, &e);
    return fxc_mul_rsqrt(num, t, e);
}

fxc_vec3 fxc_v3_scale(fxc_vec3 a, fix16_t s)
{
    return fxc_v3(fxc_round32(fxc_smull(a.x, s)), fxc_round32(fxc_smull(a.y, s)), fxc_round32(fxc_smull(a.z, s)));
}

fix16_t fxc_v3_dot(fxc_vec3 a, fxc_vec3 b)
{
    return fxc_round32(fxc_v3_dot_wide(a, b));
}

fxc_vec3 fxc_v3_cross(fxc_vec3 a, fxc_vec3 b)
{
    fxc_vec3w c = fxc_v3_cross_wide(a, b);
    return fxc_v3(fxc_round32(c.x), fxc_round32(c.y), fxc_round32(c.z));
}

fxc_vec3 fxc_mat3_mul_v3(const fxc_mat3 *m, fxc_vec3 v)
{
    return fxc_mat3_apply(m, v);
}

fxc_vec3 fxc_mat3_tmul_v3(const fxc_mat3 *m, fxc_vec3 v)
{
    return fxc_mat3_apply_t(m, v);
}

fxc_vec3 fxc_transform_point(const fxc_transform *t, fxc_vec3 p)
{
    return fxc_v3_add(fxc_mat3_apply(&t->rot, p), t->pos);
}

fix16_t fxc_v3_length(fxc_vec3 a)
{
    /* Sum of squares is exact Q32.32 (< 3 * 2^60); its square root is the
     * length in Q16.16. Round to nearest: r+1 when s > r^2 + r. */
    uint64_t s = (uint64_t)fxc_v3_dot_wide(a, a);
    uint32_t r = fxc_isqrt64(s);
    if (s - fxc_umull(r, r) > r) r++;
    return (fix16_t)r;
}

/* v * 2^-sh, an arithmetic right shift for 0 < sh < 64 or an exact left
 * shift for sh <= 0, when the result fits int32: built from the words it comes from, so no
 * 64-bit shift is needed (a library call on the Cortex-M0). */
static int32_t shift_bits(int64_t v, int sh)
{
    uint32_t lo = (uint32_t)v;
    int32_t hi = (int32_t)(v >> 32);
    if (sh <= 0) return (int32_t)(lo << -sh);
    if (sh >= 32) return hi >> (sh - 32);
    return (int32_t)((lo >> sh) | ((uint32_t)hi << (32 - sh)));
}

int fxc_fit_bits(const fxc_vec3w *v, int bits, fxc_vec3 *out)
{
    /* The OR of the magnitudes has the bit length of the largest one. */
    int len = fxc_bitlen64(fxc_abs_u64(v->x) | fxc_abs_u64(v->y) | fxc_abs_u64(v->z)), sh = len - bits;
    if (len == 0) {
        *out = fxc_v3(0, 0, 0);
        return 0;
    }
    out->x = shift_bits(v->x, sh);
    out->y = shift_bits(v->y, sh);
    out->z = shift_bits(v->z, sh);
    return 1;
}

int fxc_v3w_normalize(fxc_vec3w v, fxc_vec3 *out)
{
    fxc_vec3 f;
    uint32_t t;
    int e;
    /* 30 significant bits: squares below 2^60, their sum below 2^62. */
    if (!fxc_fit_bits(&v, 30, &f)) {
        *out = f;
        return 0;
    }
    /* 1/|f| = t * 2^-e (fxc_rsqrt: relative 2^-28, no division), then
     * n = f * 2^16 / |f|; f * 2^16 < 2^46. */
    fxc_rsqrt((uint64_t)fxc_v3_dot_wide(f, f), &t, &e);
    out->x = (fix16_t)fxc_mul_rsqrt((int64_t)f.x * 65536, t, e);
    out->y = (fix16_t)fxc_mul_rsqrt((int64_t)f.y * 65536, t, e);
    out->z = (fix16_t)fxc_mul_rsqrt((int64_t)f.z * 65536, t, e);
    return 1;
}

int fxc_v3_normalize(fxc_vec3 a, fxc_vec3 *out)
{
    return fxc_v3w_normalize(fxc_v3_widen(a), out);
}

void fxc_mat3_identity(fxc_mat3 *out)
{
    int i, j;
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++)
            out->m[i][j] = (i == j) ? FXC_ONE : 0;
}

void fxc_mat3_mul(const fxc_mat3 *a, const fxc_mat3 *b, fxc_mat3 *out)
{
    fxc_mat3 r;
    int i, j;
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++)
            r.m[i][j] = fxc_round32(fxc_dot3(a->m[i][0], b->m[0][j], a->m[i][1], b->m[1][j], a->m[i][2], b->m[2][j]));
    *out = r;
}

/* round(num * 2^16 / den) for den > 0 and |num| <= den < 2^47, half away
 * from zero. */
static fix16_t ratio_q16(int64_t num, int64_t den)
{
    int64_t n = num * 65536;
    int64_t h = den / 2;
    return (fix16_t)((n >= 0 ? n + h : n - h) / den);
}

int fxc_mat3_from_quat(fxc_quat q, fxc_mat3 *out)
{
    int64_t ww = fxc_smull(q.w, q.w), xx = fxc_smull(q.x, q.x), yy = fxc_smull(q.y, q.y), zz = fxc_smull(q.z, q.z);
    /* Each square is at most 2^62, so the 4-term sum fits uint64 before the
     * check, but for all four components -2^31: that wraps to 0, and is
     * refused below all the same (|q| is beyond 128 units). */
    uint64_t n = (uint64_t)ww + (uint64_t)xx + (uint64_t)yy + (uint64_t)zz;
    int64_t d, xy, xz, yz, wx, wy, wz;

    if (out == NULL) return FXC_ERR_NULL;
    /* 2^-8 <= |q| <= 128 units  <=>  2^16 <= n <= 2^46 (raw Q32.32). Then
     * every component is below 2^23 raw and every product below 2^46. */
    if (n < ((uint64_t)1 << 16) || n > ((uint64_t)1 << 46)) {
        fxc_mat3_identity(out);
        return FXC_ERR_RANGE;
    }
    d = (int64_t)n;
    xy = fxc_smull(q.x, q.y); xz = fxc_smull(q.x, q.z); yz = fxc_smull(q.y, q.z);
    wx = fxc_smull(q.w, q.x); wy = fxc_smull(q.w, q.y); wz = fxc_smull(q.w, q.z);
    /* R = (q v q*) / |q|^2: exact rational entries, each within [-1, 1]. */
    out->m[0][0] = ratio_q16(ww + xx - yy - zz, d);
    out->m[0][1] = ratio_q16(2 * (xy - wz), d);
    out->m[0][2] = ratio_q16(2 * (xz + wy), d);
    out->m[1][0] = ratio_q16(2 * (xy + wz), d);
    out->m[1][1] = ratio_q16(ww - xx + yy - zz, d);
    out->m[1][2] = ratio_q16(2 * (yz - wx), d);
    out->m[2][0] = ratio_q16(2 * (xz - wy), d);
    out->m[2][1] = ratio_q16(2 * (yz + wx), d);
    out->m[2][2] = ratio_q16(ww - xx - yy + zz, d);
    return FXC_OK;
}

/* pi, pi/2 and 2*pi in Q32.32 (rounded to nearest). */
#define PI_Q32      INT64_C(13493037705)
#define HALF_PI_Q32 INT64_C(6746518852)
#define TWO_PI_Q32  INT64_C(26986075409)

void fxc_sincos(fix16_t angle, fix16_t *s, fix16_t *c)
{
    /* Reduce in Q32.32: |angle| < 2^31 raw, so angle * 2^16 < 2^47, and the
     * remainder is exact up to the 2^-33 rounding of 2*pi per turn. */
    int64_t r = ((int64_t)angle * 65536) % TWO_PI_Q32;
    int64_t sa, ca;
    if (r > PI_Q32) r -= TWO_PI_Q32;
    if (r < -PI_Q32) r += TWO_PI_Q32;
    /* sin(r) = sin(pi - r) folds r into [-pi/2, pi/2]; cos(r) = sin(pi/2 - |r|). */
    sa = r;
    if (sa > HALF_PI_Q32) sa = PI_Q32 - sa;
    if (sa < -HALF_PI_Q32) sa = -PI_Q32 - sa;
    ca = HALF_PI_Q32 - (r < 0 ? -r : r);
    *s = fix16_sin(fxc_round32(sa));
    *c = fix16_sin(fxc_round32(ca));
}

void fxc_mat3_turn(fxc_vec3 k, fix16_t angle, fxc_mat3 *out)
{
    fix16_t s, c;
    int64_t t, kv[3], sk[3];
    int i;
    fxc_sincos(angle, &s, &c);
    kv[0] = k.x; kv[1] = k.y; kv[2] = k.z;
    t = (int64_t)FXC_ONE - c;                 /* 1 - cos, in [0, 2] */
    /* s * k in Q32.32, so it joins the Q48 sums below without rounding. */
    for (i = 0; i < 3; i++) sk[i] = (int64_t)s * kv[i];
    {
        /* s [k]x, the skew-symmetric cross-product matrix of k times s. */
        const int64_t skew[3][3] = { { 0, -sk[2], sk[1] },
                                     { sk[2], 0, -sk[0] },
                                     { -sk[1], sk[0], 0 } };
        /* Rodrigues: R = c I + s [k]x + (1 - c) k k^T. Each entry is formed
         * in Q48 (t * ki * kj <= 2^17 * 2^32, s * k * 2^16 <= 2^48,
         * c * 2^32 <= 2^48: sum < 2^50) and rounded once. */
        for (i = 0; i < 3; i++) {
            int j;
            for (j = 0; j < 3; j++) {
                int64_t e = t * (kv[i] * kv[j]) + skew[i][j] * 65536;
                if (i == j) e += (int64_t)c * ((int64_t)1 << 32);
                out->m[i][j] = (fix16_t)((e + ((int64_t)1 << 31)) >> 32);
            }
        }
    }
}

int fxc_mat3_from_axis_angle(fxc_vec3 axis, fix16_t angle, fxc_mat3 *out)
{
    fxc_vec3 k;
    if (out == NULL) return FXC_ERR_NULL;
    if (!fxc_v3_normalize(axis, &k)) {
        fxc_mat3_identity(out);
        return FXC_ERR_ZERO_SIZE;
    }
    fxc_mat3_turn(k, angle, out);
    return FXC_OK;
}
