/* The ray cast against a box without margin (src/raybox.c, by its slabs):
 * exact fractions against integer arithmetic written here, the edge of a
 * face to the LSB, the touching band at the start, sheared boxes against
 * the double reference. The random rays of test_cast.c check rotated boxes
 * too (their gap at the fraction is 0). */
#include <math.h>
#include "scene.h"

#define ONE FXC_ONE

static fxc_shape unit_cube(fxc_transform *t, fix16_t half)
{
    fxc_shape s;
    CHECK(fxc_shape_box(&s, fxc_v3(half, half, half), 0) == FXC_OK);
    CHECK(fxc_transform_set(t, NULL, fxc_v3(0, 0, 0)) == FXC_OK);
    return s;
}

/* Rays at the face x = -h of an axis-aligned cube from random origins:
 * the fraction is floor(2^16 (-h - o.x) / v.x) exactly, the point's x is
 * -h exactly when the division has no remainder at Q32, and the normal is
 * -x. */
void test_raybox_exact_fraction(void)
{
    t_rng r = { 6100 };
    long i, n = T_TARGET_CASES(5000, 300);
    for (i = 0; i < n; i++) {
        fix16_t h = t_range(&r, ONE / 8, 4 * ONE);
        fxc_transform t;
        fxc_shape box = unit_cube(&t, h);
        fxc_vec3 o = fxc_v3(-h - t_range(&r, 1, 8 * ONE), t_range(&r, -h / 2, h / 2), t_range(&r, -h / 2, h / 2));
        fxc_vec3 v = fxc_v3(t_range(&r, -h - o.x, 16 * ONE), t_range(&r, -h / 4, h / 4), t_range(&r, -h / 4, h / 4));
        fxc_ray_hit hit;
        int64_t want;
        int st;
        /* the ray reaches x = -h within its length (v.x >= -h - o.x); the
         * sideways drift keeps it inside the face */
        st = fxc_raycast(&box, &t, o, v, &hit);
        want = (((int64_t)-h - o.x) << 16) / v.x;
        CHECK_MSG(st == FXC_HIT && hit.fraction == want, "case %ld: %s fraction %ld, want %lld", i, fxc_status_name(st),
                  (long)hit.fraction, (long long)want);
        CHECK_MSG(hit.normal.x == -ONE && hit.normal.y == 0 && hit.normal.z == 0, "case %ld: normal (%d, %d, %d)", i,
                  (int)hit.normal.x, (int)hit.normal.y, (int)hit.normal.z);
        CHECK_MSG(hit.point.x <= -h && hit.point.x >= -h - 1, "case %ld: point x %d, face at %d", i, (int)hit.point.x,
                  (int)-h);
    }
}

/* A ray along z past the edge x = y = h of the cube: through the edge a
 * contact, one LSB beside it a miss, on every side. */
void test_raybox_edge_to_the_lsb(void)
{
    const fix16_t h = ONE / 2;
    fxc_transform t;
    fxc_shape box = unit_cube(&t, h);
    fxc_ray_hit hit;
    int dx, dy;
    for (dx = -1; dx <= 1; dx++) {
        for (dy = -1; dy <= 1; dy++) {
            fxc_vec3 o = fxc_v3(h + dx, h + dy, -2 * ONE);
            int st = fxc_raycast(&box, &t, o, fxc_v3(0, 0, 4 * ONE), &hit);
            if (dx > 0 || dy > 0) {
                CHECK_MSG(st == FXC_SEPARATED, "(%d, %d) beside the edge: %s", dx, dy, fxc_status_name(st));
            } else {
                /* enters the bottom face at z = -h: fraction 3/8 */
                CHECK_MSG((st == FXC_HIT || st == FXC_GRAZING) && hit.fraction == 3 * ONE / 8,
                          "(%d, %d) on the edge or inside it: %s at %ld", dx, dy, fxc_status_name(st), (long)hit.fraction);
            }
        }
    }
    /* in the face plane x = h, along it: grazing; 1 LSB out: a miss */
    CHECK(fxc_raycast(&box, &t, fxc_v3(h, 0, -2 * ONE), fxc_v3(0, 0, 4 * ONE), &hit) == FXC_GRAZING);
    CHECK(hit.fraction == 3 * ONE / 8 && hit.normal.x == ONE && hit.point.x == h);
    CHECK(fxc_raycast(&box, &t, fxc_v3(h + 1, 0, -2 * ONE), fxc_v3(0, 0, 4 * ONE), &hit) == FXC_SEPARATED);
    /* stopping 1 LSB short of the face: a miss; reaching it: a hit at 1 */
    CHECK(fxc_raycast(&box, &t, fxc_v3(0, 0, -2 * ONE), fxc_v3(0, 0, 2 * ONE - h - 1), &hit) == FXC_SEPARATED);
    CHECK(fxc_raycast(&box, &t, fxc_v3(0, 0, -2 * ONE), fxc_v3(0, 0, 2 * ONE - h), &hit) == FXC_HIT);
    CHECK(hit.fraction == ONE && hit.point.z == -h);
}

