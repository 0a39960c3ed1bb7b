/* EPA in 2D: the nearest edge of A - B to an origin inside it.
 *
 *  1. Start from GJK's simplex around the origin as a counter-clockwise
 *     polygon of support points (a segment through the origin grows to a
 *     quadrilateral; a flat side proves the origin on the boundary).
 *  2. Among the edges the origin projects into (two edge-side sign tests),
 *     take the nearest to the origin.
 *  3. Take the support point along its outward normal (an exact integer
 *     vector). None beyond the edge (an exact sign): the edge lies on the
 *     boundary of A - B, and it is the answer.
 *  4. Otherwise insert the point between the edge's ends and go on.
 * Every polygon point is a support point, so the points stay in boundary
 * order and the polygon stays convex. The only rounded value is each
 * edge's distance (its height over its length, to 2^-16 raw and 2^-27
 * relative), used to rank the edges, with near ties compared exactly; no
 * barycentric division anywhere. */
#include "geom2d.h"
#include "fxc_bits.h"
#include "wide.h"

#define OUT_OF_RUNNING UINT32_MAX

typedef struct {
    fxc2_mpoint p;
    uint32_t dist; /* distance of the edge from this point to the next
                    * (order_key); OUT_OF_RUNNING when the origin does
                    * not project into it */
} epa_slot;

typedef struct {
    epa_slot s[FXC2_EPA_MAX_POINTS];
    int n;
} epa_polygon;

/* A distance in 2^-16 raw (below 2^46) as a 32-bit key that orders as the
 * distance does: below 2^27 as it is, above as a 5-bit shift count and the
 * top 27 bits (relative 2^-26, as fine as the distance is known), so that
 * a slot takes 16 bytes. */
static uint32_t order_key(int64_t v)
{
    int sh = fxc_bitlen64((uint64_t)v) - 27;
    if (sh <= 0) return (uint32_t)v;
    return ((uint32_t)sh << 27) + (uint32_t)((uint64_t)v >> sh);
}

/* Ranks the edge from slot i to the next: its outward normal is the edge
 * turned clockwise, and the origin projects into it when the edge runs
 * from behind the origin to beyond it (two dot products' signs). Its
 * distance h / |e| (h < 2^60) is ranked in 2^-16 raw units, so that edges
 * whose distances round to the same raw value still rank apart. */
static void rank_edge(epa_polygon *poly, int i)
{
    fxc2_vec p = poly->s[i].p.w, q = poly->s[fxc_wrap(i + 1, poly->n)].p.w;
    fxc2_vec e = fxc2_sub(q, p);
    int64_t h = fxc2_dot(p, fxc2_out_normal(e));
    uint32_t t;
    int sh;
    if ((e.x == 0 && e.y == 0) || fxc2_dot(p, e) > 0 || fxc2_dot(q, e) < 0 || h < 0) {
        poly->s[i].dist = OUT_OF_RUNNING;
        return;
    }
    fxc_rsqrt((uint64_t)fxc2_dot(e, e), &t, &sh);
    poly->s[i].dist = order_key(fxc_mul_rsqrt(h, t, sh - 16));
}

/* The distance (2^-16 raw) an order key stands for, to within 2^-26. */
static uint64_t key_value(uint32_t key)
{
    int sh = (int)(key >> 27);
    if (sh == 0) return key;
    return (uint64_t)(key - ((uint32_t)sh << 27)) << sh;
}

/* The edge from slot i: its height over the origin and squared length. */
static void edge_measure(const epa_polygon *poly, int i, int64_t *h, int64_t *ee)
{
    fxc2_vec p = poly->s[i].p.w, e = fxc2_sub(poly->s[fxc_wrap(i + 1, poly->n)].p.w, p);
    *h = fxc2_dot(p, fxc2_out_normal(e));
    *ee = fxc2_dot(e, e);
}

/* Exact: is edge i nearer the origin than edge j? h_i / |e_i| < h_j / |e_j|
 * (heights >= 0 when ranked): fxc_height_ratio_less, in 192 bits. */
FXC_NOINLINE static int nearer(const epa_polygon *poly, int i, int j)
{
    int64_t hi, ei, hj, ej;
    edge_measure(poly, i, &hi, &ei);
    edge_measure(poly, j, &hj, &ej);
    return fxc_height_ratio_less(hi, ei, hj, ej);
}

/* The nearest edge: by the keys, then exactly among the edges whose key
 * lies within the keys' error (2^-26 relative and the rounding, taken
 * wide: 2^-22 and 4 units) of the least, so that two edges whose
 * distances round alike (an edge through the origin and one 10^-7 raw
 * from it) are told apart exactly. */
