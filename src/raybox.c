/* Ray against a box without margin: its three slabs, exactly, in place of
 * conservative advancement.
 *
 * The box is c + sum_k l_k c_k / 2^16 with |l_k| <= h_k (fxc_box_frame).
 * With f_k = c_{k+1} x c_{k+2} and det = c_k . f_k, a point P has
 * l_k |det| = 2^16 (P - c) . f_k sgn(det). Along the ray P(t) = o + t v,
 * t in [0, 1], slab k holds the t where |A_k + t B_k| <= R_k, with
 * A_k = 2^16 (o - c) . f_k sgn(det), B_k = 2^16 v . f_k sgn(det) and
 * R_k = h_k |det|. The ray meets the box from the largest entry of the
 * slabs (and 0) to their smallest exit (and 1); each entry and exit is a
 * ratio of exact integers, cut to 31 bits the first time it is compared
 * (the filter of fxc_product_cmp), and every comparison of two of them
 * is exact (the filter, else the 192-bit products). The fraction is the
 * exact floor of the entry at 2^-32 (q32_of). The distance of o inside
 * slab k to its nearer face is (R_k - |A_k|) / (2^16 |f_k|) raw, compared
 * with FXC_TOUCH_TOL exactly as squares.
 *
 * Budget: o - c below 2^29 and v below 2^30 per component (both ends of
 * the ray within range), f_k below 2^35 (fxc_dot_axis): A_k below 2^82,
 * B_k below 2^83, R_k below 2^82 (h < 2^28, det < 2^54); entries and
 * exits are n / d with |n| < 2^83 and 0 < d < 2^83, below fxc_product_cmp's
 * 2^96.
 *
 * The answer is the exact box's, not its rounded corners': the first
 * contact exactly (the fraction rounded down to Q16.16), a miss whenever
 * the ray passes the box, however near. */
#include "raybox.h"
#include "approx.h"
#include "cast.h"
#include "sat.h"

/* A slab's |B_k|, the denominator of its entry and exit, and once one
 * of them is compared its value cut to 31 bits (approx.h). */
typedef struct {
    fxc_i128 v;
    fxc_approx a;
    int cut;
} den;

/* t = n / d with d > 0 and the sign of n; once compared, |n| (n != 0)
 * cut to 31 bits too, for the filter of every comparison after. Most
 * rays settle with few comparisons: the cuts wait for them. */
typedef struct {
    fxc_i128 n;
    den *d;
    fxc_approx an;
    int sn;
    int cut; /* an made */
} ratio;

typedef struct {
    fxc_i128 a, b, r; /* A_k, B_k, R_k */
} slab;

static fxc_i128 i128_abs(fxc_i128 v)
{
    return fxc_i128_sign(v) < 0 ? fxc_i128_neg(v) : v;
}

/* -1 for a negative v, else 1. */
static int sign_side(fxc_i128 v)
{
    int s = 1;
    if (fxc_i128_sign(v) < 0) s = -1;
    return s;
}

/* *t = n / d, not yet cut (in place: a struct copy is a memcpy call on
 * the M0). */
static void set_ratio(ratio *t, fxc_i128 n, den *d)
{
    t->n = n;
    t->d = d;
    t->sn = fxc_i128_sign(n);
    t->cut = 0;
}

/* Makes t's cut values, its denominator's once for both of the slab's
 * ratios. */
static void cut(ratio *t)
{
    fxc_i128 m;
    if (t->cut) return;
    t->cut = 1;
    if (!t->d->cut) {
        t->d->cut = 1;
        t->d->a = fxc_approx_i128(&t->d->v);
    }
    if (t->sn == 0) return; /* an unused */
    m.lo = t->n.lo;
    m.hi = t->n.hi;
    if (t->sn < 0) m = fxc_i128_neg(m);
    t->an = fxc_approx_i128(&m);
}

/* x < y, exactly: by signs first, then |n_x| d_y against |n_y| d_x, from
 * the cut values when they are sure (fxc_product_cmp's filter), else in
 * 192 bits. */
