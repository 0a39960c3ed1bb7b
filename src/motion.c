/* Cast with rotation (fxc_shapecast_motion; the contract is in
 * fxcollide.h): conservative advancement over B's poses turned about a
 * pivot, with a bound on the speed of every point of B and on how far a
 * computed pose's points lie from the exact pose's.
 *
 * Budget. The arm d = pos_B - pivot is within FXC_RAW_LIMIT (< 2^28) per
 * coordinate, B's core reach below 2^28 (fxc_shape_check) and its
 * rotation's entries within 2 units (2^17 raw). The fraction t is Q32
 * (2^32 the whole move), so angle * t and translation * t are within
 * 2^63. The bound r on how far B reaches from the pivot is held below
 * 2^29 (prepare), so a point of B less its pivot is below 2^29 per
 * coordinate, the turn's speed |angle| r below 2^60 before its shift, the
 * translation's closing speed below 2^32; a step is floor(room 2^32 /
 * speed) with room below 2^30. */
#include <stddef.h>
#include "cast.h"
#include "kind.h"
#include "wide.h"

#define Q32_ONE ((int64_t)1 << 32)

/* A computed turn's entries are within this many LSB of the exact
 * rotation by angle * t: fxc_mat3_from_axis_angle is within 8 LSB per
 * entry (the bound tests/test_vec.c holds it to), and its angle, angle * t
 * rounded down, within 1 LSB of the exact one, which moves an entry of a
 * rotation by at most as much. */
#define TURN_ERR 9

/* The cap on the steps: a turn's bound on a point's speed is looser than
 * a straight move's closing speed along the axis, so a turn that passes A
 * close by takes more steps than fxc_shapecast's cap (test_motion_random
 * prints the mean and the most its cases took). */
#define TURN_MAX_STEPS (4 * FXC_CAST_MAX_ITERATIONS)

/* The start pose is B's own; its points and A's are rounded by less than
 * sqrt(3) / 2 raw each. */
#define START_SLACK 2

/* Where the advance stopped: above every status (below 0: an error). */
enum stop { CONTACT = 0x100, MISS, CORES_OVERLAP };

typedef struct {
    const fxc_motion *m;
    fxc_vec3 arm;    /* pos_B - pivot */
    fxc_vec3 k;      /* the unit axis (fxc_v3_normalize), when it turns */
    int turns;       /* angle != 0 */
    uint64_t reach;  /* raw, rounded up: no point of B's surface gets farther from the pivot */
    uint64_t spin;   /* raw per whole move, rounded up: the turn moves no point of B faster */
    int64_t slack;   /* raw: a computed pose's points (t > 0) are within this of the exact pose's */
} turning;

typedef struct {
    int64_t t;          /* Q32: no contact before it */
    int64_t gap;        /* signed distance of the surfaces at t, raw */
    fxc_vec3 normal;    /* unit, A to B, at t */
    fxc_vec3 pa, pb;    /* closest points at t, world */
    int64_t closing;    /* the translation along GJK's proven axis at t: exact */
    int iterations;
} stop_point;

static const fxc_cast_result no_turn;

/* ceil(sqrt(v)): a length rounded up. */
static uint64_t sqrt_up(uint64_t v)
{
    uint64_t r = fxc_isqrt64(v);
    return r * r < v ? r + 1 : r;
}

/* |v|^2 for |v_i| <= 2^31: below 3 2^62. */
static uint64_t norm2(fxc_vec3 v)
{
    uint64_t x = fxc_abs_u32(v.x), y = fxc_abs_u32(v.y), z = fxc_abs_u32(v.z);
    return x * x + y * y + z * z;
}

/* |v| rounded up, for |v_i| <= 2^31. */
static uint64_t length_up(fxc_vec3 v)
{
    return sqrt_up(norm2(v));
}

/* The larger of most and |v|^2. */
static uint64_t farther(uint64_t most, fxc_vec3 v)
{
    uint64_t q = norm2(v);
    return q > most ? q : most;
}

