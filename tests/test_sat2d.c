/* The 2D edge normals (src/sat2d.c, white-box) against GJK and EPA on the
 * same cores: boxes and polygons (with repeated and collinear vertices),
 * overlapping, touching along a side, resting aligned, or apart.
 *  - The edge normals answer exactly when GJK finds the cores overlapping
 *    or touching, and the polygon cores are convex after rounding (a bent
 *    straight run is left to EPA, and counted).
 *  - Their edge of A - B is exactly as near the origin as EPA's (both are
 *    the nearest edge: h / |n| compared in 192 bits, both ways).
 *  - Its ends are points of A - B made by the vertices they name, both at
 *    the edge's height h along n, counter-clockwise, and the origin
 *    projects between them (so the witness points need no clamping). */
#include <math.h>
#include "test.h"
#include "../src/geom2d.h"
#include "../src/wide.h"

/* A convex polygon about the origin: k points on an ellipse (radii rx,
 * ry), some repeated, some halfway along the previous side (collinear). */
static int polygon(t_rng *r, fxc2_vec *v, fix16_t rx, fix16_t ry)
{
    int k = 3 + (int)(t_next(r) % 8), n = 0, i;
    for (i = 0; i < k && n + 2 < FXC2_POLYGON_MAX_VERTICES; i++) {
        double a = 6.283185307179586 * (i + 0.3 * (double)(t_next(r) % 1000) / 1000.0) / k;
        fxc2_vec p = fxc2_v((fix16_t)(rx * cos(a)), (fix16_t)(ry * sin(a)));
        if (n > 0 && t_next(r) % 4 == 0) { /* repeated */
            v[n] = v[n - 1];
            n++;
        }
        if (n > 0 && t_next(r) % 4 == 0 && (v[n - 1].x + p.x) % 2 == 0 && (v[n - 1].y + p.y) % 2 == 0) {
            v[n] = fxc2_v((v[n - 1].x + p.x) / 2, (v[n - 1].y + p.y) / 2); /* collinear, exactly */
            n++;
        }
        v[n++] = p;
    }
    return n;
}

static void shape(t_rng *r, fxc2_shape *s, fxc2_vec *v, fix16_t size)
{
    fix16_t rx = t_range(r, size / 8, size), ry = t_range(r, size / 8, size);
    if (t_next(r) % 2) {
        CHECK(fxc2_shape_box(s, fxc2_v(rx, ry), 0) == FXC_OK);
    } else {
        CHECK(fxc2_shape_polygon(s, v, polygon(r, v, rx, ry), 0) == FXC_OK);
    }
}

/* Is edge (h1, n1) nearer the origin than (h2, n2)? */
static int nearer(int64_t h1, fxc2_vec n1, int64_t h2, fxc2_vec n2)
{
    return fxc_height_ratio_less(h1, fxc2_dot(n1, n1), h2, fxc2_dot(n2, n2));
}

