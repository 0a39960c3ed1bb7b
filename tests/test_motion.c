/* The turning cast (fxc_shapecast_motion) against a double reference: B's
 * start vertices turned exactly (Rodrigues in double) about the pivot's
 * path, the gap their polytope distance to A less the margins. The gap of
 * a turning pair is not convex in the fraction, so the reference's first
 * contact is the first of REF_SAMPLES samples at which the gap reaches 0,
 * refined by bisection; a contact shorter than a sample's spacing may be
 * missed there, which only moves the reference's contact later, so the
 * one-sided check (the cast never later than the reference) still holds.
 *
 * The contract (fxcollide.h): never later than the exact motion's first
 * contact; at the fraction returned, the surfaces at most FXC_CAST_TOL +
 * 3 E apart, E the computed pose's bound, stated there from B's reach and
 * arm (pose_slack below restates it, in LSB). */
#include <math.h>
#include "scene.h"

#define REF_SAMPLES 240
#define REF_STEPS 50

typedef struct {
    const body *a;
    rg_poly b;       /* B's core at the start */
    double radii;    /* both margins, units */
    rg_vec pivot, k; /* the pivot at the start, the unit axis */
    rg_vec trans;    /* the pivot's translation, units */
    double angle;    /* radians over the move */
} ref_turn;

/* Point x of B at the start, at fraction s of the move. */
static rg_vec turned(const ref_turn *rt, rg_vec x, double s)
{
    double th = rt->angle * s, c = cos(th), sn = sin(th);
    rg_vec d = rg_sub(x, rt->pivot);
    rg_vec r = rg_add(rg_add(rg_scale(d, c), rg_scale(rg_cross(rt->k, d), sn)), rg_scale(rt->k, rg_dot(rt->k, d) * (1 - c)));
    return rg_add(rg_add(rt->pivot, rg_scale(rt->trans, s)), r);
}

static double ref_gap(const ref_turn *rt, double s)
{
    rg_poly moved = rt->b; /* a rigid motion keeps the hull's faces and edges */
    int i;
    for (i = 0; i < moved.n; i++) moved.v[i] = turned(rt, rt->b.v[i], s);
    return rg_poly_distance(&rt->a->poly, &moved, NULL, NULL) - rt->radii;
}

/* The first fraction at which the reference gap reaches 0 (2: none
 * found), and the least sampled gap. */
static double ref_first_contact(const ref_turn *rt, double *min_gap)
{
    double prev = 0, lo, hi;
    int i;
    *min_gap = ref_gap(rt, 0);
    if (*min_gap <= 0) return 0;
    for (i = 1; i <= REF_SAMPLES; i++) {
        double s = (double)i / REF_SAMPLES, g = ref_gap(rt, s);
        if (g < *min_gap) *min_gap = g;
        if (g <= 0) break;
        prev = s;
    }
    if (i > REF_SAMPLES) return 2;
    lo = prev;
    hi = (double)i / REF_SAMPLES;
    for (i = 0; i < REF_STEPS; i++) {
        double m = 0.5 * (lo + hi);
        if (ref_gap(rt, m) <= 0) hi = m;
        else lo = m;
    }
    return hi;
}

static void ref_setup(ref_turn *rt, const body *a, const body *b, const fxc_motion *m)
{
    rg_vec k = rg_from(m->axis);
    double len = rg_len(k);
    rt->a = a;
    rt->b = b->poly;
    rt->radii = a->radius + b->radius;
    rt->pivot = rg_from(m->pivot);
    rt->k = len > 0 ? rg_scale(k, 1.0 / len) : rg_v(0, 0, 1);
    rt->trans = rg_from(m->translation);
    rt->angle = t_d(m->angle);
}

/* E, the computed pose's bound as fxcollide.h states it, in LSB: the
 * turn's entries within 9 LSB, times B's rotation's largest column sum C
 * plus its rounding (1/2 LSB) over 3 reach; the arm's 9 LSB times |d|_1
 * plus 1/2; the translation's rounding and the two shapes' support
 * points' (3 in all); doubled for a length. No turn: the last 3 only. */
