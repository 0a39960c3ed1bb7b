/* GJK (fxc_intersect, fxc_distance) against the double reference.
 *
 * Error bound for the distance, derived from the budget:
 *  - each support point is R*v rounded once: <= 0.5 LSB per component,
 *    0.87 LSB in length, for each of the two shapes: 1.73 LSB;
 *  - GJK stops when |v| exceeds the proven lower bound by <= 1 LSB;
 *  - v itself is rounded from Q30 weights: <= 0.5 LSB per component plus
 *    2^-29 relative of the simplex edge lengths (negligible below ~100
 *    units, ~2 LSB per component at the range limit);
 *  - |v| is rounded to nearest: 0.5 LSB.
 * Total: 4.5 LSB up to 100 units, 9 LSB at the range limit. The witness
 * points get the same bound from each shape. The verdict must be right
 * whenever the reference is more than that band away from contact.
 *
 * The normal of a separated pair is a proven separating axis: the gap
 * between the shapes along it (reference support functions) falls short
 * of the reference distance by at most the same bound, plus what rounding
 * the unit normal to Q16.16 costs (0.87 LSB per unit of the Minkowski
 * difference's radius, scene_minkowski_radius). */
#include <math.h>
#include <stddef.h>
#include "scene.h"
#include "stats.h"

#define BOUND_NEAR 4.5
#define BOUND_FAR 9.0

typedef struct {
    stats dist, wit, normal;
    long cases, separated;
} gjk_tally;

/* How far the gap along the result's normal falls short of the reference
 * distance ref (LSB); checked against bound plus the normal's rounding. */
static double normal_shortfall(const body *a, const body *b, const fxc_distance_result *r, double ref, double bound, long id)
{
    double ang = 0.87 * scene_minkowski_radius(a, b);
    double shortfall = ref + lsb(scene_overlap_along(a, b, unit_of(r->normal)));
    CHECK_MSG(fabs(rg_len(rg_from(r->normal)) - 1.0) <= 2.0 / 65536, "case %ld: normal not unit", id);
    CHECK_MSG(shortfall <= bound + ang, "case %ld: gap along the normal %.2f LSB short of the distance (allowed %.2f)", id,
              shortfall, bound + ang);
    return shortfall;
}

/* Checks one pair against the reference; bound in LSB. */
static void check_pair(const body *a, const body *b, double bound, gjk_tally *t, long id)
{
    fxc_distance_result r;
    int st = fxc_distance(&a->shape, &a->xf, &b->shape, &b->xf, &r);
    int is = fxc_intersect(&a->shape, &a->xf, &b->shape, &b->xf);
    double ref = lsb(rg_poly_distance(&a->poly, &b->poly, 0, 0) - a->radius - b->radius);
    double depth = lsb(rg_poly_sat(&a->poly, &b->poly, 0) + a->radius + b->radius);

    t->cases++;
    CHECK_MSG(st == FXC_SEPARATED || st == FXC_TOUCHING || st == FXC_OVERLAPPING,
              "case %ld: status %s", id, fxc_status_name(st));
    /* intersect and distance agree, always */
    CHECK_MSG((is == FXC_SEPARATED) == (st == FXC_SEPARATED), "case %ld: intersect %s, distance %s", id,
              fxc_status_name(is), fxc_status_name(st));
    if (ref > bound) CHECK_MSG(st == FXC_SEPARATED, "case %ld: ref distance %.2f LSB, got %s", id, ref, fxc_status_name(st));
    if (depth > bound) CHECK_MSG(st == FXC_OVERLAPPING, "case %ld: ref depth %.2f LSB, got %s", id, depth, fxc_status_name(st));
    if (st == FXC_SEPARATED) {
        double e = fabs(r.distance - ref), ea = scene_off_body(a, r.point_a), eb = scene_off_body(b, r.point_b);
        double gap = lsb(rg_len(rg_sub(rg_from(r.point_b), rg_from(r.point_a))));
        double eg = fabs(gap - r.distance);
        t->separated++;
        stats_add(&t->dist, e);
        stats_add(&t->wit, ea > eb ? (ea > eg ? ea : eg) : (eb > eg ? eb : eg));
        stats_add(&t->normal, normal_shortfall(a, b, &r, ref, bound, id));
        CHECK_MSG(e <= bound, "case %ld: distance %d vs ref %.2f LSB", id, (int)r.distance, ref);
        CHECK_MSG(ea <= bound && eb <= bound && eg <= 2 * bound,
                  "case %ld: witness off A %.2f, off B %.2f, |pb-pa| - d %.2f LSB", id, ea, eb, eg);
        CHECK(r.gjk_iterations >= 1 && r.gjk_iterations <= FXC_GJK_MAX_ITERATIONS);
    }
}

