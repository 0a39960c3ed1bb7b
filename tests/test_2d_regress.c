/* 2D regressions: one named case for each bug a review of the 2D code
 * found, checked against the value geometry gives (worked out in each
 * comment); each fails before its fix. */
#include <math.h>
#include "test.h"
#include "fxcollide2d.h"
#include "ref2d.h"

#define UNIT ((int32_t)FXC_ONE)

static fxc2_transform at(int32_t x, int32_t y)
{
    fxc2_transform t;
    (void)fxc2_transform_set(&t, fxc2_v(x, y), FXC_ONE, 0);
    return t;
}

static int32_t iabs(int32_t v) { return v < 0 ? -v : v; }

/* Entries of INT32_MIN: c^2 + s^2 overflowed int64 (UBSan) before the
 * +-2 units bound was checked first; now a clear refusal. */
void test_regress2_rotation_extremes(void)
{
    fxc2_transform t;
    fxc2_shape s;
    fxc2_contact c;
    CHECK(fxc2_transform_set(&t, fxc2_v(0, 0), INT32_MIN, INT32_MIN) == FXC_ERR_BAD_TRANSFORM);
    CHECK(fxc2_shape_circle(&s, UNIT) == FXC_OK);
    CHECK(fxc2_collide(&s, &t, &s, &t, &c) == FXC_ERR_BAD_TRANSFORM);
    CHECK(fxc2_transform_set(&t, fxc2_v(0, 0), 2 * UNIT + 1, 0) == FXC_ERR_BAD_TRANSFORM);
}

/* The cores meet in one point: A's triangle (-3,-3), (2,-3), (-5,1) and B's
 * flat polygon along x = -6 moved by (2,-4), i.e. the segment x = -4,
 * y in [-7, -1]. A's edge (-5,1) -> (-3,-3) crosses x = -4 at y = -1: the
 * only common point is (-4,-1). The margins overlap (100 raw each), so
 * fxc2_distance answers OVERLAPPING with a point in both cores. Its
 * barycentric weights were taken with the wrong sign when the origin lay
 * on an edge of a clockwise simplex. */
void test_regress2_overlap_point_on_edge(void)
{
    static const fxc2_vec va[3] = { { -3, -3 }, { 2, -3 }, { -5, 1 } };
    static const fxc2_vec vb[3] = { { -6, 2 }, { -6, 3 }, { -6, -3 } };
    fxc2_shape a, b;
    fxc2_transform ta = at(0, 0), tb = at(2, -4);
    fxc2_distance_result d;
    CHECK(fxc2_shape_polygon(&a, va, 3, 100) == FXC_OK);
    CHECK(fxc2_shape_polygon(&b, vb, 3, 100) == FXC_OK);
    CHECK(fxc2_distance(&a, &ta, &b, &tb, &d) == FXC_OVERLAPPING);
    CHECK_MSG(iabs(d.point_a.x + 4) <= 1 && iabs(d.point_a.y + 1) <= 1, "point (%ld, %ld), expected (-4, -1)",
              (long)d.point_a.x, (long)d.point_a.y);
}

/* A triangle (-4,-5), (7,6), (2,7) raw around a point at the origin: the
 * origin lies sqrt(2)/2 = 0.71 raw inside the edge (-4,-5) -> (7,6) (the
 * line y = x - 1) and 1.34 raw inside the edge (2,7) -> (-4,-5): both
 * distances round to 1 raw, and EPA ranked them as equal and stopped on
 * the farther. The depth is 0.71 <= FXC_TOUCH_TOL: touching, along
 * (1, -1) / sqrt(2). */
void test_regress2_epa_near_tie(void)
{
    static const fxc2_vec v[3] = { { -4, -5 }, { 7, 6 }, { 2, 7 } };
    fxc2_shape a, b;
    fxc2_transform t = at(0, 0);
    fxc2_contact c;
    fxc2_distance_result d;
    CHECK(fxc2_shape_polygon(&a, v, 3, 0) == FXC_OK);
    CHECK(fxc2_shape_point(&b, 0) == FXC_OK);
    CHECK(fxc2_collide(&a, &t, &b, &t, &c) == FXC_TOUCHING);
    CHECK(fxc2_distance(&a, &t, &b, &t, &d) == FXC_TOUCHING);
    /* 0.7071 in Q16.16 is 46341 */
    CHECK_MSG(iabs(c.normal.x - 46341) <= 2 && iabs(c.normal.y + 46341) <= 2, "normal (%ld, %ld)",
              (long)c.normal.x, (long)c.normal.y);
}

/* A's top face runs from (4,1) to (0,1) through a collinear vertex at
 * (2,1); B, a box 3 x 1 centred at (2.5, 1.4), rests across it from x = 1
 * to x = 4, 0.1 deep. The manifold took the face piece (4,1) -> (2,1) as
 * its reference and lost the contact between x = 1 and 2: its points are
 * B's bottom corners, x = 1 and x = 4. */
