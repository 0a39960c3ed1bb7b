/* What fxcollide2d.h promises of every pair, checked on random pairs of
 * every shape kind: translating both shapes by a whole number of raw units
 * moves every point by exactly that and changes no other bit; swapping the
 * shapes gives the same status (exact decisions) and the same distance or
 * depth. */
#include "test.h"
#include "fxcollide2d.h"

static const fxc2_vec pentagon[5] = { { 65536, 0 }, { 20252, 62328 }, { -53020, 38521 }, { -53020, -38521 },
                                      { 20252, -62328 } };

/* Shape kind k (0..6) with sizes up to 2^sh raw. */
static void make(t_rng *r, int k, int sh, fxc2_shape *s)
{
    fix16_t a = t_range(r, 1 << (sh - 4), 1 << sh), b = t_range(r, 1 << (sh - 4), 1 << sh);
    switch (k) {
    case 0: CHECK(fxc2_shape_point(s, 0) == FXC_OK); break;
    case 1: CHECK(fxc2_shape_circle(s, a) == FXC_OK); break;
    case 2: CHECK(fxc2_shape_segment(s, fxc2_v(-a, b / 2), fxc2_v(a / 3, -b), 0) == FXC_OK); break;
    case 3: CHECK(fxc2_shape_capsule(s, a, b / 4 + 1) == FXC_OK); break;
    case 4: CHECK(fxc2_shape_box(s, fxc2_v(a, b), 0) == FXC_OK); break;
    case 5: CHECK(fxc2_shape_box(s, fxc2_v(a, b), b / 8) == FXC_OK); break;
    default: CHECK(fxc2_shape_polygon(s, pentagon, 5, a / 16) == FXC_OK); break;
    }
}

static void pose(t_rng *r, fxc2_transform *t, int sh)
{
    fxc2_vec p;
    fix16_t angle = t_range(r, -205887, 205887);
    p.x = t_range(r, -(2 << sh), 2 << sh);
    p.y = t_range(r, -(2 << sh), 2 << sh);
    CHECK(fxc2_transform_angle(t, p, angle) == FXC_OK);
}

static fxc2_transform moved(const fxc2_transform *t, fxc2_vec by)
{
    fxc2_transform m = *t;
    m.pos = fxc2_v(t->pos.x + by.x, t->pos.y + by.y);
    return m;
}

static int shifted(fxc2_vec p, fxc2_vec q, fxc2_vec by)
{
    return q.x == p.x + by.x && q.y == p.y + by.y;
}

static int same_contact_moved(const fxc2_contact *c, const fxc2_contact *m, fxc2_vec by)
{
    return c->distance == m->distance && c->depth == m->depth && c->normal.x == m->normal.x &&
           c->normal.y == m->normal.y && c->gjk_iterations == m->gjk_iterations &&
           c->epa_iterations == m->epa_iterations && shifted(c->point_a, m->point_a, by) &&
           shifted(c->point_b, m->point_b, by);
}

void test_inv2_translation_exact(void)
{
    t_rng r = { 3201 };
    long i, n = T_TARGET_CASES(3000, 300), wrong = 0;
    for (i = 0; i < n; i++) {
        int sh = 12 + (int)(i % 3) * 6, st0, st1;
        fxc2_shape a, b;
        fxc2_transform ta, tb, ma, mb;
        fxc2_contact c0, c1;
        fxc2_manifold m0, m1;
        fxc2_ray_hit h0, h1;
        fxc2_vec by, o, d;
        make(&r, (int)(i % 7), sh, &a);
        make(&r, (int)((i / 7) % 7), sh, &b);
        pose(&r, &ta, sh);
        pose(&r, &tb, sh);
        by.x = t_range(&r, -(1 << 30), 1 << 30);
        by.y = t_range(&r, -(1 << 30), 1 << 30);
        ma = moved(&ta, by);
        mb = moved(&tb, by);
        st0 = fxc2_collide(&a, &ta, &b, &tb, &c0);
        st1 = fxc2_collide(&a, &ma, &b, &mb, &c1);
        wrong += st0 != st1 || !same_contact_moved(&c0, &c1, by);
        st0 = fxc2_collide_manifold(&a, &ta, &b, &tb, 1 << (sh - 6), &m0);
        st1 = fxc2_collide_manifold(&a, &ma, &b, &mb, 1 << (sh - 6), &m1);
        wrong += st0 != st1 || m0.count != m1.count ||
                 (m0.count > 0 && (!shifted(m0.point[0].point_a, m1.point[0].point_a, by) ||
                                   m0.point[0].separation != m1.point[0].separation || m0.point[0].id != m1.point[0].id));
        o = tb.pos;
        d = fxc2_v(2 * (ta.pos.x - tb.pos.x), 2 * (ta.pos.y - tb.pos.y));
        st0 = fxc2_raycast(&a, &ta, o, d, &h0);
        st1 = fxc2_raycast(&a, &ma, fxc2_v(o.x + by.x, o.y + by.y), d, &h1);
        wrong += st0 != st1 || h0.fraction != h1.fraction || h0.normal.x != h1.normal.x ||
                 (st0 == FXC_HIT && !shifted(h0.point, h1.point, by));
    }
    CHECK_MSG(wrong == 0, "%ld of %ld pairs changed when moved by whole raw units", wrong, n);
}

void test_inv2_swap_symmetric(void)
{
    t_rng r = { 3202 };
    long i, n = T_TARGET_CASES(3000, 300), wrong = 0;
    for (i = 0; i < n; i++) {
        int sh = 12 + (int)(i % 3) * 6;
        fxc2_shape a, b;
        fxc2_transform ta, tb;
        fxc2_contact ab, ba;
        int s1, s2, d1, d2;
        make(&r, (int)(i % 7), sh, &a);
        make(&r, (int)((i / 7) % 7), sh, &b);
        pose(&r, &ta, sh);
        pose(&r, &tb, sh);
        s1 = fxc2_collide(&a, &ta, &b, &tb, &ab);
        s2 = fxc2_collide(&b, &tb, &a, &ta, &ba);
        d1 = fxc2_intersect(&a, &ta, &b, &tb);
        d2 = fxc2_intersect(&b, &tb, &a, &ta);
        /* distances and depths are rounded apart by at most 2 LSB */
        wrong += s1 != s2 || d1 != d2 || ab.distance - ba.distance > 2 || ba.distance - ab.distance > 2 ||
                 ab.depth - ba.depth > 2 || ba.depth - ab.depth > 2;
    }
    CHECK_MSG(wrong == 0, "%ld of %ld pairs answered otherwise with A and B swapped", wrong, n);
}
