/* Casts (fxc_raycast, fxc_shapecast) against a double reference: the first
 * contact of the reference shapes found by bisection on their distance.
 *
 * The reference gap g(s) between A and B moved by s * translation is the
 * polytope distance of the cores (tests/refgeom.c) less the margins. It is
 * convex in s (the distance of two convex sets under a translation is), so
 * its minimum over [0, 1] is found by golden-section search, and the first
 * contact, when that minimum reaches 0, by bisection on [0, s_min], where
 * g is non-increasing. */
#include <math.h>
#include "scene.h"
#include "../src/kind.h"
#include "../src/query.h"
#include "../src/cast.h"

/* Golden-section and bisection steps: 2^-60 of the move, far below the
 * Q16.16 fraction the casts return. */
#define REF_STEPS 80

typedef struct {
    const body *a;
    rg_poly b;     /* B's core at the start of the move */
    double radii;  /* both margins, units */
    rg_vec v;      /* B's translation, units */
} ref_cast;

/* The gap of the reference shapes with B moved by s of the translation. */
static double ref_gap(const ref_cast *rc, double s)
{
    rg_poly moved = rc->b;
    int i;
    for (i = 0; i < moved.n; i++) moved.v[i] = rg_add(moved.v[i], rg_scale(rc->v, s));
    return rg_poly_distance(&rc->a->poly, &moved, NULL, NULL) - rc->radii;
}

/* Smallest reference gap over the move (*s_min: where), and the first
 * fraction at which the gap reaches 0 (2 when it never does). */
static double ref_first_contact(const ref_cast *rc, double *min_gap)
{
    const double k = 0.6180339887498949;
    double lo = 0, hi = 1, x1 = hi - k * (hi - lo), x2 = lo + k * (hi - lo);
    double f1 = ref_gap(rc, x1), f2 = ref_gap(rc, x2), s_min;
    int i;
    for (i = 0; i < REF_STEPS; i++) {
        if (f1 <= f2) {
            hi = x2; x2 = x1; f2 = f1; x1 = hi - k * (hi - lo); f1 = ref_gap(rc, x1);
        } else {
            lo = x1; x1 = x2; f1 = f2; x2 = lo + k * (hi - lo); f2 = ref_gap(rc, x2);
        }
    }
    s_min = 0.5 * (lo + hi);
    *min_gap = ref_gap(rc, s_min);
    if (ref_gap(rc, 0) < *min_gap) { s_min = 0; *min_gap = ref_gap(rc, 0); }
    if (ref_gap(rc, 1) < *min_gap) { s_min = 1; *min_gap = ref_gap(rc, 1); }
    if (*min_gap > 0) return 2;
    if (ref_gap(rc, 0) <= 0) return 0;
    lo = 0;
    hi = s_min;
    for (i = 0; i < REF_STEPS; i++) {
        double m = 0.5 * (lo + hi);
        if (ref_gap(rc, m) <= 0) hi = m;
        else lo = m;
    }
    return hi;
}

/* The ray's point as a body (a point core with no margin). */
static void ray_body(body *p, fxc_vec3 origin)
{
    CHECK(fxc_shape_point(&p->shape, 0) == FXC_OK);
    scene_place(p, NULL, origin);
    scene_finish(p);
}

static void ref_setup(ref_cast *rc, const body *a, const body *b, fxc_vec3 v)
{
    rc->a = a;
    rc->b = b->poly;
    rc->radii = a->radius + b->radius;
    rc->v = rg_from(v);
}

/* What a random test saw: the latest fraction and the widest gap at it,
 * in LSB of the move, the statuses and the steps. */
typedef struct {
    double worst_late, worst_gap, worst_off; /* worst_off: a shapecast's point on A */
    int cases, hits, misses, grazes, iterations, most_iterations;
} cast_stats;

/* One cast against the reference: the status (a miss exactly where the
 * reference stays farther than the tolerance apart; a contact wherever
 * it touches), then how much later than the reference's first contact
 * the returned fraction is (at most the 2 LSB by which a rotated box's
 * rounded corners differ from the exact box) and the reference gap at it
 * (within FXC_CAST_TOL + 4 LSB, beyond the fraction's rounding). */

static void judge(const ref_cast *rc, int st, fix16_t fraction, int iterations, cast_stats *cs, const char *what)
{
    double min_gap, s_ref = ref_first_contact(rc, &min_gap), len = lsb(rg_len(rc->v));
    double tol = FXC_CAST_TOL + 4; /* the library's gap error and B's placement */
    cs->cases++;
    cs->iterations += iterations;
    if (iterations > cs->most_iterations) cs->most_iterations = iterations;
    if (lsb(min_gap) > tol) {
        CHECK_MSG(st == FXC_SEPARATED, "%s: reference misses by %.1f LSB, status %s", what, lsb(min_gap),
                  fxc_status_name(st));
        cs->misses++;
        return;
    }
    if (min_gap <= 0) {
        /* the reference touches: a miss would be tunnelling */
        CHECK_MSG(st == FXC_HIT || st == FXC_GRAZING || st == FXC_TOUCHING, "%s: reference contact at %.6f, status %s",
                  what, s_ref, fxc_status_name(st));
    }
    if (st == FXC_HIT || st == FXC_GRAZING) {
        double f = t_d(fraction), late = (f - (s_ref > 1 ? 1 : s_ref)) * len;
        double gap = lsb(ref_gap(rc, f)) - len / 65536.0; /* the fraction is rounded down */
        if (st == FXC_HIT) cs->hits++;
        else cs->grazes++;
        if (min_gap <= 0 && late > cs->worst_late) cs->worst_late = late;
        if (gap > cs->worst_gap) cs->worst_gap = gap;
        /* late: only the rounding of the modelled shapes (a box's corners) */
        if (min_gap <= 0) CHECK_MSG(late <= 2.0, "%s: %.2f LSB late (fraction %.6f, reference %.6f)", what, late, f, s_ref);
        CHECK_MSG(gap <= tol, "%s: gap %.1f LSB at the fraction %.6f (reference contact %.6f)", what, gap, f, s_ref);
    }
}