void test_regress2_manifold_collinear_face(void)
{
    static const fxc2_vec v[5] = { { 0, 0 }, { 4 * UNIT, 0 }, { 4 * UNIT, UNIT }, { 2 * UNIT, UNIT }, { 0, UNIT } };
    fxc2_shape a, b;
    fxc2_transform ta = at(0, 0), tb = at(5 * UNIT / 2, 14 * UNIT / 10);
    fxc2_manifold m;
    int32_t lo, hi;
    CHECK(fxc2_shape_polygon(&a, v, 5, 0) == FXC_OK);
    CHECK(fxc2_shape_box(&b, fxc2_v(3 * UNIT / 2, UNIT / 2), 0) == FXC_OK);
    CHECK(fxc2_collide_manifold(&a, &ta, &b, &tb, 0, &m) == FXC_PENETRATING);
    CHECK(m.count == 2);
    lo = m.point[0].point_b.x < m.point[1].point_b.x ? m.point[0].point_b.x : m.point[1].point_b.x;
    hi = m.point[0].point_b.x < m.point[1].point_b.x ? m.point[1].point_b.x : m.point[0].point_b.x;
    CHECK_MSG(iabs(lo - UNIT) <= 2 && iabs(hi - 4 * UNIT) <= 2, "points at x = %ld and %ld raw", (long)lo, (long)hi);
}

/* A rounded box and a capsule whose deepest contact lies past the
 * reference edge's end, in the box's rounded corner (a review's case):
 * the clipped point was 18,287 raw deep, the pair 69,419. The first point
 * is now the pair's, as deep as fxc2_collide says. */
void test_regress2_manifold_rounded_end_depth(void)
{
    fxc2_shape a, b;
    fxc2_transform ta, tb;
    fxc2_manifold m;
    fxc2_contact c;
    CHECK(fxc2_shape_box(&a, fxc2_v(37471, 248899), 229183) == FXC_OK);
    CHECK(fxc2_shape_segment(&b, fxc2_v(-757957, -283733), fxc2_v(-46567, -458899), 201964) == FXC_OK);
    CHECK(fxc2_transform_set(&ta, fxc2_v(3139795, -1242471), -38080, -53338) == FXC_OK);
    CHECK(fxc2_transform_set(&tb, fxc2_v(3094584, -1147841), -60624, -24894) == FXC_OK);
    CHECK(fxc2_collide(&a, &ta, &b, &tb, &c) == FXC_PENETRATING);
    CHECK(fxc2_collide_manifold(&a, &ta, &b, &tb, 77672, &m) == FXC_PENETRATING && m.count >= 1);
    CHECK_MSG(iabs(m.point[0].separation + c.depth) <= 2, "first point %ld deep, the pair %ld", (long)-m.point[0].separation,
              (long)c.depth);
}

/* Touching boxes whose cores overlap by 1 LSB (A's margin 1 raw): the
 * distance query's points are fxc2_collide's, margins included (they were
 * the cores' points). */
void test_regress2_touching_points_agree(void)
{
    fxc2_shape a, b;
    fxc2_transform ta = at(0, 0), tb = at(2 * UNIT, UNIT / 2);
    fxc2_distance_result d;
    fxc2_contact c;
    CHECK(fxc2_shape_box(&a, fxc2_v(UNIT, UNIT), 1) == FXC_OK);
    CHECK(fxc2_shape_box(&b, fxc2_v(UNIT, UNIT), 0) == FXC_OK);
    CHECK(fxc2_distance(&a, &ta, &b, &tb, &d) == FXC_TOUCHING);
    CHECK(fxc2_collide(&a, &ta, &b, &tb, &c) == FXC_TOUCHING);
    CHECK(d.point_a.x == c.point_a.x && d.point_a.y == c.point_a.y);
    CHECK(d.point_b.x == c.point_b.x && d.point_b.y == c.point_b.y);
    CHECK(c.point_a.x == UNIT + 1); /* A's face at x = 1 unit, plus its margin */
    /* Boxes whose faces (x = 12 units) touch exactly, no margins: the
     * cores meet, and fxc2_collide answers boxes by their edge normals,
     * where GJK and EPA end at the other end of the same edge of A - B.
     * A review found fxc2_distance's point at y = -8 units, fxc2_collide's
     * at -1.14: both on the contact, the segment y in [-8, 4] units. */
    CHECK(fxc2_shape_box(&a, fxc2_v(12 * UNIT, 8 * UNIT), 0) == FXC_OK);
    CHECK(fxc2_shape_box(&b, fxc2_v(7 * UNIT, 6 * UNIT), 0) == FXC_OK);
    tb = at(19 * UNIT, -2 * UNIT);
    CHECK(fxc2_distance(&a, &ta, &b, &tb, &d) == FXC_TOUCHING);
    CHECK(fxc2_collide(&a, &ta, &b, &tb, &c) == FXC_TOUCHING);
    CHECK_MSG(d.point_a.x == c.point_a.x && d.point_a.y == c.point_a.y && d.point_b.x == c.point_b.x &&
                  d.point_b.y == c.point_b.y,
              "distance's point (%ld, %ld), collide's (%ld, %ld)", (long)d.point_a.x, (long)d.point_a.y,
              (long)c.point_a.x, (long)c.point_a.y);
    CHECK(c.point_a.x == 12 * UNIT && c.point_a.y >= -8 * UNIT && c.point_a.y <= 4 * UNIT);
}

/* Rays past a vertex, from starts 19 to 3000 LSB before it: touching it
 * (offset 0) or cutting into it by 1 LSB is never a miss, whatever the
 * steps; passing 17 to 20 LSB away (beyond FXC_CAST_TOL) is always a miss,
 * never the step cap. A point at the origin, and a circle of 50 units. */