void test_sat2d_matches_epa(void)
{
    t_rng r = { 7707 };
    long i, n = T_TARGET_CASES(20000, 1500), answered = 0, bent = 0, apart = 0, touching = 0;
    for (i = 0; i < n; i++) {
        static fxc2_vec va[FXC2_POLYGON_MAX_VERTICES], vb[FXC2_POLYGON_MAX_VERTICES];
        fxc2_shape a, b;
        fxc2_transform ta, tb;
        fxc2_pair p;
        fxc2_gjk g;
        fxc2_epa e, s;
        fix16_t size = (fix16_t)1 << (10 + (int)(i % 3) * 7);
        fxc2_vec off = fxc2_v(t_range(&r, -size, size), t_range(&r, -size, size));
        int sat, k;
        shape(&r, &a, va, size);
        shape(&r, &b, vb, size);
        if (i % 8 == 0 && a.type == FXC2_SHAPE_BOX && b.type == FXC2_SHAPE_BOX)
            off.y = a.u.box.half.y + b.u.box.half.y; /* B on A's top side, unturned: touching */
        CHECK(fxc2_transform_angle(&ta, fxc2_v(0, 0), i % 4 == 0 ? 0 : t_range(&r, -205887, 205887)) == FXC_OK);
        /* every fourth pair aligned (both unturned: sides touch or rest) */
        CHECK(fxc2_transform_angle(&tb, off, i % 4 == 0 ? 0 : t_range(&r, -205887, 205887)) == FXC_OK);
        if (fxc2_pair_init(&p, &a, &ta, &b, &tb) != FXC_OK) continue;
        fxc2_gjk_run(&p, &g, -1);
        sat = fxc2_sat_run(&p, &s);
        if (!g.enclosed) {
            CHECK_MSG(sat == 0, "case %ld: the edge normals answer for cores GJK finds apart", i);
            apart++;
            continue;
        }
        fxc2_epa_run(&p, &g, &e);
        if (e.status != FXC_OK) continue;
        if (!sat) {
            /* only a polygon core bent by rounding is left to EPA */
            CHECK_MSG((!p.a.box && !fxc2_polygon_convex(p.a.v, p.a.n)) || (!p.b.box && !fxc2_polygon_convex(p.b.v, p.b.n)),
                      "case %ld: overlapping convex cores, and no answer", i);
            bent++;
            continue;
        }
        answered++;
        touching += s.h == 0;
        CHECK_MSG(!nearer(s.h, s.n, e.h, e.n) && !nearer(e.h, e.n, s.h, s.n),
                  "case %ld: edge normals h %lld n (%d, %d), EPA h %lld n (%d, %d)", i, (long long)s.h, s.n.x, s.n.y,
                  (long long)e.h, e.n.x, e.n.y);
        for (k = 0; k < 2; k++) {
            fxc2_vec w = fxc2_sub(p.a.v[s.p[k].ia], p.b.v[s.p[k].ib]);
            CHECK_MSG(w.x == s.p[k].w.x && w.y == s.p[k].w.y && fxc2_dot(s.n, w) == s.h,
                      "case %ld: end %d not the named vertices' point on the edge", i, k);
        }
        {
            fxc2_vec d = fxc2_sub(s.p[1].w, s.p[0].w);
            CHECK_MSG(fxc2_cross(d, s.n) < 0 || (d.x == 0 && d.y == 0), "case %ld: ends not counter-clockwise", i);
            CHECK_MSG(fxc2_dot(s.p[0].w, d) <= 0 && fxc2_dot(s.p[1].w, d) >= 0, "case %ld: the origin projects off the edge", i);
        }
        CHECK(s.iterations == 0 && s.status == FXC_OK);
    }
    port_printf("       %ld pairs: %ld by the edge normals (%ld touching), %ld left to EPA (bent cores), %ld apart\n", n,
                answered, touching, bent, apart);
    /* bent cores come from the collinear runs made here, about one pair in ten */
    CHECK(answered > n / 4 && apart > n / 10 && touching > 0 && bent * 5 < answered);
}

/* The tie rule (src/sat2d.c): the first of equally deep edges is kept, A's
 * in order, then B's; of a box's opposite edges the lower number. Boxes and
 * a square polygon about one centre, unturned: A's edge 0 (normal -y), its
 * opposite edge 2 and B's parallel edges are all as deep, and edge 0 must
 * answer, both for two boxes (scan_boxes) and a box with a polygon
 * (scan_edges). */
void test_sat2d_tie_rule(void)
{
    static const fxc2_vec square[4] = { { -32768, -32768 }, { 32768, -32768 }, { 32768, 32768 }, { -32768, 32768 } };
    int k;
    for (k = 0; k < 4; k++) {
        fxc2_shape a, b;
        fxc2_transform t;
        fxc2_pair p;
        fxc2_epa s;
        int sat;
        CHECK(fxc2_shape_box(&a, k < 2 ? fxc2_v(2 * FXC_ONE, FXC_ONE) : fxc2_v(FXC_ONE / 2, FXC_ONE / 2), 0) == FXC_OK);
        if (k % 2) {
            CHECK(fxc2_shape_polygon(&b, square, 4, 0) == FXC_OK);
        } else {
            CHECK(fxc2_shape_box(&b, k < 2 ? fxc2_v(FXC_ONE / 2, FXC_ONE / 2) : fxc2_v(2 * FXC_ONE, FXC_ONE), 0) == FXC_OK);
        }
        CHECK(fxc2_transform_set(&t, fxc2_v(3 * FXC_ONE, -FXC_ONE), FXC_ONE, 0) == FXC_OK);
        CHECK(fxc2_pair_init(&p, &a, &t, &b, &t) == FXC_OK);
        sat = fxc2_sat_run(&p, &s);
        CHECK_MSG(sat && s.n.x == 0 && s.n.y < 0 && s.p[0].ia == 0 && s.p[1].ia == 1,
                  "case %d: answered %d with normal (%d, %d) from A's vertices %d, %d; want A's edge 0", k, sat, s.n.x,
                  s.n.y, s.p[0].ia, s.p[1].ia);
    }
}

