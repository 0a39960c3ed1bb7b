/* Public queries: intersect and clearance (GJK with early exits),
 * distance (GJK), collide (GJK + EPA), each also with a per-pair cache
 * (the _cached forms).
 *
 * Each query computes its answer into a local result and writes the
 * caller's output once, at the end: an output placed anywhere (even in the
 * workspace) gets one consistent answer. */
#include <stddef.h>
#include "epa.h"
#include "sat.h"
#include "kind.h"
#include "query.h"
#include "wide.h"

/* All-zero results, the answer on every error. */
static const fxc_distance_result zero_distance;
static const fxc_contact zero_contact;

/* Sum of the two margins (each < 2^28 raw: the sum fits). */
static int32_t margins(const fxc_pair *p)
{
    return p->a.shape->margin + p->b.shape->margin;
}

/* Is d's plane through the origin a touching plane, the whole Minkowski
 * difference within FXC_TOUCH_TOL of its inner side? Its support along
 * d into *w either way. */
static int touching_plane(fxc_pair *p, fxc_vec3 d, fxc_svert *w)
{
    fxc_pair_support(p, d, w);
    return fxc_height_within(fxc_v3_dot_wide(d, w->w), fxc_v3_dot_wide(d, d), FXC_TOUCH_TOL);
}

/* Support calls one walk below may make (touching_on_edge makes at most
 * two walks): a hull's edge of A - B meets few faces; past them the pair
 * is called overlapping, as before. */
#define EDGE_WALK_MAX 16

/* The origin lies exactly inside the simplex's edge P -> Q (its ends
 * collinear with it, on either side), and no plane of the simplex
 * touches: a touching plane, if any, holds the line PQ, and its normal d
 * lies across e = Q - P. Seen along e, A - B is a convex polygon and the
 * origin a point of it; its other points seen so far span a wedge from L
 * counter-clockwise to R (about e: o(X, Y) = e . (X x Y) >= 0 from X to
 * Y). The plane through e and L, d = L x e, has the wedge on its inner
 * side (d . R = -o(L, R) <= 0): if the support along d (rounded to 28
 * bits) proves it touching, done; else that support point lies beyond L,
 * outside the wedge, and becomes L. Once the wedge opens past half a
 * turn (o(L, R) < 0), the points surround the origin seen along e, and
 * the cores overlap. A step that finds no point beyond L (the rounding
 * of d), or the cap, ends the walk unproven. Signs exact: points below
 * 2^29, their cross products below 2^59, fxc_sign_dot_wide's range. */
static int walk_edge(fxc_pair *p, fxc_vec3 e, fxc_vec3 l, fxc_vec3 r, fxc_vec3 *dir)
{
    int k;
    for (k = 0; k < EDGE_WALK_MAX && fxc_sign_dot_wide(fxc_v3_cross_wide(l, r), e) >= 0; k++) {
        fxc_vec3w n = fxc_v3_cross_wide(l, e);
        fxc_vec3 d;
        fxc_svert w;
        if (!fxc_dir_fit(&n, &d)) return 0; /* L on the line: no plane */
        if (touching_plane(p, d, &w)) {
            *dir = d;
            return 1;
        }
        if (fxc_sign_dot_wide(fxc_v3_cross_wide(w.w, l), e) <= 0) return 0; /* not beyond L */
        l = w.w;
    }
    return 0;
}

/* walk_edge for a simplex whose edge i -> j holds the origin strictly
 * inside (ends collinear with it and on opposite sides: their cross
 * product zero, their dot product negative), from its other points, in
 * the order that makes a wedge (the other order ends the walk at once),
 * or for a segment from `seen`, a point of A - B off its line (a support
 * point prove_touching met). Returns 0 when no edge holds the origin. */
