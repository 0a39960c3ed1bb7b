/* Determinism: a fixed-seed workload over every ordered pair of shape
 * kinds, each pair queried with fxc_intersect, fxc_distance, fxc_collide,
 * fxc_clearance, fxc_manifold, fxc_shapecast and fxc_raycast (not the
 * _cached forms), at three scales
 * (sizes up to ~550 units, Minkowski points near the range limit), at the
 * world origin and anywhere within +-30000 units of it, hashed over the
 * statuses and every bit of every result field. The hash must be the same on
 * every platform and compiler (make test compares the logs of gcc -O0/-O1/
 * -O2, clang -O2, QEMU Cortex-M3 and M0) and equal to EXPECTED_HASH below.
 * Changing EXPECTED_HASH must be deliberate: it means results changed, and
 * the commit that changes it says why. */
#include "test.h"

/* Results of the workload in tests/test_determinism.c; see the commit log. */
#define EXPECTED_HASH UINT64_C(0xc361eba9f9b02132)
#define CASES 3000

/* FNV-1a over the value's four bytes (tests/test.h). */
#define mix t_fnv_mix

static uint64_t mix_vec(uint64_t h, fxc_vec3 v)
{
    return mix(mix(mix(h, v.x), v.y), v.z);
}

/* Every field of a contact. */
static uint64_t mix_contact(uint64_t h, const fxc_contact *c)
{
    h = mix(mix(mix(mix(mix(mix(h, c->distance), c->depth), c->depth_error), c->gjk_iterations), c->epa_iterations),
            c->support_calls);
    return mix_vec(mix_vec(mix_vec(h, c->normal), c->point_a), c->point_b);
}

/* A manifold's status and every field, the unused points' zeros too. */
static uint64_t mix_manifold(uint64_t h, int st, const fxc_contact_manifold *m)
{
    int k;
    h = mix(mix(h, st), m->count);
    h = mix_contact(h, &m->contact);
    for (k = 0; k < FXC_MANIFOLD_MAX_POINTS; k++) {
        const fxc_manifold_point *q = &m->point[k];
        h = mix(mix(mix_vec(mix_vec(h, q->point_a), q->point_b), q->separation), (int32_t)q->id);
    }
    return h;
}

/* A cast's status and every field. */
static uint64_t mix_cast(uint64_t h, int st, const fxc_cast_result *c)
{
    h = mix(mix(mix(mix(mix(h, st), c->fraction), c->distance), c->depth), c->iterations);
    return mix_vec(mix_vec(mix_vec(h, c->normal), c->point_a), c->point_b);
}

static fxc_vec3 ball_support(fxc_vec3 dir, void *user)
{
    fxc_vec3 u;
    fix16_t r = *(const fix16_t *)user;
    fxc_v3_normalize(dir, &u);
    return fxc_v3_scale(u, r);
}

static const fxc_vec3 rock[8] = {
    { 30000, 1000, -2000 }, { -25000, 8000, 3000 }, { 4000, -28000, 6000 }, { 2000, 26000, -9000 },
    { 9000, 3000, 31000 }, { -7000, -4000, -27000 }, { 18000, 17000, 12000 }, { -15000, -16000, 14000 },
};
static fix16_t ball_radius = 40000;

/* Shape kind k (0..11) with random sizes, scaled by 2^sh. */
static void make_shape(t_rng *r, int k, int sh, fxc_shape *s)
{
    fix16_t a = t_range(r, 3000, 70000) << sh, b = t_range(r, 3000, 70000) << sh, c = t_range(r, 3000, 70000) << sh;
    switch (k) {
    case 0: CHECK(fxc_shape_point(s, 0) == FXC_OK); break;
    case 1: CHECK(fxc_shape_sphere(s, a) == FXC_OK); break;
    case 2: CHECK(fxc_shape_segment(s, fxc_v3(-a, b, 0), fxc_v3(a, -c, b), 0) == FXC_OK); break;
    case 3: CHECK(fxc_shape_capsule(s, a, b / 2) == FXC_OK); break;
    case 4: CHECK(fxc_shape_triangle(s, fxc_v3(a, 0, 0), fxc_v3(0, b, 0), fxc_v3(-c, -a, b / 4), 0) == FXC_OK); break;
    case 5: CHECK(fxc_shape_box(s, fxc_v3(a, b, c), 0) == FXC_OK); break;
    case 6: CHECK(fxc_shape_box(s, fxc_v3(a, b, c), c / 4) == FXC_OK); break;
    case 7: CHECK(fxc_shape_cylinder(s, a, b, 0) == FXC_OK); break;
    case 8: CHECK(fxc_shape_cone(s, a, b, 0) == FXC_OK); break;
    case 9: CHECK(fxc_shape_hull(s, rock, 8, 0) == FXC_OK); break;
    case 10: CHECK(fxc_shape_hull(s, rock, 8, a / 8) == FXC_OK); break;
    default: CHECK(fxc_shape_custom(s, ball_support, &ball_radius, ball_radius, 0) == FXC_OK); break;
    }
}