/* How far B's core reaches from its own position, |xi| for xi a core
 * point (local), rounded up: its farthest vertex, a cylinder's or cone's
 * rim (a cone's apex is nearer), and for a callback 7/4 of its bound
 * (above sqrt(3) bound). */
static uint64_t core_radius(const fxc_shape *b, uint32_t reach)
{
    uint64_t most = 0, r, h;
    int i;
    switch (b->type) {
    case FXC_SHAPE_POINT: break;
    case FXC_SHAPE_SEGMENT: most = farther(norm2(b->u.segment.a), b->u.segment.b); break;
    case FXC_SHAPE_TRIANGLE:
        for (i = 0; i < 3; i++) most = farther(most, b->u.triangle.v[i]);
        break;
    case FXC_SHAPE_BOX: most = norm2(b->u.box.half); break;
    case FXC_SHAPE_CYLINDER:
    case FXC_SHAPE_CONE:
        r = (uint64_t)(b->type == FXC_SHAPE_CONE ? b->u.cone.radius : b->u.cylinder.radius);
        h = (uint64_t)(b->type == FXC_SHAPE_CONE ? b->u.cone.half_height : b->u.cylinder.half_height);
        most = r * r + h * h;
        break;
    case FXC_SHAPE_HULL:
        for (i = 0; i < b->u.hull.count; i++) most = farther(most, b->u.hull.vertices[i]);
        break;
    default: return ((uint64_t)reach * 7 + 3) / 4;
    }
    return sqrt_up(most);
}

/* The bounds of the move. The farthest a point of B's surface gets from
 * the pivot: r <= |d| + |R xi| + margin, with |xi| at most the core's
 * radius (core_radius) and |R xi| <= sigma |xi|, sigma^2 (R's largest
 * singular value, squared) at most the largest row sum of |R^T R|
 * (Gershgorin; about 1 for a rotation); so the speed the turn gives a
 * point, |angle| r. And the slack of a computed pose, per coordinate:
 * B's rotation Q' R within TURN_ERR C + 0.5 LSB per entry (C the largest
 * column sum of |R|, in units) times 3 reach, the arm Q' d within
 * TURN_ERR |d|_1 + 0.5 raw, the translation's rounding 1, and the support
 * points' of B and A, 1/2 each; doubled for the length (sqrt 3 < 2). */
static void bounds(turning *s, const fxc_shape *b, const fxc_transform *tb, uint32_t reach)
{
    const fxc_mat3 *R = &tb->rot;
    uint64_t g_max = 0, c_max = 0, d1, e;
    int i, j, k;
    for (i = 0; i < 3; i++) {
        uint64_t c = 0, g = 0;
        for (j = 0; j < 3; j++) {
            int64_t gij = 0; /* column i . column j, below 3 2^34 */
            for (k = 0; k < 3; k++) gij += fxc_smull(R->m[k][i], R->m[k][j]);
            g += (uint64_t)(gij < 0 ? -gij : gij);
            c += fxc_abs_u32(R->m[j][i]);
        }
        if (g > g_max) g_max = g;
        if (c > c_max) c_max = c;
    }
    /* sigma at most 3 2^17 raw (6 units: entries within 2), times the core's
     * radius (below 2^29): below 2^48 */
    s->reach = length_up(s->arm) + ((sqrt_up(g_max) * core_radius(b, reach) + 0xFFFF) >> 16) + (uint64_t)b->margin;
    s->spin = s->turns ? (fxc_abs_u32(s->m->angle) * s->reach + 0xFFFF) >> 16 : 0;
    d1 = (uint64_t)fxc_abs_u32(s->arm.x) + fxc_abs_u32(s->arm.y) + fxc_abs_u32(s->arm.z);
    e = 3; /* the translation's rounding (1) and B's and A's support points' (1/2 each), up */
    if (s->turns) {
        /* 3 reach (TURN_ERR C + 2^15) below 2^52; TURN_ERR d1 below 2^33 */
        e += (3 * (uint64_t)reach * (TURN_ERR * c_max + 0x8000) + 0xFFFFFFFFu) >> 32;
        e += ((TURN_ERR * d1 + 0xFFFF) >> 16) + 1;
    }
    s->slack = (int64_t)(2 * e);
}

