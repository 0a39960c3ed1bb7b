/* Contact manifold: up to four points across fxc_collide's normal.
 *
 *  1. fxc_collide's answer for the pair: status, normal n (28-bit fitted
 *     direction), distance or depth;
 *  2. each core's supporting feature along n (feature.c): the one with
 *     more points is the reference (A's on a tie; a polygon steep to n
 *     gives way to the other's if that faces n and is flat, and else
 *     acts as its edge nearest the other shape), the other incident;
 *  3. the incident feature clipped against the reference's side planes
 *     (Sutherland-Hodgman; an edge along one side plane cut at its
 *     corner with the next, points that rounding put past a sharp corner
 *     dropped), an edge against an edge by their crossing;
 *  4. each point's separation along n from the reference feature's
 *     plane, and its point on the reference shape (moved by that much
 *     along the unit normal); points separated by more than the
 *     speculative distance, or deeper than the pair, dropped;
 *  5. more than four points reduced to four that keep the area.
 * A single-point feature on either side (a vertex, a sphere, a callback)
 * gives one point, fxc_collide's own, which also leads whenever the
 * clipped points miss the pair's depth.
 *
 * Budget: pair-frame points are below 2^28 raw, points of one core less
 * than 2^29 apart and of two cores less than 2^30; directions (n, side
 * planes, the reference plane's normal) are fitted to 28 bits, so each
 * plane test s . (p - r) is exact in int64 (below 2^60). Rounded: a
 * crossing of a side plane (one fraction of exact integers, applied to
 * each coordinate: within 1 LSB), a separation along n (one ratio:
 * within 1 LSB), and the point on the reference plane, moved by the
 * separation along the unit normal (within 1 LSB per coordinate more). */
#include "approx.h"
#include "feature.h"
#include "fxc_bits.h"
#include "query.h"
#include "wide.h"

/* All-zero results: the answer on every error, and collide's start. */
static const fxc_contact_manifold zero_manifold;
static const fxc_contact zero_contact;
static const fxc_manifold_point zero_point;

/* A clipped point may be this much (raw) shallower than fxc_collide's
 * deepest point (the roundings of a crossing and of its separation)
 * before that point is taken in its place. */
#define WITNESS_SLACK 2

/* How far (raw) a point put on the reference feature may lie off it: a
 * reference polygon's points off its plane, an incident edge's ends off
 * the reference edge across n. */
#define FLAT_TOL 2

/* FLAT_TOL raw measured along a direction v (below 2^28 per component) at
 * v's scale: FLAT_TOL times the OR of |v|'s components, which lies between
 * the largest and twice it (so at most 2 FLAT_TOL raw). Below 2^31. */
static int64_t flat_tol(fxc_vec3 v)
{
    return (int64_t)FLAT_TOL * (fxc_abs_u32(v.x) | fxc_abs_u32(v.y) | fxc_abs_u32(v.z));
}

/* Clipping adds at most one point per side plane. */
#define CLIP_MAX (2 * FXC_FEATURE_MAX)
typedef char fxc_check_clip_max[CLIP_MAX <= 32 ? 1 : -1]; /* clip_plane's bit masks */
typedef char fxc_check_sides[FXC_FEATURE_MAX <= 32 ? 1 : -1]; /* clip_point's u.on */

/* A point of the clipped polygon (pair frame, on the incident core), the
 * features it comes from on the incident and the reference shape, and
 * once projected its core separation along n. */
typedef struct {
    fxc_vec3 p;
    union {
        uint32_t on; /* while clipping: bit j set when made on the reference
                      * polygon's side plane j */
        int32_t sep; /* once projected: B's core minus A's along n, raw
                      * (negative: penetration) */
    } u;
    uint16_t inc, ref;
} clip_point;

typedef struct {
    clip_point v[CLIP_MAX];
    int n;
} polygon;

/* ---- feature codes (fxcollide.h) ------------------------------------------ */

static uint16_t code(unsigned kind, unsigned i, unsigned j)
{
    unsigned lo = i < j ? i : j, hi = i < j ? j : i;
    return (uint16_t)(kind << 14 | (hi & 0x7Fu) << 7 | (lo & 0x7Fu));
}

/* A whole feature: a vertex, an edge, or a face named by its two smallest
 * vertex numbers. */
static uint16_t feature_code(const fxc_feature *f)
{
    unsigned lo = 0xFF, next = 0xFF;
    int i;
    if (f->n == 1) return code(FXC_FEATURE_VERTEX, f->id[0], f->id[0]);
    if (f->n == 2) return code(FXC_FEATURE_EDGE, f->id[0], f->id[1]);
    for (i = 0; i < f->n; i++) {
        unsigned v = f->id[i];
        if (v < lo) {
            next = lo;
            lo = v;
        } else {
            if (v < next) next = v;
        }
    }
    return code(FXC_FEATURE_FACE, lo, next);
}

/* The incident feature of a point made on the segment from P to Q: the
 * edge between two vertices, the edge both lie on, or else the face. */
static uint16_t segment_code(uint16_t p, uint16_t q, uint16_t face)
{
    if (FXC_FEATURE_KIND(p) == FXC_FEATURE_VERTEX && FXC_FEATURE_KIND(q) == FXC_FEATURE_VERTEX)
        return code(FXC_FEATURE_EDGE, p & 0x7Fu, q & 0x7Fu);
    if (p == q) return p;
    return face;
}

/* ---- rounded ratios ----------------------------------------------------------- */

/* p + (q - p) dp / (dp - dq), where the segment from p to q crosses a
 * plane (dp and dq of opposite signs or zero; p and q points of one core
 * or crossings between them, so q - p below 2^29 + 4 per component): each
 * coordinate within 1 LSB, from one division. The fraction
 * t = dp / (dp - dq) in [0, 1] is taken to Q31 from dp and dp - dq cut
 * alike until the latter has 33 bits (fxc_ratio_q31): the two cuts move
 * t by at most 2^-31, its rounding by 2^-32 more, so a coordinate moves
 * by less than 3 (2^29 + 4) / 2^32 < 0.38 LSB before its own rounding
 * (0.5 LSB). */
