/* Casts: where a straight move of B first makes contact with A, by
 * conservative advancement (the contract is in fxcollide.h).
 *
 * Bit budget. The move's fraction t is kept in Q32 (2^32 is the whole
 * move). Both ends of the move pass the pair's range check, so B's
 * translation v is below 2^30 raw per component (two poses within 2^13
 * units of A), t * v_i below 2^62, and B's position at t,
 * pos + floor(t * v / 2^32), lies between the two ends: in range. GJK's
 * axis is fitted to 28 bits, so v . axis is exact in int64 (below 2^61).
 * A step is floor(gap * 2^32 / speed) with a gap below 2^30 raw: the
 * numerator is below 2^62. */
#include <stddef.h>
#include "cast.h"
#include "raybox.h"
#include "wide.h"

#define Q32_ONE ((int64_t)1 << 32)

/* Raw LSB by which the shapes GJK sees may be nearer than the true ones:
 * B's placed position is rounded down, less than 1 LSB per coordinate
 * (sqrt 3), and A's and B's points are rounded to nearest, sqrt(3) / 2
 * each (as motion.c's START_SLACK): below 3.5. The rest takes the dips
 * below 2^-6 LSB that GJK's closed form leaves in its bound (gjk.c). */
#define PLACE_SLACK 4

/* Where the advance stopped. */
enum stop { CONTACT, MISS, CORES_OVERLAP };

typedef struct {
    int64_t t;        /* Q32: no contact before it */
    int64_t closing;  /* v . (GJK's axis): negative while B approaches A */
    int64_t gap;      /* signed distance of the surfaces at t, raw */
    fxc_vec3 normal;  /* unit, A to B, at t */
    fxc_vec3 pa, pb;  /* closest points at t, world */
    int iterations;
} advance;

/* All-zero answers: the answer on every error. */
static const advance no_advance;
static const fxc_cast_result no_cast;

/* A move's end, pos + v, within the world's range (so that it fits
 * Q16.16): FXC_OK or FXC_ERR_RANGE. */
static int end_ok(fxc_vec3 pos, fxc_vec3 v)
{
    int64_t x = (int64_t)pos.x + v.x, y = (int64_t)pos.y + v.y, z = (int64_t)pos.z + v.z;
    if (x < -FXC_WORLD_LIMIT || x > FXC_WORLD_LIMIT || y < -FXC_WORLD_LIMIT || y > FXC_WORLD_LIMIT ||
        z < -FXC_WORLD_LIMIT || z > FXC_WORLD_LIMIT)
        return FXC_ERR_RANGE;
    return FXC_OK;
}

/* The move's inputs: no NULL, and B's end in range (end_ok). The pair's
 * range check at the end follows the start's, once the shapes are
 * checked (start_pair). */
static int move_ok(const fxc_shape *a, const fxc_transform *ta, const fxc_shape *b, const fxc_transform *tb, fxc_vec3 v)
{
    if (a == NULL || b == NULL || ta == NULL || tb == NULL) return FXC_ERR_NULL;
    return end_ok(tb->pos, v);
}

/* The pair at the move's start, its shapes checked, and both ends of the
 * move (B moved by v: move_ok) in range. Every pose in between is then in
 * range too: the check bounds |pos_b - centre| and |pos_a - centre|,
 * which are convex in the move. */
static int start_pair(fxc_pair *p, const fxc_shape *a, const fxc_transform *ta, const fxc_shape *b,
                      const fxc_transform *tb, fxc_vec3 v)
{
    int st = fxc_pair_init(p, a, ta, b, tb, NULL);
    return st == FXC_OK ? fxc_pair_in_range(p, ta->pos, fxc_v3_add(tb->pos, v)) : st;
}

/* The longest step (Q32) that cannot pass a contact: the surfaces of the
 * true pose are at least `low` apart along GJK's axis, and close
 * along it at v . axis / |axis| per whole move (`closing` < 0), taken
 * rounded up (fxc_mul_rsqrt is within 2^-27 relative, and 2 LSB more). */
