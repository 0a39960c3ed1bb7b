/* GJK distance algorithm in Q16.16 with exact integer decisions.
 *
 * Robustness by design:
 *  - Every decision is an exact integer test. Region tests of the closest-
 *    feature search use int64 dot products (operands below 2^30, sums below
 *    2^61) and exact 128-bit products of those (wide.h); containment in a
 *    tetrahedron uses exact 93-bit orientation signs (fxc_sign_dot_wide).
 *  - Search directions are the exact directions of the closest feature
 *    (vertex, edge perpendicular, face normal) fitted to 28 bits, or after
 *    a step without progress their sum with the best proven axis (which
 *    halves the swing of the directions near a curved rim); only the
 *    witness weights (Q30 fractions, one division each) and the distances
 *    (2^-8 LSB, relative 2^-27) are rounded.
 *  - Termination: a repeated support point, the distance and the best
 *    lower bound within 1 LSB, no measurable progress (neither a smaller
 *    distance nor a bracket between distance and lower bound narrowed by
 *    a quarter) for FXC_GJK_STALL_STEPS steps, not counting steps that
 *    halve the previous step's bracket, with the bounds within 2 LSB (the
 *    best simplex measured again along its exact direction when the fitted
 *    one's tilt far from the origin may be all that holds them apart; or
 *    within that tilt, when both bounds are on one side of the touching
 *    band); otherwise a stall, or
 *    the hard cap FXC_GJK_MAX_ITERATIONS, ends GJK unconverged
 *    (FXC_ERR_NO_CONVERGENCE for the query, with the best answer).
 *  - The normal is a proven separating axis: a direction whose support
 *    point showed the gap along it (normal_axis).
 */
#include "gjk.h"
#include "wide.h"
#include "fxc_bits.h"

/* The feature (vertex, edge, face, or whole tetrahedron) of a simplex
 * closest to the origin. Its weights are left to feature_weights: only the
 * final simplex's are ever needed. */
typedef struct {
    int n;           /* 1..3 points, or 4: origin inside the tetrahedron */
    int idx[3];      /* indices into the simplex */
    int on_origin;   /* exact: the origin lies on this feature */
    fxc_vec3w dir;   /* from the feature towards the origin, 2^-27 accurate */
} feature;

/* round(num / den * 2^30) for 0 <= num <= den, den > 0 (0 if den == 0):
 * both are shifted until den fits 32 bits, keeping >= 31 significant bits.
 * By pointer: two 128-bit values by value are a memcpy call on the M0. */
static int32_t frac_q30(const fxc_i128 *num, const fxc_i128 *den)
{
    int sh = fxc_i128_bits(*den) - 32;
    uint64_t n = num->lo, d = den->lo;
    if (sh > 0) {
        n = fxc_i128_shr(*num, sh).lo;
        d = fxc_i128_shr(*den, sh).lo;
    }
    if (d == 0) return 0;
    return (int32_t)fxc_udiv64_32((n << 30) + d / 2, (uint32_t)d); /* below 2^30 + 1 */
}

static int32_t frac64(int64_t num, int64_t den)
{
    fxc_i128 n = fxc_i128_from64(num), d = fxc_i128_from64(den);
    return frac_q30(&n, &d);
}

static int is_zero(fxc_vec3 a)
{
    return a.x == 0 && a.y == 0 && a.z == 0;
}

static void set_vertex(feature *f, const fxc_vec3 *P, int i)
{
    f->n = 1;
    f->idx[0] = i;
    f->on_origin = is_zero(P[i]);
    f->dir.x = -(int64_t)P[i].x;
    f->dir.y = -(int64_t)P[i].y;
    f->dir.z = -(int64_t)P[i].z;
}

/* Edge i-j. */
static void set_edge(feature *f, const fxc_vec3 *P, int i, int j)
{
    fxc_vec3w c = fxc_v3_cross_wide(P[i], P[j]);
    fxc_vec3 c28;
    f->n = 2;
    f->idx[0] = i;
    f->idx[1] = j;
    /* The origin is on the segment iff A x B = 0 (exact) in the edge region.
     * Otherwise the direction to it is (A x B) x AB: A x B is exact, fitted
     * to 28 bits, times the edge (< 2^30): < 2^59. */
    f->on_origin = c.x == 0 && c.y == 0 && c.z == 0;
    if (fxc_dir_fit(&c, &c28)) f->dir = fxc_v3_cross_wide(c28, fxc_v3_sub(P[j], P[i]));
    else f->dir = c;
}

fxc_vec3 fxc_weighted_point(const fxc_vec3 *P, const int32_t *w, int n)
{
    fxc_vec3 o = P[0];
    int64_t x = 0, y = 0, z = 0;
    int i;
    for (i = 1; i < n; i++) {
        fxc_vec3 e = fxc_v3_sub(P[i], o);
        x += fxc_smull(e.x, w[i]);
        y += fxc_smull(e.y, w[i]);
        z += fxc_smull(e.z, w[i]);
    }
    o.x += (fix16_t)((x + (1 << 29)) >> 30);
    o.y += (fix16_t)((y + (1 << 29)) >> 30);
    o.z += (fix16_t)((z + (1 << 29)) >> 30);
    return o;
}

/* Q30 weight on B of the point of edge AB closest to the origin:
 * (AB . -A) / |AB|^2, as segment_feature's t / (t + u). */
static int32_t edge_weight(fxc_vec3 A, fxc_vec3 B)
{
    fxc_vec3 ab = fxc_v3_sub(B, A);
    int64_t t = -fxc_v3_dot_wide(ab, A);
    return frac64(t, t + fxc_v3_dot_wide(ab, B));
}

/* Q30 weights of the point closest to the origin of a feature's points Q
 * (n of them, in the simplex's order): the region tests' own exact
 * numerators and denominators, so the weights equal those the tests would
 * give. A vertex: 1. An edge AB: (AB . -A) / |AB|^2 on B. A face ABC: the
 * barycentric numerators vb, vc over their sum with va (exact 128-bit
 * differences of int64 products, as in triangle_feature). */