static int touching_on_edge(fxc_pair *p, const fxc_simplex *s, fxc_vec3 seen, fxc_vec3 *dir)
{
    int i, j, k;
    for (i = 0; i < s->n; i++) {
        for (j = i + 1; j < s->n; j++) {
            fxc_vec3 a = s->p[i].w, b = s->p[j].w, e = fxc_v3_sub(b, a), side[2];
            fxc_vec3w c = fxc_v3_cross_wide(a, b);
            int m = 0;
            if (c.x != 0 || c.y != 0 || c.z != 0 || fxc_v3_dot_wide(a, b) >= 0) continue;
            side[0] = side[1] = seen;
            for (k = 0; k < s->n; k++)
                if (k != i && k != j) side[m++] = s->p[k].w;
            /* two other points: the wedge's order unknown, both tried;
             * one (or seen): the walk starts from it alone */
            return walk_edge(p, e, side[0], side[m > 1], dir) || (m > 1 && walk_edge(p, e, side[1], side[0], dir));
        }
    }
    return 0;
}

/* The origin lies in GJK's final simplex. If the whole Minkowski difference
 * lies within FXC_TOUCH_TOL of one side of a plane through the origin, the
 * shapes only touch, and the plane's outward side is the normal from A to
 * B. Candidate planes: one GJK met on its way (free), else the simplex's
 * own: a triangle's plane, the tetrahedron faces holding the origin, or two
 * planes across a segment; two support calls each, at most 8; else, when
 * an edge of the simplex holds the origin, the planes through it
 * (touching_on_edge: up to 2 EDGE_WALK_MAX calls more). Returns 1 and the
 * plane's fitted direction when proven. */
static int prove_touching(fxc_pair *p, const fxc_gjk_result *g, fxc_vec3 *dir)
{
    static const int face[4][3] = { { 0, 1, 2 }, { 1, 2, 3 }, { 0, 2, 3 }, { 0, 1, 3 } };
    const fxc_simplex *s = &g->s;
    fxc_vec3w cand[4];
    fxc_svert w;
    int q, nc = 0;
    if (g->touch) {
        *dir = g->touch_dir;
        return 1;
    }
    if (s->n == 2) {
        fxc_segment_normals(fxc_v3_sub(s->p[1].w, s->p[0].w), cand);
        nc = 2;
    }
    for (q = 0; s->n >= 3 && q < (s->n == 3 ? 1 : 4); q++) {
        fxc_vec3 A = s->p[face[q][0]].w, B = s->p[face[q][1]].w, C = s->p[face[q][2]].w;
        fxc_vec3w n = fxc_v3_cross_wide(fxc_v3_sub(B, A), fxc_v3_sub(C, A));
        /* in a tetrahedron, only faces whose plane holds the origin */
        if (s->n == 4 && fxc_sign_dot_wide(n, A) != 0) continue;
        cand[nc++] = n;
    }
    w.w = s->p[0].w; /* no support met (no candidate fits): a point on the edge, which ends a segment's walk */
    for (q = 0; q < nc; q++) {
        fxc_vec3 d;
        int side;
        if (!fxc_dir_fit(&cand[q], &d)) continue;
        for (side = 0; side < 2; side++) {
            if (touching_plane(p, d, &w)) {
                *dir = d;
                return 1;
            }
            d = fxc_v3_neg(d);
        }
    }
    return touching_on_edge(p, s, w.w, dir);
}

/* The axis the next query of the pair starts from: the direction GJK ended
 * on (a callback's error leaves the cache as it was). */
static void keep_axis(fxc_cache *cache, const fxc_pair *p, const fxc_gjk_result *g)
{
    if (cache != NULL && p->status == FXC_OK) cache->axis = g->dir;
}

/* GJK, or its closed form where the cores allow one, on a prepared pair;
 * the cache keeps the axis it ended on. */
static void run_gjk(fxc_pair *p, int32_t exit_at, fxc_cache *cache, fxc_gjk_result *g)
{
    const fxc_shape *a = p->a.shape, *b = p->b.shape;
    if (a->kind->closed != NULL && b->kind->closed != NULL) a->kind->closed(p, g);
    else (a->kind->gjk != NULL ? a->kind->gjk : b->kind->gjk)(p, exit_at, exit_at, g);
    keep_axis(cache, p, g);
}