static void print_stats(const char *what, const cast_stats *cs)
{
    port_printf("    %s: %d cases (%d hits, %d grazing, %d misses), latest %.2f LSB, widest gap %.2f LSB, "
                "steps mean %.1f, most %d (cap %d)\n",
                what, cs->cases, cs->hits, cs->grazes, cs->misses, cs->worst_late, cs->worst_gap,
                (double)cs->iterations / cs->cases, cs->most_iterations, FXC_CAST_MAX_ITERATIONS);
}

/* Does the move end beyond the range of the pair (fxc_intersect at the
 * end pose says so)? */
static int out_of_range(const body *a, const body *b, fxc_vec3 v)
{
    fxc_transform end = b->xf;
    int64_t x = (int64_t)end.pos.x + v.x, y = (int64_t)end.pos.y + v.y, z = (int64_t)end.pos.z + v.z;
    if (x < -FXC_WORLD_LIMIT || x > FXC_WORLD_LIMIT || y < -FXC_WORLD_LIMIT || y > FXC_WORLD_LIMIT ||
        z < -FXC_WORLD_LIMIT || z > FXC_WORLD_LIMIT)
        return 1;
    end.pos = fxc_v3((fix16_t)x, (fix16_t)y, (fix16_t)z);
    return fxc_intersect(&a->shape, &a->xf, &b->shape, &end) == FXC_ERR_RANGE;
}

/* A random target: sphere, capsule, box or hull around the origin. */
static void random_target(t_rng *r, body *b, int kind, const scale_class *sc)
{
    fxc_mat3 m;
    fxc_vec3 pos = t_vec(r, -sc->spread / 4, sc->spread / 4);
    pos = fxc_v3_add(pos, sc->centre);
    if (kind == 0) {
        CHECK(fxc_shape_sphere(&b->shape, t_range(r, sc->size_min, sc->size_max)) == FXC_OK);
    } else if (kind == 1) {
        int32_t h = t_range(r, sc->size_min, sc->size_max);
        CHECK(fxc_shape_capsule(&b->shape, h, t_range(r, sc->size_min / 2, sc->size_max / 2)) == FXC_OK);
    } else if (kind == 2) {
        scene_box(b, t_vec(r, sc->size_min, sc->size_max));
    } else {
        scene_hull(r, b, 4 + (int)(t_next(r) % 9), t_range(r, sc->size_min, sc->size_max));
    }
    scene_rotation(r, &m);
    scene_place(b, &m, pos);
    scene_finish(b);
}

/* Rays aimed near the target (through a random point within twice its
 * size of its centre), from outside, across every kind and scale. */
void test_cast_ray_random(void)
{
    static const char *const kinds[4] = { "sphere", "capsule", "box", "hull" };
    const scale_class *scales[3] = { &SCALE_UNIT, &SCALE_SMALL, &SCALE_LARGE };
    t_rng r = { 1901 };
    int kind, s, i, n = T_TARGET_CASES(150, 2);
    for (kind = 0; kind < 4; kind++) {
        cast_stats cs = { 0, 0, 0, 0, 0, 0, 0, 0, 0 };
        for (s = 0; s < 3; s++) {
            for (i = 0; i < n; i++) {
                body target, ray;
                ref_cast rc;
                fxc_ray_hit hit;
                fxc_vec3 origin, aim, v;
                int st;
                random_target(&r, &target, kind, scales[s]);
                aim = fxc_v3_add(target.xf.pos, t_vec(&r, -scales[s]->size_max, scales[s]->size_max));
                origin = fxc_v3_add(target.xf.pos, t_vec(&r, -scales[s]->spread, scales[s]->spread));
                /* the move: to the aim point and a random share beyond it */
                v = fxc_v3_sub(aim, origin);
                v = fxc_v3_add(v, fxc_v3_scale(v, t_range(&r, -FXC_ONE / 2, FXC_ONE)));
                ray_body(&ray, origin);
                ref_setup(&rc, &target, &ray, v);
                st = fxc_raycast(&target.shape, &target.xf, origin, v, &hit);
                if (out_of_range(&target, &ray, v)) {
                    CHECK(st == FXC_ERR_RANGE);
                    continue;
                }
                if (st == FXC_INSIDE) {
                    CHECK_MSG(lsb(ref_gap(&rc, 0)) <= 0.0, "%s: inside, reference gap %.1f LSB", kinds[kind],
                              lsb(ref_gap(&rc, 0)));
                    CHECK(hit.fraction == 0 && hit.normal.x == 0 && hit.normal.y == 0 && hit.normal.z == 0);
                    continue;
                }
                CHECK_MSG(st == FXC_SEPARATED || st == FXC_HIT || st == FXC_GRAZING || st == FXC_TOUCHING,
                          "%s: status %s", kinds[kind], fxc_status_name(st));
                judge(&rc, st, hit.fraction, hit.iterations, &cs, kinds[kind]);
                if (st == FXC_HIT) {
                    /* the hit point is on the surface, the normal unit */
                    double off = scene_off_body(&target, hit.point) - lsb(target.radius);
                    double len = rg_len(rg_from(hit.normal));
                    CHECK_MSG(fabs(off) <= 4.0, "%s: hit point %.1f LSB off the surface", kinds[kind], off);
                    CHECK_MSG(fabs(len - 1.0) < 3e-5, "%s: normal length %.6f", kinds[kind], len);
                }
            }
        }
        print_stats(kinds[kind], &cs);
    }
}

/* From a review: a ray at a capsule 4200 units long (half height
 * 138000705 raw, radius 40 raw), turned, from 24 raw off its surface
 * across it. The closed form's fitted direction tilts off the axis by a
 * few 2^-28 rad, and the segment's far end dips below the closest
 * point's height by 2.6 LSB: taken as GJK's lower bound, it made the
 * second step pass the contact, 38 LSB of fraction late (0.58 raw deep).
 * The fraction is never later than the first contact of the exact
 * capsule (the reference, found by bisection), and a hit. */
