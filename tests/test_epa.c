/* EPA and fxc_collide against the double reference: separating-axis depth
 * for boxes and hulls, analytic for spheres and capsules.
 *
 * Depth error bound, from the budget: support points are rounded once per
 * shape (<= 1.73 LSB together), EPA stops when the new support point is
 * within FXC_EPA_TOL = 2 LSB of the face, the reported depth is the height
 * along the 28-bit face normal (relative 2^-27: < 0.1 LSB below 100 units,
 * ~0.5 LSB at the range limit) rounded once (0.5 LSB): 4.5 LSB; 5 LSB at
 * the range limit. The normal is judged by what it is for: the reference
 * overlap along the returned normal must exceed the reference depth by no
 * more than the same bound (any of several equally deep axes is accepted),
 * plus what the unit normal's own Q16.16 rounding costs: its direction is
 * good to 0.87 * 2^-16 rad, which tilts the overlap by up to 0.87 LSB per
 * unit of the Minkowski difference's radius R (only visible at large
 * scale). The contact points and the "move B by depth" check get the same
 * allowance.
 */
#include <math.h>
#include "scene.h"
#include "stats.h"

#define DEPTH_BOUND 4.5
#define DEPTH_BOUND_FAR 5.0

typedef struct {
    stats depth, normal, points;
    long pen, cases;
    int max_epa;
    long sum_epa;
} epa_tally;

/* B placed near A so they overlap by 0..most of their size; redrawn until
 * both lie within the supported range. */
static void overlapping_pair(t_rng *r, body *a, body *b, const scale_class *sc, int kind)
{
    fxc_mat3 m;
    fxc_vec3 off;
    int32_t reach;
    do {
    scene_random_polytope(r, a, sc, kind == 1);
    if (kind >= 1) {
        int n = 4 + (int)(t_next(r) % 9);
        scene_hull(r, b, n, t_range(r, sc->size_min, sc->size_max));
    }
    else scene_box(b, t_vec(r, sc->size_min, sc->size_max));
    reach = sc->size_max + sc->size_max / 2;
    off = t_vec(r, -reach, reach);
    scene_rotation(r, &m);
    scene_place(b, &m, fxc_v3_add(a->xf.pos, off));
    scene_finish(b);
    } while (fxc_intersect(&a->shape, &a->xf, &b->shape, &b->xf) == FXC_ERR_RANGE);
}

