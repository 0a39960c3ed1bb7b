/* Contact and closest points against independent references.
 *
 * Touching contacts: the points must lie on both shapes (in the contact
 * region), checked against the reference polytopes. Shapes with margins
 * (spheres, capsules, rounded boxes): the points against the analytic
 * answer, up to margins of thousands of units.
 *
 * Bounds, from the bit budget: a core point is a weighted sum of rounded
 * support points (each coordinate within 0.5 LSB, 0.87 LSB in length),
 * rounded once (0.87): POINT_BOUND = 4.5 LSB as for every witness point.
 * A margin m is added along the fitted direction of the normal: its
 * direction is within 2^-27 of the exact feature direction per component
 * (28-bit fit; 1.74 * 2^-27 in angle), its length within 2^-28 (reciprocal
 * square root) plus 2^-32 (products cut to 32 bits) plus 0.5 LSB of
 * rounding: at most 0.5 + m * 2^-26 LSB per point, m in raw LSB.
 */
#include <math.h>
#include <stddef.h>
#include "scene.h"
#include "stats.h"

#define POINT_BOUND 4.5

static fxc_vec3 V(double x, double y, double z) { return fxc_v3(F16(x), F16(y), F16(z)); }

/* Worst distance (LSB) of a world point from the cores of a and b. */
static double off_both(const body *a, const body *b, fxc_vec3 p)
{
    double ea = scene_off_body(a, p), eb = scene_off_body(b, p);
    return ea > eb ? ea : eb;
}

/* |p - q| in LSB. */
static double apart(fxc_vec3 p, fxc_vec3 q)
{
    return lsb(rg_len(rg_sub(rg_from(p), rg_from(q))));
}

/* A touching pair: fxc_distance and fxc_collide say FXC_TOUCHING, and each
 * query's two points coincide in the contact region: on both cores. With
 * margins (ma + mb > the touching band), fxc_collide says PENETRATING by
 * the margins, and each point is its core contact point pushed out by its
 * margin along the normal. Returns the worst point error in LSB. */
static double check_touching(const body *a, const body *b, const char *what)
{
    fxc_distance_result d;
    fxc_contact c;
    int ds = fxc_distance(&a->shape, &a->xf, &b->shape, &b->xf, &d);
    int cs = fxc_collide(&a->shape, &a->xf, &b->shape, &b->xf, &t_ws, &c);
    double ma = lsb(a->radius), mb = lsb(b->radius), worst = 0, e;
    if (ma + mb <= FXC_TOUCH_TOL) {
        CHECK_MSG(ds == FXC_TOUCHING && cs == FXC_TOUCHING, "%s: distance %s, collide %s", what, fxc_status_name(ds),
                  fxc_status_name(cs));
        e = off_both(a, b, d.point_a);
        if (off_both(a, b, d.point_b) > e) e = off_both(a, b, d.point_b);
        if (apart(d.point_a, d.point_b) > e) e = apart(d.point_a, d.point_b);
        CHECK_MSG(e <= POINT_BOUND, "%s: fxc_distance's points off the contact region by %.2f LSB", what, e);
        worst = e;
    } else {
        CHECK_MSG(ds == FXC_OVERLAPPING && cs == FXC_PENETRATING, "%s: distance %s, collide %s", what, fxc_status_name(ds),
                  fxc_status_name(cs));
        CHECK_MSG(fabs(c.depth - (ma + mb)) <= FXC_TOUCH_TOL + 1, "%s: depth %d, margins %.0f", what, (int)c.depth, ma + mb);
    }
    if (cs == FXC_TOUCHING || cs == FXC_PENETRATING) {
        rg_vec n = unit_of(c.normal);
        /* the core points: each surface point moved back by its margin */
        fxc_vec3 ca = fxc_v3_sub(c.point_a, fxc_v3(F16(n.x * a->radius), F16(n.y * a->radius), F16(n.z * a->radius)));
        fxc_vec3 cb = fxc_v3_add(c.point_b, fxc_v3(F16(n.x * b->radius), F16(n.y * b->radius), F16(n.z * b->radius)));
        e = off_both(a, b, ca);
        if (off_both(a, b, cb) > e) e = off_both(a, b, cb);
        if (apart(ca, cb) > e) e = apart(ca, cb);
        e -= (ma + mb) * ldexp(1.0, -26) + 1.0; /* the margins' rounding, and the F16() above */
        CHECK_MSG(e <= POINT_BOUND, "%s: fxc_collide's points off the contact region by %.2f LSB", what, e);
        if (e > worst) worst = e;
    }
    return worst;
}

