/* Separating axes for two overlapping boxes: the penetration axis chosen
 * exactly among the 15 candidates, in place of EPA's expansion.
 *
 * A box is its centre plus sum_k s_k h_k c_k (s_k = +-1), with c_k the
 * k-th column of its rotation as given (not assumed orthonormal) and h_k
 * its half extent: the exact parallelepiped whose rounded corners the
 * support function returns. The Minkowski difference of two such boxes
 * has its faces across the three face normals of each, f_k = c_{k+1} x
 * c_{k+2}, and the nine edge-pair axes ca_i x cb_j; the depth is the least
 * overlap o / |n| over them. With the columns' products G_ij = fa_i . cb_j
 * and H_ij = ca_i . fb_j, every projection a candidate needs is one of
 * G, H or det = c_k . f_k (the same for every k), so the 15 overlaps cost
 * 15 cross products, 20 column products and 60 radius terms.
 *
 * Budget: rotation entries within +-2 units (2^17 raw), half extents
 * below 2^28, centres less than 2^29 apart. Axes n (face normals and
 * edge pairs) below 2^35 per component; G, H, det below 2^54; radius terms
 * h |G| below 2^82, a radius below 2^84; d . n * 2^16 below 2^82; the
 * overlap o (2^-64 units at n's scale) below 2^85 in magnitude: all exact
 * in 128 bits. Comparing depths o1 / |n1| < o2 / |n2| is o1^2 |n2|^2 <
 * o2^2 |n1|^2, below 2^242: decided first on 31-bit mantissas (relative
 * error below 2^-25), exactly in 32-bit limbs only when that is too close.
 *
 * The reported depth is the height of the corners' Minkowski difference
 * along the chosen axis fitted to 28 bits, as EPA reports it, so that
 * moving B by it ends the overlap of the shapes every query sees. */
#include <stddef.h>
#include "sat.h"
#include "query.h"
#include "approx.h"
#include "filter.h"

enum axis_kind { FACE_A, FACE_B, EDGES };

typedef struct {
    fxc_box_frame a, b;
    int64_t G[3][3]; /* fa_i . cb_j */
    int64_t H[3][3]; /* ca_i . fb_j */
    fxc_vec3 d;      /* B's centre minus A's */
} box_pair;

/* A candidate axis: n (exact, not unit), the overlap along it, and which
 * features made it (face k of A or B: i = k; edges: i of A, j of B). */
typedef struct {
    fxc_vec3w n;
    fxc_i128 o;
    fxc_approx oo, nn; /* o^2 and |n|^2 cut to 31 bits (deep_enough) */
    int kind, i, j;
    int flip; /* 1: -n points from A to B */
} axis;

static int next3(int k)
{
    return k == 2 ? 0 : k + 1;
}

static int prev3(int k)
{
    return k == 0 ? 2 : k - 1;
}

/* d . n = hi * 2^16 + lo, each n_k split as hi * 2^16 + lo (0 <= lo <
 * 2^16), so every product is 32 x 32 bits: for |d_k| < 2^31 and |n_k| <=
 * 2^35, |hi| < 2^52 and |lo| < 2^49. */
static inline void split_dot(fxc_vec3 d, const fxc_vec3w *n, int64_t *hi, int64_t *lo)
{
    *hi = fxc_dot3(d.x, (int32_t)(n->x >> 16), d.y, (int32_t)(n->y >> 16), d.z, (int32_t)(n->z >> 16));
    *lo = fxc_dot3(d.x, (int32_t)(n->x & 0xFFFF), d.y, (int32_t)(n->y & 0xFFFF), d.z, (int32_t)(n->z & 0xFFFF));
}

/* c . n exactly for a rotation column (|c_k| <= 2^17): below 2^54. */
static inline int64_t dot_cn(fxc_vec3 c, const fxc_vec3w *n)
{
    int64_t hi, lo;
    split_dot(c, n, &hi, &lo);
    return hi * 65536 + lo;
}