/* The pair set up and GJK (or its closed form, where the cores allow one)
 * run to its end on its cores; the cache keeps the axis GJK ended on. */
static int start(fxc_pair *p, const fxc_shape *a, const fxc_transform *ta, const fxc_shape *b,
                 const fxc_transform *tb, fxc_cache *cache, fxc_gjk_result *g)
{
    int st = fxc_pair_init(p, a, ta, b, tb, cache);
    if (st != FXC_OK) return st;
    run_gjk(p, -1, cache, g);
    return p->status;
}

int fxc_pair_gjk(fxc_pair *p, fxc_cache *cache, fxc_gjk_result *g)
{
    run_gjk(p, -1, cache, g);
    return p->status;
}

int fxc_pair_gjk_seeded(fxc_pair *p, fxc_cache *cache, fxc_gjk_result *g)
{
    if (p->a.shape->kind->closed != NULL && p->b.shape->kind->closed != NULL) return fxc_pair_gjk(p, cache, g);
    fxc_gjk_seeded(p, &g->s, g);
    keep_axis(cache, p, g);
    return p->status;
}

/* Status for a signed distance (negative: depth), with the touching band;
 * `deep` names an overlap beyond it (fxc_distance cannot measure it:
 * FXC_OVERLAPPING; fxc_collide: FXC_PENETRATING). */
static int contact_status(int64_t signed_dist, int deep)
{
    if (signed_dist > FXC_TOUCH_TOL) return FXC_SEPARATED;
    if (signed_dist >= -FXC_TOUCH_TOL) return FXC_TOUCHING;
    return deep;
}

fxc_direction fxc_direction_of(fxc_vec3 d)
{
    fxc_direction r;
    r.d = d;
    r.t = 0;
    r.e = 0;
    if (d.x != 0 || d.y != 0 || d.z != 0) fxc_rsqrt((uint64_t)fxc_v3_dot_wide(d, d), &r.t, &r.e);
    return r;
}

/* x * d_i / |d| per component, rounded once: x (< 2^28 raw) times d_i
 * (<= 2^28) is cut to 32 significant bits (relative 2^-31) and scaled by
 * 1 / |d| (relative 2^-28). The unit normal (x = 1 unit): within 0.5 +
 * 2^-11 LSB per component. A margin (x < 2^28): within 1.63 LSB of the
 * exact offset even at the largest margin, so that a point pushed out by
 * it is as good as the distance (a unit normal rounded to Q16.16 first
 * would be off by up to 2^-17 per component: 2^11 LSB at that margin). */
fxc_vec3 fxc_direction_scaled(const fxc_direction *u, fix16_t x)
{
    /* no margin, a point on the plane: zero, as the products would give,
     * without six multiplies */
    if (x == 0) return fxc_v3(0, 0, 0);
    return fxc_v3((fix16_t)fxc_mul_rsqrt(fxc_smull(x, u->d.x), u->t, u->e),
                  (fix16_t)fxc_mul_rsqrt(fxc_smull(x, u->d.y), u->t, u->e),
                  (fix16_t)fxc_mul_rsqrt(fxc_smull(x, u->d.z), u->t, u->e));
}

/* The points on the surfaces: the core points (pair frame) pushed out by
 * the margins along u (from A to B; none for the zero direction), in world
 * space. */
static void surface(const fxc_pair *p, const fxc_direction *u, fxc_vec3 ca, fxc_vec3 cb, fxc_vec3 *pa, fxc_vec3 *pb)
{
    if (u->t != 0) {
        ca = fxc_v3_add(ca, fxc_direction_scaled(u, p->a.shape->margin));
        cb = fxc_v3_sub(cb, fxc_direction_scaled(u, p->b.shape->margin));
    }
    *pa = fxc_pair_to_world(p, ca);
    *pb = fxc_pair_to_world(p, cb);
}