static void check_penetration(const body *a, const body *b, double bound, epa_tally *t, long id)
{
    fxc_contact c, sw;
    rg_vec rn;
    double ang = 0.87 * scene_minkowski_radius(a, b);
    double ref = lsb(rg_poly_sat(&a->poly, &b->poly, &rn));
    int st = fxc_collide(&a->shape, &a->xf, &b->shape, &b->xf, &t_ws, &c);
    int is = fxc_intersect(&a->shape, &a->xf, &b->shape, &b->xf);

    t->cases++;
    if (ref > bound) CHECK_MSG(st == FXC_PENETRATING, "case %ld: ref depth %.2f LSB, got %s", id, ref, fxc_status_name(st));
    if (ref < -bound) CHECK_MSG(st == FXC_SEPARATED, "case %ld: ref %.2f LSB, got %s", id, ref, fxc_status_name(st));
    CHECK((is == FXC_SEPARATED) == (st == FXC_SEPARATED));
    if (st != FXC_PENETRATING) return;
    t->pen++;
    t->sum_epa += c.epa_iterations;
    if (c.epa_iterations > t->max_epa) t->max_epa = c.epa_iterations;
    {
        rg_vec n = unit_of(c.normal);
        double e = fabs(c.depth - ref);
        double along = lsb(scene_overlap_along(a, b, n)) - ref;
        rg_vec sep = rg_sub(rg_from(c.point_a), rg_from(c.point_b));
        double ep = lsb(rg_len(rg_sub(sep, rg_scale(n, t_d(c.depth)))));
        double ea = scene_off_body(a, c.point_a), eb = scene_off_body(b, c.point_b);
        stats_add(&t->depth, e);
        stats_add(&t->normal, along / (ang / 0.87 + 1e-9));
        stats_add(&t->points, ep > ea ? (ep > eb ? ep : eb) : (ea > eb ? ea : eb));
        CHECK_MSG(e <= bound, "case %ld: depth %d vs ref %.2f LSB", id, (int)c.depth, ref);
        CHECK_MSG(along <= bound + ang, "case %ld: overlap along normal exceeds depth by %.2f LSB", id, along);
        CHECK_MSG(fabs(rg_len(rg_from(c.normal)) - 1.0) <= 2.0 / 65536, "case %ld: normal not unit", id);
        CHECK_MSG(ep <= 2 * bound + ang && ea <= bound && eb <= bound, "case %ld: contact points off by %.2f %.2f %.2f LSB",
                  id, ep, ea, eb);
    }
    /* Swapping A and B negates the normal and keeps the depth. */
    {
        int ss = fxc_collide(&b->shape, &b->xf, &a->shape, &a->xf, &t_ws, &sw);
        CHECK_MSG(ss == FXC_PENETRATING, "case %ld: swapped: %s depth %d (unswapped %d, ref %.2f)", id, fxc_status_name(ss),
                  (int)sw.depth, (int)c.depth, ref);
    }
    CHECK_MSG(fabs((double)sw.depth - c.depth) <= bound, "case %ld: swapped depth %d vs %d", id, (int)sw.depth, (int)c.depth);
    /* Moving B by depth * normal (plus the rounding of that move) ends it. */
    {
        fxc_transform tb = b->xf;
        fxc_contact mv;
        int sm;
        tb.pos = fxc_v3_add(tb.pos, fxc_v3_scale(c.normal, c.depth + 2 + (fix16_t)ang));
        sm = fxc_collide(&a->shape, &a->xf, &b->shape, &tb, &t_ws, &mv);
        CHECK_MSG(sm == FXC_SEPARATED || sm == FXC_TOUCHING || sm == FXC_ERR_RANGE, "case %ld: after moving B by the depth: %s depth %d", id,
                  fxc_status_name(sm), (int)mv.depth);
    }
}

static void random_penetrations(const scale_class *sc, double bound, uint64_t seed, long n)
{
    static const char *kinds[3] = { "box-box", "hull-hull", "box-hull" };
    static const char *depth_names[3] = { "box-box depth error", "hull-hull depth error", "box-hull depth error" };
    static const char *tilt_names[3] = { "box-box normal tilt (2^-16 rad, via overlap)",
                                         "hull-hull normal tilt (2^-16 rad, via overlap)",
                                         "box-hull normal tilt (2^-16 rad, via overlap)" };
    static const char *point_names[3] = { "box-box contact point error", "hull-hull contact point error",
                                          "box-hull contact point error" };
    int k;
    for (k = 0; k < 3; k++) {
        t_rng r = { seed + (uint64_t)k };
        epa_tally t;
        body a, b;
        long i;
        stats_init(&t.depth, depth_names[k]);
        stats_init(&t.normal, tilt_names[k]);
        stats_init(&t.points, point_names[k]);
        t.pen = t.cases = t.sum_epa = 0;
        t.max_epa = 0;
        for (i = 0; i < n && t_failures() == 0; i++) {
            overlapping_pair(&r, &a, &b, sc, k);
            check_penetration(&a, &b, bound, &t, i);
        }
        port_printf("       EPA %-9s %-5s %ld pairs, %ld penetrating, EPA iterations mean %ld/100 max %d\n", kinds[k],
                    sc->name, t.cases, t.pen, t.pen ? t.sum_epa * 100 / t.pen : 0, t.max_epa);
        stats_print(&t.depth);
        stats_print(&t.normal);
        stats_print(&t.points);
    }
}

