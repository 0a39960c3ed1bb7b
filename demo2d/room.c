/* The 2D demo's world and its physics step: integer and fix16_t only.
 *
 * A step: gravity on the ball and the box; the box against every wall
 * (fxc2_collide_manifold: pushed out along the normal by the depth, its
 * velocity into the wall removed, Coulomb friction along it); the ball
 * against every wall and the box (fxc2_collide: pushed out likewise, its
 * velocity reflected with some bounce). A pair is queried only when the
 * bounding circles meet (the broad phase a game would have). After the
 * steps, one ray from the eye to the ball against every wall and the box
 * (fxc2_raycast) tells whether the eye sees the ball. */
#include "port.h"
#include "fix16.h"
#include "room.h"

#define GRAVITY MU(9800)              /* units / s^2, down */
#define DT ((fix16_t)(65536 / 60))    /* one step: 1/60 s */
#define BOUNCE MU(1750)               /* 1 + the ball's restitution (0.75) */
#define SLOW MU(600)                  /* slower into a wall than this: no bounce */
#define FRICTION MU(250)              /* the box on anything */
#define PAD MU(100)                   /* broad phase: bounding circles this much apart are skipped */

/* A right triangle: the ramp, 6 units long and 3 high, sloping down to the
 * right from the left wall. Counter-clockwise. */
static const fxc2_vec ramp_vertices[3] = { { 0, 0 }, { MU(6000), 0 }, { 0, MU(3000) } };

/* A regular octagon of circumradius 1.2 (cos and sin of multiples of 45
 * degrees times 1.2, in thousandths). Counter-clockwise. */
static const fxc2_vec octagon_vertices[8] = {
    { MU(1200), 0 },         { MU(849), MU(849) },   { 0, MU(1200) }, { MU(-849), MU(849) },
    { MU(-1200), 0 },        { MU(-849), MU(-849) }, { 0, MU(-1200) }, { MU(849), MU(-849) },
};

/* ---- small vector helpers ------------------------------------------------- */

static fxc2_vec v_add(fxc2_vec a, fxc2_vec b)
{
    return fxc2_v(a.x + b.x, a.y + b.y);
}

static fxc2_vec v_sub(fxc2_vec a, fxc2_vec b)
{
    return fxc2_v(a.x - b.x, a.y - b.y);
}

static fxc2_vec v_scale(fxc2_vec a, fix16_t k)
{
    return fxc2_v(fix16_mul(a.x, k), fix16_mul(a.y, k));
}

/* a . b, rounded to nearest; exact in int64 for |components| < 2^31. */
static fix16_t v_dot(fxc2_vec a, fxc2_vec b)
{
    int64_t d = (int64_t)a.x * b.x + (int64_t)a.y * b.y;
    return (fix16_t)((d + 32768) >> 16);
}

static fix16_t v_length(fxc2_vec a)
{
    return fix16_sqrt(v_dot(a, a));
}

/* The midpoint of two points (each below 2^30 raw: no overflow). */
static fxc2_vec v_mid(fxc2_vec a, fxc2_vec b)
{
    return fxc2_v((a.x + b.x) / 2, (a.y + b.y) / 2);
}

/* ---- building the room ---------------------------------------------------- */

/* The farthest point of the shape from its local origin, margin included. */
static fix16_t shape_reach(const fxc2_shape *s)
{
    fix16_t core = 0, d;
    int i;
    switch (s->type) {
    case FXC2_SHAPE_SEGMENT:
        core = v_length(s->u.segment.a);
        d = v_length(s->u.segment.b);
        if (d > core) core = d;
        break;
    case FXC2_SHAPE_BOX:
        core = v_length(s->u.box.half);
        break;
    case FXC2_SHAPE_POLYGON:
        for (i = 0; i < s->u.polygon.count; i++) {
            d = v_length(s->u.polygon.vertices[i]);
            if (d > core) core = d;
        }
        break;
    default: /* a point */
        break;
    }
    return core + s->margin;
}