static int64_t safe_step(int64_t low, int64_t closing, const fxc_gjk_result *g)
{
    uint32_t rt = g->feature_t;
    int re = g->feature_e;
    int64_t speed;
    fxc_vec3 dir = g->dir;
    /* 1 / |dir|: GJK's own, when its axis is its final feature's direction */
    if (rt == 0 || dir.x != g->feature_dir.x || dir.y != g->feature_dir.y || dir.z != g->feature_dir.z)
        fxc_rsqrt((uint64_t)fxc_v3_dot_wide(dir, dir), &rt, &re);
    speed = fxc_mul_rsqrt(-closing, rt, re);
    speed += (speed >> 26) + 2;
    return (int64_t)fxc_div_shl32((uint64_t)low, (uint64_t)speed); /* low > 0, below 2^31 */
}

/* The pair moved to B's pose at the next step with the last step's
 * simplex (fxc_pair_move), and GJK from that simplex on it (the pair's
 * status). */
static int next_gjk(fxc_pair *p, fxc_vec3 pos_a, fxc_vec3 pos_b, fxc_cache *cache, fxc_gjk_result *g)
{
    fxc_pair_move(p, pos_a, pos_b, cache, g->s.p, g->s.n);
    return fxc_pair_gjk_seeded(p, cache, g);
}

/* Moves B along v from tb in safe steps until the surfaces are within
 * FXC_CAST_TOL (CONTACT), the move cannot reach A (MISS), or the cores
 * overlap at the start (CORES_OVERLAP).
 * The pair is set up and checked once, at the start with the move's end
 * (start_pair), and only moved after that. Returns a status below 0
 * on an error. Out of line: its frame (the pair, GJK's result) is not to
 * add to fxc_collide's on the overlapping path. */
FXC_NOINLINE static int advance_to_contact(const fxc_shape *a, const fxc_transform *ta, const fxc_shape *b,
                                           const fxc_transform *tb, fxc_vec3 v, advance *c)
{
    fxc_cache cache;
    fxc_vec3 pos_b = tb->pos;
    fxc_pair p;
    fxc_gjk_result g;
    int st;
    c->iterations = 0;
    st = start_pair(&p, a, ta, b, tb, v);
    if (st != FXC_OK) return st;
    cache.axis = fxc_v3(0, 0, 0);
    g.s.n = 0;
    c->t = 0;
    for (c->iterations = 1;; c->iterations++) {
        int64_t low, step;
        /* the first step's GJK starts on A's centre towards B's, each
         * later one from the last one's simplex, moved with B */
        st = c->iterations > 1 ? next_gjk(&p, ta->pos, pos_b, &cache, &g) : fxc_pair_gjk(&p, &cache, &g);
        if (st != FXC_OK) return st;
        if (g.outcome == FXC_GJK_CONTAINED) {
            if (c->t == 0) return CORES_OVERLAP;
            /* no step passes a contact, so only a callback whose answers
             * contradict its earlier ones ends one in an overlap: a
             * contact there, with no normal */
            c->gap = 0;
            c->closing = -1;
            return CONTACT;
        }
        c->gap = (int64_t)fxc_gjk_distance(&g) - (a->margin + b->margin);
        c->closing = fxc_v3_dot_wide(v, g.dir);
        if (g.outcome != FXC_GJK_CONVERGED) {
            st = FXC_ERR_NO_CONVERGENCE;
            break;
        }
        if (c->gap <= FXC_CAST_TOL) {
            st = CONTACT;
            break;
        }
        /* B no longer approaches the separating plane: it never will */
        if (c->closing >= 0) return MISS;
        /* GJK's proven lower bound, less the margins and the rounding of
         * B's position: above 0, as the gap exceeds FXC_CAST_TOL and a
         * converged GJK's bounds are closer than that */
        low = (g.low8 >> 8) - (a->margin + b->margin) - PLACE_SLACK;
        FXC_ASSERT(low > 0);
        if (low <= 0 || c->iterations == FXC_CAST_MAX_ITERATIONS) {
            st = FXC_ERR_NO_CONVERGENCE;
            break;
        }
        step = safe_step(low, c->closing, &g);
        if (step > Q32_ONE - c->t) return MISS;
        c->t += step;
        pos_b = fxc_cast_placed(tb->pos, v, c->t);
    }
    /* the answer where the steps stopped */
    {
        fxc_direction u;
        (void)fxc_apart_result(&p, &g, &u, &c->normal, &c->pa, &c->pb);
    }
    return st;
}

