/* Bounded work: the worst cases we can construct stay within the hard caps
 * (FXC_GJK_MAX_ITERATIONS, FXC_EPA_MAX_ITERATIONS, FXC_MAX_SUPPORT_CALLS),
 * and a query that runs out of room still answers with valid numbers. */
#include "test.h"

static int valid_status(int st)
{
    return st == FXC_SEPARATED || st == FXC_TOUCHING || st == FXC_PENETRATING || st == FXC_ERR_CAPACITY ||
           st == FXC_ERR_NO_CONVERGENCE;
}

/* One collide + distance on the pair; returns the collide status. */
static int run_capped(const fxc_shape *a, const fxc_transform *ta, const fxc_shape *b, const fxc_transform *tb,
                      int *max_epa, int *max_calls)
{
    fxc_contact c;
    fxc_distance_result d;
    int st = fxc_collide(a, ta, b, tb, &t_ws, &c);
    int sd = fxc_distance(a, ta, b, tb, &d);
    fix16_t len = fxc_v3_length(c.normal);
    CHECK_MSG(valid_status(st), "collide status %s", fxc_status_name(st));
    CHECK(sd == FXC_SEPARATED || sd == FXC_TOUCHING || sd == FXC_OVERLAPPING || sd == FXC_ERR_NO_CONVERGENCE);
    CHECK(c.gjk_iterations <= FXC_GJK_MAX_ITERATIONS && d.gjk_iterations <= FXC_GJK_MAX_ITERATIONS);
    CHECK(c.epa_iterations <= FXC_EPA_MAX_ITERATIONS);
    CHECK(c.support_calls <= FXC_MAX_SUPPORT_CALLS && d.support_calls <= FXC_MAX_SUPPORT_CALLS);
    /* even at a cap: a unit normal and a non-negative depth */
    CHECK_MSG(len >= FXC_ONE - 2 && len <= FXC_ONE + 2, "normal length %d (%s)", (int)len, fxc_status_name(st));
    CHECK(c.depth >= 0 && c.distance >= 0);
    if (c.epa_iterations > *max_epa) *max_epa = c.epa_iterations;
    if (c.support_calls > *max_calls) *max_calls = c.support_calls;
    return st;
}

void test_bounds_curved_and_deep(void)
{
    /* EPA approximates curved cores (cylinders, cones, a callback ball) with
     * a polytope: deep overlaps at many angles are its worst case. Also
     * concentric spheres and capsules, identical boxes, and two 64-vertex
     * hulls sampled from a sphere. */
    static fxc_vec3 ball64a[64], ball64b[64];
    t_rng r = { 77 };
    int i, max_epa = 0, max_calls = 0, capped = 0;
    fxc_shape a, b;
    fxc_transform ta, tb;
    fxc_mat3 m;
    for (i = 0; i < 64; i++) {
        fxc_vec3 u;
        do {
            u = t_vec(&r, -65536, 65536);
        } while (!fxc_v3_normalize(u, &u));
        ball64a[i] = u;
        do {
            u = t_vec(&r, -65536, 65536);
        } while (!fxc_v3_normalize(u, &u));
        ball64b[i] = fxc_v3_scale(u, F16(0.7));
    }
    for (i = 0; i < T_TARGET_CASES(200, 40); i++) {
        int kind = i % 5, st;
        fxc_quat q;
        q.w = t_range(&r, -65536, 65536);
        q.x = t_range(&r, -65536, 65536);
        q.y = t_range(&r, -65536, 65536);
        q.z = t_range(&r, -65536, 65536);
        if (fxc_mat3_from_quat(q, &m) != FXC_OK) fxc_mat3_identity(&m);
        fxc_transform_set(&ta, 0, fxc_v3(0, 0, 0));
        fxc_transform_set(&tb, &m, t_vec(&r, -F16(0.2), F16(0.2)));
        switch (kind) {
        case 0: CHECK(fxc_shape_cylinder(&a, F16(1), F16(0.5), 0) == FXC_OK && fxc_shape_cone(&b, F16(0.7), F16(0.6), 0) == FXC_OK); break;
        case 1: CHECK(fxc_shape_cylinder(&a, F16(0.6), F16(0.8), 0) == FXC_OK && fxc_shape_cylinder(&b, F16(0.9), F16(0.3), 0) == FXC_OK); break;
        case 2: CHECK(fxc_shape_hull(&a, ball64a, 64, 0) == FXC_OK && fxc_shape_hull(&b, ball64b, 64, 0) == FXC_OK); break;
        case 3: CHECK(fxc_shape_capsule(&a, F16(1), F16(0.4)) == FXC_OK && fxc_shape_capsule(&b, F16(0.8), F16(0.5)) == FXC_OK); break;
        default: CHECK(fxc_shape_sphere(&a, F16(1)) == FXC_OK && fxc_shape_box(&b, fxc_v3(F16(0.3), F16(0.4), F16(0.5)), F16(0.1)) == FXC_OK); break;
        }
        st = run_capped(&a, &ta, &b, &tb, &max_epa, &max_calls);
        capped += st == FXC_ERR_CAPACITY;
        if (t_failures() > 0) break;
    }
    port_printf("       worst cases: EPA iterations max %d (cap %d), support calls max %d (cap %d), %d capped\n", max_epa,
                FXC_EPA_MAX_ITERATIONS, max_calls, FXC_MAX_SUPPORT_CALLS, capped);
}

/* A user callback with a curved surface (an exact unit ball) deep inside a
 * cylinder: EPA's worst case through the callback path. */
static fxc_vec3 unit_ball(fxc_vec3 dir, void *user)
{
    fxc_vec3 u;
    (void)user;
    fxc_v3_normalize(dir, &u);
    return u;
}

void test_bounds_callback_ball(void)
{
    fxc_shape a, b;
    fxc_transform ta, tb;
    int i, max_epa = 0, max_calls = 0;
    CHECK(fxc_shape_custom(&a, unit_ball, 0, FXC_ONE, 0) == FXC_OK);
    CHECK(fxc_shape_cylinder(&b, F16(0.5), F16(0.5), 0) == FXC_OK);
    for (i = 0; i < 20; i++) {
        fxc_transform_set(&ta, 0, fxc_v3(0, 0, 0));
        fxc_transform_set(&tb, 0, fxc_v3(F16(0.1) * i, F16(0.07) * i, F16(0.03) * i));
        CHECK(run_capped(&a, &ta, &b, &tb, &max_epa, &max_calls) != FXC_ERR_CALLBACK);
    }
}