static void feature_weights(const fxc_vec3 *Q, int n, int32_t w[3])
{
    w[1] = w[2] = 0;
    if (n == 2) w[1] = edge_weight(Q[0], Q[1]);
    if (n == 3) {
        fxc_vec3 ab = fxc_v3_sub(Q[1], Q[0]), ac = fxc_v3_sub(Q[2], Q[0]);
        int64_t d1 = -fxc_v3_dot_wide(ab, Q[0]), d2 = -fxc_v3_dot_wide(ac, Q[0]);
        int64_t d3 = -fxc_v3_dot_wide(ab, Q[1]), d4 = -fxc_v3_dot_wide(ac, Q[1]);
        int64_t d5 = -fxc_v3_dot_wide(ab, Q[2]), d6 = -fxc_v3_dot_wide(ac, Q[2]);
        fxc_i128 va = fxc_i128_sub(fxc_i128_mul64(d3, d6), fxc_i128_mul64(d5, d4));
        fxc_i128 vb = fxc_i128_sub(fxc_i128_mul64(d5, d2), fxc_i128_mul64(d1, d6));
        fxc_i128 vc = fxc_i128_sub(fxc_i128_mul64(d1, d4), fxc_i128_mul64(d3, d2));
        fxc_i128 den = fxc_i128_add(fxc_i128_add(va, vb), vc);
        w[1] = frac_q30(&vb, &den);
        w[2] = frac_q30(&vc, &den);
    }
    w[0] = FXC_W_ONE - w[1] - w[2];
}

/* Squared distance of a vertex or edge feature's closest point (rounded)
 * from the origin. */
static int64_t feature_dist2(const fxc_vec3 *P, const feature *f)
{
    fxc_vec3 Q[2], q;
    int32_t w[2];
    Q[0] = P[f->idx[0]];
    Q[1] = f->n == 2 ? P[f->idx[1]] : Q[0];
    w[1] = f->n == 2 ? edge_weight(Q[0], Q[1]) : 0;
    w[0] = FXC_W_ONE - w[1];
    q = fxc_weighted_point(Q, w, 2);
    return fxc_v3_dot_wide(q, q);
}

/* Distance of the origin from a feature's supporting line or plane,
 * measured along the feature's fitted direction d: u8 = (-d . P) / |d| in
 * units of 2^-8 raw LSB. -d . P is exact (< 2^59); 1/|d| comes from
 * fxc_rsqrt (relative 2^-28), kept so lower bounds along the same d cost
 * one multiplication. The direction is off the feature's true normal by
 * up to 2^-27 rad from its own construction and as much from its fitting
 * to 28 bits (each component floored: sqrt(3) units in 2^27), so u8 may
 * be off by 4 |P| 2^-27 raw: tilt8 bounds it by the components' sum
 * (below 2^31 for points below 2^29): nothing at everyday sizes, up to
 * 12 LSB for a feature 2^28 raw (4096 units) from the origin. */
typedef struct {
    fxc_vec3 d;
    int64_t u8;
    int64_t tilt8; /* 2^-8 LSB: (|P.x| + |P.y| + |P.z|) / 2^17 */
    int exact;     /* u8 measured along the exact direction (measure_exactly) */
    uint32_t t; /* 1/|d| = t * 2^-e */
    int e;
} measure;

/* *dst = *src, field by field (a struct copy is a memcpy call on the
 * M0). */
static void copy_measure(measure *dst, const measure *src)
{
    dst->d.x = src->d.x; /* even a vector's copy is a memcpy call here */
    dst->d.y = src->d.y;
    dst->d.z = src->d.z;
    dst->u8 = src->u8;
    dst->tilt8 = src->tilt8;
    dst->exact = src->exact;
    dst->t = src->t;
    dst->e = src->e;
}

/* x / |d| in 2^-8 LSB for x measured along m's direction. */
static int64_t along8(const measure *m, int64_t x)
{
    return fxc_mul_rsqrt(x, m->t, m->e - 8);
}

static void feature_measure(const fxc_vec3 *P, const feature *f, measure *m)
{
    int64_t unum;
    fxc_vec3 P0;
    m->u8 = 0;
    m->tilt8 = 0;
    m->exact = 0;
    m->t = 0;
    m->e = 0;
    if (f->on_origin || !fxc_dir_fit(&f->dir, &m->d)) {
        m->d = fxc_v3(0, 0, 0);
        return;
    }
    P0 = P[f->idx[0]];
    m->tilt8 = (fxc_abs_u32(P0.x) + fxc_abs_u32(P0.y) + fxc_abs_u32(P0.z)) >> 17;
    fxc_rsqrt((uint64_t)fxc_v3_dot_wide(m->d, m->d), &m->t, &m->e);
    unum = -fxc_v3_dot_wide(m->d, P0);
    if (unum < 0) unum = 0; /* the fitted d may tilt a zero distance */
    m->u8 = along8(m, unum);
}

/* a . b exactly, for |a_i| < 2^62 and |b_i| < 2^30: below 2^94. */
static fxc_i128 dot_i128(fxc_vec3w a, fxc_vec3 b)
{
    fxc_vec3w w = fxc_v3_widen(b);
    return fxc_dot3_i128(&a, &w);
}

/* The best simplex's u8 again, along its feature's exact direction
 * instead of the 28-bit fit, for the stop rule when the tilt may be all
 * that holds the bounds apart: the upper bound loses its tilt (tilt8
 * stays: the lower bounds, along fitted directions, keep theirs). The
 * simplex is its feature (simplex_reduce): a face's direction is its
 * normal (< 2^61), an edge's set_edge's unfitted one (< 2^59:
 * perpendicular to the edge, off the plane with the origin by 2^-27,
 * which moves u8 by a second-order |P| 2^-55), a vertex's itself.
 * u = |dir . P0| / |dir|: the dot product is exact in 128 bits (< 2^92),
 * |dir|^2 too (< 2^124); both are cut by an even shift 2k, k, until
 * |dir|^2 fits 62 bits for fxc_rsqrt, and then |dir . P0| >> k <=
 * |dir >> k| |P0| < 2^61 fits fxc_mul_rsqrt. The cuts move u by less
 * than 2^-30 raw; fxc_rsqrt's relative 2^-28 is every measure's (along8).
 * It only ever lowers u8: the fitted one may already have ended an early
 * exit (fxc_intersect), and the distance reported is never above one seen
 * (gjk_finish). Out of line: rarely run, its frame stays off GJK's, under
 * which the support calls nest. */
static FXC_NOINLINE void measure_exactly(const fxc_simplex *s, measure *m)
{
    fxc_vec3 P[3];
    feature f;
    fxc_i128 dot, norm2;
    uint32_t t;
    int64_t u8;
    int e, k, i;
    P[0] = s->p[0].w; /* n >= 1 */
    for (i = 1; i < s->n; i++) P[i] = s->p[i].w;
    if (s->n == 3) f.dir = fxc_v3_cross_wide(fxc_v3_sub(P[1], P[0]), fxc_v3_sub(P[2], P[0]));
    else if (s->n == 2) set_edge(&f, P, 0, 1);
    else set_vertex(&f, P, 0);
    dot = dot_i128(f.dir, P[0]);
    norm2 = fxc_dot3_i128(&f.dir, &f.dir);
    m->exact = 1;
    if (fxc_i128_sign(norm2) == 0) return; /* the origin on the feature: u8 is 0 already */
    if (fxc_i128_sign(dot) < 0) dot = fxc_i128_neg(dot);
    k = (fxc_i128_bits(norm2) - 61) / 2;
    if (k < 0) k = 0;
    fxc_rsqrt(fxc_i128_shr(norm2, 2 * k).lo, &t, &e);
    u8 = fxc_mul_rsqrt((int64_t)fxc_i128_shr(dot, k).lo, t, e - 8);
    if (u8 < m->u8) m->u8 = u8;
}