/* The move's inputs checked and its bounds made: B's shape valid, a turn
 * about a nonzero axis, the arm within range, B's reach from the pivot
 * (s->reach) within 2^29 raw, and the ball of that radius about the
 * pivot's path (it holds B through the move) within the world. Out of
 * line: its frame is not to sit under the steps' (advance). */
FXC_NOINLINE static int prepare(turning *s, const fxc_shape *b, const fxc_transform *tb, const fxc_motion *m)
{
    uint32_t reach;
    int64_t arm[3], piv[3], tr[3];
    int i, st;
    s->m = m;
    s->turns = m->angle != 0;
    if (s->turns && !fxc_v3_normalize(m->axis, &s->k)) return FXC_ERR_ZERO_SIZE;
    st = fxc_shape_check(b, &reach);
    if (st != FXC_OK) return st == FXC_ERR_RANGE ? FXC_ERR_RANGE : FXC_ERR_BAD_SHAPE;
    if (!fxc_rotation_ok(&tb->rot)) return FXC_ERR_BAD_TRANSFORM;
    piv[0] = m->pivot.x, piv[1] = m->pivot.y, piv[2] = m->pivot.z;
    tr[0] = m->translation.x, tr[1] = m->translation.y, tr[2] = m->translation.z;
    arm[0] = (int64_t)tb->pos.x - piv[0], arm[1] = (int64_t)tb->pos.y - piv[1], arm[2] = (int64_t)tb->pos.z - piv[2];
    for (i = 0; i < 3; i++)
        if (arm[i] < -FXC_RAW_LIMIT || arm[i] > FXC_RAW_LIMIT) return FXC_ERR_RANGE;
    s->arm = fxc_v3((fix16_t)arm[0], (fix16_t)arm[1], (fix16_t)arm[2]);
    bounds(s, b, tb, reach);
    if (s->reach > (uint64_t)1 << 29) return FXC_ERR_RANGE; /* B reaching over 8192 units from the pivot */
    for (i = 0; i < 3; i++) {
        int64_t lo = tr[i] < 0 ? piv[i] + tr[i] : piv[i], hi = tr[i] < 0 ? piv[i] : piv[i] + tr[i];
        if (lo - (int64_t)s->reach < -FXC_WORLD_LIMIT || hi + (int64_t)s->reach > FXC_WORLD_LIMIT) return FXC_ERR_RANGE;
    }
    return FXC_OK;
}

/* B's pose at fraction t (Q32): the start pose itself at 0, else the turn
 * Q' by angle * t (rounded down) applied to B's rotation and to the arm,
 * each rounded, plus the pivot moved by translation * t (rounded down). */
static void pose_at(const turning *s, const fxc_transform *tb, int64_t t, fxc_transform *out)
{
    fxc_mat3 q;
    fxc_vec3 arm = s->arm;
    out->rot = tb->rot;
    if (t == 0) {
        out->pos = tb->pos;
        return;
    }
    if (s->turns) {
        /* fxc_mat3_from_axis_angle's bits, its axis normalised once */
        fxc_mat3_turn(s->k, (fix16_t)(((int64_t)s->m->angle * t) >> 32), &q);
        fxc_mat3_mul(&q, &tb->rot, &out->rot);
        arm = fxc_mat3_mul_v3(&q, arm);
    }
    out->pos = fxc_v3_add(fxc_cast_placed(s->m->pivot, s->m->translation, t), arm);
}

/* h / |d| rounded up, for h > 0 a dot product with the fitted direction
 * d (below 2^62): fxc_mul_rsqrt within 2^-27 of it, and 2 LSB more. */