/* Answer from GJK alone, cores apart: the normal is the separating axis
 * GJK proved (from A to B, see normal_axis in gjk.c); when the cores are
 * within the touching band but that axis is no touching plane (GJK stalled
 * short of proving one), a plane of the final simplex is tried. Closest
 * points on the surfaces: the core points pushed out by the margins along
 * the line between them (the final feature's exact direction, which a
 * proven axis on a curved core may miss by a little), so that they lie
 * the distance apart. Returns the signed distance (margins subtracted). */
int64_t fxc_apart_result(fxc_pair *p, const fxc_gjk_result *g, fxc_direction *u, fxc_vec3 *n, fxc_vec3 *pa,
                         fxc_vec3 *pb)
{
    fxc_vec3 ca, cb, d = g->dir;
    fxc_direction line;
    line.d = g->feature_dir;
    line.t = g->feature_t;
    line.e = g->feature_e;
    if (g->dist8 <= (int64_t)FXC_TOUCH_TOL * 256 && g->low8 < -(int64_t)FXC_TOUCH_TOL * 256) (void)prove_touching(p, g, &d);
    *u = d.x == line.d.x && d.y == line.d.y && d.z == line.d.z ? line : fxc_direction_of(d);
    *n = fxc_direction_scaled(u, FXC_ONE);
    fxc_result_points(g, &ca, &cb);
    surface(p, &line, ca, cb, pa, pb);
    return (int64_t)fxc_gjk_distance(g) - margins(p);
}

/* Are the surfaces more than `clearance` (0 .. FXC_RAW_LIMIT) apart?
 * First the cache's tetrahedron, which can prove the cores overlap
 * (src/warm.c); else GJK on the cores with both early exits at the
 * margins plus the clearance: it stops once a bound proves the verdict
 * either way, and the cache keeps its tetrahedron if it proved an
 * overlap. */
static int clear_of(const fxc_shape *a, const fxc_transform *ta, const fxc_shape *b, const fxc_transform *tb,
                    fix16_t clearance, fxc_cache *cache)
{
    fxc_pair p;
    fxc_gjk_result g;
    int32_t r;
    int st = fxc_pair_init(&p, a, ta, b, tb, cache);
    if (st != FXC_OK) return st;
    /* the cores overlap where the last overlap's tetrahedron still says so */
    if (fxc_warm_overlap(&p, cache)) return FXC_OVERLAPPING;
    r = margins(&p) + clearance;
    /* GJK with both early exits at the margins plus the clearance (each
     * below 2^28: the sum fits) */
    run_gjk(&p, r + FXC_TOUCH_TOL, cache, &g);
    fxc_warm_keep(cache, &p, &g);
    if (p.status != FXC_OK) return p.status;
    switch (g.outcome) {
    case FXC_GJK_EXIT_SEPARATED:
        return FXC_SEPARATED;
    case FXC_GJK_EXIT_CLOSE:
    case FXC_GJK_CONTAINED:
        return FXC_OVERLAPPING;
    case FXC_GJK_CONVERGED:
        /* fxc_distance's rule (contact_status) on the same final answer;
         * touching counts as overlapping here. */
        return (int64_t)fxc_gjk_distance(&g) - r > FXC_TOUCH_TOL ? FXC_SEPARATED : FXC_OVERLAPPING;
    default:
        /* Unconverged: a verdict only where a bound proves it (the lower
         * bound with the early exit's rounding margin). */
        if (g.low8 > ((int64_t)r + FXC_TOUCH_TOL + FXC_GJK_ROUNDING) * 256) return FXC_SEPARATED;
        if (g.dist8 <= ((int64_t)r + FXC_TOUCH_TOL) * 256) return FXC_OVERLAPPING;
        return FXC_ERR_NO_CONVERGENCE;
    }
}

int fxc_intersect_cached(const fxc_shape *a, const fxc_transform *ta,
                         const fxc_shape *b, const fxc_transform *tb, fxc_cache *cache)
{
    return clear_of(a, ta, b, tb, 0, cache);
}