/* v << n as a 128-bit integer, for any int64 v and 0 < n < 64. */
static fxc_i128 shl64(int64_t v, int n)
{
    fxc_i128 r;
    r.lo = (uint64_t)v << n;
    r.hi = (uint64_t)(v >> (64 - n)); /* arithmetic: the sign carries into the high half */
    return r;
}

/* fxc_dot_axis, inline for the 15 axes' hot loop. */
static inline fxc_i128 dot_axis(fxc_vec3 d, const fxc_vec3w *n)
{
    int64_t hi, lo;
    split_dot(d, n, &hi, &lo);
    return fxc_i128_add(shl64(hi, 32), shl64(lo, 16));
}

fxc_i128 fxc_dot_axis(fxc_vec3 d, const fxc_vec3w *n)
{
    return dot_axis(d, n);
}

/* acc + h |x| for h < 2^28 and |x| < 2^54: two 32 x 32 products. */
static fxc_i128 add_radius(fxc_i128 acc, uint32_t h, int64_t x)
{
    uint64_t u = x < 0 ? (uint64_t)0 - (uint64_t)x : (uint64_t)x;
    uint64_t lo = fxc_umull(h, (uint32_t)u), mid = fxc_umull(h, (uint32_t)(u >> 32));
    fxc_i128 r;
    r.lo = lo + (mid << 32);
    r.hi = (mid >> 32) + (r.lo < lo);
    return fxc_i128_add(acc, r);
}

void fxc_box_frame_of(const fxc_shape *box, const fxc_mat3 *rot, fxc_box_frame *f)
{
    int k;
    for (k = 0; k < 3; k++) f->c[k] = fxc_v3(rot->m[0][k], rot->m[1][k], rot->m[2][k]);
    f->h[0] = (uint32_t)box->u.box.half.x;
    f->h[1] = (uint32_t)box->u.box.half.y;
    f->h[2] = (uint32_t)box->u.box.half.z;
    for (k = 0; k < 3; k++) f->f[k] = fxc_v3_cross_wide(f->c[next3(k)], f->c[prev3(k)]);
    f->det = dot_cn(f->c[0], &f->f[0]);
}

/* The world axes some column of R lies along (bit i: axis i), a column
 * with zeros in the other two rows (a zero column, a singular R, counts
 * for every axis). */
static unsigned world_axes(const fxc_mat3 *R)
{
    unsigned axes = 0;
    int k;
    for (k = 0; k < 3; k++) {
        int x = R->m[0][k] == 0, y = R->m[1][k] == 0, z = R->m[2][k] == 0;
        if (y && z) axes |= 1u;
        if (x && z) axes |= 2u;
        if (x && y) axes |= 4u;
    }
    return axes;
}

/* Returns 0 for a singular rotation (a flat box: its faces are not all
 * among the candidates), and when an edge of one box is exactly parallel
 * to a face of the other (a G or H of 0: resting, aligned boxes). Without
 * such a pair, the features an axis meets are a face and a vertex, or two
 * edges that cross, whose contact point needs no clipping. Boxes with a
 * column each along one world axis (upright boxes on upright boxes, the
 * common resting pair) are turned away first, before any product: column
 * ca_k parallel to cb_m is square to A's faces f_{k+1} and f_{k+2}, a G
 * of 0 (or one column is zero, and so is its det). */
static int pair_of(const fxc_pair *p, box_pair *q)
{
    int i, j;
    unsigned axes_a = world_axes(p->a.rot);
    if (axes_a != 0 && (axes_a & world_axes(p->b.rot)) != 0) return 0;
    fxc_box_frame_of(p->a.shape, p->a.rot, &q->a);
    fxc_box_frame_of(p->b.shape, p->b.rot, &q->b);
    if (q->a.det == 0 || q->b.det == 0) return 0;
    for (i = 0; i < 3; i++) {
        for (j = 0; j < 3; j++) {
            q->G[i][j] = dot_cn(q->b.c[j], &q->a.f[i]);
            q->H[i][j] = dot_cn(q->a.c[i], &q->b.f[j]);
            if (q->G[i][j] == 0 || q->H[i][j] == 0) return 0;
        }
    }
    q->d = fxc_v3_sub(p->b.offset, p->a.offset);
    return 1;
}

