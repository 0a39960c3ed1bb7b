/* Out-of-line vector, matrix and angle kernels (see include/fxc_vec.h for
 * the bit budget of each). */
#include "fxcollide.h"

/* The kernels rely on arithmetic right shifts of negative values. */
typedef char fxc_check_arith_shift[((-5 >> 1) == -3) ? 1 : -1];

uint32_t fxc_isqrt64(uint64_t v)
{
    /* Digit-by-digit square root: one result bit per step, no division.
     * Values below 2^32 take the cheaper 32-bit path (most lengths do). */
    if (v <= 0xFFFFFFFFu) {
        uint32_t x = (uint32_t)v, res = 0, bit = 1u << 30;
        while (bit > x) bit >>= 2;
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
    } else {
        uint64_t res = 0, bit = (uint64_t)1 << 62;
        while (bit > v) bit >>= 2;
        while (bit != 0) {
            if (v >= res + bit) {
                v -= res + bit;
                res = (res >> 1) + bit;
            } else {
                res >>= 1;
            }
            bit >>= 2;
        }
        return (uint32_t)res;
    }
}

fix16_t fxc_v3_length(fxc_vec3 a)
{
    /* Sum of squares is exact Q32.32 (< 3 * 2^60); its square root is the
     * length in Q16.16. Round to nearest: r+1 when s > r^2 + r. */
    uint64_t s = (uint64_t)fxc_v3_dot_wide(a, a);
    uint32_t r = fxc_isqrt64(s);
    if (s - (uint64_t)r * r > r) r++;
    return (fix16_t)r;
}

static uint64_t abs64(int64_t v)
{
    return v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
}

/* Shift v by `sh` bits: left (exact) for sh > 0, right with rounding for
 * sh < 0. The caller picks sh so every result is below 2^30 + 1. */
static int32_t shift_to_32(int64_t v, int sh)
{
    if (sh >= 0) return (int32_t)(v * ((int64_t)1 << sh));
    return (int32_t)((v + ((int64_t)1 << (-sh - 1))) >> -sh);
}

int fxc_v3w_normalize(fxc_vec3w v, fxc_vec3 *out)
{
    uint64_t m = abs64(v.x);
    int sh = 0;
    int32_t x, y, z;
    uint64_t len, recip;

    if (abs64(v.y) > m) m = abs64(v.y);
    if (abs64(v.z) > m) m = abs64(v.z);
    if (m == 0) {
        *out = fxc_v3(0, 0, 0);
        return 0;
    }
    /* Bring the largest component into [2^29, 2^30): 30 significant bits,
     * so squares stay below 2^60 and their sum below 2^62. */
    while (m >= ((uint64_t)1 << 30)) { m >>= 1; sh--; }
    while (m < ((uint64_t)1 << 29)) { m <<= 1; sh++; }
    x = shift_to_32(v.x, sh);
    y = shift_to_32(v.y, sh);
    z = shift_to_32(v.z, sh);
    /* len in [2^29, 2^30.8]; relative error of the floor below 2^-29. */
    len = fxc_isqrt64((uint64_t)((int64_t)x * x + (int64_t)y * y + (int64_t)z * z));
    /* One division: recip = 2^61 / len in (2^30.2, 2^32]. Then
     * n = x * 2^16 / len = x * recip / 2^45, with x * recip < 2^62. */
    recip = ((uint64_t)1 << 61) / len;
    out->x = (fix16_t)(((int64_t)x * (int64_t)recip + ((int64_t)1 << 44)) >> 45);
    out->y = (fix16_t)(((int64_t)y * (int64_t)recip + ((int64_t)1 << 44)) >> 45);
    out->z = (fix16_t)(((int64_t)z * (int64_t)recip + ((int64_t)1 << 44)) >> 45);
    return 1;
}

int fxc_v3_normalize(fxc_vec3 a, fxc_vec3 *out)
{
    fxc_vec3w w;
    w.x = a.x; w.y = a.y; w.z = a.z;
    return fxc_v3w_normalize(w, out);
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
            r.m[i][j] = fxc_round32((int64_t)a->m[i][0] * b->m[0][j] +
                                    (int64_t)a->m[i][1] * b->m[1][j] +
                                    (int64_t)a->m[i][2] * b->m[2][j]);
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
    /* Each square < 2^62, so the 4-term sum fits uint64 before the check. */
    uint64_t n = (uint64_t)((int64_t)q.w * q.w) + (uint64_t)((int64_t)q.x * q.x) +
                 (uint64_t)((int64_t)q.y * q.y) + (uint64_t)((int64_t)q.z * q.z);
    int64_t d, ww, xx, yy, zz, xy, xz, yz, wx, wy, wz;

    /* 2^-8 <= |q| <= 128 units  <=>  2^16 <= n <= 2^46 (raw Q32.32). Then
     * every component is below 2^23 raw and every product below 2^46. */
    if (n < ((uint64_t)1 << 16) || n > ((uint64_t)1 << 46)) {
        fxc_mat3_identity(out);
        return 0;
    }
    d = (int64_t)n;
    ww = (int64_t)q.w * q.w; xx = (int64_t)q.x * q.x;
    yy = (int64_t)q.y * q.y; zz = (int64_t)q.z * q.z;
    xy = (int64_t)q.x * q.y; xz = (int64_t)q.x * q.z; yz = (int64_t)q.y * q.z;
    wx = (int64_t)q.w * q.x; wy = (int64_t)q.w * q.y; wz = (int64_t)q.w * q.z;
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
    return 1;
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

int fxc_mat3_from_axis_angle(fxc_vec3 axis, fix16_t angle, fxc_mat3 *out)
{
    fxc_vec3 k;
    fix16_t s, c;
    int64_t t, kv[3], sk[3];
    int i, j;

    if (!fxc_v3_normalize(axis, &k)) {
        fxc_mat3_identity(out);
        return 0;
    }
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
            for (j = 0; j < 3; j++) {
                int64_t e = t * (kv[i] * kv[j]) + skew[i][j] * 65536;
                if (i == j) e += (int64_t)c * ((int64_t)1 << 32);
                out->m[i][j] = (fix16_t)((e + ((int64_t)1 << 31)) >> 32);
            }
        }
    }
    return 1;
}