static double pose_slack(const body *b, const fxc_motion *m)
{
    double reach = 0, c = 0, d1, e = 3;
    int i, j;
    fxc_vec3 d = fxc_v3_sub(b->xf.pos, m->pivot);
    for (i = 0; i < b->poly.n; i++) {
        rg_vec l = rg_sub(b->poly.v[i], rg_from(b->xf.pos));
        double x = fabs(l.x) > fabs(l.y) ? fabs(l.x) : fabs(l.y);
        x = x > fabs(l.z) ? x : fabs(l.z);
        if (x > reach) reach = x; /* the core's reach seen in the world: at most 2 x (rotation within 2) */
    }
    for (j = 0; j < 3; j++) {
        double s = 0;
        for (i = 0; i < 3; i++) s += fabs(t_d(b->xf.rot.m[i][j]));
        if (s > c) c = s;
    }
    d1 = fabs(t_d(d.x)) + fabs(t_d(d.y)) + fabs(t_d(d.z));
    if (m->angle != 0) e += 3 * lsb(2 * reach) * (9 * c + 0.5) / 65536.0 + 9 * d1 + 1.5;
    return 2 * e;
}

typedef struct {
    double worst_late, worst_gap;
    int cases, hits, grazes, misses, touching, overlapping, iterations, most_iterations, capped;
} turn_stats;

/* One turning cast against the reference. */
static void judge(const ref_turn *rt, const body *b, const fxc_motion *m, int st, const fxc_cast_result *res,
                  turn_stats *ts, long i)
{
    double min_gap, s_ref = ref_first_contact(rt, &min_gap), tol = FXC_CAST_TOL + 3 * pose_slack(b, m) + 4;
    ts->cases++;
    if (st == FXC_PENETRATING) {
        ts->overlapping++;
        CHECK_MSG(lsb(ref_gap(rt, 0)) <= 1.0, "case %ld: penetrating, reference gap %.1f LSB", i, lsb(ref_gap(rt, 0)));
        return;
    }
    ts->iterations += res->iterations;
    if (res->iterations > ts->most_iterations) ts->most_iterations = res->iterations;
    if (st == FXC_ERR_NO_CONVERGENCE) {
        /* the cap: the last safe fraction is before any contact */
        ts->capped++;
        CHECK_MSG(t_d(res->fraction) <= s_ref, "case %ld: capped at %.6f past the contact %.6f", i, t_d(res->fraction), s_ref);
        return;
    }
    CHECK_MSG(st == FXC_SEPARATED || st == FXC_HIT || st == FXC_GRAZING || st == FXC_TOUCHING, "case %ld: status %s", i,
              fxc_status_name(st));
    if (st == FXC_SEPARATED) {
        ts->misses++;
        /* a miss where the reference goes in: tunnelling */
        CHECK_MSG(lsb(min_gap) > -2.0, "case %ld: a miss, but the reference overlaps by %.1f LSB at %.6f", i,
                  -lsb(min_gap), s_ref);
        return;
    }
    ts->hits += st == FXC_HIT;
    ts->grazes += st == FXC_GRAZING;
    ts->touching += st == FXC_TOUCHING;
    {
        double f = t_d(res->fraction), gap = lsb(ref_gap(rt, f)), late = f - (s_ref > 1 ? 1 : s_ref);
        /* never later than the reference's first contact (the fraction
         * is rounded down: its own 2^-16 is not lateness) */
        if (s_ref <= 1) {
            if (late > ts->worst_late) ts->worst_late = late;
            CHECK_MSG(late <= 0.0, "case %ld: %.9f of the move late (fraction %.6f, reference %.6f)", i, late, f, s_ref);
        }
        if (gap > ts->worst_gap) ts->worst_gap = gap;
        CHECK_MSG(gap <= tol, "case %ld: gap %.1f LSB at the fraction %.6f (bound %.1f, reference contact %.6f)", i,
                  gap, f, tol, s_ref);
    }
}

/* A random A (box, capsule or hull) and a random B (box, sphere, capsule
 * or hull) 2 to 4 units from it, B turned about a pivot near the middle
 * between them by 3/8 to 1/2 of a turn either way, about an axis near the
 * normal of the plane through A, B and the pivot (so that B's path passes
 * near A: about a third of the cases hit), while the pivot moves a little;
 * a quarter of the moves go straight across A, with or without a small
 * turn. */