static fxc_vec3 crossing(fxc_vec3 p, fxc_vec3 q, int64_t dp, int64_t dq)
{
    fxc_vec3 e = fxc_v3_sub(q, p);
    uint32_t t;
    if (dp == 0) return p;
    if (dp < 0) {
        dp = -dp;
        dq = -dq;
    }
    t = fxc_ratio_q31((uint64_t)dp, (uint64_t)dp + (uint64_t)-dq); /* dq <= 0: den >= num > 0 */
    if (t >= UINT32_C(1) << 31) return q;
    return fxc_v3_add(p, fxc_v3((fix16_t)((fxc_smull(e.x, (int32_t)t) + ((int64_t)1 << 30)) >> 31),
                                (fix16_t)((fxc_smull(e.y, (int32_t)t) + ((int64_t)1 << 30)) >> 31),
                                (fix16_t)((fxc_smull(e.z, (int32_t)t) + ((int64_t)1 << 30)) >> 31)));
}

/* ---- clipping ------------------------------------------------------------------- */

/* Side plane of the reference polygon's edge from r to s: (s - r) x n,
 * fitted; outward for a counter-clockwise polygon seen from +n. */
static fxc_vec3 side_of(fxc_vec3 r, fxc_vec3 s, fxc_vec3 n)
{
    fxc_vec3w w = fxc_v3_cross_wide(fxc_v3_sub(s, r), n);
    fxc_vec3 d;
    if (!fxc_dir_fit(&w, &d)) d = fxc_v3(0, 0, 0); /* repeated point: cuts nothing */
    return d;
}

/* Height of vertex i of g over the plane through r across s (exact). */
static int64_t over(const polygon *g, int i, fxc_vec3 s, fxc_vec3 r)
{
    return fxc_v3_dot_wide(s, fxc_v3_sub(g->v[i].p, r));
}

/* *dst = *src, field by field: a struct copy is a memcpy call on the M0. */
static void copy_point(clip_point *dst, const clip_point *src)
{
    dst->p = src->p;
    dst->inc = src->inc;
    dst->ref = src->ref;
    dst->u = src->u;
}

/* A point set to zero by field (an initializer is a memset call on the
 * M0). */
static void clear_point(clip_point *x)
{
    x->p = fxc_v3(0, 0, 0);
    x->u.on = 0;
    x->inc = 0;
    x->ref = 0;
}

/* The fitted direction along the reference edge across n, n x w for its
 * side plane w = (r1 - r0) x n (both below 2^28: the cross product below
 * 2^57), from r0 towards r1: its end planes contain n, so a point moved
 * along n onto the reference plane stays between them. */
static fxc_vec3 along_edge(fxc_vec3 n, fxc_vec3 w)
{
    fxc_vec3w c = fxc_v3_cross_wide(n, w);
    fxc_vec3 d;
    if (!fxc_dir_fit(&c, &d)) d = fxc_v3(0, 0, 0);
    return d;
}

/* A side plane of the reference polygon: across its edge from p[k] to
 * p[k + 1], normal s (side_of); the code of that edge, and of the
 * incident face, for the crossings made on it. */
typedef struct {
    const fxc_feature *ref;
    fxc_vec3 n, s;
    int k;
    uint16_t code, inc_face;
} side_plane;

/* Where the edge from a to b crosses side plane sp. When both ends were
 * made on a neighbour j of sp, the edge runs along j, and crosses sp on
 * the line along n through their shared corner c: there the crossing is
 * taken across j, along its edge (along_edge: its plane holds that line
 * too), instead of across sp. The edge lies off j by its ends' rounding;
 * across sp, that offset moves the crossing along j, beyond a corner of
 * angle A by the offset over sin A (11.5 LSB at a 6 degree tip), while
 * across j it moves it by the offset alone. Otherwise (or should rounding
 * put both ends on one side of c's line) the crossing across sp, from the
 * heights ha and hb. */
static fxc_vec3 edge_crossing(const clip_point *a, const clip_point *b, const side_plane *sp, int64_t ha, int64_t hb)
{
    const fxc_feature *ref = sp->ref;
    int m = ref->n, before = fxc_wrap(sp->k + m - 1, m), after = fxc_wrap(sp->k + 1, m), j, c;
    uint32_t both = a->u.on & b->u.on;
    fxc_vec3 e, r;
    int64_t da, db;
    if (both >> before & 1u) {
        j = before;
        c = sp->k;
    } else if (both >> after & 1u) {
        j = c = after;
    } else {
        return crossing(a->p, b->p, ha, hb);
    }
    r = ref->p[c];
    e = along_edge(sp->n, side_of(ref->p[j], ref->p[fxc_wrap(j + 1, m)], sp->n));
    da = fxc_v3_dot_wide(e, fxc_v3_sub(a->p, r));
    db = fxc_v3_dot_wide(e, fxc_v3_sub(b->p, r));
    if ((da < 0 && db < 0) || (da > 0 && db > 0) || (da == 0 && db == 0)) return crossing(a->p, b->p, ha, hb);
    return crossing(a->p, b->p, da, db);
}

/* The crossing of side plane sp on g's edge from vertex i to vertex j
 * (heights hi and hj of opposite signs): on sp, and on every plane both
 * ends were on. */
static void crossing_point(const polygon *g, int i, int j, int64_t hi, int64_t hj, const side_plane *sp, clip_point *x)
{
    const clip_point *a = &g->v[i], *b = &g->v[j];
    x->p = edge_crossing(a, b, sp, hi, hj);
    x->inc = segment_code(a->inc, b->inc, sp->inc_face);
    x->ref = sp->code;
    x->u.on = (a->u.on & b->u.on) | 1u << sp->k;
}

/* g's vertices from `first` on to the front, in order (three reversals). */
static void rotate_to_front(polygon *g, int first)
{
    int range[3][2], k;
    range[0][0] = 0, range[0][1] = first - 1;
    range[1][0] = first, range[1][1] = g->n - 1;
    range[2][0] = 0, range[2][1] = g->n - 1;
    for (k = 0; k < 3; k++) {
        int i = range[k][0], j = range[k][1];
        for (; i < j; i++, j--) {
            clip_point t;
            copy_point(&t, &g->v[i]);
            copy_point(&g->v[i], &g->v[j]);
            copy_point(&g->v[j], &t);
        }
    }
}

/* Moves the count vertices of g from index `from` to index `to`, in
 * the direction that overwrites none before it is moved. */
static void move_run(polygon *g, int from, int count, int to)
{
    int i;
    if (to < from)
        for (i = 0; i < count; i++) copy_point(&g->v[to + i], &g->v[from + i]);
    if (to > from)
        for (i = count - 1; i >= 0; i--) copy_point(&g->v[to + i], &g->v[from + i]);
}