void test_cast_long_capsule(void)
{
    static const fxc_mat3 rot = { { { -9549, 64831, 839 }, { 42046, 6838, -49803 }, { -49355, -6718, -42590 } } };
    const fxc_vec3 origin = { 4446427, -104774255, -90468163 }, v = { -961, 170, -218 };
    body capsule, ray;
    ref_cast rc;
    fxc_ray_hit hit;
    double min_gap, s_ref;
    int st;
    CHECK(fxc_shape_capsule(&capsule.shape, 138000705, 40) == FXC_OK);
    scene_place(&capsule, &rot, fxc_v3(2729748, -2875932, -3327862));
    scene_finish(&capsule);
    ray_body(&ray, origin);
    ref_setup(&rc, &capsule, &ray, v);
    s_ref = ref_first_contact(&rc, &min_gap);
    st = fxc_raycast(&capsule.shape, &capsule.xf, origin, v, &hit);
    CHECK_MSG(st == FXC_HIT && s_ref <= 1 && t_d(hit.fraction) <= s_ref,
              "long capsule: %s at %ld / 65536, the reference's contact at %.2f / 65536", fxc_status_name(st),
              (long)hit.fraction, s_ref * 65536);
    /* the closed form's bound at the start: no corner of A - B (the
     * pair's own points, in double) lies lower along its direction */
    {
        fxc_pair p;
        fxc_gjk_result g;
        fxc_vec3 ca[2], cb[2];
        rg_vec d;
        double least = 1e300;
        int na, nb, i, j;
        CHECK(fxc_pair_init(&p, &capsule.shape, &capsule.xf, &ray.shape, &ray.xf, NULL) == FXC_OK);
        fxc_gjk_closed(&p, &g);
        na = fxc_body_points(&p.a, ca);
        nb = fxc_body_points(&p.b, cb);
        d = rg_from(g.dir);
        d = rg_scale(d, 1.0 / rg_len(d));
        for (i = 0; i < na; i++)
            for (j = 0; j < nb; j++) least = fmin(least, -rg_dot(d, rg_from(fxc_v3_sub(ca[i], cb[j]))));
        CHECK_MSG((double)g.low8 / 256 <= lsb(least) + 0.01, "long capsule: bound %.3f LSB, a corner at %.3f",
                  (double)g.low8 / 256, lsb(least));
    }
}

/* Where a ray starts on the surface (fxcollide.h): within FXC_TOUCH_TOL
 * of it in a margin, exactly on a core, within FXC_TOUCH_TOL of a box's
 * face. Positions from the shapes' own sizes:
 *  - a capsule of radius 1 unit about the z axis: its surface at x = 1
 *    unit; 1 LSB inside it, leaving (+x) touches, entering (-x) hits at 0;
 *    2 LSB inside is inside;
 *  - a cylinder without margin (half height 2, radius 3 units): on its cap
 *    (z = 2 units) leaving touches and entering hits; 1 LSB under it, in
 *    the core, is inside whichever way the ray goes;
 *  - a box without margin, half extents 3 units, from (3 u - 1, 3 u + 1,
 *    0): 1 LSB inside the +x face and 1 LSB beyond the +y face, on both
 *    in the band. Moving (-1, 1, 0) it leaves by +y: touching, normal +y;
 *    (-1, 0, 0) runs along +y: grazing; (-1, -1, 0) enters by both: a hit
 *    at 0 through +y, the face it lies beyond. A review found the first
 *    two called hits through +x. */
void test_cast_ray_start_band(void)
{
    const fix16_t u = FXC_ONE;
    fxc_shape s;
    fxc_transform t;
    fxc_ray_hit h;
    CHECK(fxc_transform_set(&t, NULL, fxc_v3(0, 0, 0)) == FXC_OK);
    CHECK(fxc_shape_capsule(&s, u, u) == FXC_OK);
    CHECK(fxc_raycast(&s, &t, fxc_v3(u - FXC_TOUCH_TOL, 0, 0), fxc_v3(u, 0, 0), &h) == FXC_TOUCHING);
    CHECK(fxc_raycast(&s, &t, fxc_v3(u - FXC_TOUCH_TOL, 0, 0), fxc_v3(-u, 0, 0), &h) == FXC_HIT && h.fraction == 0);
    CHECK(fxc_raycast(&s, &t, fxc_v3(u - FXC_TOUCH_TOL - 1, 0, 0), fxc_v3(u, 0, 0), &h) == FXC_INSIDE);
    CHECK(fxc_shape_cylinder(&s, 2 * u, 3 * u, 0) == FXC_OK);
    CHECK(fxc_raycast(&s, &t, fxc_v3(1000, 2000, 2 * u), fxc_v3(0, 0, u), &h) == FXC_TOUCHING);
    CHECK(fxc_raycast(&s, &t, fxc_v3(1000, 2000, 2 * u), fxc_v3(0, 0, -u), &h) == FXC_HIT && h.fraction == 0);
    CHECK(fxc_raycast(&s, &t, fxc_v3(1000, 2000, 2 * u - 1), fxc_v3(0, 0, u), &h) == FXC_INSIDE);
    CHECK(fxc_shape_box(&s, fxc_v3(3 * u, 3 * u, 3 * u), 0) == FXC_OK);
    CHECK(fxc_raycast(&s, &t, fxc_v3(3 * u - 1, 3 * u + 1, 0), fxc_v3(-u, u, 0), &h) == FXC_TOUCHING &&
          h.normal.x == 0 && h.normal.y == u);
    CHECK(fxc_raycast(&s, &t, fxc_v3(3 * u - 1, 3 * u + 1, 0), fxc_v3(-u, 0, 0), &h) == FXC_GRAZING &&
          h.normal.x == 0 && h.normal.y == u);
    CHECK(fxc_raycast(&s, &t, fxc_v3(3 * u - 1, 3 * u + 1, 0), fxc_v3(-u, -u, 0), &h) == FXC_HIT && h.fraction == 0 &&
          h.normal.x == 0 && h.normal.y == u);
}

/* A ray from a hull cube's edge x = y = 1 unit (a hull: the steps answer
 * it, and the first finds it in contact along one axis of the edge's
 * many): out along (1, -1, 0) it leaves at once, and along (-1, 0, 0) it
 * runs on the face y = 1 and leaves past x = -1; neither enters, so both
 * touch, however long, while the segment can be asked. Past the range
 * (5000 units along x) it cannot be: FXC_ERR_RANGE, where a review found
 * the one axis's FXC_GRAZING and FXC_HIT at 0. */