void test_motion_random(void)
{
    t_rng r = { 2101 };
    turn_stats ts = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
    long i, n = T_TARGET_CASES(400, 6);
    for (i = 0; i < n; i++) {
        body a, b;
        fxc_mat3 ra, rb;
        fxc_motion m;
        ref_turn rt;
        fxc_cast_result res;
        int st, kind_a = (int)(t_next(&r) % 3), kind_b = (int)(t_next(&r) % 4);
        fxc_vec3 ha = t_vec(&r, FXC_ONE / 4, FXC_ONE), hb = t_vec(&r, FXC_ONE / 8, FXC_ONE / 2), off, side;
        if (kind_a == 0) scene_box(&a, ha);
        else if (kind_a == 1) CHECK(fxc_shape_capsule(&a.shape, ha.x, ha.y / 2) == FXC_OK);
        else scene_hull(&r, &a, 4 + (int)(t_next(&r) % 9), ha.x);
        if (kind_b == 0) scene_box(&b, hb);
        else if (kind_b == 1) CHECK(fxc_shape_sphere(&b.shape, hb.x) == FXC_OK);
        else if (kind_b == 2) CHECK(fxc_shape_capsule(&b.shape, hb.x, hb.y / 2) == FXC_OK);
        else scene_hull(&r, &b, 4 + (int)(t_next(&r) % 9), hb.x);
        scene_rotation(&r, &ra);
        scene_rotation(&r, &rb);
        scene_place(&a, &ra, t_vec(&r, -FXC_ONE, FXC_ONE));
        do {
            off = t_vec(&r, -4 * FXC_ONE, 4 * FXC_ONE);
        } while (rg_len(rg_from(off)) < 2.0);
        scene_place(&b, &rb, fxc_v3_add(a.xf.pos, off));
        scene_finish(&a);
        scene_finish(&b);
        /* the pivot near the middle; the axis across off and a random side */
        m.pivot = fxc_v3_add(fxc_v3_add(a.xf.pos, fxc_v3_scale(off, FXC_ONE / 2)), t_vec(&r, -FXC_ONE / 4, FXC_ONE / 4));
        side = t_vec(&r, -FXC_ONE, FXC_ONE);
        m.axis = fxc_v3_add(fxc_v3_cross(off, side), t_vec(&r, -FXC_ONE / 8, FXC_ONE / 8));
        m.angle = t_range(&r, 154415, 205887); /* 3/4 pi to pi: B's centre near A's at the end */
        if (t_next(&r) % 2) m.angle = -m.angle;
        m.translation = t_vec(&r, -FXC_ONE / 2, FXC_ONE / 2);
        if (i % 4 == 1) m.translation = fxc_v3(0, 0, 0); /* a joint: a pure turn */
        if (i % 8 == 2) m.angle = t_range(&r, -FXC_ONE / 8, FXC_ONE / 8); /* a small turn */
        if (i % 8 == 3 || i % 8 == 5) { /* a move across A, straight or with a small turn */
            m.translation = fxc_v3_add(fxc_v3_neg(off), fxc_v3_scale(off, t_range(&r, -FXC_ONE / 4, FXC_ONE / 2)));
            m.translation = fxc_v3_add(m.translation, t_vec(&r, -FXC_ONE / 2, FXC_ONE / 2));
            m.angle = i % 8 == 3 ? 0 : t_range(&r, -FXC_ONE / 4, FXC_ONE / 4);
        }
        if (m.axis.x == 0 && m.axis.y == 0 && m.axis.z == 0) m.axis.z = 1;
        ref_setup(&rt, &a, &b, &m);
        st = fxc_shapecast_motion(&a.shape, &a.xf, &b.shape, &b.xf, &m, &t_ws, &res);
        judge(&rt, &b, &m, st, &res, &ts, i);
        if (t_failures() > 20) break;
    }
    port_printf("    turning casts: %d cases (%d hits, %d grazing, %d touching, %d misses, %d overlapping, %d capped), "
                "latest %.6f of the move, widest gap %.1f LSB, steps mean %.1f, most %d (cap %d)\n",
                ts.cases, ts.hits, ts.grazes, ts.touching, ts.misses, ts.overlapping, ts.capped, ts.worst_late,
                ts.worst_gap, (double)ts.iterations / (ts.cases - ts.overlapping + (ts.cases == ts.overlapping)),
                ts.most_iterations, 4 * FXC_CAST_MAX_ITERATIONS);
    CHECK_MSG(ts.hits > n / 8 && ts.misses > n / 8, "hits %d, misses %d of %ld: the cases miss the point", ts.hits,
              ts.misses, n);
}

/* A link 2 units long from a pivot at the origin along +x, turned a
 * quarter turn about +z towards a box across its way. */