static int ratio_less(ratio *x, ratio *y)
{
    int c;
    if (x->sn != y->sn) return x->sn < y->sn;
    if (x->sn == 0) return 0;
    cut(x);
    cut(y);
    {
        fxc_approx p = fxc_approx_mul(x->an, y->d->a), q = fxc_approx_mul(y->an, x->d->a);
        if (fxc_approx_surely_less(p, q)) c = -1;
        else if (fxc_approx_surely_less(q, p)) c = 1;
        else {
            fxc_i128 ax = i128_abs(x->n), ay = i128_abs(y->n);
            c = fxc_product_cmp_exact(&ax, &y->d->v, &ay, &x->d->v);
        }
    }
    /* both negative: the larger magnitude is the smaller */
    return x->sn > 0 ? c < 0 : c > 0;
}

/* The sign of t - 1, that is of n - d. */
static int against_one(const ratio *t)
{
    return fxc_i128_cmp(&t->n, &t->d->v);
}

/* The sign of |A_k| - R_k: the origin beyond slab k's faces (1), on
 * one (0) or between them (-1). */
static int beyond(const slab *s)
{
    fxc_i128 m = i128_abs(s->a);
    return fxc_i128_cmp(&m, &s->r);
}

/* a q for a >= 0 below 2^96 and q < 2^32: three 32 x 32 products. */
static fxc_i128 mul_u32(fxc_i128 a, uint32_t q)
{
    uint64_t p0 = fxc_umull((uint32_t)a.lo, q), p1 = fxc_umull((uint32_t)(a.lo >> 32), q);
    fxc_i128 r;
    r.lo = p0 + (p1 << 32);
    r.hi = (p1 >> 32) + (r.lo < p0) + fxc_umull((uint32_t)a.hi, q);
    return r;
}

/* floor(t 2^32) for 0 <= n <= d < 2^84. A first quotient from d's top 32
 * bits: for d below 2^32, d itself, and the quotient is exact. Else d and
 * n are shifted by sh: d32 <= D = d / 2^sh < d32 + 1 with D >= 2^31, and
 * n32 <= N = n / 2^sh < n32 + 1, so n32 2^32 / (d32 + 1) is below
 * N 2^32 / D, and by less than N 2^32 / (D (D + 1)) + 2^32 / (D + 1) + 1
 * <= 5 (N <= D). The exact remainder n 2^32 - q d (below 6 d < 2^87) then
 * raises q by at most 5 steps. The first quotient is a 32-bit fraction
 * (n32 < d32 <= 2^32: fxc_div_shl32, with no 64-bit division below
 * d32 = 2^32). */
static int64_t q32_of(const ratio *t)
{
    const fxc_i128 *d = &t->d->v;
    fxc_i128 n32 = t->n, d32 = *d, r;
    int sh = fxc_i128_bits(*d) - 32;
    uint64_t q;
    if (against_one(t) >= 0) return (int64_t)1 << 32;
    if (sh > 0) {
        n32 = fxc_i128_shr(t->n, sh);
        d32 = fxc_i128_shr(*d, sh);
        d32.lo++;
    }
    q = fxc_div_shl32(n32.lo, d32.lo);
    r.lo = t->n.lo << 32;
    r.hi = t->n.hi << 32 | t->n.lo >> 32;
    r = fxc_i128_sub(r, mul_u32(*d, (uint32_t)q));
    while (fxc_i128_cmp(&r, d) >= 0) {
        r = fxc_i128_sub(r, *d);
        q++;
    }
    return (int64_t)q;
}

/* Unit outward normal of face k's side `sign` (+1: where l_k = h_k). */
static fxc_vec3 slab_normal(const fxc_box_frame *f, int k, int sign)
{
    const fxc_vec3w *m = &f->f[k];
    fxc_vec3w n;
    fxc_vec3 d;
    fxc_direction u;
    int flip = (f->det < 0) != (sign < 0);
    n.x = flip ? -m->x : m->x;
    n.y = flip ? -m->y : m->y;
    n.z = flip ? -m->z : m->z;
    (void)fxc_dir_fit(&n, &d); /* f_k is not zero: det is not */
    u = fxc_direction_of(d);
    return fxc_direction_scaled(&u, FXC_ONE);
}

