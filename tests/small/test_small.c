/* The small configuration (the Makefile's FXC_SMALL_DEFS: an EPA polytope
 * of FXC_EPA_MAX_VERTICES = 8), which the README offers for the tightest
 * RAM, built on the host with the library and checked against what the
 * README says of it, with the double-precision references of the main
 * suite (tests/refgeom.h, tests/scene.h):
 *  - boxes answered by their separating axes need no EPA and lose
 *    nothing: rotated boxes that overlap are FXC_PENETRATING with the
 *    reference's depth;
 *  - boxes with an edge along a face of the other (aligned, or turned
 *    about the normal of the box they rest on) go through EPA, and deep
 *    ones can end at its capacity: then, as for every FXC_ERR_CAPACITY,
 *    the true depth lies in [depth - depth_error, depth], and moving B by
 *    depth * normal ends the overlap.
 * Its own program (make test-host-small): the main suite's tests expect
 * the default polytope. */
#include <math.h>
#include "scene.h"

/* The main suite's bound for a depth against the reference (tests/
 * test_epa.c): EPA's tolerance and the rounding of its points. */
#define DEPTH_BOUND 4.5
/* A unit normal rounded to Q16.16 moves a support height by up to 0.87
 * LSB per unit of it (scene_minkowski_radius). */
#define NORMAL_ROUNDING 0.87

/* The eight rotations that map each axis onto an axis and keep z's line:
 * exact in Q16.16, so aligned boxes stay aligned. Bit 0 swaps x and y,
 * bits 1 and 2 flip x and z; y's sign makes the determinant +1. */
static void axis_rotation(int k, fxc_mat3 *m)
{
    int i, j, swap = k & 1;
    fix16_t sx = (k & 2) ? -FXC_ONE : FXC_ONE, sz = (k & 4) ? -FXC_ONE : FXC_ONE;
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) m->m[i][j] = 0;
    m->m[0][swap] = sx;
    m->m[1][1 - swap] = (swap ? -1 : 1) * (sx == sz ? FXC_ONE : -FXC_ONE);
    m->m[2][2] = sz;
}

/* Half extent along world axis j of a box turned by an axis rotation. */
static int32_t world_half(const fxc_mat3 *m, fxc_vec3 h, int j)
{
    return (m->m[j][0] != 0 ? h.x : 0) + (m->m[j][1] != 0 ? h.y : 0) + (m->m[j][2] != 0 ? h.z : 0);
}

/* The determinant of a matrix of whole units. */
static int unit_det(const fxc_mat3 *m)
{
    int e[3][3], i, j;
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) e[i][j] = m->m[i][j] / FXC_ONE;
    return e[0][0] * (e[1][1] * e[2][2] - e[1][2] * e[2][1]) - e[0][1] * (e[1][0] * e[2][2] - e[1][2] * e[2][0]) +
           e[0][2] * (e[1][0] * e[2][1] - e[1][1] * e[2][0]);
}

static void test_small_config_read(void)
{
    fxc_transform t;
    fxc_mat3 m;
    int k;
    CHECK(FXC_EPA_MAX_VERTICES == 8);
    CHECK(fxc_workspace_init(&t_ws) == FXC_OK);
    for (k = 0; k < 8; k++) {
        axis_rotation(k, &m);
        CHECK_MSG(fxc_transform_set(&t, &m, fxc_v3(0, 0, 0)) == FXC_OK, "axis rotation %d", k);
        CHECK_MSG(unit_det(&m) == 1, "axis rotation %d: det %d", k, unit_det(&m));
    }
}

/* One box pair's answer against the reference: the status, and the depth
 * bracket and the normal's overlap for a penetration or EPA's capacity. */
static int check_pair(const body *a, const body *b, long i, const char *what)
{
    fxc_contact c;
    double want = lsb(rg_poly_sat(&a->poly, &b->poly, NULL)), slack, along;
    int st = fxc_collide(&a->shape, &a->xf, &b->shape, &b->xf, &t_ws, &c);
    CHECK_MSG(st == FXC_PENETRATING || st == FXC_TOUCHING || st == FXC_ERR_CAPACITY, "%s case %ld: %s", what, i,
              fxc_status_name(st));
    if (st != FXC_PENETRATING && st != FXC_ERR_CAPACITY) return st;
    slack = DEPTH_BOUND + NORMAL_ROUNDING * scene_minkowski_radius(a, b);
    along = lsb(scene_overlap_along(a, b, unit_of(c.normal)));
    CHECK_MSG(c.depth >= want - DEPTH_BOUND && c.depth - c.depth_error <= want + DEPTH_BOUND && c.depth_error >= 0,
              "%s case %ld: true depth %.1f outside [%d - %d, %d]", what, i, want, (int)c.depth, (int)c.depth_error,
              (int)c.depth);
    CHECK_MSG(along <= c.depth + slack, "%s case %ld: overlap along the normal %.1f, depth %d", what, i, along,
              (int)c.depth);
    if (st == FXC_PENETRATING)
        CHECK_MSG(c.depth <= want + DEPTH_BOUND, "%s case %ld: depth %d, true %.1f", what, i, (int)c.depth, want);
    return st;
}