/* Places body b at pos, turned by `angle` radians, and names it. */
static int place(room_body *b, fix16_t x, fix16_t y, fix16_t angle, char glyph, const char *name)
{
    b->glyph = glyph;
    b->name = name;
    b->reach = shape_reach(&b->shape);
    return fxc2_transform_angle(&b->xf, fxc2_v(x, y), angle);
}

int room_init(room *r)
{
    room_body *w = r->wall;
    int st = FXC_OK;

    /* The walls: boxes half a unit thick around the room's edge. */
    if (st == FXC_OK) st = fxc2_shape_box(&w[0].shape, fxc2_v(MU(10000), MU(250)), 0);
    if (st == FXC_OK) st = place(&w[0], MU(10000), MU(250), 0, '#', "floor");
    if (st == FXC_OK) st = fxc2_shape_box(&w[1].shape, fxc2_v(MU(10000), MU(250)), 0);
    if (st == FXC_OK) st = place(&w[1], MU(10000), MU(9750), 0, '#', "ceiling");
    if (st == FXC_OK) st = fxc2_shape_box(&w[2].shape, fxc2_v(MU(250), MU(4500)), 0);
    if (st == FXC_OK) st = place(&w[2], MU(250), MU(5000), 0, '#', "left wall");
    if (st == FXC_OK) st = fxc2_shape_box(&w[3].shape, fxc2_v(MU(250), MU(4500)), 0);
    if (st == FXC_OK) st = place(&w[3], MU(19750), MU(5000), 0, '#', "right wall");
    /* The ramp, its right angle in the room's lower left corner. */
    if (st == FXC_OK) st = fxc2_shape_polygon(&w[4].shape, ramp_vertices, 3, 0);
    if (st == FXC_OK) st = place(&w[4], MU(500), MU(500), 0, '/', "ramp");
    /* The octagon bumper, turned by 22.5 degrees: a flat top. */
    if (st == FXC_OK) st = fxc2_shape_polygon(&w[5].shape, octagon_vertices, 8, 0);
    if (st == FXC_OK) st = place(&w[5], MU(11500), MU(3800), MU(393), 'O', "bumper");
    /* A capsule ledge, 4.5 long, tilted down to the left by 0.3 rad. */
    if (st == FXC_OK) st = fxc2_shape_capsule(&w[6].shape, MU(2000), MU(250));
    if (st == FXC_OK) st = place(&w[6], MU(15500), MU(6500), MU(300), '=', "ledge");
    /* A rounded pillar (a box with a margin) standing on the floor. */
    if (st == FXC_OK) st = fxc2_shape_box(&w[7].shape, fxc2_v(MU(400), MU(1000)), MU(200));
    if (st == FXC_OK) st = place(&w[7], MU(8200), MU(1700), 0, 'H', "pillar");
    /* A thin rail: a segment with a small margin. */
    if (st == FXC_OK) st = fxc2_shape_segment(&w[8].shape, fxc2_v(MU(-2000), MU(-500)), fxc2_v(MU(2000), MU(500)), MU(50));
    if (st == FXC_OK) st = place(&w[8], MU(4800), MU(5400), 0, '-', "rail");

    /* The ball: radius 0.4, thrown to the right from the upper left. */
    if (st == FXC_OK) st = fxc2_shape_circle(&r->ball.shape, MU(400));
    if (st == FXC_OK) st = place(&r->ball, MU(2500), MU(8500), 0, 'o', "ball");
    /* The box character: 0.7 x 0.7, upright, dropped onto the ramp. */
    if (st == FXC_OK) st = fxc2_shape_box(&r->box.shape, fxc2_v(MU(350), MU(350)), 0);
    if (st == FXC_OK) st = place(&r->box, MU(1600), MU(3550), 0, 'C', "box");
    r->ball_v = fxc2_v(MU(7000), MU(1000));
    r->box_v = fxc2_v(0, 0);
    r->eye = fxc2_v(MU(18700), MU(9000));

    r->frame = 0;
    r->contacts = r->contacts_seen = 0;
    r->los_blocker = -1;
    r->los_status = FXC_SEPARATED;
    r->los_fraction = FXC_ONE;
    r->los_hit = r->ball.xf.pos;
    r->errors = r->frame_errors = 0;
    r->error_status = FXC_OK;
    r->error_what = r->error_with = "";
    r->f_collide.count = r->f_collide.max = 0;
    r->f_collide.sum = 0;
    r->f_manifold = r->f_ray = r->collide = r->manifold = r->ray = r->frame_cost = r->f_collide;
    return st;
}