int fxc_intersect(const fxc_shape *a, const fxc_transform *ta,
                  const fxc_shape *b, const fxc_transform *tb)
{
    return clear_of(a, ta, b, tb, 0, NULL);
}

int fxc_clearance_cached(const fxc_shape *a, const fxc_transform *ta,
                         const fxc_shape *b, const fxc_transform *tb, fix16_t clearance, fxc_cache *cache)
{
    if (clearance < 0) return FXC_ERR_NEGATIVE_SIZE;
    if (clearance > FXC_RAW_LIMIT) return FXC_ERR_RANGE;
    return clear_of(a, ta, b, tb, clearance, cache);
}

int fxc_clearance(const fxc_shape *a, const fxc_transform *ta,
                  const fxc_shape *b, const fxc_transform *tb, fix16_t clearance)
{
    return fxc_clearance_cached(a, ta, b, tb, clearance, NULL);
}

/* fxc_distance into *out (a local of the caller). */
static int distance(const fxc_shape *a, const fxc_transform *ta, const fxc_shape *b, const fxc_transform *tb,
                    fxc_cache *cache, fxc_distance_result *out)
{
    fxc_pair p;
    fxc_gjk_result g;
    int st = start(&p, a, ta, b, tb, cache, &g);
    if (st != FXC_OK) return st;
    out->gjk_iterations = g.iterations;
    if (g.outcome == FXC_GJK_CONTAINED) {
        /* Cores meet: touching only if the cores merely touch and the
         * margins are within the touching band. The points are the
         * origin's own weights in the simplex: a point of A and one of B
         * that coincide, in the overlap of the cores. */
        fxc_vec3 d = fxc_v3(0, 0, 0), ca, cb;
        fxc_direction u;
        st = FXC_OVERLAPPING;
        if (margins(&p) <= FXC_TOUCH_TOL && prove_touching(&p, &g, &d)) st = FXC_TOUCHING;
        u = fxc_direction_of(d);
        out->normal = fxc_direction_scaled(&u, FXC_ONE);
        fxc_result_points(&g, &ca, &cb);
        surface(&p, &u, ca, cb, &out->point_a, &out->point_b);
    } else {
        fxc_direction u;
        int64_t dist = fxc_apart_result(&p, &g, &u, &out->normal, &out->point_a, &out->point_b);
        out->distance = dist > 0 ? (fix16_t)dist : 0;
        st = g.outcome != FXC_GJK_CONVERGED ? FXC_ERR_NO_CONVERGENCE : contact_status(dist, FXC_OVERLAPPING);
    }
    out->support_calls = p.support_calls;
    return p.status != FXC_OK ? p.status : st;
}

int fxc_distance(const fxc_shape *a, const fxc_transform *ta,
                 const fxc_shape *b, const fxc_transform *tb,
                 fxc_distance_result *out)
{
    return fxc_distance_cached(a, ta, b, tb, NULL, out);
}

int fxc_distance_cached(const fxc_shape *a, const fxc_transform *ta,
                        const fxc_shape *b, const fxc_transform *tb, fxc_cache *cache,
                        fxc_distance_result *out)
{
    fxc_distance_result r = zero_distance;
    int st;
    if (out == NULL) return FXC_ERR_NULL;
    st = distance(a, ta, b, tb, cache, &r);
    if (st < 0 && st != FXC_ERR_NO_CONVERGENCE) r = zero_distance;
    *out = r;
    return st;
}

/* Two box cores (src/sat.c answers them through their separating axes);
 * told by the type, so that this reference links no box code. */
static int both_boxes(const fxc_pair *p)
{
    return FXC_BOX_SAT && p->a.shape->kind->type == FXC_SHAPE_BOX && p->b.shape->kind->type == FXC_SHAPE_BOX;
}

/* Cores overlap: their depth from EPA, or from the support plane GJK met
 * within the touching band (the cores only touch, and the plane's height
 * is their depth along its normal). */