void test_regress2_ray_past_vertex(void)
{
    fxc2_shape p, circle;
    fxc2_transform t = at(0, 0);
    fxc2_ray_hit h;
    int32_t x, off;
    long wrong = 0;
    CHECK(fxc2_shape_point(&p, 0) == FXC_OK);
    CHECK(fxc2_shape_circle(&circle, 50 * UNIT) == FXC_OK);
    for (x = -3000; x <= -19; x += T_TARGET_CASES(7, 97)) {
        for (off = -1; off <= 0; off++) {
            wrong += fxc2_raycast(&p, &t, fxc2_v(x, off), fxc2_v(6000, 0), &h) == FXC_SEPARATED;
            wrong += fxc2_raycast(&circle, &t, fxc2_v(x, 50 * UNIT + off), fxc2_v(6000, 0), &h) == FXC_SEPARATED;
        }
        for (off = FXC_CAST_TOL + 1; off <= 20; off++) {
            wrong += fxc2_raycast(&p, &t, fxc2_v(x, off), fxc2_v(6000, 0), &h) != FXC_SEPARATED;
            wrong += fxc2_raycast(&circle, &t, fxc2_v(x, 50 * UNIT + off), fxc2_v(6000, 0), &h) != FXC_SEPARATED;
        }
    }
    CHECK_MSG(wrong == 0, "%ld rays past a vertex answered against the rule", wrong);
}

/* The exact ray's closest approach to a circle of radius r (0: a point)
 * at the origin, in LSB (double: coordinates below 2^24 here). */
static double ray_gap(fxc2_vec o, fxc2_vec d, double r)
{
    double ox = o.x, oy = o.y, dx = d.x, dy = d.y, dd = dx * dx + dy * dy;
    double t = dd > 0 ? -(ox * dx + oy * dy) / dd : 0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    return sqrt((ox + t * dx) * (ox + t * dx) + (oy + t * dy) * (oy + t * dy)) - r;
}

/* Rays that pass a point or a circle 14 to 18 LSB off, in random
 * directions: a contact only where the exact ray comes within
 * FXC_CAST_TOL. The ray's point is rounded to the grid at each step (up
 * to 0.71 LSB nearer); a review found a ray 16.02 LSB off a point, and one
 * 16.69 off a circle, answered FXC_HIT (its two cases first). */
void test_regress2_ray_near_miss_rounding(void)
{
    fxc2_shape p, circle;
    fxc2_transform t = at(0, 0);
    fxc2_ray_hit h;
    t_rng r = { 1629 };
    int i, n = T_TARGET_CASES(4000, 400), hits = 0;
    long wrong = 0;
    CHECK(fxc2_shape_point(&p, 0) == FXC_OK);
    CHECK(fxc2_shape_circle(&circle, 10 * UNIT) == FXC_OK);
    CHECK(ray_gap(fxc2_v(-21, 151), fxc2_v(76, -306), 0) > FXC_CAST_TOL);
    CHECK(fxc2_raycast(&p, &t, fxc2_v(-21, 151), fxc2_v(76, -306), &h) == FXC_SEPARATED);
    CHECK(ray_gap(fxc2_v(728388, 233971), fxc2_v(-594518, 519269), 10 * UNIT) > FXC_CAST_TOL);
    CHECK(fxc2_raycast(&circle, &t, fxc2_v(728388, 233971), fxc2_v(-594518, 519269), &h) == FXC_SEPARATED);
    for (i = 0; i < n; i++) {
        const fxc2_shape *s = i & 1 ? &circle : &p;
        double radius = i & 1 ? 10.0 * UNIT : 0.0, a = t_range(&r, 0, 62832) / 10000.0;
        double off = radius + t_range(&r, 14000, 18000) / 1000.0, len = t_range(&r, 2 * UNIT, 40 * UNIT);
        /* start len/2 before the nearest point (off along the normal), end len/2 past it */
        fxc2_vec o = fxc2_v((int32_t)lround(off * cos(a) - len / 2 * sin(a)), (int32_t)lround(off * sin(a) + len / 2 * cos(a)));
        fxc2_vec d = fxc2_v((int32_t)lround(len * sin(a)), (int32_t)lround(-len * cos(a)));
        int st = fxc2_raycast(s, &t, o, d, &h), hit = st == FXC_HIT || st == FXC_GRAZING;
        double gap = ray_gap(o, d, radius);
        hits += hit;
        if ((hit && gap > FXC_CAST_TOL) || (!hit && st != FXC_SEPARATED)) {
            if (wrong++ == 0)
                CHECK_MSG(0, "ray (%ld, %ld) + (%ld, %ld): %s, %.3f LSB off", (long)o.x, (long)o.y, (long)d.x, (long)d.y,
                          fxc_status_name(st), gap);
        }
    }
    CHECK_MSG(wrong == 0, "%ld of %d near rays answered against the rule", wrong, n);
    CHECK(hits > 0); /* some do come within FXC_CAST_TOL */
}

/* A flat polygon's core, bent by the rounding: (0, 0), (2, 0), (1, 0) raw
 * turned by c = 63303, s = 16962 (15 degrees) become (0, 0), (2, 1) and
 * (1, 0) (2c, 2s, c, s over 2^16: 1.93, 0.52, 0.97, 0.26, each rounded
 * to nearest), a triangle whose corner at (1, 0) opens from (1, 1) to
 * (-1, 0), at most 0.45 raw thick: all of it within the touching band.
 * A ray from there that ends on its surface runs along it (along an edge
 * to its far end: GRAZING); any other leaves it, however it crosses the
 * sliver first (TOUCHING). The same points in the other order make the
 * same core, and must give the same answers. A review found the first
 * order's core, wound clockwise, taken as counter-clockwise: (-38, -92),
 * which leaves it, was a hit at 0. */
