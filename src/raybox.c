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
 * ratio of exact integers, cut to 31 bits once for the filter of
 * fxc_product_cmp, and every comparison of two of them is exact (the
 * filter, else the 192-bit products). The fraction is the exact floor of
 * the entry at 2^-32 (q32_of). The distance of o inside slab k to its
 * nearer face is (R_k - |A_k|) / (2^16 |f_k|) raw, compared with
 * FXC_TOUCH_TOL exactly as squares.
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
#include "query.h"
#include "sat.h"

/* t = n / d with d > 0, with the sign of n and, for n != 0, |n| and d
 * cut to 31 bits once (approx.h), for the filter of every comparison. */
typedef struct {
    fxc_i128 n, d;
    fxc_approx an, ad;
    int sn;
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

/* *t = n / d, its filter values made (in place: a ratio is 56 bytes, a
 * struct copy of it a memcpy call on the M0). */
static void set_ratio(ratio *t, fxc_i128 n, const fxc_i128 *d, fxc_approx ad)
{
    t->n = n;
    t->d = *d;
    t->ad = ad;
    t->sn = fxc_i128_sign(n);
    t->an = ad; /* unused for n = 0 */
    if (t->sn != 0) {
        fxc_i128 m = i128_abs(n);
        t->an = fxc_approx_i128(&m);
    }
}

/* x < y, exactly: by signs first, then |n_x| d_y against |n_y| d_x, from
 * the cut values when they are sure (fxc_product_cmp's filter, on values
 * cut once per ratio), else in 192 bits. */
static int ratio_less(const ratio *x, const ratio *y)
{
    int c;
    if (x->sn != y->sn) return x->sn < y->sn;
    if (x->sn == 0) return 0;
    {
        fxc_approx p = fxc_approx_mul(x->an, y->ad), q = fxc_approx_mul(y->an, x->ad);
        if (fxc_approx_surely_less(p, q)) c = -1;
        else if (fxc_approx_surely_less(q, p)) c = 1;
        else {
            fxc_i128 ax = i128_abs(x->n), ay = i128_abs(y->n);
            c = fxc_product_cmp_exact(&ax, &y->d, &ay, &x->d);
        }
    }
    /* both negative: the larger magnitude is the smaller */
    return x->sn > 0 ? c < 0 : c > 0;
}

/* Is the ratio above 1 (n > d)? Below 1? */
static int above_one(const ratio *t)
{
    return fxc_i128_sign(fxc_i128_sub(t->n, t->d)) > 0;
}

static int below_one(const ratio *t)
{
    return fxc_i128_sign(fxc_i128_sub(t->n, t->d)) < 0;
}

/* The slab's entry and exit; 0 when the ray runs parallel to it (B = 0). */
static int crossings(const slab *s, ratio *in, ratio *out)
{
    int sb = fxc_i128_sign(s->b);
    fxc_i128 d = i128_abs(s->b), a = s->a;
    fxc_approx ad;
    if (sb == 0) return 0;
    ad = fxc_approx_i128(&d);
    /* B > 0: from A + tB = -R to +R, at (-A -+ R) / B; B < 0: from +R to
     * -R, at (A -+ R) / |B| */
    if (sb > 0) a = fxc_i128_neg(a);
    set_ratio(in, fxc_i128_sub(a, s->r), &d, ad);
    set_ratio(out, fxc_i128_add(a, s->r), &d, ad);
    return 1;
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
 * raises q by at most 5 steps. */
static int64_t q32_of(const ratio *t)
{
    fxc_i128 n32 = t->n, d32 = t->d, r;
    int sh = fxc_i128_bits(t->d) - 32;
    uint64_t q;
    if (!below_one(t)) return (int64_t)1 << 32;
    if (sh > 0) {
        n32 = fxc_i128_shr(t->n, sh);
        d32 = fxc_i128_shr(t->d, sh);
        d32.lo++;
    }
    q = (n32.lo << 32) / d32.lo;
    r.lo = t->n.lo << 32;
    r.hi = t->n.hi << 32 | t->n.lo >> 32;
    r = fxc_i128_sub(r, mul_u32(t->d, (uint32_t)q));
    while (fxc_i128_sign(fxc_i128_sub(r, t->d)) >= 0) {
        r = fxc_i128_sub(r, t->d);
        q++;
    }
    return (int64_t)q;
}

/* Unit outward normal of face k's side `sign` (+1: where l_k = h_k). */
static fxc_vec3 slab_normal(const fxc_box_frame *f, int k, int sign)
{
    fxc_vec3w n = f->f[k];
    fxc_vec3 d;
    fxc_direction u;
    if ((f->det < 0) != (sign < 0)) {
        n.x = -n.x;
        n.y = -n.y;
        n.z = -n.z;
    }
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
    fxc_i128 ff;
    fxc_i128 tol;
    /* FXC_TOUCH_TOL 2^16 |f_k| < 2^62 (|f_k| < 2^36, the tolerance below
     * 2^10): a wider gap is not near, and most are wider */
    if (gap.hi != 0 || gap.lo >> 62) return 0;
    ff = fxc_i128_add(fxc_i128_add(fxc_i128_mul64(f->f[k].x, f->f[k].x), fxc_i128_mul64(f->f[k].y, f->f[k].y)),
                      fxc_i128_mul64(f->f[k].z, f->f[k].z));
    tol = fxc_i128_mul64((int64_t)FXC_TOUCH_TOL << 16, (int64_t)FXC_TOUCH_TOL << 16);
    return fxc_product_cmp(&gap, &gap, &tol, &ff) <= 0;
}

/* The ray starts in the box grown by FXC_TOUCH_TOL: inside it beyond
 * that (FXC_INSIDE), or on its surface, where the first face (x, y, z)
 * within the band and the exact sign of v along its outward normal decide
 * as for any cast: moving in, a hit at 0; out, touching; along it,
 * grazing (touching without motion). */
static int from_surface(const fxc_box_frame *f, const slab *sl, fxc_vec3 v, fxc_ray_hit *hit)
{
    int k;
    for (k = 0; k < 3; k++) {
        int side, closing;
        if (!near_face(f, &sl[k], k)) continue;
        side = sign_side(sl[k].a);
        closing = fxc_i128_sign(sl[k].b) * side; /* the sign of v . outward normal */
        hit->normal = slab_normal(f, k, side);
        if (closing < 0) return FXC_HIT;
        if (closing > 0 || (v.x == 0 && v.y == 0 && v.z == 0)) return FXC_TOUCHING;
        return FXC_GRAZING;
    }
    return FXC_INSIDE;
}

/* The ray's answer from the slabs: from the surface (from_surface), a
 * miss, or the first contact at the largest entry, through that slab's
 * face (the first slab on a tie), or grazing along the face of a slab the
 * ray runs in (parallel to it, on its plane). Out of line: its slabs and
 * ratios with the box frame in one frame were over the M0's frame limit. */
FXC_NOINLINE static int slab_answer(const fxc_box_frame *f, const fxc_pair *p, fxc_vec3 v, fxc_ray_hit *hit)
{
    /* the entry starts at 0 (sign 0: below every positive entry); the
     * exit at 1, until a slab's is below it */
    static const ratio zero = { { 0, 0 }, { 1, 0 }, { 0, 0 }, { 0, 0 }, 0 };
    slab sl[3];
    ratio in[3], out[3];
    const ratio *enter = &zero, *leave = NULL;
    fxc_vec3 o = fxc_v3_sub(p->b.offset, p->a.offset);
    int k, at = -1, in_band = 1, in_face = -1, s;
    s = sign_side(fxc_i128_from64(f->det));
    for (k = 0; k < 3; k++) {
        sl[k].a = fxc_dot_axis(o, &f->f[k]);
        sl[k].b = fxc_dot_axis(v, &f->f[k]);
        if (s < 0) {
            sl[k].a = fxc_i128_neg(sl[k].a);
            sl[k].b = fxc_i128_neg(sl[k].b);
        }
        sl[k].r = fxc_i128_mul64((int64_t)f->h[k], s < 0 ? -f->det : f->det);
        if (in_band && fxc_i128_sign(fxc_i128_sub(i128_abs(sl[k].a), sl[k].r)) > 0 && !near_face(f, &sl[k], k))
            in_band = 0;
    }
    if (in_band) {
        hit->point = fxc_pair_to_world(p, p->b.offset);
        return from_surface(f, sl, v, hit);
    }
    for (k = 0; k < 3; k++) {
        if (!crossings(&sl[k], &in[k], &out[k])) {
            /* parallel: outside the slab all along (a miss), or within it,
             * on its face all along when |A| = R (grazing if it hits) */
            int c = fxc_i128_sign(fxc_i128_sub(i128_abs(sl[k].a), sl[k].r));
            if (c > 0) return FXC_SEPARATED;
            if (c == 0 && in_face < 0) in_face = k;
            continue;
        }
        if (ratio_less(enter, &in[k])) {
            enter = &in[k];
            at = k;
        }
        if (leave != NULL ? ratio_less(&out[k], leave) : below_one(&out[k])) leave = &out[k];
    }
    /* the origin is outside the grown box, so some slab's entry is after 0 */
    if (at < 0 || (leave != NULL ? ratio_less(leave, enter) : above_one(enter))) return FXC_SEPARATED;
    {
        int64_t t = q32_of(enter);
        int k2 = in_face >= 0 ? in_face : at;
        /* grazing: the side of the face the ray runs in; entering: the
         * face it crosses, against B's sign */
        int side = in_face >= 0 ? sign_side(sl[k2].a) : -sign_side(sl[k2].b);
        fxc_vec3 pt = fxc_v3(p->b.offset.x + (fix16_t)((t * v.x) >> 32), p->b.offset.y + (fix16_t)((t * v.y) >> 32),
                             p->b.offset.z + (fix16_t)((t * v.z) >> 32));
        hit->fraction = (fix16_t)(t >> 16);
        hit->point = fxc_pair_to_world(p, pt);
        hit->normal = slab_normal(f, k2, side);
        return in_face >= 0 ? FXC_GRAZING : FXC_HIT;
    }
}

int fxc_ray_box(const fxc_pair *p, fxc_vec3 v, fxc_ray_hit *hit, int *status)
{
    fxc_box_frame f;
    fxc_box_frame_of(&p->a, &f);
    if (f.det == 0) return 0;
    *status = slab_answer(&f, p, v, hit);
    return 1;
}
