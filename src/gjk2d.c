/* GJK in 2D on the Minkowski difference A - B of two cores, exact.
 *
 *  1. Start from the support point along B's first vertex minus A's.
 *  2. Reduce the simplex to its feature nearest the origin (a vertex or an
 *     edge) by the signs of dot and cross products; the direction to the
 *     origin is then -vertex or the edge turned towards it: exact integers.
 *  3. Take the support point along that direction; stop when it is no
 *     farther along it than the feature (no point of A - B lies beyond:
 *     the feature is the nearest), or when it encloses the origin.
 *  4. With a bound, also stop when the support proves the distance beyond it.
 * Every test is an exact sign within the bit budget of geom2d.h; no
 * tolerance, no division. */
#include "geom2d.h"
#include "wide.h"

static fxc2_vec neg(fxc2_vec v)
{
    return fxc2_v(-v.x, -v.y);
}

static void keep_vertex(fxc2_gjk *g, int i)
{
    g->s[0] = g->s[i];
    g->k = 1;
    g->d = neg(g->s[0].w);
    g->enclosed = g->d.x == 0 && g->d.y == 0;
}

/* The edge s[i] -> s[j], the origin strictly outside its line and
 * projecting inside it: d is the edge turned towards the origin. */
static void keep_edge(fxc2_gjk *g, int i, int j, fxc2_vec d)
{
    fxc2_mpoint a = g->s[i], b = g->s[j];
    g->s[0] = a;
    g->s[1] = b;
    g->k = 2;
    g->d = d;
    g->enclosed = 0;
}

/* Segment s[0], s[1] (s[1] newer): the origin projects past s[1], or onto
 * the edge (left, right, or on it). Never before s[0]: s[1] was found
 * beyond s[0] along -s[0], so (s[1] - s[0]) . s[0] < 0. */
static void reduce_segment(fxc2_gjk *g)
{
    fxc2_vec p = g->s[0].w, q = g->s[1].w;
    fxc2_vec e = fxc2_sub(q, p);
    int64_t side;
    FXC_ASSERT(fxc2_dot(p, e) < 0);
    if (fxc2_dot(q, e) <= 0) {
        keep_vertex(g, 1);
        return;
    }
    side = fxc2_cross(p, e); /* (e turned left) . (-p) */
    if (side == 0) {
        g->k = 2;
        g->d = fxc2_v(0, 0);
        g->enclosed = 1;
    } else {
        keep_edge(g, 0, 1, side > 0 ? fxc2_v(-e.y, e.x) : fxc2_v(e.y, -e.x));
    }
}

/* Triangle s[0..2] (never flat: the newest point lies strictly beyond the
 * older edge's line). Counter-clockwise edge i -> j has the origin outside
 * when cross(P_i, e) < 0; the nearest feature is the outside edge the
 * origin projects into, else the vertex whose both edges point away from
 * the origin; no outside edge: the origin is enclosed. */
static void reduce_triangle(fxc2_gjk *g)
{
    /* each vertex's next two counter-clockwise, without a % (a libgcc
     * call on the Cortex-M0) */
    static const uint8_t after[3][2] = { { 1, 2 }, { 2, 0 }, { 0, 1 } };
    int order[3] = { 0, 1, 2 };
    int outside = 0, i;
    if (fxc2_cross(fxc2_sub(g->s[1].w, g->s[0].w), fxc2_sub(g->s[2].w, g->s[0].w)) < 0) {
        order[1] = 2;
        order[2] = 1;
    }
    for (i = 0; i < 3; i++) {
        fxc2_vec p = g->s[order[i]].w, q = g->s[order[after[i][0]]].w;
        fxc2_vec e = fxc2_sub(q, p);
        if (fxc2_cross(p, e) >= 0) continue;
        outside = 1;
        if (fxc2_dot(p, e) < 0 && fxc2_dot(q, e) > 0) {
            keep_edge(g, order[i], order[after[i][0]], fxc2_out_normal(e));
            return;
        }
    }
    if (!outside) {
        g->k = 3;
        g->d = fxc2_v(0, 0);
        g->enclosed = 1;
        return;
    }
    for (i = 0; i < 3; i++) {
        fxc2_vec p = g->s[order[i]].w;
        fxc2_vec next = g->s[order[after[i][0]]].w, prev = g->s[order[after[i][1]]].w;
        if (fxc2_dot(p, fxc2_sub(next, p)) >= 0 && fxc2_dot(p, fxc2_sub(prev, p)) >= 0) {
            keep_vertex(g, order[i]);
            return;
        }
    }
    FXC_ASSERT(0); /* one region always holds the origin */
    keep_vertex(g, 2);
}