void test_epa_random_unit(void) { random_penetrations(&SCALE_UNIT, DEPTH_BOUND, 700, T_TARGET_CASES(3000, 100)); }
void test_epa_random_small(void) { random_penetrations(&SCALE_SMALL, DEPTH_BOUND, 800, T_TARGET_CASES(3000, 100)); }
void test_epa_random_large(void) { random_penetrations(&SCALE_LARGE, DEPTH_BOUND_FAR, 900, T_TARGET_CASES(3000, 100)); }

void test_epa_spheres_capsules(void)
{
    t_rng r = { 1000 };
    stats ss, cc;
    long i, n = T_TARGET_CASES(5000, 500);
    stats_init(&ss, "sphere-sphere depth error");
    stats_init(&cc, "capsule-capsule depth error");
    for (i = 0; i < n && t_failures() == 0; i++) {
        fxc_shape a, b;
        fxc_transform ta, tb;
        fxc_contact c;
        body ca, cb;
        fix16_t ra = t_range(&r, 3000, 65536), rb = t_range(&r, 3000, 65536);
        fix16_t ha = t_range(&r, 1000, 65536), hb = t_range(&r, 1000, 65536);
        fxc_vec3 pa = t_vec(&r, -65536, 65536);
        fxc_vec3 pb = fxc_v3_add(pa, t_vec(&r, -65536, 65536));
        double ref;
        int st;

        CHECK(fxc_shape_sphere(&a, ra) == FXC_OK && fxc_shape_sphere(&b, rb) == FXC_OK);
        fxc_transform_set(&ta, 0, pa);
        fxc_transform_set(&tb, 0, pb);
        st = fxc_collide(&a, &ta, &b, &tb, &t_ws, &c);
        ref = -lsb(rg_sphere_sphere(rg_from(pa), t_d(ra), rg_from(pb), t_d(rb), 0));
        if (ref > DEPTH_BOUND) {
            CHECK_MSG(st == FXC_PENETRATING && fabs(c.depth - ref) <= DEPTH_BOUND, "sphere case %ld: %s %d vs %.2f", i,
                      fxc_status_name(st), (int)c.depth, ref);
            stats_add(&ss, fabs(c.depth - ref));
        }

        ref = -lsb(scene_capsules(&r, &ca, &cb, pa, pb, ha, ra, hb, rb));
        st = fxc_collide(&ca.shape, &ca.xf, &cb.shape, &cb.xf, &t_ws, &c);
        if (ref > DEPTH_BOUND) {
            CHECK_MSG(st == FXC_PENETRATING && fabs(c.depth - ref) <= DEPTH_BOUND, "capsule case %ld: %s %d vs %.2f", i,
                      fxc_status_name(st), (int)c.depth, ref);
            stats_add(&cc, fabs(c.depth - ref));
        }
    }
    stats_print(&ss);
    stats_print(&cc);
}

/* ---- named degenerate cases ---- */

static int collide_boxes(fxc_vec3 ha, fxc_vec3 pa, fxc_vec3 hb, fxc_vec3 pb, fxc_contact *c)
{
    fxc_shape a, b;
    fxc_transform ta, tb;
    CHECK(fxc_shape_box(&a, ha, 0) == FXC_OK && fxc_shape_box(&b, hb, 0) == FXC_OK);
    fxc_transform_set(&ta, 0, pa);
    fxc_transform_set(&tb, 0, pb);
    return fxc_collide(&a, &ta, &b, &tb, &t_ws, c);
}

#define H(x) fxc_v3(F16(x), F16(x), F16(x))

void test_epa_libccd_box_case(void)
{
    /* Unit box at the origin vs a 0.5 x 1 x 1.5 box at (0.1, 0, 0): depth
     * 0.65 along +x (0.1 rounds to 6554 raw, so 0.65 - 6 LSB... exactly
     * 0.5 + 0.25 - 6554/65536). */
    fxc_contact c;
    CHECK(collide_boxes(H(0.5), fxc_v3(0, 0, 0), fxc_v3(F16(0.25), F16(0.5), F16(0.75)), fxc_v3(F16(0.1), 0, 0), &c) ==
          FXC_PENETRATING);
    CHECK_MSG(c.depth == F16(0.75) - F16(0.1), "depth %d", (int)c.depth);
    CHECK(c.normal.x == FXC_ONE && c.normal.y == 0 && c.normal.z == 0);
}

