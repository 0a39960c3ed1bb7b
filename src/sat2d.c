/* Two polygon cores (boxes and polygons: three or more vertices each) whose
 * cores overlap: the nearest edge of A - B found through the cores' edge
 * normals, their separating axes, in place of GJK and EPA.
 *
 * The edges of A - B are the edges of A and of -B. Take an edge x0 -> x1
 * of one core, the other core's vertices y, and the edge's outward normal
 * m (the edge turned a quarter: an exact integer vector). A - B reaches
 * along m to the height h = m . (x0 - y) over the origin (B's edge: the
 * height of y - x0 along -m), y the other core's vertex farthest against
 * the edge. The origin lies in A - B when no h is negative, and then its
 * nearest edge is the one of least h / |m|: the penetration depth. That
 * edge of A - B spans the core's edge, grown over straight neighbours, and
 * the other core's supporting vertices (every vertex at the least height:
 * one, or a parallel edge), so its ends are x0 - y_first and x1 - y_last,
 * both counter-clockwise: EPA's answer (fxc2_epa), for query2d.c.
 *
 * Budget (geom2d.h): a vertex is below 2^28 raw, so an edge and its normal
 * are below 2^29 per coordinate, |m|^2 below 2^59, and a height m . (x -
 * y) below 2^59: exact in int64. Depths h / |m| are compared on 31-bit cut
 * values of h^2 |m'|^2 (relative error below 2^-25); too close to call,
 * two normals of the same direction (cross product 0, dot product > 0)
 * are one edge of A - B and as deep, and any other pair is compared
 * exactly (fxc_height_ratio_less, 192 bits). The first of equally deep
 * edges is kept: A's edges in order, then B's (a box's by pairs of
 * opposite edges, scan_edges and scan_boxes). */
#include <stddef.h>
#include "geom2d.h"
#include "approx.h"
#include "filter.h"

/* How deep a candidate edge of A - B lies: its core's outward normal m
 * (of A's core, or of B's: of_b, whose normal as an edge of A - B is -m),
 * the height h of A - B along that normal over the origin, |m|^2, and
 * once compared, both as 31-bit cut values (h^2, |m|^2). */
typedef struct {
    fxc2_vec m;
    int of_b;
    int64_t h, ee;
    fxc_approx hh, cut_ee;
} depth_key;

/* A candidate edge of A - B: its core's edge x0 -> x1 and its depth. */
typedef struct {
    int i0, i1;
    depth_key k;
} sat_edge;

static int next_of(const fxc2_core *c, int i)
{
    return i + 1 == c->n ? 0 : i + 1;
}

static int prev_of(const fxc2_core *c, int i)
{
    return i == 0 ? c->n - 1 : i - 1;
}

/* The vertex of c least along m (its support against m: the first of
 * equals), and with it its height m . v. */
static int least_along(const fxc2_core *c, fxc2_vec m, int64_t *least)
{
    int j = fxc2_support_index(c, fxc2_v(-m.x, -m.y));
    *least = fxc2_dot(m, c->v[j]);
    return j;
}

/* Is edge e nearer the origin than edge best (h / |m|, both h >= 0)? */
static int depth_less(const depth_key *e, const depth_key *best)
{
    fxc_approx l, r;
    if (e->h == 0 || best->h == 0) return e->h == 0 && best->h != 0;
    l = fxc_approx_mul(e->hh, best->cut_ee);
    r = fxc_approx_mul(best->hh, e->cut_ee);
    FXC_FILTER_RUN(FXC_FILTER_SAT);
    if (fxc_approx_surely_less(l, r)) return 1;
    if (fxc_approx_surely_less(r, l)) return 0;
    if (fxc2_cross(e->m, best->m) == 0 && (fxc2_dot(e->m, best->m) > 0) == (e->of_b == best->of_b))
        return 0; /* one normal of A - B: one edge of it */
    FXC_FILTER_FELL(FXC_FILTER_SAT);
    return fxc_height_ratio_less(e->h, e->ee, best->h, best->ee);
}

/* Core y's least and greatest height along m: for a box, its centre's
 * height less and plus its half extents' (its corners are exactly the
 * centre -+ ex -+ ey). */
static void extent_along(const fxc2_core *y, fxc2_vec m, int64_t *lo, int64_t *hi)
{
    int j;
    if (y->box) {
        int64_t c = fxc2_dot(m, fxc2_add(fxc2_add(y->v[0], y->ex), y->ey)), sx = fxc2_dot(m, y->ex), sy = fxc2_dot(m, y->ey);
        int64_t r = (sx < 0 ? -sx : sx) + (sy < 0 ? -sy : sy);
        *lo = c - r;
        *hi = c + r;
        return;
    }
    *lo = *hi = fxc2_dot(m, y->v[0]);
    for (j = 1; j < y->n; j++) {
        int64_t k = fxc2_dot(m, y->v[j]);
        if (k < *lo) *lo = k;
        if (k > *hi) *hi = k;
    }
}