void test_regress2_ray_flat_polygon_start(void)
{
    static const fxc2_vec orders[2][3] = { { { 0, 0 }, { 2, 0 }, { 1, 0 } }, { { 0, 0 }, { 1, 0 }, { 2, 0 } } };
    static const fxc2_vec rays[8] = { { -38, -92 }, { 0, -5 }, { 5, -5 }, { -5, 5 },
                                      { 5, 5 },     { -5, 0 }, { 1, 1 },  { -1, 0 } };
    static const int want[8] = { FXC_TOUCHING, FXC_TOUCHING, FXC_TOUCHING, FXC_TOUCHING,
                                 FXC_TOUCHING, FXC_TOUCHING, FXC_GRAZING,  FXC_GRAZING };
    fxc2_shape flat;
    fxc2_transform t;
    fxc2_ray_hit h;
    int k, i;
    CHECK(fxc2_transform_set(&t, fxc2_v(0, 0), 63303, 16962) == FXC_OK);
    for (k = 0; k < 2; k++) {
        CHECK(fxc2_shape_polygon(&flat, orders[k], 3, 0) == FXC_OK);
        for (i = 0; i < 8; i++) {
            int st = fxc2_raycast(&flat, &t, fxc2_v(1, 0), rays[i], &h);
            CHECK_MSG(st == want[i], "order %d, ray (%ld, %ld): %s, want %s", k, (long)rays[i].x, (long)rays[i].y,
                      fxc_status_name(st), fxc_status_name(want[i]));
        }
    }
}

/* From a review: a ray starting on the surface at a corner, or on a core
 * of one point or one segment, was answered by the one normal EPA chose
 * there, so mirror images differed (a start 1 LSB inside a box's corner
 * moving away past its bottom face was a hit at 0, the mirrored ray
 * touching; a circle of radius 1 raw left from its centre was a hit one
 * way, touching or grazing the others). The segment each ray sweeps now
 * decides: every ray below leaves the shape (TOUCHING), but one along a
 * capsule's core to a point of it (grazing) and the ones into a box's
 * corner (a hit at 0); then the band's own rule from a face. */
void test_regress2_ray_start_at_corner(void)
{
    static const fxc2_vec away[4] = { { 16384, -65536 }, { -65536, 16384 }, { -65536, -65536 }, { 0, -65536 } };
    static const fxc2_vec round_away[4] = { { 65536, 0 }, { -65536, 0 }, { 0, 65536 }, { 0, -65536 } };
    fxc2_shape box, rounded, circle, capsule;
    fxc2_transform t = at(0, 0);
    fxc2_ray_hit h;
    int i, st;
    CHECK(fxc2_shape_box(&box, fxc2_v(UNIT, UNIT), 0) == FXC_OK);
    CHECK(fxc2_shape_box(&rounded, fxc2_v(UNIT, UNIT), 1) == FXC_OK);
    CHECK(fxc2_shape_circle(&circle, 1) == FXC_OK);
    CHECK(fxc2_shape_capsule(&capsule, UNIT, 1) == FXC_OK);
    for (i = 0; i < 4; i++) {
        fxc2_vec m = fxc2_v(away[i].y, away[i].x); /* the mirror image about the diagonal */
        st = fxc2_raycast(&box, &t, fxc2_v(1 - UNIT, 1 - UNIT), away[i], &h);
        CHECK_MSG(st == FXC_TOUCHING, "1 LSB in the box's corner, ray %d: %s", i, fxc_status_name(st));
        st = fxc2_raycast(&box, &t, fxc2_v(1 - UNIT, 1 - UNIT), m, &h);
        CHECK_MSG(st == FXC_TOUCHING, "1 LSB in the box's corner, mirrored ray %d: %s", i, fxc_status_name(st));
        st = fxc2_raycast(&rounded, &t, fxc2_v(-UNIT, -UNIT), away[i], &h);
        CHECK_MSG(st == FXC_TOUCHING, "the rounded box's core corner, ray %d: %s", i, fxc_status_name(st));
        st = fxc2_raycast(&circle, &t, fxc2_v(0, 0), round_away[i], &h);
        CHECK_MSG(st == FXC_TOUCHING, "a circle of 1 raw from its centre, ray %d: %s", i, fxc_status_name(st));
        /* along the core: past the capsule's end (leaving), or to a point
         * of the core (its end on the surface: grazing); across it, leaving */
        st = fxc2_raycast(&capsule, &t, fxc2_v(UNIT / 2, 0), round_away[i], &h);
        CHECK_MSG(st == (i == 1 ? FXC_GRAZING : FXC_TOUCHING), "a capsule of radius 1 raw from its core, ray %d: %s",
                  i, fxc_status_name(st));
    }
    st = fxc2_raycast(&box, &t, fxc2_v(1 - UNIT, 1 - UNIT), fxc2_v(UNIT, UNIT / 2), &h);
    CHECK_MSG(st == FXC_HIT && h.fraction == 0, "into the box's corner: %s at %ld", fxc_status_name(st),
              (long)h.fraction);
    st = fxc2_raycast(&rounded, &t, fxc2_v(-UNIT, -UNIT), fxc2_v(UNIT / 2, UNIT), &h);
    CHECK_MSG(st == FXC_HIT && h.fraction == 0, "into the rounded box's corner: %s at %ld", fxc_status_name(st),
              (long)h.fraction);
    /* from the top face: ending 1 LSB out (within the band: grazing), or
     * 1 LSB in (not past the band: grazing), or sliding off past the
     * corner (its end 3 units off: touching) */
    st = fxc2_raycast(&box, &t, fxc2_v(0, UNIT), fxc2_v(UNIT / 2, 1), &h);
    CHECK_MSG(st == FXC_GRAZING, "leaving the top face by 1 LSB: %s", fxc_status_name(st));
    st = fxc2_raycast(&box, &t, fxc2_v(0, UNIT), fxc2_v(UNIT / 2, -1), &h);
    CHECK_MSG(st == FXC_GRAZING, "into the top face by 1 LSB: %s", fxc_status_name(st));
    st = fxc2_raycast(&box, &t, fxc2_v(0, UNIT), fxc2_v(4 * UNIT, 0), &h);
    CHECK_MSG(st == FXC_TOUCHING, "along the top face past its corner: %s", fxc_status_name(st));
}