static uint64_t height_up(int64_t h, fxc_vec3 d)
{
    uint32_t rt;
    int re;
    int64_t v;
    fxc_rsqrt((uint64_t)fxc_v3_dot_wide(d, d), &rt, &re);
    v = fxc_mul_rsqrt(h, rt, re);
    return (uint64_t)(v + (v >> 26) + 2);
}

/* How fast the pivot's translation closes the gap along GJK's axis (A to
 * B), raw per whole move, rounded up: -translation . dir / |dir|, or 0
 * when it opens it (translation below 2^31, dir fitted to 28 bits: the
 * dot product exact in int64; height_up).
 * The gap between the cores is at least their gap along that fixed axis,
 * which closes no faster than this plus the turn's speed (the step's
 * bound: conservative advancement's, as fxc_shapecast's). */
static uint64_t approach(const turning *s, const fxc_gjk_result *g)
{
    int64_t closing = fxc_v3_dot_wide(s->m->translation, g->dir);
    return closing >= 0 ? 0 : height_up(-closing, g->dir);
}

/* How fast the turn closes the gap along GJK's axis d (A to B) at pose t,
 * raw per whole move, rounded up: a point x of B's core moves at angle k x
 * (x - c) (c the pivot), whose component against d is angle (x - c) . w
 * with w = k x d / |d| (|w| <= 1). Its largest value over the core is
 * |angle| times the core's support, less the pivot's, along sign(angle)
 * w: the support point q at the computed pose, with the exact pose's
 * points within the pose slack, the support's rounding (2, and 1 more for
 * a curved core's rim) and the pivot's (2) in hand, and the rounded axis k
 * (within 2^-16 of the exact one) at most reach 2^-14 more. The margin
 * moves with its core (a ball about every core point), so B's surface
 * closes the gap along d no faster than its core's points do. Unlike
 * |angle| reach, this sees that a link swept past A's edge mostly slides
 * along it. Pair frame: d, k x d (below 2^45) fitted to 28 bits, q - c
 * below 2^30. */
static uint64_t turn_now(const turning *s, fxc_pair *p, const fxc_gjk_result *g, int64_t t)
{
    fxc_vec3w w = fxc_v3_cross_wide(s->k, g->dir);
    fxc_vec3 u;
    uint64_t h = 0, err = (uint64_t)s->slack + 5 + (s->reach >> 14);
    if (s->m->angle < 0) { /* below 2^45: negates exactly */
        w.x = -w.x;
        w.y = -w.y;
        w.z = -w.z;
    }
    if (fxc_dir_fit(&w, &u)) {
        fxc_vec3 q = p->b.shape->kind->support(p, &p->b, u);
        fxc_vec3 c = fxc_v3_sub(fxc_cast_placed(s->m->pivot, s->m->translation, t), p->origin);
        int64_t hq = fxc_v3_dot_wide(fxc_v3_sub(q, c), u);
        if (hq > 0) {
            h = height_up(hq, u);
            h += h >> 14; /* |k x d| / |d| up to 1 + 2^-16 */
        }
    }
    return (fxc_abs_u32(s->m->angle) * (h + err) + 0xFFFF) >> 16;
}

/* The speed a step divides its room by: the closing speed of the pivot's
 * translation, plus the turn's, the smaller of two bounds. |angle| r holds
 * for any step. turn_now holds at pose t and drifts as B turns: after a
 * turn by phi the support is within phi r of its height at t, so over a
 * step turning B by at most theta (rad) the gap closes by at most the
 * step times (closing + turn_now + spin theta / 2) (spin = |angle| r: the
 * drift's mean rate). theta is taken for the longest step the bound at t
 * allows (the room over closing + turn_now, or the rest of the move),
 * which bounds the step the sum allows. From 2 rad on the drift alone is
 * at least spin, so the old bound is the smaller: theta is held there,
 * which keeps the product below 2^61 (spin below 2^44). A callback B
 * keeps the old bound: its answers are checked against GJK's, which this
 * support call is not. Out of line: its frame is not to sit in advance's
 * under GJK's. */