/* Sutherland-Hodgman step in place: keeps the part of the convex polygon g
 * with s . (p - r) <= 0, the crossings made on the side `ref`. A convex
 * polygon crosses the plane at most twice, so what is kept is one run of
 * vertices between two crossings x0 and x1: at most one vertex more than
 * g had (the bound CLIP_MAX rests on). Should rounding make g cross more
 * often, its first run is kept (inside all the same). Each vertex's side
 * is found once; the exact heights are taken again only at the two
 * crossings. g becomes x0, the run, x1: the run is moved once, whole,
 * and when it wraps past g's last vertex the result is then turned to
 * start at x0 (three reversals). */
static void clip_plane(polygon *g, const side_plane *sp)
{
    int n = g->n, first = -1, len = 0, i, last, need0, need1;
    uint32_t out = 0, on = 0; /* bit i: vertex i beyond the plane, on it */
    const fxc_vec3 s = sp->s, r = sp->ref->p[sp->k];
    clip_point x0, x1; /* made, and read, only where needed */
    clear_point(&x0);  /* (cleared all the same: gcc -O3 cannot see that) */
    clear_point(&x1);
    for (i = 0; i < n; i++) {
        int64_t h = over(g, i, s, r);
        if (h > 0) out |= (uint32_t)1 << i;
        if (h == 0) on |= (uint32_t)1 << i;
    }
    if (out == 0) return; /* all inside */
    for (i = 0; i < n && first < 0; i++)
        if (!(out >> i & 1u) && (out >> fxc_wrap(i + n - 1, n) & 1u)) first = i;
    if (first < 0) {
        g->n = 0; /* all outside */
        return;
    }
    while (len < n && !(out >> fxc_wrap(first + len, n) & 1u)) len++;
    last = fxc_wrap(first + len - 1, n);
    /* the crossings, where a kept end is not on the plane itself */
    need0 = !(on >> first & 1u);
    need1 = !(on >> last & 1u);
    if (need0) {
        int before = fxc_wrap(first + n - 1, n);
        crossing_point(g, before, first, over(g, before, s, r), over(g, first, s, r), sp, &x0);
    }
    if (need1) {
        int after = fxc_wrap(last + 1, n);
        crossing_point(g, last, after, over(g, last, s, r), over(g, after, s, r), sp, &x1);
    }
    if (first + len <= n) {
        /* x0, v[first..last], x1 */
        move_run(g, first, len, need0);
        if (need0) copy_point(&g->v[0], &x0);
        if (need1) copy_point(&g->v[need0 + len], &x1);
        g->n = len + need0 + need1;
    } else {
        /* v[0..last], x1, x0, v[first..n-1], turned to start at x0 */
        move_run(g, first, n - first, last + 1 + need0 + need1);
        if (need1) copy_point(&g->v[last + 1], &x1);
        if (need0) copy_point(&g->v[last + 1 + need1], &x0);
        g->n = len + need0 + need1;
        rotate_to_front(g, last + 1 + need1);
    }
}

/* Is the reference's corner between side planes a and b (consecutive,
 * fitted to 28 bits) sharper than 60 degrees seen along n: do their
 * normals make more than 120 degrees, a . b < 0 and 4 (a . b)^2 >
 * |a|^2 |b|^2? On the normals cut to 14 bits (products below 2^30, their
 * squares below 2^60): a threshold, not a decision, and the same bits
 * everywhere. */
static int sharp_corner(fxc_vec3 a, fxc_vec3 b)
{
    fxc_vec3 x = fxc_v3(a.x >> 14, a.y >> 14, a.z >> 14), y = fxc_v3(b.x >> 14, b.y >> 14, b.z >> 14);
    int64_t xy = fxc_v3_dot_wide(x, y);
    return xy < 0 && 4 * xy * xy > fxc_v3_dot_wide(x, x) * fxc_v3_dot_wide(y, y);
}

/* How far (raw) a clipped point may lie beyond a sharp corner of the
 * reference, seen along n, before it is dropped. */
#define CORNER_TOL 1

/* Drops the points of g that lie beyond a sharp corner c of the
 * reference (bit c of `sharp`) seen along n: in c's corner region (past c
 * along the edge into it, not yet past it along the edge out of it), more
 * than CORNER_TOL past c along either edge (against the edge's fitted
 * direction e, as d . e > CORNER_TOL |e|_1: at most sqrt(3) CORNER_TOL
 * kept). Each point of g lies within rounding of every side plane; near a
 * corner of angle A that allows it to lie that rounding over sin(A / 2)
 * beyond the corner, outside the reference shape (a crossing decided on
 * its rounded point: 7 LSB behind a 2.3 degree tip). Such a point lies
 * near the corner's bisector, where the distance along either edge is
 * about its distance from the corner. Heights exact, below 2^59. Out of
 * line: its locals stay off the stack of the clipping. */
FXC_NOINLINE static void drop_past_corners(const fxc_feature *ref, fxc_vec3 n, uint32_t sharp, polygon *g)
{
    int c, m = ref->n;
    for (c = 0; c < m; c++) {
        fxc_vec3 r = ref->p[c], in, out;
        int64_t tol_in, tol_out;
        int i, k = 0;
        if (!(sharp >> c & 1u)) continue;
        in = along_edge(n, side_of(ref->p[fxc_wrap(c + m - 1, m)], r, n));
        out = along_edge(n, side_of(r, ref->p[fxc_wrap(c + 1, m)], n));
        tol_in = (int64_t)CORNER_TOL * ((int64_t)fxc_abs_u32(in.x) + fxc_abs_u32(in.y) + fxc_abs_u32(in.z));
        tol_out = (int64_t)CORNER_TOL * ((int64_t)fxc_abs_u32(out.x) + fxc_abs_u32(out.y) + fxc_abs_u32(out.z));
        for (i = 0; i < g->n; i++) {
            fxc_vec3 d = fxc_v3_sub(g->v[i].p, r);
            int64_t past_in = fxc_v3_dot_wide(in, d), before_out = -fxc_v3_dot_wide(out, d);
            if (past_in > 0 && before_out > 0 && (past_in > tol_in || before_out > tol_out)) continue;
            if (k != i) copy_point(&g->v[k], &g->v[i]);
            k++;
        }
        g->n = k;
    }
}

/* Drops repeated neighbours from a clipped polygon (a segment clipped
 * comes back with its crossing twice), keeping at least one point. */
static void drop_repeats(polygon *g)
{
    int i, k = 0;
    for (i = 0; i < g->n; i++) {
        fxc_vec3 p = g->v[i].p, q = g->v[fxc_wrap(i + g->n - 1, g->n)].p;
        if (g->n > 1 && p.x == q.x && p.y == q.y && p.z == q.z) continue;
        if (k != i) copy_point(&g->v[k], &g->v[i]);
        k++;
    }
    if (k > 0) g->n = k;
    else if (g->n > 1) g->n = 1;
}