void test_epa_cubes_1_9(void)
{
    fxc_contact c;
    CHECK(collide_boxes(H(1), fxc_v3(0, 0, 0), H(1), fxc_v3(0, 0, F16(1.9)), &c) == FXC_PENETRATING);
    CHECK_MSG(c.depth == 2 * FXC_ONE - F16(1.9), "depth %d", (int)c.depth);
    CHECK(c.normal.z == FXC_ONE && c.normal.x == 0 && c.normal.y == 0);
    CHECK(c.point_a.z == FXC_ONE && c.point_b.z == F16(1.9) - FXC_ONE);
}

void test_epa_small_cube_in_corner(void)
{
    /* A well-known library returned a normal towards the vertex and a
     * depth sqrt(3) too large: the answer is 0.2 along a face normal. */
    fxc_contact c;
    CHECK(collide_boxes(H(0.5), fxc_v3(0, 0, 0), H(0.1), H(0.4), &c) == FXC_PENETRATING);
    CHECK_MSG(c.depth == F16(0.5) - (F16(0.4) - F16(0.1)), "depth %d", (int)c.depth);
    CHECK((c.normal.x == FXC_ONE && c.normal.y == 0 && c.normal.z == 0) ||
          (c.normal.y == FXC_ONE && c.normal.x == 0 && c.normal.z == 0) ||
          (c.normal.z == FXC_ONE && c.normal.x == 0 && c.normal.y == 0));
}

void test_epa_box_inside_box(void)
{
    /* Small box fully inside a big one, off centre: the way out is the
     * nearest face of the big box plus the small box's extent. */
    fxc_contact c;
    CHECK(collide_boxes(H(2), fxc_v3(0, 0, 0), fxc_v3(F16(0.1), F16(0.2), F16(0.3)), fxc_v3(F16(0.5), F16(-1.2), F16(0.3)), &c) ==
          FXC_PENETRATING);
    /* along -y: 2 - 1.2 + 0.2 = 1.0 */
    CHECK_MSG(c.depth == F16(2) - F16(1.2) + F16(0.2), "depth %d", (int)c.depth);
    CHECK(c.normal.y == -FXC_ONE);
}

void test_epa_identical_boxes(void)
{
    fxc_contact c;
    CHECK(collide_boxes(fxc_v3(F16(0.5), F16(0.3), F16(0.2)), fxc_v3(F16(1), F16(2), F16(3)), fxc_v3(F16(0.5), F16(0.3), F16(0.2)),
                        fxc_v3(F16(1), F16(2), F16(3)), &c) == FXC_PENETRATING);
    /* thinnest way out: along z, 2 * 0.2 */
    CHECK_MSG(c.depth == 2 * F16(0.2), "depth %d", (int)c.depth);
    CHECK(c.normal.z == FXC_ONE || c.normal.z == -FXC_ONE);
}

void test_epa_resting_face_on_face(void)
{
    /* Same orientation, resting 0.01 deep: many equally deep axes in x and
     * y are far deeper; the answer is 0.01 along +z. */
    fxc_contact c;
    CHECK(collide_boxes(fxc_v3(F16(1), F16(1), F16(0.5)), fxc_v3(0, 0, 0), fxc_v3(F16(1), F16(1), F16(0.5)),
                        fxc_v3(0, 0, F16(0.99)), &c) == FXC_PENETRATING);
    CHECK_MSG(c.depth == F16(1) - F16(0.99), "depth %d", (int)c.depth);
    CHECK(c.normal.z == FXC_ONE);
}