static int core_depth(fxc_pair *p, const fxc_gjk_result *g, fxc_workspace *ws, fxc_epa_result *e)
{
    if (!g->touch) return fxc_epa(p, g, ws, e);
    e->dir = g->touch_dir;
    e->t = 0;
    e->depth = g->touch_height;
    e->low = g->touch_height;
    fxc_result_points(g, &e->point_a, &e->point_b);
    e->iterations = 0;
    return FXC_OK;
}

/* The answer for overlapping cores from their depth e: the signed
 * distance (minus the depth with the margins), the normal u and the
 * surface points. */
static int64_t overlap_result(fxc_pair *p, const fxc_epa_result *e, fxc_contact *out, fxc_direction *u)
{
    out->epa_iterations = e->iterations;
    out->depth_error = e->depth - e->low;
    if (e->t != 0) {
        u->d = e->dir;
        u->t = e->t;
        u->e = e->e;
    } else {
        *u = fxc_direction_of(e->dir);
    }
    out->normal = fxc_direction_scaled(u, FXC_ONE);
    surface(p, u, e->point_a, e->point_b, &out->point_a, &out->point_b);
    return -((int64_t)e->depth + margins(p));
}

int fxc_collide_pair(fxc_pair *p, const fxc_shape *a, const fxc_transform *ta, const fxc_shape *b,
                     const fxc_transform *tb, fxc_workspace *ws, fxc_cache *cache, fxc_contact *out, fxc_direction *u)
{
    fxc_gjk_result g;
    fxc_epa_result e;
    int64_t sd;
    int st = fxc_pair_init(p, a, ta, b, tb, cache);
    u->t = 0;
    if (st != FXC_OK) return st;
    if (both_boxes(p) && fxc_box_sat(p, &e)) {
        /* Two boxes deeper than their corners' rounding: GJK would find
         * them overlapping, and EPA's place is taken by their axes. */
        sd = overlap_result(p, &e, out, u);
    } else {
        run_gjk(p, -1, cache, &g);
        if (p->status != FXC_OK) return p->status;
        out->gjk_iterations = g.iterations;
        if (g.outcome != FXC_GJK_CONTAINED) {
            /* Cores apart: GJK's distance less the margins (shallow
             * contact of rounded shapes needs no EPA). */
            sd = fxc_apart_result(p, &g, u, &out->normal, &out->point_a, &out->point_b);
            st = g.outcome != FXC_GJK_CONVERGED ? FXC_ERR_NO_CONVERGENCE : FXC_OK;
        } else {
            st = core_depth(p, &g, ws, &e);
            sd = overlap_result(p, &e, out, u);
        }
    }
    if (sd >= 0) out->distance = (fix16_t)sd;
    else out->depth = (fix16_t)-sd;
    out->support_calls = p->support_calls;
    if (p->status != FXC_OK) return p->status;
    return st != FXC_OK ? st : contact_status(sd, FXC_PENETRATING);
}

int fxc_workspace_claim(fxc_workspace *ws, uint32_t config)
{
    if (ws == NULL) return FXC_ERR_NULL;
    if (config != FXC_CONFIG_ID) return FXC_ERR_CONFIG;
    if (ws->busy == FXC_WORKSPACE_BUSY) return FXC_ERR_BUSY;
    ws->busy = FXC_WORKSPACE_BUSY;
    return FXC_OK;
}

int fxc_collide_cfg(uint32_t config, const fxc_shape *a, const fxc_transform *ta, const fxc_shape *b,
                    const fxc_transform *tb, fxc_workspace *ws, fxc_cache *cache, fxc_contact *out)
{
    fxc_contact c = zero_contact;
    int st;
    fxc_pair p;
    fxc_direction u;
    if (out == NULL) return FXC_ERR_NULL;
    st = fxc_workspace_claim(ws, config);
    if (st == FXC_OK) {
        st = fxc_collide_pair(&p, a, ta, b, tb, ws, cache, &c, &u);
        ws->busy = 0;
    }
    if (!fxc_answered(st)) c = zero_contact;
    *out = c;
    return st;
}