const char *room_other_name(const room *r, int other)
{
    return other == ROOM_BOX_INDEX ? r->box.name : r->wall[other].name;
}

/* ---- statistics ----------------------------------------------------------- */

static void stat_add(room_stat *s, uint32_t v)
{
    s->count++;
    s->sum += v;
    if (v > s->max) s->max = v;
}

static void stat_merge(room_stat *into, const room_stat *s)
{
    into->count += s->count;
    into->sum += s->sum;
    if (s->max > into->max) into->max = s->max;
}

uint32_t room_stat_mean(const room_stat *s)
{
    return s->count ? (uint32_t)((s->sum + s->count / 2) / s->count) : 0;
}

static uint32_t elapsed(uint32_t t0, uint32_t t1, uint32_t overhead)
{
    return (t1 - t0) > overhead ? (t1 - t0) - overhead : 0;
}

static void note_error(room *r, int st, const room_body *a, const room_body *b)
{
    r->errors++;
    r->frame_errors++;
    r->error_status = st;
    r->error_what = a->name;
    r->error_with = b->name;
}

static void note_contact(room *r, int mover, int other, int st, int points, fix16_t depth, fxc2_vec point,
                         fxc2_vec normal)
{
    room_contact *c;
    r->contacts_seen++;
    if (r->contacts == ROOM_MAX_CONTACTS) return;
    c = &r->contact[r->contacts++];
    c->mover = mover;
    c->other = other;
    c->status = st;
    c->points = points;
    c->depth = depth;
    c->point = point;
    c->normal = normal;
}

/* ---- the physics step ------------------------------------------------------ */

/* 1 when the bounding circles of a and b come within PAD of each other. */
static int near(const room_body *a, const room_body *b)
{
    int64_t dx = (int64_t)a->xf.pos.x - b->xf.pos.x, dy = (int64_t)a->xf.pos.y - b->xf.pos.y;
    int64_t reach = (int64_t)a->reach + b->reach + PAD;
    return dx * dx + dy * dy <= reach * reach;
}

static void fall(room_body *b, fxc2_vec *v)
{
    v->y -= fix16_mul(GRAVITY, DT);
    b->xf.pos = v_add(b->xf.pos, v_scale(*v, DT));
}

/* Pushes the mover out along n (unit, towards the mover) by depth, and
 * takes away `keep` times its speed into the surface (1: it stops going
 * in; BOUNCE: it bounces off). */
static void push_out(room_body *b, fxc2_vec *v, fxc2_vec n, fix16_t depth, fix16_t keep)
{
    fix16_t vn;
    b->xf.pos = v_add(b->xf.pos, v_scale(n, depth));
    vn = v_dot(*v, n);
    if (vn < 0) *v = v_sub(*v, v_scale(n, fix16_mul(vn, keep)));
}

/* Coulomb friction on the box: the speed along the surface drops by
 * FRICTION times the speed the contact took away (`stop`, >= 0). */
static void rub(fxc2_vec *v, fxc2_vec n, fix16_t stop)
{
    fxc2_vec along = v_sub(*v, v_scale(n, v_dot(*v, n)));
    fix16_t speed = v_length(along), loss = fix16_mul(FRICTION, stop);
    if (speed == 0) return;
    if (speed <= loss) *v = v_sub(*v, along);
    else *v = v_sub(*v, v_scale(along, fix16_div(loss, speed)));
}

/* The box against one wall: the manifold (up to two points), the push-out
 * along the contact normal by the contact depth, friction. */