void test_epa_concentric_spheres(void)
{
    fxc_shape a, b;
    fxc_transform ta, tb;
    fxc_contact c;
    CHECK(fxc_shape_sphere(&a, F16(1)) == FXC_OK && fxc_shape_sphere(&b, F16(0.25)) == FXC_OK);
    fxc_transform_set(&ta, 0, fxc_v3(F16(3), F16(-2), F16(1)));
    tb = ta;
    CHECK(fxc_collide(&a, &ta, &b, &tb, &t_ws, &c) == FXC_PENETRATING);
    CHECK(c.depth == F16(1.25));
    CHECK(fxc_v3_length(c.normal) == FXC_ONE);
}

void test_epa_point_hull_on_box_face(void)
{
    /* The unit box against (1,0,0) given as a one-point hull: touching. */
    static const fxc_vec3 p[1] = { { 65536, 0, 0 } };
    fxc_shape a, b;
    fxc_transform ta, tb;
    fxc_contact c;
    CHECK(fxc_shape_box(&a, H(1), 0) == FXC_OK && fxc_shape_hull(&b, p, 1, 0) == FXC_OK);
    fxc_transform_set(&ta, 0, fxc_v3(0, 0, 0));
    fxc_transform_set(&tb, 0, fxc_v3(0, 0, 0));
    CHECK(fxc_collide(&a, &ta, &b, &tb, &t_ws, &c) == FXC_TOUCHING);
    CHECK(c.depth == 0 && c.normal.x == FXC_ONE);
    /* 0.25 inside: penetrating by 0.25 along +x */
    tb.pos.x = -F16(0.25);
    CHECK(fxc_collide(&a, &ta, &b, &tb, &t_ws, &c) == FXC_PENETRATING);
    CHECK(c.depth == F16(0.25) && c.normal.x == FXC_ONE);
}

void test_epa_flat_hulls(void)
{
    /* Two flat squares in the same plane, overlapping: the Minkowski
     * difference is flat, so the depth is 0 along the plane normal. A flat
     * square cutting into a box: depth from the box faces. */
    static const fxc_vec3 sq[4] = { { -32768, -32768, 0 }, { 32768, -32768, 0 }, { 32768, 32768, 0 }, { -32768, 32768, 0 } };
    fxc_shape a, b;
    fxc_transform ta, tb;
    fxc_contact c;
    int st;
    CHECK(fxc_shape_hull(&a, sq, 4, 0) == FXC_OK && fxc_shape_hull(&b, sq, 4, 0) == FXC_OK);
    fxc_transform_set(&ta, 0, fxc_v3(0, 0, 0));
    fxc_transform_set(&tb, 0, fxc_v3(F16(0.3), F16(0.2), 0));
    st = fxc_collide(&a, &ta, &b, &tb, &t_ws, &c);
    CHECK_MSG(st == FXC_TOUCHING, "coplanar squares: %s", fxc_status_name(st));
    CHECK(c.depth == 0 && (c.normal.z == FXC_ONE || c.normal.z == -FXC_ONE));
    CHECK(fxc_shape_box(&a, H(0.5), 0) == FXC_OK);
    fxc_transform_set(&tb, 0, fxc_v3(0, 0, F16(0.45)));
    st = fxc_collide(&a, &ta, &b, &tb, &t_ws, &c);
    CHECK_MSG(st == FXC_PENETRATING && c.depth == F16(0.05) && c.normal.z == FXC_ONE, "square in box: %s %d", fxc_status_name(st),
              (int)c.depth);
}

void test_epa_translation_invariance(void)
{
    t_rng r = { 1100 };
    long i, n = T_TARGET_CASES(500, 50);
    for (i = 0; i < n && t_failures() == 0; i++) {
        body a, b;
        fxc_contact c1, c2;
        fxc_transform ta, tb;
        fxc_vec3 off = t_vec(&r, -3000 * 65536, 3000 * 65536);
        int s1, s2;
        overlapping_pair(&r, &a, &b, &SCALE_UNIT, (int)(i % 3));
        ta = a.xf;
        tb = b.xf;
        ta.pos = fxc_v3_add(ta.pos, off);
        tb.pos = fxc_v3_add(tb.pos, off);
        s1 = fxc_collide(&a.shape, &a.xf, &b.shape, &b.xf, &t_ws, &c1);
        s2 = fxc_collide(&a.shape, &ta, &b.shape, &tb, &t_ws, &c2);
        CHECK(s1 == s2 && c1.depth == c2.depth && c1.distance == c2.distance && c1.normal.x == c2.normal.x &&
              c1.normal.y == c2.normal.y && c1.normal.z == c2.normal.z && c1.epa_iterations == c2.epa_iterations);
        CHECK(c2.point_a.x - c1.point_a.x == off.x && c2.point_b.y - c1.point_b.y == off.y);
    }
}