static void link_and_wall(body *link, body *wall, fxc_motion *m)
{
    scene_box(link, fxc_v3(FXC_ONE, FXC_ONE / 8, FXC_ONE / 8));
    scene_place(link, NULL, fxc_v3(FXC_ONE, 0, 0));
    scene_finish(link);
    scene_box(wall, fxc_v3(FXC_ONE / 2, FXC_ONE / 4, FXC_ONE));
    scene_place(wall, NULL, fxc_v3(3 * FXC_ONE / 2, 3 * FXC_ONE / 2, 0));
    scene_finish(wall);
    m->pivot = fxc_v3(0, 0, 0);
    m->axis = fxc_v3(0, 0, FXC_ONE);
    m->angle = 102944; /* pi / 2 */
    m->translation = fxc_v3(0, 0, 0);
}

/* A straight move (angle 0) is fxc_shapecast's, to the status: a sphere
 * of radius 0.625 units touching, from outside, a prism's face through
 * (0, 0) and (4, -3) units (outward normal (3, 4, 0) / 5, which Q16.16
 * cannot hold: rounded, (39322, 52429) is 1 LSB off square to the face),
 * its centre over the face's middle. Moving along the face, either way
 * and with a rise along z, the sphere slides off its ends, never closer:
 * grazing; into the face, a hit at 0; out along its normal, touching.
 * A review found the turning cast's straight moves judged by the rounded
 * normal: a hit one way along the face and touching the other. */
void test_motion_straight_slide(void)
{
    const fix16_t u = FXC_ONE;
    const fxc_vec3 prism[6] = { { 0, 0, u }, { 0, 0, -u }, { 4 * u, -3 * u, u }, { 4 * u, -3 * u, -u },
                                { -3 * u, -4 * u, u }, { -3 * u, -4 * u, -u } };
    const fxc_vec3 moves[5] = { { 4 * u, -3 * u, 0 }, { -4 * u, 3 * u, 0 }, { 4 * u, -3 * u, u / 2 },
                                { -3 * u, -4 * u, 0 }, { 3 * u, 4 * u, 0 } };
    const int want[5] = { FXC_GRAZING, FXC_GRAZING, FXC_GRAZING, FXC_HIT, FXC_TOUCHING };
    fxc_shape a, b;
    fxc_transform ta, tb;
    int k;
    CHECK(fxc_shape_hull(&a, prism, 6, 0) == FXC_OK);
    CHECK(fxc_shape_sphere(&b, 5 * u / 8) == FXC_OK);
    CHECK(fxc_transform_set(&ta, NULL, fxc_v3(0, 0, 0)) == FXC_OK);
    /* the face's middle (2, -1.5) units plus 0.625 (3, 4) / 5 units */
    CHECK(fxc_transform_set(&tb, NULL, fxc_v3(2 * u + 3 * u / 8, -3 * u / 2 + u / 2, 0)) == FXC_OK);
    for (k = 0; k < 5; k++) {
        fxc_motion m;
        fxc_cast_result straight, turning;
        int s1, s2;
        m.pivot = tb.pos;
        m.axis = fxc_v3(0, 0, u);
        m.angle = 0;
        m.translation = moves[k];
        s1 = fxc_shapecast(&a, &ta, &b, &tb, moves[k], &t_ws, &straight);
        s2 = fxc_shapecast_motion(&a, &ta, &b, &tb, &m, &t_ws, &turning);
        CHECK_MSG(s1 == want[k] && s2 == want[k], "move %d: shapecast %s, turning cast %s, want %s", k,
                  fxc_status_name(s1), fxc_status_name(s2), fxc_status_name(want[k]));
        CHECK(straight.fraction == 0 && turning.fraction == 0);
    }
}

/* The rules: bad input, an overlap at the start (fxc_collide's answer),
 * touching at the start, no motion, a straight move against
 * fxc_shapecast, and a joint's link turned into a wall (first contact
 * where the link's far top corner meets the wall's lower face: the
 * reference, and the analytic angle). */