static int measure_less(const measure *a, const measure *b)
{
    return a->u8 < b->u8;
}

static void segment_feature(const fxc_vec3 *P, int i, int j, feature *f)
{
    fxc_vec3 ab = fxc_v3_sub(P[j], P[i]);
    int64_t t = -fxc_v3_dot_wide(ab, P[i]); /* AB . (O - A) */
    int64_t u = fxc_v3_dot_wide(ab, P[j]);  /* AB . (B - O) */
    if (t <= 0) set_vertex(f, P, i);
    else if (u <= 0) set_vertex(f, P, j);
    else set_edge(f, P, i, j);
}

/* Voronoi regions of triangle ABC = P[i], P[j], P[k] for the origin, in the
 * order of Ericson's closest-point-on-triangle test. d1..d6 are exact
 * int64 (edges < 2^30, points < 2^29: below 2^61); the regions need only
 * the signs of the numerators va, vb, vc, differences of their products
 * (fxc_det2_sign: filtered, exact). */
static void triangle_feature(const fxc_vec3 *P, int i, int j, int k, feature *f)
{
    fxc_vec3 A = P[i], B = P[j], C = P[k];
    fxc_vec3 ab = fxc_v3_sub(B, A), ac = fxc_v3_sub(C, A);
    int64_t d1 = -fxc_v3_dot_wide(ab, A), d2 = -fxc_v3_dot_wide(ac, A);
    int64_t d3, d4, d5, d6;
    int sa, sb, sc, side;

    if (d1 <= 0 && d2 <= 0) { set_vertex(f, P, i); return; }
    d3 = -fxc_v3_dot_wide(ab, B);
    d4 = -fxc_v3_dot_wide(ac, B);
    if (d3 >= 0 && d4 <= d3) { set_vertex(f, P, j); return; }
    d5 = -fxc_v3_dot_wide(ab, C);
    d6 = -fxc_v3_dot_wide(ac, C);
    if (d6 >= 0 && d5 <= d6) { set_vertex(f, P, k); return; }
    sc = fxc_det2_sign(d1, d4, d3, d2);
    if (sc <= 0 && d1 >= 0 && d3 <= 0) { set_edge(f, P, i, j); return; }
    sb = fxc_det2_sign(d5, d2, d1, d6);
    if (sb <= 0 && d2 >= 0 && d6 <= 0) { set_edge(f, P, i, k); return; }
    sa = fxc_det2_sign(d3, d6, d5, d4);
    if (sa <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
        set_edge(f, P, j, k);
        return;
    }
    if (sa < 0 || sb < 0 || sc < 0 || (sa == 0 && sb == 0 && sc == 0)) {
        /* Unreachable in exact arithmetic for distinct points (none
         * negative, and not all zero: their sum is |AB x AC|^2); kept so
         * a degenerate input can never divide by zero: take the best
         * edge. */
        feature e;
        int64_t best, d;
        FXC_ASSERT(0);
        segment_feature(P, i, j, f);
        best = feature_dist2(P, f);
        segment_feature(P, j, k, &e);
        d = feature_dist2(P, &e);
        if (d < best) { *f = e; best = d; }
        segment_feature(P, i, k, &e);
        if (feature_dist2(P, &e) < best) *f = e;
        return;
    }
    f->n = 3;
    f->idx[0] = i;
    f->idx[1] = j;
    f->idx[2] = k;
    /* The exact normal n = AB x AC (< 2^61) points to the origin's side
     * when n . A < 0; n . A = 0 (exact sign) puts the origin on the face. */
    f->dir = fxc_v3_cross_wide(ab, ac);
    side = fxc_sign_dot_wide(f->dir, A);
    f->on_origin = side == 0;
    if (side > 0) {
        f->dir.x = -f->dir.x;
        f->dir.y = -f->dir.y;
        f->dir.z = -f->dir.z;
    }
}

void fxc_triangle_weights(const fxc_vec3 P[3], int32_t w[3])
{
    feature f;
    fxc_vec3 Q[3];
    int32_t fw[3];
    int i;
    triangle_feature(P, 0, 1, 2, &f);
    Q[0] = P[f.idx[0]]; /* n >= 1 */
    for (i = 1; i < f.n; i++) Q[i] = P[f.idx[i]];
    feature_weights(Q, f.n, fw);
    w[0] = w[1] = w[2] = 0;
    for (i = 0; i < f.n; i++) w[f.idx[i]] = fw[i];
}

/* Tetrahedron: the origin is inside unless it lies strictly beyond some face
 * (exact orientation signs); then the closest feature is on one of those
 * faces. A flat tetrahedron (zero volume) checks all four faces. Candidates
 * are compared by their measure, written to *m for the one chosen; a lone
 * candidate needs no comparison and leaves *m to the caller (returns 0). */
static int tetra_feature(const fxc_vec3 *P, feature *f, measure *m)
{
    /* Faces as ascending vertex triples (then the opposite vertex), so a
     * chosen feature's indices ascend: simplex_reduce compacts in place. */
    static const int face[4][4] = { { 1, 2, 3, 0 }, { 0, 2, 3, 1 }, { 0, 1, 3, 2 }, { 0, 1, 2, 3 } };
    int outside[4], flat, n_out = 0, candidates, q, have = 0, volume;

    /* The opposite vertex's side of each face, (b - a) x (c - a) . (d - a)
     * for face abc and vertex d: an alternating function of the four
     * points, so it is the signed volume V of P0 P1 P2 P3 for the last
     * face and V times the sign of the face's permutation for the others
     * (odd for 1230 and 0132, even for 0231): one exact sign for all four. */
    volume = fxc_orient_sign(P[0], P[1], P[2], P[3]);
    flat = volume == 0;
    for (q = 0; q < 4; q++) {
        const int *fc = face[q];
        fxc_vec3w n = fxc_v3_cross_wide(fxc_v3_sub(P[fc[1]], P[fc[0]]), fxc_v3_sub(P[fc[2]], P[fc[0]]));
        int s_opp = (q & 1) ? volume : -volume;
        int s_org = -fxc_sign_dot_wide(n, P[fc[0]]);
        outside[q] = s_org != 0 && s_org == -s_opp;
        n_out += outside[q];
    }
    candidates = flat ? 4 : n_out;
    if (candidates == 0) {
        f->n = 4;
        f->on_origin = 1;
        return 0;
    }
    for (q = 0; q < 4; q++) {
        feature cand;
        measure cm;
        if (!flat && !outside[q]) continue;
        triangle_feature(P, face[q][0], face[q][1], face[q][2], &cand);
        if (candidates == 1) {
            *f = cand;
            return 0;
        }
        feature_measure(P, &cand, &cm);
        if (!have || measure_less(&cm, m)) {
            *f = cand;
            copy_measure(m, &cm);
            have = 1;
        }
    }
    return 1;
}