void test_cast_ray_start_long(void)
{
    const fix16_t u = FXC_ONE;
    fxc_vec3 c[8];
    fxc_shape cube;
    fxc_transform t;
    fxc_ray_hit h;
    int i;
    for (i = 0; i < 8; i++) c[i] = fxc_v3(i & 1 ? u : -u, i & 2 ? u : -u, i & 4 ? u : -u);
    CHECK(fxc_shape_hull(&cube, c, 8, 0) == FXC_OK);
    CHECK(fxc_transform_set(&t, NULL, fxc_v3(0, 0, 0)) == FXC_OK);
    CHECK(fxc_raycast(&cube, &t, fxc_v3(u, u, 0), fxc_v3(u, -u, 0), &h) == FXC_TOUCHING);
    CHECK(fxc_raycast(&cube, &t, fxc_v3(u, u, 0), fxc_v3(4095 * u, -4095 * u, 0), &h) == FXC_TOUCHING);
    CHECK(fxc_raycast(&cube, &t, fxc_v3(u, u, 0), fxc_v3(-4000 * u, 0, 0), &h) == FXC_TOUCHING);
    CHECK(fxc_raycast(&cube, &t, fxc_v3(u, u, 0), fxc_v3(5000 * u, -5000 * u, 0), &h) == FXC_ERR_RANGE &&
          h.fraction == 0 && h.normal.x == 0 && h.normal.y == 0);
    CHECK(fxc_raycast(&cube, &t, fxc_v3(u, u, 0), fxc_v3(-5000 * u, 0, 0), &h) == FXC_ERR_RANGE);
    /* entering from the edge (inwards along the diagonal) is a hit at 0 */
    CHECK(fxc_raycast(&cube, &t, fxc_v3(u, u, 0), fxc_v3(-u, -u, 0), &h) == FXC_HIT && h.fraction == 0);
}

/* A ray from a core's face whose normal Q16.16 cannot hold: a prism's
 * face through (0, 0) and (4, -3) units, outward normal (3, 4, 0) / 5
 * (rounded, 1 LSB off square to the face), the origin on it at (2, -1.5)
 * units, exactly on the core (no margin: fxc_distance answers the start).
 * Along the face either way, to an end on it: the whole ray lies on the
 * face, grazing; along it past its end at (4, -3): leaving, touching;
 * out along the normal, touching; in, a hit at 0. A review found the
 * first called touching by the rounded normal. */
void test_cast_ray_start_slope(void)
{
    const fix16_t u = FXC_ONE;
    const fxc_vec3 prism[6] = { { 0, 0, u }, { 0, 0, -u }, { 4 * u, -3 * u, u }, { 4 * u, -3 * u, -u },
                                { -3 * u, -4 * u, u }, { -3 * u, -4 * u, -u } };
    const fxc_vec3 rays[5] = { { u, -3 * u / 4, 0 }, { -u, 3 * u / 4, 0 }, { 4 * u, -3 * u, 0 },
                               { 3 * u, 4 * u, 0 }, { -3 * u, -4 * u, 0 } };
    const int want[5] = { FXC_GRAZING, FXC_GRAZING, FXC_TOUCHING, FXC_TOUCHING, FXC_HIT };
    fxc_shape a;
    fxc_transform t;
    fxc_ray_hit h;
    int k;
    CHECK(fxc_shape_hull(&a, prism, 6, 0) == FXC_OK);
    CHECK(fxc_transform_set(&t, NULL, fxc_v3(0, 0, 0)) == FXC_OK);
    for (k = 0; k < 5; k++) {
        int st = fxc_raycast(&a, &t, fxc_v3(2 * u, -3 * u / 2, 0), rays[k], &h);
        CHECK_MSG(st == want[k], "ray %d: %s, want %s", k, fxc_status_name(st), fxc_status_name(want[k]));
        CHECK(h.fraction == 0);
    }
    /* into the face by 1 part in 180000 (t . (3, 4) < 0), 3662 units
     * long: it enters, a hit at 0; 4578 units long, beyond the range, its
     * segment cannot be asked: FXC_ERR_RANGE, not the rounded normal's
     * touching (a review's pair) */
    CHECK(fxc_raycast(&a, &t, fxc_v3(2 * u, -3 * u / 2, 0), fxc_v3(239999520, -180000640, 0), &h) == FXC_HIT);
    CHECK(fxc_raycast(&a, &t, fxc_v3(2 * u, -3 * u / 2, 0), fxc_v3(299999400, -225000800, 0), &h) == FXC_ERR_RANGE);
    /* no move: touching, as from a box's face or a sphere's (no segment
     * to ask; a review found it grazing) */
    CHECK(fxc_raycast(&a, &t, fxc_v3(2 * u, -3 * u / 2, 0), fxc_v3(0, 0, 0), &h) == FXC_TOUCHING);
}

/* Shape casts of random pairs: A a polytope or capsule, B a sphere,
 * capsule, box or hull, B moved past A's centre. */