/* Box with half extents h at pos (identity rotation), margin m. */
static void box_at(body *b, fxc_vec3 h, fxc_vec3 pos, fix16_t m)
{
    CHECK(fxc_shape_box(&b->shape, h, m) == FXC_OK);
    scene_place(b, NULL, pos);
    scene_finish(b);
}

void test_touching_points_named(void)
{
    /* The cases of issue #15: face on face, partly overlapping faces. */
    static const fxc_vec3 tetra[4] = { { 0, 0, 0 }, { 65536, 65536, 0 }, { 65536, -65536, 32768 }, { 65536, 0, -65536 } };
    static const fxc_vec3 wedge[4] = { { 0, -32768, 0 }, { 0, 32768, 0 }, { 65536, 0, 65536 }, { 65536, 0, -65536 } };
    body a, b;
    int m;
    for (m = 0; m < 2; m++) {
        fix16_t ma = m ? F16(0.25) : 0, mb = m ? F16(0.125) : 0;
        box_at(&a, V(1, 1, 2), V(0, 0, 0), ma);
        box_at(&b, V(0.5, 0.5, 0.5), V(1.5, -1.375, 0), mb);
        (void)check_touching(&a, &b, "box(1,1,2) and box(0.5) face to face");
        (void)check_touching(&b, &a, "the same, swapped");
        box_at(&a, V(1, 1, 1), V(0, 0, 0), ma);
        box_at(&b, V(1, 1, 1), V(2, -1, -0.75), mb);
        (void)check_touching(&a, &b, "unit cubes at 0 and (2,-1,-0.75)");
        /* an edge of a wedge on a face, a vertex of a tetrahedron on a face */
        CHECK(fxc_shape_hull(&b.shape, wedge, 4, mb) == FXC_OK);
        scene_place(&b, NULL, V(1, 0.25, 0.5));
        scene_finish(&b);
        (void)check_touching(&a, &b, "wedge edge on a face");
        CHECK(fxc_shape_hull(&b.shape, tetra, 4, mb) == FXC_OK);
        scene_place(&b, NULL, V(1, -0.5, 0.25));
        scene_finish(&b);
        (void)check_touching(&a, &b, "tetrahedron vertex on a face");
        (void)check_touching(&b, &a, "face under a tetrahedron vertex");
        /* edge on edge: a box turned 90 degrees about x above another */
        box_at(&b, V(1, 1, 1), V(2, 2, 0), mb);
        (void)check_touching(&a, &b, "cubes edge to edge");
    }
}

/* Random touching pairs: a box at the origin and a hull whose least-x
 * points (1 to 4 of them: vertex, edge or face contact) lie exactly on the
 * box's +x face, the whole scene turned by a random signed permutation
 * (exact), with random margins on half of the cases. */