typedef char fxc_check_touch_tol[FXC_TOUCH_TOL < 1024 ? 1 : -1]; /* near_face's quick test */

/* Is o within FXC_TOUCH_TOL of slab k's nearer face, on either side of
 * it: (R - |A|)^2 <= FXC_TOUCH_TOL^2 2^32 |f_k|^2? */
static int near_face(const fxc_box_frame *f, const slab *s, int k)
{
    fxc_i128 gap = i128_abs(fxc_i128_sub(s->r, i128_abs(s->a)));
    const fxc_vec3w *n = &f->f[k];
    fxc_i128 ff;
    fxc_i128 tol;
    uint64_t l1;
    /* |f_k| <= |f_k|_1 < 3 2^35 and FXC_TOUCH_TOL < 2^10: a gap beyond
     * FXC_TOUCH_TOL 2^16 |f_k|_1 (below 2^62.6) is not near, and most are
     * beyond that */
    if (gap.hi != 0) return 0;
    l1 = fxc_abs_u64(n->x) + fxc_abs_u64(n->y) + fxc_abs_u64(n->z);
    if (gap.lo > ((uint64_t)FXC_TOUCH_TOL << 16) * l1) return 0;
    ff = fxc_dot3_i128(n, n);
    tol = fxc_i128_mul64((int64_t)FXC_TOUCH_TOL << 16, (int64_t)FXC_TOUCH_TOL << 16);
    return fxc_product_cmp(&gap, &gap, &tol, &ff) <= 0;
}

/* The ray starts in the box grown by FXC_TOUCH_TOL: inside it beyond
 * that (FXC_INSIDE), or on its surface: on every face within the band
 * (an edge or a corner puts it on two or three), the exact sign of v
 * along the outward normal decides as for any cast. Leaving by any of
 * them, touching (also without motion); running along one and entering
 * by none, grazing; entering by all, a hit at 0. The normal is that of
 * the first face (x, y, z) that decides: the one it leaves or runs
 * along, or for a hit the first it lies beyond, else the first in the
 * band. */
static int from_surface(const fxc_box_frame *f, const slab *sl, fxc_vec3 v, fxc_ray_hit *hit)
{
    int k, leave = -1, along = -1, enter = -1;
    for (k = 0; k < 3; k++) {
        int closing;
        if (!near_face(f, &sl[k], k)) continue;
        closing = fxc_i128_sign(sl[k].b) * sign_side(sl[k].a); /* the sign of v . outward normal */
        if (closing > 0 && leave < 0) leave = k;
        if (closing == 0 && along < 0) along = k;
        if (closing < 0 && (enter < 0 || (beyond(&sl[k]) > 0 && beyond(&sl[enter]) <= 0))) enter = k;
    }
    k = leave >= 0 ? leave : along >= 0 ? along : enter;
    if (k < 0) return FXC_INSIDE;
    hit->normal = slab_normal(f, k, sign_side(sl[k].a));
    if (leave >= 0 || (v.x == 0 && v.y == 0 && v.z == 0)) return FXC_TOUCHING;
    return along >= 0 ? FXC_GRAZING : FXC_HIT;
}

/* The answer of a ray from outside the grown box: a miss, or the first
 * contact at the largest entry, through that slab's face (the first slab
 * on a tie), or grazing along the face of a slab the ray runs in
 * (parallel to it, on its plane). A slab the ray leaves before its start
 * or reaches after its end is a miss at once; the others' entries and
 * exits are compared as they come. Out of line: its ratios with the box
 * frame in one frame were over the M0's frame limit. */