static void random_pairs(const scale_class *sc, double bound, uint64_t seed, long n)
{
    static const char *kinds[3] = { "box-box", "hull-hull", "box-hull" };
    static const char *dist_names[3] = { "box-box distance error", "hull-hull distance error", "box-hull distance error" };
    static const char *wit_names[3] = { "box-box witness error", "hull-hull witness error", "box-hull witness error" };
    static const char *gap_names[3] = { "box-box gap along normal short by", "hull-hull gap along normal short by",
                                        "box-hull gap along normal short by" };
    int k;
    for (k = 0; k < 3; k++) {
        t_rng r = { seed + (uint64_t)k };
        gjk_tally t;
        body a, b;
        long i;
        char name[48];
        int len = 0;
        const char *p;
        for (p = kinds[k]; *p; p++) name[len++] = *p;
        name[len++] = ' ';
        for (p = sc->name; *p; p++) name[len++] = *p;
        name[len] = '\0';
        stats_init(&t.dist, dist_names[k]);
        stats_init(&t.wit, wit_names[k]);
        stats_init(&t.normal, gap_names[k]);
        t.cases = t.separated = 0;
        for (i = 0; i < n && t_failures() == 0; i++) {
            scene_random_polytope(&r, &a, sc, k == 1);
            scene_random_polytope(&r, &b, sc, k >= 1);
            check_pair(&a, &b, bound, &t, i);
        }
        port_printf("       GJK %-20s %ld pairs, %ld separated\n", name, t.cases, t.separated);
        stats_print(&t.dist);
        stats_print(&t.wit);
        stats_print(&t.normal);
    }
}

void test_gjk_random_unit(void)
{
    random_pairs(&SCALE_UNIT, BOUND_NEAR, 100, T_TARGET_CASES(3000, 150));
}

void test_gjk_random_small(void)
{
    random_pairs(&SCALE_SMALL, BOUND_NEAR, 200, T_TARGET_CASES(3000, 150));
}

void test_gjk_random_large(void)
{
    random_pairs(&SCALE_LARGE, BOUND_FAR, 300, T_TARGET_CASES(3000, 150));
}

/* fxc_intersect stops early once the verdict is proven with a margin for
 * the rounding of the final distance; fxc_distance runs to the end. At
 * gaps of 1-9 LSB their verdicts must still agree, pair by pair: random
 * boxes and hulls (with and without margins) moved along the normal until
 * the gap is a few LSB. */
void test_gjk_intersect_agrees_small_gaps(void)
{
    t_rng r = { 450 };
    long i, n = T_TARGET_CASES(20000, 300), near = 0, sep = 0;
    for (i = 0; i < n && t_failures() == 0; i++) {
        body a, b;
        fxc_distance_result d;
        fxc_transform moved;
        int ds, is, cs, k;
        fxc_contact c;
        scene_random_polytope(&r, &a, &SCALE_UNIT, (int)(i & 1));
        scene_random_polytope(&r, &b, &SCALE_UNIT, (int)((i >> 1) & 1));
        if (i & 4) {
            a.shape.margin = t_range(&r, 0, 8000);
            b.shape.margin = t_range(&r, 0, 8000);
        }
        if (fxc_distance(&a.shape, &a.xf, &b.shape, &b.xf, &d) != FXC_SEPARATED) continue;
        /* B moved by the distance less g along -normal: a gap near g */
        moved = b.xf;
        k = (int)(t_next(&r) % 9) + 1;
        moved.pos = fxc_v3_sub(moved.pos, fxc_v3_scale(d.normal, d.distance - k));
        ds = fxc_distance(&a.shape, &a.xf, &b.shape, &moved, &d);
        is = fxc_intersect(&a.shape, &a.xf, &b.shape, &moved);
        cs = fxc_collide(&a.shape, &a.xf, &b.shape, &moved, &t_ws, &c);
        near++;
        sep += ds == FXC_SEPARATED;
        CHECK_MSG((is == FXC_SEPARATED) == (ds == FXC_SEPARATED) && (cs == FXC_SEPARATED) == (ds == FXC_SEPARATED),
                  "case %ld: intersect %s, distance %s (%d), collide %s", i, fxc_status_name(is), fxc_status_name(ds),
                  (int)d.distance, fxc_status_name(cs));
    }
    port_printf("       %ld pairs at gaps of a few LSB, %ld of them separated\n", near, sep);
    CHECK(sep > near / 4 && sep < near);
}

/* fxc_clearance(c) against fxc_distance's distance d on the same pair:
 * SEPARATED exactly when d - c > FXC_TOUCH_TOL, at clearances right at that
 * threshold, around it, far below it and far above it. */
