/* Prepared hulls (src/hull.c): the vertex graph's shape, the climb against
 * a scan of the order written out here (t_hull_before) from every start
 * vertex, whole queries against the plain hull's, bit for bit, and the
 * statuses of bad input. */
#include <math.h>
#include <string.h>
#include "scene.h"
#include "../src/kind.h"

#define ONE FXC_ONE

/* Point sets that stress the surface: random clouds (most points inside),
 * points near a sphere (nearly coplanar fours), a lattice (coplanar faces
 * and collinear edges full of points), box corners, two rings (flat caps),
 * clouds with duplicates, slabs one LSB thick. Returns the count. */
static int point_set(t_rng *r, int kind, fxc_vec3 *v, int32_t size)
{
    int n = 4 + (int)(t_next(r) % (FXC_HULL_MAX_VERTICES - 3)), i;
    for (i = 0; i < n; i++) {
        switch (kind) {
        case 0: /* cloud */
            v[i] = t_vec(r, -size, size);
            break;
        case 1: { /* near a sphere: a random direction scaled to the radius, rounded in */
            fxc_vec3 d = t_vec(r, -1024, 1024);
            double len;
            if (d.x == 0 && d.y == 0 && d.z == 0) d.x = 1;
            len = sqrt((double)d.x * d.x + (double)d.y * d.y + (double)d.z * d.z);
            v[i] = fxc_v3((int32_t)(size * (d.x / len)), (int32_t)(size * (d.y / len)), (int32_t)(size * (d.z / len)));
            break;
        }
        case 2: /* a 4 x 4 x 4 lattice, in a random order */
            v[i] = fxc_v3((int32_t)(t_next(r) % 4) * (size / 3) - size / 2, (int32_t)(t_next(r) % 4) * (size / 3) - size / 2,
                          (int32_t)(t_next(r) % 4) * (size / 3) - size / 2);
            break;
        case 3: /* box corners, each more than once */
            v[i] = fxc_v3(t_next(r) % 2 ? size : -size, t_next(r) % 2 ? size / 2 : -size / 2, t_next(r) % 2 ? size / 3 : -size / 3);
            break;
        case 4: { /* two rings of 8 */
            static const int8_t ring[8][2] = { { 5, 0 }, { 4, 3 }, { 0, 5 }, { -3, 4 }, { -5, 0 }, { -4, -3 }, { 0, -5 }, { 3, -4 } };
            int k = (int)(t_next(r) % 8);
            v[i] = fxc_v3(ring[k][0] * (size / 5), ring[k][1] * (size / 5), t_next(r) % 2 ? size : -size);
            break;
        }
        case 5: /* duplicates */
            v[i] = i > 0 && t_next(r) % 2 ? v[t_next(r) % (uint64_t)i] : t_vec(r, -size, size);
            break;
        default: /* a slab: z is 0 or 1 LSB */
            v[i] = t_vec(r, -size, size);
            v[i].z = (int32_t)(t_next(r) % 2);
            break;
        }
    }
    return n;
}

/* A random local direction: any length up to 2^31, or a short one whose
 * small components tie many points of a lattice or a box. */
static fxc_vec3 direction(t_rng *r)
{
    fxc_vec3 d = t_vec(r, -(1 << 30), 1 << 30);
    switch (t_next(r) % 4) {
    case 0: return fxc_v3(d.x >> (int)(t_next(r) % 30), d.y >> (int)(t_next(r) % 30), d.z >> (int)(t_next(r) % 30));
    case 1: return t_vec(r, -1, 1);
    case 2: return t_vec(r, -3, 3);
    default: return d;
    }
}

static int reach_bits(const fxc_vec3 *v, int n)
{
    uint32_t m = 0;
    int i;
    for (i = 0; i < n; i++) m |= fxc_abs_u32(v[i].x) | fxc_abs_u32(v[i].y) | fxc_abs_u32(v[i].z);
    return fxc_bitlen32(m);
}

/* The graph is a closed triangulated surface: each listed neighbour lists
 * back, no vertex lists itself or an index beyond the count, every vertex
 * on the surface has at least 3 neighbours, and there are 3V - 6 edges
 * (Euler, V the vertices on the surface). */