/* The incident feature clipped against every side plane of a reference
 * polygon of three or more points; repeated neighbours (a segment clipped
 * comes back with its crossing twice) are dropped. Returns the reference's
 * sharp corners (bit c: corner c, sharp_corner), for drop_past_corners. */
FXC_NOINLINE static uint32_t clip_polygon(const fxc_feature *ref, const fxc_feature *inc, fxc_vec3 n, polygon *out)
{
    uint16_t ref_face = feature_code(ref);
    side_plane sp;
    fxc_vec3 first = fxc_v3(0, 0, 0), last = first;
    uint32_t sharp = 0;
    int i;
    for (i = 0; i < inc->n; i++) {
        out->v[i].p = inc->p[i];
        out->v[i].inc = code(FXC_FEATURE_VERTEX, inc->id[i], inc->id[i]);
        out->v[i].ref = ref_face;
        out->v[i].u.on = 0;
    }
    out->n = inc->n;
    sp.ref = ref;
    sp.n = n;
    sp.inc_face = feature_code(inc);
    for (sp.k = 0; sp.k < ref->n && out->n > 0; sp.k++) {
        int k1 = fxc_wrap(sp.k + 1, ref->n);
        sp.s = side_of(ref->p[sp.k], ref->p[k1], n);
        sp.code = code(FXC_FEATURE_EDGE, ref->id[sp.k], ref->id[k1]);
        clip_plane(out, &sp);
        /* corner k, between the planes before and after it */
        if (sp.k == 0) first = sp.s;
        else if (sharp_corner(last, sp.s)) sharp |= 1u << sp.k;
        last = sp.s;
    }
    if (sp.k == ref->n && sharp_corner(last, first)) sharp |= 1u;
    drop_repeats(out);
    return sharp;
}

/* Keeps the part of the segment v[0] - v[1] with s . (x - r) <= 0, the
 * cut end made on the side `ref`; returns 0 when nothing is left. */
static int clip_segment(clip_point *v, fxc_vec3 s, fxc_vec3 r, uint16_t ref, uint16_t inc_edge)
{
    int64_t d0 = fxc_v3_dot_wide(s, fxc_v3_sub(v[0].p, r)), d1 = fxc_v3_dot_wide(s, fxc_v3_sub(v[1].p, r));
    if (d0 > 0 && d1 > 0) return 0;
    if (d0 > 0 || d1 > 0) {
        clip_point *out = d0 > 0 ? &v[0] : &v[1]; /* the end outside */
        out->p = crossing(v[0].p, v[1].p, d0, d1);
        out->inc = inc_edge;
        out->ref = ref;
    }
    return 1;
}

/* An edge against an edge, seen along n. Every point kept lies on the
 * reference edge seen along n (within FLAT_TOL), between the planes
 * across its ends, so that moved along n onto the reference plane it
 * lands on the edge:
 *  - the incident edge along the reference line (both ends within
 *    FLAT_TOL of it): its part between the end planes, two points;
 *  - else where it crosses the reference line, if between the ends;
 *  - else nothing: the edges do not cross (a vertex contact, whose point
 *    is fxc_collide's).
 * Heights along w and along the edge are exact (below 2^59). */
static void clip_edges(const fxc_feature *ref, const fxc_feature *inc, fxc_vec3 n, polygon *out)
{
    fxc_vec3 r0 = ref->p[0], r1 = ref->p[1], p = inc->p[0], q = inc->p[1];
    fxc_vec3 w = side_of(r0, r1, n), e = along_edge(n, w);
    int64_t dp = fxc_v3_dot_wide(w, fxc_v3_sub(p, r0)), dq = fxc_v3_dot_wide(w, fxc_v3_sub(q, r0));
    int64_t tol = flat_tol(w);
    uint16_t ref_edge = code(FXC_FEATURE_EDGE, ref->id[0], ref->id[1]), inc_edge = code(FXC_FEATURE_EDGE, inc->id[0], inc->id[1]);
    out->n = 0;
    if (dp >= -tol && dp <= tol && dq >= -tol && dq <= tol) {
        int k;
        for (k = 0; k < 2; k++) {
            out->v[k].p = k ? q : p;
            out->v[k].inc = code(FXC_FEATURE_VERTEX, inc->id[k], inc->id[k]);
            out->v[k].ref = ref_edge;
            out->v[k].u.on = 0;
        }
        if (clip_segment(out->v, fxc_v3_neg(e), r0, code(FXC_FEATURE_VERTEX, ref->id[0], ref->id[0]), inc_edge) &&
            clip_segment(out->v, e, r1, code(FXC_FEATURE_VERTEX, ref->id[1], ref->id[1]), inc_edge))
            out->n = 2;
        drop_repeats(out);
        return;
    }
    if ((dp < 0 && dq < 0) || (dp > 0 && dq > 0)) return;
    out->v[0].p = crossing(p, q, dp, dq);
    if (fxc_v3_dot_wide(e, fxc_v3_sub(out->v[0].p, r0)) < 0 || fxc_v3_dot_wide(e, fxc_v3_sub(out->v[0].p, r1)) > 0)
        return;
    out->n = 1;
    out->v[0].ref = ref_edge;
    out->v[0].u.on = 0;
    out->v[0].inc = inc_edge;
}

/* ---- projection onto the reference plane ---------------------------------- */

/* The reference feature's plane: through r0, normal f (fitted, f . n > 0).
 * A polygon's normal is the sum of its fan's cross products (Newell: the
 * polygon's area vector, robust to nearly collinear neighbours); an
 * edge's plane holds the edge and n's part across it. If that plane is
 * steep (f . n below an eighth of the OR of f's components times that of
 * n's: beyond about 80 to 86 degrees), the plane across n, and the
 * answer is 0 (a polygon's plane then is no guide: steep, see faces). */
typedef struct {
    fxc_vec3 r0, f;
    int64_t fn; /* f . n > 0, below 2^58 */
} ref_plane;

static int reference_plane(const fxc_feature *ref, fxc_vec3 n, ref_plane *pl)
{
    fxc_vec3 f = n;
    int ok = fxc_feature_normal(ref, n, &f);
    pl->r0 = ref->p[0];
    pl->f = f;
    if (ok) {
        uint32_t fm = fxc_abs_u32(f.x) | fxc_abs_u32(f.y) | fxc_abs_u32(f.z);
        uint32_t nm = fxc_abs_u32(n.x) | fxc_abs_u32(n.y) | fxc_abs_u32(n.z);
        pl->fn = fxc_v3_dot_wide(f, n);
        if (pl->fn > 0 && (uint64_t)pl->fn >= fxc_umull(fm, nm) >> 3) return 1;
    }
    pl->f = n;
    pl->fn = fxc_v3_dot_wide(n, n);
    return 0;
}