void test_touching_points_random(void)
{
    static const int perm[6][3] = { { 0, 1, 2 }, { 0, 2, 1 }, { 1, 0, 2 }, { 1, 2, 0 }, { 2, 0, 1 }, { 2, 1, 0 } };
    t_rng r = { 1500 };
    stats st;
    long i, n = T_TARGET_CASES(3000, 150), touching = 0;
    stats_init(&st, "touching points off the contact region");
    for (i = 0; i < n && t_failures() == 0; i++) {
        body a, b;
        fxc_mat3 m;
        fxc_vec3 h = t_vec(&r, 16384, 65536 * 2), pos;
        int k, j, nc = 1 + (int)(t_next(&r) % 4), nv = nc + 1 + (int)(t_next(&r) % 6);
        const int *p = perm[t_next(&r) % 6];
        unsigned sg = (unsigned)(t_next(&r) % 8);
        fix16_t ma = 0, mb = 0;
        if (i & 1) {
            ma = t_range(&r, 0, 20000);
            mb = t_range(&r, 0, 20000);
        }
        for (j = 0; j < nv; j++) {
            fxc_vec3 v = t_vec(&r, -65536, 65536);
            v.x = j < nc ? 0 : t_range(&r, 1, 65536); /* least x: 0, exactly */
            b.verts[j] = v;
        }
        for (j = 0; j < 3; j++)
            for (k = 0; k < 3; k++) m.m[j][k] = k == p[j] ? ((sg >> j) & 1 ? -FXC_ONE : FXC_ONE) : 0;
        CHECK(fxc_shape_box(&a.shape, h, ma) == FXC_OK);
        CHECK(fxc_shape_hull(&b.shape, b.verts, nv, mb) == FXC_OK);
        /* B's local x = 0 on A's +x face (world x = h.x before turning) */
        pos = fxc_v3(h.x, t_range(&r, -h.y - 32768, h.y + 32768), t_range(&r, -h.z - 32768, h.z + 32768));
        /* turn the scene: A's rotation m, B's rotation m and position m * pos */
        scene_place(&a, &m, fxc_v3(0, 0, 0));
        scene_place(&b, &m, fxc_mat3_mul_v3(&m, pos));
        scene_finish(&a);
        scene_finish(&b);
        if (rg_poly_distance(&a.poly, &b.poly, 0, 0) > 0) continue; /* the contact missed the face */
        touching++;
        stats_add(&st, check_touching(&a, &b, "random touching pair"));
    }
    port_printf("       %ld touching pairs of %ld\n", touching, n);
    CHECK(touching > n / 4);
    stats_print(&st);
}

/* Points of margin shapes against the analytic answer. */
typedef struct {
    stats pts;
    double scale_max; /* largest margin seen, raw */
} margin_tally;

/* Checks a query's two points against the expected ones; the bound grows
 * with the margins as the file's header says. */
static void expect_points(margin_tally *t, fxc_vec3 pa, fxc_vec3 pb, rg_vec wa, rg_vec wb, double ma, double mb, const char *what,
                          long id)
{
    double ea = lsb(rg_len(rg_sub(rg_from(pa), wa))), eb = lsb(rg_len(rg_sub(rg_from(pb), wb)));
    double ba = POINT_BOUND + lsb(ma) * ldexp(1.0, -26), bb = POINT_BOUND + lsb(mb) * ldexp(1.0, -26);
    CHECK_MSG(ea <= ba && eb <= bb, "%s case %ld: points off the analytic ones by %.2f / %.2f LSB (bounds %.2f / %.2f)", what, id,
              ea, eb, ba, bb);
    stats_add(&t->pts, ea - (ba - POINT_BOUND));
    stats_add(&t->pts, eb - (bb - POINT_BOUND));
}

/* Radius in raw LSB from a class: unit (0.05-1 unit) or large (100-2000
 * units). */
static fix16_t draw_radius(t_rng *r, int large)
{
    return large ? t_range(r, 100 * 65536, 2000 * 65536) : t_range(r, 3277, 65536);
}

/* Spheres: closest points (separated) and contact points (penetrating)
 * are the centres pushed out along the centre line. */
static void spheres(t_rng *r, int large, margin_tally *t, long id)
{
    fxc_shape a, b;
    fxc_transform ta, tb;
    fxc_distance_result d;
    fxc_contact c;
    fix16_t ra = draw_radius(r, large), rb = draw_radius(r, large);
    fxc_vec3 pa = t_vec(r, -20000 * 65536, 20000 * 65536), u = t_vec(r, -65536, 65536), pb;
    rg_vec n;
    double len, gap = t_d(ra + rb) * ((double)t_range(r, 0, 2000) / 1000.0 - 0.5);
    int st;
    if (fxc_v3_length(u) < 4096) u = V(1, 0, 0);
    n = unit_of(u);
    len = t_d(ra + rb) + gap;
    pb = fxc_v3_add(pa, V(n.x * len, n.y * len, n.z * len));
    CHECK(fxc_shape_sphere(&a, ra) == FXC_OK && fxc_shape_sphere(&b, rb) == FXC_OK);
    fxc_transform_set(&ta, NULL, pa);
    fxc_transform_set(&tb, NULL, pb);
    n = rg_sub(rg_from(pb), rg_from(pa));
    n = rg_scale(n, 1.0 / rg_len(n));
    st = fxc_distance(&a, &ta, &b, &tb, &d);
    if (st == FXC_ERR_RANGE) return;
    if (st == FXC_SEPARATED)
        expect_points(t, d.point_a, d.point_b, rg_add(rg_from(pa), rg_scale(n, t_d(ra))), rg_sub(rg_from(pb), rg_scale(n, t_d(rb))),
                      t_d(ra), t_d(rb), "sphere distance", id);
    st = fxc_collide(&a, &ta, &b, &tb, &t_ws, &c);
    CHECK(st == FXC_SEPARATED || st == FXC_TOUCHING || st == FXC_PENETRATING);
    expect_points(t, c.point_a, c.point_b, rg_add(rg_from(pa), rg_scale(n, t_d(ra))), rg_sub(rg_from(pb), rg_scale(n, t_d(rb))),
                  t_d(ra), t_d(rb), "sphere collide", id);
    if (t_d(ra + rb) > t->scale_max) t->scale_max = t_d(ra + rb);
}