/* Did the advance find the shapes overlapping at the start: the cores, or
 * only the margins (a signed gap beyond the touching band)? */
static int overlap_at_start(int st, const advance *c)
{
    if (st == CORES_OVERLAP) return 1;
    return st == CONTACT && c->t == 0 && c->gap < -FXC_TOUCH_TOL;
}

int fxc_cast_status(int64_t closing, int at_start, fxc_vec3 v)
{
    if (closing < 0) return FXC_HIT;
    if (at_start && (closing > 0 || (v.x == 0 && v.y == 0 && v.z == 0))) return FXC_TOUCHING;
    return FXC_GRAZING;
}

/* The fraction reached, Q32 -> Q16.16 rounded down (never later). */
static fix16_t fraction_of(const advance *c)
{
    return (fix16_t)(c->t >> 16);
}

/* A cast's answer at contact or at the cap. */
static void fill(const advance *c, fxc_cast_result *r)
{
    r->fraction = fraction_of(c);
    r->normal = c->normal;
    r->point_a = c->pa;
    r->point_b = c->pb;
    r->distance = c->gap > 0 ? (fix16_t)c->gap : 0;
}

/* sweep's answer when the shapes overlap at the start (no status). */
#define OVERLAP_AT_START 0x100

/* The move swept: the answer into *out (written once), or
 * OVERLAP_AT_START, writing nothing, when the shapes overlap at the start.
 * Out of line, so that its frame is not on fxc_collide's path. */
FXC_NOINLINE static int sweep(const fxc_shape *a, const fxc_transform *ta, const fxc_shape *b,
                              const fxc_transform *tb, fxc_vec3 v, fxc_cast_result *out)
{
    fxc_cast_result r = no_cast;
    advance c = no_advance;
    int st = move_ok(a, ta, b, tb, v);
    if (st == FXC_OK) st = advance_to_contact(a, ta, b, tb, v, &c);
    if (overlap_at_start(st, &c)) return OVERLAP_AT_START;
    if (st == MISS || st == CONTACT || st == FXC_ERR_NO_CONVERGENCE) r.iterations = c.iterations;
    if (st == CONTACT || st == FXC_ERR_NO_CONVERGENCE) fill(&c, &r);
    if (st == MISS) st = FXC_SEPARATED;
    else if (st == CONTACT) st = fxc_cast_status(c.closing, c.t == 0, v);
    if (!fxc_answered(st)) r = no_cast;
    *out = r;
    return st;
}

int fxc_cast_start(uint32_t config, fxc_workspace *ws, fxc_cast_result *out)
{
    int st;
    if (out == NULL) return FXC_ERR_NULL;
    /* the workspace's rules, as fxc_collide's (the steps need none; an
     * overlap at the start takes it through fxc_collide) */
    st = fxc_workspace_claim(ws, config);
    if (st != FXC_OK) *out = no_cast;
    else ws->busy = 0;
    return st;
}