/* The start within FXC_TOUCH_TOL of a face, on either side of it: on the
 * surface (moving out: touching; in: a hit at 0); beyond the band inside:
 * inside; beyond it outside and moving away: a miss. */
void test_raybox_touching_band(void)
{
    const fix16_t h = ONE / 2;
    fxc_transform t;
    fxc_shape box = unit_cube(&t, h);
    fxc_ray_hit hit;
    int off;
    for (off = -FXC_TOUCH_TOL; off <= FXC_TOUCH_TOL; off++) {
        fxc_vec3 o = fxc_v3(h + off, 0, 0);
        CHECK_MSG(fxc_raycast(&box, &t, o, fxc_v3(ONE, 0, 0), &hit) == FXC_TOUCHING, "%d from the face, moving out", off);
        CHECK_MSG(fxc_raycast(&box, &t, o, fxc_v3(-ONE, 0, 0), &hit) == FXC_HIT && hit.fraction == 0 && hit.normal.x == ONE,
                  "%d from the face, moving in", off);
        CHECK_MSG(fxc_raycast(&box, &t, o, fxc_v3(0, ONE, 0), &hit) == FXC_GRAZING, "%d from the face, along it", off);
    }
    CHECK(fxc_raycast(&box, &t, fxc_v3(h - FXC_TOUCH_TOL - 1, 0, 0), fxc_v3(ONE, 0, 0), &hit) == FXC_INSIDE);
    CHECK(hit.fraction == 0 && hit.normal.x == 0 && hit.point.x == h - FXC_TOUCH_TOL - 1);
    CHECK(fxc_raycast(&box, &t, fxc_v3(h + FXC_TOUCH_TOL + 1, 0, 0), fxc_v3(ONE, 0, 0), &hit) == FXC_SEPARATED);
}

/* Reference: the segment o + t v (t in [0, 1]) against the polytope's
 * face planes pushed out by `grow` units (Cyrus-Beck in double). Returns 1
 * and the entry t when it meets the polytope. */
static int ref_ray(const rg_poly *p, rg_vec o, rg_vec v, double grow, double *t_in)
{
    double tin = 0, tout = 1;
    int f;
    for (f = 0; f < p->nf; f++) {
        rg_vec a = p->v[p->f[f][0]], b = p->v[p->f[f][1]], c = p->v[p->f[f][2]];
        rg_vec n = rg_cross(rg_sub(b, a), rg_sub(c, a));
        double nl = rg_len(n), num, den;
        if (nl == 0) continue;
        num = rg_dot(n, rg_sub(a, o)) + grow * nl; /* > 0: o inside this plane */
        den = rg_dot(n, v);
        if (den == 0) {
            if (num < 0) return 0;
        } else if (den < 0) {
            if (num / den > tin) tin = num / den;
        } else if (num / den < tout) {
            tout = num / den;
        }
    }
    *t_in = tin;
    return tin <= tout;
}

/* Sheared, scaled boxes (the core is the parallelepiped the matrix makes)
 * at random poses, rays from outside: a ray the reference sees meet the
 * box is a contact, never later than the reference's entry and short of
 * it only by the fraction's rounding, at a point on the box; a ray that
 * misses the box grown by 2 LSB is a miss. */