void test_gjk_clearance(void)
{
    t_rng r = { 470 };
    long i, n = T_TARGET_CASES(3000, 150), close = 0;
    for (i = 0; i < n && t_failures() == 0; i++) {
        body a, b;
        fxc_distance_result d;
        int ds, k;
        scene_random_polytope(&r, &a, &SCALE_UNIT, (int)(i & 1));
        if (i % 3 == 2) {
            fxc_vec3 u = t_vec(&r, -65536, 65536);
            CHECK(fxc_shape_capsule(&b.shape, t_range(&r, 8000, 65536), t_range(&r, 4000, 30000)) == FXC_OK);
            scene_place(&b, NULL, u);
        } else {
            scene_random_polytope(&r, &b, &SCALE_UNIT, 1);
            b.shape.margin = t_range(&r, 0, 20000);
        }
        ds = fxc_distance(&a.shape, &a.xf, &b.shape, &b.xf, &d);
        CHECK(ds == FXC_SEPARATED || ds == FXC_TOUCHING || ds == FXC_OVERLAPPING);
        for (k = 0; k < 6; k++) {
            fix16_t c = k == 0 ? 0 : k == 5 ? t_range(&r, 0, 4 * 65536) : d.distance - FXC_TOUCH_TOL + (k - 3);
            int want, got;
            if (c < 0) c = 0;
            want = ds == FXC_SEPARATED && d.distance - c > FXC_TOUCH_TOL ? FXC_SEPARATED : FXC_OVERLAPPING;
            got = fxc_clearance(&a.shape, &a.xf, &b.shape, &b.xf, c);
            close += k > 0 && k < 5 && ds == FXC_SEPARATED;
            CHECK_MSG(got == want, "case %ld: distance %s %d, clearance %d: %s", i, fxc_status_name(ds), (int)d.distance, (int)c,
                      fxc_status_name(got));
        }
        CHECK(fxc_clearance(&a.shape, &a.xf, &b.shape, &b.xf, 0) == fxc_intersect(&a.shape, &a.xf, &b.shape, &b.xf));
    }
    CHECK(close > n);
    {
        body a;
        scene_random_polytope(&r, &a, &SCALE_UNIT, 0);
        CHECK(fxc_clearance(&a.shape, &a.xf, NULL, &a.xf, 0) == FXC_ERR_NULL);
        CHECK(fxc_clearance(&a.shape, &a.xf, &a.shape, &a.xf, -1) == FXC_ERR_NEGATIVE_SIZE);
        CHECK(fxc_clearance(&a.shape, &a.xf, &a.shape, &a.xf, FXC_RAW_LIMIT + 1) == FXC_ERR_RANGE);
    }
}

/* Spheres and capsules against their analytic distance. */
void test_gjk_spheres_capsules(void)
{
    t_rng r = { 400 };
    stats ss, cc, cn;
    long i, n = T_TARGET_CASES(5000, 500);
    stats_init(&ss, "sphere-sphere distance error");
    stats_init(&cc, "capsule-capsule distance error");
    stats_init(&cn, "capsule gap along normal short by");
    for (i = 0; i < n && t_failures() == 0; i++) {
        fxc_shape a, b;
        fxc_transform ta, tb;
        fxc_distance_result res;
        body ca, cb;
        fix16_t ra = t_range(&r, 3000, 65536), rb = t_range(&r, 3000, 65536);
        fix16_t ha = t_range(&r, 1000, 65536), hb = t_range(&r, 1000, 65536);
        fxc_vec3 pa = t_vec(&r, -196608, 196608);
        fxc_vec3 pb = t_vec(&r, -196608, 196608);
        double ref, e;
        int st;

        CHECK(fxc_shape_sphere(&a, ra) == FXC_OK && fxc_shape_sphere(&b, rb) == FXC_OK);
        fxc_transform_set(&ta, 0, pa);
        fxc_transform_set(&tb, 0, pb);
        st = fxc_distance(&a, &ta, &b, &tb, &res);
        ref = lsb(rg_sphere_sphere(rg_from(pa), t_d(ra), rg_from(pb), t_d(rb), 0));
        if (ref > BOUND_NEAR) CHECK(st == FXC_SEPARATED);
        if (ref < -BOUND_NEAR) CHECK(st == FXC_OVERLAPPING);
        if (st == FXC_SEPARATED) {
            e = fabs(res.distance - ref);
            stats_add(&ss, e);
            CHECK_MSG(e <= BOUND_NEAR, "sphere case %ld: %d vs %.2f LSB", i, (int)res.distance, ref);
        }

        ref = lsb(scene_capsules(&r, &ca, &cb, pa, pb, ha, ra, hb, rb));
        st = fxc_distance(&ca.shape, &ca.xf, &cb.shape, &cb.xf, &res);
        if (ref > BOUND_NEAR) CHECK(st == FXC_SEPARATED);
        if (ref < -BOUND_NEAR) CHECK(st == FXC_OVERLAPPING);
        if (st == FXC_SEPARATED) {
            e = fabs(res.distance - ref);
            stats_add(&cc, e);
            stats_add(&cn, normal_shortfall(&ca, &cb, &res, ref, BOUND_NEAR, i));
            CHECK_MSG(e <= BOUND_NEAR, "capsule case %ld: %d vs %.2f LSB", i, (int)res.distance, ref);
        }
        CHECK((fxc_intersect(&ca.shape, &ca.xf, &cb.shape, &cb.xf) == FXC_SEPARATED) == (st == FXC_SEPARATED));
    }
    stats_print(&ss);
    stats_print(&cc);
    stats_print(&cn);
}

/* ---- named degenerate and adversarial cases ---- */

static void unit_box(body *b, fxc_vec3 pos)
{
    scene_box(b, fxc_v3(FXC_ONE / 2, FXC_ONE / 2, FXC_ONE / 2));
    scene_place(b, 0, pos);
    scene_finish(b);
}