void test_cast_shape_random(void)
{
    const scale_class *scales[2] = { &SCALE_UNIT, &SCALE_LARGE };
    t_rng r = { 1902 };
    cast_stats cs = { 0, 0, 0, 0, 0, 0, 0, 0, 0 };
    int s, i, n = T_TARGET_CASES(200, 2);
    for (s = 0; s < 2; s++) {
        for (i = 0; i < n; i++) {
            body a, b;
            ref_cast rc;
            fxc_cast_result res;
            fxc_vec3 v;
            int st;
            random_target(&r, &a, 1 + (int)(t_next(&r) % 3), scales[s]);
            random_target(&r, &b, (int)(t_next(&r) % 4), scales[s]);
            /* B starts off to one side and moves across A */
            {
                fxc_vec3 off = t_vec(&r, -scales[s]->spread, scales[s]->spread);
                fxc_vec3 to = t_vec(&r, -scales[s]->size_max, scales[s]->size_max);
                scene_place(&b, &b.xf.rot, fxc_v3_add(a.xf.pos, off));
                scene_finish(&b);
                v = fxc_v3_sub(fxc_v3_add(a.xf.pos, to), b.xf.pos);
                v = fxc_v3_add(v, fxc_v3_scale(v, t_range(&r, -FXC_ONE / 2, FXC_ONE)));
            }
            ref_setup(&rc, &a, &b, v);
            st = fxc_shapecast(&a.shape, &a.xf, &b.shape, &b.xf, v, &t_ws, &res);
            if (out_of_range(&a, &b, v)) {
                CHECK(st == FXC_ERR_RANGE);
                continue;
            }
            if (st == FXC_PENETRATING) {
                fxc_contact c;
                CHECK(lsb(ref_gap(&rc, 0)) <= 1.0);
                /* fxc_collide's answer, bit for bit */
                CHECK(fxc_collide(&a.shape, &a.xf, &b.shape, &b.xf, &t_ws, &c) == FXC_PENETRATING);
                CHECK(c.depth == res.depth && c.normal.x == res.normal.x && c.point_a.y == res.point_a.y);
                continue;
            }
            CHECK_MSG(st == FXC_SEPARATED || st == FXC_HIT || st == FXC_GRAZING || st == FXC_TOUCHING,
                      "status %s", fxc_status_name(st));
            judge(&rc, st, res.fraction, res.iterations, &cs, "shapecast");
            if (st == FXC_HIT) {
                /* the points at contact the gap apart, A's on A's surface
                 * (A does not move), the normal unit */
                double d = lsb(rg_len(rg_sub(rg_from(res.point_b), rg_from(res.point_a))));
                double off = scene_off_body(&a, res.point_a) - lsb(a.radius);
                double len = rg_len(rg_from(res.normal));
                CHECK_MSG(d <= FXC_CAST_TOL + 2.0, "contact points %.1f LSB apart", d);
                CHECK_MSG(fabs(off) <= 4.0, "contact point %.1f LSB off A's surface", off);
                CHECK_MSG(fabs(len - 1.0) < 3e-5, "normal length %.6f", len);
                if (fabs(off) > cs.worst_off) cs.worst_off = fabs(off);
            }
        }
    }
    print_stats("shapecast", &cs);
    port_printf("    shapecast: hits' points on A within %.2f LSB of its surface\n", cs.worst_off);
}

/* White box: fxc_pair_move takes a simplex of support points along with
 * the pair, and they are then the bodies' vertices at the new pose, bit
 * for bit as a pair set up there afresh places them (the casts' later
 * steps start GJK from that simplex: a point off the new A - B would give
 * GJK a false distance, which its later supports may hide). The moved
 * pair's own placed vertices (box corners, segment ends) must match too. */
void test_cast_moved_simplex(void)
{
    t_rng r = { 1903 };
    int i, k, checked = 0, n = T_TARGET_CASES(400, 4);
    for (i = 0; i < n; i++) {
        body a, b;
        fxc_pair p, fresh;
        fxc_gjk_result g;
        fxc_cache cache;
        fxc_transform tb2;
        /* capsules, boxes and hulls: cores whose support points are
         * vertices; two capsules take the closed form, not GJK */
        random_target(&r, &a, 1 + (int)(t_next(&r) % 3), &SCALE_UNIT);
        random_target(&r, &b, 2 + (int)(t_next(&r) % 2), &SCALE_UNIT);
        CHECK(fxc_cache_init(&cache) == FXC_OK);
        CHECK(fxc_pair_init(&p, &a.shape, &a.xf, &b.shape, &b.xf, NULL) == FXC_OK);
        CHECK(fxc_pair_gjk(&p, &cache, &g) == FXC_OK);
        tb2 = b.xf;
        tb2.pos = fxc_v3_add(tb2.pos, t_vec(&r, -FXC_ONE, FXC_ONE));
        fxc_pair_move(&p, a.xf.pos, tb2.pos, &cache, g.s.p, g.s.n);
        CHECK(fxc_pair_init(&fresh, &a.shape, &a.xf, &b.shape, &tb2, NULL) == FXC_OK);
        for (k = 0; k < g.s.n; k++) {
            const fxc_svert *q = &g.s.p[k];
            fxc_vec3 va, vb, ma, mb;
            if (q->ia == FXC_NO_VERTEX || q->ib == FXC_NO_VERTEX) continue;
            va = vb = ma = mb = fxc_v3(0, 0, 0);
            CHECK(a.shape.kind->vertex(&fresh.a, q->ia, &va));
            CHECK(b.shape.kind->vertex(&fresh.b, q->ib, &vb));
            CHECK(a.shape.kind->vertex(&p.a, q->ia, &ma));
            CHECK(b.shape.kind->vertex(&p.b, q->ib, &mb));
            CHECK_MSG(q->a.x == va.x && q->a.y == va.y && q->a.z == va.z, "case %d: A's point moved off its vertex", i);
            CHECK_MSG(q->w.x == va.x - vb.x && q->w.y == va.y - vb.y && q->w.z == va.z - vb.z,
                      "case %d: a Minkowski point moved off", i);
            CHECK(ma.x == va.x && ma.y == va.y && ma.z == va.z);
            CHECK(mb.x == vb.x && mb.y == vb.y && mb.z == vb.z);
            checked++;
        }
    }
    port_printf("    %d simplex points moved with their pairs, all on the new pose's vertices\n", checked);
    CHECK(checked >= n);
}

static void unit_box(body *b)
{
    scene_box(b, fxc_v3(FXC_ONE / 2, FXC_ONE / 2, FXC_ONE / 2));
    scene_place(b, NULL, fxc_v3(0, 0, 0));
    scene_finish(b);
}