/* Reduces the simplex to its feature closest to the origin and writes the
 * distance measure. Returns 1 if the origin lies in the simplex (exactly). */
static int simplex_reduce(fxc_simplex *s, measure *m)
{
    fxc_vec3 P[4];
    feature f;
    int i, measured = 0;
    for (i = 0; i < s->n; i++) P[i] = s->p[i].w;
    f.on_origin = 0;
    switch (s->n) {
    case 1: set_vertex(&f, P, 0); break;
    case 2: segment_feature(P, 0, 1, &f); break;
    case 3: triangle_feature(P, 0, 1, 2, &f); break;
    default: measured = tetra_feature(P, &f, m); break;
    }
    if (f.n == 4) {
        feature_measure(P, &f, m); /* on_origin: the zero measure */
        return 1;
    }
    /* f.idx ascends (idx[i] >= i), so moving down in place is safe; the
     * measure depends only on the feature's points, not their slots. */
    for (i = 0; i < f.n; i++) {
        fxc_svert_copy(&s->p[i], &s->p[f.idx[i]]);
        f.idx[i] = i;
        P[i] = s->p[i].w;
    }
    s->n = f.n;
    if (!measured) feature_measure(P, &f, m);
    return f.on_origin;
}

/* Q30 weights of the origin in tetrahedron P (which holds it): with edges
 * e_i = P_i - P_0 (< 2^30) and D = e1 . (e2 x e3), Cramer's rule gives
 * w_1 = -P_0 . (e2 x e3) / D, w_2 = -P_0 . (e3 x e1) / D,
 * w_3 = -P_0 . (e1 x e2) / D: exact 128-bit numerators (cross products
 * < 2^61, times points < 2^29), each in [0, D] because the origin is
 * inside, one rounded division each. */
static void tetra_weights(const fxc_vec3 *P, int32_t w[4])
{
    fxc_vec3 e1 = fxc_v3_sub(P[1], P[0]), e2 = fxc_v3_sub(P[2], P[0]), e3 = fxc_v3_sub(P[3], P[0]);
    fxc_vec3 o = fxc_v3_neg(P[0]);
    fxc_vec3w c23 = fxc_v3_cross_wide(e2, e3);
    fxc_i128 num[3], den = dot_i128(c23, e1);
    int i, neg = fxc_i128_sign(den) < 0;
    num[0] = dot_i128(c23, o);
    num[1] = dot_i128(fxc_v3_cross_wide(e3, e1), o);
    num[2] = dot_i128(fxc_v3_cross_wide(e1, e2), o);
    /* A contained tetrahedron is never flat (tetra_feature). */
    FXC_ASSERT(fxc_i128_sign(den) != 0);
    w[0] = FXC_W_ONE;
    if (neg) den = fxc_i128_neg(den);
    for (i = 0; i < 3; i++) {
        if (neg) num[i] = fxc_i128_neg(num[i]);
        w[i + 1] = frac_q30(&num[i], &den);
        w[0] -= w[i + 1];
    }
}

/* The points on A and on B of the simplex's point with Q30 weights w. */
static void weighted_sources(const fxc_simplex *s, const int32_t *w, fxc_vec3 *a, fxc_vec3 *b)
{
    fxc_vec3 P[4];
    int i, n = s->n;
    P[0] = s->p[0].a; /* n >= 1 */
    for (i = 1; i < n; i++) P[i] = s->p[i].a;
    *a = fxc_weighted_point(P, w, n);
    for (i = 0; i < n; i++) P[i] = fxc_v3_sub(s->p[i].a, s->p[i].w); /* B's points */
    *b = fxc_weighted_point(P, w, n);
}

void fxc_simplex_points(const fxc_simplex *s, fxc_vec3 *a, fxc_vec3 *b)
{
    fxc_vec3 P[4];
    int32_t w[4];
    int i, n = s->n;
    P[0] = s->p[0].w; /* n >= 1 */
    for (i = 1; i < n; i++) P[i] = s->p[i].w;
    if (n == 4) tetra_weights(P, w);
    else feature_weights(P, n, w);
    weighted_sources(s, w, a, b);
}

void fxc_result_points(const fxc_gjk_result *r, fxc_vec3 *a, fxc_vec3 *b)
{
    r->points(r, a, b);
}

/* The points of a result whose weights are known (the closed form). */
static void known_weights(const fxc_gjk_result *r, fxc_vec3 *a, fxc_vec3 *b)
{
    weighted_sources(&r->s, r->w, a, b);
}

/* The points of GJK's result, weights from its simplex. */
static void simplex_weights(const fxc_gjk_result *r, fxc_vec3 *a, fxc_vec3 *b)
{
    fxc_simplex_points(&r->s, a, b);
}

/* Copies only the points in use (a struct copy moves all four). */
static void copy_simplex(fxc_simplex *dst, const fxc_simplex *src)
{
    int i;
    for (i = 0; i < src->n; i++) fxc_svert_copy(&dst->p[i], &src->p[i]);
    dst->n = src->n;
}

static int in_simplex(const fxc_simplex *s, fxc_vec3 w)
{
    int i;
    for (i = 0; i < s->n; i++)
        if (s->p[i].w.x == w.x && s->p[i].w.y == w.y && s->p[i].w.z == w.z) return 1;
    return 0;
}

/* Support along dir returned w: the height of A - B along dir is
 * dir.w / |dir|. A height in [0, FXC_TOUCH_TOL] makes dir a touching plane.
 * dir < 2^28 and w < 2^29 per component: dir.w < 2^59. */