void test_gjk_face_to_face(void)
{
    /* Unit boxes exactly face to face, then moved by -2..+2 LSB along x.
     * fxc_collide knows the depth: -2 penetrates, -1..+1 touch (band of
     * FXC_TOUCH_TOL = 1 LSB), +2 is separated. fxc_distance agrees where it
     * has a distance; in contact it says TOUCHING when a support plane
     * proves it, else OVERLAPPING (distance 0). */
    static const int expect[5] = { FXC_PENETRATING, FXC_TOUCHING, FXC_TOUCHING, FXC_TOUCHING, FXC_SEPARATED };
    body a, b;
    int k, side;
    for (side = 0; side < 2; side++) {
        for (k = -2; k <= 2; k++) {
            fxc_distance_result r;
            fxc_contact c;
            int st, sc;
            unit_box(&a, fxc_v3(0, 0, 0));
            unit_box(&b, fxc_v3(FXC_ONE + k, side ? FXC_ONE / 3 : 0, side ? -FXC_ONE / 5 : 0));
            st = fxc_distance(&a.shape, &a.xf, &b.shape, &b.xf, &r);
            sc = fxc_collide(&a.shape, &a.xf, &b.shape, &b.xf, &t_ws, &c);
            CHECK_MSG(sc == expect[k + 2], "offset %d LSB: collide %s", k, fxc_status_name(sc));
            CHECK(c.normal.x == FXC_ONE && c.normal.y == 0 && c.normal.z == 0);
            CHECK_MSG(k < 0 ? c.depth == -k : c.distance == k, "side %d k %d: depth %d distance %d", side, k, (int)c.depth, (int)c.distance);
            if (k > 0) CHECK_MSG(st == expect[k + 2] && r.distance == k, "offset %d: distance %s", k, fxc_status_name(st));
            else CHECK_MSG(st == FXC_TOUCHING || st == FXC_OVERLAPPING, "offset %d: distance %s", k, fxc_status_name(st));
            if (k == -2) CHECK(st == FXC_OVERLAPPING);
            if (st == FXC_TOUCHING) CHECK(r.normal.x == FXC_ONE && r.normal.y == 0 && r.normal.z == 0);
            CHECK((fxc_intersect(&a.shape, &a.xf, &b.shape, &b.xf) == FXC_SEPARATED) == (st == FXC_SEPARATED));
        }
    }
}

void test_gjk_cubes_1_9(void)
{
    /* Cubes of side 2 at z = 0 and z = 1.9 (a well-known library returns
     * NaN here): overlapping. At z = 2.1: 0.1 apart along +z. */
    body a, b;
    fxc_distance_result r;
    scene_box(&a, fxc_v3(FXC_ONE, FXC_ONE, FXC_ONE));
    scene_place(&a, 0, fxc_v3(0, 0, 0));
    scene_box(&b, fxc_v3(FXC_ONE, FXC_ONE, FXC_ONE));
    scene_place(&b, 0, fxc_v3(0, 0, F16(1.9)));
    CHECK(fxc_distance(&a.shape, &a.xf, &b.shape, &b.xf, &r) == FXC_OVERLAPPING);
    CHECK(fxc_intersect(&a.shape, &a.xf, &b.shape, &b.xf) == FXC_OVERLAPPING);
    scene_place(&b, 0, fxc_v3(0, 0, F16(2.1)));
    CHECK(fxc_distance(&a.shape, &a.xf, &b.shape, &b.xf, &r) == FXC_SEPARATED);
    CHECK(r.distance == F16(2.1) - 2 * FXC_ONE && r.normal.z == FXC_ONE);
}

void test_gjk_point_vs_box(void)
{
    body a, b;
    fxc_distance_result r;
    fxc_vec3 p = fxc_v3(FXC_ONE, FXC_ONE / 4, -FXC_ONE / 8);
    unit_box(&a, fxc_v3(0, 0, 0));
    CHECK(fxc_shape_point(&b.shape, 0) == FXC_OK);
    scene_place(&b, 0, p);
    CHECK(fxc_distance(&a.shape, &a.xf, &b.shape, &b.xf, &r) == FXC_SEPARATED);
    CHECK(r.distance == FXC_ONE / 2);
    CHECK(r.point_b.x == p.x && r.point_b.y == p.y && r.point_b.z == p.z);
    CHECK(r.point_a.x == FXC_ONE / 2 && r.point_a.y == p.y && r.point_a.z == p.z);
    /* inside: overlapping */
    scene_place(&b, 0, fxc_v3(FXC_ONE / 4, 0, 0));
    CHECK(fxc_distance(&a.shape, &a.xf, &b.shape, &b.xf, &r) == FXC_OVERLAPPING);
}

