/* Public queries: intersect and distance (GJK), collide (GJK + EPA). */
#include <stddef.h>
#include "epa.h"
#include "wide.h"

/* All-zero results, written first so every field is set whatever happens. */
static const fxc_distance_result zero_distance;
static const fxc_contact zero_contact;

/* Sum of the two margins (each < 2^28 raw: the sum fits). */
static int32_t margins(const fxc_pair *p)
{
    return p->a.shape->radius + p->b.shape->radius;
}

/* The origin lies in GJK's final simplex. If the whole Minkowski difference
 * lies within FXC_TOUCH_TOL of one side of a plane through the origin, the
 * shapes only touch, and the plane's outward side is the normal from A to
 * B. Candidate planes: one GJK met on its way (free), else the simplex's
 * own: a triangle's plane, the tetrahedron faces holding the origin, or two
 * planes across a segment; two support calls each, at most 8. Returns 1
 * and the unit normal when proven. */
static int prove_touching(fxc_pair *p, const fxc_gjk_result *g, fxc_vec3 *normal)
{
    static const int face[4][3] = { { 0, 1, 2 }, { 1, 2, 3 }, { 0, 2, 3 }, { 0, 1, 3 } };
    const fxc_simplex *s = &g->s;
    fxc_vec3w cand[4];
    int q, nc = 0;
    if (g->touch) {
        fxc_v3_normalize(g->touch_dir, normal);
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
    for (q = 0; q < nc; q++) {
        fxc_vec3 d;
        int side;
        if (!fxc_dir_fit(&cand[q], &d)) continue;
        for (side = 0; side < 2; side++) {
            fxc_svert w;
            fxc_pair_support(p, d, &w);
            /* max of d.x over A - B within the band? */
            if (fxc_height_within(fxc_v3_dot_wide(d, w.w), fxc_v3_dot_wide(d, d), FXC_TOUCH_TOL)) {
                fxc_v3_normalize(d, normal);
                return 1;
            }
            d = fxc_v3_neg(d);
        }
    }
    return 0;
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

/* Points on the cores (pair frame) pushed out by the margins along the
 * normal, in world space. */
static void surface_points(const fxc_pair *p, fxc_vec3 pa, fxc_vec3 pb, fxc_vec3 n, fxc_vec3 *wa, fxc_vec3 *wb)
{
    *wa = fxc_pair_to_world(p, fxc_v3_add(pa, fxc_v3_scale(n, p->a.shape->radius)));
    *wb = fxc_pair_to_world(p, fxc_v3_sub(pb, fxc_v3_scale(n, p->b.shape->radius)));
}

/* Answer from GJK alone, cores apart: the normal is the separating axis
 * GJK proved (from A to B, see normal_axis in gjk.c); when the cores are
 * within the touching band but that axis is no touching plane (GJK stalled
 * short of proving one), a plane of the final simplex is tried. Closest
 * points on the surfaces; returns the signed distance (margins
 * subtracted). */
static int64_t apart_result(fxc_pair *p, const fxc_gjk_result *g, fxc_vec3 *n, fxc_vec3 *pa, fxc_vec3 *pb)
{
    fxc_vec3 ca, cb;
    (void)fxc_v3_normalize(g->dir, n);
    if (g->dist8 <= (int64_t)FXC_TOUCH_TOL * 256 && g->low8 < -(int64_t)FXC_TOUCH_TOL * 256) (void)prove_touching(p, g, n);
    fxc_simplex_points(&g->s, &ca, &cb);
    surface_points(p, ca, cb, *n, pa, pb);
    return (int64_t)fxc_gjk_distance(g) - margins(p);
}

int fxc_intersect(const fxc_shape *a, const fxc_transform *ta,
                  const fxc_shape *b, const fxc_transform *tb)
{
    fxc_pair p;
    fxc_gjk_result g;
    int32_t r;
    int st = fxc_pair_init(&p, a, ta, b, tb);
    if (st != FXC_OK) return st;
    r = margins(&p);
    fxc_gjk(&p, r + FXC_TOUCH_TOL, r + FXC_TOUCH_TOL, &g);
    if (p.status != FXC_OK) return p.status;
    switch (g.outcome) {
    case FXC_GJK_EXIT_SEPARATED:
        return FXC_SEPARATED;
    case FXC_GJK_EXIT_CLOSE:
    case FXC_GJK_CONTAINED:
        return FXC_OVERLAPPING;
    default:
        /* fxc_distance's rule (contact_status) on the same final answer;
         * touching counts as overlapping here. */
        return (int64_t)fxc_gjk_distance(&g) - r > FXC_TOUCH_TOL ? FXC_SEPARATED : FXC_OVERLAPPING;
    }
}

int fxc_distance(const fxc_shape *a, const fxc_transform *ta,
                 const fxc_shape *b, const fxc_transform *tb,
                 fxc_distance_result *out)
{
    fxc_pair p;
    fxc_gjk_result g;
    int st;

    if (out == NULL) return FXC_ERR_NULL;
    *out = zero_distance;
    st = fxc_pair_init(&p, a, ta, b, tb);
    if (st != FXC_OK) return st;
    fxc_gjk(&p, -1, -1, &g);
    if (p.status != FXC_OK) return p.status;
    out->iterations = g.iterations;

    if (g.outcome == FXC_GJK_CONTAINED) {
        /* Cores meet: touching only if the cores merely touch and the
         * margins are within the touching band. */
        st = FXC_OVERLAPPING;
        if (margins(&p) <= FXC_TOUCH_TOL && prove_touching(&p, &g, &out->normal)) st = FXC_TOUCHING;
        fxc_simplex_points(&g.s, &out->point_a, &out->point_b);
        out->point_a = fxc_pair_to_world(&p, out->point_a);
        out->point_b = fxc_pair_to_world(&p, out->point_b);
    } else {
        int64_t dist = apart_result(&p, &g, &out->normal, &out->point_a, &out->point_b);
        out->distance = dist > 0 ? (fix16_t)dist : 0;
        st = g.outcome == FXC_GJK_CAPPED ? FXC_ERR_NO_CONVERGENCE : contact_status(dist, FXC_OVERLAPPING);
    }
    out->support_calls = p.support_calls;
    if (p.status != FXC_OK) {
        *out = zero_distance;
        return p.status;
    }
    return st;
}

int fxc_collide(const fxc_shape *a, const fxc_transform *ta,
                const fxc_shape *b, const fxc_transform *tb,
                fxc_workspace *ws, fxc_contact *out)
{
    fxc_pair p;
    fxc_gjk_result g;
    fxc_epa_result e;
    int64_t sd;
    int st;

    if (out == NULL) return FXC_ERR_NULL;
    *out = zero_contact;
    if (ws == NULL) return FXC_ERR_NULL;
    st = fxc_pair_init(&p, a, ta, b, tb);
    if (st != FXC_OK) return st;
    fxc_gjk(&p, -1, -1, &g);
    if (p.status != FXC_OK) return p.status;
    out->gjk_iterations = g.iterations;

    if (g.outcome != FXC_GJK_CONTAINED) {
        /* Cores apart: GJK's distance less the margins (shallow contact of
         * rounded shapes needs no EPA). */
        sd = apart_result(&p, &g, &out->normal, &out->point_a, &out->point_b);
        st = g.outcome == FXC_GJK_CAPPED ? FXC_ERR_NO_CONVERGENCE : FXC_OK;
    } else {
        if (g.touch) {
            /* A support plane within the band: the cores only touch, and
             * the plane's height is their depth along its normal. */
            fxc_v3_normalize(g.touch_dir, &e.normal);
            e.depth = g.touch_height;
            fxc_simplex_points(&g.s, &e.point_a, &e.point_b);
            e.iterations = 0;
            st = FXC_OK;
        } else {
            st = fxc_epa(&p, &g, ws, &e);
        }
        out->epa_iterations = e.iterations;
        sd = -((int64_t)e.depth + margins(&p));
        out->normal = e.normal;
        surface_points(&p, e.point_a, e.point_b, e.normal, &out->point_a, &out->point_b);
    }
    if (sd >= 0) out->distance = (fix16_t)sd;
    else out->depth = (fix16_t)-sd;
    out->support_calls = p.support_calls;
    if (p.status != FXC_OK) {
        *out = zero_contact;
        return p.status;
    }
    return st != FXC_OK ? st : contact_status(sd, FXC_PENETRATING);
}
