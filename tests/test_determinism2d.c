/* 2D determinism: a fixed-seed workload over every ordered pair of 2D shape
 * kinds, each pair queried with fxc2_intersect, fxc2_distance, fxc2_collide,
 * fxc2_collide_manifold and fxc2_raycast, at three scales, at the world
 * origin and anywhere within +-30000 units of it, hashed over the statuses
 * and every bit of every result field. The hash must be the same on every
 * platform and compiler (tools/check_determinism.sh compares the logs) and
 * equal to EXPECTED_HASH_2D below: a tripwire, changed deliberately by a
 * commit that says why results changed. */
#include "test.h"
#include "fxcollide2d.h"

#define EXPECTED_HASH_2D UINT64_C(0xae6c13eacd017ad4)
#define CASES_2D 2000

/* FNV-1a over the value's four bytes (tests/test.h). */
#define mix2 t_fnv_mix

static uint64_t mix2_vec(uint64_t h, fxc2_vec v)
{
    return mix2(mix2(h, v.x), v.y);
}

static uint64_t mix2_contact(uint64_t h, const fxc2_contact *c)
{
    h = mix2(mix2(mix2(mix2(h, c->distance), c->depth), c->gjk_iterations), c->epa_iterations);
    return mix2_vec(mix2_vec(mix2_vec(h, c->normal), c->point_a), c->point_b);
}

/* A hexagon with a repeated and a collinear vertex, and a thin sliver. */
static const fxc2_vec hexagon[8] = {
    { 60000, 0 }, { 30000, 52000 }, { 30000, 52000 }, { -30000, 52000 },
    { -60000, 0 }, { -30000, -52000 }, { 0, -52000 }, { 30000, -52000 },
};
static const fxc2_vec sliver[3] = { { -90000, 0 }, { 90000, -500 }, { 90000, 400 } };

/* Shape kind k (0..8) with random sizes, scaled by 2^sh. */
static void make_shape2d(t_rng *r, int k, int sh, fxc2_shape *s)
{
    fix16_t a = t_range(r, 3000, 70000) << sh, b = t_range(r, 3000, 70000) << sh;
    switch (k) {
    case 0: CHECK(fxc2_shape_point(s, 0) == FXC_OK); break;
    case 1: CHECK(fxc2_shape_circle(s, a) == FXC_OK); break;
    case 2: CHECK(fxc2_shape_segment(s, fxc2_v(-a, b), fxc2_v(a, -b / 2), 0) == FXC_OK); break;
    case 3: CHECK(fxc2_shape_capsule(s, a, b / 2) == FXC_OK); break;
    case 4: CHECK(fxc2_shape_box(s, fxc2_v(a, b), 0) == FXC_OK); break;
    case 5: CHECK(fxc2_shape_box(s, fxc2_v(a, b), b / 4) == FXC_OK); break;
    case 6: CHECK(fxc2_shape_polygon(s, hexagon, 8, 0) == FXC_OK); break;
    case 7: CHECK(fxc2_shape_polygon(s, hexagon, 8, a / 8) == FXC_OK); break;
    default: CHECK(fxc2_shape_polygon(s, sliver, 3, 0) == FXC_OK); break;
    }
}

static void random_pose2d(t_rng *r, fxc2_transform *t, int32_t spread, fxc2_vec centre)
{
    fxc2_vec pos;
    fix16_t angle = t_range(r, -4 * 65536, 4 * 65536);
    pos.x = centre.x + t_range(r, -spread, spread);
    pos.y = centre.y + t_range(r, -spread, spread);
    CHECK(fxc2_transform_angle(t, pos, angle) == FXC_OK);
}

static const int scale_shift_2d[3] = { 0, 4, 9 };

void test_determinism_hash_2d(void)
{
    t_rng r = { 2027 };
    uint64_t h = UINT64_C(0xCBF29CE484222325);
    long i;
    int st;
    for (i = 0; i < CASES_2D; i++) {
        fxc2_shape a, b;
        fxc2_transform ta, tb;
        fxc2_distance_result d;
        fxc2_contact c;
        fxc2_manifold m;
        fxc2_ray_hit ray;
        fxc2_vec centre = fxc2_v(0, 0), move;
        int sh = scale_shift_2d[(i / 81) % 3], k;
        if ((i / 243) % 2) {
            centre.x = t_range(&r, -30000 * 65536, 30000 * 65536);
            centre.y = t_range(&r, -30000 * 65536, 30000 * 65536);
        }
        make_shape2d(&r, (int)(i % 9), sh, &a);
        make_shape2d(&r, (int)((i / 9) % 9), sh, &b);
        random_pose2d(&r, &ta, (2 * 65536) << sh, centre);
        random_pose2d(&r, &tb, (2 * 65536) << sh, centre);
        h = mix2(h, fxc2_intersect(&a, &ta, &b, &tb));
        st = fxc2_distance(&a, &ta, &b, &tb, &d);
        h = mix2(mix2(mix2(h, st), d.distance), d.iterations);
        h = mix2_vec(mix2_vec(mix2_vec(h, d.normal), d.point_a), d.point_b);
        h = mix2_contact(mix2(h, fxc2_collide(&a, &ta, &b, &tb, &c)), &c);
        st = fxc2_collide_manifold(&a, &ta, &b, &tb, t_range(&r, 0, 4096 << sh), &m);
        h = mix2_vec(mix2_contact(mix2(mix2(h, st), m.count), &m.contact), m.normal);
        for (k = 0; k < FXC2_MANIFOLD_MAX_POINTS; k++) {
            const fxc2_manifold_point *q = &m.point[k];
            h = mix2(mix2(mix2_vec(mix2_vec(h, q->point_a), q->point_b), q->separation), (int32_t)q->id);
        }
        /* a ray from B's position through A's, and past it */
        move.x = 2 * (ta.pos.x - tb.pos.x) + t_range(&r, -(65536 << sh), 65536 << sh);
        move.y = 2 * (ta.pos.y - tb.pos.y) + t_range(&r, -(65536 << sh), 65536 << sh);
        st = fxc2_raycast(&a, &ta, tb.pos, move, &ray);
        h = mix2_vec(mix2_vec(mix2(mix2(mix2(h, st), ray.fraction), ray.iterations), ray.point), ray.normal);
    }
    /* tools/check_determinism.sh compares this line across platforms */
    port_printf("       2D determinism hash: %08lx%08lx\n", (unsigned long)(h >> 32), (unsigned long)(h & 0xFFFFFFFFu));
    CHECK_MSG(h == EXPECTED_HASH_2D, "expected %08lx%08lx", (unsigned long)(EXPECTED_HASH_2D >> 32),
              (unsigned long)(EXPECTED_HASH_2D & 0xFFFFFFFFu));
}