static void random_pose(t_rng *r, fxc_transform *t, int32_t spread, fxc_vec3 centre)
{
    fxc_mat3 m;
    fxc_quat q;
    q.w = t_range(r, -65536, 65536);
    q.x = t_range(r, -65536, 65536);
    q.y = t_range(r, -65536, 65536);
    q.z = t_range(r, -65536, 65536);
    if (fxc_mat3_from_quat(q, &m) != FXC_OK) fxc_mat3_identity(&m);
    fxc_transform_set(t, &m, fxc_v3_add(centre, t_vec(r, -spread, spread)));
}

/* Scale classes of the workload: sizes and spreads times 2^sh (up to
 * ~550 units, Minkowski points near the range limit), and pairs anywhere
 * within +-30000 units of the world origin. */
static const int scale_shift[3] = { 0, 4, 9 };

void test_determinism_hash(void)
{
    t_rng r = { 2026 };
    uint64_t h = UINT64_C(0xCBF29CE484222325);
    long i, out_of_range = 0;
    int st;
    for (i = 0; i < CASES; i++) {
        fxc_shape a, b;
        fxc_transform ta, tb;
        fxc_distance_result d;
        fxc_contact c;
        fxc_contact_manifold m;
        fxc_cast_result cast;
        fxc_ray_hit ray;
        fxc_vec3 move;
        int sh = scale_shift[(i / 144) % 3];
        fxc_vec3 centre = fxc_v3(0, 0, 0);
        if ((i / 432) % 2) centre = t_vec(&r, -30000 * 65536, 30000 * 65536);
        make_shape(&r, (int)(i % 12), sh, &a);
        make_shape(&r, (int)((i / 12) % 12), sh, &b);
        random_pose(&r, &ta, (2 * 65536) << sh, centre);
        random_pose(&r, &tb, (2 * 65536) << sh, centre);
        h = mix(h, fxc_intersect(&a, &ta, &b, &tb));
        h = mix(h, fxc_distance(&a, &ta, &b, &tb, &d));
        h = mix(mix(mix(h, d.distance), d.gjk_iterations), d.support_calls);
        h = mix_vec(mix_vec(mix_vec(h, d.normal), d.point_a), d.point_b);
        st = fxc_collide(&a, &ta, &b, &tb, &t_ws, &c);
        out_of_range += st == FXC_ERR_RANGE;
        h = mix(h, st);
        h = mix_contact(h, &c);
        h = mix(h, fxc_clearance(&a, &ta, &b, &tb, t_range(&r, 0, 65536 << sh)));
        h = mix_manifold(h, fxc_manifold(&a, &ta, &b, &tb, t_range(&r, 0, 4096 << sh), &t_ws, &m), &m);
        /* casts: B moved across A's position, and a ray from B's
         * position through A's */
        move = fxc_v3_sub(fxc_v3_add(ta.pos, t_vec(&r, -(65536 << sh), 65536 << sh)), tb.pos);
        h = mix_cast(h, fxc_shapecast(&a, &ta, &b, &tb, move, &t_ws, &cast), &cast);
        st = fxc_raycast(&a, &ta, tb.pos, fxc_v3_add(move, move), &ray);
        h = mix_vec(mix_vec(mix(mix(mix(h, st), ray.fraction), ray.iterations), ray.point), ray.normal);
    }
    port_printf("       %ld of %d pairs out of range\n", out_of_range, CASES);
    CHECK(out_of_range < CASES / 10);
    /* tools/check_determinism.sh compares this line across platforms */
    port_printf("       determinism hash: %08lx%08lx\n", (unsigned long)(h >> 32), (unsigned long)(h & 0xFFFFFFFFu));
    CHECK_MSG(h == EXPECTED_HASH, "expected %08lx%08lx", (unsigned long)(EXPECTED_HASH >> 32),
              (unsigned long)(EXPECTED_HASH & 0xFFFFFFFFu));
}