void test_motion_rules(void)
{
    body link, wall;
    fxc_motion m, bad;
    fxc_cast_result res, lin;
    fxc_contact c;
    ref_turn rt;
    double min_gap, s_ref, f, corner_angle;
    int st;
    link_and_wall(&link, &wall, &m);
    /* bad input: every error writes the zero result */
    CHECK(fxc_shapecast_motion(&wall.shape, &wall.xf, &link.shape, &link.xf, &m, &t_ws, NULL) == FXC_ERR_NULL);
    res.fraction = 7;
    CHECK(fxc_shapecast_motion(&wall.shape, &wall.xf, &link.shape, &link.xf, NULL, &t_ws, &res) == FXC_ERR_NULL);
    CHECK(res.fraction == 0 && res.iterations == 0);
    CHECK(fxc_shapecast_motion(&wall.shape, &wall.xf, &link.shape, &link.xf, &m, NULL, &res) == FXC_ERR_NULL);
    CHECK(fxc_shapecast_motion(NULL, &wall.xf, &link.shape, &link.xf, &m, &t_ws, &res) == FXC_ERR_NULL);
    bad = m;
    bad.axis = fxc_v3(0, 0, 0);
    CHECK(fxc_shapecast_motion(&wall.shape, &wall.xf, &link.shape, &link.xf, &bad, &t_ws, &res) == FXC_ERR_ZERO_SIZE);
    bad.angle = 0; /* no turn: any axis */
    bad.translation = fxc_v3(0, 2 * FXC_ONE, 0);
    CHECK(fxc_shapecast_motion(&wall.shape, &wall.xf, &link.shape, &link.xf, &bad, &t_ws, &res) == FXC_HIT);
    bad = m;
    bad.pivot = fxc_v3(-20000 * FXC_ONE, 0, 0); /* the arm beyond the range */
    CHECK(fxc_shapecast_motion(&wall.shape, &wall.xf, &link.shape, &link.xf, &bad, &t_ws, &res) == FXC_ERR_RANGE);
    bad = m;
    bad.pivot = fxc_v3(-2000 * FXC_ONE, -2000 * FXC_ONE, 0); /* an arm of 2829 units: taken */
    bad.angle = FXC_ONE / 1024;
    st = fxc_shapecast_motion(&wall.shape, &wall.xf, &link.shape, &link.xf, &bad, &t_ws, &res);
    CHECK_MSG(st == FXC_HIT || st == FXC_SEPARATED, "arm of 2829 units: %s", fxc_status_name(st));
    {
        /* each coordinate of the arm in range (3000 units), but a link
         * 2000 units across reaches beyond twice the range (8192 units)
         * from the pivot */
        fxc_shape big;
        CHECK(fxc_shape_box(&big, fxc_v3(2000 * FXC_ONE, 2000 * FXC_ONE, 2000 * FXC_ONE), 0) == FXC_OK);
        bad.pivot = fxc_v3(-2999 * FXC_ONE, -2999 * FXC_ONE, -3000 * FXC_ONE);
        CHECK(fxc_shapecast_motion(&wall.shape, &wall.xf, &big, &link.xf, &bad, &t_ws, &res) == FXC_ERR_RANGE);
    }
    bad = m;
    bad.translation = fxc_v3(0, 32767 * FXC_ONE, 0); /* the pivot's path out of the world */
    CHECK(fxc_shapecast_motion(&wall.shape, &wall.xf, &link.shape, &link.xf, &bad, &t_ws, &res) == FXC_ERR_RANGE);
    {
        fxc_shape neg = link.shape;
        neg.u.box.half.x = -1;
        CHECK(fxc_shapecast_motion(&wall.shape, &wall.xf, &neg, &link.xf, &m, &t_ws, &res) == FXC_ERR_BAD_SHAPE);
    }
    {
        fxc_transform skew = link.xf;
        skew.rot.m[0][0] = 3 * FXC_ONE;
        CHECK(fxc_shapecast_motion(&wall.shape, &wall.xf, &link.shape, &skew, &m, &t_ws, &res) == FXC_ERR_BAD_TRANSFORM);
    }
    /* the joint's link turned into the wall: the link's far top corner
     * (2, 1/8) reaches the wall's lower face y = 5/4 (x within 1 .. 2)
     * at the angle whose sine is 5/4 over the corner's distance, less
     * the corner's own angle */
    ref_setup(&rt, &wall, &link, &m);
    s_ref = ref_first_contact(&rt, &min_gap);
    corner_angle = asin(1.25 / sqrt(4.0 + 1.0 / 64)) - atan2(1.0 / 8, 2.0);
    CHECK_MSG(fabs(s_ref - corner_angle / (3.14159265358979 / 2)) < 1e-5, "reference contact %.6f, analytic %.6f", s_ref,
              corner_angle / (3.14159265358979 / 2));
    st = fxc_shapecast_motion(&wall.shape, &wall.xf, &link.shape, &link.xf, &m, &t_ws, &res);
    f = t_d(res.fraction);
    CHECK_MSG(st == FXC_HIT, "link: status %s", fxc_status_name(st));
    /* early by no more than the stop's slack, 3 E (about 250 LSB here),
     * over the corner's speed (pi units a move): 0.0012 */
    CHECK_MSG(f <= s_ref && f > s_ref - 0.0015, "link: fraction %.6f, reference %.6f", f, s_ref);
    CHECK_MSG(res.normal.y < -FXC_ONE + 64, "link: normal (%d, %d, %d), not -y", res.normal.x, res.normal.y, res.normal.z);
    /* turned the other way it misses */
    bad = m;
    bad.angle = -m.angle;
    CHECK(fxc_shapecast_motion(&wall.shape, &wall.xf, &link.shape, &link.xf, &bad, &t_ws, &res) == FXC_SEPARATED);
    CHECK(res.fraction == 0 && res.iterations >= 1);
    /* no motion, apart: a miss */
    bad.angle = 0;
    CHECK(fxc_shapecast_motion(&wall.shape, &wall.xf, &link.shape, &link.xf, &bad, &t_ws, &res) == FXC_SEPARATED);
    /* a straight move: fxc_shapecast's answer, within the rounding of the
     * steps (the turning cast keeps a few LSB more in hand) */
    bad.translation = fxc_v3(FXC_ONE / 4, 3 * FXC_ONE / 2, 0);
    st = fxc_shapecast_motion(&wall.shape, &wall.xf, &link.shape, &link.xf, &bad, &t_ws, &res);
    CHECK(fxc_shapecast(&wall.shape, &wall.xf, &link.shape, &link.xf, bad.translation, &t_ws, &lin) == st && st == FXC_HIT);
    CHECK_MSG(res.fraction <= lin.fraction && res.fraction >= lin.fraction - 16, "straight: %d against fxc_shapecast's %d",
              res.fraction, lin.fraction);
    CHECK(res.normal.x == lin.normal.x && res.normal.y == lin.normal.y && res.normal.z == lin.normal.z);
    /* overlapping at the start: fxc_collide's answer, bit for bit */
    scene_place(&link, NULL, fxc_v3(FXC_ONE, 5 * FXC_ONE / 4, 0));
    scene_finish(&link);
    st = fxc_shapecast_motion(&wall.shape, &wall.xf, &link.shape, &link.xf, &m, &t_ws, &res);
    CHECK(st == FXC_PENETRATING);
    CHECK(fxc_collide(&wall.shape, &wall.xf, &link.shape, &link.xf, &t_ws, &c) == FXC_PENETRATING);
    CHECK(res.depth == c.depth && res.normal.x == c.normal.x && res.normal.y == c.normal.y && res.point_b.z == c.point_b.z);
    CHECK(res.fraction == 0 && res.iterations == 1);
    /* touching at the start (the link's top face on the wall's lower
     * face): turning away from it or into it, a HIT at 0. A turn's
     * contact is a hit: one point's velocity proves nothing of B's other
     * points, and a turn can come back round to A */
    scene_place(&link, NULL, fxc_v3(3 * FXC_ONE / 2, 9 * FXC_ONE / 8, 0));
    scene_finish(&link);
    m.pivot = fxc_v3(FXC_ONE / 2, 9 * FXC_ONE / 8, 0);
    m.angle = -FXC_ONE / 4; /* clockwise: the far end goes down */
    st = fxc_shapecast_motion(&wall.shape, &wall.xf, &link.shape, &link.xf, &m, &t_ws, &res);
    CHECK_MSG(st == FXC_HIT && res.fraction == 0, "touching, turning away: %s", fxc_status_name(st));
    m.angle = FXC_ONE / 4;
    st = fxc_shapecast_motion(&wall.shape, &wall.xf, &link.shape, &link.xf, &m, &t_ws, &res);
    CHECK_MSG(st == FXC_HIT && res.fraction == 0, "touching, turning in: %s at %d", fxc_status_name(st), res.fraction);
    {
        /* a bar (half 1, 1/4, 1/4) lying on a slab's top face y = 1, turned
         * by 0.5 rad about its own centre: its (-1, -1/4) corner is at
         * y = 5/4 - sin(a) - cos(a) / 4 < 1 for every a > 0, in at once,
         * while the contact point at x = 5/6 rises. TOUCHING (moving
         * apart) was said from that one point */
        /* shapes alone, no reference bodies: the M0's test stack has no
         * room for two more */
        fxc_shape slab, bar;
        fxc_transform ts, tbar;
        fxc_motion spin;
        CHECK(fxc_shape_box(&slab, fxc_v3(2 * FXC_ONE, FXC_ONE, FXC_ONE), 0) == FXC_OK);
        CHECK(fxc_shape_box(&bar, fxc_v3(FXC_ONE, FXC_ONE / 4, FXC_ONE / 4), 0) == FXC_OK);
        CHECK(fxc_transform_set(&ts, NULL, fxc_v3(0, 0, 0)) == FXC_OK);
        CHECK(fxc_transform_set(&tbar, NULL, fxc_v3(0, 5 * FXC_ONE / 4, 0)) == FXC_OK);
        spin.pivot = fxc_v3(0, 5 * FXC_ONE / 4, 0);
        spin.axis = fxc_v3(0, 0, FXC_ONE);
        spin.angle = FXC_ONE / 2;
        spin.translation = fxc_v3(0, 0, 0);
        st = fxc_shapecast_motion(&slab, &ts, &bar, &tbar, &spin, &t_ws, &res);
        CHECK_MSG(st == FXC_HIT && res.fraction == 0, "bar on a slab, turned: %s at %d", fxc_status_name(st), res.fraction);
    }
}