static int surface_ok(const fxc_hull_graph *g)
{
    int i, k, j, on = 0, ok = g->first[0] == 0;
    for (i = 0; i < g->count && ok; i++) {
        int deg = g->first[i + 1] - g->first[i];
        ok = deg >= 0 && (deg == 0 || deg >= 3);
        on += deg > 0;
        for (k = g->first[i]; k < g->first[i + 1] && ok; k++) {
            int back = 0, n = g->next[k];
            ok = n != i && n < g->count;
            for (j = g->first[n]; ok && j < g->first[n + 1]; j++) back += g->next[j] == i;
            ok = ok && back == 1;
        }
    }
    for (i = 0; i < 27 && ok; i++) ok = g->first[g->cell[i] + 1] > g->first[g->cell[i]]; /* starts on the surface */
    return ok && g->first[g->count] == 6 * on - 12;
}

/* Every point set kind at three scales: the graph is a surface, and the
 * climb from every vertex on it ends at the scan's first point (by its
 * coordinates: duplicates are the same point) for random directions,
 * ties included. */
void test_hull_climb_matches_scan(void)
{
    fxc_hull_graph *g = &t_graph[0];
    t_rng r = { 8100 };
    long sets = T_TARGET_CASES(700, 70), i, climbs = 0, wrong = 0, bad = 0, flat = 0;
    for (i = 0; i < sets; i++) {
        fxc_vec3 v[FXC_HULL_MAX_VERTICES];
        int32_t size = (int32_t)1 << (4 + (int)(t_next(&r) % 24));
        int n = point_set(&r, (int)(i % 7), v, size), bits = reach_bits(v, n), k;
        CHECK(fxc_hull_prepare(g, v, n) == FXC_OK);
        flat += !g->climb;
        if (!g->climb) continue;
        bad += !surface_ok(g);
        for (k = 0; k < 20; k++) {
            fxc_vec3 d = direction(&r);
            int want = 0, j, at;
            for (j = 1; j < n; j++)
                if (t_hull_before(d, v[j], v[want])) want = j;
            for (at = 0; at < n; at++) {
                int got;
                if (g->first[at + 1] == g->first[at]) continue;
                got = fxc_hull_climb(g, v, d, bits, at);
                wrong += memcmp(&v[got], &v[want], sizeof v[0]) != 0;
                climbs++;
            }
        }
    }
    port_printf("       %ld point sets (%ld flat), %ld climbs, every one at the scan's point\n", sets, flat, climbs);
    CHECK(bad == 0);
    CHECK(wrong == 0);
    CHECK(flat < sets / 20); /* a few small random sets happen to be flat; a slab one LSB thick is solid */
}

/* Flat sets (a point, a line, a square with its centre, a plane's cloud)
 * are answered by the scan: the graph says so, and the answers are the
 * plain hull's. A tetrahedron is the smallest solid. */