int fxc_shapecast_cfg(uint32_t config, const fxc_shape *a, const fxc_transform *ta, const fxc_shape *b,
                      const fxc_transform *tb, fxc_vec3 translation, fxc_workspace *ws, fxc_cast_result *out)
{
    int st = fxc_cast_start(config, ws, out);
    if (st != FXC_OK) return st;
    st = sweep(a, ta, b, tb, translation, out);
    if (st != OVERLAP_AT_START) return st;
    {
        fxc_vec3 n;
        st = fxc_cast_overlap(config, a, ta, b, tb, ws, out, &n);
        if (st == FXC_TOUCHING) st = fxc_cast_status(fxc_v3_dot_wide(translation, n), 1, translation);
    }
    return st;
}

int fxc_cast_overlap(uint32_t config, const fxc_shape *a, const fxc_transform *ta, const fxc_shape *b,
                     const fxc_transform *tb, fxc_workspace *ws, fxc_cast_result *out, fxc_vec3 *normal)
{
    fxc_contact c;
    int st = fxc_collide_cfg(config, a, ta, b, tb, ws, NULL, &c);
    *out = no_cast;
    out->iterations = 1;
    out->normal = c.normal;
    out->point_a = c.point_a;
    out->point_b = c.point_b;
    out->depth = c.depth;
    *normal = c.normal;
    return st;
}

/* The ray's start in the shape: inside, unless it only touches a core
 * without margin (fxc_distance proves that). Out of line, and called
 * from fxc_raycast once raycast has returned: fxc_distance's frames are
 * not to add to the cast's. */
FXC_NOINLINE static int from_inside(const fxc_shape *s, const fxc_transform *t, fxc_vec3 origin, fxc_vec3 v,
                                    fxc_ray_hit *hit)
{
    fxc_shape point;
    fxc_transform at;
    fxc_distance_result d;
    int st;
    (void)fxc_shape_point(&point, 0);
    (void)fxc_transform_set(&at, NULL, origin); /* the identity: always FXC_OK */
    st = fxc_distance(s, t, &point, &at, &d);
    if (st != FXC_TOUCHING) {
        hit->point = origin;
        return st == FXC_OVERLAPPING ? FXC_INSIDE : st;
    }
    hit->point = d.point_a;
    hit->normal = d.normal;
    return fxc_cast_status(fxc_v3_dot_wide(v, d.normal), 1, v);
}

/* A ray that starts on the surface, answered by the sign along one axis:
 * the one the first step proved, or fxc_distance's rounded normal where
 * it starts on a core (from_inside). At an edge or a vertex that axis is
 * one of many normals, and a ray may enter across another face, or leave
 * across one; a rounded normal can call a slide along a face leaving. The
 * segment from the origin to its end enters the shape exactly when
 * fxc_distance finds them overlapping (FXC_HIT); else the shape, convex,
 * holds no point of it but on its surface: the whole ray lies on the
 * surface when its end does too (FXC_GRAZING), else it leaves
 * (FXC_TOUCHING). A segment beyond the range (a ray longer than it along
 * a coordinate), or a pair of it and the shape beyond it, cannot be
 * asked, and one axis is no answer there: FXC_ERR_RANGE. (The steps'
 * FXC_TOUCHING, proven on GJK's exact axis, is never asked again.)
 * Errors of fxc_distance (a callback's, FXC_ERR_NO_CONVERGENCE) are the
 * ray's. The 2D cast keeps the same rules (cast2d.c, start_answer). Out
 * of line, called once raycast has returned: fxc_distance's frames are
 * not to add to the cast's. */