/* The overlap along ax->n from the sum of both radii: radius minus
 * |d . n| (scaled alike), and which way n points from A to B. On a tie
 * (d . n = 0, as for boxes with one centre), + for an edge axis and a face
 * of A, - for a face of B: swapped, an edge axis is its opposite and a
 * face of A the same vector as a face of B, so either way the swapped
 * pair points the other way. The radius by pointer: a 128-bit value by
 * value is a memcpy call on the M0. */
static void set_overlap(const box_pair *q, const fxc_i128 *radius, axis *ax)
{
    fxc_i128 dn = dot_axis(q->d, &ax->n);
    int side = fxc_i128_sign(dn);
    ax->flip = side < 0 || (side == 0 && ax->kind == FACE_B);
    ax->o = fxc_i128_sub(*radius, ax->flip ? fxc_i128_neg(dn) : dn);
}

/* *dst = *src, field by field: a struct copy is a memcpy call on the M0. */
static void copy_wide(fxc_vec3w *dst, const fxc_vec3w *src)
{
    dst->x = src->x;
    dst->y = src->y;
    dst->z = src->z;
}

/* Face k of A, or (of_b) of B: along its own normal the box reaches
 * h_k |det|; the other box's columns project on it as G's row k (A's
 * face) or H's column k (B's face). */
static void face_axis(const box_pair *q, int of_b, int k, axis *ax)
{
    const fxc_box_frame *own = of_b ? &q->b : &q->a, *other = of_b ? &q->a : &q->b;
    const int64_t *proj = &q->G[k][0];
    ptrdiff_t step = 1;
    fxc_i128 r = add_radius(fxc_i128_from64(0), own->h[k], own->det);
    if (of_b) {
        proj = &q->H[0][k];
        step = 3;
    }
    r = add_radius(r, other->h[0], proj[0]);
    r = add_radius(r, other->h[1], proj[step]);
    r = add_radius(r, other->h[2], proj[2 * step]);
    copy_wide(&ax->n, &own->f[k]);
    ax->kind = of_b ? FACE_B : FACE_A;
    ax->i = k;
    set_overlap(q, &r, ax);
}

/* Edge pair (i, j): ca_m . (ca_i x cb_j) is -G[i+2][j] for m = i+1 and
 * G[i+1][j] for m = i+2; cb_m . (ca_i x cb_j) is H[i][j+2] for m = j+1
 * and -H[i][j+1] for m = j+2. Returns 0 for parallel edges (no axis). */
static int edges(const box_pair *q, int i, int j, axis *ax)
{
    fxc_i128 r = fxc_i128_from64(0);
    ax->n = fxc_v3_cross_wide(q->a.c[i], q->b.c[j]);
    if (ax->n.x == 0 && ax->n.y == 0 && ax->n.z == 0) return 0;
    r = add_radius(r, q->a.h[next3(i)], q->G[prev3(i)][j]);
    r = add_radius(r, q->a.h[prev3(i)], q->G[next3(i)][j]);
    r = add_radius(r, q->b.h[next3(j)], q->H[i][prev3(j)]);
    r = add_radius(r, q->b.h[prev3(j)], q->H[i][next3(j)]);
    ax->kind = EDGES;
    ax->i = i;
    ax->j = j;
    set_overlap(q, &r, ax);
    return 1;
}

/* Candidate k of 15: faces of A, faces of B, then edge pairs (i, j) by i
 * then j. Returns 0 where two edges are parallel. The row and column by
 * comparisons: a / or % is a libgcc call on the Cortex-M0. */