void test_hull_flat_and_small(void)
{
    fxc_hull_graph *g = &t_graph[0];
    fxc_vec3 pt[1] = { { ONE, 2 * ONE, 3 * ONE } };
    fxc_vec3 line[3] = { { 0, 0, 0 }, { ONE, ONE, ONE }, { -ONE, -ONE, -ONE } };
    fxc_vec3 square[5] = { { ONE, ONE, 0 }, { -ONE, ONE, 0 }, { -ONE, -ONE, 0 }, { ONE, -ONE, 0 }, { 0, 0, 0 } };
    fxc_vec3 tet[4] = { { 0, 0, 0 }, { ONE, 0, 0 }, { 0, ONE, 0 }, { 0, 0, ONE } };
    CHECK(fxc_hull_prepare(g, pt, 1) == FXC_OK && g->climb == 0 && g->count == 1);
    CHECK(fxc_hull_prepare(g, line, 3) == FXC_OK && g->climb == 0);
    CHECK(fxc_hull_prepare(g, square, 5) == FXC_OK && g->climb == 0 && g->first[5] == 0); /* no edges */
    CHECK(fxc_hull_prepare(g, tet, 4) == FXC_OK && g->climb == 1 && surface_ok(g));
    CHECK(g->first[4] == 12); /* every corner sees the other three */
    CHECK(sizeof *g <= 8 * FXC_HULL_MAX_VERTICES + 48); /* as include/fxcollide.h states */
    {
        fxc_shape plain, prepared;
        fxc_transform ta, tb;
        fxc_distance_result a, b;
        CHECK(fxc_hull_prepare(g, square, 5) == FXC_OK);
        CHECK(fxc_shape_hull(&plain, square, 5, 0) == FXC_OK);
        CHECK(fxc_shape_hull_graph(&prepared, g, 0) == FXC_OK);
        CHECK(fxc_transform_set(&ta, NULL, fxc_v3(0, 0, 0)) == FXC_OK);
        CHECK(fxc_transform_set(&tb, NULL, fxc_v3(ONE / 3, ONE / 5, 2 * ONE)) == FXC_OK);
        CHECK(fxc_distance(&plain, &ta, &plain, &tb, &a) == FXC_SEPARATED);
        CHECK(fxc_distance(&prepared, &ta, &prepared, &tb, &b) == FXC_SEPARATED);
        CHECK(memcmp(&a, &b, sizeof a) == 0);
    }
}

/* Whole queries on random hull pairs at random poses, the prepared
 * shapes against the plain ones: the same statuses and every output the
 * same, bit for bit (collide, distance, intersect, manifold). */
void test_hull_queries_match_plain(void)
{
    fxc_hull_graph *ga = &t_graph[0], *gb = &t_graph[1];
    fxc_workspace *ws = &t_ws; /* the runner's: a workspace of its own cost the micro:bit 2.4 KB of RAM */
    t_rng r = { 8200 };
    long i, n = T_TARGET_CASES(2000, 100), diff = 0, pen = 0;
    for (i = 0; i < n; i++) {
        body a, b;
        fxc_shape pa, pb;
        fxc_mat3 ra, rb;
        fxc_contact ca, cb;
        fxc_distance_result da, db;
        fxc_contact_manifold ma, mb;
        fix16_t margin = i % 3 == 0 ? ONE / 16 : 0;
        scene_hull(&r, &a, 4 + (int)(t_next(&r) % (SCENE_MAX_VERTS - 3)), ONE);
        scene_hull(&r, &b, 4 + (int)(t_next(&r) % (SCENE_MAX_VERTS - 3)), ONE);
        a.shape.margin = margin;
        scene_rotation(&r, &ra);
        scene_rotation(&r, &rb);
        scene_place(&a, &ra, t_vec(&r, -ONE, ONE));
        scene_place(&b, &rb, t_vec(&r, -ONE, ONE));
        CHECK(fxc_hull_prepare(ga, a.verts, a.shape.u.hull.count) == FXC_OK);
        CHECK(fxc_hull_prepare(gb, b.verts, b.shape.u.hull.count) == FXC_OK);
        CHECK(fxc_shape_hull_graph(&pa, ga, margin) == FXC_OK && fxc_shape_hull_graph(&pb, gb, 0) == FXC_OK);
        memset(&ca, 0, sizeof ca);
        memset(&cb, 0, sizeof cb);
        diff += fxc_collide(&a.shape, &a.xf, &b.shape, &b.xf, ws, &ca) != fxc_collide(&pa, &a.xf, &pb, &b.xf, ws, &cb);
        diff += memcmp(&ca, &cb, sizeof ca) != 0;
        pen += ca.epa_iterations > 0;
        memset(&da, 0, sizeof da);
        memset(&db, 0, sizeof db);
        diff += fxc_distance(&a.shape, &a.xf, &b.shape, &b.xf, &da) != fxc_distance(&pa, &a.xf, &pb, &b.xf, &db);
        diff += memcmp(&da, &db, sizeof da) != 0;
        diff += fxc_intersect(&a.shape, &a.xf, &b.shape, &b.xf) != fxc_intersect(&pa, &a.xf, &pb, &b.xf);
        memset(&ma, 0, sizeof ma);
        memset(&mb, 0, sizeof mb);
        diff += fxc_manifold(&a.shape, &a.xf, &b.shape, &b.xf, ONE / 8, ws, &ma) !=
                fxc_manifold(&pa, &a.xf, &pb, &b.xf, ONE / 8, ws, &mb);
        diff += memcmp(&ma, &mb, sizeof ma) != 0;
    }
    port_printf("       %ld pairs (%ld through EPA), prepared and plain the same to the bit\n", n, pen);
    CHECK(diff == 0);
    CHECK(pen > n / 10);
}