static void note_height(fxc_gjk_result *r, fxc_vec3 dir, fxc_vec3 w)
{
    int64_t h = fxc_v3_dot_wide(dir, w), dd;
    if (r->touch || h < 0) return;
    dd = fxc_v3_dot_wide(dir, dir);
    if (fxc_height_within(h, dd, FXC_TOUCH_TOL)) {
        r->touch = 1;
        r->touch_dir = dir;
        r->touch_height = (fix16_t)fxc_div_sqrt(h, (uint64_t)dd);
    }
}

/* Proven separating axes: every point of A - B lies at least low8 (2^-8
 * LSB) beyond the origin along dir; the best one and the latest one. */
typedef struct {
    fxc_vec3 dir;
    int64_t low8;
} proven_axis;

typedef struct {
    proven_axis best, last;
} axes;

/* Lower bounds start far below any real one (|l8| < 2^47), so gaps to it
 * stay below 2^49 and cannot overflow; brackets start wider than any. */
#define FXC_NO_BOUND (-((int64_t)1 << 48))
#define FXC_NO_BRACKET ((int64_t)1 << 50)

/* *a = (d, l8), field by field: a struct copy, even of d alone, can be a
 * memcpy call on the Cortex-M0. */
static void set_axis(proven_axis *a, const fxc_vec3 *d, int64_t l8)
{
    a->dir.x = d->x;
    a->dir.y = d->y;
    a->dir.z = d->z;
    a->low8 = l8;
}

static void note_bound(axes *ax, const fxc_vec3 *d, int64_t l8)
{
    if (d->x == 0 && d->y == 0 && d->z == 0) return;
    set_axis(&ax->last, d, l8);
    if (l8 >= ax->best.low8) set_axis(&ax->best, d, l8);
}

/* The normal: the latest direction tried (at convergence, the closest
 * feature's, matching the witness points), unless an earlier one proved a
 * gap more than 1 LSB larger. After a stall the final feature's direction
 * was never tried, so it is no candidate. */
static const proven_axis *normal_axis(const axes *ax)
{
    return ax->last.low8 >= ax->best.low8 - 256 ? &ax->last : &ax->best;
}

/* GJK's state between iterations. */
typedef struct {
    fxc_simplex best;  /* the simplex of the least distance so far */
    measure m, best_m; /* the current simplex's measure, and best's */
    axes ax;           /* separating axes proven on the way */
    int stall;         /* steps without progress */
    int64_t bracket;   /* narrowest m.u8 - l8 so far */
    int64_t prev_br;   /* the previous step's */
    int plain_next;    /* the next step goes along the feature's own direction */
    int track_touch;   /* look for a touching plane (not with early exits: fxc_intersect
                        * and fxc_clearance need none) */
} gjk_state;

/* A step that did not stop: at the cap, the outcome stands. */
#define GJK_GO_ON FXC_GJK_CAPPED

/* Has the bracket br narrowed the narrowest so far by a quarter (at most
 * ~120 times: brackets are below 2^51, so 4 * br fits)? Then the stall
 * count starts again. Either way br may be the new narrowest. */
static int narrowed(gjk_state *g, int64_t br)
{
    int by_quarter = 4 * br <= 3 * g->bracket;
    if (br < g->bracket) g->bracket = br;
    if (by_quarter) g->stall = 0;
    return by_quarter;
}

/* After a step that found a new simplex: was it progress? The distance
 * falling measurably is. So is the narrowest bracket between a simplex's
 * distance and the lower bound along its direction falling by a quarter
 * (at most ~120 times): near a curved or long, thin surface the distance
 * stops falling measurably long before the support points stop closing
 * in. Otherwise a few more steps are allowed: the new simplex's exact
 * direction may find the next support. A step that halves the previous
 * step's bracket is no stall step: after a poor direction the bracket can
 * fall by half per step for many steps before it reaches the narrowest (a
 * flat disc's rim next to the origin). A cycle repeats its brackets, so it
 * still stalls out. */
static fxc_gjk_outcome progress(gjk_state *g, const fxc_simplex *s, int64_t br, int halved)
{
    int64_t gap8;
    /* Go on: the distance fell. */
    if (measure_less(&g->m, &g->best_m)) {
        copy_simplex(&g->best, s);
        copy_measure(&g->best_m, &g->m);
        g->stall = 0;
        return GJK_GO_ON;
    }
    /* Stop, converged: no progress, but the best distance and lower bound
     * are within 2 LSB (the distance measured along the exact direction
     * first, once, when the fit's tilt could be what holds them apart: a
     * face 2^27.7 raw out, 0.99 LSB away, measured 2.14 along its fit), or
     * as close as the measure resolves at the
     * feature's distance from the origin (tilt8; they may even cross) and
     * on the same side of the touching band, so that the tilt decides no
     * verdict (a hull vertex on the origin, its face 4096 units long, was
     * called 9 LSB apart). */
    gap8 = g->best_m.u8 - g->ax.best.low8;
    if (!g->best_m.exact && gap8 > (int64_t)2 * 256 && gap8 <= (int64_t)2 * 256 + g->best_m.tilt8) {
        measure_exactly(&g->best, &g->best_m);
        gap8 = g->best_m.u8 - g->ax.best.low8;
    }
    if (gap8 <= (int64_t)2 * 256) return FXC_GJK_CONVERGED;
    if (gap8 <= (int64_t)2 * 256 + g->best_m.tilt8 &&
        (g->ax.best.low8 > (int64_t)FXC_TOUCH_TOL * 256 || g->best_m.u8 <= (int64_t)FXC_TOUCH_TOL * 256))
        return FXC_GJK_CONVERGED;
    /* Go on: the narrowest bracket fell by a quarter. Not "halved": beside
     * a knife-edged disc the bracket falls by a little less than half per
     * two steps, the supports alternating between the rim's two sides. */
    if (narrowed(g, br)) return GJK_GO_ON;
    /* Stop, unconverged (stalled): more than FXC_GJK_STALL_STEPS steps
     * without progress, not counting steps that halve the previous step's
     * bracket. The bounds are more than 2 LSB apart (else the rule above
     * would have stopped), so nothing is proven: the best simplex is a
     * best answer, as at the cap. A cycle, or progress too small to
     * measure (a flat hull whose vertex touches the other shape). */
    if (!halved && ++g->stall > FXC_GJK_STALL_STEPS) return FXC_GJK_STALLED;
    return GJK_GO_ON;
}

/* The direction of a step after one without progress: the sum of the
 * current feature's direction and the best proven axis, both fitted to 28
 * bits (so of like length; the sum below 2^29, fitted again), with its
 * 1/|d|. Near a curved rim the features' directions swing from one side
 * of the closest direction to the other while the best axis stays on
 * one side, and their bisector halves the swing: of 173,000 random pairs
 * within 3 LSB of touching, 42 (each with a cone's rim or apex) stalled
 * without it, 3 with it, and 1 once a blended step's bound that narrows
 * the bracket counts as progress (gjk_step). Any direction's support
 * point is a point of A - B and gives a lower bound, so the simplex and
 * the bounds stay proven. Returns 0 (nothing written) before an axis is
 * proven or for a zero sum. */