static void box_against(room *r, int k, uint32_t overhead)
{
    const room_body *w = &r->wall[k];
    fxc2_manifold m;
    uint32_t t0, t1;
    fix16_t vn;
    int st;
    if (!near(w, &r->box)) return;
    t0 = port_counter();
    st = fxc2_collide_manifold(&w->shape, &w->xf, &r->box.shape, &r->box.xf, 0, &m);
    t1 = port_counter();
    stat_add(&r->f_manifold, elapsed(t0, t1, overhead));
    if (st < 0) {
        note_error(r, st, &r->box, w);
        return;
    }
    if ((st != FXC_PENETRATING && st != FXC_TOUCHING) || m.count == 0) return;
    note_contact(r, 1, k, st, m.count, m.contact.depth, v_mid(m.point[0].point_a, m.point[0].point_b),
                 m.contact.normal);
    vn = v_dot(r->box_v, m.contact.normal);
    push_out(&r->box, &r->box_v, m.contact.normal, m.contact.depth, FXC_ONE);
    if (vn < 0) rub(&r->box_v, m.contact.normal, -vn);
}

/* The ball against a body (a wall, or the box, which is taken as too heavy
 * to be pushed by it): fxc2_collide, push-out, bounce. */
static void ball_against(room *r, const room_body *b, int other, uint32_t overhead)
{
    fxc2_contact c;
    uint32_t t0, t1;
    int st;
    if (!near(b, &r->ball)) return;
    t0 = port_counter();
    st = fxc2_collide(&b->shape, &b->xf, &r->ball.shape, &r->ball.xf, &c);
    t1 = port_counter();
    stat_add(&r->f_collide, elapsed(t0, t1, overhead));
    if (st < 0) {
        note_error(r, st, &r->ball, b);
        return;
    }
    if (st != FXC_PENETRATING && st != FXC_TOUCHING) return;
    note_contact(r, 0, other, st, 1, c.depth, v_mid(c.point_a, c.point_b), c.normal);
    push_out(&r->ball, &r->ball_v, c.normal, c.depth, v_dot(r->ball_v, c.normal) < -SLOW ? BOUNCE : FXC_ONE);
}

/* The ray from the eye to the ball's centre against every wall and the
 * box; the first hit blocks the view. */
static void look(room *r, uint32_t overhead)
{
    fxc2_vec move = v_sub(r->ball.xf.pos, r->eye);
    int k;
    r->los_blocker = -1;
    r->los_status = FXC_SEPARATED;
    r->los_fraction = FXC_ONE;
    r->los_hit = r->ball.xf.pos;
    for (k = 0; k <= ROOM_WALLS; k++) {
        const room_body *b = k == ROOM_BOX_INDEX ? &r->box : &r->wall[k];
        fxc2_ray_hit h;
        uint32_t t0, t1;
        int st;
        t0 = port_counter();
        st = fxc2_raycast(&b->shape, &b->xf, r->eye, move, &h);
        t1 = port_counter();
        stat_add(&r->f_ray, elapsed(t0, t1, overhead));
        if (st < 0) {
            note_error(r, st, b, &r->ball);
            continue;
        }
        if (st == FXC_SEPARATED || h.fraction >= r->los_fraction) continue;
        r->los_blocker = k;
        r->los_status = st;
        r->los_fraction = h.fraction;
        r->los_hit = h.point;
    }
}

int room_frame(room *r, uint32_t overhead)
{
    room_stat zero = { 0, 0, 0 };
    int step, k;
    r->f_collide = r->f_manifold = r->f_ray = zero;
    r->frame_errors = 0;
    for (step = 0; step < ROOM_SUBSTEPS; step++) {
        r->contacts = r->contacts_seen = 0; /* the last step's are kept */
        fall(&r->ball, &r->ball_v);
        fall(&r->box, &r->box_v);
        for (k = 0; k < ROOM_WALLS; k++) box_against(r, k, overhead);
        for (k = 0; k < ROOM_WALLS; k++) ball_against(r, &r->wall[k], k, overhead);
        ball_against(r, &r->box, ROOM_BOX_INDEX, overhead);
    }
    look(r, overhead);
    stat_merge(&r->collide, &r->f_collide);
    stat_merge(&r->manifold, &r->f_manifold);
    stat_merge(&r->ray, &r->f_ray);
    stat_add(&r->frame_cost, (uint32_t)(r->f_collide.sum + r->f_manifold.sum + r->f_ray.sum));
    r->frame++;
    return r->frame_errors;
}
