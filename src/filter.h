/* Filtered exact signs (internal header).
 *
 * An exact sign costs 64-bit products, which the Cortex-M0 lacks (about 19
 * instructions each through src/mul.c). Most signs are far from zero, so
 * each is first evaluated from truncated operands in 32-bit products, with
 * a proven bound on what the truncation can change; only a value within
 * the bound is evaluated exactly. The decision is always the exact one. */
#ifndef FXC_FILTER_H
#define FXC_FILTER_H

#include "fxc_vec.h"
#include "fxc_bits.h"

/* Benchmark builds only (FXC_COUNT_FALLBACKS): how often each filter runs
 * and how often it leaves the decision to its exact path. The library has
 * no static state otherwise. */
enum fxc_filter_kind { FXC_FILTER_TMUL, FXC_FILTER_PLANE_32, FXC_FILTER_PLANE_64, FXC_FILTER_HULL, FXC_FILTER_SAT, FXC_FILTER_DET2, FXC_FILTERS };
#ifdef FXC_COUNT_FALLBACKS
extern unsigned long fxc_filter_runs[FXC_FILTERS], fxc_filter_fallbacks[FXC_FILTERS];
#define FXC_FILTER_RUN(k) (fxc_filter_runs[k]++)
#define FXC_FILTER_FELL(k) (fxc_filter_fallbacks[k]++)
#else
#define FXC_FILTER_RUN(k) ((void)0)
#define FXC_FILTER_FELL(k) ((void)0)
#endif

/* Component j of R^T d, from truncated operands: with R' = R >> 2
 * (|R| <= 2^17: |R'| <= 2^15) and d' = d >> 14 (|d| < 2^28: |d'| <= 2^14),
 * A = sum_i R'_ij d'_i fits int32 (below 3 * 2^29). The exact sum is
 * S = sum_i R_ij d_i, and S - 2^16 A = sum of 4 R' rd + 2^14 rR d' + rR rd
 * per term (remainders 0 <= rR < 4, 0 <= rd < 2^14), below 3 * (2^31 +
 * 2^30 + 2^16) < 5 * 2^31 = 2^16 * FXC_TMUL_FILTER in magnitude. */
#define FXC_TMUL_FILTER 163840
static inline int32_t fxc_tmul_approx(const fxc_mat3 *R, int j, fxc_vec3 d)
{
    return (R->m[0][j] >> 2) * (d.x >> 14) + (R->m[1][j] >> 2) * (d.y >> 14) + (R->m[2][j] >> 2) * (d.z >> 14);
}

/* Is component j of R^T d, rounded to Q16.16 as fxc_mat3_apply_t rounds
 * it, at least 0? That is S >= -2^15. A >= FXC_TMUL_FILTER proves
 * S > -2^15 and A < -FXC_TMUL_FILTER proves S < -2^16; in between, S is
 * formed exactly (three 64-bit products). */
static inline int fxc_tmul_ge0(const fxc_mat3 *R, int j, fxc_vec3 d)
{
    int32_t a = fxc_tmul_approx(R, j, d);
    FXC_FILTER_RUN(FXC_FILTER_TMUL);
    if (a >= FXC_TMUL_FILTER) return 1;
    if (a < -FXC_TMUL_FILTER) return 0;
    FXC_FILTER_FELL(FXC_FILTER_TMUL);
    return fxc_dot3(R->m[0][j], d.x, R->m[1][j], d.y, R->m[2][j], d.z) >= -0x8000;
}

/* The number of a box's corner farthest along d, for a box turned by R
 * (fxc_box_corner's numbering: bit j the + side of local axis j): the
 * signs of R^T d, each the sign of the component rotate() would round,
 * ties to +. Inline: the box support's hot path. */
static inline unsigned fxc_box_top(const fxc_mat3 *R, fxc_vec3 d)
{
    return (unsigned)(fxc_tmul_ge0(R, 0, d) | fxc_tmul_ge0(R, 1, d) << 1 | fxc_tmul_ge0(R, 2, d) << 2);
}

