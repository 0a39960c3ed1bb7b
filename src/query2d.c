/* The 2D queries: intersect, distance and collide, on GJK (gjk2d.c) and EPA
 * (epa2d.c): the witness points of their exact features, the answer about
 * the cores that the manifold and the ray cast share, and the exact
 * touching decision. */
#include <stddef.h>
#include "geom2d.h"
#include "fxc_bits.h"
#include "wide.h"

void fxc2_edge_witness(const fxc2_pair *p, const fxc2_mpoint *s0, const fxc2_mpoint *s1,
                       fxc2_vec *pa, fxc2_vec *pb)
{
    fxc2_vec e = fxc2_sub(s1->w, s0->w);
    int64_t den = fxc2_dot(e, e), num = -fxc2_dot(s0->w, e);
    uint32_t t;
    if (num < 0) num = 0;
    if (num > den) num = den;
    if (den == 0) {
        *pa = p->a.v[s0->ia];
        *pb = p->b.v[s0->ib];
        return;
    }
    t = fxc2_ratio31((uint64_t)num, (uint64_t)den);
    *pa = fxc2_lerp31(p->a.v[s0->ia], p->a.v[s1->ia], t);
    *pb = fxc2_lerp31(p->b.v[s0->ib], p->b.v[s1->ib], t);
}

/* round(n / d), halves away from zero, for 0 < d < 2^63 and |n| <= d
 * 2^30: the quotient's magnitude by 31 steps of long division (exact),
 * then the remainder r < d against d - r. */
static int32_t div_round(fxc_i128 n, uint64_t d)
{
    int neg = fxc_i128_sign(n) < 0, i;
    uint32_t q = 0;
    if (neg) n = fxc_i128_neg(n);
    for (i = 30; i >= 0; i--) {
        fxc_i128 t; /* d 2^i, below 2^93 */
        t.lo = d << i;
        t.hi = i == 0 ? 0 : d >> (64 - i);
        if (fxc_i128_cmp(&n, &t) >= 0) {
            n = fxc_i128_sub(n, t);
            q |= 1u << i;
        }
    }
    if (n.lo >= d - n.lo) q++;
    return neg ? -(int32_t)q : (int32_t)q;
}

/* A point in both cores when GJK's simplex holds the origin: the simplex's
 * A points weighted by the origin's barycentric coordinates (the B points
 * with the same weights make the same point), rounded once to the nearest
 * raw unit per coordinate. The weights are the triangle's sub-areas c_k
 * (cross products, >= 0, < 2^60, their sum S < 2^62), so the point is
 * a0 + (c1 (a1 - a0) + c2 (a2 - a0)) / S: A's vertices less than 2^29
 * apart, the numerator below 2^90 in 128 bits, the quotient a convex
 * combination of the differences. */
static fxc2_vec common_point(const fxc2_pair *p, const fxc2_gjk *g)
{
    fxc2_vec a0 = p->a.v[g->s[0].ia], pa, pb, e1, e2;
    int64_t c0, c1, c2;
    uint64_t sum;
    if (g->k == 1) return a0;
    if (g->k == 2) {
        fxc2_edge_witness(p, &g->s[0], &g->s[1], &pa, &pb);
        return pa;
    }
    c0 = fxc2_cross(g->s[1].w, g->s[2].w);
    c1 = fxc2_cross(g->s[2].w, g->s[0].w);
    c2 = fxc2_cross(g->s[0].w, g->s[1].w);
    if (c0 + c1 + c2 < 0) { /* clockwise: the same weights, negated */
        c0 = -c0;
        c1 = -c1;
        c2 = -c2;
    }
    sum = (uint64_t)(c0 + c1 + c2);
    if (sum == 0) return a0; /* a flat simplex: GJK ends on an edge before */
    e1 = fxc2_sub(p->a.v[g->s[1].ia], a0);
    e2 = fxc2_sub(p->a.v[g->s[2].ia], a0);
    pa.x = a0.x + div_round(fxc_i128_add(fxc_i128_mul64(c1, e1.x), fxc_i128_mul64(c2, e2.x)), sum);
    pa.y = a0.y + div_round(fxc_i128_add(fxc_i128_mul64(c1, e1.y), fxc_i128_mul64(c2, e2.y)), sum);
    return pa;
}

/* ---- The core answer, shared by the queries ------------------------------ */

/* The gap of cores GJK found apart: the height of its feature over d, the
 * direction to the origin (a vertex p: d = -p, height p . p; an edge: d
 * is the edge turned a quarter, height the cross product). */