void test_gjk_flat_and_degenerate_hulls(void)
{
    /* A flat square hull (z = 0), a hull with duplicated and collinear
     * vertices, and a hull of one repeated point, above a unit box. */
    static const fxc_vec3 square[4] = { { -32768, -32768, 0 }, { 32768, -32768, 0 }, { 32768, 32768, 0 }, { -32768, 32768, 0 } };
    static const fxc_vec3 messy[7] = { { 0, 0, 0 }, { 0, 0, 0 }, { 65536, 0, 0 }, { 32768, 0, 0 }, { 65536, 0, 0 }, { 0, 65536, 0 }, { 0, 32768, 0 } };
    static const fxc_vec3 same[3] = { { 100, 200, 300 }, { 100, 200, 300 }, { 100, 200, 300 } };
    const fxc_vec3 *sets[3] = { square, messy, same };
    const int counts[3] = { 4, 7, 3 };
    int k;
    for (k = 0; k < 3; k++) {
        body a, b;
        fxc_distance_result r;
        double ref;
        int st;
        unit_box(&a, fxc_v3(0, 0, 0));
        CHECK(fxc_shape_hull(&b.shape, sets[k], counts[k], 0) == FXC_OK);
        scene_place(&b, 0, fxc_v3(FXC_ONE / 8, -FXC_ONE / 16, FXC_ONE));
        scene_finish(&b);
        st = fxc_distance(&a.shape, &a.xf, &b.shape, &b.xf, &r);
        ref = lsb(rg_poly_distance(&a.poly, &b.poly, 0, 0));
        CHECK_MSG(st == FXC_SEPARATED && fabs(r.distance - ref) <= BOUND_NEAR, "set %d: %s %d vs %.2f", k,
                  fxc_status_name(st), (int)r.distance, ref);
        /* and overlapping: the flat set cutting through the box */
        scene_place(&b, 0, fxc_v3(FXC_ONE / 8, -FXC_ONE / 16, FXC_ONE / 4));
        CHECK(fxc_distance(&a.shape, &a.xf, &b.shape, &b.xf, &r) == FXC_OVERLAPPING);
        CHECK(fxc_intersect(&a.shape, &a.xf, &b.shape, &b.xf) == FXC_OVERLAPPING);
    }
}

void test_gjk_tiny_sphere_big_box(void)
{
    /* A sphere 1000 times smaller than the box, near a face and an edge. */
    fxc_shape box, sph;
    fxc_transform tb, ts;
    fxc_distance_result r;
    CHECK(fxc_shape_box(&box, fxc_v3(10 * FXC_ONE, 10 * FXC_ONE, 10 * FXC_ONE), 0) == FXC_OK);
    CHECK(fxc_shape_sphere(&sph, F16(0.01)) == FXC_OK);
    fxc_transform_set(&tb, 0, fxc_v3(0, 0, 0));
    fxc_transform_set(&ts, 0, fxc_v3(3 * FXC_ONE, -2 * FXC_ONE, 10 * FXC_ONE + F16(0.02)));
    CHECK(fxc_distance(&box, &tb, &sph, &ts, &r) == FXC_SEPARATED);
    CHECK_MSG(r.distance - (F16(0.02) - F16(0.01)) <= 1 && r.distance - (F16(0.02) - F16(0.01)) >= -1, "got %d", (int)r.distance);
    CHECK(r.normal.z == FXC_ONE);
    fxc_transform_set(&ts, 0, fxc_v3(10 * FXC_ONE + F16(0.03), -2 * FXC_ONE, 10 * FXC_ONE + F16(0.04)));
    CHECK(fxc_distance(&box, &tb, &sph, &ts, &r) == FXC_SEPARATED);
    CHECK_MSG(fabs(r.distance - lsb(0.05 - 0.01)) <= BOUND_NEAR, "edge: got %d", (int)r.distance);
}

void test_gjk_identical_pose(void)
{
    body a, b;
    fxc_distance_result r;
    fxc_mat3 m;
    t_rng rng = { 5 };
    scene_rotation(&rng, &m);
    scene_box(&a, fxc_v3(FXC_ONE / 2, FXC_ONE / 3, FXC_ONE / 5));
    scene_place(&a, &m, fxc_v3(FXC_ONE, 2 * FXC_ONE, 3 * FXC_ONE));
    b = a;
    CHECK(fxc_distance(&a.shape, &a.xf, &b.shape, &b.xf, &r) == FXC_OVERLAPPING);
    CHECK(fxc_intersect(&a.shape, &a.xf, &b.shape, &b.xf) == FXC_OVERLAPPING);
}

void test_gjk_plank_and_point(void)
{
    /* A plank of half extents (0.5, 0.0016, 0.0016) and a point 0.005 past
     * its end along x. */
    fxc_shape plank, pt;
    fxc_transform tp, tq;
    fxc_distance_result r;
    CHECK(fxc_shape_box(&plank, fxc_v3(FXC_ONE / 2, F16(0.0016), F16(0.0016)), 0) == FXC_OK);
    CHECK(fxc_shape_point(&pt, 0) == FXC_OK);
    fxc_transform_set(&tp, 0, fxc_v3(0, 0, 0));
    fxc_transform_set(&tq, 0, fxc_v3(FXC_ONE / 2 + F16(0.005), 0, 0));
    CHECK(fxc_distance(&plank, &tp, &pt, &tq, &r) == FXC_SEPARATED);
    CHECK_MSG(r.distance == F16(0.005), "got %d want %d", (int)r.distance, (int)F16(0.005));
    CHECK(r.normal.x == FXC_ONE);
}