/* Outputs on an error and unused manifold points are all zero. */
void test_regress2_outputs_zeroed(void)
{
    fxc2_shape slab, box;
    fxc2_transform bad, t = at(0, 0), tb;
    fxc2_ray_hit h;
    fxc2_manifold m;
    CHECK(fxc2_shape_box(&slab, fxc2_v(2 * UNIT, UNIT / 2), 0) == FXC_OK);
    CHECK(fxc2_transform_set(&bad, fxc2_v(0, 0), 0, 0) == FXC_ERR_BAD_TRANSFORM);
    CHECK(fxc2_raycast(&slab, &bad, fxc2_v(0, 0), fxc2_v(UNIT, 0), &h) == FXC_ERR_BAD_TRANSFORM);
    CHECK(h.point.x == 0 && h.point.y == 0 && h.fraction == 0 && h.normal.x == 0 && h.iterations == 0);
    /* A 2 x 1 box turned by 0.3 rad on the slab's top (y = 0.5): its lower
     * corner is sin 0.3 + cos 0.3 / 2 = 0.773 below its centre, so with the
     * centre at 1.223 it is 0.05 deep; the other bottom corner is 0.54
     * above the slab. Clipping makes both; the second is dropped. */
    CHECK(fxc2_shape_box(&box, fxc2_v(UNIT, UNIT / 2), 0) == FXC_OK);
    CHECK(fxc2_transform_angle(&tb, fxc2_v(0, 80163), 19661) == FXC_OK);
    CHECK(fxc2_collide_manifold(&slab, &t, &box, &tb, 0, &m) == FXC_PENETRATING);
    CHECK(m.count == 1);
    CHECK(m.point[1].point_a.x == 0 && m.point[1].point_b.y == 0 && m.point[1].separation == 0 && m.point[1].id == 0);
    CHECK_MSG(iabs(m.point[0].separation + 3277) <= 8, "separation %ld, expected -0.05 units", (long)m.point[0].separation);
}

/* From the 2D fuzzer: a capsule of half length INT32_MIN negated it before
 * refusing it (UBSan); now FXC_ERR_NEGATIVE_SIZE with no arithmetic. */
void test_regress2_capsule_int_min(void)
{
    fxc2_shape s;
    CHECK(fxc2_shape_capsule(&s, INT32_MIN, UNIT) == FXC_ERR_NEGATIVE_SIZE);
    CHECK(fxc2_shape_capsule(&s, UNIT, INT32_MIN) == FXC_ERR_NEGATIVE_SIZE);
}

/* From the 2D fuzzer: a long, nearly flat ray that passes under a thin
 * box's corner and then rises into its bottom face was called a miss: at
 * the point under the corner the corner is nearest and the ray is at its
 * closest approach to it, but the face comes nearer after it. The box is
 * 2 x 24 raw around (0, 12288); the ray runs from (7235963, 0) to the
 * box's centre and meets the bottom face (y = 12276) at 12276 / 12288 of
 * the way, x = 7066 raw (inside the face): FXC_HIT there, never later. */
void test_regress2_ray_rises_into_face(void)
{
    fxc2_shape box;
    fxc2_transform t = at(0, 12288);
    fxc2_ray_hit h;
    int st;
    CHECK(fxc2_shape_box(&box, fxc2_v(UNIT, 12), 0) == FXC_OK);
    st = fxc2_raycast(&box, &t, fxc2_v(7235963, 0), fxc2_v(-7235963, 12288), &h);
    CHECK_MSG(st == FXC_HIT, "%s", fxc_status_name(st));
    /* 12276 / 12288 of FXC_ONE is 65472.0: never later; and within
     * FXC_CAST_TOL (+2 LSB of rounding) of the face, which the ray rises
     * 12288 raw per FXC_ONE towards: at most 18 * 65536 / 12288 = 96 early */
    CHECK_MSG(h.fraction <= 65472 && h.fraction >= 65472 - 96, "fraction %ld", (long)h.fraction);
}