/* A ball that answers small for its first `calls` support calls and large
 * after: a callback that answers one question two ways. */
typedef struct {
    int calls, seen;
} fickle;

static fxc_vec3 fickle_support(fxc_vec3 dir, void *user)
{
    fickle *f = (fickle *)user;
    fxc_vec3 u;
    fix16_t r = f->seen++ < f->calls ? FXC_ONE / 8 : FXC_ONE;
    (void)fxc_v3_normalize(dir, &u);
    return fxc_v3_scale(u, r);
}

/* A rotation that is not orthonormal: 2 sqrt 2 times a turn by 45 degrees
 * about z, every entry of its first two columns exactly +-2 units (which
 * fxc_transform_set accepts). Turned by -0.75 rad it passes -pi/4, where
 * it is 2.83 I: the pose's rotation is refused (FXC_ERR_BAD_TRANSFORM,
 * the zero result), as fxcollide.h says. The same move without the turn
 * keeps the pose's rotation and hits A halfway, never later (B reaches
 * 4 units along x from x = 20, A to x = 10: 6 units of a 12-unit move).
 * Found by a review. */
void test_motion_turned_pose_refused(void)
{
    fxc_shape a, b;
    fxc_transform ta, tb;
    fxc_mat3 r = { { { 2 * FXC_ONE, -2 * FXC_ONE, 0 }, { 2 * FXC_ONE, 2 * FXC_ONE, 0 }, { 0, 0, FXC_ONE } } };
    fxc_cast_result res;
    fxc_motion m;
    CHECK(fxc_shape_box(&a, fxc_v3(10 * FXC_ONE, 10 * FXC_ONE, 10 * FXC_ONE), 0) == FXC_OK);
    CHECK(fxc_shape_box(&b, fxc_v3(FXC_ONE, FXC_ONE, FXC_ONE), 0) == FXC_OK);
    CHECK(fxc_transform_set(&ta, NULL, fxc_v3(0, 0, 0)) == FXC_OK);
    CHECK(fxc_transform_set(&tb, &r, fxc_v3(20 * FXC_ONE, 0, 0)) == FXC_OK);
    m.pivot = tb.pos;
    m.axis = fxc_v3(0, 0, FXC_ONE);
    m.angle = -(3 * FXC_ONE) / 4;
    m.translation = fxc_v3(-12 * FXC_ONE, 0, 0);
    res.fraction = 7;
    CHECK(fxc_shapecast_motion(&a, &ta, &b, &tb, &m, &t_ws, &res) == FXC_ERR_BAD_TRANSFORM);
    CHECK(res.fraction == 0 && res.iterations == 0);
    m.angle = 0;
    CHECK(fxc_shapecast_motion(&a, &ta, &b, &tb, &m, &t_ws, &res) == FXC_HIT);
    CHECK_MSG(res.fraction <= FXC_ONE / 2 && res.fraction >= FXC_ONE / 2 - 64, "fraction %d", res.fraction);
}