static int axis_candidate(const box_pair *q, int k, axis *ax)
{
    if (k >= 6) {
        int e = k - 6, i = 0;
        if (e >= 3) i = 1;
        if (e >= 6) i = 2;
        return edges(q, i, e - 3 * i, ax);
    }
    face_axis(q, k >= 3, k >= 3 ? k - 3 : k, ax);
    return 1;
}

/* ---- comparing depths o / |n| ----------------------------------------------- */

/* |n|^2 from the components cut to 30 bits: relative error below 2^-27. */
static fxc_approx approx_norm2(const fxc_vec3w *n)
{
    uint64_t ax = fxc_abs_u64(n->x), ay = fxc_abs_u64(n->y), az = fxc_abs_u64(n->z);
    int sh = fxc_bitlen64(ax | ay | az) - 30;
    fxc_approx a;
    if (sh < 0) sh = 0;
    a = fxc_approx_u64(fxc_umull((uint32_t)(ax >> sh), (uint32_t)(ax >> sh)) +
                   fxc_umull((uint32_t)(ay >> sh), (uint32_t)(ay >> sh)) +
                   fxc_umull((uint32_t)(az >> sh), (uint32_t)(az >> sh)));
    a.e += 2 * sh;
    return a;
}

/* o^2 |m|^2 in nine limbs, for 0 < o < 2^85 and |m_k| <= 2^35. */
static void square_times_norm(fxc_i128 o, const fxc_vec3w *m, uint32_t out[9])
{
    fxc_i128 mm = fxc_dot3_i128(m, m);
    uint32_t lo[3], lm[3], sq[6];
    fxc_limbs_of(&o, lo);
    fxc_limbs_of(&mm, lm);
    fxc_limbs_mul(lo, 3, lo, 3, sq);
    fxc_limbs_mul(sq, 6, lm, 3, out);
}

int fxc_ratio_cmp_exact(fxc_i128 o1, const fxc_vec3w *n1, fxc_i128 o2, const fxc_vec3w *n2)
{
    uint32_t l[9], r[9];
    square_times_norm(o1, n2, l);
    square_times_norm(o2, n1, r);
    return fxc_limbs_cmp(l, r, 9);
}

/* Which of o1^2 |n2|^2 (l = oo1 * nn2) and o2^2 |n1|^2 (r) is smaller,
 * from the 31-bit values: -1 or 1 when sure, 0 when within their error
 * (each product of cut values is at most 2^-25 below its exact value). */
static int decide(fxc_approx oo1, fxc_approx nn1, fxc_approx oo2, fxc_approx nn2)
{
    fxc_approx l = fxc_approx_mul(oo1, nn2), r = fxc_approx_mul(oo2, nn1);
    if (fxc_approx_surely_less(l, r)) return -1;
    if (fxc_approx_surely_less(r, l)) return 1;
    return 0;
}

static fxc_approx approx_square(const fxc_i128 *o)
{
    fxc_approx a = fxc_approx_i128(o);
    return fxc_approx_mul(a, a);
}

int fxc_ratio_cmp_filter(fxc_i128 o1, const fxc_vec3w *n1, fxc_i128 o2, const fxc_vec3w *n2)
{
    return decide(approx_square(&o1), approx_norm2(n1), approx_square(&o2), approx_norm2(n2));
}

/* Compares x's depth with y's (both deep_enough): -1, 0 or 1. */
static int depth_cmp(const axis *x, const axis *y)
{
    int c = decide(x->oo, x->nn, y->oo, y->nn);
    FXC_FILTER_RUN(FXC_FILTER_SAT);
    if (c != 0) return c;
    FXC_FILTER_FELL(FXC_FILTER_SAT);
    return fxc_ratio_cmp_exact(x->o, &x->n, y->o, &y->n);
}