/* Curved cores given only as support callbacks (spheres), deep inside each
 * other: EPA's polytope of FXC_EPA_MAX_VERTICES vertices cannot follow a
 * sphere to the LSB, so EPA ends at its capacity (FXC_ERR_CAPACITY) with
 * its best answer. What must hold, against the analytic answer: the depth
 * is an upper bound along its own normal (moving B by it ends the
 * overlap: the overlap along the normal is the depth), and the true depth
 * lies within the reported bracket [depth - depth_error, depth], both up
 * to rounding (DEPTH_BOUND). The accuracy reached is printed. */
static fxc_vec3 sphere_support(fxc_vec3 dir, void *user)
{
    fxc_vec3 u;
    fxc_v3_normalize(dir, &u);
    return fxc_v3_scale(u, *(const fix16_t *)user);
}

void test_epa_curved_callbacks_deep(void)
{
    t_rng r = { 1200 };
    stats err, rel, bracket;
    long i, n = T_TARGET_CASES(400, 20), capped = 0;
    stats_init(&err, "depth above the true depth");
    stats_init(&rel, "the same, in 2^-16 of the depth");
    stats_init(&bracket, "depth_error (the proven bracket)");
    for (i = 0; i < n && t_failures() == 0; i++) {
        fix16_t ra = t_range(&r, 32768, 4 * 65536), rb = t_range(&r, 32768, 4 * 65536);
        fxc_shape a, b;
        fxc_transform ta, tb;
        fxc_contact c;
        fxc_vec3 off = t_vec(&r, -(ra + rb) / 4, (ra + rb) / 4);
        rg_vec d = rg_from(off), nrm;
        double want, along;
        int st;
        CHECK(fxc_shape_custom(&a, sphere_support, &ra, ra, 0) == FXC_OK);
        CHECK(fxc_shape_custom(&b, sphere_support, &rb, rb, 0) == FXC_OK);
        fxc_transform_set(&ta, 0, t_vec(&r, -65536 * 100, 65536 * 100));
        fxc_transform_set(&tb, 0, fxc_v3_add(ta.pos, off));
        st = fxc_collide(&a, &ta, &b, &tb, &t_ws, &c);
        want = lsb(t_d(ra + rb) - rg_len(d));
        CHECK_MSG(st == FXC_PENETRATING || st == FXC_ERR_CAPACITY, "case %ld: %s", i, fxc_status_name(st));
        capped += st == FXC_ERR_CAPACITY;
        nrm = unit_of(c.normal);
        along = lsb(t_d(ra + rb) - rg_dot(d, nrm));
        CHECK_MSG(fabs(along - c.depth) <= DEPTH_BOUND + 0.87 * t_d(ra + rb), "case %ld: overlap along the normal %.1f, depth %d", i,
                  along, (int)c.depth);
        CHECK_MSG(c.depth >= want - DEPTH_BOUND && c.depth - c.depth_error <= want + DEPTH_BOUND,
                  "case %ld: true depth %.1f outside [%d - %d, %d]", i, want, (int)c.depth, (int)c.depth_error, (int)c.depth);
        stats_add(&err, c.depth - want);
        stats_add(&rel, (c.depth - want) / want * 65536.0);
        stats_add(&bracket, c.depth_error);
    }
    port_printf("       %ld pairs, %ld ended at EPA's capacity\n", n, capped);
    stats_print(&err);
    stats_print(&rel);
    stats_print(&bracket);
}