static int blended_dir(const gjk_state *g, fxc_vec3 *d, uint32_t *t, int *e)
{
    fxc_vec3w sum;
    if (g->stall == 0 || g->ax.best.low8 == FXC_NO_BOUND) return 0;
    sum.x = (int64_t)g->m.d.x + g->ax.best.dir.x;
    sum.y = (int64_t)g->m.d.y + g->ax.best.dir.y;
    sum.z = (int64_t)g->m.d.z + g->ax.best.dir.z;
    if (!fxc_dir_fit(&sum, d)) return 0;
    fxc_rsqrt((uint64_t)fxc_v3_dot_wide(*d, *d), t, e);
    return 1;
}

/* One GJK iteration: the support point along the current simplex's
 * direction (blended_dir's after a step without progress), then a stop
 * rule, or the simplex takes the point and is reduced to its feature
 * closest to the origin. */
static fxc_gjk_outcome gjk_step(fxc_pair *p, int32_t sep_exit, int32_t hit_exit, gjk_state *g, fxc_gjk_result *r)
{
    fxc_simplex *s = &r->s;
    fxc_svert q;
    fxc_vec3 d = g->m.d;
    uint32_t t = g->m.t;
    int e = g->m.e;
    int64_t l8, br;
    int halved, blended;

    /* Stop: the distance is proven at most hit_exit (fxc_intersect,
     * fxc_clearance and their _cached forms). */
    if (hit_exit >= 0 && g->m.u8 <= (int64_t)hit_exit * 256) return FXC_GJK_EXIT_CLOSE;
    blended = !g->plain_next && blended_dir(g, &d, &t, &e);
    g->plain_next = 0;
    fxc_pair_support(p, d, &q);
    if (g->track_touch) note_height(r, d, q.w);
    fxc_pair_check_support(p, &d, &q, s->p, s->n);
    r->iterations++;
    /* Stop: a callback misbehaved (p->status says how). */
    if (p->status != FXC_OK) return FXC_GJK_FAILED;
    /* Every point x of A - B has -d.x >= -d.q: the distance is at least
     * -d.q / |d| (a lower bound, here in 2^-8 LSB). */
    l8 = fxc_mul_rsqrt(-fxc_v3_dot_wide(d, q.w), t, e - 8);
    note_bound(&g->ax, &d, l8);
    br = g->m.u8 - l8;
    halved = 2 * br <= g->prev_br;
    g->prev_br = br;
    if (in_simplex(s, q.w)) {
        /* Stop, converged: the support point along the feature's own
         * direction is one the simplex already has. Along a blended one
         * that proves nothing: a step without progress (unless the
         * bounds now meet), and the next goes along the feature's own
         * direction (else each blend would move the best axis half way
         * to it and find the same point again: a triangle 191 LSB from a
         * point stalled so). Its lower bound may still narrow the
         * bracket, and that is progress: beside a cone's rim the blended
         * steps found simplex points again while their bounds closed by
         * half each time, and the plain steps between them proved little
         * (segments 40 to 230 LSB from a cone stalled so). */
        if (!blended || g->m.u8 - g->ax.best.low8 <= 256) return FXC_GJK_CONVERGED;
        g->plain_next = 1;
        if (narrowed(g, br)) return GJK_GO_ON;
        return ++g->stall > FXC_GJK_STALL_STEPS ? FXC_GJK_STALLED : GJK_GO_ON;
    }
    /* Stop: the distance is proven larger than sep_exit (fxc_intersect,
     * fxc_clearance and their _cached forms). */
    if (sep_exit >= 0 && l8 > ((int64_t)sep_exit + FXC_GJK_ROUNDING) * 256) return FXC_GJK_EXIT_SEPARATED;
    /* Stop, converged: the distance and the best lower bound are within
     * 1 LSB. */
    if (g->m.u8 - g->ax.best.low8 <= 256) return FXC_GJK_CONVERGED;
    fxc_svert_copy(&s->p[s->n++], &q);
    /* Stop: the origin lies in the simplex (exact): the cores overlap. */
    if (simplex_reduce(s, &g->m)) return FXC_GJK_CONTAINED;
    return progress(g, s, br, halved);
}

/* The answer from the final state: the normal axis, and the best simplex
 * unless the latest is as good. */
static void gjk_finish(gjk_state *g, fxc_gjk_result *r)
{
    const proven_axis *n;
    /* The latest feature wins ties within 1 LSB (at equal distance its
     * direction comes from more support points), but the distance reported
     * is never above one already proven: the early exits of fxc_intersect
     * and fxc_clearance rely on it, so they agree with fxc_distance. */
    if (r->outcome != FXC_GJK_CONTAINED && g->best_m.u8 < g->m.u8 - 256) {
        copy_simplex(&r->s, &g->best);
        copy_measure(&g->m, &g->best_m);
    }
    if (r->outcome != FXC_GJK_CONTAINED && g->best_m.u8 < g->m.u8) g->m.u8 = g->best_m.u8;
    n = normal_axis(&g->ax);
    r->dir = n->dir;
    r->low8 = n->low8;
    r->dist8 = g->m.u8;
    r->feature_dir = g->m.d;
    r->feature_t = g->m.t;
    r->feature_e = g->m.e;
}

/* Where a clamped segment parameter lies: an end, or strictly inside. */
enum param_pos { AT_0, AT_1, INSIDE };

/* Position of num / den in [0, 1], clamped (den > 0). */
static int clamp_pos(fxc_i128 num, fxc_i128 den)
{
    if (fxc_i128_sign(num) <= 0) return AT_0;
    return fxc_i128_cmp(&num, &den) >= 0 ? AT_1 : INSIDE;
}

static void put(fxc_simplex *s, fxc_vec3 a, fxc_vec3 b)
{
    s->p[s->n].w = fxc_v3_sub(a, b);
    s->p[s->n].a = a;
    s->n++;
}