/* Is the axis's depth o / |n| surely at least FXC_SAT_MIN_DEPTH raw, that
 * is o^2 >= 2^32 FXC_SAT_MIN_DEPTH^2 |n|^2 (o in 2^-64 units at n's scale,
 * depths in 2^-32)? Sets the axis's cut values on the way. A depth near
 * the limit counts as shallow: either answer is right, and the cut values
 * decide the same on every platform. */
static int deep_enough(axis *ax)
{
    fxc_approx limit;
    if (fxc_i128_sign(ax->o) <= 0) return 0;
    ax->oo = approx_square(&ax->o);
    ax->nn = approx_norm2(&ax->n);
    limit = fxc_approx_mul(ax->nn, fxc_approx_u64((uint64_t)FXC_SAT_MIN_DEPTH * FXC_SAT_MIN_DEPTH));
    limit.e += 32;
    return fxc_approx_surely_less(limit, ax->oo);
}

/* n with its first nonzero component made positive: the same for an axis
 * and its opposite. */
static fxc_vec3w line_of(fxc_vec3w n)
{
    if (n.x < 0 || (n.x == 0 && (n.y < 0 || (n.y == 0 && n.z < 0)))) {
        n.x = -n.x;
        n.y = -n.y;
        n.z = -n.z;
    }
    return n;
}

/* Tie rule between equally deep axes: the smaller line (line_of, x then
 * y then z). It depends on the axes' lines alone, not on which box is A,
 * so that swapping the boxes picks the same axis (a face of A is then a
 * face of B, and the edge axis ca_i x cb_j its opposite). */
static int line_before(const axis *x, const axis *y)
{
    fxc_vec3w a = line_of(x->n), b = line_of(y->n);
    if (a.x != b.x) return a.x < b.x;
    if (a.y != b.y) return a.y < b.y;
    return a.z < b.z;
}

/* The deepest of the 15 axes (by line_before on a tie) into *out; 0 as
 * soon as one is not deep_enough (the boxes are apart or overlap only
 * within rounding of their corners). Out of line: its two candidates do
 * not sit on the stack under the contact points' work. */
FXC_NOINLINE static int deepest_axis(const box_pair *q, axis *out)
{
    axis buf[2], *b = &buf[0], *c = &buf[1];
    int k;
    (void)axis_candidate(q, 0, b);
    if (!deep_enough(b)) return 0;
    for (k = 1; k < 15; k++) {
        int d;
        if (!axis_candidate(q, k, c)) continue;
        if (!deep_enough(c)) return 0;
        d = depth_cmp(c, b);
        if (d < 0 || (d == 0 && line_before(c, b))) {
            axis *t = b;
            b = c;
            c = t;
        }
    }
    *out = *b;
    return 1;
}

/* ---- contact features -------------------------------------------------------- */

/* A box's corner farthest along the axis (for A: along n from A to B) or
 * against it (for B), from the projections v[k] of its columns on that
 * axis: bit k set on the + side of column k (fxc_box_corner's numbering).
 * Returns -1 unless exactly `free` projections are 0: 0 for a vertex, 1
 * for an edge (its column in *zero_k); more means the box meets the axis
 * with a bigger feature. */
static int corner_along(const int64_t v[3], int against, int free, int *zero_k)
{
    int k, bits = 0, zeros = 0;
    for (k = 0; k < 3; k++) {
        if (v[k] == 0) {
            zeros++;
            *zero_k = k;
            continue;
        }
        if ((v[k] > 0) != against) bits |= 1 << k;
    }
    return zeros == free ? bits : -1;
}

/* Projections of each box's columns on the axis, signed as the axis
 * points from A to B. */