/* From the 2D fuzzer: a point on a sliver triangle's vertex (0,0), the
 * triangle (0,0), (1,-7602176), (0,1) with a 1 LSB margin. The cores
 * touch (depth 0), so the pair touches (depth = the margin, 1 LSB) in
 * either order. EPA's edges through the origin (height 0) and its long
 * edge 1.3e-7 raw from it had the same ranking key, and in one order EPA
 * stopped on the long edge and called the pair penetrating; near ties are
 * now decided exactly. */
void test_regress2_epa_exact_near_tie(void)
{
    static const fxc2_vec v[3] = { { 0, 0 }, { 1, -7602176 }, { 0, 1 } };
    fxc2_shape a, b;
    fxc2_transform t = at(0, 0);
    fxc2_contact ab, ba;
    CHECK(fxc2_shape_polygon(&a, v, 3, 1) == FXC_OK);
    CHECK(fxc2_shape_point(&b, 0) == FXC_OK);
    CHECK(fxc2_collide(&a, &t, &b, &t, &ab) == FXC_TOUCHING);
    CHECK(fxc2_collide(&b, &t, &a, &t, &ba) == FXC_TOUCHING);
    CHECK(ab.depth == 1 && ba.depth == 1);
}

/* A polygon with three collinear vertices ({72, 311}, {-160, 153},
 * {-392, -5}: two equal steps), turned by this (c, s): rounding bends the
 * straight run inward by one LSB, so the world core is not convex. The
 * edge normals (src/sat2d.c) took its edges for edges of A - B: the depth
 * came out right, the witness points 305 LSB apart across the normal. Now
 * such a core goes to EPA: the points lie depth * normal apart (within
 * 2 LSB and the unit normal's rounding, 0.71 * depth / 2^16). */
void test_regress2_bent_polygon_core(void)
{
    static const fxc2_vec v[8] = { { 72, 311 }, { -160, 153 }, { -392, -5 }, { -343, -132 },
                                   { -343, -132 }, { 25, -60 }, { 393, 12 }, { 393, 12 } };
    fxc2_shape a, b;
    fxc2_transform ta, tb;
    fxc2_contact c;
    double dx, dy;
    CHECK(fxc2_shape_box(&a, fxc2_v(286, 329), 82) == FXC_OK);
    CHECK(fxc2_shape_polygon(&b, v, 8, 82) == FXC_OK);
    CHECK(fxc2_transform_set(&ta, fxc2_v(5311642, -3364050), 40101, -51836) == FXC_OK);
    CHECK(fxc2_transform_set(&tb, fxc2_v(5311801, -3363893), -4628, 65372) == FXC_OK);
    CHECK(fxc2_collide(&a, &ta, &b, &tb, &c) == FXC_PENETRATING);
    dx = (double)c.point_a.x - c.point_b.x - (double)c.depth * c.normal.x / 65536.0;
    dy = (double)c.point_a.y - c.point_b.y - (double)c.depth * c.normal.y / 65536.0;
    CHECK_MSG(sqrt(dx * dx + dy * dy) <= 2.0 + 0.71 * c.depth / 65536.0, "points off depth * normal by %.1f LSB",
              sqrt(dx * dx + dy * dy));
    CHECK(c.epa_iterations > 0); /* EPA's answer, not the edge normals' */
}

/* From a review: two depths of A - B within the cut values' error, along
 * opposite normals. A triangle (0, -k), (+-3k, k + d) over a box of half
 * extents (k, k / 10) at the same place (k = 1000 units, d = 1 raw), and
 * a triangle (0, -k), (+-k, k + d) over a box (4090, 2600) units (k =
 * 4000 units, d = 13 raw): B leaves downwards by its top's height over
 * A's bottom vertex (1100 or 6600 units), upwards by d more (the slanted
 * edges ask more). A's top edge and B's bottom edge have one stored
 * normal, but as edges of A - B they are opposite; the scan took them for
 * one edge and kept the deeper, d LSB too deep along (0, 1). */
void test_regress2_sat_opposite_edges(void)
{
    static const int32_t k[2] = { 1000 * UNIT, 4000 * UNIT }, w[2] = { 3000 * UNIT, 4000 * UNIT }, d[2] = { 1, 13 };
    static const int32_t hx[2] = { 1000 * UNIT, 4090 * UNIT }, hy[2] = { 100 * UNIT, 2600 * UNIT };
    int i;
    for (i = 0; i < 2; i++) {
        fxc2_vec v[3];
        fxc2_shape a, b;
        fxc2_transform t = at(0, 0);
        fxc2_contact c;
        v[0] = fxc2_v(0, -k[i]);
        v[1] = fxc2_v(w[i], k[i] + d[i]);
        v[2] = fxc2_v(-w[i], k[i] + d[i]);
        CHECK(fxc2_shape_polygon(&a, v, 3, 0) == FXC_OK);
        CHECK(fxc2_shape_box(&b, fxc2_v(hx[i], hy[i]), 0) == FXC_OK);
        CHECK(fxc2_collide(&a, &t, &b, &t, &c) == FXC_PENETRATING);
        CHECK_MSG(c.depth == k[i] + hy[i] && c.normal.x == 0 && c.normal.y == -UNIT,
                  "case %d: depth %ld along (%ld, %ld), expected %ld along (0, -1)", i, (long)c.depth,
                  (long)c.normal.x, (long)c.normal.y, (long)(k[i] + hy[i]));
    }
}