/* Is the plane's normal more than 60 degrees from n, (f . n)^2 <
 * |f|^2 |n|^2 / 4? On both cut to 14 bits (products below 2^30, their
 * squares below 2^62): a threshold, the same bits everywhere. A point
 * moved along n onto a plane that steep moves within it by more than
 * twice its error along n: on a reference polygon seen nearly edge-on (81
 * degrees: a needle's cap, a plate 2 LSB thick) points landed 9 to 12
 * LSB outside the shape. */
static int steep(const ref_plane *pl, fxc_vec3 n)
{
    fxc_vec3 f = fxc_v3(pl->f.x >> 14, pl->f.y >> 14, pl->f.z >> 14), m = fxc_v3(n.x >> 14, n.y >> 14, n.z >> 14);
    int64_t fm = fxc_v3_dot_wide(f, m);
    return 4 * fm * fm < fxc_v3_dot_wide(f, f) * fxc_v3_dot_wide(m, m);
}

/* Does every point of the reference feature lie within FLAT_TOL raw of
 * its plane: |f . (p - r0)| <= FLAT_TOL max |f_i| (<= FLAT_TOL |f|)? A
 * point put on the plane is then within that much of the reference
 * shape. A band wider than the shape's rounding (a large speculative
 * distance) can take in points of a hull that are not on one face, and
 * an edge nearly along n (its plane across n) its ends far apart along n:
 * points on such a plane may lie far outside the shape, even beyond the
 * range. The heights are exact (below 2^59). */
static int reference_flat(const fxc_feature *ref, const ref_plane *pl)
{
    int64_t tol = flat_tol(pl->f);
    int i;
    for (i = 1; i < ref->n; i++) {
        int64_t h = fxc_v3_dot_wide(pl->f, fxc_v3_sub(ref->p[i], pl->r0));
        if (h > tol || h < -tol) return 0;
    }
    return 1;
}

/* The separation of an incident point q from the reference plane along
 * n: q - q' = k n with k = f . (q - r0) / (f . n), so the separation
 * k |n| (|n| = n_len raw, below 2^29) is one rounded ratio (fxc_mul_div:
 * f . (q - r0) below 2^61, f . n at least an eighth of the ORs' product;
 * a quotient beyond int32 saturates). With the reference on A, q is B's point and
 * b - a = k n; else q is A's and b - a = -k n. */
static int32_t separation(const ref_plane *pl, int32_t n_len, fxc_vec3 q, int ref_is_a)
{
    int32_t sep = fxc_mul_div(fxc_v3_dot_wide(pl->f, fxc_v3_sub(q, pl->r0)), n_len, pl->fn);
    return ref_is_a ? sep : -sep;
}

/* The core points on A and on B of clipped point v: v itself on the
 * incident core, and v moved along the unit normal by its separation onto
 * the reference plane (fxc_direction_scaled: within 1 LSB per coordinate
 * of the separation's own offset, no division). */
static void place(const fxc_direction *u, const clip_point *v, int ref_is_a, fxc_vec3 *a, fxc_vec3 *b)
{
    fxc_vec3 along = fxc_direction_scaled(u, v->u.sep); /* b - a */
    *a = ref_is_a ? fxc_v3_sub(v->p, along) : v->p;
    *b = ref_is_a ? v->p : fxc_v3_add(v->p, along);
}

/* ---- reduction to four points --------------------------------------------- */

/* Twice the signed area of triangle (p, q, r) seen from +n, times |n|:
 * n . ((q - p) x (r - p)) in 128 bits (cross below 2^59, n below 2^28). */
static fxc_i128 area_n(fxc_vec3 n, fxc_vec3 p, fxc_vec3 q, fxc_vec3 r)
{
    fxc_vec3w c = fxc_v3_cross_wide(fxc_v3_sub(q, p), fxc_v3_sub(r, p)), w = fxc_v3_widen(n);
    return fxc_dot3_i128(&c, &w);
}

/* Keeps at most FXC_MANIFOLD_MAX_POINTS of the clipped points, the chosen
 * first in order: the deepest (least separation; the first on a tie); the
 * farthest from it; then the one making the largest triangle with those
 * two on the left of the line through them, and the largest on its right
 * (areas seen along n, exact in 128 bits: moving a point along n changes
 * no area). With four or fewer, only the deepest moves to the front. */
FXC_NOINLINE static void reduce(polygon *g, fxc_vec3 n)
{
    int pick[FXC_MANIFOLD_MAX_POINTS], np = 1, i;
    clip_point keep[FXC_MANIFOLD_MAX_POINTS];
    pick[0] = 0;
    for (i = 1; i < g->n; i++)
        if (g->v[i].u.sep < g->v[pick[0]].u.sep) pick[0] = i;
    if (g->n > FXC_MANIFOLD_MAX_POINTS) {
        fxc_vec3 p0 = g->v[pick[0]].p, p1;
        int64_t best = -1;
        fxc_i128 left = fxc_i128_from64(0), right = fxc_i128_from64(0);
        int l = -1, r = -1;
        /* points of one core, less than 2^29 apart: squares below 2^60 */
        for (i = 0; i < g->n; i++) {
            fxc_vec3 d = fxc_v3_sub(g->v[i].p, p0);
            int64_t d2 = fxc_v3_dot_wide(d, d);
            if (d2 > best) {
                best = d2;
                pick[1] = i;
            }
        }
        np = 2;
        p1 = g->v[pick[1]].p;
        for (i = 0; i < g->n; i++) {
            fxc_i128 t = area_n(n, p0, p1, g->v[i].p);
            if (fxc_i128_cmp(&left, &t) < 0) {
                left = t;
                l = i;
            }
            if (fxc_i128_cmp(&t, &right) < 0) {
                right = t;
                r = i;
            }
        }
        if (l >= 0) pick[np++] = l;
        if (r >= 0) pick[np++] = r;
    } else {
        int k = 1;
        np = g->n;
        for (i = 0; i < g->n; i++)
            if (i != pick[0]) pick[k++] = i;
    }
    for (i = 0; i < np; i++) copy_point(&keep[i], &g->v[pick[i]]);
    for (i = 0; i < np; i++) copy_point(&g->v[i], &keep[i]);
    g->n = np;
}

/* ---- the query --------------------------------------------------------------- */