/* Is an edge of height h >= 0 over a normal of squared length ee surely
 * no nearer than best, from the two numbers alone (exact, no products):
 * no higher over no longer a normal; or higher by more than 1/16 over one
 * at most 1/16 longer squared, so that h^2 |m_best|^2 >= (17/16)^2
 * h_best^2 |m_best|^2 > h_best^2 ee. Heights and lengths below 2^61:
 * the sums fit. Most of a polygon's edges are far from the nearest and
 * end here, before their cut values are taken. */
static int surely_not_nearer(int64_t h, int64_t ee, const depth_key *best)
{
    if (h >= best->h && ee <= best->ee) return 1;
    return h > best->h + (best->h >> 4) && ee <= best->ee + (best->ee >> 4);
}

/* Is candidate c (m, of_b and h >= 0 set) nearer than best (NULL: none
 * yet)? Fills in c's length and, unless it surely is not, its cut
 * values. */
static inline int nearer_than(depth_key *c, const depth_key *best)
{
    fxc_approx ee, hh;
    c->ee = fxc2_dot(c->m, c->m);
    if (best != NULL && surely_not_nearer(c->h, c->ee, best)) return 0;
    ee = fxc_approx_u64((uint64_t)c->ee);
    hh = ee; /* unused when h is 0 */
    if (c->h > 0) {
        hh = fxc_approx_u64((uint64_t)c->h);
        hh = fxc_approx_mul(hh, hh);
    }
    /* by field: a struct stored through a pointer is a memcpy call on the M0 */
    c->cut_ee.m = ee.m;
    c->cut_ee.e = ee.e;
    c->hh.m = hh.m;
    c->hh.e = hh.e;
    return best == NULL || depth_less(c, best);
}

/* The nearest candidate so far, kept by pointer in two slots: each new
 * candidate is written into the slot best does not hold, and when it is
 * nearer, best points at it (no copy: a struct copy is a memcpy call on
 * the Cortex-M0). */
typedef struct {
    sat_edge slot[2];
    sat_edge *best; /* NULL: none yet */
} nearest_edge;

/* Candidate edge i -> i1 of core x (of B: of_b), normal m, height h >= 0. */
static inline void offer(int of_b, int i, int i1, fxc2_vec m, int64_t h, nearest_edge *n)
{
    sat_edge *e = n->best == &n->slot[0] ? &n->slot[1] : &n->slot[0];
    e->k.m.x = m.x; /* by field: a struct stored through a pointer is a memcpy call on the M0 */
    e->k.m.y = m.y;
    e->k.h = h;
    e->k.of_b = of_b;
    if (!nearer_than(&e->k, n->best != NULL ? &n->best->k : NULL)) return;
    e->i0 = i;
    e->i1 = i1;
    n->best = e;
}

/* From vertex j of core y, the vertex least along m that walking counter-
 * clockwise meets first: j itself, or past it while the height does not
 * rise (repeated vertices and a least side included). Sound from the
 * least vertex of the previous edge of a convex core x: its next edge's
 * normal is turned counter-clockwise by less than half a turn, and the
 * least vertex of a convex y moves counter-clockwise with it, the heights
 * not rising on the way (rotating calipers: all of x's edges take one
 * walk around y, not one scan each). Each step is the sign of m . (next
 * - v_j), one product (vertices below 2^28: the step below 2^29). */
static int descend(const fxc2_core *y, fxc2_vec m, int j)
{
    int k;
    for (k = 1; k < y->n; k++) {
        int n = next_of(y, j);
        if (fxc2_dot(m, fxc2_sub(y->v[n], y->v[j])) > 0) break;
        j = n;
    }
    return j;
}

/* The edges of core x (of B: of_b), each against core y, offered to n.
 * Returns 0 as soon as one separates the cores (h < 0). A box's opposite
 * edges have opposite normals of one length: per pair, only the lower
 * face (edge 0 or 2, 1 or 3; the first on a tie) is a candidate. */