FXC_NOINLINE static int ray_start(const fxc_shape *s, const fxc_transform *t, fxc_vec3 origin, fxc_vec3 v, int st)
{
    fxc_shape segment;
    fxc_transform at;
    fxc_distance_result d;
    int on = fxc_shape_segment(&segment, fxc_v3(0, 0, 0), v, 0) == FXC_OK ? FXC_OK : FXC_ERR_RANGE;
    if (on == FXC_OK) {
        (void)fxc_transform_set(&at, NULL, origin); /* the identity: always FXC_OK */
        on = fxc_distance(s, t, &segment, &at, &d);
    }
    if (on < 0) return on;
    if (on != FXC_TOUCHING) return on == FXC_OVERLAPPING ? FXC_HIT : st;
    (void)fxc_shape_point(&segment, 0);
    (void)fxc_transform_set(&at, NULL, fxc_v3_add(origin, v));
    on = fxc_distance(s, t, &segment, &at, &d);
    if (on < 0) return on;
    return on == FXC_TOUCHING ? FXC_GRAZING : FXC_TOUCHING;
}

/* The ray's point as B, a point core with no margin, by conservative
 * advancement; OVERLAP_AT_START when it starts in the shape (from_inside
 * answers). */
static int ray_advance(const fxc_shape *s, const fxc_transform *t, fxc_vec3 origin, fxc_vec3 v, fxc_ray_hit *hit)
{
    fxc_shape point;
    fxc_transform at;
    advance c = no_advance;
    int st;
    (void)fxc_shape_point(&point, 0);
    (void)fxc_transform_set(&at, NULL, origin); /* the identity: always FXC_OK */
    st = advance_to_contact(s, t, &point, &at, v, &c);
    hit->iterations = c.iterations;
    if (st == MISS) return FXC_SEPARATED;
    if (overlap_at_start(st, &c)) return OVERLAP_AT_START;
    if (st == CONTACT || st == FXC_ERR_NO_CONVERGENCE) {
        hit->fraction = fraction_of(&c);
        hit->point = c.pa;
        hit->normal = c.normal;
    }
    return st == CONTACT ? fxc_cast_status(c.closing, c.t == 0, v) : st;
}

/* The ray's inputs checked as move_ok checks a cast's (no NULL, the end
 * in range), then a box without margin by its slabs, exactly
 * (src/raybox.c), any other shape by ray_advance. Out of line: its frame
 * is not to add to from_inside's. */
FXC_NOINLINE static int raycast(const fxc_shape *s, const fxc_transform *t, fxc_vec3 origin, fxc_vec3 v,
                                fxc_ray_hit *hit)
{
    int st;
    if (s == NULL || t == NULL) return FXC_ERR_NULL;
    st = end_ok(origin, v);
    if (st != FXC_OK) return st;
    if (s->type == FXC_SHAPE_BOX && s->margin == 0 && fxc_ray_box(s, t, origin, v, hit, &st)) return st;
    return ray_advance(s, t, origin, v, hit);
}

/* Zeroes a ray's answer, field by field (a struct copy is a memcpy call
 * on the M0). */
static void clear_hit(fxc_ray_hit *h)
{
    h->fraction = 0;
    h->point = fxc_v3(0, 0, 0);
    h->normal = h->point;
    h->iterations = 0;
}

int fxc_raycast(const fxc_shape *s, const fxc_transform *t, fxc_vec3 origin, fxc_vec3 translation,
                fxc_ray_hit *hit)
{
    int st, inside, moves;
    if (hit == NULL) return FXC_ERR_NULL;
    clear_hit(hit);
    st = raycast(s, t, origin, translation, hit);
    inside = st == OVERLAP_AT_START;
    if (inside) st = from_inside(s, t, origin, translation, hit);
    /* a contact at the start, found by the first step (a box's slabs
     * decide exactly, with no steps): a FXC_TOUCHING of the steps is
     * proven (the ray leaves a plane GJK proved), from_inside's only
     * rounded, but for no move (touching: no segment to ask) */
    moves = translation.x != 0 || translation.y != 0 || translation.z != 0;
    if (hit->iterations == 1 && (st == FXC_HIT || st == FXC_GRAZING || (st == FXC_TOUCHING && inside && moves)))
        st = ray_start(s, t, origin, translation, st);
    if (!fxc_answered(st)) clear_hit(hit);
    return st;
}