void test_gjk_edge_edge(void)
{
    /* Boxes rotated 45 degrees about different axes, edges crossing at a
     * right angle with a gap of 4..12 LSB along the line between them. */
    body a, b;
    fxc_mat3 ra, rb;
    int gap;
    CHECK(fxc_mat3_from_axis_angle(fxc_v3(0, 0, FXC_ONE), fix16_pi / 4, &ra) == FXC_OK);
    CHECK(fxc_mat3_from_axis_angle(fxc_v3(FXC_ONE, 0, 0), fix16_pi / 4, &rb) == FXC_OK);
    for (gap = 4; gap <= 12; gap += 4) {
        fxc_distance_result r;
        double ref;
        int st;
        scene_box(&a, fxc_v3(FXC_ONE / 2, FXC_ONE / 2, FXC_ONE / 2));
        scene_place(&a, &rb, fxc_v3(0, 0, 0));
        scene_finish(&a);
        scene_box(&b, fxc_v3(FXC_ONE / 2, FXC_ONE / 2, FXC_ONE / 2));
        /* a's top edge is at z = 0.5*sqrt(2); b's bottom edge likewise */
        scene_place(&b, &ra, fxc_v3(0, 0, 92682 + gap));
        scene_finish(&b);
        /* rotate b's edge so it runs along x: b is rotated about z, so its
         * lowest point is a vertex; use the reference for the truth. */
        st = fxc_distance(&a.shape, &a.xf, &b.shape, &b.xf, &r);
        ref = lsb(rg_poly_distance(&a.poly, &b.poly, 0, 0));
        if (ref > BOUND_NEAR) {
            CHECK_MSG(st == FXC_SEPARATED && fabs(r.distance - ref) <= BOUND_NEAR, "gap %d: %s %d vs %.2f", gap,
                      fxc_status_name(st), (int)r.distance, ref);
        }
        CHECK((fxc_intersect(&a.shape, &a.xf, &b.shape, &b.xf) == FXC_SEPARATED) == (st == FXC_SEPARATED));
    }
}

void test_gjk_translation_invariance(void)
{
    /* The same pair moved by a large offset gives the same bits (the pair
     * is computed relative to A's position). */
    t_rng r = { 600 };
    long i, n = T_TARGET_CASES(500, 50);
    for (i = 0; i < n && t_failures() == 0; i++) {
        body a, b;
        fxc_distance_result r1, r2;
        fxc_transform ta, tb;
        fxc_vec3 off = t_vec(&r, -3000 * 65536, 3000 * 65536);
        int s1, s2;
        scene_random_polytope(&r, &a, &SCALE_UNIT, (int)(i & 1));
        scene_random_polytope(&r, &b, &SCALE_UNIT, 1);
        ta = a.xf;
        tb = b.xf;
        ta.pos = fxc_v3_add(ta.pos, off);
        tb.pos = fxc_v3_add(tb.pos, off);
        s1 = fxc_distance(&a.shape, &a.xf, &b.shape, &b.xf, &r1);
        s2 = fxc_distance(&a.shape, &ta, &b.shape, &tb, &r2);
        CHECK(s1 == s2 && r1.distance == r2.distance && r1.normal.x == r2.normal.x && r1.normal.y == r2.normal.y &&
              r1.normal.z == r2.normal.z && r1.gjk_iterations == r2.gjk_iterations);
        CHECK(r2.point_a.x - r1.point_a.x == off.x && r2.point_b.z - r1.point_b.z == off.z);
    }
}

/* ---- large curved shapes ---- */

/* lo * (hi / lo)^u for u uniform in [0, 1]. */
static double log_uniform(t_rng *r, double lo, double hi)
{
    return lo * pow(hi / lo, t_range(r, 0, 1 << 30) / (double)(1 << 30));
}

/* An ellipsoid (callback) with semi-axes of 0.01 to 2000 units, each
 * log-uniform, against a sphere whose surface lies 10 LSB to 1000 units
 * (log-uniform) out from a random point of the ellipsoid, along its normal.
 * GJK converges only linearly on a curved surface (about half of the
 * bracket per iteration), so these pairs need the most iterations of any:
 * in both argument orders each must converge, with no
 * FXC_ERR_NO_CONVERGENCE, to the distance from the Lagrange condition
 * (rg_point_ellipsoid) within BOUND_FAR (the callback rounds each support
 * point once, as R*v does above). */