/* Sign of n . D for a wide normal n (< 2^62) given also fitted, nf =
 * n >> k (fxc_fit_bits: 28 significant bits, remainder 0 <= n - 2^k nf <
 * 2^k per component, or exactly n 2^k' when scaled up) and D (< 2^30).
 *  1. n . D - 2^k (nf . D) = r . D, below 2^k sum |D_i|: so |nf . D| >=
 *     sum |D_i| (> 0) gives the sign; nf . D is exact in int64 (< 2^60).
 *  2. Before that, in 32 bits: nf' = nf >> 14 (|nf'| <= 2^14) and D' = D >>
 *     s with s making |D| < 2^(14+s), so |D'| <= 2^14: P = nf' . D'
 *     (<= 3 * 2^28) and nf . D - 2^(14+s) P is below 3 * (2^(28+s) +
 *     2^(28+s) + 2^(14+s)) = 2^(14+s) (3 * 2^15 + 3) (per term: 2^14 nf'
 *     rd + rn 2^s D' + rn rd, remainders 0 <= rn < 2^14, 0 <= rd < 2^s),
 *     while test 1 needs at most sum |D_i| < 3 * 2^(14+s): so |P| >=
 *     3 * 2^15 + 6 = 98310 gives the sign, and FXC_PLANE_FILTER is above
 *     that.
 * Returns -1, 0 or 1 for a decided sign, FXC_UNDECIDED otherwise: the
 * caller then forms n . D exactly. */
#define FXC_PLANE_FILTER 99000
#define FXC_UNDECIDED 2
static inline int fxc_plane_sign_filtered(fxc_vec3 nf, fxc_vec3 D)
{
    uint32_t m = fxc_abs_u32(D.x) | fxc_abs_u32(D.y) | fxc_abs_u32(D.z), sum;
    int s = fxc_bitlen32(m) - 14;
    int32_t p;
    int64_t v;
    if (s < 0) s = 0;
    p = (nf.x >> 14) * (D.x >> s) + (nf.y >> 14) * (D.y >> s) + (nf.z >> 14) * (D.z >> s);
    FXC_FILTER_RUN(FXC_FILTER_PLANE_32);
    if (p > FXC_PLANE_FILTER) return 1;
    if (p < -FXC_PLANE_FILTER) return -1;
    FXC_FILTER_FELL(FXC_FILTER_PLANE_32);
    FXC_FILTER_RUN(FXC_FILTER_PLANE_64);
    v = fxc_v3_dot_wide(nf, D);
    sum = fxc_abs_u32(D.x) + fxc_abs_u32(D.y) + fxc_abs_u32(D.z); /* < 2^32: D < 2^30 */
    if (v >= (int64_t)sum && sum != 0) return 1;
    if (v <= -(int64_t)sum && sum != 0) return -1;
    FXC_FILTER_FELL(FXC_FILTER_PLANE_64);
    return FXC_UNDECIDED;
}

/* The order of a hull's vertices along a local direction d (< 2^31, |v|
 * < 2^28): the farther along d first; as far, exactly, the greater x, then
 * y, then z. It orders distinct points strictly, as d tilted by ever
 * smaller infinitesimals towards +x, +y and +z would, so the first point
 * is always a vertex of the hull (src/hull.c climbs to it). Exact:
 * products below 2^59, sums below 2^61. */
static inline int fxc_lex_greater(fxc_vec3 p, fxc_vec3 q)
{
    if (p.x != q.x) return p.x > q.x;
    if (p.y != q.y) return p.y > q.y;
    return p.z > q.z;
}

/* Is p strictly ahead of q in the order along d? Out of line
 * (src/support.c): the filtered loops below call it rarely, and inlined
 * it made the Cortex-M0 keep copies of every point they read. */
int fxc_hull_ahead_exact(const fxc_vec3 *d, const fxc_vec3 *p, const fxc_vec3 *q);