/* A rounded box (margin m) and a sphere whose centre lies outside the box
 * core. GJK ends once the distance is bracketed within 1 LSB, which pins
 * the closest points along a face only to ~sqrt(2 d) LSB (d the core
 * distance in LSB): so the points are checked to lie on their surfaces
 * (their distance from the core is the margin), and to be the distance
 * apart, not against the one analytic pair. */
static void rounded_box_sphere(t_rng *r, int large, margin_tally *t, long id)
{
    body a;
    fxc_shape b;
    fxc_transform tb;
    fxc_contact c;
    fxc_mat3 m;
    fix16_t ma = draw_radius(r, large) / 4, rb = draw_radius(r, large);
    int32_t s = large ? 500 * 65536 : 65536;
    fxc_vec3 h = t_vec(r, s / 8, s), pc;
    double sd, ea, eb, bound;
    int st;
    CHECK(fxc_shape_box(&a.shape, h, ma) == FXC_OK);
    scene_rotation(r, &m);
    scene_place(&a, &m, t_vec(r, -20000 * 65536, 20000 * 65536));
    scene_finish(&a);
    pc = fxc_v3_add(a.xf.pos, t_vec(r, -2 * s, 2 * s));
    sd = scene_off_body(&a, pc);
    if (sd < 64) return; /* centre inside or on the core: no unique answer */
    CHECK(fxc_shape_sphere(&b, rb) == FXC_OK);
    fxc_transform_set(&tb, NULL, pc);
    st = fxc_collide(&a.shape, &a.xf, &b, &tb, &t_ws, &c);
    if (st == FXC_ERR_RANGE) return;
    CHECK(st == FXC_SEPARATED || st == FXC_TOUCHING || st == FXC_PENETRATING);
    /* the core is the polytope as the library maps it (a parallelepiped:
     * the rotation is rounded) */
    ea = fabs(scene_off_body(&a, c.point_a) - ma);
    eb = fabs(apart(c.point_b, pc) - rb);
    bound = POINT_BOUND + (ma + rb) * ldexp(1.0, -26);
    CHECK_MSG(ea <= bound && eb <= bound, "rounded box case %ld: points off their surfaces by %.2f / %.2f LSB (bound %.2f)", id, ea,
              eb, bound);
    /* the points are the signed distance apart along the normal */
    {
        double sep = lsb(rg_dot(rg_sub(rg_from(c.point_b), rg_from(c.point_a)), unit_of(c.normal)));
        double want = st == FXC_PENETRATING ? -(double)c.depth : (double)c.distance;
        CHECK_MSG(fabs(sep - want) <= 2 * bound, "rounded box case %ld: points %.2f apart along the normal, want %.2f", id, sep,
                  want);
    }
    stats_add(&t->pts, ea > eb ? ea - (bound - POINT_BOUND) : eb - (bound - POINT_BOUND));
}

/* Capsules whose cores (segments) are apart and not near parallel (the
 * closest points are then unique): the core closest points pushed out
 * along the line between them. The reference segments are the library's
 * rounded support points (each end rotated and rounded once): an end moved
 * by 0.5 LSB moves the closest points of two segments by up to 0.5 / sine
 * LSB, which is the rounding of the input, not of the algorithm. */