/* Bad input gets its status: NULLs, an empty or oversized set, points
 * out of range, a graph sized for other options (untouched), a shape from
 * a failed graph, and a shape whose graph no longer matches its vertices. */
void test_hull_bad_input(void)
{
    fxc_hull_graph *g = &t_graph[0];
    fxc_vec3 v[5] = { { 0, 0, 0 }, { ONE, 0, 0 }, { 0, ONE, 0 }, { 0, 0, ONE }, { ONE, ONE, ONE } };
    fxc_vec3 far[4] = { { 0, 0, 0 }, { 0x7FFFFFFF, 0, 0 }, { 0, ONE, 0 }, { 0, 0, ONE } };
    fxc_shape s, box;
    fxc_transform t;
    fxc_distance_result out;
    CHECK(fxc_hull_prepare(NULL, v, 5) == FXC_ERR_NULL);
    CHECK(fxc_hull_prepare(g, NULL, 5) == FXC_ERR_NULL && g->count == 0 && g->vertices == NULL);
    CHECK(fxc_hull_prepare(g, v, 0) == FXC_ERR_EMPTY_HULL && g->count == 0);
    CHECK(fxc_hull_prepare(g, v, FXC_HULL_MAX_VERTICES + 1) == FXC_ERR_TOO_MANY_VERTICES && g->count == 0);
    CHECK(fxc_hull_prepare(g, far, 4) == FXC_ERR_RANGE && g->count == 0);
    CHECK(fxc_shape_hull_graph(&s, g, 0) == FXC_ERR_NULL && s.type == 0); /* the failed graph names no vertices */
    CHECK(fxc_shape_hull_graph(&s, NULL, 0) == FXC_ERR_NULL && s.type == 0);
    CHECK(fxc_shape_hull_graph(NULL, g, 0) == FXC_ERR_NULL);
    /* a struct never built before (its kind garbage): the refusal makes
     * it unusable all the same, a query on it refused, not run */
    memset(&s, 0xAB, sizeof s);
    CHECK(fxc_shape_hull_graph(&s, NULL, 0) == FXC_ERR_NULL);
    CHECK(fxc_shape_box(&box, fxc_v3(ONE, ONE, ONE), 0) == FXC_OK);
    CHECK(fxc_transform_set(&t, NULL, fxc_v3(0, 0, 0)) == FXC_OK);
    CHECK(fxc_distance(&s, &t, &box, &t, &out) == FXC_ERR_BAD_SHAPE);
    CHECK(fxc_hull_prepare(g, v, 5) == FXC_OK);
    CHECK(fxc_hull_prepare_cfg(FXC_CONFIG_ID + 1, g, v, 4) == FXC_ERR_CONFIG && g->count == 5);
    CHECK(fxc_shape_hull_graph(&s, g, -1) == FXC_ERR_NEGATIVE_SIZE);
    CHECK(fxc_shape_hull_graph(&s, g, 0) == FXC_OK);
    CHECK(fxc_shape_box(&box, fxc_v3(ONE, ONE, ONE), 0) == FXC_OK);
    CHECK(fxc_transform_set(&t, NULL, fxc_v3(0, 0, 0)) == FXC_OK);
    CHECK(fxc_distance(&s, &t, &box, &t, &out) == FXC_OVERLAPPING);
    s.u.hull.count = 4; /* no longer the graph's */
    CHECK(fxc_distance(&s, &t, &box, &t, &out) == FXC_ERR_BAD_SHAPE);
    s.u.hull.count = 5;
    s.u.hull.graph = NULL;
    CHECK(fxc_distance(&s, &t, &box, &t, &out) == FXC_ERR_BAD_SHAPE);
}