/* Height of point i of f along n, toward the other shape: along +n for
 * A's feature (of_a), along -n for B's (exact: below 2^59). */
static int64_t toward(const fxc_feature *f, int i, fxc_vec3 n, int of_a)
{
    int64_t h = fxc_v3_dot_wide(n, f->p[i]);
    return of_a ? h : -h;
}

/* Polygon f cut down to its edge from point k to the next, in place. */
static void edge_in_place(fxc_feature *f, int k)
{
    int k1 = fxc_wrap(k + 1, f->n);
    fxc_vec3 p0 = f->p[k], p1 = f->p[k1];
    uint8_t id0 = f->id[k], id1 = f->id[k1];
    f->p[0] = p0;
    f->p[1] = p1;
    f->id[0] = id0;
    f->id[1] = id1;
    f->n = 2;
}

/* Edge top -> j of f (top its highest point toward the other shape): the
 * square of its drop along n and of its length, each cut to 31 bits
 * (drop below 2^60, squared length below 2^60). */
static void edge_fall(const fxc_feature *f, int top, int j, fxc_vec3 n, int of_a, fxc_approx *drop2, fxc_approx *len2)
{
    fxc_vec3 e = fxc_v3_sub(f->p[j], f->p[top]);
    fxc_approx d = fxc_approx_u64((uint64_t)(toward(f, top, n, of_a) - toward(f, j, n, of_a)));
    *drop2 = fxc_approx_mul(d, d);
    *len2 = fxc_approx_u64((uint64_t)fxc_v3_dot_wide(e, e));
}

/* Cuts polygon f down to its edge nearest the other shape along n: its
 * point farthest toward it (the first on a tie) and, of that point's two
 * neighbours, the one along the flatter edge (the next, unless the
 * previous surely falls less per length: drop^2 / length^2 compared on
 * the cut values, a choice and not a decision, the same bits everywhere),
 * in f's order. A polygon seen nearly edge-on meets the other shape along
 * that edge; its plane is a poor guide there (rounded points 2 raw apart
 * across a plate's end tilt its Newell normal by tens of degrees), its
 * edge's ends are not. The flatter edge, not the one whose far end is
 * higher: across a plate 2 raw thick the end is never more than 2 raw
 * lower, and with the plate's long edge 0.02 degrees off level it was
 * the one kept (a review's case). */
static void cut_to_edge(fxc_feature *f, fxc_vec3 n, int of_a)
{
    int top = 0, i, prev, next, first;
    int64_t best = toward(f, 0, n, of_a);
    fxc_approx dp, lp, dn, ln;
    for (i = 1; i < f->n; i++) {
        int64_t h = toward(f, i, n, of_a);
        if (h > best) {
            best = h;
            top = i;
        }
    }
    prev = fxc_wrap(top - 1 + f->n, f->n);
    next = fxc_wrap(top + 1, f->n);
    edge_fall(f, top, prev, n, of_a, &dp, &lp);
    edge_fall(f, top, next, n, of_a, &dn, &ln);
    first = fxc_approx_surely_less(fxc_approx_mul(dp, ln), fxc_approx_mul(dn, lp)) ? prev : top;
    edge_in_place(f, first);
}

/* Cuts polygon ref down to its side that edge inc runs along: both of
 * inc's ends within FLAT_TOL of that side's plane across n (the first
 * such side). Returns 0, ref untouched, when there is none. Rounding can
 * put an edge that lies on a face's boundary (a plate's edge resting on a
 * cube's ridge, the normal the cube face's) 1 raw past that side: the
 * polygon's clipping then keeps nothing, and the contact is edge to edge
 * with the side. Heights exact (below 2^59). */
static int cut_to_side(fxc_feature *ref, const fxc_feature *inc, fxc_vec3 n)
{
    int k;
    for (k = 0; k < ref->n; k++) {
        fxc_vec3 p0 = ref->p[k], s = side_of(p0, ref->p[fxc_wrap(k + 1, ref->n)], n);
        int64_t tol = flat_tol(s);
        int64_t h0 = fxc_v3_dot_wide(s, fxc_v3_sub(inc->p[0], p0)), h1 = fxc_v3_dot_wide(s, fxc_v3_sub(inc->p[1], p0));
        if (h0 < -tol || h0 > tol || h1 < -tol || h1 > tol) continue;
        edge_in_place(ref, k);
        return 1;
    }
    return 0;
}

/* Would a margin put out along n, rather than along the plane's own
 * normal f, move a point by more than an LSB: margin (1 - cos t) > 1, t
 * the angle between them? Decided as margin |f x n|^2 > 2 |f|^2 |n|^2
 * on 31-bit cut values (the same bits everywhere): sin^2 t / 2 <= 1 -
 * cos t <= sin^2 t, so it holds past 2 LSB and not within 1 (the cuts
 * move the threshold by about 2^-24 of itself). Cross product below
 * 2^57 per component (f, n below 2^28), its square below 2^116. Out of
 * line, as incident_surface: their frames stay off clip_polygon's; each
 * is asked only for a margin above 0 (shapes without one pay no call). */
FXC_NOINLINE static int tilted_for_margin(const ref_plane *pl, fxc_vec3 n, int32_t margin)
{
    fxc_vec3w c = fxc_v3_cross_wide(pl->f, n);
    fxc_i128 cc;
    fxc_approx lhs, rhs;
    if (c.x == 0 && c.y == 0 && c.z == 0) return 0;
    cc = fxc_dot3_i128(&c, &c);
    lhs = fxc_approx_mul(fxc_approx_i128(&cc), fxc_approx_u64((uint64_t)margin));
    rhs = fxc_approx_mul(fxc_approx_u64(2 * (uint64_t)fxc_v3_dot_wide(pl->f, pl->f)),
                         fxc_approx_u64((uint64_t)fxc_v3_dot_wide(n, n)));
    return fxc_approx_surely_less(rhs, lhs);
}

/* Is f a polygon whose plane (written to pl) faces n: its own plane
 * (reference_plane), within 60 degrees of n (steep), and, with the
 * shape's margin, square enough to n that the margin put out along n
 * stays on the shape's surface (tilted_for_margin)? */
static int faces(const fxc_feature *f, fxc_vec3 n, int32_t margin, ref_plane *pl)
{
    return f->n >= 3 && reference_plane(f, n, pl) && !steep(pl, n) && (margin == 0 || !tilted_for_margin(pl, n, margin));
}