/* The support point at height hw < 0 along d proves the core distance
 * beyond bound: -hw > bound * |d|, compared squared in 128 bits. */
static int proves_apart(int64_t hw, fxc2_vec d, int32_t bound)
{
    return hw < 0 && !fxc_height_within(-hw, fxc2_dot(d, d), bound);
}

int fxc2_gjk_run(const fxc2_pair *p, fxc2_gjk *g, int32_t bound)
{
    fxc2_vec d0 = fxc2_sub(p->b.v[0], p->a.v[0]);
    if (d0.x == 0 && d0.y == 0) d0 = fxc2_v(FXC_ONE, 0);
    g->iterations = 0;
    g->capped = 0;
    fxc2_support(p, d0, &g->s[0]);
    keep_vertex(g, 0);
    while (!g->enclosed) {
        fxc2_mpoint w;
        int64_t gain;
        if (g->iterations == FXC2_GJK_MAX_ITERATIONS) {
            g->capped = 1;
            return 0;
        }
        fxc2_support(p, g->d, &w);
        g->iterations++;
        if (bound >= 0 && proves_apart(fxc2_dot(w.w, g->d), g->d, bound)) return 1;
        gain = fxc2_dot(fxc2_sub(w.w, g->s[0].w), g->d);
        if (gain <= 0) return 0; /* nothing beyond the feature: it is the nearest */
        g->s[g->k++] = w;
        if (g->k == 2) {
            reduce_segment(g);
        } else {
            reduce_triangle(g);
        }
    }
    return 0;
}

/* An edge feature's height over the origin, |p x e| = dist |e|, and
 * *ee = |e|^2. */
static int64_t edge_height(const fxc2_gjk *g, int64_t *ee)
{
    fxc2_vec p = g->s[0].w, e = fxc2_sub(g->s[1].w, p);
    int64_t h = fxc2_cross(p, e);
    *ee = fxc2_dot(e, e);
    return h < 0 ? -h : h;
}

int fxc2_gjk_within(const fxc2_gjk *g, int32_t bound)
{
    int64_t h, ee;
    if (bound < 0) return 0;
    if (g->enclosed) return 1;
    if (g->k == 1) return fxc2_dot(g->s[0].w, g->s[0].w) <= fxc_smull(bound, bound);
    h = edge_height(g, &ee);
    return fxc_height_within(h, ee, bound);
}

int fxc2_gjk_below(const fxc2_gjk *g, int32_t bound)
{
    int64_t h, ee;
    fxc_i128 hh, bb;
    if (bound <= 0) return 0;
    if (g->enclosed) return 1;
    if (g->k == 1) return fxc2_dot(g->s[0].w, g->s[0].w) < fxc_smull(bound, bound);
    h = edge_height(g, &ee);
    if (!fxc_height_within(h, ee, bound)) return 0;
    /* within: below unless h^2 = bound^2 |e|^2 exactly (below 2^122) */
    hh = fxc_i128_mul64(h, h);
    bb = fxc_i128_mul64(fxc_smull(bound, bound), ee);
    return fxc_i128_cmp(&hh, &bb) != 0;
}