static void projections(const box_pair *q, const axis *ax, int64_t va[3], int64_t vb[3])
{
    int k;
    for (k = 0; k < 3; k++) {
        switch (ax->kind) {
        case FACE_A:
            va[k] = k == ax->i ? q->a.det : 0;
            vb[k] = q->G[ax->i][k];
            break;
        case FACE_B:
            va[k] = q->H[k][ax->i];
            vb[k] = k == ax->i ? q->b.det : 0;
            break;
        default:
            va[k] = k == ax->i ? 0 : k == next3(ax->i) ? -q->G[prev3(ax->i)][ax->j] : q->G[next3(ax->i)][ax->j];
            vb[k] = k == ax->j ? 0 : k == next3(ax->j) ? q->H[ax->i][prev3(ax->j)] : -q->H[ax->i][next3(ax->j)];
            break;
        }
        if (ax->flip) {
            va[k] = -va[k];
            vb[k] = -vb[k];
        }
    }
}

/* The contact's core points (pair frame): a corner of one box and the
 * point `depth` along u from it on the other's face, or the closest points
 * of two crossing edges. Returns 0 if the axis met a whole edge or face on
 * either side (cannot happen after pair_of's test). */
FXC_NOINLINE static int axis_contact(fxc_pair *p, const box_pair *q, const axis *ax, const fxc_direction *u,
                                     fix16_t depth, fxc_vec3 *pa, fxc_vec3 *pb)
{
    int64_t va[3], vb[3];
    int za = 0, zb = 0, ka = 0, kb = 0;
    projections(q, ax, va, vb);
    /* the reference face's own box is not asked: its side is a face */
    if (ax->kind != FACE_A) ka = corner_along(va, 0, ax->kind == EDGES, &za);
    if (ax->kind != FACE_B) kb = corner_along(vb, 1, ax->kind == EDGES, &zb);
    if (ka < 0 || kb < 0) {
        FXC_ASSERT(0); /* pair_of turned away every pair with such features */
        return 0;
    }
    if (ax->kind == FACE_A) {
        *pb = fxc_box_corner(&p->b, (unsigned)kb);
        *pa = fxc_v3_add(*pb, fxc_direction_scaled(u, depth));
    } else if (ax->kind == FACE_B) {
        *pa = fxc_box_corner(&p->a, (unsigned)ka);
        *pb = fxc_v3_sub(*pa, fxc_direction_scaled(u, depth));
    } else {
        fxc_vec3 ea[2], eb[2];
        ea[0] = fxc_box_corner(&p->a, (unsigned)ka);
        ea[1] = fxc_box_corner(&p->a, (unsigned)ka | 1u << za);
        eb[0] = fxc_box_corner(&p->b, (unsigned)kb);
        eb[1] = fxc_box_corner(&p->b, (unsigned)kb | 1u << zb);
        fxc_segment_closest(ea, eb, pa, pb);
    }
    return 1;
}

int fxc_box_sat(fxc_pair *p, fxc_epa_result *r)
{
    box_pair q;
    axis best;
    fxc_vec3w line;
    fxc_vec3 d;
    fxc_direction u;
    int toward;
    fxc_svert s;
    int64_t h;
    if (!pair_of(p, &q) || !deepest_axis(&q, &best)) return 0;
    /* The line fitted, then turned from A to B: the swapped pair, whose
     * edge axes are the opposites, gets the exact opposite direction (the
     * fit rounds down, so fitting -n would not). */
    line = line_of(best.n);
    toward = line.x == best.n.x && line.y == best.n.y && line.z == best.n.z ? !best.flip : best.flip;
    (void)fxc_dir_fit(&line, &d); /* a candidate axis is never zero */
    u = fxc_direction_of(toward ? d : fxc_v3_neg(d));
    /* the corners' height along u: every support point is a corner */
    fxc_pair_support(p, u.d, &s);
    h = fxc_v3_dot_wide(u.d, s.w);
    r->depth = (fix16_t)fxc_mul_rsqrt(h > 0 ? h : 0, u.t, u.e);
    if (!axis_contact(p, &q, &best, &u, r->depth, &r->point_a, &r->point_b)) return 0;
    r->low = r->depth;
    r->dir = u.d;
    r->t = u.t;
    r->e = u.e;
    r->iterations = 0;
    return 1;
}