/* The turning cast of a ball that grows in the middle of the steps: a
 * pose proven apart is then found overlapping when the cast steps back to
 * it. Every switch point ends, with a documented status; some of them
 * reach the second look (FXC_ERR_CALLBACK), which stepping back again
 * would never have ended. */
void test_motion_contradicting_callback(void)
{
    body link, wall;
    fxc_motion m;
    fxc_shape ball;
    fxc_transform tb;
    fxc_cast_result res;
    fickle f;
    int calls, caught = 0;
    link_and_wall(&link, &wall, &m);
    CHECK(fxc_shape_custom(&ball, fickle_support, &f, FXC_ONE, 0) == FXC_OK);
    tb = link.xf;
    tb.pos = fxc_v3(7 * FXC_ONE / 4, 0, 0); /* the ball on the link's far end, turned into the wall */
    for (calls = 0; calls < 300; calls++) {
        int st;
        f.calls = calls;
        f.seen = 0;
        st = fxc_shapecast_motion(&wall.shape, &wall.xf, &ball, &tb, &m, &t_ws, &res);
        CHECK_MSG(st == FXC_HIT || st == FXC_GRAZING || st == FXC_SEPARATED || st == FXC_PENETRATING ||
                      st == FXC_TOUCHING || st == FXC_ERR_CALLBACK || st == FXC_ERR_NO_CONVERGENCE,
                  "switch after %d calls: %s", calls, fxc_status_name(st));
        caught += st == FXC_ERR_CALLBACK;
    }
    CHECK_MSG(caught > 0, "no switch point reached a contradiction");
}