static int scan_edges(const fxc2_core *x, const fxc2_core *y, int of_b, nearest_edge *n)
{
    int i, j = -1;
    for (i = 0; i < (x->box ? 2 : x->n); i++) {
        int i1 = next_of(x, i);
        fxc2_vec m = fxc2_out_normal(fxc2_sub(x->v[i1], x->v[i]));
        int64_t lo, hi, h;
        if (m.x == 0 && m.y == 0) continue; /* a repeated vertex */
        /* as an edge of A - B: A's normal m; -B's is -m, and A's vertex
         * farthest along it gives the height */
        if (x->box) {
            int64_t back;
            extent_along(y, m, &lo, &hi);
            h = fxc2_dot(m, x->v[i]) - lo;
            back = hi - fxc2_dot(m, x->v[i + 2]); /* the opposite edge, normal -m */
            if (h < 0 || back < 0) return 0;
            if (back < h) {
                offer(of_b, i + 2, next_of(x, i + 2), fxc2_v(-m.x, -m.y), back, n);
                continue;
            }
        } else {
            j = j < 0 ? fxc2_support_index(y, fxc2_v(-m.x, -m.y)) : descend(y, m, j);
            h = fxc2_dot(m, fxc2_sub(x->v[i], y->v[j])); /* m . x_i less y's least height: one product */
            if (h < 0) return 0;
        }
        offer(of_b, i, i1, m, h, n);
    }
    return 1;
}

/* A scan of two boxes' edge normals: once an edge separates the cores,
 * its height (negative) and normal (fxc2_sat_boxes_apart); else, when
 * `offers`, the nearest edge of A - B (fxc2_sat_run). */
typedef struct {
    nearest_edge nearest;
    int offers;
    int64_t gap;
    fxc2_vec gap_m;
} box_scan;

/* The outward normal of the lower edge of a box's axis along its extent
 * e: 2 (e.y, -e.x), or its opposite when the opposite edge is lower. Made
 * only where it is used: an intersect's axes that do not part the boxes
 * need none. */
static fxc2_vec lower_normal(const fxc2_vec *e, int lower)
{
    return lower ? fxc2_v(-2 * e->y, 2 * e->x) : fxc2_v(2 * e->y, -2 * e->x);
}

/* Two boxes: scan_edges' heights for both (the same values, so the same
 * candidates in the same order) from ten products instead of twenty. A
 * box's edge 0 runs along 2 ex, edge 1 along 2 ey, so the normal of its
 * axis along e is m = 2 (e.y, -e.x) and m . w = -2 cross(e, w). Along it:
 *  - the box's own corners reach t = cross(ex, ey) (> 0: geom2d.h) times 2
 *    either side of its centre (m . ey = -2t for e = ex, m . ex = 2t for
 *    e = ey);
 *  - the other box's reach 2 (|cross(e, ex')| + |cross(e, ey')|), the four
 *    crosses of A's extents with B's shared by the axes of both;
 *  - the centres' offset 2 dh, dh = -cross(e, cA - cB) (A's axes) or
 *    cross(e', cA - cB) (B's).
 * So the heights of edge i (0 or 1) and of the opposite edge i + 2 are
 * 2 (t + r + dh) and 2 (t + r - dh). They add to 4 (t + r) >= 0, and the
 * lower one is 2 (t + r - |dh|): when that is negative, the cores are
 * apart along the axis. Else the lower one (edge i on a tie) is the axis's
 * candidate, offered as scan_edges offers it.
 * Budget: extents below 2^28, centres' offset below 2^29, so each cross
 * is below 2^58 and each height below 2^61. */
static int scan_boxes(const fxc2_pair *p, box_scan *s)
{
    const fxc2_core *a = &p->a, *b = &p->b;
    fxc2_vec ca = fxc2_add(fxc2_add(a->v[0], a->ex), a->ey), cb = fxc2_add(fxc2_add(b->v[0], b->ex), b->ey);
    fxc2_vec d = fxc2_sub(ca, cb);
    int64_t xx = fxc2_cross(a->ex, b->ex), xy = fxc2_cross(a->ex, b->ey);
    int64_t yx = fxc2_cross(a->ey, b->ex), yy = fxc2_cross(a->ey, b->ey);
    int64_t ta = fxc2_cross(a->ex, a->ey), tb = fxc2_cross(b->ex, b->ey), t_r[4];
    int k;
    xx = xx < 0 ? -xx : xx;
    xy = xy < 0 ? -xy : xy;
    yx = yx < 0 ? -yx : yx;
    yy = yy < 0 ? -yy : yy;
    t_r[0] = ta + xx + xy;
    t_r[1] = ta + yx + yy;
    t_r[2] = tb + xx + yx;
    t_r[3] = tb + xy + yy;
    for (k = 0; k < 4; k++) {
        const fxc2_core *x = k < 2 ? a : b;
        const fxc2_vec *e = k & 1 ? &x->ey : &x->ex; /* by address: a copy is a memcpy call on the M0 */
        int64_t dh = k < 2 ? -fxc2_cross(*e, d) : fxc2_cross(*e, d);
        int64_t low = t_r[k] - (dh < 0 ? -dh : dh); /* the lower height's half */
        int lower = dh > 0; /* the opposite edge is lower (h > back) */
        if (low < 0) {
            s->gap = 2 * low;
            s->gap_m = lower_normal(e, lower);
            return 0;
        }
        if (s->offers) {
            int i = (k & 1) + 2 * lower;
            offer(k >> 1, i, (i + 1) & 3, lower_normal(e, lower), 2 * low, &s->nearest);
        }
    }
    return 1;
}