void test_gjk_large_ellipsoids(void)
{
    t_rng r = { 500 };
    stats st_dist;
    long i, n = T_TARGET_CASES(4000, 100), it_sum = 0, runs = 0;
    int it_max = 0;
    stats_init(&st_dist, "ellipsoid-sphere distance error");
    for (i = 0; i < n && t_failures() == 0; i++) {
        double rad[3], x[3], nrm[3], bound = 0, q = 0, len, ref;
        fxc_vec3 u = t_vec(&r, -65536, 65536), c;
        fix16_t rb = t_range(&r, 1, 65536);
        fxc_shape a, b;
        fxc_transform ta, tb;
        int k;
        for (k = 0; k < 3; k++) {
            rad[k] = log_uniform(&r, 655.36, 65536.0 * 2000);
            if (rad[k] > bound) bound = rad[k];
        }
        len = rg_len(rg_from(u));
        if (len < 1e-3) continue;
        /* x_k = rad_k u_k / |u| lies on the surface, its outward normal is
         * x_k / rad_k^2; the sphere's centre goes out along it. */
        for (k = 0; k < 3; k++) {
            x[k] = rad[k] * t_d(k == 0 ? u.x : k == 1 ? u.y : u.z) / len;
            nrm[k] = x[k] / (rad[k] * rad[k]);
            q += nrm[k] * nrm[k];
        }
        len = (log_uniform(&r, 10.0, 65536.0 * 1000) + rb) / sqrt(q);
        c = fxc_v3((fix16_t)floor(x[0] + nrm[0] * len + 0.5), (fix16_t)floor(x[1] + nrm[1] * len + 0.5),
                   (fix16_t)floor(x[2] + nrm[2] * len + 0.5));
        ref = rg_point_ellipsoid(rg_v(c.x, c.y, c.z), rad) - rb;
        CHECK(fxc_shape_custom(&a, scene_ellipsoid_support, rad, (fix16_t)ceil(bound) + 1, 0) == FXC_OK);
        CHECK(fxc_shape_sphere(&b, rb) == FXC_OK);
        fxc_transform_set(&ta, 0, fxc_v3(0, 0, 0));
        fxc_transform_set(&tb, 0, c);
        for (k = 0; k < 2; k++) {
            fxc_distance_result res;
            int s = k ? fxc_distance(&b, &tb, &a, &ta, &res) : fxc_distance(&a, &ta, &b, &tb, &res);
            double e = fabs(res.distance - ref);
            CHECK_MSG((s == FXC_SEPARATED || (s == FXC_TOUCHING && ref <= BOUND_FAR)) && e <= BOUND_FAR,
                      "case %ld (%s): radii %.0f %.0f %.0f, sphere %d at (%d,%d,%d): %s %d after %d iterations, reference %.2f", i,
                      k ? "sphere, ellipsoid" : "ellipsoid, sphere", rad[0], rad[1], rad[2], (int)rb, (int)c.x, (int)c.y, (int)c.z,
                      fxc_status_name(s), (int)res.distance, res.gjk_iterations, ref);
            stats_add(&st_dist, e);
            it_sum += res.gjk_iterations;
            runs++;
            if (res.gjk_iterations > it_max) it_max = res.gjk_iterations;
        }
    }
    stats_print(&st_dist);
    port_printf("    GJK iterations: mean %ld/100, max %d (cap %d)\n", runs ? it_sum * 100 / runs : 0, it_max, FXC_GJK_MAX_ITERATIONS);
}

/* The per-pair cache: pairs followed over frames of small motions (and
 * jumps), each frame queried with and without the cache: the same
 * statuses (but within the touching band, whose edges the values' rounding
 * decides), distances and depths within the bound, and a cache holding
 * any value (garbage, another pair's) still gives the right answers. */
void test_gjk_cache(void)
{
    t_rng r = { 480 };
    long seq, n = T_TARGET_CASES(300, 20), frames = 0;
    for (seq = 0; seq < n && t_failures() == 0; seq++) {
        body a, b;
        fxc_cache cache;
        int f;
        scene_random_polytope(&r, &a, &SCALE_UNIT, (int)(seq & 1));
        scene_random_polytope(&r, &b, &SCALE_UNIT, (int)((seq >> 1) & 1));
        b.shape.margin = (seq & 4) ? t_range(&r, 0, 10000) : 0;
        CHECK(fxc_cache_init(&cache) == FXC_OK && cache.axis.x == 0);
        if (seq % 7 == 3) cache.axis = t_vec(&r, INT32_MIN / 2, INT32_MAX / 2); /* garbage */
        for (f = 0; f < 12; f++) {
            fxc_distance_result d0, d1;
            fxc_contact c0, c1;
            int i0, i1, s0, s1, k0, k1;
            /* a small step, or now and then a jump */
            b.xf.pos = fxc_v3_add(b.xf.pos, f % 5 == 4 ? t_vec(&r, -65536, 65536) : t_vec(&r, -512, 512));
            i0 = fxc_intersect(&a.shape, &a.xf, &b.shape, &b.xf);
            i1 = fxc_intersect_cached(&a.shape, &a.xf, &b.shape, &b.xf, &cache);
            s0 = fxc_distance(&a.shape, &a.xf, &b.shape, &b.xf, &d0);
            s1 = fxc_distance_cached(&a.shape, &a.xf, &b.shape, &b.xf, &cache, &d1);
            k0 = fxc_collide(&a.shape, &a.xf, &b.shape, &b.xf, &t_ws, &c0);
            k1 = fxc_collide_cached(&a.shape, &a.xf, &b.shape, &b.xf, &t_ws, &cache, &c1);
            frames++;
            if (d0.distance > FXC_TOUCH_TOL + 4 || s0 == FXC_OVERLAPPING) {
                CHECK_MSG(i0 == i1 && s0 == s1, "pair %ld frame %d: %s/%s vs %s/%s", seq, f, fxc_status_name(i0),
                          fxc_status_name(s0), fxc_status_name(i1), fxc_status_name(s1));
                CHECK(fxc_clearance_cached(&a.shape, &a.xf, &b.shape, &b.xf, 0, &cache) == i0);
            }
            if (c0.depth > FXC_TOUCH_TOL + 4 || c0.distance > FXC_TOUCH_TOL + 4) CHECK(k0 == k1);
            CHECK_MSG(fabs((double)d0.distance - d1.distance) <= 2 * BOUND_NEAR && fabs((double)c0.depth - c1.depth) <= 2 * BOUND_NEAR,
                      "pair %ld frame %d: distance %d / %d, depth %d / %d", seq, f, (int)d0.distance, (int)d1.distance,
                      (int)c0.depth, (int)c1.depth);
        }
    }
    port_printf("       %ld frames, with and without the cache\n", frames);
    CHECK(fxc_cache_init(NULL) == FXC_ERR_NULL);
}