/* The stated rules, on a box of half extent 0.5 at the origin. */
void test_cast_ray_rules(void)
{
    body box;
    fxc_ray_hit h;
    const fix16_t half = FXC_ONE / 2, one = FXC_ONE;
    unit_box(&box);
    /* head-on: x = -2 to x = 0 reaches the face x = -0.5 at 0.75 */
    CHECK(fxc_raycast(&box.shape, &box.xf, fxc_v3(-2 * one, 0, 0), fxc_v3(2 * one, 0, 0), &h) == FXC_HIT);
    CHECK(h.fraction <= 3 * one / 4 && h.fraction >= 3 * one / 4 - (FXC_CAST_TOL + 2) / 2);
    CHECK(h.normal.x == -one && h.normal.y == 0 && h.normal.z == 0);
    CHECK(h.point.x == -half);
    /* parallel to a face, in its plane: it meets the face's edge head-on
     * (x = -0.5 at fraction 0.75), a contact at an edge, never a miss */
    {
        int st = fxc_raycast(&box.shape, &box.xf, fxc_v3(-2 * one, half, 0), fxc_v3(2 * one, 0, 0), &h);
        CHECK_MSG(st == FXC_HIT || st == FXC_GRAZING, "face plane: %s", fxc_status_name(st));
        CHECK(h.fraction <= 3 * one / 4 && h.fraction >= 3 * one / 4 - (FXC_CAST_TOL + 2) / 2);
    }
    /* parallel, 1 LSB above the face: a miss (the move never approaches) */
    CHECK(fxc_raycast(&box.shape, &box.xf, fxc_v3(-2 * one, half + FXC_CAST_TOL + 1, 0), fxc_v3(4 * one, 0, 0), &h) ==
          FXC_SEPARATED);
    CHECK(h.fraction == 0 && h.normal.x == 0);
    /* starting on the face and sliding along it: grazing at once (the
     * proven axis is the face's normal, the closing speed exactly 0) */
    CHECK(fxc_raycast(&box.shape, &box.xf, fxc_v3(-one / 4, half, 0), fxc_v3(one, 0, 0), &h) == FXC_GRAZING);
    CHECK(h.fraction == 0 && h.normal.y == one && h.point.y == half);
    /* along an edge's line (y = z = 0.5): it meets the corner head-on,
     * then runs along the edge: a contact at the corner, never a miss */
    {
        int st = fxc_raycast(&box.shape, &box.xf, fxc_v3(-2 * one, half, half), fxc_v3(4 * one, 0, 0), &h);
        CHECK_MSG(st == FXC_HIT || st == FXC_GRAZING, "edge line: %s", fxc_status_name(st));
        CHECK(h.fraction <= 3 * one / 8 && h.fraction >= 3 * one / 8 - (FXC_CAST_TOL + 2) / 4);
    }
    /* through a vertex only, obliquely (the line x = y - 1 = ..., touching
     * (0.5, 0.5, 0.5) and nothing else): contact at the vertex, never a
     * miss */
    {
        int st = fxc_raycast(&box.shape, &box.xf, fxc_v3(-half, 3 * half, half), fxc_v3(2 * one, -2 * one, 0), &h);
        CHECK_MSG(st == FXC_HIT || st == FXC_GRAZING, "vertex: %s", fxc_status_name(st));
        CHECK(h.fraction <= one / 2 && h.fraction >= one / 2 - FXC_CAST_TOL);
    }
    /* from inside a sphere: a point core within its margin */
    {
        fxc_shape ball;
        CHECK(fxc_shape_sphere(&ball, one) == FXC_OK);
        CHECK(fxc_raycast(&ball, &box.xf, fxc_v3(one / 2, 0, 0), fxc_v3(4 * one, 0, 0), &h) == FXC_INSIDE);
        CHECK(h.fraction == 0 && h.normal.x == 0 && h.point.x == one / 2);
    }
    /* from inside */
    CHECK(fxc_raycast(&box.shape, &box.xf, fxc_v3(0, 0, one / 4), fxc_v3(2 * one, 0, 0), &h) == FXC_INSIDE);
    CHECK(h.fraction == 0 && h.normal.x == 0 && h.normal.z == 0 && h.point.z == one / 4);
    /* on the surface: leaving it touches, entering it hits at 0 */
    CHECK(fxc_raycast(&box.shape, &box.xf, fxc_v3(half, 0, 0), fxc_v3(one, 0, 0), &h) == FXC_TOUCHING);
    CHECK(fxc_raycast(&box.shape, &box.xf, fxc_v3(half, 0, 0), fxc_v3(-one, 0, 0), &h) == FXC_HIT);
    CHECK(h.fraction == 0 && h.normal.x == one);
    /* no motion */
    CHECK(fxc_raycast(&box.shape, &box.xf, fxc_v3(2 * one, 0, 0), fxc_v3(0, 0, 0), &h) == FXC_SEPARATED);
    CHECK(fxc_raycast(&box.shape, &box.xf, fxc_v3(half, 0, 0), fxc_v3(0, 0, 0), &h) == FXC_TOUCHING);
    CHECK(fxc_raycast(&box.shape, &box.xf, fxc_v3(0, 0, 0), fxc_v3(0, 0, 0), &h) == FXC_INSIDE);
    /* a move that ends beyond the supported range of the pair, or of the
     * world */
    CHECK(fxc_raycast(&box.shape, &box.xf, fxc_v3(0, 2 * one, 0), fxc_v3(2 * FXC_RAW_LIMIT, 0, 0), &h) ==
          FXC_ERR_RANGE);
    CHECK(fxc_raycast(&box.shape, &box.xf, fxc_v3(0, 2 * one, 0), fxc_v3(FXC_WORLD_LIMIT, 0, 0), &h) ==
          FXC_ERR_RANGE);
    CHECK(h.fraction == 0 && h.iterations == 0);
    /* a margin counts: a rounded box of margin 0.25 is hit at x = -0.75 */
    {
        body rounded = box;
        rounded.shape.margin = one / 4;
        CHECK(fxc_raycast(&rounded.shape, &rounded.xf, fxc_v3(-2 * one, 0, 0), fxc_v3(2 * one, 0, 0), &h) == FXC_HIT);
        CHECK(h.fraction <= 5 * one / 8 && h.fraction >= 5 * one / 8 - (FXC_CAST_TOL + 2) / 2);
    }
    /* past a large sphere nearly tangent to it, the slowest approach:
     * 1 LSB beyond the contact band a miss, and on the tangent line
     * (touching one point, the ray never entering) a contact, never a
     * miss; each within the step cap */
    {
        fxc_shape ball;
        fxc_transform at;
        const fix16_t r = 2000 * one;
        int st;
        CHECK(fxc_shape_sphere(&ball, r) == FXC_OK);
        CHECK(fxc_transform_set(&at, NULL, fxc_v3(0, 0, 0)) == FXC_OK);
        st = fxc_raycast(&ball, &at, fxc_v3(-r - r / 2, r + FXC_CAST_TOL + 1, 0), fxc_v3(3 * r, 0, 0), &h);
        CHECK_MSG(st == FXC_SEPARATED, "above the sphere: %s after %d steps", fxc_status_name(st), h.iterations);
        st = fxc_raycast(&ball, &at, fxc_v3(-r - r / 2, r, 0), fxc_v3(3 * r, 0, 0), &h);
        CHECK_MSG(st == FXC_HIT || st == FXC_GRAZING, "tangent: %s after %d steps", fxc_status_name(st), h.iterations);
        /* the tangent point x = 0 is reached at fraction 0.5 */
        CHECK(h.fraction <= one / 2 && h.iterations <= FXC_CAST_MAX_ITERATIONS);
    }
    /* bad input */
    CHECK(fxc_raycast(NULL, &box.xf, fxc_v3(0, 0, 0), fxc_v3(one, 0, 0), &h) == FXC_ERR_NULL);
    CHECK(fxc_raycast(&box.shape, NULL, fxc_v3(0, 0, 0), fxc_v3(one, 0, 0), &h) == FXC_ERR_NULL);
    CHECK(fxc_raycast(&box.shape, &box.xf, fxc_v3(0, 0, 0), fxc_v3(one, 0, 0), NULL) == FXC_ERR_NULL);
}