int fxc2_sat_boxes_apart(const fxc2_pair *p, int32_t bound)
{
    box_scan s;
    s.offers = 0;
    if (scan_boxes(p, &s)) return 0;
    /* the origin lies -gap / |m| beyond A - B along m: a lower bound on
     * the cores' distance, compared with bound exactly */
    return fxc_height_within(-s.gap, fxc2_dot(s.gap_m, s.gap_m), bound) ? -1 : 1;
}

/* least_run for a box, from the signs of -m along its half extents (its
 * corners: 0 (-,-), 1 (+,-), 2 (+,+), 3 (-,+)): a side when -m is square
 * to one extent, counter-clockwise; else the one corner. */
static void box_run(const fxc2_core *c, fxc2_vec m, int *first, int *last)
{
    fxc2_vec d = fxc2_v(-m.x, -m.y);
    int64_t sx = fxc2_dot(c->ex, d), sy = fxc2_dot(c->ey, d);
    int up = sy > 0, right = sx > 0;
    if (sx == 0) {
        *first = up ? 2 : 0;
        *last = up ? 3 : 1;
    } else if (sy == 0) {
        *first = right ? 1 : 3;
        *last = right ? 2 : 0;
    } else {
        *first = *last = fxc2_box_corner(sx, sy); /* the signs already taken */
    }
}

/* The run of core c's vertices least along m, counter-clockwise: first and
 * last (one vertex, or the ends of a side facing against m). */
static void least_run(const fxc2_core *c, fxc2_vec m, int *first, int *last)
{
    int64_t least;
    int k, j;
    if (c->box) {
        box_run(c, m, first, last);
        return;
    }
    j = least_along(c, m, &least);
    *first = *last = j;
    for (k = 1; k < c->n && fxc2_dot(m, c->v[next_of(c, *last)]) == least && next_of(c, *last) != j; k++)
        *last = next_of(c, *last);
    for (k = 1; k < c->n && fxc2_dot(m, c->v[prev_of(c, *first)]) == least && prev_of(c, *first) != *last; k++)
        *first = prev_of(c, *first);
}

static fxc2_mpoint mpoint(const fxc2_pair *p, int ia, int ib)
{
    fxc2_mpoint w;
    w.w = fxc2_sub(p->a.v[ia], p->b.v[ib]);
    w.ia = (uint8_t)ia;
    w.ib = (uint8_t)ib;
    return w;
}

/* Is core c a convex polygon with an area? A box is (an exact
 * parallelogram), and so is a strict polygon (its turns keep left through
 * the rounding); any other polygon's core is asked again, as its vertices
 * were rounded to world space: a bent straight run would leave the other
 * core's vertex runs and the edges of A - B unsound. */
static int convex_area(const fxc2_core *c)
{
    if (c->box || c->strict) return 1;
    return c->n >= 3 && !fxc2_polygon_flat(c->v, c->n) && fxc2_polygon_convex(c->v, c->n);
}

int fxc2_sat_run(const fxc2_pair *p, fxc2_epa *e)
{
    box_scan s;
    const sat_edge *best;
    const fxc2_core *x, *y;
    int i0, i1, first, last;
    if (!convex_area(&p->a) || !convex_area(&p->b)) return 0;
    s.nearest.best = NULL;
    s.offers = 1;
    if (p->a.box && p->b.box ? !scan_boxes(p, &s)
                             : !scan_edges(&p->a, &p->b, 0, &s.nearest) || !scan_edges(&p->b, &p->a, 1, &s.nearest)) {
        return 0;
    }
    best = s.nearest.best;
    if (best == NULL) return 0; /* cannot happen: cores with areas have an edge each */
    x = best->k.of_b ? &p->b : &p->a;
    y = best->k.of_b ? &p->a : &p->b;
    i0 = best->i0;
    i1 = best->i1;
    if (!x->box) fxc2_extend_edge(x, &i0, &i1); /* a box has no straight corner (geom2d.h) */
    least_run(y, best->k.m, &first, &last);
    /* ends counter-clockwise on A - B: A's edge with B's run, or B's run
     * with B's edge (-B's edges run backwards) */
    e->p[0] = best->k.of_b ? mpoint(p, first, i0) : mpoint(p, i0, first);
    e->p[1] = best->k.of_b ? mpoint(p, last, i1) : mpoint(p, i1, last);
    e->n = best->k.of_b ? fxc2_v(-best->k.m.x, -best->k.m.y) : best->k.m;
    e->h = best->k.h;
    e->iterations = 0;
    e->status = FXC_OK;
    return 1;
}