/* Feature f cut down to its points within FLAT_TOL raw of its highest
 * toward the other shape along n (heights exact, below 2^59; the
 * tolerance as reference_flat's), in f's order: its part on the core's
 * supporting plane. Such a point put out by the margin along n lies
 * within its height below that plane of the shape's surface; a point
 * lower by g, within g, and a band of faces can reach far down (a plate
 * seen edge-on with a margin of 2.6 units: 78,800 LSB inside). */
static void cut_to_support(fxc_feature *f, fxc_vec3 n, int of_a)
{
    int64_t tol = flat_tol(n);
    int64_t top = toward(f, 0, n, of_a);
    int i, k = 0;
    for (i = 1; i < f->n; i++) {
        int64_t h = toward(f, i, n, of_a);
        if (h > top) top = h;
    }
    for (i = 0; i < f->n; i++) {
        if (toward(f, i, n, of_a) < top - tol) continue;
        f->p[k] = f->p[i];
        f->id[k] = f->id[i];
        k++;
    }
    f->n = k;
}

/* The incident feature moved out to its shape's surface: by its margin
 * along its own outward normal (fxc_feature_normal: its plane's, however steep,
 * or an edge's perpendicular nearest n), where along n a tilted
 * feature's points would lie inside the shape (a capsule at a slant: its
 * far end by margin (1 - cos t); nearly upright, almost the whole
 * margin). A feature with no plane it lies flat on (a band of a hull's
 * faces, an edge along n) keeps only its part on the supporting plane
 * along n (cut_to_support), and that goes out along n. Clipped
 * afterwards, every point lies on the shape's surface. Points stay in
 * range: the range check keeps a core point plus the margin within
 * FXC_RAW_LIMIT of the centre per coordinate, and the move changes each
 * by at most the margin (and rounding). */
FXC_NOINLINE static void incident_surface(fxc_feature *inc, fxc_vec3 n, int32_t margin, int inc_is_a)
{
    ref_plane pl;
    fxc_direction d;
    fxc_vec3 off;
    int i;
    pl.r0 = inc->p[0];
    pl.f = n;
    pl.fn = 0; /* not read: reference_flat asks the plane's point and normal only */
    if (!fxc_feature_normal(inc, n, &pl.f) || fxc_v3_dot_wide(pl.f, n) <= 0 ||
        (inc->n >= 3 && !reference_flat(inc, &pl))) {
        pl.f = n;
        cut_to_support(inc, n, inc_is_a);
    }
    d = fxc_direction_of(pl.f);
    off = fxc_direction_scaled(&d, margin);
    if (!inc_is_a) off = fxc_v3_neg(off); /* B's outward side faces -n */
    for (i = 0; i < inc->n; i++) inc->p[i] = fxc_v3_add(inc->p[i], off);
}

/* The reference gives way to the incident feature, whose plane is
 * other: the two swap roles. */
static void give_way(fxc_feature **ref, fxc_feature **inc, int *ref_is_a, ref_plane *pl, const ref_plane *other)
{
    fxc_feature *t = *ref;
    *ref = *inc;
    *inc = t;
    *ref_is_a = !*ref_is_a;
    *pl = *other;
}

/* The plane of a reference edge (a cut polygon's too) into pl. An edge
 * whose margin, put out along n, would miss its surface (a capsule at a
 * slant, or a steep one: reference_plane finds no plane) gives way to
 * the other edge if that one's margin allows (the features swapped);
 * else returns 0: no points. */
static int edge_reference(fxc_feature **ref, fxc_feature **inc, int *ref_is_a, const int32_t margin[2], fxc_vec3 n,
                          ref_plane *pl)
{
    ref_plane other;
    int32_t m = margin[!*ref_is_a], m_inc = margin[*ref_is_a];
    int plane = reference_plane(*ref, n, pl);
    if (m == 0 || (plane && !tilted_for_margin(pl, n, m))) return 1; /* no margin: as it is */
    if ((*inc)->n != 2 || !reference_plane(*inc, n, &other) || (m_inc != 0 && tilted_for_margin(&other, n, m_inc)))
        return 0;
    give_way(ref, inc, ref_is_a, pl, &other);
    return 1;
}

/* The features' contact: the one with more points of fa (A's) and fb
 * (B's), both of two or more, is the reference (A's on a tie), the other
 * is clipped against it into g, each point with its separation along the
 * normal to the reference plane pl. A reference polygon steep to n (or,
 * with a margin, tilted for it: faces) gives way to the other feature if
 * that is a polygon facing n and flat on its plane (reference_flat: else
 * it would give no points); else each steep polygon is cut to its edge
 * nearest the other shape (cut_to_edge: the features are the caller's
 * scratch) and the contact is edge to edge; so it is with the reference
 * polygon's side along which an incident edge runs, when the polygon's
 * clipping keeps nothing of it (cut_to_side). A reference edge whose
 * margin would miss its surface gives way likewise (edge_reference). The
 * incident feature is moved out to its surface (incident_surface) before
 * it is clipped. Returns whether the reference is A's. */
FXC_NOINLINE static int clip_features(fxc_feature *fa, fxc_feature *fb, const int32_t margin[2], const fxc_direction *u,
                                      polygon *g, ref_plane *pl)
{
    int ref_is_a = fa->n >= fb->n, i;
    fxc_feature *ref = ref_is_a ? fa : fb, *inc = ref_is_a ? fb : fa;
    int32_t n_len;
    g->n = 0;
    if (ref->n >= 3 && !faces(ref, u->d, margin[!ref_is_a], pl)) {
        ref_plane other;
        if (faces(inc, u->d, margin[ref_is_a], &other) && reference_flat(inc, &other)) {
            give_way(&ref, &inc, &ref_is_a, pl, &other);
        } else {
            cut_to_edge(ref, u->d, ref_is_a);
            if (inc->n >= 3) cut_to_edge(inc, u->d, !ref_is_a);
        }
    }
    if (ref->n == 2 && !edge_reference(&ref, &inc, &ref_is_a, margin, u->d, pl))
        return ref_is_a; /* no points: fxc_collide's leads */
    if (!reference_flat(ref, pl)) return ref_is_a; /* no points: fxc_collide's leads */
    if (margin[ref_is_a] != 0) incident_surface(inc, u->d, margin[ref_is_a], !ref_is_a);
    if (ref->n >= 3) {
        uint32_t sharp = clip_polygon(ref, inc, u->d, g);
        if (sharp != 0 && g->n > 0) drop_past_corners(ref, u->d, sharp, g); /* beside the clipping: off its stack */
        if (g->n == 0 && inc->n == 2 && cut_to_side(ref, inc, u->d)) (void)reference_plane(ref, u->d, pl);
    }
    if (ref->n == 2) clip_edges(ref, inc, u->d, g);
    n_len = (int32_t)fxc_mul_rsqrt(fxc_v3_dot_wide(u->d, u->d), u->t, u->e);
    for (i = 0; i < g->n; i++) g->v[i].u.sep = separation(pl, n_len, g->v[i].p, ref_is_a);
    return ref_is_a;
}