/* A ball thrown at a thin wall: the move is 40 times as long as the wall is
 * thick, so sampling its two ends would tunnel; the cast stops it in front
 * of the wall, not a step late. */
void test_cast_shape_rules(void)
{
    fxc_shape wall, ball;
    fxc_transform tw, tb;
    fxc_cast_result c;
    const fix16_t one = FXC_ONE;
    CHECK(fxc_shape_box(&wall, fxc_v3(one / 20, 2 * one, 2 * one), 0) == FXC_OK);
    CHECK(fxc_shape_sphere(&ball, one / 4) == FXC_OK);
    CHECK(fxc_transform_set(&tw, NULL, fxc_v3(0, 0, 0)) == FXC_OK);
    CHECK(fxc_transform_set(&tb, NULL, fxc_v3(-2 * one, 0, 0)) == FXC_OK);
    /* the ball's surface reaches the wall (x = -0.05) when its centre is at
     * -0.3: after 1.7 of the 4 units */
    CHECK(fxc_shapecast(&wall, &tw, &ball, &tb, fxc_v3(4 * one, 0, 0), &t_ws, &c) == FXC_HIT);
    CHECK(c.fraction <= (fix16_t)(1.7 / 4 * 65536) && c.fraction >= (fix16_t)(1.7 / 4 * 65536) - FXC_CAST_TOL);
    /* from A (the wall) to B (the ball, on its -x side) */
    CHECK(c.normal.x == -one && c.distance <= FXC_CAST_TOL);
    CHECK(c.point_a.x == -one / 20 && c.point_a.x - c.point_b.x == c.distance);
    /* moving away: a miss; touching at the start and moving apart */
    CHECK(fxc_shapecast(&wall, &tw, &ball, &tb, fxc_v3(-one, 0, 0), &t_ws, &c) == FXC_SEPARATED);
    CHECK(fxc_transform_set(&tb, NULL, fxc_v3(-one / 20 - one / 4, 0, 0)) == FXC_OK);
    CHECK(fxc_shapecast(&wall, &tw, &ball, &tb, fxc_v3(-one, 0, 0), &t_ws, &c) == FXC_TOUCHING);
    CHECK(c.fraction == 0 && c.normal.x == -one);
    /* sliding along the wall while touching it: grazing */
    CHECK(fxc_shapecast(&wall, &tw, &ball, &tb, fxc_v3(0, one, 0), &t_ws, &c) == FXC_GRAZING);
    /* overlapping at the start: fxc_collide's depth */
    CHECK(fxc_transform_set(&tb, NULL, fxc_v3(-one / 4, 0, 0)) == FXC_OK);
    CHECK(fxc_shapecast(&wall, &tw, &ball, &tb, fxc_v3(one, 0, 0), &t_ws, &c) == FXC_PENETRATING);
    CHECK(c.depth == one / 20 && c.fraction == 0);
    /* two boxes face to face, their cores touching (fxc_collide finds them
     * TOUCHING): moving apart touches, moving in hits at 0, sliding grazes */
    {
        fxc_shape cube;
        fxc_transform tc;
        CHECK(fxc_shape_box(&cube, fxc_v3(one / 2, one / 2, one / 2), 0) == FXC_OK);
        CHECK(fxc_transform_set(&tc, NULL, fxc_v3(one / 20 + one / 2, 0, 0)) == FXC_OK);
        CHECK(fxc_shapecast(&wall, &tw, &cube, &tc, fxc_v3(one, 0, 0), &t_ws, &c) == FXC_TOUCHING);
        CHECK(c.fraction == 0 && c.normal.x == one && c.depth == 0);
        CHECK(fxc_shapecast(&wall, &tw, &cube, &tc, fxc_v3(-one, 0, 0), &t_ws, &c) == FXC_HIT);
        CHECK(c.fraction == 0 && c.normal.x == one);
        CHECK(fxc_shapecast(&wall, &tw, &cube, &tc, fxc_v3(0, one / 4, 0), &t_ws, &c) == FXC_GRAZING);
    }
    /* a move whose end leaves the pair's range (the ball 2^13 units from
     * the wall, within the world's), either way round, and one whose start
     * does, with an end in range */
    CHECK(fxc_shapecast(&wall, &tw, &ball, &tb, fxc_v3(2 * FXC_RAW_LIMIT, 0, 0), &t_ws, &c) == FXC_ERR_RANGE);
    CHECK(c.iterations == 0 && c.fraction == 0);
    CHECK(fxc_shapecast(&ball, &tb, &wall, &tw, fxc_v3(-2 * FXC_RAW_LIMIT, 0, 0), &t_ws, &c) == FXC_ERR_RANGE);
    {
        fxc_transform far;
        CHECK(fxc_transform_set(&far, NULL, fxc_v3(2 * FXC_RAW_LIMIT, 0, 0)) == FXC_OK);
        CHECK(fxc_shapecast(&wall, &tw, &ball, &far, fxc_v3(-2 * FXC_RAW_LIMIT + one, 0, 0), &t_ws, &c) ==
              FXC_ERR_RANGE);
    }
    /* bad input, and the workspace rules of fxc_collide */
    CHECK(fxc_shapecast(&wall, &tw, &ball, &tb, fxc_v3(one, 0, 0), NULL, &c) == FXC_ERR_NULL);
    CHECK(c.depth == 0 && c.iterations == 0);
    CHECK(fxc_shapecast(&wall, &tw, &ball, &tb, fxc_v3(one, 0, 0), &t_ws, NULL) == FXC_ERR_NULL);
    CHECK(fxc_shapecast(&wall, &tw, NULL, &tb, fxc_v3(one, 0, 0), &t_ws, &c) == FXC_ERR_NULL);
    CHECK(fxc_shapecast_cfg(FXC_CONFIG_ID + 1, &wall, &tw, &ball, &tb, fxc_v3(one, 0, 0), &t_ws, &c) ==
          FXC_ERR_CONFIG);
}