FXC_NOINLINE static int slab_answer(const fxc_box_frame *f, const slab *sl, fxc_vec3 origin, fxc_vec3 v,
                                    fxc_ray_hit *hit)
{
    den d[3];
    ratio in[3], out[3];
    int k, at = -1, leave = -1, in_face = -1;
    for (k = 0; k < 3; k++) {
        int sb = fxc_i128_sign(sl[k].b);
        fxc_i128 a = sl[k].a;
        if (sb == 0) {
            /* parallel: outside the slab all along (a miss), or within it,
             * on its face all along when |A| = R (grazing if it hits) */
            int c = beyond(&sl[k]);
            if (c > 0) return FXC_SEPARATED;
            if (c == 0 && in_face < 0) in_face = k;
            continue;
        }
        /* B > 0: from A + tB = -R to +R, at (-A -+ R) / B; B < 0: from +R
         * to -R, at (A -+ R) / |B| */
        d[k].v.lo = sl[k].b.lo; /* by field: a struct copy is a memcpy call on the M0 */
        d[k].v.hi = sl[k].b.hi;
        d[k].cut = 0;
        if (sb > 0) a = fxc_i128_neg(a);
        else d[k].v = fxc_i128_neg(d[k].v);
        set_ratio(&out[k], fxc_i128_add(a, sl[k].r), &d[k]);
        if (out[k].sn < 0) return FXC_SEPARATED;
        set_ratio(&in[k], fxc_i128_sub(a, sl[k].r), &d[k]);
        if (against_one(&in[k]) > 0) return FXC_SEPARATED;
        if (in[k].sn > 0 && (at < 0 || ratio_less(&in[at], &in[k]))) at = k;
        if (against_one(&out[k]) < 0 && (leave < 0 || ratio_less(&out[k], &out[leave]))) leave = k;
    }
    /* the origin is outside the grown box, so some slab's entry is after 0 */
    if (at < 0 || (leave >= 0 && ratio_less(&out[leave], &in[at]))) return FXC_SEPARATED;
    {
        int64_t t = q32_of(&in[at]);
        int k2 = in_face >= 0 ? in_face : at;
        /* grazing: the side of the face the ray runs in; entering: the
         * face it crosses, against B's sign */
        int side = in_face >= 0 ? sign_side(sl[k2].a) : -sign_side(sl[k2].b);
        hit->fraction = (fix16_t)(t >> 16);
        hit->point = fxc_cast_placed(origin, v, t);
        hit->normal = slab_normal(f, k2, side);
        return in_face >= 0 ? FXC_GRAZING : FXC_HIT;
    }
}

int fxc_ray_box(const fxc_shape *s, const fxc_transform *t, fxc_vec3 origin, fxc_vec3 v, fxc_ray_hit *hit,
                int *status)
{
    fxc_box_frame f;
    slab sl[3];
    fxc_vec3 o;
    fxc_i128 det;
    int k, in_band = 1, neg;
    *status = fxc_point_path_check(s, t, origin, fxc_v3_add(origin, v));
    if (*status != FXC_OK) return 1;
    fxc_box_frame_of(s, &t->rot, &f);
    if (f.det == 0) return 0;
    o = fxc_v3_sub(origin, t->pos); /* below 2^29: fxc_point_path_check */
    neg = f.det < 0;
    det = fxc_i128_from64(neg ? -f.det : f.det);
    for (k = 0; k < 3; k++) {
        sl[k].a = fxc_dot_axis(o, &f.f[k]);
        sl[k].b = fxc_dot_axis(v, &f.f[k]);
        if (neg) {
            sl[k].a = fxc_i128_neg(sl[k].a);
            sl[k].b = fxc_i128_neg(sl[k].b);
        }
        sl[k].r = mul_u32(det, f.h[k]);
        if (in_band && beyond(&sl[k]) > 0 && !near_face(&f, &sl[k], k))
            in_band = 0;
    }
    if (in_band) {
        hit->point = origin;
        *status = from_surface(&f, sl, v, hit);
    } else {
        *status = slab_answer(&f, sl, origin, v, hit);
    }
    return 1;
}