/* The same order filtered. With v' = v >> sv (|v'| < 2^14) and d' = d >>
 * sd (|d'| < 2^15), the cut value A = v' . d' fits int32 (< 3 * 2^29) and
 * differs from (v . d) / 2^(sv+sd) by less than 3 * (2^14 + 2^15 + 1) =
 * FXC_HULL_FILTER (per term: 2^sv v' rd + rv 2^sd d' + rv rd, remainders
 * 0 <= rv < 2^sv, 0 <= rd < 2^sd); reach_bits is the bit length of the
 * largest |v_i|. A vertex whose A is more than twice that above another's
 * is farther, more than twice below it nearer; only in between is the
 * order decided exactly. */
#define FXC_HULL_FILTER 147459
typedef struct {
    fxc_vec3 d;
    int32_t dx, dy, dz; /* d >> sd */
    int sv;
} fxc_hull_order;

static inline void fxc_hull_order_init(fxc_hull_order *o, fxc_vec3 d, int reach_bits)
{
    uint32_t m = fxc_abs_u32(d.x) | fxc_abs_u32(d.y) | fxc_abs_u32(d.z);
    int sd = fxc_bitlen32(m) - 15;
    if (sd < 0) sd = 0;
    o->sv = reach_bits > 14 ? reach_bits - 14 : 0;
    o->d = d;
    o->dx = d.x >> sd;
    o->dy = d.y >> sd;
    o->dz = d.z >> sd;
}

static inline int32_t fxc_hull_cut(const fxc_hull_order *o, fxc_vec3 v)
{
    return (v.x >> o->sv) * o->dx + (v.y >> o->sv) * o->dy + (v.z >> o->sv) * o->dz;
}

/* Is point p, of cut value a, strictly ahead of point q, of cut value
 * hi - 2 FXC_HULL_FILTER? Above hi it is; callers have skipped the points
 * more than 2 FXC_HULL_FILTER below q's (nearer: most points are); in
 * between, the exact order decides. */
static inline int fxc_hull_ahead(const fxc_hull_order *o, const fxc_vec3 *p, int32_t a, const fxc_vec3 *q, int32_t hi)
{
    if (a > hi) return 1;
    FXC_FILTER_FELL(FXC_FILTER_HULL);
    return fxc_hull_ahead_exact(&o->d, p, q);
}

/* A filtered search for the first point in the order: the best point so
 * far, and the window of cut values near its own. */
typedef struct {
    fxc_hull_order o;
    int best;
    int32_t lo, hi; /* the best one's cut value -+ 2 FXC_HULL_FILTER */
} fxc_hull_search;

static inline void fxc_hull_search_at(fxc_hull_search *s, int i, int32_t cut)
{
    s->best = i;
    s->lo = cut - 2 * FXC_HULL_FILTER;
    s->hi = cut + 2 * FXC_HULL_FILTER;
}

static inline void fxc_hull_search_init(fxc_hull_search *s, fxc_vec3 d, int reach_bits, const fxc_vec3 *v, int start)
{
    fxc_hull_order_init(&s->o, d, reach_bits);
    fxc_hull_search_at(s, start, fxc_hull_cut(&s->o, v[start]));
}

/* Does point i come before the best so far? It is then the best. */
static inline void fxc_hull_search_try(fxc_hull_search *s, const fxc_vec3 *v, int i)
{
    int32_t a = fxc_hull_cut(&s->o, v[i]);
    FXC_FILTER_RUN(FXC_FILTER_HULL);
    if (a >= s->lo && fxc_hull_ahead(&s->o, &v[i], a, &v[s->best], s->hi)) fxc_hull_search_at(s, i, a);
}

/* Index of the first of n hull vertices in the order along d: the scan. */
static inline int fxc_hull_argmax_filtered(const fxc_vec3 *v, int n, fxc_vec3 d, int reach_bits)
{
    fxc_hull_search s;
    int i;
    fxc_hull_search_init(&s, d, reach_bits, v, 0);
    for (i = 1; i < n; i++) fxc_hull_search_try(&s, v, i);
    return s.best;
}

#endif /* FXC_FILTER_H */