/* From a review: the touching band is |gap| <= FXC_TOUCH_TOL on both
 * sides, whether the margins or the cores overlap. Two circles of radius
 * 5 raw (point cores) with centres 10 + g raw apart, the gap g from
 * -FXC_TOUCH_TOL - 1 to FXC_TOUCH_TOL + 1: penetrating below the band,
 * touching in it, separated above it; a gap of -FXC_TOUCH_TOL (cores
 * apart, margins overlapping) was called penetrating. The same from a
 * box's face to such a circle. And a ray from
 * FXC_TOUCH_TOL raw inside a circle of radius 100 raw, heading out: on
 * the surface within the band, so touching, not inside. */
void test_regress2_touching_band_both_sides(void)
{
    fxc2_shape c, box;
    fxc2_transform ta = at(0, 0);
    fxc2_contact k;
    fxc2_distance_result d;
    fxc2_ray_hit h;
    int32_t g;
    CHECK(fxc2_shape_circle(&c, 5) == FXC_OK);
    for (g = -FXC_TOUCH_TOL - 1; g <= FXC_TOUCH_TOL + 1; g++) {
        fxc2_transform tb = at(10 + g, 0);
        int st = fxc2_collide(&c, &ta, &c, &tb, &k), sd = fxc2_distance(&c, &ta, &c, &tb, &d);
        int want = g < -FXC_TOUCH_TOL ? FXC_PENETRATING : g > FXC_TOUCH_TOL ? FXC_SEPARATED : FXC_TOUCHING;
        int want_d = want == FXC_PENETRATING ? FXC_OVERLAPPING : want;
        CHECK_MSG(st == want && sd == want_d, "gap %ld raw: collide %s, distance %s", (long)g, fxc_status_name(st),
                  fxc_status_name(sd));
    }
    /* the same gaps from a box's face (GJK ends on an edge of A - B):
     * the circle's centre 5 + g raw beyond the face x = 1 unit */
    CHECK(fxc2_shape_box(&box, fxc2_v(UNIT, UNIT), 0) == FXC_OK);
    for (g = -FXC_TOUCH_TOL - 1; g <= FXC_TOUCH_TOL + 1; g++) {
        fxc2_transform tb = at(UNIT + 5 + g, UNIT / 3);
        int st = fxc2_collide(&box, &ta, &c, &tb, &k);
        int want = g < -FXC_TOUCH_TOL ? FXC_PENETRATING : g > FXC_TOUCH_TOL ? FXC_SEPARATED : FXC_TOUCHING;
        CHECK_MSG(st == want, "gap %ld raw from a face: collide %s", (long)g, fxc_status_name(st));
    }
    CHECK(fxc2_shape_circle(&c, 100) == FXC_OK);
    CHECK(fxc2_raycast(&c, &ta, fxc2_v(100 - FXC_TOUCH_TOL, 0), fxc2_v(UNIT, 0), &h) == FXC_TOUCHING);
}

/* A capsule (half length 2 units, radius 0.5) 30 degrees off a box's top
 * face (half extents 1, 0.5), its lower end 100 raw into the box, in a
 * speculative band of 2 units: the clipped point at the box's far corner
 * was moved out from the capsule's axis along the box's normal, not the
 * capsule's own, and sat 4390 raw inside the capsule, its separation 5069
 * raw too large (a review's case). Each point: on the box's top face
 * (y = 0.5 unit, |x| <= 1), on the capsule's surface (0.5 unit from its
 * axis, within 2 LSB), its separation b.y - a.y. */
void test_regress2_manifold_tilted_capsule(void)
{
    fxc2_shape a, b;
    fxc2_transform ta = at(0, 0), tb;
    fxc2_manifold m;
    int i;
    CHECK(fxc2_shape_box(&a, fxc2_v(UNIT, UNIT / 2), 0) == FXC_OK);
    CHECK(fxc2_shape_segment(&b, fxc2_v(-2 * UNIT, 0), fxc2_v(2 * UNIT, 0), UNIT / 2) == FXC_OK);
    CHECK(fxc2_transform_set(&tb, fxc2_v(146286, 130972), 56756, 32768) == FXC_OK);
    CHECK(fxc2_collide_manifold(&a, &ta, &b, &tb, 2 * UNIT, &m) == FXC_PENETRATING);
    CHECK(m.count == 2);
    for (i = 0; i < m.count && i < FXC2_MANIFOLD_MAX_POINTS; i++) {
        const fxc2_manifold_point *p = &m.point[i];
        /* the capsule's axis: pos + t (c, s) / 2^16, |t| <= 2 units */
        double c = 56756 / 65536.0, s = 32768 / 65536.0, px = p->point_b.x - 146286.0, py = p->point_b.y - 130972.0;
        double t = px * c + py * s, off;
        t = t > 2 * UNIT ? 2 * UNIT : t < -2 * UNIT ? -2 * UNIT : t;
        off = hypot(px - t * c, py - t * s) - UNIT / 2;
        CHECK_MSG(fabs(off) <= 2, "point %d: %.1f raw off the capsule", i, off);
        CHECK_MSG(p->point_a.y == UNIT / 2 && iabs(p->point_a.x) <= UNIT, "point %d on A at (%ld, %ld)", i,
                  (long)p->point_a.x, (long)p->point_a.y);
        CHECK_MSG(iabs(p->separation - (p->point_b.y - p->point_a.y)) <= 2, "point %d: separation %ld", i,
                  (long)p->separation);
    }
}