/* Keeps the points whose core separation lies in [lo, hi] (raw). */
static void keep_between(polygon *g, int64_t lo, int64_t hi)
{
    int i, k = 0;
    for (i = 0; i < g->n; i++)
        if (g->v[i].u.sep >= lo && g->v[i].u.sep <= hi) g->v[k++] = g->v[i];
    g->n = k;
}

/* The manifold's points from the features' contact: the clipped points
 * (on the incident shape's surface: incident_surface) within the
 * speculative distance and no deeper than the pair (deepest:
 * fxc_collide's separation), reduced to four, the reference's margin
 * pushed out along the normal as fxc_collide's (the separations lose
 * it). Returns the count: 0 when the clipped feature is empty or none of
 * its points is kept. fa and fb are scratch: clip_features may cut them
 * down and moves the incident one. */
FXC_NOINLINE static int contact_points(const fxc_pair *p, fxc_feature *fa, fxc_feature *fb,
                                       const fxc_direction *u, fix16_t speculative, fix16_t deepest,
                                       fxc_manifold_point *out)
{
    polygon g;
    ref_plane pl;
    const int32_t margin[2] = { p->a.shape->margin, p->b.shape->margin };
    int32_t m_ref;
    fxc_vec3 off_ref;
    int i, ref_is_a = clip_features(fa, fb, margin, u, &g, &pl);
    if (g.n == 0) return 0;
    m_ref = margin[!ref_is_a];
    /* no deeper than the pair (fxc_collide's separation `deepest`, but for
     * rounding: a steep reference plane can give a bogus depth), no farther
     * than the speculative distance plus the touching band; so every kept
     * separation from the reference core is within 2^30 of 0, and less the
     * reference's margin (below 2^29) it stays in int32 */
    keep_between(&g, (int64_t)deepest + m_ref - WITNESS_SLACK, (int64_t)speculative + FXC_TOUCH_TOL + m_ref);
    if (g.n == 0) return 0;
    reduce(&g, u->d);
    off_ref = fxc_direction_scaled(u, m_ref);
    for (i = 0; i < g.n; i++) {
        fxc_manifold_point *q = &out[i];
        const clip_point *v = &g.v[i];
        fxc_vec3 ca, cb;
        place(u, v, ref_is_a, &ca, &cb);
        if (ref_is_a) ca = fxc_v3_add(ca, off_ref);
        else cb = fxc_v3_sub(cb, off_ref);
        q->point_a = fxc_pair_to_world(p, ca);
        q->point_b = fxc_pair_to_world(p, cb);
        q->separation = (fix16_t)(v->u.sep - m_ref);
        q->id = ref_is_a ? (uint32_t)v->ref | (uint32_t)v->inc << 16 : (uint32_t)v->inc | (uint32_t)v->ref << 16;
    }
    return g.n;
}

/* The manifold's points from fxc_collide's answer c on the prepared pair:
 * the features' contact, or c's own point when either feature is a single
 * point (or clipping leaves nothing). */
FXC_NOINLINE static void manifold_points(fxc_pair *p, const fxc_direction *u, const fxc_contact *c,
                                         fix16_t speculative, fxc_contact_manifold *m)
{
    fxc_feature fa, fb;
    fxc_manifold_point witness;
    fxc_support_feature(&p->a, u->d, 0, (uint32_t)speculative, &fa);
    fxc_support_feature(&p->b, u->d, 1, (uint32_t)speculative, &fb);
    witness.point_a = c->point_a;
    witness.point_b = c->point_b;
    witness.separation = c->distance > 0 ? c->distance : -c->depth;
    witness.id = (uint32_t)feature_code(&fa) | (uint32_t)feature_code(&fb) << 16;
    m->count = fa.n >= 2 && fb.n >= 2 ? contact_points(p, &fa, &fb, u, speculative, witness.separation, m->point) : 0;
    /* The features' points miss the pair's deepest point when a band took
     * in a polygon that is not flat (a face tilted within the speculative
     * distance), or there are none: fxc_collide's own point then leads. */
    if (m->count == 0 || witness.separation < m->point[0].separation - WITNESS_SLACK) {
        int i;
        for (i = m->count < FXC_MANIFOLD_MAX_POINTS ? m->count : FXC_MANIFOLD_MAX_POINTS - 1; i > 0; i--)
            m->point[i] = m->point[i - 1];
        m->point[0] = witness;
        if (m->count < FXC_MANIFOLD_MAX_POINTS) m->count++;
    }
}

/* The manifold of fxc_collide's answer c on the prepared pair, written to
 * out in place (the pair reads neither the workspace nor out). Kept out
 * of line: its work does not sit on the stack under fxc_collide's. */
FXC_NOINLINE static void answer(fxc_pair *p, const fxc_direction *u, const fxc_contact *c, fix16_t speculative,
                                fxc_contact_manifold *out)
{
    int i;
    out->contact = *c;
    out->count = 0;
    for (i = 0; i < FXC_MANIFOLD_MAX_POINTS; i++) out->point[i] = zero_point;
    /* within the speculative distance or touching: points (as kept by
     * contact_points, up to the touching band beyond speculative) */
    if (c->distance <= speculative + FXC_TOUCH_TOL && u->t != 0) manifold_points(p, u, c, speculative, out);
}

int fxc_manifold_cfg(uint32_t config, const fxc_shape *a, const fxc_transform *ta, const fxc_shape *b,
                     const fxc_transform *tb, fix16_t speculative, fxc_workspace *ws, fxc_contact_manifold *out)
{
    fxc_contact c = zero_contact;
    fxc_pair p;
    fxc_direction u;
    int st;
    u.t = 0;
    if (out == NULL) return FXC_ERR_NULL;
    if (speculative < 0) st = FXC_ERR_NEGATIVE_SIZE;
    else if (speculative > FXC_RAW_LIMIT) st = FXC_ERR_RANGE;
    else st = fxc_workspace_claim(ws, config);
    if (st == FXC_OK) {
        st = fxc_collide_pair(&p, a, ta, b, tb, ws, NULL, &c, &u);
        ws->busy = 0;
    }
    /* the workspace is free from here on: out may lie in it */
    if (fxc_answered(st)) answer(&p, &u, &c, speculative, out);
    else *out = zero_manifold;
    return st;
}