/* The feature of the Minkowski parallelogram of segments a0a1 and b0b1
 * that holds its point closest to the origin, as its 1 to 3 points in s:
 * the closest points of two segments by Ericson's clamping (Real-Time
 * Collision Detection, 5.1.9), each decision made exactly. With d1, d2 the
 * segments (< 2^29) and r = a0 - b0, the dot products A = d1.d1, B =
 * d1.d2, C = d1.r, E = d2.d2, F = d2.r are exact in int64 (< 2^62); the
 * parameters are the rationals s = (BF - CE) / (AE - B^2), then t = (AF -
 * BC) / (AE - B^2) (or (B s + F) / E for an end s), re-clamped: every
 * numerator and denominator is an exact 128-bit product (< 2^125). Both
 * parameters inside: the parallelogram's face, through the triangle that
 * holds (s, t) (s + t <= 1: the one at a0 - b0). The feature is written
 * to f as the region tests would write it. Either segment may have zero
 * length (a point core): then A or E is 0 and its parameter is 0. */
static void segment_pair(const fxc_vec3 a[2], const fxc_vec3 b[2], fxc_simplex *s, feature *f, int32_t w[3])
{
    fxc_vec3 d1 = fxc_v3_sub(a[1], a[0]), d2 = fxc_v3_sub(b[1], b[0]), r = fxc_v3_sub(a[0], b[0]);
    int64_t A = fxc_v3_dot_wide(d1, d1), B = fxc_v3_dot_wide(d1, d2), C = fxc_v3_dot_wide(d1, r);
    int64_t E = fxc_v3_dot_wide(d2, d2), F = fxc_v3_dot_wide(d2, r);
    fxc_i128 den = fxc_i128_sub(fxc_i128_mul64(A, E), fxc_i128_mul64(B, B)), sn = fxc_i128_from64(0), tn, td;
    int sp = AT_0, tp;
    if (fxc_i128_sign(den) > 0) {
        sn = fxc_i128_sub(fxc_i128_mul64(B, F), fxc_i128_mul64(C, E));
        sp = clamp_pos(sn, den);
    }
    if (sp == INSIDE) {
        tn = fxc_i128_sub(fxc_i128_mul64(A, F), fxc_i128_mul64(B, C));
        td = den;
    } else {
        tn = fxc_i128_from64(sp == AT_1 ? B + F : F);
        td = fxc_i128_from64(E);
    }
    if (fxc_i128_sign(tn) <= 0 || fxc_i128_cmp(&tn, &td) >= 0) {
        /* t at an end (or B a point): s again, clamped, for that end */
        tp = fxc_i128_sign(tn) > 0 && fxc_i128_sign(td) > 0 ? AT_1 : AT_0;
        sn = fxc_i128_from64(tp == AT_1 ? B - C : -C);
        sp = A == 0 ? AT_0 : clamp_pos(sn, fxc_i128_from64(A));
        if (sp == INSIDE) {
            fxc_i128 a64 = fxc_i128_from64(A);
            w[1] = frac_q30(&sn, &a64);
        }
    } else {
        tp = INSIDE;
        w[1] = frac_q30(&tn, &td);
    }
    s->n = 0;
    if (sp == INSIDE && tp == INSIDE) {
        fxc_i128 st = fxc_i128_add(sn, tn);
        int near0 = fxc_i128_cmp(&st, &den) <= 0;
        /* the weights of (s, t) in the triangle: (1 - s - t, s, t) at
         * a0 - b0, or (s + t - 1, 1 - t, 1 - s) at a1 - b1 */
        int32_t ws = frac_q30(&sn, &den), wt = frac_q30(&tn, &den);
        w[1] = near0 ? ws : FXC_W_ONE - wt;
        w[2] = near0 ? wt : FXC_W_ONE - ws;
        w[0] = FXC_W_ONE - w[1] - w[2];
        put(s, a[near0 ? 0 : 1], b[near0 ? 0 : 1]);
        put(s, a[1], b[0]);
        put(s, a[0], b[1]);
        /* the face: its exact normal d1 x d2 (< 2^60), towards the origin */
        int side;
        f->n = 3;
        f->idx[0] = 0;
        f->idx[1] = 1;
        f->idx[2] = 2;
        f->dir = fxc_v3_cross_wide(d1, d2);
        side = fxc_sign_dot_wide(f->dir, s->p[0].w);
        f->on_origin = side == 0;
        if (side > 0) {
            f->dir.x = -f->dir.x;
            f->dir.y = -f->dir.y;
            f->dir.z = -f->dir.z;
        }
        return;
    }
    if (sp == INSIDE) {
        put(s, a[0], b[tp]);
        put(s, a[1], b[tp]);
    } else if (tp == INSIDE) {
        put(s, a[sp], b[0]);
        put(s, a[sp], b[1]);
    } else {
        put(s, a[sp], b[tp]);
        set_vertex(f, &s->p[0].w, 0);
        w[0] = FXC_W_ONE;
        return;
    }
    w[0] = FXC_W_ONE - w[1]; /* the inner parameter's weight is w[1] */
    {
        fxc_vec3 P[2];
        P[0] = s->p[0].w;
        P[1] = s->p[1].w;
        set_edge(f, P, 0, 1);
    }
}

void fxc_segment_closest(const fxc_vec3 a[2], const fxc_vec3 b[2], fxc_vec3 *pa, fxc_vec3 *pb)
{
    fxc_simplex s;
    feature f;
    int32_t w[3];
    segment_pair(a, b, &s, &f, w);
    weighted_sources(&s, w, pa, pb);
}

/* A plane through the origin that holds the whole (flat) Minkowski
 * difference of two point or segment cores: across both segments (or the
 * one, when they are parallel), or any plane for two points. */
static fxc_vec3 flat_plane(const fxc_vec3 *a, int na, const fxc_vec3 *b, int nb)
{
    fxc_vec3w n[2];
    fxc_vec3 d, ea = na == 2 ? fxc_v3_sub(a[1], a[0]) : fxc_v3(0, 0, 0), eb = nb == 2 ? fxc_v3_sub(b[1], b[0]) : ea;
    n[0] = fxc_v3_cross_wide(ea, eb);
    if (fxc_dir_fit(&n[0], &d)) return d;
    /* parallel or single segments: across the one that has a length */
    if (ea.x == 0 && ea.y == 0 && ea.z == 0) ea = eb;
    if (ea.x == 0 && ea.y == 0 && ea.z == 0) return fxc_v3((fix16_t)1 << 27, 0, 0);
    fxc_segment_normals(ea, n);
    (void)fxc_dir_fit(&n[0], &d); /* e x (an axis least aligned with e): never zero */
    return d;
}

/* The proven lower bound along the closed form's fitted direction: the
 * least height of the (at most four) points of A - B, the corners of
 * their hull. The feature's own height u8 is not one: the fitted
 * direction tilts off the feature's normal by up to 2^-26 rad, and a
 * corner c dips below the feature point p0 by up to |c - p0| 2^-26 (2.6
 * LSB seen for a segment of 2^28 raw, where a cast stepped past the
 * contact). Corners within 2^20 raw of p0 (L1) dip less than 2^-6 LSB,
 * inside the casts' slack (cast.c), and u8 stands: most pairs, at no
 * product's cost. Out of line: inlined, its locals made the closed form's
 * frame dearer for every pair. */