static void apart_answer(fxc2_answer *c)
{
    const fxc2_gjk *g = &c->gjk;
    int64_t h = -fxc2_dot(g->s[0].w, g->d);
    c->dir = g->d;
    fxc2_dir_set(&c->dn, g->d);
    c->core_gap = fxc2_dir_height(&c->dn, h);
}

/* The depth of overlapping cores from their nearest edge of A - B (EPA's
 * or the edge normals'): minus its height over its normal's length. */
static void edge_answer(fxc2_answer *c)
{
    c->epa_ran = 1;
    c->dir.x = c->epa.n.x; /* by field: a struct copy here was a memcpy call on the M0 */
    c->dir.y = c->epa.n.y;
    fxc2_dir_set(&c->dn, c->epa.n);
    c->core_gap = -fxc2_dir_height(&c->dn, c->epa.h);
}

static void epa_answer(fxc2_answer *c)
{
    fxc2_epa_run(&c->pair, &c->gjk, &c->epa);
    edge_answer(c);
}

void fxc2_core_points(const fxc2_answer *c, fxc2_vec *pa, fxc2_vec *pb)
{
    const fxc2_mpoint *s = c->epa_ran ? c->epa.p : c->gjk.s;
    if (c->epa_ran || c->gjk.k == 2) {
        fxc2_edge_witness(&c->pair, &s[0], &s[1], pa, pb);
    } else {
        *pa = c->pair.a.v[s[0].ia];
        *pb = c->pair.b.v[s[0].ib];
    }
}

void fxc2_solve(fxc2_answer *c, int with_epa)
{
    c->margins = c->pair.a.margin + c->pair.b.margin;
    c->dir = fxc2_v(0, 0);
    c->core_gap = 0;
    c->epa.iterations = 0;
    c->epa.status = FXC_OK;
    c->epa_ran = 0;
    fxc2_gjk_run(&c->pair, &c->gjk, -1);
    if (!c->gjk.enclosed) {
        apart_answer(c);
    } else if (with_epa) {
        epa_answer(c);
    } else {
        /* overlapping cores, EPA left to the caller */
    }
}

void fxc2_solve_contact(fxc2_answer *c)
{
    if (FXC2_POLYGON_SAT && fxc2_sat_run(&c->pair, &c->epa)) {
        /* as GJK would end, enclosing the origin, with no simplex kept
         * (fxc2_core_points then reads the edge) */
        c->margins = c->pair.a.margin + c->pair.b.margin;
        c->gjk.enclosed = 1;
        c->gjk.k = 0;
        c->gjk.iterations = 0;
        c->gjk.capped = 0;
        edge_answer(c);
        return;
    }
    fxc2_solve(c, 1);
}

/* The status of the surfaces (margins included), exact. Cores apart: the
 * gap is the core distance less the margins, touching for |gap| <=
 * FXC_TOUCH_TOL (fxc2_gjk_within, fxc2_gjk_below). Cores overlapping
 * (EPA has run): touching only when EPA's depth plus the margins is
 * within the band. */
static int surface_status(const fxc2_answer *c)
{
    int32_t m = c->margins;
    if (!c->gjk.enclosed) {
        if (!fxc2_gjk_within(&c->gjk, m + FXC_TOUCH_TOL)) return FXC_SEPARATED;
        return fxc2_gjk_below(&c->gjk, m - FXC_TOUCH_TOL) ? FXC_PENETRATING : FXC_TOUCHING;
    }
    if (m <= FXC_TOUCH_TOL && fxc_height_within(c->epa.h, fxc2_dot(c->epa.n, c->epa.n), FXC_TOUCH_TOL - m)) {
        return FXC_TOUCHING;
    }
    return FXC_PENETRATING;
}

/* The surface points (world): the core points moved out by their margins
 * along the direction from A to B (GJK's or EPA's: never zero here). */
static void surface_points(const fxc2_answer *c, fxc2_vec *pa, fxc2_vec *pb)
{
    fxc2_vec qa, qb;
    fxc2_core_points(c, &qa, &qb);
    *pa = fxc2_to_world(&c->pair, fxc2_dir_offset(&c->dn, qa, c->pair.a.margin));
    *pb = fxc2_to_world(&c->pair, fxc2_dir_offset(&c->dn, qb, -c->pair.b.margin));
}