/* fxc2_sat_boxes_apart (fxc2_intersect's first look at two boxes) against
 * exact GJK on the same cores: a proof of more than `bound` apart only
 * where GJK's distance exceeds it, "no axis separates" only where GJK
 * encloses the origin, and the undecided rest (an axis separates by at
 * most `bound`) only for cores apart. Turned boxes at random and unturned
 * boxes side by side at the band's edge (core gap bound - 2 .. bound + 2),
 * with and without margins; fxc2_intersect must give GJK's verdict. */
void test_sat2d_boxes_apart_matches_gjk(void)
{
    t_rng r = { 7708 };
    long i, n = T_TARGET_CASES(20000, 2000), wrong = 0, proved = 0, overlap = 0, undecided = 0;
    for (i = 0; i < n; i++) {
        fxc2_shape a, b;
        fxc2_transform ta, tb;
        fxc2_pair p;
        fxc2_gjk g;
        fix16_t ma = i % 3 ? 0 : t_range(&r, 0, 4096), mb = i % 5 ? 0 : t_range(&r, 0, 4096);
        fxc2_vec ha = fxc2_v(t_range(&r, 1024, 2 * FXC_ONE), t_range(&r, 1024, 2 * FXC_ONE));
        fxc2_vec hb = fxc2_v(t_range(&r, 1024, 2 * FXC_ONE), t_range(&r, 1024, 2 * FXC_ONE));
        int32_t bound = ma + mb + FXC_TOUCH_TOL;
        int apart, within, is;
        CHECK(fxc2_shape_box(&a, ha, ma) == FXC_OK && fxc2_shape_box(&b, hb, mb) == FXC_OK);
        if (i % 2) { /* side by side along x, the cores bound - 2 .. bound + 2 apart */
            int32_t gap = bound + t_range(&r, -2, 2);
            (void)fxc2_transform_set(&ta, fxc2_v(0, 0), FXC_ONE, 0);
            (void)fxc2_transform_set(&tb, fxc2_v(ha.x + hb.x + gap, t_range(&r, -FXC_ONE, FXC_ONE)), FXC_ONE, 0);
        } else {
            (void)fxc2_transform_angle(&ta, fxc2_v(0, 0), t_range(&r, 0, 411775));
            (void)fxc2_transform_angle(&tb, fxc2_v(t_range(&r, -5 * FXC_ONE, 5 * FXC_ONE), t_range(&r, -5 * FXC_ONE, 5 * FXC_ONE)),
                                       t_range(&r, 0, 411775));
        }
        CHECK(fxc2_pair_init(&p, &a, &ta, &b, &tb) == FXC_OK);
        apart = fxc2_sat_boxes_apart(&p, bound);
        fxc2_gjk_run(&p, &g, -1);
        within = fxc2_gjk_within(&g, bound);
        wrong += apart == 1 ? within : apart == 0 ? !g.enclosed : g.enclosed;
        proved += apart == 1;
        overlap += apart == 0;
        undecided += apart < 0;
        is = fxc2_intersect(&a, &ta, &b, &tb);
        wrong += is != (within ? FXC_OVERLAPPING : FXC_SEPARATED);
    }
    CHECK_MSG(wrong == 0, "%ld of %ld pairs differ from GJK", wrong, n);
    CHECK_MSG(proved > n / 8 && overlap > n / 8 && undecided > n / 20, "proved apart %ld, overlapping %ld, undecided %ld",
              proved, overlap, undecided);
}

/* A thin polygon: k points (3..16) on an arc of a circle of radius rad
 * about (0, -rad), spanning an angle that leaves each turn a sagitta of
 * about `sag` LSB, rounded to whole raw units. Mostly convex; the
 * constructor says. */
static int thin_arc(t_rng *r, fxc2_vec *v, double rad, double sag)
{
    int k = 3 + (int)(t_next(r) % 14), i;
    double step = 2.0 * sqrt(2.0 * sag / rad), a0 = -0.5 * step * (k - 1);
    for (i = 0; i < k; i++) {
        double a = a0 + step * i + (double)t_range(r, -100, 100) * 1e-4 * step;
        v[k - 1 - i] = fxc2_v((fix16_t)floor(rad * sin(a) + 0.5), (fix16_t)floor(rad * cos(a) - rad + 0.5));
    }
    return k;
}

/* A rotation (c, s) that rotation_ok only just accepts or plainly does:
 * the angle's sine and cosine scaled by k with |k^2 - 1| up to 2^-8. */