FXC_NOINLINE static int64_t closed_low8(const fxc_vec3 *a, int na, const fxc_vec3 *b, int nb, fxc_vec3 p0,
                                       const measure *m)
{
    int64_t least = 0; /* the least -d . (a_i - b_j), exact (below 2^59) */
    uint32_t far = 0;  /* the largest |a_i - b_j - p0|_1: points of A - B below
                        * 2^29 per coordinate, so below 3 2^30 */
    int i, j;
    for (i = 0; i < na; i++)
        for (j = 0; j < nb; j++) {
            fxc_vec3 c = fxc_v3_sub(fxc_v3_sub(a[i], b[j]), p0);
            uint32_t l1 = fxc_abs_u32(c.x) + fxc_abs_u32(c.y) + fxc_abs_u32(c.z);
            if (l1 > far) far = l1;
        }
    if (far < (UINT32_C(1) << 20)) return m->u8;
    for (i = 0; i < na; i++)
        for (j = 0; j < nb; j++) {
            int64_t h = -fxc_v3_dot_wide(m->d, fxc_v3_sub(a[i], b[j]));
            if ((i == 0 && j == 0) || h < least) least = h;
        }
    least = along8(m, least); /* one scaling by 1 / |d|, which keeps the order */
    return least < m->u8 ? least : m->u8;
}

/* See gjk.h. Point and segment cores have at most four Minkowski points,
 * all known at once, so the feature closest to the origin comes from exact
 * decisions (segment_pair for two segments, the region tests GJK uses
 * otherwise). Its direction is proven (no point of the difference lies
 * beyond the feature along it); a difference holding the origin is flat,
 * so the cores touch along its plane. */
void fxc_gjk_closed(fxc_pair *p, fxc_gjk_result *r)
{
    fxc_vec3 a[2], b[2], P[3];
    int na, nb, i, inside;
    feature f;
    measure m;
    fxc_simplex *s = &r->s;
    na = fxc_body_points(&p->a, a);
    nb = fxc_body_points(&p->b, b);
    /* a point is a segment of zero length (segment_pair takes it) */
    if (na == 1) a[1] = a[0];
    if (nb == 1) b[1] = b[0];
    segment_pair(a, b, s, &f, r->w);
    r->points = known_weights;
    for (i = 0; i < s->n; i++) P[i] = s->p[i].w;
    feature_measure(P, &f, &m);
    inside = f.on_origin;
    r->iterations = 0;
    r->touch = 0;
    r->touch_dir = fxc_v3(0, 0, 0);
    r->touch_height = 0;
    if (inside) {
        r->outcome = FXC_GJK_CONTAINED;
        r->touch = 1;
        r->touch_dir = flat_plane(a, na, b, nb);
        r->dir = r->touch_dir;
        r->low8 = 0;
        r->dist8 = 0;
        r->feature_dir = fxc_v3(0, 0, 0);
        r->feature_t = 0;
        r->feature_e = 0;
        return;
    }
    r->outcome = FXC_GJK_CONVERGED;
    r->dir = m.d;
    r->low8 = na == 1 && nb == 1 ? m.u8 : closed_low8(a, na, b, nb, P[f.idx[0]], &m); /* one point: the feature */
    r->dist8 = m.u8;
    r->feature_dir = m.d;
    r->feature_t = m.t;
    r->feature_e = m.e;
}

/* GJK from the pair's first direction (seed NULL, or not of 1 to 3
 * points), or from a simplex of points of the current A - B (which may be
 * r's own). */
static void gjk_run(fxc_pair *p, int32_t sep_exit, int32_t hit_exit, const fxc_simplex *seed, fxc_gjk_result *r)
{
    fxc_simplex *s = &r->s;
    gjk_state g;
    /* First direction: the cache's axis, or from A's centre towards B's
     * (the support of A - B along it is the likeliest closest point). */
    fxc_vec3 dir = fxc_pair_first_dir(p);

    r->points = simplex_weights;
    g.track_touch = sep_exit < 0 && hit_exit < 0;
    g.stall = 0;
    g.plain_next = 0;
    g.bracket = FXC_NO_BRACKET;
    g.prev_br = FXC_NO_BRACKET;
    r->touch = 0;
    r->touch_dir = fxc_v3(0, 0, 0);
    r->touch_height = 0;
    if (seed != NULL && seed->n >= 1 && seed->n <= 3) {
        if (seed != s) copy_simplex(s, seed);
    } else {
        fxc_pair_support(p, dir, &s->p[0]);
        if (g.track_touch) note_height(r, dir, s->p[0].w);
        s->n = 1;
    }
    set_axis(&g.ax.best, &dir, FXC_NO_BOUND); /* a fallback: its bound is not measured */
    set_axis(&g.ax.last, &dir, FXC_NO_BOUND);
    r->iterations = 1;
    r->outcome = simplex_reduce(s, &g.m) ? FXC_GJK_CONTAINED : GJK_GO_ON;
    /* Stop: the first direction already separates by more than sep_exit
     * (exact: -d.w > (sep_exit + FXC_GJK_ROUNDING) |d|, squared in 128
     * bits). A cached axis of a separated pair that moved a little can
     * (fxc_intersect_cached, fxc_clearance_cached). */
    if (sep_exit >= 0 && r->outcome == GJK_GO_ON &&
        !fxc_height_within(-fxc_v3_dot_wide(dir, s->p[0].w), fxc_v3_dot_wide(dir, dir), sep_exit + FXC_GJK_ROUNDING))
        r->outcome = FXC_GJK_EXIT_SEPARATED;
    copy_simplex(&g.best, s);
    copy_measure(&g.best_m, &g.m);
    while (r->outcome == GJK_GO_ON && r->iterations < FXC_GJK_MAX_ITERATIONS) r->outcome = gjk_step(p, sep_exit, hit_exit, &g, r);
    gjk_finish(&g, r);
}

void fxc_gjk(fxc_pair *p, int32_t sep_exit, int32_t hit_exit, fxc_gjk_result *r)
{
    gjk_run(p, sep_exit, hit_exit, NULL, r);
}

void fxc_gjk_seeded(fxc_pair *p, const fxc_simplex *seed, fxc_gjk_result *r)
{
    gjk_run(p, -1, -1, seed, r);
}

fix16_t fxc_gjk_distance(const fxc_gjk_result *r)
{
    return (fix16_t)((r->dist8 + 128) >> 8);
}