/* The step of a point moved by fraction t (Q32) of v: floor(t v / 2^32),
 * against the 64-bit product and arithmetic shift it replaces (t v below
 * 2^63), for t at 0, 1, 2^31, 2^32 - 1 and 2^32 and v at 0, 1, -1,
 * INT32_MAX, INT32_MIN and INT32_MIN + 1 (every pair), then at random. */
void test_cast_step_floor(void)
{
    static const int64_t ts[5] = { 0, 1, INT64_C(1) << 31, (INT64_C(1) << 32) - 1, INT64_C(1) << 32 };
    static const int32_t vs[6] = { 0, 1, -1, INT32_MAX, INT32_MIN, INT32_MIN + 1 };
    t_rng r = { 7100 };
    long i, bad = 0, n = T_TARGET_CASES(20000, 2000);
    for (i = 0; i < n; i++) {
        int64_t t = i < 30 ? ts[i % 5] : (int64_t)(t_next(&r) % ((UINT64_C(1) << 32) + 1));
        int32_t v = i < 30 ? vs[i / 5] : (int32_t)(uint32_t)t_next(&r);
        int64_t want = (t * v) >> 32;
        if (fxc_cast_step(v, t) != (int32_t)want) bad++;
    }
    port_printf("       %ld steps, %ld wrong\n", n, bad);
    CHECK(bad == 0);
}

/* Rays from the edges and corners of a cube hull (corners +-1 unit, a
 * hull: answered by steps), every direction of {-1, 0, 1}^3, against the
 * cube's faces through the start (one, two or three): the ray enters when
 * it points inside every one (FXC_HIT at 0), runs along the surface when
 * it points inside none and along one (FXC_GRAZING: every such ray here
 * ends on the surface), and leaves when it points out of one
 * (FXC_TOUCHING). The one axis the first step proves at an edge said
 * FXC_HIT for rays leaving across another face, and FXC_GRAZING for rays
 * in a plane that supports the cube there. Then a point core, which
 * every ray leaves, and a ray from 984 raw off a face that grazes an edge
 * after two steps (a contact on the way, not at the start: never
 * FXC_TOUCHING, though its fraction rounds to 0). */
void test_cast_ray_from_edges(void)
{
    static const int starts[7][3] = { { 1, 1, 0 }, { 1, 0, -1 }, { 0, -1, 1 }, { -1, -1, 0 },
                                      { 1, 1, 1 }, { -1, 1, -1 }, { 1, -1, -1 } };
    fxc_vec3 corners[8];
    fxc_shape cube;
    fxc_transform t;
    int i, k, wrong = 0, leaving = 0;
    for (i = 0; i < 8; i++)
        corners[i] = fxc_v3(i & 1 ? FXC_ONE : -FXC_ONE, i & 2 ? FXC_ONE : -FXC_ONE, i & 4 ? FXC_ONE : -FXC_ONE);
    CHECK(fxc_shape_hull(&cube, corners, 8, 0) == FXC_OK);
    CHECK(fxc_transform_set(&t, NULL, fxc_v3(0, 0, 0)) == FXC_OK);
    for (i = 0; i < 7; i++) {
        for (k = 0; k < 27; k++) {
            const int d[3] = { k % 3 - 1, k / 3 % 3 - 1, k / 9 - 1 };
            fxc_vec3 o = fxc_v3(starts[i][0] * FXC_ONE, starts[i][1] * FXC_ONE, starts[i][2] * FXC_ONE);
            fxc_ray_hit h;
            int j, out = 0, along = 0, st;
            if (k == 13) continue; /* no motion */
            /* face j through the start: the start's coordinate j is +-1,
             * its outward normal that sign along axis j */
            for (j = 0; j < 3; j++) {
                int side = d[j] * starts[i][j];
                if (starts[i][j] == 0) continue;
                out += side > 0;
                along += side == 0;
            }
            st = fxc_raycast(&cube, &t, o, fxc_v3(d[0] * FXC_ONE, d[1] * FXC_ONE, d[2] * FXC_ONE), &h);
            leaving += out > 0;
            if (out > 0) wrong += st != FXC_TOUCHING;
            else if (along > 0) wrong += st != FXC_GRAZING;
            else wrong += st != FXC_HIT || h.fraction != 0;
            if (out > 0 && st != FXC_TOUCHING)
                port_printf("    start %d direction (%d, %d, %d): %s\n", i, d[0], d[1], d[2], fxc_status_name(st));
        }
    }
    CHECK(leaving > 50);
    CHECK_MSG(wrong == 0, "%d rays from edges and corners answered against the faces' rule", wrong);
    {
        fxc_shape point;
        fxc_ray_hit h;
        int st;
        CHECK(fxc_shape_point(&point, 0) == FXC_OK);
        for (k = 0, wrong = 0; k < 27; k++) {
            if (k == 13) continue;
            wrong += fxc_raycast(&point, &t, fxc_v3(0, 0, 0),
                                 fxc_v3((k % 3 - 1) * FXC_ONE, (k / 3 % 3 - 1) * FXC_ONE, (k / 9 - 1) * FXC_ONE), &h) != FXC_TOUCHING;
        }
        CHECK_MSG(wrong == 0, "%d rays leaving a point not FXC_TOUCHING", wrong);
        st = fxc_raycast(&cube, &t, fxc_v3(FXC_ONE + 984, 0, FXC_ONE - 328), fxc_v3(-3 * (1 << 26), 0, 1 << 26), &h);
        CHECK_MSG((st == FXC_HIT || st == FXC_GRAZING) && h.iterations > 1, "past an edge: %s after %d steps",
                  fxc_status_name(st), h.iterations);
    }
}