int fxc2_contact_of(fxc2_answer *c, fxc2_contact *out)
{
    int st;
    int32_t gap;
    if (c->gjk.enclosed && !c->epa_ran) epa_answer(c);
    st = surface_status(c);
    gap = c->core_gap - c->margins;
    /* written in place, every field: a result built aside and copied out
     * costs a memset and a memcpy call on the Cortex-M0 */
    out->normal = c->dir.x == 0 && c->dir.y == 0 ? c->dir : fxc2_dir_unit(&c->dn);
    surface_points(c, &out->point_a, &out->point_b);
    out->distance = gap > 0 && st != FXC_PENETRATING ? gap : 0;
    out->depth = gap < 0 && st != FXC_SEPARATED ? -gap : 0;
    out->gjk_iterations = c->gjk.iterations;
    out->epa_iterations = c->epa.iterations;
    if (c->epa.status != FXC_OK) st = c->epa.status;
    if (c->gjk.capped) st = FXC_ERR_NO_CONVERGENCE;
    return st;
}

/* ---- Public queries -------------------------------------------------------- */

int fxc2_intersect(const fxc2_shape *a, const fxc2_transform *ta,
                   const fxc2_shape *b, const fxc2_transform *tb)
{
    fxc2_pair p;
    fxc2_gjk g;
    int32_t bound;
    int st = fxc2_pair_init(&p, a, ta, b, tb);
    if (st != FXC_OK) return st;
    bound = p.a.margin + p.b.margin + FXC_TOUCH_TOL;
    if (FXC2_POLYGON_SAT && p.a.box && p.b.box) { /* two boxes: their four axes first */
        int apart = fxc2_sat_boxes_apart(&p, bound);
        if (apart >= 0) return apart ? FXC_SEPARATED : FXC_OVERLAPPING;
    }
    if (fxc2_gjk_run(&p, &g, bound)) return FXC_SEPARATED;
    if (g.capped) return FXC_ERR_NO_CONVERGENCE;
    return fxc2_gjk_within(&g, bound) ? FXC_OVERLAPPING : FXC_SEPARATED;
}

int fxc2_distance(const fxc2_shape *a, const fxc2_transform *ta,
                  const fxc2_shape *b, const fxc2_transform *tb, fxc2_distance_result *out)
{
    fxc2_answer c;
    fxc2_distance_result r = { 0, { 0, 0 }, { 0, 0 }, { 0, 0 }, 0 };
    int st;
    if (out == NULL) return FXC_ERR_NULL;
    st = fxc2_pair_init(&c.pair, a, ta, b, tb);
    if (st == FXC_OK) {
        /* EPA only for overlapping cores within the band, to tell
         * touching from overlapping; deeper margins already overlap. */
        fxc2_solve(&c, c.pair.a.margin + c.pair.b.margin <= FXC_TOUCH_TOL);
        st = c.gjk.enclosed && !c.epa_ran ? FXC_PENETRATING : surface_status(&c);
        if (st == FXC_PENETRATING) st = FXC_OVERLAPPING;
        r.iterations = c.gjk.iterations;
        if (c.gjk.enclosed) {
            /* The cores touch or overlap, no normal: a touching pair
             * gets fxc2_collide's points (EPA's), an overlapping one a
             * point in both cores. */
            if (st == FXC_TOUCHING) {
                fxc2_solve_contact(&c); /* as fxc2_collide answers: its edge normals, where polygons have them */
                surface_points(&c, &r.point_a, &r.point_b);
            } else {
                r.point_a = fxc2_to_world(&c.pair, common_point(&c.pair, &c.gjk));
                r.point_b = r.point_a;
            }
        } else {
            fxc2_vec n = fxc2_dir_unit(&c.dn);
            r.normal = n;
            surface_points(&c, &r.point_a, &r.point_b);
            if (st != FXC_OVERLAPPING && c.core_gap > c.margins) r.distance = c.core_gap - c.margins;
        }
        if (c.gjk.capped) st = FXC_ERR_NO_CONVERGENCE;
    }
    *out = r;
    return st;
}

int fxc2_collide(const fxc2_shape *a, const fxc2_transform *ta,
                 const fxc2_shape *b, const fxc2_transform *tb, fxc2_contact *out)
{
    fxc2_answer c;
    int st;
    if (out == NULL) return FXC_ERR_NULL;
    st = fxc2_pair_init(&c.pair, a, ta, b, tb);
    if (st != FXC_OK) {
        fxc2_contact zero = { 0, 0, { 0, 0 }, { 0, 0 }, { 0, 0 }, 0, 0 };
        *out = zero;
        return st;
    }
    fxc2_solve_contact(&c);
    return fxc2_contact_of(&c, out);
}
