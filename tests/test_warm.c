/* The cache's tetrahedron (src/warm.c): overlap tests of pairs followed
 * frame by frame, with and without the cache, give the same verdicts
 * (near the pair's centre GJK's rounding is far below the touching band,
 * so the plain query finds every overlap the tetrahedron proves),
 * the tetrahedron answers most frames of pairs that stay overlapping,
 * cores without vertices never keep one, and any cache contents are safe. */
#include <string.h>
#include "scene.h"
#include "../src/kind.h"

#define ONE FXC_ONE

static fxc_vec3 pts[12];

/* Core kinds with vertices: a box, a hull (plain or prepared, on pts), a
 * triangle, a capsule (segment), a sphere (point). */
static void make_core(t_rng *r, int kind, fxc_shape *s, fxc_hull_graph *g)
{
    int i;
    switch (kind) {
    case 0: CHECK(fxc_shape_box(s, t_vec(r, ONE / 4, ONE), 0) == FXC_OK); break;
    case 1:
    case 2:
        for (i = 0; i < 12; i++) pts[i] = t_vec(r, -ONE, ONE);
        if (kind == 1) CHECK(fxc_shape_hull(s, pts, 12, 0) == FXC_OK);
        else CHECK(fxc_hull_prepare(g, pts, 12) == FXC_OK && fxc_shape_hull_graph(s, g, ONE / 32) == FXC_OK);
        break;
    case 3: CHECK(fxc_shape_triangle(s, t_vec(r, -ONE, ONE), t_vec(r, -ONE, ONE), t_vec(r, -ONE, ONE), 0) == FXC_OK); break;
    case 4: CHECK(fxc_shape_capsule(s, ONE / 2, ONE / 4) == FXC_OK); break;
    default: CHECK(fxc_shape_sphere(s, ONE / 2) == FXC_OK); break;
    }
}

/* One frame's small motion of t: up to 1/128 unit, a small turn, and a
 * drift along `away` that parts most pairs before the sequence ends. */
static void step(t_rng *r, fxc_transform *t, fxc_vec3 away)
{
    fxc_mat3 turn, m;
    fxc_quat q;
    q.w = ONE;
    q.x = t_range(r, -300, 300);
    q.y = t_range(r, -300, 300);
    q.z = t_range(r, -300, 300);
    CHECK(fxc_mat3_from_quat(q, &turn) == FXC_OK);
    fxc_mat3_mul(&t->rot, &turn, &m);
    t->rot = m;
    t->pos = fxc_v3_add(fxc_v3_add(t->pos, t_vec(r, -512, 512)), away);
}

/* Pairs of every kind above, overlapping at first, followed for 40
 * frames: fxc_intersect_cached and fxc_clearance_cached against the plain
 * queries, every frame. */
void test_warm_same_verdicts(void)
{
    fxc_hull_graph *ga = &t_graph[0], *gb = &t_graph[1];
    t_rng r = { 9100 };
    long seq, n = T_TARGET_CASES(600, 30), frames = 0, overlaps = 0, hits = 0, diff = 0;
    for (seq = 0; seq < n; seq++) {
        fxc_shape a, b;
        fxc_transform ta, tb;
        fxc_cache ci, cc;
        fxc_mat3 ra, rb;
        fxc_vec3 away = t_vec(&r, -2000, 2000);
        int f, ka = (int)(seq % 6), kb = (int)((seq / 6) % 6);
        if ((ka == 1 || ka == 2) && (kb == 1 || kb == 2)) kb = 0; /* one hull at a time: they share pts */
        make_core(&r, ka, &a, ga);
        make_core(&r, kb, &b, gb);
        scene_rotation(&r, &ra);
        scene_rotation(&r, &rb);
        CHECK(fxc_transform_set(&ta, &ra, fxc_v3(0, 0, 0)) == FXC_OK);
        CHECK(fxc_transform_set(&tb, &rb, t_vec(&r, -ONE / 4, ONE / 4)) == FXC_OK);
        CHECK(fxc_cache_init(&ci) == FXC_OK && fxc_cache_init(&cc) == FXC_OK);
        for (f = 0; f < 40; f++) {
            int i0 = fxc_intersect(&a, &ta, &b, &tb), i1 = fxc_intersect_cached(&a, &ta, &b, &tb, &ci);
            int c0 = fxc_clearance(&a, &ta, &b, &tb, ONE / 16), c1 = fxc_clearance_cached(&a, &ta, &b, &tb, ONE / 16, &cc);
            diff += i0 != i1 || c0 != c1;
            overlaps += i0 == FXC_OVERLAPPING;
            frames++;
            step(&r, &tb, away);
        }
        hits += (long)ci.warm_hits;
    }
    port_printf("       %ld frames (%ld overlapping), %ld answered by the tetrahedron, every verdict the plain one\n", frames,
                overlaps, hits);
    CHECK(diff == 0);
    /* not every overlap keeps a tetrahedron: spheres and capsules against
     * each other are answered in closed form, and a GJK run that ends on
     * a triangle or by its early exit proves the overlap without one */
    CHECK(hits > overlaps / 4);
    CHECK(overlaps < frames * 9 / 10); /* the drift parts pairs: stale tetrahedra are tried too */
}

/* A sphere against a cylinder: cores without vertices keep no
 * tetrahedron, and the cache answers as the plain query. */