FXC_NOINLINE static uint64_t step_speed(const turning *s, fxc_pair *p, const fxc_gjk_result *g, int64_t t,
                                        int64_t room, uint64_t closing)
{
    uint64_t old = closing + s->spin, base, cap, theta, fresh;
    if (!s->turns || p->b.shape->kind->check != NULL) return old;
    base = closing + turn_now(s, p, g, t); /* above 0: turn_now's slack */
    if (base >= old) return old;
    cap = fxc_div_shl32((uint64_t)room, base);
    if (cap > (uint64_t)(Q32_ONE - t)) cap = (uint64_t)(Q32_ONE - t);
    theta = (fxc_abs_u32(s->m->angle) * cap + 0xFFFFFFFFu) >> 32; /* raw (Q16.16 rad), rounded up */
    if (theta > (1u << 17)) theta = 1u << 17;
    fresh = base + ((s->spin * theta + (1u << 17) - 1) >> 17);
    return fresh < old ? fresh : old;
}

/* Turns B along the motion in safe steps until the surfaces are within
 * FXC_CAST_TOL, or within the poses' rounding (CONTACT), the move ends
 * short of A (MISS), or the cores overlap at the start (CORES_OVERLAP).
 * Each step keeps the slack of the pose it leaves (none at the start) and
 * of the pose it reaches in hand, so the next pose's cores are apart: if
 * GJK finds them overlapping all the same (touching within its own
 * rounding), the contact is the pose before. The pose is the caller's
 * (the pair points into it). Out of line: its frame (the pair, GJK's
 * result) is not to add to fxc_collide's. */
FXC_NOINLINE static int advance(const fxc_shape *a, const fxc_transform *ta, const fxc_shape *b,
                                const fxc_transform *tb, const turning *s, fxc_transform *pose, stop_point *c)
{
    fxc_cache cache;
    fxc_pair p;
    fxc_gjk_result g;
    int64_t margins = (int64_t)a->margin + b->margin, before = 0;
    int st = FXC_OK, back = 0;
    cache.axis = fxc_v3(0, 0, 0);
    c->t = 0;
    for (c->iterations = 1;; c->iterations++) {
        int64_t low, room, step;
        uint64_t speed;
        pose_at(s, tb, c->t, pose);
        st = fxc_pair_init(&p, a, ta, b, pose, &cache);
        if (st == FXC_OK) st = fxc_pair_gjk(&p, &cache, &g);
        if (st != FXC_OK) return st;
        if (g.outcome == FXC_GJK_CONTAINED) {
            if (c->t == 0) return CORES_OVERLAP;
            /* the pose before was proven apart: found overlapping on a
             * second look, a shape answered the same question two ways (a
             * callback), and stepping back again would never end */
            if (back) return FXC_ERR_CALLBACK;
            c->t = before; /* the pose before: apart, by the step's rule */
            back = 1;
            c->iterations--; /* measured again: no step, and the cap holds */
            continue;
        }
        c->gap = (int64_t)fxc_gjk_distance(&g) - margins;
        if (g.outcome != FXC_GJK_CONVERGED) {
            st = FXC_ERR_NO_CONVERGENCE;
            break;
        }
        /* GJK's proven lower bound, less the margins, the slack of this
         * pose and that of the next: the exact poses' surfaces are apart
         * until the next step (so at contact they are at most 3 slack
         * apart, and GJK's rounding) */
        low = (g.low8 >> 8) - margins;
        room = low - (c->t == 0 ? START_SLACK : s->slack) - s->slack;
        if (back || c->gap <= FXC_CAST_TOL || room <= 0) {
            st = CONTACT;
            break;
        }
        if (c->iterations >= TURN_MAX_STEPS) {
            st = FXC_ERR_NO_CONVERGENCE;
            break;
        }
        speed = step_speed(s, &p, &g, c->t, room, approach(s, &g));
        if (speed == 0) return MISS; /* no turn, and moving away from A's side of the plane */
        step = (int64_t)fxc_div_shl32((uint64_t)room, speed);
        if (step > Q32_ONE - c->t) return MISS;
        if (step == 0) { /* no room at 2^-32 of the move: here */
            st = CONTACT;
            break;
        }
        before = c->t;
        c->t += step;
    }
    {
        fxc_direction u;
        c->closing = fxc_v3_dot_wide(s->m->translation, g.dir);
        (void)fxc_apart_result(&p, &g, &u, &c->normal, &c->pa, &c->pb);
    }
    return st;
}