static void capsules(t_rng *r, int large, margin_tally *t, long id)
{
    body a, b;
    fxc_contact c;
    fix16_t ra = draw_radius(r, large), rb = draw_radius(r, large);
    int32_t s = large ? 800 * 65536 : 65536;
    fxc_vec3 pa = t_vec(r, -20000 * 65536, 20000 * 65536);
    fxc_vec3 pb = fxc_v3_add(pa, t_vec(r, -2 * s, 2 * s));
    fix16_t ha = t_range(r, s / 16, s), hb = t_range(r, s / 16, s);
    rg_vec a0, a1, b0, b1, ca, cb, n;
    double dist, sine;
    int st;
    (void)scene_capsules(r, &a, &b, pa, pb, ha, ra, hb, rb);
    /* the core segments as the library's support points give them: each
     * end rotated and rounded once (part of the budget above) */
    a0 = rg_from(fxc_transform_point(&a.xf, fxc_v3(0, 0, -ha)));
    a1 = rg_from(fxc_transform_point(&a.xf, fxc_v3(0, 0, ha)));
    b0 = rg_from(fxc_transform_point(&b.xf, fxc_v3(0, 0, -hb)));
    b1 = rg_from(fxc_transform_point(&b.xf, fxc_v3(0, 0, hb)));
    dist = rg_segment_segment(a0, a1, b0, b1, &ca, &cb);
    sine = rg_len(rg_cross(rg_sub(a1, a0), rg_sub(b1, b0))) / (rg_len(rg_sub(a1, a0)) * rg_len(rg_sub(b1, b0)));
    if (lsb(dist) < 64 || sine < 0.1) return;
    st = fxc_collide(&a.shape, &a.xf, &b.shape, &b.xf, &t_ws, &c);
    if (st == FXC_ERR_RANGE) return;
    CHECK(st == FXC_SEPARATED || st == FXC_TOUCHING || st == FXC_PENETRATING);
    n = rg_scale(rg_sub(cb, ca), 1.0 / dist);
    expect_points(t, c.point_a, c.point_b, rg_add(ca, rg_scale(n, t_d(ra))), rg_sub(cb, rg_scale(n, t_d(rb))), t_d(ra), t_d(rb),
                  "capsule", id);
}

static void margin_points(int large, uint64_t seed)
{
    t_rng r = { seed };
    margin_tally t;
    long i, n = T_TARGET_CASES(3000, 100);
    stats_init(&t.pts, large ? "points, margins 100-2000 units" : "points, margins 0.05-1 unit");
    t.scale_max = 0;
    for (i = 0; i < n && t_failures() == 0; i++) {
        spheres(&r, large, &t, i);
        rounded_box_sphere(&r, large, &t, i);
        capsules(&r, large, &t, i);
    }
    port_printf("       (error beyond the margins' scale term 2^-26 * margin; largest margins %.0f units)\n", t.scale_max);
    stats_print(&t.pts);
}

void test_margin_points_unit(void) { margin_points(0, 1600); }
void test_margin_points_large(void) { margin_points(1, 1700); }

/* Closed form for point and segment cores: parallel capsules (side by
 * side, end to end, overlapping along their line, one inside the other),
 * a sphere at a capsule's side and on its axis, against the analytic
 * distance and the same statuses as the definitions say. */