void test_warm_curved_keep_none(void)
{
    fxc_shape a, b;
    fxc_transform ta, tb;
    fxc_cache c;
    CHECK(fxc_shape_sphere(&a, ONE / 2) == FXC_OK && fxc_shape_cylinder(&b, ONE, ONE / 2, 0) == FXC_OK);
    CHECK(fxc_transform_set(&ta, NULL, fxc_v3(0, 0, 0)) == FXC_OK);
    CHECK(fxc_transform_set(&tb, NULL, fxc_v3(ONE / 4, 0, 0)) == FXC_OK);
    CHECK(fxc_cache_init(&c) == FXC_OK);
    CHECK(fxc_intersect_cached(&a, &ta, &b, &tb, &c) == FXC_OVERLAPPING);
    CHECK(fxc_intersect_cached(&a, &ta, &b, &tb, &c) == FXC_OVERLAPPING);
    CHECK(c.tetra_ok == 0 && c.warm_hits == 0);
    {
        fxc_shape box;
        fxc_mat3 turn;
        CHECK(fxc_mat3_from_axis_angle(fxc_v3(ONE, 2 * ONE, 3 * ONE), ONE / 2, &turn) == FXC_OK);
        CHECK(fxc_transform_set(&tb, &turn, fxc_v3(ONE / 4, 0, 0)) == FXC_OK);
        CHECK(fxc_shape_box(&box, fxc_v3(ONE, ONE, ONE), 0) == FXC_OK);
        CHECK(fxc_intersect_cached(&box, &ta, &box, &tb, &c) == FXC_OVERLAPPING && c.tetra_ok == 1);
        CHECK(fxc_intersect_cached(&box, &ta, &box, &tb, &c) == FXC_OVERLAPPING && c.warm_hits == 1);
        /* moved apart: the tetrahedron no longer holds the origin, GJK
         * answers and the cache drops it */
        tb.pos.x = 3 * ONE;
        CHECK(fxc_intersect_cached(&box, &ta, &box, &tb, &c) == FXC_SEPARATED && c.tetra_ok == 0 && c.warm_hits == 1);
    }
}

/* Garbage in the cache (random bytes, vertex numbers the cores do not
 * have) changes no verdict and crashes nothing. */
void test_warm_garbage_cache(void)
{
    t_rng r = { 9200 };
    long i, n = T_TARGET_CASES(3000, 200), diff = 0;
    for (i = 0; i < n; i++) {
        fxc_shape a, b;
        fxc_transform ta, tb;
        fxc_cache c;
        fxc_mat3 rb;
        unsigned k;
        make_core(&r, (int)(i % 2) * 3, &a, NULL); /* box or triangle */
        make_core(&r, 0, &b, NULL);
        scene_rotation(&r, &rb);
        CHECK(fxc_transform_set(&ta, NULL, fxc_v3(0, 0, 0)) == FXC_OK);
        CHECK(fxc_transform_set(&tb, &rb, t_vec(&r, -2 * ONE, 2 * ONE)) == FXC_OK);
        for (k = 0; k < sizeof c; k++) ((uint8_t *)&c)[k] = (uint8_t)t_next(&r);
        if (i % 3 == 0) c.tetra_ok = 1;
        if (i % 6 == 0) /* numbers in range: a random tetrahedron of corners */
            for (k = 0; k < 8; k++) c.tetra[k / 2][k % 2] = (uint8_t)(t_next(&r) % 3);
        diff += fxc_intersect_cached(&a, &ta, &b, &tb, &c) != fxc_intersect(&a, &ta, &b, &tb);
    }
    CHECK(diff == 0);
}

/* The vertex number a support call records is the vertex the kind's hook
 * places at the same point (the tetrahedron rests on it): every core with
 * vertices, as A and as B, at random poses and along random directions;
 * curved cores record none. */
void test_warm_support_vertex_numbers(void)
{
    fxc_hull_graph *gb = &t_graph[0];
    t_rng r = { 9300 };
    long i, n = T_TARGET_CASES(4000, 300), wrong = 0, curved = 0;
    for (i = 0; i < n; i++) {
        fxc_shape a, b;
        fxc_transform ta, tb;
        fxc_mat3 ra, rb;
        fxc_pair p;
        fxc_svert s;
        fxc_vec3 pa, pb;
        /* A: box, plain hull, triangle, capsule, sphere or a cylinder (no
         * vertices); B: box, prepared hull, triangle, capsule or sphere.
         * B's hull redraws pts, which A's plain hull reads too: fine for
         * a plain hull, and B's graph is built on the new pts. */
        int ka = (int)(i % 6), kb = (int)((i / 6) % 5);
        if (ka == 2) ka = 6;
        if (kb == 1) kb = 2;
        if (ka == 6) CHECK(fxc_shape_cylinder(&a, ONE, ONE / 2, 0) == FXC_OK);
        else make_core(&r, ka, &a, NULL);
        make_core(&r, kb, &b, gb);
        scene_rotation(&r, &ra);
        scene_rotation(&r, &rb);
        CHECK(fxc_transform_set(&ta, &ra, t_vec(&r, -ONE, ONE)) == FXC_OK);
        CHECK(fxc_transform_set(&tb, &rb, t_vec(&r, -ONE, ONE)) == FXC_OK);
        CHECK(fxc_pair_init(&p, &a, &ta, &b, &tb, NULL) == FXC_OK);
        fxc_pair_support(&p, t_vec(&r, -(1 << 27), 1 << 27), &s);
        if (ka == 6) {
            curved += s.ia == FXC_NO_VERTEX;
        } else {
            wrong += !a.kind->vertex(&p.a, s.ia, &pa) || memcmp(&pa, &s.a, sizeof pa) != 0;
        }
        pb = fxc_v3_sub(s.a, s.w);
        {
            fxc_vec3 q;
            wrong += !b.kind->vertex(&p.b, s.ib, &q) || memcmp(&q, &pb, sizeof q) != 0;
        }
    }
    CHECK(wrong == 0);
    CHECK(curved == (n + 3) / 6); /* every A that is a cylinder (i % 6 == 2) */
}