/* The status at contact: fxc_shapecast's rule on the sign of `closing`,
 * the translation along the contact's axis, for a straight move (angle
 * 0), on the axes fxc_shapecast takes: GJK's exact one where the steps
 * stopped (not the normal rounded from it, which a move along a face can
 * cross by an LSB), fxc_collide's normal where the cores meet at the
 * start. A turn's contact is
 * FXC_HIT: the velocity of one contact point says nothing of B's other
 * points, one of which may be closing in while it moves away, and a turn
 * can come back round to A later, so neither moving apart (FXC_TOUCHING)
 * nor sliding along (FXC_GRAZING) is proven. */
static int turn_status(const fxc_motion *m, int64_t closing, int at_start)
{
    if (m->angle != 0) return FXC_HIT;
    return fxc_cast_status(closing, at_start, m->translation);
}

/* The motion swept: the answer into *out (written once), or
 * CORES_OVERLAP, writing nothing, when the shapes overlap at the start.
 * Out of line, so that its frame is not on fxc_collide's path. */
FXC_NOINLINE static int sweep_turning(const fxc_shape *a, const fxc_transform *ta, const fxc_shape *b,
                                      const fxc_transform *tb, const fxc_motion *m, fxc_cast_result *out)
{
    fxc_transform pose;
    turning s;
    stop_point c;
    int st;
    c.t = 0;
    c.gap = 0;
    c.closing = 0;
    c.iterations = 0;
    st = a == NULL || b == NULL || ta == NULL || tb == NULL || m == NULL ? FXC_ERR_NULL : prepare(&s, b, tb, m);
    if (st == FXC_OK) st = advance(a, ta, b, tb, &s, &pose, &c);
    if (st == CORES_OVERLAP || (st == CONTACT && c.t == 0 && c.gap < -FXC_TOUCH_TOL)) return CORES_OVERLAP;
    /* the answer, written here and only here (no copy of it on the stack,
     * which the M0's limit has no room for) */
    *out = no_turn;
    if (st == MISS || st == CONTACT || st == FXC_ERR_NO_CONVERGENCE) out->iterations = c.iterations;
    if (st == CONTACT || st == FXC_ERR_NO_CONVERGENCE) {
        out->fraction = (fix16_t)(c.t >> 16);
        out->normal = c.normal;
        out->point_a = c.pa;
        out->point_b = c.pb;
        out->distance = c.gap > 0 ? (fix16_t)c.gap : 0;
    }
    if (st == MISS) st = FXC_SEPARATED;
    else if (st == CONTACT) st = turn_status(m, c.closing, c.t == 0);
    if (!fxc_answered(st)) *out = no_turn;
    return st;
}

int fxc_shapecast_motion_cfg(uint32_t config, const fxc_shape *a, const fxc_transform *ta, const fxc_shape *b,
                             const fxc_transform *tb, const fxc_motion *m, fxc_workspace *ws, fxc_cast_result *out)
{
    fxc_vec3 n;
    int st = fxc_cast_start(config, ws, out);
    if (st != FXC_OK) return st;
    st = sweep_turning(a, ta, b, tb, m, out);
    if (st != CORES_OVERLAP) return st;
    st = fxc_cast_overlap(config, a, ta, b, tb, ws, out, &n);
    if (st == FXC_TOUCHING) st = turn_status(m, fxc_v3_dot_wide(m->translation, n), 1);
    return st;
}