static void capsules_at(fix16_t ha, fix16_t ra, fxc_vec3 pa, fix16_t hb, fix16_t rb, fxc_vec3 pb, double want, const char *what)
{
    fxc_shape a, b;
    fxc_transform ta, tb;
    fxc_distance_result d;
    fxc_contact c;
    int ds, cs, k;
    if (ha) CHECK(fxc_shape_capsule(&a, ha, ra) == FXC_OK);
    else CHECK(fxc_shape_sphere(&a, ra) == FXC_OK);
    if (hb) CHECK(fxc_shape_capsule(&b, hb, rb) == FXC_OK);
    else CHECK(fxc_shape_sphere(&b, rb) == FXC_OK);
    fxc_transform_set(&ta, 0, pa);
    fxc_transform_set(&tb, 0, pb);
    for (k = 0; k < 2; k++) {
        const fxc_shape *p = k ? &b : &a, *q = k ? &a : &b;
        const fxc_transform *tp = k ? &tb : &ta, *tq = k ? &ta : &tb;
        ds = fxc_distance(p, tp, q, tq, &d);
        cs = fxc_collide(p, tp, q, tq, &t_ws, &c);
        if (want > FXC_TOUCH_TOL) {
            CHECK_MSG(ds == FXC_SEPARATED && cs == FXC_SEPARATED && fabs(d.distance - want) <= POINT_BOUND &&
                          d.distance == c.distance,
                      "%s (%d): %s %s distance %d, want %.2f", what, k, fxc_status_name(ds), fxc_status_name(cs), (int)d.distance,
                      want);
            CHECK_MSG(fabs(apart(d.point_a, d.point_b) - d.distance) <= POINT_BOUND, "%s: points %.2f apart", what,
                      apart(d.point_a, d.point_b));
        } else if (want < -FXC_TOUCH_TOL) {
            CHECK_MSG(ds == FXC_OVERLAPPING && cs == FXC_PENETRATING && fabs(c.depth + want) <= POINT_BOUND,
                      "%s (%d): %s %s depth %d, want %.2f", what, k, fxc_status_name(ds), fxc_status_name(cs), (int)c.depth, -want);
        } else {
            CHECK_MSG(ds == FXC_TOUCHING && cs == FXC_TOUCHING, "%s (%d): %s %s", what, k, fxc_status_name(ds), fxc_status_name(cs));
        }
        CHECK(fxc_intersect(p, tp, q, tq) == (ds == FXC_SEPARATED ? FXC_SEPARATED : FXC_OVERLAPPING));
        CHECK(fxc_v3_length(c.normal) >= FXC_ONE - 2 && fxc_v3_length(c.normal) <= FXC_ONE + 2);
    }
}

void test_closed_form_parallel(void)
{
    fix16_t h = FXC_ONE, r = F16(0.25);
    /* side by side, 1 unit between the axes: gap 0.5 */
    capsules_at(h, r, V(0, 0, 0), h, r, V(1, 0, 0.5), 0.5 * 65536, "side by side, shifted");
    /* end to end on one line, a gap of 0.5 between the caps */
    capsules_at(h, r, V(0, 0, 0), h, r, V(0, 0, 3), 0.5 * 65536, "end to end");
    /* on one line, overlapping by 0.5 of their axes: the cores meet */
    capsules_at(h, r, V(0, 0, 0), h, r, V(0, 0, 1.5), -0.5 * 65536, "overlapping along the line");
    /* the same core segment twice: identical capsules */
    capsules_at(h, r, V(2, -1, 3), h, r, V(2, -1, 3), -0.5 * 65536, "identical");
    /* parallel, one inside the other */
    capsules_at(h, F16(0.5), V(0, 0, 0), F16(0.25), F16(0.125), V(0.1, 0, 0.2), -0.525 * 65536, "one inside the other");
    /* a sphere beside the axis, and on the axis beyond the cap */
    capsules_at(h, r, V(0, 0, 0), 0, F16(0.5), V(1, 0, 0.3), 0.25 * 65536, "sphere beside");
    capsules_at(h, r, V(0, 0, 0), 0, F16(0.5), V(0, 0, 2), 0.25 * 65536, "sphere on the axis");
    /* cores touching exactly, no margins: segments end to end */
    {
        fxc_shape a, b;
        fxc_transform ta, tb;
        fxc_distance_result d;
        CHECK(fxc_shape_segment(&a, V(0, 0, 0), V(1, 0, 0), 0) == FXC_OK);
        CHECK(fxc_shape_segment(&b, V(0, 0, 0), V(1, 0, 0), 0) == FXC_OK);
        fxc_transform_set(&ta, 0, V(0, 0, 0));
        fxc_transform_set(&tb, 0, V(1, 0, 0));
        CHECK(fxc_distance(&a, &ta, &b, &tb, &d) == FXC_TOUCHING && d.point_a.x == FXC_ONE && d.point_b.x == FXC_ONE);
        CHECK(d.gjk_iterations == 0 && d.support_calls == 0); /* the closed form */
    }
}