/* Two equal boxes 300 units wide, B turned by 80 raw (0.07 degrees) and
 * 100 units deep: A's top edge, not better than B's by 2^-20, is the
 * reference, 0.07 degrees off the contact normal, and along it the
 * first point is deeper than the pair, within the header's bound of 2^-20
 * of the depth (6.3 raw here; it is 5). */
void test_regress2_manifold_deep_near_parallel(void)
{
    fxc2_shape a;
    fxc2_transform ta = at(0, 0), tb;
    fxc2_manifold m;
    CHECK(fxc2_shape_box(&a, fxc2_v(150 * UNIT, 150 * UNIT), 0) == FXC_OK);
    CHECK(fxc2_transform_angle(&tb, fxc2_v(-50 * UNIT, 200 * UNIT), 80) == FXC_OK);
    CHECK(fxc2_collide_manifold(&a, &ta, &a, &tb, 0, &m) == FXC_PENETRATING && m.count >= 1);
    CHECK_MSG(m.point[0].separation <= -m.contact.depth + 2 &&
                  m.point[0].separation >= -m.contact.depth - 2 - m.contact.depth / 1048576,
              "first point %ld deep, the pair %ld", (long)-m.point[0].separation, (long)m.contact.depth);
}

/* From a review: a square given with a fifth point 1 LSB from a corner
 * (collinear, so the constructor does not mark it strict), turned, bends
 * inward there once its vertices are rounded to world space. The
 * manifold took the 1-LSB edge, facing 45 degrees off the square's face,
 * for the incident edge and moved it out by the margin along its own
 * normal: a point 2,232 raw inside the square. Swapped, with the square
 * as the reference (B, under a box), the manifold's normal lay 41 degrees
 * off the contact's and its first point 35,004 raw deeper than the pair.
 * The facing edges now grow over a vertex where rounding bent a straight
 * run inward (fxc2_extend_edge), so they are edges of the core's hull:
 * every point on both surfaces (double reference, within 2 LSB), none
 * deeper than the pair, the manifold's normal within 2^-12 rad of the
 * contact's. */
void test_regress2_manifold_bent_corner(void)
{
    static const fxc2_vec sq1[5] = { { -65536, -65536 }, { 65536, -65536 }, { 65536, 65535 }, { 65536, 65536 }, { -65536, 65536 } };
    static const fxc2_vec sq2[5] = { { -185985, -185985 }, { 185985, -185985 }, { 185985, 185984 }, { 185985, 185985 }, { -185985, 185985 } };
    fxc2_shape a[2], b[2];
    fxc2_transform ta[2], tb[2];
    int k, i;
    CHECK(fxc2_shape_polygon(&a[0], sq1, 5, 65536) == FXC_OK);
    CHECK(fxc2_shape_box(&b[0], fxc2_v(65536, 65536), 0) == FXC_OK);
    CHECK(fxc2_transform_set(&ta[0], fxc2_v(0, 0), 32774, 56753) == FXC_OK);
    CHECK(fxc2_transform_set(&tb[0], fxc2_v(853, 179174), 65536, 0) == FXC_OK);
    CHECK(fxc2_shape_box(&a[1], fxc2_v(185985, 185985), 153216) == FXC_OK);
    CHECK(fxc2_shape_polygon(&b[1], sq2, 5, 157693) == FXC_OK);
    CHECK(fxc2_transform_set(&ta[1], fxc2_v(488891, -168597), 64853, 9435) == FXC_OK);
    CHECK(fxc2_transform_set(&tb[1], fxc2_v(0, 0), 46639, -46042) == FXC_OK);
    for (k = 0; k < 2; k++) {
        fxc2_manifold m;
        r2_shape ra, rb;
        CHECK(r2_from_fxc2(&ra, &a[k], &ta[k]) == 0 && r2_from_fxc2(&rb, &b[k], &tb[k]) == 0);
        CHECK(fxc2_collide_manifold(&a[k], &ta[k], &b[k], &tb[k], 0, &m) == FXC_PENETRATING && m.count >= 1);
        CHECK_MSG(fabs(atan2((double)m.normal.x * m.contact.normal.y - (double)m.normal.y * m.contact.normal.x,
                             (double)m.normal.x * m.contact.normal.x + (double)m.normal.y * m.contact.normal.y)) < 1.0 / 4096,
                  "pair %d: normal (%ld, %ld), the contact's (%ld, %ld)", k, (long)m.normal.x, (long)m.normal.y,
                  (long)m.contact.normal.x, (long)m.contact.normal.y);
        for (i = 0; i < m.count && i < FXC2_MANIFOLD_MAX_POINTS; i++) {
            const fxc2_manifold_point *p = &m.point[i];
            double sa = r2_point_signed(&ra, r2_raw(p->point_a)), sb = r2_point_signed(&rb, r2_raw(p->point_b));
            CHECK_MSG(fabs(sa) <= 2 && fabs(sb) <= 2, "pair %d point %d: %.1f raw off A, %.1f off B", k, i, sa, sb);
            CHECK_MSG(p->separation >= -m.contact.depth - 2, "pair %d point %d: separation %ld, depth %ld", k, i,
                      (long)p->separation, (long)m.contact.depth);
        }
    }
}