/* Boxes with an edge along a face of the other, the pairs the separating
 * axes leave to GJK and EPA: A turned by an axis rotation, B by the same
 * (aligned boxes, odd cases) or about z by any angle (a box resting on a
 * box, even cases: its Minkowski difference has up to 16 vertices, twice
 * the polytope's capacity). They overlap along z by 1 LSB up to the
 * thinner box's height, and B's centre lies over A's face. */
static void test_small_resting_boxes(void)
{
    t_rng r = { 808 };
    long i, n = 3000, capped = 0, exact = 0;
    for (i = 0; i < n && t_failures() == 0; i++) {
        body a, b;
        fxc_mat3 ma, mb;
        fxc_vec3 ha = t_vec(&r, 16384, 4 * 65536), hb = t_vec(&r, 16384, 4 * 65536), off;
        int32_t za, zb;
        int st;
        axis_rotation((int)(i % 8), &ma);
        if (i % 2) {
            axis_rotation((int)((i / 8) % 8), &mb);
        } else {
            fxc_quat q; /* about z: B's z axis stays exactly A's */
            q.w = t_range(&r, -65536, 65536);
            q.x = q.y = 0;
            q.z = t_range(&r, 1, 65536);
            CHECK(fxc_mat3_from_quat(q, &mb) == FXC_OK);
        }
        scene_box(&a, ha);
        scene_box(&b, hb);
        za = world_half(&ma, ha, 2);
        zb = world_half(&mb, hb, 2);
        off.x = t_range(&r, 1 - world_half(&ma, ha, 0), world_half(&ma, ha, 0) - 1);
        off.y = t_range(&r, 1 - world_half(&ma, ha, 1), world_half(&ma, ha, 1) - 1);
        off.z = za + zb - t_range(&r, 1, 2 * (za < zb ? za : zb));
        scene_place(&a, &ma, t_vec(&r, -100 * 65536, 100 * 65536));
        scene_place(&b, &mb, fxc_v3_add(a.xf.pos, off));
        scene_finish(&a);
        scene_finish(&b);
        st = check_pair(&a, &b, i, "resting boxes");
        capped += st == FXC_ERR_CAPACITY;
        exact += st == FXC_PENETRATING;
    }
    port_printf("       %ld pairs: %ld penetrating, %ld at EPA's capacity\n", n, exact, capped);
    /* the README's claim that deep such pairs can end there: this test
     * must reach the bracket it checks */
    CHECK(capped > 0);
}

/* Boxes at random rotations (no edge along a face), overlapping: the
 * separating axes answer them, exactly, with no EPA to run out. */
static void test_small_rotated_boxes(void)
{
    t_rng r = { 809 };
    long i, n = 3000, checked = 0;
    for (i = 0; i < n && t_failures() == 0; i++) {
        body a, b;
        fxc_vec3 off = t_vec(&r, -65536, 65536);
        int st;
        scene_random_polytope(&r, &a, &SCALE_UNIT, 0);
        scene_box(&b, t_vec(&r, 16384, 2 * 65536));
        {
            fxc_mat3 m;
            scene_rotation(&r, &m);
            scene_place(&b, &m, fxc_v3_add(a.xf.pos, off));
        }
        scene_finish(&b);
        if (rg_poly_sat(&a.poly, &b.poly, NULL) * 65536.0 < 4) continue; /* the axes answer overlaps of 4 LSB and more */
        st = check_pair(&a, &b, i, "rotated boxes");
        CHECK_MSG(st == FXC_PENETRATING, "rotated boxes case %ld: %s", i, fxc_status_name(st));
        checked++;
    }
    port_printf("       %ld of %ld pairs overlapping by 4 LSB or more\n", checked, n);
    CHECK(checked > n / 2);
}

int main(void)
{
    int passed = 0, failed = 0;
    port_init();
    port_printf("fxcollide %s small-configuration tests on %s\n", fxc_version(), port_name());
    t_run("small_config_read", test_small_config_read, &passed, &failed);
    t_run("small_resting_boxes", test_small_resting_boxes, &passed, &failed);
    t_run("small_rotated_boxes", test_small_rotated_boxes, &passed, &failed);
    port_printf("%d passed, %d failed\n", passed, failed);
    return failed > 255 ? 255 : failed;
}