static int nearest_edge(const epa_polygon *poly)
{
    int best = 0, i;
    uint64_t limit;
    for (i = 1; i < poly->n; i++) {
        if (poly->s[i].dist < poly->s[best].dist) best = i;
    }
    if (poly->s[best].dist == OUT_OF_RUNNING) return best;
    limit = key_value(poly->s[best].dist);
    limit += (limit >> 22) + 4;
    for (i = 0; i < poly->n; i++) {
        if (i != best && poly->s[i].dist != OUT_OF_RUNNING && key_value(poly->s[i].dist) <= limit &&
            nearer(poly, i, best)) {
            best = i;
        }
    }
    return best;
}

static void insert_after(epa_polygon *poly, int i, const fxc2_mpoint *w)
{
    int j;
    for (j = poly->n; j > i + 1; j--) poly->s[j] = poly->s[j - 1];
    poly->s[i + 1].p = *w;
    poly->n++;
    rank_edge(poly, i);
    rank_edge(poly, i + 1);
}

/* The answer: the edge a -> b of A - B, its outward normal and height. */
static void answer_edge(fxc2_epa *e, const fxc2_mpoint *a, const fxc2_mpoint *b, fxc2_vec n, int64_t h)
{
    e->p[0] = *a;
    e->p[1] = *b;
    e->n = n;
    e->h = h;
}

/* Along n, with the origin on the line through the simplex: does A - B
 * reach beyond it? If not, the origin is on the boundary, n its normal. */
static int flat_side(const fxc2_pair *p, fxc2_vec n, fxc2_mpoint *w)
{
    fxc2_support(p, n, w);
    return fxc2_dot(w->w, n) <= 0;
}

/* GJK's simplex around the origin to a start polygon. Returns 1 when the
 * origin already proved on the boundary (e is then the answer). */
static int start_polygon(const fxc2_pair *p, const fxc2_gjk *g, epa_polygon *poly, fxc2_epa *e)
{
    fxc2_mpoint a = g->s[0], b = g->s[1], left, right;
    fxc2_vec d;
    if (g->k == 3) {
        int ccw = fxc2_cross(fxc2_sub(g->s[1].w, g->s[0].w), fxc2_sub(g->s[2].w, g->s[0].w)) > 0;
        poly->s[0].p = g->s[0];
        poly->s[1].p = g->s[ccw ? 1 : 2];
        poly->s[2].p = g->s[ccw ? 2 : 1];
        poly->n = 3;
        return 0;
    }
    if (g->k == 1) {
        /* The origin is the support point a: any direction it was
         * farthest along is a boundary normal; find a second point. */
        if (flat_side(p, fxc2_v(FXC_ONE, 0), &b)) {
            answer_edge(e, &a, &a, fxc2_v(FXC_ONE, 0), 0);
            return 1;
        }
    }
    /* The origin on the segment a -> b: look to both sides of it. */
    d = fxc2_sub(b.w, a.w);
    if (flat_side(p, fxc2_v(-d.y, d.x), &left)) {
        answer_edge(e, &b, &a, fxc2_v(-d.y, d.x), 0);
        return 1;
    }
    if (flat_side(p, fxc2_v(d.y, -d.x), &right)) {
        answer_edge(e, &a, &b, fxc2_v(d.y, -d.x), 0);
        return 1;
    }
    poly->s[0].p = a;
    poly->s[1].p = right;
    poly->s[2].p = b;
    poly->s[3].p = left;
    poly->n = 4;
    return 0;
}

void fxc2_epa_run(const fxc2_pair *p, const fxc2_gjk *g, fxc2_epa *e)
{
    epa_polygon poly;
    int i;
    e->iterations = 0;
    e->status = FXC_OK;
    if (start_polygon(p, g, &poly, e)) return;
    for (i = 0; i < poly.n; i++) rank_edge(&poly, i);
    for (;;) {
        int k = nearest_edge(&poly);
        const fxc2_mpoint *a = &poly.s[k].p, *b = &poly.s[fxc_wrap(k + 1, poly.n)].p;
        fxc2_mpoint w;
        fxc2_vec n = fxc2_out_normal(fxc2_sub(b->w, a->w));
        int64_t h = fxc2_dot(a->w, n), hw;
        FXC_ASSERT(poly.s[k].dist != OUT_OF_RUNNING); /* an edge always holds the projection */
        fxc2_support(p, n, &w);
        hw = fxc2_dot(w.w, n);
        e->iterations++;
        if (hw <= h || poly.n == FXC2_EPA_MAX_POINTS) {
            /* Nothing beyond: an edge of A - B. Or the polygon is full:
             * the depth along n is at most the support's height. */
            answer_edge(e, a, b, n, hw <= h ? h : hw);
            if (hw > h) e->status = FXC_ERR_CAPACITY;
            return;
        }
        insert_after(&poly, k, &w);
    }
}