/* A Minkowski difference that is a segment through the origin: two
 * collinear segments overlapping along x. GJK meets no plane across them,
 * EPA finds no point off their line and answers a flat contact: depth 0
 * (touching) without margins, the margins' sum with them, the normal
 * across the line, and the points in the overlap x in [0.5, 1]. */
void test_epa_flat_segments(void)
{
    fxc_shape a, b;
    fxc_transform ta, tb;
    fxc_contact c;
    int m;
    for (m = 0; m < 2; m++) {
        fix16_t ra = m ? F16(0.25) : 0, rb = m ? F16(0.125) : 0;
        CHECK(fxc_shape_segment(&a, fxc_v3(-FXC_ONE, 0, 0), fxc_v3(FXC_ONE, 0, 0), ra) == FXC_OK);
        CHECK(fxc_shape_segment(&b, fxc_v3(-F16(0.75), 0, 0), fxc_v3(F16(0.75), 0, 0), rb) == FXC_OK);
        fxc_transform_set(&ta, 0, fxc_v3(0, 0, 0));
        fxc_transform_set(&tb, 0, fxc_v3(F16(1.25), 0, 0));
        CHECK(fxc_collide(&a, &ta, &b, &tb, &t_ws, &c) == (m ? FXC_PENETRATING : FXC_TOUCHING));
        CHECK_MSG(c.depth == ra + rb && c.epa_iterations == 0 && c.normal.x == 0, "depth %d, normal x %d", (int)c.depth,
                  (int)c.normal.x);
        CHECK(fxc_v3_length(c.normal) >= FXC_ONE - 2 && fxc_v3_length(c.normal) <= FXC_ONE + 2);
        /* core points in the overlap, on the line (margins along the normal) */
        CHECK(c.point_a.x >= F16(0.5) - 1 && c.point_a.x <= FXC_ONE + 1 && c.point_b.x == c.point_a.x);
    }
}

/* A ball callback whose first answers lie inside the ball (a
 * shape rounded inwards at first, still consistent: every answer is at
 * least as far along its direction as the earlier ones). EPA's polytope
 * starts on those inner points; later points on the true surface swallow
 * them, so a step removes more faces than its horizon has edges and EPA
 * frees face slots (and reuses them). The answer still brackets the true
 * depth. */
typedef struct {
    fix16_t radius;
    int calls, inward;
} shy_ball;

static fxc_vec3 shy_support(fxc_vec3 dir, void *user)
{
    shy_ball *b = (shy_ball *)user;
    fxc_vec3 u;
    fxc_v3_normalize(dir, &u);
    return fxc_v3_scale(u, b->calls++ < b->inward ? b->radius - b->radius / 4 : b->radius);
}

void test_epa_frees_face_slots(void)
{
    shy_ball ball = { F16(1), 0, 12 }; /* found to free 2 slots (a probe build counting them) */
    fxc_shape a, b;
    fxc_transform ta, tb;
    fxc_contact c;
    double want;
    int st;
    CHECK(fxc_shape_custom(&a, shy_support, &ball, F16(1), 0) == FXC_OK);
    CHECK(fxc_shape_box(&b, fxc_v3(F16(0.5), F16(0.5), F16(0.5)), 0) == FXC_OK);
    fxc_transform_set(&ta, 0, fxc_v3(0, 0, 0));
    fxc_transform_set(&tb, 0, fxc_v3(F16(0.9), F16(0.2), F16(0.1)));
    st = fxc_collide(&a, &ta, &b, &tb, &t_ws, &c);
    /* depth of a unit ball into the box along +x: 1 - (0.9 - 0.5) = 0.6 */
    want = 0.6 * 65536.0;
    CHECK_MSG(st == FXC_PENETRATING || st == FXC_ERR_CAPACITY, "%s", fxc_status_name(st));
    CHECK_MSG(c.depth >= want - DEPTH_BOUND && c.depth - c.depth_error <= want + DEPTH_BOUND, "depth %d (bracket %d), want %.0f",
              (int)c.depth, (int)c.depth_error, want);
}