static int random_turn(t_rng *r, fxc2_transform *t)
{
    double a = (double)t_range(r, -205887, 205887) / 65536.0, k2 = 1.0 + (double)t_range(r, -1000, 1000) / 256000.0;
    double c = sqrt(k2) * cos(a) * 65536.0, s = sqrt(k2) * sin(a) * 65536.0;
    fxc2_vec pos = fxc2_v(t_range(r, -65536, 65536), t_range(r, -65536, 65536));
    return fxc2_transform_set(t, pos, (fix16_t)floor(c + 0.5), (fix16_t)floor(s + 0.5)) == FXC_OK;
}

/* A polygon its constructor calls strict (src/shape2d.c: every turn left
 * by more than 3/2 of the two edges' lengths plus 3) stays convex, not
 * flat and winding once in world space, under every rotation a query
 * accepts and its rounding: fxc2_polygon_convex asks the rounded core
 * exactly what the SAT path no longer asks it. Thin arcs put turns near
 * the margin (and some below it: those must not be strict to be bent);
 * regular polygons, as a game's, must be strict. */
void test_polygon2_strict_stays_convex(void)
{
    static fxc2_vec v[FXC2_POLYGON_MAX_VERTICES];
    t_rng r = { 7711 };
    long i, n = T_TARGET_CASES(3000, 300), strict = 0, bent_loose = 0, near = 0, bent = 0;
    for (i = 0; i < n; i++) {
        fxc2_shape poly, dot;
        double rad = ldexp(1.0, 10 + (int)(i % 18)), sag = 0.02 + (double)(t_next(&r) % 100) / 50.0;
        int count = thin_arc(&r, v, rad, sag), k, least_margin = 1 << 30;
        if (fxc2_shape_polygon(&poly, v, count, 0) != FXC_OK) continue;
        CHECK(fxc2_shape_point(&dot, 0) == FXC_OK);
        for (k = 0; k < count; k++) { /* the least turn over its edges' lengths + 2: strict above 3/2 */
            fxc2_vec e1 = fxc2_sub(v[k], v[(k + count - 1) % count]), e2 = fxc2_sub(v[(k + 1) % count], v[k]);
            double len = fabs((double)e1.x) + fabs((double)e1.y) + fabs((double)e2.x) + fabs((double)e2.y);
            double ratio = (double)fxc2_cross(e1, e2) / (len + 2.0);
            if (ratio < least_margin) least_margin = (int)ratio;
        }
        strict += poly.u.polygon.strict;
        near += poly.u.polygon.strict && least_margin < 3;
        for (k = 0; k < 40; k++) {
            fxc2_transform t, t0;
            fxc2_pair p;
            int ok;
            if (!random_turn(&r, &t)) continue;
            CHECK(fxc2_transform_set(&t0, t.pos, FXC_ONE, 0) == FXC_OK);
            if (fxc2_pair_init(&p, &poly, &t, &dot, &t0) != FXC_OK) continue;
            ok = p.a.n >= 3 && !fxc2_polygon_flat(p.a.v, p.a.n) && fxc2_polygon_convex(p.a.v, p.a.n);
            if (poly.u.polygon.strict) {
                bent += !ok;
                CHECK_MSG(ok || bent > 3, "case %ld: strict polygon (%d points, radius %.0f, sagitta %.1f) bent by (%d, %d)",
                          i, count, rad, sag, (int)t.c, (int)t.s);
            } else {
                bent_loose += !ok;
            }
        }
    }
    port_printf("       %ld thin polygons: %ld strict (%ld within twice the margin), %ld bent turns of the others\n", n, strict,
                near, bent_loose);
    /* both sides of the margin were reached, and the loose side does bend */
    CHECK(strict > n / 10 && near > 0 && bent_loose > 0 && bent == 0);
    {
        static const fxc2_vec octagon[8] = { { 32768, 0 },      { 23170, 23170 },   { 0, 32768 },      { -23170, 23170 },
                                             { -32768, 0 },     { -23170, -23170 }, { 0, -32768 },     { 23170, -23170 } };
        static const fxc2_vec tiny[3] = { { 0, 0 }, { 4, 0 }, { 0, 4 } };
        static const fxc2_vec straight[4] = { { 0, 0 }, { 1000, 0 }, { 2000, 0 }, { 0, 1000 } };
        fxc2_shape s;
        CHECK(fxc2_shape_polygon(&s, octagon, 8, 0) == FXC_OK && s.u.polygon.strict == 1);
        /* the documented margin: turns of 16 where the two edges are 12 long (L1): 2 * 16 <= 3 * 12 + 6 */
        CHECK(fxc2_shape_polygon(&s, tiny, 3, 0) == FXC_OK && s.u.polygon.strict == 0);
        CHECK(fxc2_shape_polygon(&s, straight, 4, 0) == FXC_OK && s.u.polygon.strict == 0); /* a collinear point */
    }
}