/* Six times a tetrahedron's signed volume, in double. */
static double volume6(const fxc_vec3 v[4])
{
    double a[3] = { (double)v[1].x - v[0].x, (double)v[1].y - v[0].y, (double)v[1].z - v[0].z };
    double b[3] = { (double)v[2].x - v[0].x, (double)v[2].y - v[0].y, (double)v[2].z - v[0].z };
    double c[3] = { (double)v[3].x - v[0].x, (double)v[3].y - v[0].y, (double)v[3].z - v[0].z };
    return a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0]) + a[2] * (b[0] * c[1] - b[1] * c[0]);
}

/* A point exactly on an edge of a tetrahedron (the midpoint of two
 * vertices with even coordinates) touches it, and its centroid (four
 * times the coordinates) lies inside. From a review: GJK's simplex held
 * the point on an edge whose planes were not the tetrahedron's, and
 * fxc_distance called 1 edge midpoint in 9 overlapping (so fxc_raycast
 * from there answered FXC_INSIDE). A touching plane holds the edge, and
 * the walk around it (walk_edge) finds the faces. 300 random
 * tetrahedra, every edge; fxc_distance, and fxc_raycast without motion
 * (touching on the surface, inside at the centroid). */
void test_gjk_point_on_hull_edge(void)
{
    t_rng r = { 2611 };
    int k, i, j, edges = 0;
    for (k = 0; k < T_TARGET_CASES(300, 40); k++) {
        fxc_vec3 v[4], c = fxc_v3(0, 0, 0);
        fxc_shape hull, point;
        fxc_transform t, at;
        fxc_distance_result d;
        fxc_ray_hit hit;
        int32_t size = t_range(&r, 8, 1 << 17);
        for (i = 0; i < 4; i++) {
            v[i].x = 4 * t_range(&r, -size, size);
            v[i].y = 4 * t_range(&r, -size, size);
            v[i].z = 4 * t_range(&r, -size, size);
            c = fxc_v3_add(c, fxc_v3(v[i].x / 4, v[i].y / 4, v[i].z / 4));
        }
        if (fabs(volume6(v)) < 1e9) continue; /* nearly flat: no clear inside */
        CHECK(fxc_shape_hull(&hull, v, 4, 0) == FXC_OK);
        (void)fxc_transform_set(&t, NULL, fxc_v3(0, 0, 0));
        (void)fxc_shape_point(&point, 0);
        for (i = 0; i < 4; i++) {
            for (j = i + 1; j < 4; j++) {
                fxc_vec3 m = fxc_v3((v[i].x + v[j].x) / 2, (v[i].y + v[j].y) / 2, (v[i].z + v[j].z) / 2);
                (void)fxc_transform_set(&at, NULL, m);
                edges++;
                CHECK_MSG(fxc_distance(&hull, &t, &point, &at, &d) == FXC_TOUCHING, "case %d: edge %d-%d's midpoint", k,
                          i, j);
                CHECK_MSG(fxc_raycast(&hull, &t, m, fxc_v3(0, 0, 0), &hit) == FXC_TOUCHING,
                          "case %d: a ray from edge %d-%d's midpoint", k, i, j);
            }
        }
        (void)fxc_transform_set(&at, NULL, c);
        CHECK_MSG(fxc_distance(&hull, &t, &point, &at, &d) == FXC_OVERLAPPING, "case %d: the centroid", k);
        CHECK_MSG(fxc_raycast(&hull, &t, c, fxc_v3(0, 0, 0), &hit) == FXC_INSIDE, "case %d: a ray from the centroid",
                  k);
    }
    CHECK(edges >= T_TARGET_CASES(1500, 200));
}