/* A ball of radius 1/4 that answers radius 3 for `count` of its calls
 * from call `at` on (a callback contradicting itself for a moment). */
typedef struct {
    long seen, at, count;
} blink;

static fxc_vec3 blink_support(fxc_vec3 dir, void *user)
{
    blink *k = (blink *)user;
    long c = k->seen++;
    fxc_vec3 u;
    (void)fxc_v3_normalize(dir, &u);
    return fxc_v3_scale(u, c >= k->at && c < k->at + k->count ? 3 * FXC_ONE : FXC_ONE / 4);
}

/* The step cap holds when a pose is measured again: a ball 0.75 units
 * over a large box, turned 12 rad about a vertical axis 5 units off (it
 * circles at that height, never touching), takes a step per support
 * calls' worth of its turn; where one answer blinks large near the end, a
 * pose proven apart is found overlapping and the cast steps back to the
 * pose before. From a review: that second look counted as a step, 129 of
 * a cap of 128. */
void test_motion_cap_with_step_back(void)
{
    fxc_shape a, b;
    fxc_transform ta, tb;
    fxc_motion m;
    fxc_cast_result res;
    blink k = { 0, 1L << 30, 0 };
    long total, at, worst = 0;
    int st;
    CHECK(fxc_shape_box(&a, fxc_v3(10 * FXC_ONE, 10 * FXC_ONE, 10 * FXC_ONE), 0) == FXC_OK);
    CHECK(fxc_transform_set(&ta, NULL, fxc_v3(0, 0, 0)) == FXC_OK);
    CHECK(fxc_shape_custom(&b, blink_support, &k, 4 * FXC_ONE, 0) == FXC_OK);
    CHECK(fxc_transform_set(&tb, NULL, fxc_v3(0, 11 * FXC_ONE, 0)) == FXC_OK);
    m.pivot = fxc_v3(0, 11 * FXC_ONE, -5 * FXC_ONE);
    m.axis = fxc_v3(0, FXC_ONE, 0);
    m.angle = 12 * FXC_ONE;
    m.translation = fxc_v3(0, 0, 0);
    st = fxc_shapecast_motion(&a, &ta, &b, &tb, &m, &t_ws, &res);
    total = k.seen;
    CHECK_MSG(st == FXC_SEPARATED || st == FXC_ERR_NO_CONVERGENCE, "no blink: %s", fxc_status_name(st));
    for (at = total - T_TARGET_CASES(400, 40); at < total; at++) {
        k.seen = 0;
        k.at = at;
        k.count = 1;
        (void)fxc_shapecast_motion(&a, &ta, &b, &tb, &m, &t_ws, &res);
        if (res.iterations > worst) worst = res.iterations;
    }
    CHECK_MSG(worst <= 4 * FXC_CAST_MAX_ITERATIONS, "%ld steps, the cap %d", worst, 4 * FXC_CAST_MAX_ITERATIONS);
}