void test_raybox_sheared(void)
{
    t_rng r = { 6200 };
    long i, n = T_TARGET_CASES(3000, 150), hits = 0, misses = 0;
    for (i = 0; i < n; i++) {
        body b;
        fxc_mat3 m;
        fxc_ray_hit hit;
        int j, k, st;
        fxc_vec3 o, v;
        double tin, len;
        scene_rotation(&r, &m);
        for (j = 0; j < 3; j++)
            for (k = 0; k < 3; k++) m.m[j][k] += t_range(&r, -4096, 4096);
        scene_box(&b, t_vec(&r, ONE / 4, 2 * ONE));
        scene_place(&b, &m, t_vec(&r, -ONE, ONE));
        scene_finish(&b);
        o = t_vec(&r, -4 * ONE, 4 * ONE);
        v = fxc_v3_sub(t_vec(&r, -ONE, ONE), o);
        v = fxc_v3_add(v, v);
        if (ref_ray(&b.poly, rg_from(o), rg_v(0, 0, 0), 2.0 / 65536, &tin)) continue; /* starts at the box */
        st = fxc_raycast(&b.shape, &b.xf, o, v, &hit);
        len = lsb(rg_len(rg_from(v)));
        if (!ref_ray(&b.poly, rg_from(o), rg_from(v), 2.0 / 65536, &tin)) {
            CHECK_MSG(st == FXC_SEPARATED, "case %ld: the reference misses, %s", i, fxc_status_name(st));
            misses++;
            continue;
        }
        if (!ref_ray(&b.poly, rg_from(o), rg_from(v), 0, &tin)) continue; /* within 2 LSB: either */
        CHECK_MSG(st == FXC_HIT || st == FXC_GRAZING, "case %ld: the reference meets it at %.6f, %s", i, tin,
                  fxc_status_name(st));
        if (st != FXC_HIT) continue;
        hits++;
        CHECK_MSG((t_d(hit.fraction) - tin) * len <= 0.01, "case %ld: fraction %.6f after the reference %.6f", i,
                  t_d(hit.fraction), tin);
        CHECK_MSG((tin - t_d(hit.fraction)) * len <= len / 65536.0 + 0.01, "case %ld: fraction %.6f short of the reference %.6f",
                  i, t_d(hit.fraction), tin);
        CHECK_MSG(scene_off_body(&b, hit.point) <= 2.0, "case %ld: point %.2f LSB off the box", i, scene_off_body(&b, hit.point));
    }
    port_printf("       %ld sheared boxes: %ld hits, %ld misses\n", n, hits, misses);
    CHECK(hits > n / 10 && misses > n / 10);
}

/* Negating one column of a box's matrix (det < 0) leaves the same point
 * set, with every face the same plane: each ray's answer (status,
 * fraction, point, normal) must not change by a bit. */
void test_raybox_mirrored(void)
{
    t_rng r = { 6300 };
    long i, n = T_TARGET_CASES(3000, 150), hits = 0;
    for (i = 0; i < n; i++) {
        fxc_shape box;
        fxc_transform t, tm;
        fxc_mat3 m;
        fxc_ray_hit h, hm;
        int j = (int)t_range(&r, 0, 2), k, st, stm;
        fxc_vec3 o = t_vec(&r, -4 * ONE, 4 * ONE), v;
        scene_rotation(&r, &m);
        CHECK(fxc_shape_box(&box, t_vec(&r, ONE / 4, 2 * ONE), 0) == FXC_OK);
        CHECK(fxc_transform_set(&t, &m, t_vec(&r, -ONE, ONE)) == FXC_OK);
        tm = t;
        for (k = 0; k < 3; k++) tm.rot.m[k][j] = -tm.rot.m[k][j];
        v = fxc_v3_sub(t_vec(&r, -ONE, ONE), o);
        v = fxc_v3_add(v, v);
        st = fxc_raycast(&box, &t, o, v, &h);
        stm = fxc_raycast(&box, &tm, o, v, &hm);
        CHECK_MSG(st == stm && h.fraction == hm.fraction && h.point.x == hm.point.x && h.point.y == hm.point.y &&
                      h.point.z == hm.point.z && h.normal.x == hm.normal.x && h.normal.y == hm.normal.y &&
                      h.normal.z == hm.normal.z,
                  "case %ld: column %d mirrored: %s at %ld, not %s at %ld", i, j, fxc_status_name(stm),
                  (long)hm.fraction, fxc_status_name(st), (long)h.fraction);
        hits += st == FXC_HIT;
    }
    port_printf("       %ld mirrored boxes: %ld hits\n", n, hits);
    CHECK(hits > n / 10 && hits < n - n / 10);
}

/* A singular matrix flattens the box to a square (no slab across it): the
 * slabs decline it and conservative advancement answers, in steps. The
 * square at z = 0 is met half way down a ray from z = 2 to z = -2, within
 * the cast's tolerance. */
void test_raybox_flat_matrix(void)
{
    fxc_shape box;
    fxc_transform t;
    fxc_mat3 flat = { { { ONE, 0, 0 }, { 0, ONE, 0 }, { 0, 0, 0 } } };
    fxc_ray_hit hit;
    int st;
    CHECK(fxc_shape_box(&box, fxc_v3(ONE / 2, ONE / 2, ONE / 2), 0) == FXC_OK);
    CHECK(fxc_transform_set(&t, &flat, fxc_v3(0, 0, 0)) == FXC_OK);
    st = fxc_raycast(&box, &t, fxc_v3(ONE / 8, 0, 2 * ONE), fxc_v3(0, 0, -4 * ONE), &hit);
    CHECK_MSG(st == FXC_HIT && hit.iterations > 0, "%s after %d steps", fxc_status_name(st), hit.iterations);
    CHECK_MSG(hit.fraction <= ONE / 2 && hit.fraction >= ONE / 2 - (FXC_CAST_TOL + 2) / 4, "fraction %ld", (long)hit.fraction);
}
