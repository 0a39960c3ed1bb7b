/* The 2D queries (fxcollide2d.h) against the double reference of
 * tests/ref2d.c.
 *
 * Error budget (LSB): each world vertex the library uses is the reference
 * vertex rounded, 0.71 LSB off at most, per shape; a returned length or
 * point is rounded once more (0.5 per component). So distances, depths and
 * points are checked within 3 LSB of the reference, plus 2^-26 of the
 * pair's extent in raw units for what rounding the library's Q30 weights
 * and unit normals costs on long edges (about 2 LSB at 1000 units). A unit
 * normal is within 2^-14 rad of the reference direction, plus the angle
 * by which rounding the vertices can turn it: 2 LSB over the length of
 * the edge that sets it (a vertex-edge pair, an edge of the Minkowski
 * difference), and 3 LSB over the core gap (a vertex-vertex pair: the
 * rounding, and GJK's witnesses, which may sit a couple of LSB along an
 * edge nearly square to the normal, where sliding costs no distance). A
 * move by depth * normal is also off by the normal's length, which a
 * Q16.16 unit vector has within 0.71 * 2^-16: 0.71 LSB per unit of depth.
 *
 * Penetration witnesses: point_a lies on A's surface and point_b on B's,
 * depth * normal apart. (That point_a lies in B and point_b in A does not
 * hold in general: a point A inside a circle B has point_b on the circle,
 * outside A.) */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "test.h"
#include "fxcollide2d.h"
#include "ref2d.h"

/* CHECK_MSG that explains only the first few failures of a test (and
 * keeps the condition's text out of the image: the message says it). */
#define CHECK_FEW(c, fmt, ...) do { if (!(c) && explain_failure(__LINE__)) port_printf(fmt "\n", __VA_ARGS__); } while (0)

/* Records a failed check; 1 if it is among the first few (to explain). */
static int explain_failure(int line)
{
    int seen = t_failures();
    t_fail(__FILE__, line, "(see below)");
    if (seen >= 5) return 0;
    port_printf("      ");
    return 1;
}

#define TOL 3.0          /* LSB: a length or point against the reference */
#define BAND_CLEAR 4.0   /* LSB: statuses are checked this far from the touching band */
#define ANGLE_TOL (1.0 / 16384)
#define UNIT ((int32_t)FXC_ONE)
#define TWO_PI_RAW 411775 /* 2 pi in Q16.16, rounded up */

/* One body: the library's shape and transform, the polygon's vertices
 * (the shape points at them: never copy a body), and the reference. */
typedef struct {
    fxc2_shape shape;
    fxc2_transform xf;
    fxc2_vec verts[R2_MAX_VERTS];
    r2_shape ref;
} body2;

enum { K_POINT, K_CIRCLE, K_SEGMENT, K_CAPSULE, K_BOX, K_ROUNDED_BOX, K_POLYGON, K_COUNT };

/* Scale of a random test: sizes up to size (raw), the pair's centre within
 * +-spread of the origin. */
typedef struct {
    const char *name;
    int32_t size;
    int32_t spread;
} scale2;

static const scale2 SCALE2_SMALL = { "0.01", 655, 100 * UNIT };
static const scale2 SCALE2_UNIT = { "1", UNIT, 100 * UNIT };
static const scale2 SCALE2_LARGE = { "1000", 1000 * UNIT, 20000 * UNIT };

/* ---- Helpers -------------------------------------------------------------- */

static void place(body2 *b, int32_t x, int32_t y, fix16_t angle)
{
    CHECK(fxc2_transform_angle(&b->xf, fxc2_v(x, y), angle) == FXC_OK);
    CHECK(r2_from_fxc2(&b->ref, &b->shape, &b->xf) == 0);
}

/* Identity rotation at (x, y). */
static void place_exact(body2 *b, int32_t x, int32_t y)
{
    CHECK(fxc2_transform_set(&b->xf, fxc2_v(x, y), UNIT, 0) == FXC_OK);
    CHECK(r2_from_fxc2(&b->ref, &b->shape, &b->xf) == 0);
}

/* At a random pose: within +-sx, +-sy of (cx, cy), any angle (drawn in
 * that order: never two draws in one argument list). */
static void place_random(t_rng *r, body2 *b, int32_t cx, int32_t cy, int32_t sx, int32_t sy)
{
    int32_t x = cx + t_range(r, -sx, sx);
    int32_t y = cy + t_range(r, -sy, sy);
    fix16_t angle = t_range(r, -TWO_PI_RAW, TWO_PI_RAW);
    place(b, x, y, angle);
}

static void make_box(body2 *b, int32_t hx, int32_t hy, int32_t margin)
{
    CHECK(fxc2_shape_box(&b->shape, fxc2_v(hx, hy), margin) == FXC_OK);
}

/* The allowance beyond TOL for a pair: 2^-26 of its extent in raw units. */
static double rel_allowance(const body2 *a, const body2 *b)
{
    r2_vec c = r2_v(((double)a->xf.pos.x + b->xf.pos.x) / 2, ((double)a->xf.pos.y + b->xf.pos.y) / 2);
    double ra = r2_reach(&a->ref, c), rb = r2_reach(&b->ref, c);
    return 2 * (ra > rb ? ra : rb) / 67108864.0;
}

/* How far (chord, ~rad) the library's unit normal n is from the unit u. */
static double angle_off(fxc2_vec n, r2_vec u)
{
    return r2_len(r2_sub(r2_scale(r2_raw(n), 1 / 65536.0), u));
}

static int is_unit(fxc2_vec n)
{
    return fabs(r2_len(r2_raw(n)) - 65536.0) <= 2.0;
}

/* The angle a normal may be off (see the opening comment). */
static double angle_allowance(double core_gap, double edge_len)
{
    double a = ANGLE_TOL;
    if (core_gap > 0) a += 3.0 / core_gap;
    if (edge_len > 0) a += 2.0 / edge_len;
    return a;
}

static int same_vec(fxc2_vec a, fxc2_vec b) { return a.x == b.x && a.y == b.y; }

static int same_contact(const fxc2_contact *p, const fxc2_contact *q)
{
    return p->distance == q->distance && p->depth == q->depth && same_vec(p->normal, q->normal) &&
           same_vec(p->point_a, q->point_a) && same_vec(p->point_b, q->point_b) &&
           p->gjk_iterations == q->gjk_iterations && p->epa_iterations == q->epa_iterations;
}

/* Sorts pts[0..n) by x, then y (insertion sort: n <= 16). */
static void sort_points(fxc2_vec *p, int n)
{
    int i, j;
    for (i = 1; i < n; i++) {
        fxc2_vec v = p[i];
        for (j = i; j > 0 && (p[j - 1].x > v.x || (p[j - 1].x == v.x && p[j - 1].y > v.y)); j--) p[j] = p[j - 1];
        p[j] = v;
    }
}

static int64_t turn(fxc2_vec o, fxc2_vec a, fxc2_vec b)
{
    return ((int64_t)a.x - o.x) * ((int64_t)b.y - o.y) - ((int64_t)a.y - o.y) * ((int64_t)b.x - o.x);
}

/* Convex hull of p[0..n) (Andrew's monotone chain, strict turns, exact in
 * int64 for coordinates below 2^30) into h, counter-clockwise; returns its
 * size. h has room for n + 1. */
static int hull(fxc2_vec *p, int n, fxc2_vec *h)
{
    int i, k = 0, lower;
    sort_points(p, n);
    for (i = 0; i < n; i++) {
        while (k >= 2 && turn(h[k - 2], h[k - 1], p[i]) <= 0) k--;
        h[k++] = p[i];
    }
    lower = k + 1;
    for (i = n - 2; i >= 0; i--) {
        while (k >= lower && turn(h[k - 2], h[k - 1], p[i]) <= 0) k--;
        h[k++] = p[i];
    }
    return k > 1 ? k - 1 : k;
}

/* A random convex polygon within +-size: the hull of 3..16 points near an
 * ellipse, with repeated points and points inserted on edges (exact
 * midpoints) where there is room; starts at a random vertex. */
static int random_polygon(t_rng *r, fxc2_vec *out, int32_t size)
{
    fxc2_vec pts[R2_MAX_VERTS], h[R2_MAX_VERTS + 1];
    int m = t_range(r, 3, R2_MAX_VERTS), i, n = 0, hn, start;
    int32_t ax = t_range(r, size / 8 + 2, size), ay = t_range(r, size / 8 + 2, size);
    for (i = 0; i < m; i++) {
        fix16_t s, c;
        int32_t rad = t_range(r, UNIT * 7 / 10, UNIT);
        fxc_sincos(t_range(r, 0, TWO_PI_RAW), &s, &c);
        pts[i].x = (int32_t)((int64_t)ax * c / UNIT * rad / UNIT);
        pts[i].y = (int32_t)((int64_t)ay * s / UNIT * rad / UNIT);
    }
    hn = hull(pts, m, h);
    start = t_range(r, 0, hn - 1);
    for (i = 0; i < hn; i++) {
        fxc2_vec v = h[(start + i) % hn], w = h[(start + i + 1) % hn];
        int room = R2_MAX_VERTS - n - (hn - i);
        out[n++] = v;
        if (room >= 1 && t_range(r, 0, 5) == 0) {
            out[n++] = v; /* repeated */
            room--;
        }
        if (room >= 1 && hn > 1 && t_range(r, 0, 3) == 0 && ((v.x ^ w.x) & 1) == 0 && ((v.y ^ w.y) & 1) == 0) {
            out[n++] = fxc2_v(v.x + (w.x - v.x) / 2, v.y + (w.y - v.y) / 2); /* collinear */
        }
    }
    return n;
}

/* A random shape of the kind, sizes up to size (raw); not placed. */
static void random_shape(t_rng *r, body2 *b, int kind, int32_t size)
{
    int32_t lo = size / 8 + 1;
    switch (kind) {
    case K_POINT:
        CHECK(fxc2_shape_point(&b->shape, 0) == FXC_OK);
        break;
    case K_CIRCLE:
        CHECK(fxc2_shape_circle(&b->shape, t_range(r, lo, size)) == FXC_OK);
        break;
    case K_SEGMENT: {
        fxc2_vec p, q;
        p.x = t_range(r, -size, size);
        p.y = t_range(r, -size, size);
        q.x = t_range(r, -size, size);
        q.y = t_range(r, -size, size);
        if (same_vec(p, q)) q.x++;
        CHECK(fxc2_shape_segment(&b->shape, p, q, 0) == FXC_OK);
        break;
    }
    case K_CAPSULE: {
        int32_t h = t_range(r, lo, size);
        CHECK(fxc2_shape_capsule(&b->shape, h, t_range(r, lo / 2 + 1, size / 2)) == FXC_OK);
        break;
    }
    case K_BOX:
    case K_ROUNDED_BOX: {
        int32_t hx = t_range(r, lo, size), hy = t_range(r, lo, size);
        make_box(b, hx, hy, kind == K_BOX ? 0 : t_range(r, size / 16, size / 4));
        break;
    }
    default: {
        int n = random_polygon(r, b->verts, size);
        int32_t margin = t_range(r, 0, 1) ? t_range(r, 0, size / 4) : 0;
        int st = fxc2_shape_polygon(&b->shape, b->verts, n, margin);
        CHECK_FEW(st == FXC_OK, "random convex polygon of %d vertices refused: %s", n, fxc_status_name(st));
        break;
    }
    }
}

/* A random pair of random kinds near a random centre, rotated at random. */
static void random_pair(t_rng *r, body2 *a, body2 *b, const scale2 *sc)
{
    int32_t cx = t_range(r, -sc->spread, sc->spread), cy = t_range(r, -sc->spread, sc->spread);
    int32_t ax, ay, bx, by;
    random_shape(r, a, (int)(t_next(r) % K_COUNT), sc->size);
    random_shape(r, b, (int)(t_next(r) % K_COUNT), sc->size);
    ax = cx + t_range(r, -sc->size, sc->size);
    ay = cy + t_range(r, -sc->size, sc->size);
    bx = cx + t_range(r, -sc->size, sc->size);
    by = cy + t_range(r, -sc->size, sc->size);
    place(a, ax, ay, t_range(r, -2 * TWO_PI_RAW, 2 * TWO_PI_RAW));
    place(b, bx, by, t_range(r, -2 * TWO_PI_RAW, 2 * TWO_PI_RAW));
}

static double maxd(double a, double b) { return a > b ? a : b; }

/* Prints a body as C initialisers, to reproduce a failed case. */
static void dump_body(const char *name, const body2 *b)
{
    const fxc2_shape *s = &b->shape;
    int i;
    port_printf("      %s: type %d margin %ld pos (%ld, %ld) c %ld s %ld", name, (int)s->type, (long)s->margin,
                (long)b->xf.pos.x, (long)b->xf.pos.y, (long)b->xf.c, (long)b->xf.s);
    if (s->type == FXC2_SHAPE_SEGMENT)
        port_printf(" a (%ld, %ld) b (%ld, %ld)", (long)s->u.segment.a.x, (long)s->u.segment.a.y, (long)s->u.segment.b.x,
                    (long)s->u.segment.b.y);
    if (s->type == FXC2_SHAPE_BOX) port_printf(" half (%ld, %ld)", (long)s->u.box.half.x, (long)s->u.box.half.y);
    if (s->type == FXC2_SHAPE_POLYGON) {
        port_printf(" %d vertices", s->u.polygon.count);
        for (i = 0; i < s->u.polygon.count; i++)
            port_printf(" {%ld, %ld}", (long)s->u.polygon.vertices[i].x, (long)s->u.polygon.vertices[i].y);
    }
    port_printf("\n");
}

/* Dumps the pair if the checks since *before failures failed. */
static void dump_if_failed(int before, const body2 *a, const body2 *b)
{
    if (t_failures() == before || before >= 3) return;
    dump_body("A", a);
    if (b) dump_body("B", b);
}

/* ---- Distance and intersect on random pairs ---------------------------------- */

typedef struct {
    long cases, separated, overlapping;
    double dist, points, normal; /* worst errors: LSB, LSB, rad (where the allowance is small) */
} dist_tally;

static void check_separated_result(const body2 *a, const body2 *b, const fxc2_distance_result *d, double gap,
                                   double tol, dist_tally *t, long id)
{
    r2_closest_result c;
    double e = fabs(d->distance - maxd(gap, 0));
    double ea = fabs(r2_point_signed(&a->ref, r2_raw(d->point_a)));
    double eb = fabs(r2_point_signed(&b->ref, r2_raw(d->point_b)));
    double eg = fabs(r2_len(r2_sub(r2_raw(d->point_b), r2_raw(d->point_a))) - d->distance);
    t->dist = maxd(t->dist, e);
    t->points = maxd(t->points, maxd(ea, maxd(eb, eg)));
    CHECK_FEW(e <= tol, "case %ld: distance %d vs reference %.2f LSB", id, (int)d->distance, gap);
    CHECK_FEW(ea <= tol && eb <= tol && eg <= tol,
              "case %ld: point_a off A %.2f, point_b off B %.2f, |pb-pa|-d %.2f LSB", id, ea, eb, eg);
    if (gap <= 64) return;
    r2_closest(&a->ref, &b->ref, &c);
    {
        double off = angle_off(d->normal, r2_scale(r2_sub(c.pb, c.pa), 1 / c.dist));
        double allow = angle_allowance(c.dist, c.edge_len);
        if (allow <= 2 * ANGLE_TOL) t->normal = maxd(t->normal, off); /* well conditioned */
        CHECK_FEW(is_unit(d->normal) && off <= allow, "case %ld: normal %.1f urad off (allowed %.1f)", id, off * 1e6, allow * 1e6);
    }
}

/* Overlapping: cores that overlap give a point of A's core (in B's core
 * too: gjk2_overlap_point_in_both_cores); cores apart (only the margins
 * overlap) give the closest points on the surfaces, as when separated. */
static void check_overlap_point(const body2 *a, const body2 *b, const fxc2_distance_result *d, double tol,
                                dist_tally *t, long id)
{
    r2_closest_result c;
    r2_closest(&a->ref, &b->ref, &c);
    if (c.overlap && r2_gap(&a->ref, &b->ref) + a->ref.radius + b->ref.radius < -tol) {
        double ca = r2_point_core_distance(&a->ref, r2_raw(d->point_a));
        t->points = maxd(t->points, ca);
        CHECK_FEW(ca <= tol, "case %ld: cores overlap, point_a %.2f LSB off A's core", id, ca);
    } else if (!c.overlap && c.dist > tol) {
        double ea = fabs(r2_point_signed(&a->ref, r2_raw(d->point_a)));
        double eb = fabs(r2_point_signed(&b->ref, r2_raw(d->point_b)));
        t->points = maxd(t->points, maxd(ea, eb));
        CHECK_FEW(ea <= tol && eb <= tol,
                  "case %ld: margins overlap, point_a off A %.2f, point_b off B %.2f LSB", id, ea, eb);
    }
}

static void check_distance_pair(const body2 *a, const body2 *b, dist_tally *t, long id)
{
    fxc2_distance_result d;
    int st = fxc2_distance(&a->shape, &a->xf, &b->shape, &b->xf, &d);
    int is = fxc2_intersect(&a->shape, &a->xf, &b->shape, &b->xf);
    double gap = r2_gap(&a->ref, &b->ref), rel = rel_allowance(a, b), tol = TOL + rel;
    double clear = FXC_TOUCH_TOL + BAND_CLEAR + rel;
    t->cases++;
    CHECK_FEW(st == FXC_SEPARATED || st == FXC_TOUCHING || st == FXC_OVERLAPPING, "case %ld: status %s", id,
              fxc_status_name(st));
    CHECK_FEW((is == FXC_SEPARATED || is == FXC_OVERLAPPING) && (is == FXC_SEPARATED) == (st == FXC_SEPARATED),
              "case %ld: intersect %s, distance %s", id, fxc_status_name(is), fxc_status_name(st));
    if (gap > clear) CHECK_FEW(st == FXC_SEPARATED, "case %ld: reference gap %.2f LSB, got %s", id, gap, fxc_status_name(st));
    if (gap < -clear)
        CHECK_FEW(st == FXC_OVERLAPPING, "case %ld: reference gap %.2f LSB, got %s", id, gap, fxc_status_name(st));
    if (st == FXC_SEPARATED || st == FXC_TOUCHING) {
        t->separated++;
        check_separated_result(a, b, &d, gap, tol, t, id);
    } else if (st == FXC_OVERLAPPING) {
        t->overlapping++;
        CHECK_FEW(d.distance == 0, "case %ld: overlapping with distance %d", id, (int)d.distance);
        check_overlap_point(a, b, &d, tol, t, id);
    }
}

static void distance_random(const scale2 *sc, uint64_t seed)
{
    t_rng r = { seed };
    dist_tally t = { 0, 0, 0, 0, 0, 0 };
    long i, n = T_TARGET_CASES(2000, 200);
    for (i = 0; i < n; i++) {
        body2 a, b;
        int before = t_failures();
        random_pair(&r, &a, &b, sc);
        check_distance_pair(&a, &b, &t, i);
        dump_if_failed(before, &a, &b);
    }
    port_printf("       2D distance at %-5s %ld pairs (%ld apart, %ld overlapping): worst distance %.2f, "
                "point %.2f LSB, normal %.1f urad (where allowed <= 2^-13)\n",
                sc->name, t.cases, t.separated, t.overlapping, t.dist, t.points, t.normal * 1e6);
}

void test_gjk2_distance_random_small(void) { distance_random(&SCALE2_SMALL, 2001); }
void test_gjk2_distance_random_unit(void) { distance_random(&SCALE2_UNIT, 2002); }
void test_gjk2_distance_random_large(void) { distance_random(&SCALE2_LARGE, 2003); }

/* Overlapping cores: fxc2_distance's point_a is "a point in both cores"
 * (fxcollide2d.h). */
void test_gjk2_overlap_point_in_both_cores(void)
{
    t_rng r = { 2010 };
    long i, n = T_TARGET_CASES(2000, 200), deep = 0;
    double worst = 0;
    body2 box, dot;
    fxc2_distance_result d0;
    /* a point inside a box: the overlap is that point */
    make_box(&box, UNIT, UNIT, 0);
    CHECK(fxc2_shape_point(&dot.shape, 0) == FXC_OK);
    place_exact(&box, 0, 0);
    place_exact(&dot, UNIT / 4, UNIT / 2);
    CHECK_FEW(fxc2_distance(&box.shape, &box.xf, &dot.shape, &dot.xf, &d0) == FXC_OVERLAPPING &&
                  d0.point_a.x == UNIT / 4 && d0.point_a.y == UNIT / 2,
              "point in a box: point_a (%ld, %ld), want (%ld, %ld)", (long)d0.point_a.x, (long)d0.point_a.y,
              (long)(UNIT / 4), (long)(UNIT / 2));
    for (i = 0; i < n; i++) {
        body2 a, b;
        fxc2_distance_result d;
        r2_closest_result c;
        int before = t_failures();
        random_pair(&r, &a, &b, &SCALE2_UNIT);
        r2_closest(&a.ref, &b.ref, &c);
        if (!c.overlap || r2_gap(&a.ref, &b.ref) + a.ref.radius + b.ref.radius >= -TOL) continue;
        deep++;
        if (fxc2_distance(&a.shape, &a.xf, &b.shape, &b.xf, &d) == FXC_OVERLAPPING) {
            double ca = r2_point_core_distance(&a.ref, r2_raw(d.point_a));
            double cb = r2_point_core_distance(&b.ref, r2_raw(d.point_a));
            worst = maxd(worst, maxd(ca, cb));
            CHECK_FEW(ca <= TOL && cb <= TOL, "case %ld: point_a %.2f LSB off A's core, %.2f off B's", i, ca, cb);
        }
        dump_if_failed(before, &a, &b);
    }
    port_printf("       2D overlapping cores: %ld pairs, point_a at most %.2f LSB off the overlap\n", deep, worst);
}

/* With the identity rotation at whole positions the library's cores are
 * the reference's exactly, and the point in both cores is the exact
 * barycentric point rounded once per coordinate: within sqrt(2) / 2 LSB
 * of both (the header's "< 1 LSB"). Random polygons up to 2^26 raw
 * across, overlapping, and a review's case: two segments reaching 2^28
 * raw that cross, whose point two rounded lerps put 1.83 LSB off the
 * crossing. */
void test_gjk2_overlap_point_rounded_once(void)
{
    static const fxc2_vec sa[2] = { { 233795456, 245275668 }, { -66048794, -186571844 } };
    static const fxc2_vec sb[2] = { { -256565019, 103911428 }, { 137298382, -88092222 } };
    const double bound = 0.70711;
    t_rng r = { 2011 };
    body2 a, b;
    fxc2_distance_result d;
    long i, n = T_TARGET_CASES(2000, 200), overlapping = 0;
    double worst = 0;
    for (i = -1; i < n; i++) {
        int before = t_failures();
        if (i < 0) {
            CHECK(fxc2_shape_segment(&a.shape, sa[0], sa[1], 0) == FXC_OK);
            CHECK(fxc2_shape_segment(&b.shape, sb[0], sb[1], 0) == FXC_OK);
            place_exact(&a, 0, 0);
            place_exact(&b, 0, 0);
        } else {
            int na = random_polygon(&r, a.verts, 1 << 26), nb = random_polygon(&r, b.verts, 1 << 26);
            int32_t x = t_range(&r, -(1 << 25), 1 << 25);
            int32_t y = t_range(&r, -(1 << 25), 1 << 25);
            CHECK(fxc2_shape_polygon(&a.shape, a.verts, na, 0) == FXC_OK);
            CHECK(fxc2_shape_polygon(&b.shape, b.verts, nb, 0) == FXC_OK);
            place_exact(&a, 0, 0);
            place_exact(&b, x, y);
        }
        if (fxc2_distance(&a.shape, &a.xf, &b.shape, &b.xf, &d) == FXC_OVERLAPPING) {
            double ca = r2_point_core_distance(&a.ref, r2_raw(d.point_a));
            double cb = r2_point_core_distance(&b.ref, r2_raw(d.point_a));
            overlapping++;
            worst = maxd(worst, maxd(ca, cb));
            CHECK_FEW(ca <= bound && cb <= bound, "case %ld: point_a %.2f LSB off A's core, %.2f off B's", i, ca, cb);
        } else {
            CHECK_FEW(i >= 0, "%s", "the review's crossing segments: not overlapping");
        }
        dump_if_failed(before, &a, &b);
    }
    port_printf("       2D overlapping cores, exact: %ld pairs, point_a at most %.2f LSB off the overlap\n", overlapping,
                worst);
}

/* Closest and deepest points of shapes with large margins (circles,
 * capsules, rounded boxes of 50..1000 units) lie on the surface within
 * TOL, as every point the library returns: sweeping a margin along a
 * rounded unit normal would put them up to 0.71 LSB per unit of margin
 * off it. Also the ray's hit point. */
void test_gjk2_margin_points_on_surface(void)
{
    static const int kinds[3] = { K_CIRCLE, K_CAPSULE, K_ROUNDED_BOX };
    t_rng r = { 2020 };
    long i, n = T_TARGET_CASES(300, 30);
    double worst = 0;
    for (i = 0; i < n; i++) {
        body2 a, b;
        fxc2_distance_result d;
        fxc2_contact k;
        fxc2_ray_hit h;
        int before = t_failures(), st;
        int32_t size = t_range(&r, 50 * UNIT, 1000 * UNIT);
        random_shape(&r, &a, kinds[t_range(&r, 0, 2)], size);
        random_shape(&r, &b, kinds[t_range(&r, 0, 2)], size);
        place_random(&r, &a, 0, 0, size, size);
        place_random(&r, &b, 0, 0, size, size);
        st = fxc2_distance(&a.shape, &a.xf, &b.shape, &b.xf, &d);
        if (st == FXC_SEPARATED) {
            double ea = fabs(r2_point_signed(&a.ref, r2_raw(d.point_a))), eb = fabs(r2_point_signed(&b.ref, r2_raw(d.point_b)));
            worst = maxd(worst, maxd(ea, eb));
            CHECK_FEW(ea <= TOL + rel_allowance(&a, &b) && eb <= TOL + rel_allowance(&a, &b),
                      "case %ld: distance's points off A %.2f, off B %.2f LSB", i, ea, eb);
        }
        if (fxc2_collide(&a.shape, &a.xf, &b.shape, &b.xf, &k) == FXC_PENETRATING) {
            double ea = fabs(r2_point_signed(&a.ref, r2_raw(k.point_a))), eb = fabs(r2_point_signed(&b.ref, r2_raw(k.point_b)));
            worst = maxd(worst, maxd(ea, eb));
            CHECK_FEW(ea <= TOL + rel_allowance(&a, &b) && eb <= TOL + rel_allowance(&a, &b),
                      "case %ld: collide's points off A %.2f, off B %.2f LSB", i, ea, eb);
        }
        st = fxc2_raycast(&a.shape, &a.xf, b.xf.pos, fxc2_v(a.xf.pos.x - b.xf.pos.x, a.xf.pos.y - b.xf.pos.y), &h);
        if (st == FXC_HIT) {
            double e = fabs(r2_point_signed(&a.ref, r2_raw(h.point)));
            worst = maxd(worst, e);
            CHECK_FEW(e <= TOL, "case %ld: ray's hit point %.2f LSB off the surface", i, e);
        }
        dump_if_failed(before, &a, &b);
    }
    port_printf("       2D margin points: %ld pairs, worst point %.2f LSB off its surface\n", n, worst);
}

/* ---- Collide on random pairs ---------------------------------------------------- */

typedef struct {
    long cases, penetrating;
    double depth, points, normal, moved; /* worst: LSB, LSB, rad, |gap after the move| LSB; the
                                         * last two beyond the normal's length rounding */
} collide_tally;

/* Vertex k of a core, local (numbered as fxcollide2d.h says). */
static fxc2_vec local_vertex(const fxc2_shape *s, int k)
{
    int32_t hx = s->u.box.half.x, hy = s->u.box.half.y;
    switch (s->type) {
    case FXC2_SHAPE_SEGMENT: return k == 0 ? s->u.segment.a : s->u.segment.b;
    case FXC2_SHAPE_BOX: return fxc2_v(k == 0 || k == 3 ? -hx : hx, k < 2 ? -hy : hy);
    case FXC2_SHAPE_POLYGON: return s->u.polygon.vertices[k];
    default: return fxc2_v(0, 0);
    }
}

/* A feature id (fxcollide2d.h) names a vertex (both numbers the same) or
 * an edge of a core of n vertices: two distinct points, first to second
 * in the core's order, with only repeated or collinear points between
 * them (an edge may span those). */
static int feature_valid(uint32_t f, const fxc2_shape *s, int n)
{
    int first = (int)(f & 31u), second = (int)((f >> 5) & 31u), k;
    uint32_t kind = f >> 10;
    fxc2_vec p, q;
    if (first >= n || second >= n) return 0;
    if (kind == FXC2_FEATURE_VERTEX) return first == second;
    if (kind != FXC2_FEATURE_EDGE || first == second) return 0;
    p = local_vertex(s, first);
    q = local_vertex(s, second);
    if (same_vec(p, q)) return 0;
    for (k = (first + 1) % n; k != second; k = (k + 1) % n)
        if (turn(p, q, local_vertex(s, k)) != 0) return 0;
    return 1;
}

/* Manifold fields that hold for any pair (speculative 0). */
static void check_manifold_any(const body2 *a, const body2 *b, int st, const fxc2_manifold *m, double tol, long id)
{
    int i;
    CHECK_FEW(m->count >= 0 && m->count <= FXC2_MANIFOLD_MAX_POINTS, "case %ld: manifold count %d", id, m->count);
    if (st == FXC_PENETRATING) CHECK_FEW(m->count >= 1, "case %ld: penetrating with no manifold point", id);
    if (st == FXC_SEPARATED && m->contact.distance > FXC_TOUCH_TOL)
        CHECK_FEW(m->count == 0, "case %ld: %d points %d LSB apart", id, m->count, (int)m->contact.distance);
    for (i = 0; i < m->count && i < FXC2_MANIFOLD_MAX_POINTS; i++) {
        const fxc2_manifold_point *p = &m->point[i];
        /* on its shape's surface: a margin swept along the reference
         * normal, not the incident edge's own, sank into a rounded
         * incident shape by margin * (1 - cos) */
        double ea = r2_point_signed(&a->ref, r2_raw(p->point_a));
        double eb = r2_point_signed(&b->ref, r2_raw(p->point_b));
        CHECK_FEW(p->separation <= FXC_TOUCH_TOL, "case %ld: point %d separation %d beyond speculative 0", id, i,
                  (int)p->separation);
        CHECK_FEW(fabs(ea) <= tol && fabs(eb) <= tol,
                  "case %ld: manifold point %d off A %.2f, off B %.2f LSB (negative: inside)", id, i, ea, eb);
    }
    if (m->count == 2) CHECK_FEW(m->point[0].separation <= m->point[1].separation, "case %ld: deeper not first", id);
    if (m->count >= 1) {
        /* the first point as deep as the pair (its depth or distance),
         * or deeper by 2^-20 of the depth (fxcollide2d.h) */
        int32_t pair = m->contact.depth > 0 ? -m->contact.depth : m->contact.distance;
        CHECK_FEW(m->point[0].separation <= pair + 2 && m->point[0].separation >= pair - 2 - m->contact.depth / 1048576.0,
                  "case %ld: first point's separation %d, the pair's %d", id, (int)m->point[0].separation, (int)pair);
    }
    for (i = 0; i < m->count && i < FXC2_MANIFOLD_MAX_POINTS; i++)
        CHECK_FEW(feature_valid(m->point[i].id & 0xFFFFu, &a->shape, a->ref.n) &&
                      feature_valid(m->point[i].id >> 16, &b->shape, b->ref.n),
                  "case %ld: point %d has id %08lx (cores of %d and %d vertices)", id, i, (unsigned long)m->point[i].id,
                  a->ref.n, b->ref.n);
}

static void check_penetration(const body2 *a, const body2 *b, const fxc2_contact *k, double tol, collide_tally *t,
                              long id)
{
    r2_vec axis, move = r2_scale(r2_raw(k->normal), k->depth / 65536.0);
    double uniq, elen, cgap, depth = r2_depth(&a->ref, &b->ref, &axis, &uniq, &elen, &cgap), gap_after;
    double e = fabs(k->depth - depth);
    double on_a = fabs(r2_point_signed(&a->ref, r2_raw(k->point_a)));
    double on_b = fabs(r2_point_signed(&b->ref, r2_raw(k->point_b)));
    double apart = r2_len(r2_sub(r2_sub(r2_raw(k->point_a), r2_raw(k->point_b)), move));
    /* a Q16.16 unit normal's length is 1 within 0.71 * 2^-16: so is the
     * move by depth * normal, relatively */
    double unit_err = 0.71 * k->depth / 65536.0;
    r2_shape moved = b->ref;
    r2_translate(&moved, move);
    gap_after = r2_gap(&a->ref, &moved);
    t->penetrating++;
    t->depth = maxd(t->depth, e);
    t->points = maxd(t->points, maxd(apart - unit_err, maxd(on_a, on_b)));
    t->moved = maxd(t->moved, fabs(gap_after) - unit_err);
    CHECK_FEW(e <= tol, "case %ld: depth %d vs reference %.2f LSB", id, (int)k->depth, depth);
    CHECK_FEW(is_unit(k->normal), "case %ld: normal (%d, %d) not unit", id, (int)k->normal.x, (int)k->normal.y);
    CHECK_FEW(gap_after >= -(tol + unit_err) && gap_after <= tol + 1 + unit_err,
              "case %ld: moved by depth * normal, gap %.2f LSB (allowed %.2f)", id, gap_after, tol + unit_err);
    /* the witnesses: each on its own surface, depth * normal apart */
    CHECK_FEW(on_a <= tol && on_b <= tol,
              "case %ld: point_a off A %.2f, point_b off B %.2f LSB", id, on_a, on_b);
    CHECK_FEW(apart <= tol + unit_err,
              "case %ld: pa - pb off depth * normal by %.2f LSB", id, apart);
    if (cgap > 0 ? cgap > 64 : uniq > 8) {
        double off = angle_off(k->normal, axis), allow = angle_allowance(cgap, elen);
        if (allow <= 2 * ANGLE_TOL) t->normal = maxd(t->normal, off); /* well conditioned */
        CHECK_FEW(off <= allow, "case %ld: normal %.1f urad off the reference axis (allowed %.1f)", id, off * 1e6, allow * 1e6);
    }
}

static void check_collide_pair(const body2 *a, const body2 *b, collide_tally *t, long id)
{
    fxc2_contact k;
    fxc2_distance_result d;
    fxc2_manifold m;
    int st = fxc2_collide(&a->shape, &a->xf, &b->shape, &b->xf, &k);
    int sd = fxc2_distance(&a->shape, &a->xf, &b->shape, &b->xf, &d);
    int sm = fxc2_collide_manifold(&a->shape, &a->xf, &b->shape, &b->xf, 0, &m);
    double gap = r2_gap(&a->ref, &b->ref), rel = rel_allowance(a, b), tol = TOL + rel;
    double clear = FXC_TOUCH_TOL + BAND_CLEAR + rel;
    t->cases++;
    CHECK_FEW((st == FXC_SEPARATED && sd == FXC_SEPARATED) || (st == FXC_TOUCHING && sd == FXC_TOUCHING) ||
                  (st == FXC_PENETRATING && sd == FXC_OVERLAPPING),
              "case %ld: collide %s, distance %s", id, fxc_status_name(st), fxc_status_name(sd));
    CHECK_FEW(sm == st && same_contact(&m.contact, &k), "case %ld: manifold %s, its contact differs from collide's",
              id, fxc_status_name(sm));
    if (gap > clear) CHECK_FEW(st == FXC_SEPARATED, "case %ld: reference gap %.2f LSB, got %s", id, gap, fxc_status_name(st));
    if (gap < -clear)
        CHECK_FEW(st == FXC_PENETRATING, "case %ld: reference gap %.2f LSB, got %s", id, gap, fxc_status_name(st));
    if (st == FXC_SEPARATED) {
        CHECK_FEW(k.distance == d.distance && k.depth == 0 && same_vec(k.point_a, d.point_a) &&
                      same_vec(k.point_b, d.point_b) && same_vec(k.normal, d.normal),
                  "case %ld: separated, collide's answer differs from distance's", id);
    } else if (st == FXC_TOUCHING) {
        /* touching: the contact found either way, within the band */
        double ea = fabs(r2_point_signed(&a->ref, r2_raw(k.point_a))), eb = fabs(r2_point_signed(&b->ref, r2_raw(k.point_b)));
        CHECK_FEW(k.depth <= FXC_TOUCH_TOL && k.distance <= FXC_TOUCH_TOL && ea <= tol && eb <= tol,
                  "case %ld: touching, depth %d distance %d, points off A %.2f, off B %.2f LSB", id, (int)k.depth,
                  (int)k.distance, ea, eb);
    } else if (st == FXC_PENETRATING) {
        CHECK_FEW(k.distance == 0, "case %ld: penetrating with distance %d", id, (int)k.distance);
        check_penetration(a, b, &k, tol, t, id);
    }
    check_manifold_any(a, b, sm, &m, tol, id);
}

static void collide_random(const scale2 *sc, uint64_t seed)
{
    t_rng r = { seed };
    collide_tally t = { 0, 0, 0, 0, 0, 0 };
    long i, n = T_TARGET_CASES(2000, 200);
    for (i = 0; i < n; i++) {
        body2 a, b;
        int before = t_failures();
        random_pair(&r, &a, &b, sc);
        check_collide_pair(&a, &b, &t, i);
        dump_if_failed(before, &a, &b);
    }
    port_printf("       2D collide at %-5s %ld pairs (%ld penetrating): worst depth %.2f, point %.2f, "
                "gap after the move %.2f LSB, normal %.1f urad (where allowed <= 2^-13)\n",
                sc->name, t.cases, t.penetrating, t.depth, t.points, t.moved, t.normal * 1e6);
}

void test_epa2_collide_random_small(void) { collide_random(&SCALE2_SMALL, 2101); }
void test_epa2_collide_random_unit(void) { collide_random(&SCALE2_UNIT, 2102); }
void test_epa2_collide_random_large(void) { collide_random(&SCALE2_LARGE, 2103); }

/* Slivers: rectangles 1000 times longer than thick (and a thin segment
 * polygon) against random shapes, every angle, as distance and collide. */
void test_epa2_sliver_polygons(void)
{
    t_rng r = { 2150 };
    dist_tally td = { 0, 0, 0, 0, 0, 0 };
    collide_tally tc = { 0, 0, 0, 0, 0, 0 };
    long i, n = T_TARGET_CASES(1000, 100);
    for (i = 0; i < n; i++) {
        body2 a, b;
        int32_t len = t_range(&r, UNIT, 200 * UNIT), thick = len / 1000 + 1;
        a.verts[0] = fxc2_v(-len, -thick);
        a.verts[1] = fxc2_v(len, -thick);
        a.verts[2] = fxc2_v(len, thick);
        a.verts[3] = fxc2_v(-len, thick);
        CHECK(fxc2_shape_polygon(&a.shape, a.verts, 4, 0) == FXC_OK);
        random_shape(&r, &b, (int)(t_next(&r) % K_COUNT), len / 4);
        place(&a, 0, 0, t_range(&r, -TWO_PI_RAW, TWO_PI_RAW));
        place_random(&r, &b, 0, 0, len, len / 8);
        int before = t_failures();
        check_distance_pair(&a, &b, &td, i);
        check_collide_pair(&a, &b, &tc, i);
        dump_if_failed(before, &a, &b);
    }
    port_printf("       2D slivers: %ld pairs (%ld apart, %ld penetrating): worst distance %.2f, depth %.2f LSB\n",
                td.cases, td.separated, tc.penetrating, td.dist, tc.depth);
}

/* Random pairs moved along the reference's normal to gaps of -8..+12 LSB:
 * the statuses around the touching band, intersect agreeing with
 * distance exactly, and everything else as above. */
void test_gjk2_near_contact(void)
{
    t_rng r = { 2160 };
    dist_tally td = { 0, 0, 0, 0, 0, 0 };
    collide_tally tc = { 0, 0, 0, 0, 0, 0 };
    const scale2 *scales[3] = { &SCALE2_SMALL, &SCALE2_UNIT, &SCALE2_LARGE };
    long i, n = T_TARGET_CASES(1500, 150);
    for (i = 0; i < n; i++) {
        body2 a, b;
        r2_vec axis;
        double uniq, elen, cgap, depth, shift;
        int before = t_failures();
        random_pair(&r, &a, &b, scales[i % 3]);
        depth = r2_depth(&a.ref, &b.ref, &axis, &uniq, &elen, &cgap);
        shift = depth + t_range(&r, -8, 12); /* moving B by depth clears it */
        b.xf.pos.x += (int32_t)floor(axis.x * shift + 0.5);
        b.xf.pos.y += (int32_t)floor(axis.y * shift + 0.5);
        CHECK(r2_from_fxc2(&b.ref, &b.shape, &b.xf) == 0);
        check_distance_pair(&a, &b, &td, i);
        check_collide_pair(&a, &b, &tc, i);
        dump_if_failed(before, &a, &b);
    }
    port_printf("       2D near contact: %ld pairs (%ld apart or touching, %ld overlapping): worst distance %.2f, "
                "depth %.2f LSB\n", td.cases, td.separated, td.overlapping, td.dist, tc.depth);
}

/* ---- Named cases from the seeds ------------------------------------------------ */

/* Two boxes exactly edge to edge (the origin on an edge of the Minkowski
 * difference): touching, distance and depth 0; 1 and 2 LSB apart. */
void test_gjk2_touching_edges(void)
{
    body2 a, b;
    fxc2_distance_result d;
    fxc2_contact k;
    int gap;
    make_box(&a, 2 * UNIT, UNIT, 0);
    make_box(&b, UNIT, UNIT, 0);
    place_exact(&a, 0, 0);
    for (gap = 0; gap <= 2; gap++) {
        int sd, sc;
        place_exact(&b, UNIT / 2, 2 * UNIT + gap);
        sd = fxc2_distance(&a.shape, &a.xf, &b.shape, &b.xf, &d);
        sc = fxc2_collide(&a.shape, &a.xf, &b.shape, &b.xf, &k);
        if (gap <= FXC_TOUCH_TOL) {
            CHECK_FEW(sd == FXC_TOUCHING && sc == FXC_TOUCHING, "gap %d: distance %s, collide %s", gap,
                      fxc_status_name(sd), fxc_status_name(sc));
            CHECK_FEW(fxc2_intersect(&a.shape, &a.xf, &b.shape, &b.xf) == FXC_OVERLAPPING, "gap %d", gap);
        } else {
            CHECK_FEW(sd == FXC_SEPARATED && sc == FXC_SEPARATED, "gap %d: distance %s, collide %s", gap,
                      fxc_status_name(sd), fxc_status_name(sc));
        }
        CHECK_FEW(d.distance == gap && k.distance == gap && k.depth == 0, "gap %d: distance %d, collide %d / depth %d",
                  gap, (int)d.distance, (int)k.distance, (int)k.depth);
        CHECK_FEW(d.point_b.y - d.point_a.y == gap && d.point_a.y == UNIT, "gap %d: points y %d, %d", gap,
                  (int)d.point_a.y, (int)d.point_b.y);
    }
    /* side by side, and corner to corner */
    place_exact(&b, 3 * UNIT, 0);
    CHECK(fxc2_distance(&a.shape, &a.xf, &b.shape, &b.xf, &d) == FXC_TOUCHING && d.distance == 0);
    place_exact(&b, 3 * UNIT, 2 * UNIT);
    CHECK(fxc2_collide(&a.shape, &a.xf, &b.shape, &b.xf, &k) == FXC_TOUCHING && k.distance == 0 && k.depth == 0);
}

/* A triangle's vertex exactly on a box's edge: touching, distance 0; one
 * LSB in: still touching; two LSB in: penetrating by 2. */
void test_gjk2_vertex_on_edge(void)
{
    body2 a, b;
    fxc2_distance_result d;
    fxc2_contact k;
    int in;
    make_box(&a, UNIT, UNIT, 0);
    place_exact(&a, 0, 0);
    b.verts[0] = fxc2_v(0, 0);
    b.verts[1] = fxc2_v(UNIT, UNIT);
    b.verts[2] = fxc2_v(-UNIT, UNIT);
    CHECK(fxc2_shape_polygon(&b.shape, b.verts, 3, 0) == FXC_OK);
    for (in = 0; in <= 2; in++) {
        int sd, sc;
        place_exact(&b, UNIT / 3, UNIT - in);
        sd = fxc2_distance(&a.shape, &a.xf, &b.shape, &b.xf, &d);
        sc = fxc2_collide(&a.shape, &a.xf, &b.shape, &b.xf, &k);
        if (in <= FXC_TOUCH_TOL) {
            CHECK_FEW(sd == FXC_TOUCHING && sc == FXC_TOUCHING && d.distance == 0, "in %d: %s, %s, distance %d", in,
                      fxc_status_name(sd), fxc_status_name(sc), (int)d.distance);
            CHECK_FEW(k.depth == in, "in %d: depth %d", in, (int)k.depth);
        } else {
            CHECK_FEW(sd == FXC_OVERLAPPING && sc == FXC_PENETRATING, "in %d: %s, %s", in, fxc_status_name(sd),
                      fxc_status_name(sc));
            CHECK_FEW(k.depth == in && k.normal.x == 0 && k.normal.y == UNIT, "in %d: depth %d normal (%d, %d)", in,
                      (int)k.depth, (int)k.normal.x, (int)k.normal.y);
        }
    }
}

/* Identical shapes at the same pose: penetrating, depth the SAT depth (a
 * box: its smaller full extent; a circle: its diameter). */
void test_epa2_identical_shapes(void)
{
    t_rng r = { 2170 };
    int kind;
    for (kind = K_CIRCLE; kind < K_COUNT; kind++) {
        int i;
        for (i = 0; i < T_TARGET_CASES(20, 4); i++) {
            body2 a, b;
            fxc2_contact k;
            int st;
            fix16_t angle = t_range(&r, -TWO_PI_RAW, TWO_PI_RAW);
            int32_t x = t_range(&r, -50 * UNIT, 50 * UNIT), y = t_range(&r, -50 * UNIT, 50 * UNIT);
            random_shape(&r, &a, kind, UNIT);
            b.shape = a.shape;
            if (kind == K_POLYGON) {
                memcpy(b.verts, a.verts, sizeof b.verts);
                b.shape.u.polygon.vertices = b.verts;
            }
            place(&a, x, y, angle);
            place(&b, x, y, angle);
            st = fxc2_collide(&a.shape, &a.xf, &b.shape, &b.xf, &k);
            if (a.ref.n == 2 && a.shape.margin == 0) continue; /* a bare segment: depth 0 */
            CHECK_FEW(st == FXC_PENETRATING, "kind %d: %s", kind, fxc_status_name(st));
            if (st == FXC_PENETRATING) {
                collide_tally t = { 0, 0, 0, 0, 0, 0 };
                check_penetration(&a, &b, &k, TOL, &t, kind * 100 + i);
            }
        }
    }
}

/* 1 LSB of penetration is touching, 2 LSB penetrating (exact boxes); and
 * random rotated boxes resting on each other by 1..3 LSB. */
void test_epa2_one_lsb_penetration(void)
{
    t_rng r = { 2180 };
    body2 a, b;
    fxc2_contact k;
    int i, st;
    make_box(&a, 3 * UNIT, UNIT, 0);
    make_box(&b, UNIT, UNIT, 0);
    place_exact(&a, 0, 0);
    place_exact(&b, UNIT, 2 * UNIT - 1);
    st = fxc2_collide(&a.shape, &a.xf, &b.shape, &b.xf, &k);
    CHECK_FEW(st == FXC_TOUCHING && k.depth == 1 && k.distance == 0, "%s depth %d", fxc_status_name(st), (int)k.depth);
    place_exact(&b, UNIT, 2 * UNIT - 2);
    st = fxc2_collide(&a.shape, &a.xf, &b.shape, &b.xf, &k);
    CHECK_FEW(st == FXC_PENETRATING && k.depth == 2 && k.normal.x == 0 && k.normal.y == UNIT, "%s depth %d",
              fxc_status_name(st), (int)k.depth);
    for (i = 0; i < T_TARGET_CASES(300, 30); i++) {
        collide_tally t = { 0, 0, 0, 0, 0, 0 };
        dist_tally td = { 0, 0, 0, 0, 0, 0 };
        fix16_t angle = t_range(&r, -TWO_PI_RAW, TWO_PI_RAW), s, c;
        int32_t lift = 2 * UNIT - t_range(&r, 1, 3), x = t_range(&r, -UNIT, UNIT);
        fxc_sincos(angle, &s, &c);
        place(&a, 0, 0, angle);
        place(&b, (int32_t)(((int64_t)c * x - (int64_t)s * lift) / UNIT), (int32_t)(((int64_t)s * x + (int64_t)c * lift) / UNIT),
              angle);
        check_distance_pair(&a, &b, &td, i);
        check_collide_pair(&a, &b, &t, i);
    }
}

/* A circle centred exactly on a polygon's vertex: penetrating by its
 * radius. */
void test_epa2_circle_on_vertex(void)
{
    static const fxc2_vec tri[3] = { { 0, 0 }, { 4 * UNIT, 0 }, { UNIT, 3 * UNIT } };
    body2 a, b;
    int v;
    CHECK(fxc2_shape_polygon(&a.shape, tri, 3, 0) == FXC_OK);
    CHECK(fxc2_shape_circle(&b.shape, UNIT / 2) == FXC_OK);
    place_exact(&a, 0, 0);
    for (v = 0; v < 3; v++) {
        fxc2_contact k;
        int st;
        place_exact(&b, tri[v].x, tri[v].y);
        st = fxc2_collide(&a.shape, &a.xf, &b.shape, &b.xf, &k);
        CHECK_FEW(st == FXC_PENETRATING && abs(k.depth - UNIT / 2) <= 2, "vertex %d: %s depth %d", v,
                  fxc_status_name(st), (int)k.depth);
        st = fxc2_collide(&b.shape, &b.xf, &a.shape, &a.xf, &k);
        CHECK_FEW(st == FXC_PENETRATING && abs(k.depth - UNIT / 2) <= 2, "vertex %d, circle as A: %s depth %d", v,
                  fxc_status_name(st), (int)k.depth);
    }
}

/* ---- Manifolds ------------------------------------------------------------------- */

/* B at (x, y) in the frame of A (at (cx, cy), rotated by angle), rounded
 * to the nearest raw unit, with B rotated by angle + tilt. */
static void place_on(body2 *a, body2 *b, int32_t x, int32_t y, int32_t cx, int32_t cy, fix16_t angle, fix16_t tilt)
{
    fix16_t s, c;
    int64_t wx, wy;
    fxc_sincos(angle, &s, &c);
    wx = (int64_t)c * x - (int64_t)s * y;
    wy = (int64_t)s * x + (int64_t)c * y;
    place(a, cx, cy, angle);
    place(b, cx + (int32_t)((wx + UNIT / 2) >> 16), cy + (int32_t)((wy + UNIT / 2) >> 16), angle + tilt);
}

/* place_on with the pair at a random pose within +-spread of the origin
 * (drawn in order). */
static void place_on_random(t_rng *r, body2 *a, body2 *b, int32_t x, int32_t y, int32_t spread, fix16_t tilt)
{
    int32_t cx = t_range(r, -spread, spread);
    int32_t cy = t_range(r, -spread, spread);
    fix16_t angle = t_range(r, -TWO_PI_RAW, TWO_PI_RAW);
    place_on(a, b, x, y, cx, cy, angle, tilt);
}

/* Matches the manifold's points to the reference ends (either order):
 * returns the worst distance of a point from its reference (LSB), and of
 * a separation in *sep_err. */
static double match_points(const fxc2_manifold *m, const r2_vec pa[2], const r2_vec pb[2], const double sep[2],
                           double *sep_err)
{
    double worst = 0;
    int i, j;
    *sep_err = 0;
    for (i = 0; i < m->count && i < 2; i++) {
        double best = 1e300, best_sep = 0;
        for (j = 0; j < 2; j++) {
            double e = maxd(r2_len(r2_sub(r2_raw(m->point[i].point_a), pa[j])),
                            r2_len(r2_sub(r2_raw(m->point[i].point_b), pb[j])));
            if (e < best) {
                best = e;
                best_sep = fabs(m->point[i].separation - sep[j]);
            }
        }
        worst = maxd(worst, best);
        *sep_err = maxd(*sep_err, best_sep);
    }
    return worst;
}

/* A random box resting on a random box by 1..50 LSB (parallel edges), the
 * pair rotated and moved as a whole; B's ends at least 64 LSB from A's. */
static void resting_boxes(t_rng *r, body2 *a, body2 *b, int32_t shift)
{
    int32_t wa = t_range(r, UNIT / 2, 4 * UNIT), ha = t_range(r, UNIT / 4, 2 * UNIT);
    int32_t wb = t_range(r, UNIT / 4, 3 * UNIT), hb = t_range(r, UNIT / 4, 2 * UNIT), x;
    int32_t pen = t_range(r, 1, 50);
    do {
        x = t_range(r, -wa - wb + UNIT / 8, wa + wb - UNIT / 8);
    } while (abs(x - wb + wa) < 64 || abs(x + wb - wa) < 64 || abs(x - wb - wa) < 64 || abs(x + wb + wa) < 64);
    make_box(a, wa, ha, 0);
    make_box(b, wb, hb, 0);
    place_on_random(r, a, b, x + shift, ha + hb - pen, 1000 * UNIT, 0);
}

/* The reference of a resting pair: A's top edge (vertices 2 -> 3) against
 * B's bottom edge (0 -> 1). */
static int resting_reference(const body2 *a, const body2 *b, r2_vec pa[2], r2_vec pb[2], double sep[2])
{
    return r2_edge_overlap(a->ref.v[2], a->ref.v[3], b->ref.v[0], b->ref.v[1], a->ref.radius, b->ref.radius, pa, pb,
                           sep);
}

void test_manifold2_box_on_box(void)
{
    t_rng r = { 2201 };
    double worst = 0, worst_sep = 0;
    int i, n = T_TARGET_CASES(1000, 100);
    for (i = 0; i < n; i++) {
        body2 a, b;
        fxc2_manifold m;
        fxc2_contact k;
        r2_vec pa[2], pb[2];
        double sep[2], e, es;
        int st, sc, count;
        resting_boxes(&r, &a, &b, 0);
        count = resting_reference(&a, &b, pa, pb, sep);
        st = fxc2_collide_manifold(&a.shape, &a.xf, &b.shape, &b.xf, 0, &m);
        sc = fxc2_collide(&a.shape, &a.xf, &b.shape, &b.xf, &k);
        CHECK_FEW(st == sc && same_contact(&m.contact, &k), "case %d: manifold %s, collide %s or contact differs", i,
                  fxc_status_name(st), fxc_status_name(sc));
        CHECK_FEW(count == 2 && m.count == 2, "case %d: %d points, reference %d", i, m.count, count);
        e = match_points(&m, pa, pb, sep, &es);
        worst = maxd(worst, e);
        worst_sep = maxd(worst_sep, es);
        CHECK_FEW(e <= TOL && es <= TOL, "case %d: points %.2f LSB from the overlap's ends, separation %.2f LSB off", i,
                  e, es);
        CHECK_FEW(is_unit(m.normal) && angle_off(m.normal, r2_v(-(double)a.xf.s / 65536, (double)a.xf.c / 65536)) <=
                                           ANGLE_TOL + 4.0 / UNIT,
                  "case %d: manifold normal (%d, %d) is not A's top normal", i, (int)m.normal.x, (int)m.normal.y);
    }
    port_printf("       2D box on box: %d pairs, worst point %.2f LSB, separation %.2f LSB\n", n, worst, worst_sep);
}

/* Sorted ids of a manifold, for comparing two as sets. */
static void ids_of(const fxc2_manifold *m, uint32_t id[2])
{
    id[0] = m->count > 0 ? m->point[0].id : 0;
    id[1] = m->count > 1 ? m->point[1].id : 0;
    if (id[0] > id[1]) {
        uint32_t x = id[0];
        id[0] = id[1];
        id[1] = x;
    }
}

/* The top box moved sideways by a few LSB keeps its feature ids. */
void test_manifold2_ids_stable(void)
{
    t_rng r = { 2202 };
    int i, n = T_TARGET_CASES(300, 30);
    for (i = 0; i < n; i++) {
        body2 a, b;
        fxc2_manifold m0, m1;
        uint32_t id0[2], id1[2];
        t_rng again;
        int32_t shift;
        again = r;
        resting_boxes(&r, &a, &b, 0);
        (void)fxc2_collide_manifold(&a.shape, &a.xf, &b.shape, &b.xf, 0, &m0);
        shift = t_range(&r, -4, 4);
        resting_boxes(&again, &a, &b, shift);
        (void)fxc2_collide_manifold(&a.shape, &a.xf, &b.shape, &b.xf, 0, &m1);
        ids_of(&m0, id0);
        ids_of(&m1, id1);
        CHECK_FEW(m0.count == 2 && m1.count == 2 && id0[0] == id1[0] && id0[1] == id1[1],
                  "case %d, moved %d LSB: ids %08x %08x -> %08x %08x", i, (int)shift, (unsigned)id0[0], (unsigned)id0[1],
                  (unsigned)id1[0], (unsigned)id1[1]);
    }
}

/* ---- The range rule, to the LSB ------------------------------------------- */

/* One unrotated shape of range2_edges_exact: its core's bounds about its
 * position per coordinate (exact: no rotation rounds them) and margin. */
typedef struct {
    fxc2_shape s;
    int32_t lo[2], hi[2], margin;
} ranged2;

static void ranged_shape(t_rng *r, ranged2 *q)
{
    int32_t m = t_range(r, 0, 3) ? t_range(r, 0, 1 << 26) : 0;
    int kind = t_range(r, 0, 3), i;
    fxc2_vec a = fxc2_v(t_range(r, -(1 << 27), 1 << 27), t_range(r, -(1 << 27), 1 << 27));
    fxc2_vec b = fxc2_v(t_range(r, -(1 << 27), 1 << 27), t_range(r, -(1 << 27), 1 << 27));
    q->margin = m;
    if (kind == 0) {
        (void)fxc2_shape_point(&q->s, m);
        a = b = fxc2_v(0, 0);
    } else if (kind == 1) {
        (void)fxc2_shape_segment(&q->s, a, b, m);
    } else if (kind == 2) { /* a segment off to one side of its position, per
                             * coordinate: valid offsets from the centre reach
                             * past FXC_RAW_LIMIT */
        for (i = 0; i < 2; i++) {
            int32_t side = t_range(r, 0, 1) ? 1 : -1, u = side * t_range(r, 1 << 26, 1 << 27);
            int32_t v = u - side * t_range(r, 0, 1 << 20);
            if (i) {
                a.y = u;
                b.y = v;
            } else {
                a.x = u;
                b.x = v;
            }
        }
        q->margin = m = 0;
        (void)fxc2_shape_segment(&q->s, a, b, 0);
    } else {
        a = fxc2_v(t_range(r, 1, 1 << 27), t_range(r, 1, 1 << 27));
        (void)fxc2_shape_box(&q->s, a, m);
        b = fxc2_v(-a.x, -a.y);
    }
    for (i = 0; i < 2; i++) {
        int32_t u = i ? a.y : a.x, v = i ? b.y : b.x;
        q->lo[i] = u < v ? u : v;
        q->hi[i] = u < v ? v : u;
    }
}

/* The documented rule in int64: every point within FXC_RAW_LIMIT of the
 * pair's centre (the midpoint of the positions, rounded down) and within
 * FXC_WORLD_LIMIT of the origin, per coordinate. */
static int ranged_ok(const ranged2 *q, int64_t pos, int64_t centre, int i)
{
    int64_t lo = pos + q->lo[i] - q->margin, hi = pos + q->hi[i] + q->margin;
    return lo - centre >= -FXC_RAW_LIMIT && hi - centre <= FXC_RAW_LIMIT && lo >= -FXC_WORLD_LIMIT &&
           hi <= FXC_WORLD_LIMIT;
}

/* Positions set on each edge of the rule (a shape's rim on the world's
 * limit, either end; on the centre's limit; positions 2^32 apart) and
 * 0..2 LSB either side: fxc2_intersect refuses the pair exactly when the
 * rule does. */
void test_range2_edges_exact(void)
{
    t_rng r = { 2301 };
    long i, n = T_TARGET_CASES(20000, 2000), wrong = 0, refused = 0;
    for (i = 0; i < n; i++) {
        ranged2 a, b;
        fxc2_transform ta, tb;
        int64_t pa[2], pb[2];
        int k, edge, want = 1, st;
        ranged_shape(&r, &a);
        ranged_shape(&r, &b);
        edge = t_range(&r, 0, 1); /* the coordinate put on an edge; the other near the origin */
        for (k = 0; k < 2; k++) {
            int32_t d = t_range(&r, -2, 2);
            pa[k] = t_range(&r, -(1 << 26), 1 << 26);
            /* B's rim level with A's, or up to 2 LSB inside */
            pb[k] = pa[k] + a.hi[k] + a.margin - b.hi[k] - b.margin - t_range(&r, 0, 2);
            switch (k == edge ? t_range(&r, 0, 4) : 5) {
            case 0: pa[k] = (int64_t)FXC_WORLD_LIMIT - a.hi[k] - a.margin + d; /* the world's top */
                pb[k] = pa[k] + a.hi[k] + a.margin - b.hi[k] - b.margin - t_range(&r, 0, 2);
                break;
            case 1: pa[k] = -(int64_t)FXC_WORLD_LIMIT - a.lo[k] + a.margin + d; /* its bottom */
                pb[k] = pa[k] + a.lo[k] - a.margin - b.lo[k] + b.margin + t_range(&r, 0, 2);
                break;
            case 2: pb[k] = pa[k] - 2 * ((int64_t)FXC_RAW_LIMIT - a.hi[k] - a.margin) + d; break; /* the centre's */
            case 3: pa[k] = INT32_MAX - t_range(&r, 0, 2); pb[k] = INT32_MIN + t_range(&r, 0, 2); break;
            case 4: pb[k] = pa[k] + t_range(&r, -(1 << 29), 1 << 29); break;
            default: break;
            }
            if (pb[k] < INT32_MIN) pb[k] = INT32_MIN;
            if (pb[k] > INT32_MAX) pb[k] = INT32_MAX;
            if (pa[k] < INT32_MIN) pa[k] = INT32_MIN;
            if (pa[k] > INT32_MAX) pa[k] = INT32_MAX;
            {
                int64_t c = (pa[k] + pb[k]) >> 1;
                want &= ranged_ok(&a, pa[k], c, k) && ranged_ok(&b, pb[k], c, k);
            }
        }
        (void)fxc2_transform_set(&ta, fxc2_v((fix16_t)pa[0], (fix16_t)pa[1]), FXC_ONE, 0);
        (void)fxc2_transform_set(&tb, fxc2_v((fix16_t)pb[0], (fix16_t)pb[1]), FXC_ONE, 0);
        st = fxc2_intersect(&a.s, &ta, &b.s, &tb);
        refused += st == FXC_ERR_RANGE;
        wrong += (st == FXC_ERR_RANGE) == want;
        if (t_range(&r, 0, 1)) { /* and the other order */
            st = fxc2_intersect(&b.s, &tb, &a.s, &ta);
            wrong += (st == FXC_ERR_RANGE) == want;
        }
    }
    CHECK_MSG(wrong == 0, "%ld of %ld pairs against the rule", wrong, n);
    CHECK_MSG(refused > n / 8 && refused < n - n / 8, "%ld of %ld refused: the edges are not both sides", refused, n);
}

/* The reference edge is A's unless B's faces the normal better by more
 * than 2^-20 of its facing (fxc2_collide_manifold). A wide box B on a
 * narrow box A, B tilted by t: collide's normal is B's bottom normal (B's
 * edge is the shallower), along which B's edge faces by 1 and A's top edge
 * by cos t, so B is better by 1 / cos t - 1, about t^2 / 2. At t = 2^-11
 * rad that is 2^-23, inside the rule's margin: A's top edge (2 -> 3) is the
 * reference, and the points, B's bottom edge cut at its side lines, name
 * its corners 2 and 3. At t = 2^-8 (2^-17) and 0.01 rad B's bottom edge (0 -> 1) is. */
void test_manifold2_reference_rule(void)
{
    static const int32_t tilt[3] = { 32, 256, 655 }; /* Q16.16 radians */
    const uint32_t a_top2 = 2u | (2u << 5), a_top3 = 3u | (3u << 5), b_bottom = 0u | (1u << 5) | (FXC2_FEATURE_EDGE << 10);
    int i, side;
    for (i = 0; i < 3; i++) {
        for (side = -1; side <= 1; side += 2) {
            fxc2_shape a, b;
            fxc2_transform ta, tb;
            fxc2_manifold m;
            fix16_t s, c;
            int st, k, ok = 1;
            (void)fxc2_shape_box(&a, fxc2_v(UNIT / 2, UNIT / 4), 0);
            (void)fxc2_shape_box(&b, fxc2_v(2 * UNIT, UNIT / 4), 0);
            (void)fxc2_transform_set(&ta, fxc2_v(0, 0), FXC_ONE, 0);
            fxc_sincos(side * tilt[i], &s, &c);
            /* B's bottom 4 LSB into A's top at A's centre line */
            (void)fxc2_transform_set(&tb, fxc2_v(0, UNIT / 2 - 4), c, s);
            st = fxc2_collide_manifold(&a, &ta, &b, &tb, UNIT, &m);
            CHECK_MSG(st == FXC_PENETRATING && m.count >= 1, "tilt %d: %s, %d points", (int)(side * tilt[i]),
                      fxc_status_name(st), m.count);
            for (k = 0; k < m.count; k++) {
                /* A's reference: B's bottom edge cut at both of A's side
                 * lines, A's feature the top corner (2 or 3) on each; B's
                 * reference: A's points are its top corners, unclipped
                 * (A's edge code would also be B's incident cut edge) */
                uint32_t ida = m.point[k].id & 0xFFFFu, idb = m.point[k].id >> 16;
                ok &= i == 0 ? (ida == a_top2 || ida == a_top3) && idb == b_bottom
                             : idb == b_bottom && (ida >> 10) == FXC2_FEATURE_VERTEX;
            }
            ok &= m.count < 2 || m.point[0].id != m.point[1].id;
            CHECK_MSG(ok, "tilt %d: reference %s, ids %08x %08x", (int)(side * tilt[i]), i == 0 ? "not A's top" : "not B's bottom",
                      (unsigned)m.point[0].id, (unsigned)m.point[1].id);
        }
    }
}

/* A long incident edge cut at both side lines of the reference: each end
 * names the reference vertex on its side line, and the incident edge (the
 * two ids differed in nothing before). A plank (half 4 x 1) 100 LSB into
 * a unit box's top: the points at x = -1 and +1 name the box's corners 3
 * (-x, +y) and 2 (+x, +y), and the plank's bottom edge 0 -> 1; a segment
 * reference (0, 0) - (3, 0) under a box (half 4 x 0.5): its ends a = 0 and
 * b = 1; and that line as a flat polygon, the points at its ends. */
void test_manifold2_cut_ends_named(void)
{
    static const fxc2_vec flat[4] = { { 0, 0 }, { UNIT, 0 }, { 3 * UNIT, 0 }, { 2 * UNIT, 0 } };
    const uint32_t plank = (0u | 1u << 5 | FXC2_FEATURE_EDGE << 10) << 16;
    fxc2_shape a, b;
    fxc2_transform ta, tb;
    fxc2_manifold m;
    int k;
    (void)fxc2_transform_set(&ta, fxc2_v(0, 0), FXC_ONE, 0);
    CHECK(fxc2_shape_box(&a, fxc2_v(UNIT, UNIT), 0) == FXC_OK && fxc2_shape_box(&b, fxc2_v(4 * UNIT, UNIT), 0) == FXC_OK);
    (void)fxc2_transform_set(&tb, fxc2_v(0, 2 * UNIT - 100), FXC_ONE, 0);
    CHECK(fxc2_collide_manifold(&a, &ta, &b, &tb, 0, &m) == FXC_PENETRATING && m.count == 2);
    for (k = 0; k < m.count; k++) {
        int left = m.point[k].point_a.x == -UNIT, right = m.point[k].point_a.x == UNIT;
        CHECK_MSG((left && m.point[k].id == (3u | 3u << 5 | plank)) || (right && m.point[k].id == (2u | 2u << 5 | plank)),
                  "plank: point %d at x %d, id %08x", k, m.point[k].point_a.x, (unsigned)m.point[k].id);
    }
    CHECK_MSG(m.point[0].point_a.x != m.point[1].point_a.x, "plank: both points at x %d", m.point[0].point_a.x);
    CHECK(fxc2_shape_segment(&a, fxc2_v(0, 0), fxc2_v(3 * UNIT, 0), 0) == FXC_OK);
    CHECK(fxc2_shape_box(&b, fxc2_v(4 * UNIT, UNIT / 2), 0) == FXC_OK);
    (void)fxc2_transform_set(&tb, fxc2_v(2 * UNIT, UNIT / 2 - 100), FXC_ONE, 0);
    CHECK(fxc2_collide_manifold(&a, &ta, &b, &tb, 0, &m) == FXC_PENETRATING && m.count == 2);
    for (k = 0; k < m.count; k++) {
        uint32_t ida = m.point[k].id & 0xFFFFu, want = m.point[k].point_a.x == 0 ? 0u : 1u | 1u << 5;
        CHECK_MSG((m.point[k].point_a.x == 0 || m.point[k].point_a.x == 3 * UNIT) && ida == want && m.point[k].id >> 16 == plank >> 16,
                  "segment: point %d at x %d, id %08x", k, m.point[k].point_a.x, (unsigned)m.point[k].id);
    }
    CHECK_MSG(m.point[0].id != m.point[1].id, "segment: both ids %08x", (unsigned)m.point[0].id);
    /* the same line as a flat polygon, out along it and back (0, 1, 3, 2):
     * its points at both ends, 0 and 3 */
    CHECK(fxc2_shape_polygon(&a, flat, 4, 0) == FXC_OK);
    CHECK(fxc2_collide_manifold(&a, &ta, &b, &tb, 0, &m) == FXC_PENETRATING && m.count == 2);
    CHECK_MSG(m.count == 2 && ((m.point[0].point_a.x == 0 && m.point[1].point_a.x == 3 * UNIT) ||
                               (m.point[1].point_a.x == 0 && m.point[0].point_a.x == 3 * UNIT)),
              "flat polygon: points at x %d and %d", m.point[0].point_a.x, m.point[1].point_a.x);
}

/* The incident edge is, of the two at the incident core's corner deepest
 * into the reference edge, the one whose outward normal lies nearer
 * against the reference normal (fxc2_collide_manifold). A nearly square
 * box C (1 by 0.94..1.06: either edge the longer) turned by 41..49
 * degrees stands on a corner 6..20 LSB (past the touching band) into a
 * wide box's top, so its two edges there face the top almost equally,
 * either one the better. With a speculative distance of 2 units both ends
 * of the incident edge are kept and C's feature ids name it. The
 * reference: the better by the double-precision facings of C's exact
 * corners, in every case where the two differ by more than 2^-12 (the
 * rounded corners move a facing by about 2^-16). Both orders. */
void test_manifold2_incident_edge(void)
{
    t_rng r = { 2207 };
    int i, n = T_TARGET_CASES(400, 40), decided = 0;
    for (i = 0; i < n; i++) {
        body2 w, c;
        fxc2_manifold m;
        fix16_t turn = t_range(&r, 46900, 56200); /* 0.716..0.858 rad */
        int32_t hy = t_range(&r, UNIT * 15 / 32, UNIT * 17 / 32), pen = t_range(&r, 6, 20);
        int c_is_a = t_range(&r, 0, 1), st, j, jc = 0, e0, e1, want, got = -1;
        double least = 1e300, face[2];
        make_box(&w, 4 * UNIT, UNIT, 0);
        make_box(&c, UNIT / 2, hy, 0);
        place_exact(&w, 0, 0);
        place(&c, 0, 0, turn);
        for (j = 0; j < 4; j++) {
            if (c.ref.v[j].y < least) {
                least = c.ref.v[j].y;
                jc = j;
            }
        }
        place(&c, t_range(&r, -UNIT / 2, UNIT / 2), UNIT - (int32_t)ceil(least) - pen, turn);
        /* edge k: (jc - 1 + k) -> (jc + k), outward normal (d.y, -d.x),
         * its facing against the top's normal (0, 1): d.x / |d| */
        for (j = 0; j < 2; j++) {
            r2_vec d = r2_sub(c.ref.v[(jc + j) & 3], c.ref.v[(jc + 3 + j) & 3]);
            face[j] = d.x / r2_len(d);
        }
        want = face[1] > face[0] ? 1 : 0;
        if (fabs(face[1] - face[0]) <= ldexp(face[want], -12)) continue;
        decided++;
        st = c_is_a ? fxc2_collide_manifold(&c.shape, &c.xf, &w.shape, &w.xf, 2 * UNIT, &m)
                    : fxc2_collide_manifold(&w.shape, &w.xf, &c.shape, &c.xf, 2 * UNIT, &m);
        e0 = (int)(c_is_a ? m.point[0].id & 0xFFFF : m.point[0].id >> 16);
        e1 = (int)(c_is_a ? m.point[1].id & 0xFFFF : m.point[1].id >> 16);
        /* C's features at both ends, vertices (v, v): the edge's first
         * vertex is jc - 1 + k, its last jc + k */
        for (j = 0; j < 2; j++) {
            int v0 = (jc + 3 + j) & 3, v1 = (jc + j) & 3;
            int code0 = (int)((unsigned)v0 | (unsigned)v0 << 5 | FXC2_FEATURE_VERTEX << 10);
            int code1 = (int)((unsigned)v1 | (unsigned)v1 << 5 | FXC2_FEATURE_VERTEX << 10);
            if ((e0 == code0 && e1 == code1) || (e0 == code1 && e1 == code0)) got = j;
        }
        CHECK_FEW(st == FXC_PENETRATING && m.count == 2 && got == want,
                  "case %d (C is %s): %s, %d points, incident edge %d, want %d (facings %.6f %.6f)", i, c_is_a ? "A" : "B",
                  fxc_status_name(st), m.count, got, want, face[0], face[1]);
    }
    CHECK_MSG(decided > n / 2, "only %d of %d cases away from a tie", decided, n);
}

/* Each side of an unrotated box A, and a box B pressed 4..40 LSB into it
 * (past the touching band), turned by a quarter turn 0..3 times: A's
 * side, square to the normal, is the reference (a parallel B's side
 * faces as well, not better), with the unclipped ends of B's side facing
 * it, against the parallel-edge reference. Every side of A and of B is
 * the reference or the incident edge in turn, whatever corner
 * fxc2_box_corner gives for the direction. */
void test_manifold2_square_sides(void)
{
    static const int32_t turn[4][2] = { { UNIT, 0 }, { 0, UNIT }, { -UNIT, 0 }, { 0, -UNIT } }; /* cos, sin */
    static const int32_t out[4][2] = { { 0, -1 }, { 1, 0 }, { 0, 1 }, { -1, 0 } }; /* A's side k: edge k -> k + 1 */
    t_rng r = { 2203 };
    int k, q;
    for (k = 0; k < 4; k++) {
        for (q = 0; q < 4; q++) {
            body2 a, b;
            fxc2_manifold m;
            r2_vec pa[2], pb[2], na = r2_v(out[k][0], out[k][1]);
            double sep[2], e, es, least = 1e300;
            uint32_t want[2], got[2], edge_a = (uint32_t)k | ((uint32_t)((k + 1) & 3) << 5) | (FXC2_FEATURE_EDGE << 10);
            int32_t ha = out[k][0] ? UNIT : UNIT / 2, hb = (out[k][0] != 0) == !(q & 1) ? UNIT / 4 : UNIT / 8; /* along A's normal */
            int32_t reach = ha + hb - t_range(&r, 4, 40), slide = t_range(&r, -UNIT / 4, UNIT / 4);
            int st, j, jb = 0, count;
            make_box(&a, UNIT, UNIT / 2, 0);
            make_box(&b, UNIT / 4, UNIT / 8, 0);
            place_exact(&a, 0, 0);
            CHECK(fxc2_transform_set(&b.xf, fxc2_v(out[k][0] ? out[k][0] * reach : slide, out[k][1] ? out[k][1] * reach : slide),
                                     turn[q][0], turn[q][1]) == FXC_OK);
            CHECK(r2_from_fxc2(&b.ref, &b.shape, &b.xf) == 0);
            for (j = 0; j < 4; j++) { /* B's side facing A: its outward normal most against A's */
                r2_vec d = r2_sub(b.ref.v[(j + 1) & 3], b.ref.v[j]);
                double f = (d.y * na.x - d.x * na.y) / r2_len(d);
                if (f < least) {
                    least = f;
                    jb = j;
                }
            }
            count = r2_edge_overlap(a.ref.v[k], a.ref.v[(k + 1) & 3], b.ref.v[jb], b.ref.v[(jb + 1) & 3], 0, 0, pa, pb, sep);
            st = fxc2_collide_manifold(&a.shape, &a.xf, &b.shape, &b.xf, 0, &m);
            want[0] = edge_a | ((uint32_t)jb | ((uint32_t)jb << 5)) << 16;
            want[1] = edge_a | ((uint32_t)((jb + 1) & 3) | ((uint32_t)((jb + 1) & 3) << 5)) << 16;
            if (want[0] > want[1]) {
                uint32_t x = want[0];
                want[0] = want[1];
                want[1] = x;
            }
            ids_of(&m, got);
            e = match_points(&m, pa, pb, sep, &es);
            CHECK_MSG(st == FXC_PENETRATING && count == 2 && m.count == 2, "side %d, turn %d: %s, %d points (reference %d)",
                      k, q, fxc_status_name(st), m.count, count);
            CHECK_MSG(got[0] == want[0] && got[1] == want[1], "side %d, turn %d: ids %08x %08x, want %08x %08x", k, q,
                      (unsigned)got[0], (unsigned)got[1], (unsigned)want[0], (unsigned)want[1]);
            CHECK_MSG(e <= TOL && es <= TOL, "side %d, turn %d: points %.2f LSB off, separations %.2f LSB", k, q, e, es);
            CHECK_MSG(m.normal.x == out[k][0] * UNIT && m.normal.y == out[k][1] * UNIT, "side %d, turn %d: normal (%d, %d)", k,
                      q, (int)m.normal.x, (int)m.normal.y);
        }
    }
}

/* A circle on a box, either way round: one point, fxc2_collide's. */
void test_manifold2_circle_one_point(void)
{
    t_rng r = { 2203 };
    int i, n = T_TARGET_CASES(200, 20);
    for (i = 0; i < n; i++) {
        body2 box, circle;
        fxc2_manifold m;
        fxc2_contact k;
        int32_t h = t_range(&r, UNIT / 4, 2 * UNIT), rad = t_range(&r, UNIT / 8, UNIT), swap = t_range(&r, 0, 1);
        const body2 *a = swap ? &circle : &box, *b = swap ? &box : &circle;
        int st;
        make_box(&box, 3 * UNIT, h, 0);
        CHECK(fxc2_shape_circle(&circle.shape, rad) == FXC_OK);
        int32_t x = t_range(&r, -2 * UNIT, 2 * UNIT), pen = t_range(&r, 4, 50);
        place_on_random(&r, &box, &circle, x, h + rad - pen, UNIT, 0);
        st = fxc2_collide_manifold(&a->shape, &a->xf, &b->shape, &b->xf, 0, &m);
        CHECK(fxc2_collide(&a->shape, &a->xf, &b->shape, &b->xf, &k) == st);
        CHECK_FEW(st == FXC_PENETRATING && m.count == 1 && same_vec(m.point[0].point_a, k.point_a) &&
                      same_vec(m.point[0].point_b, k.point_b) && abs(m.point[0].separation + k.depth) <= 1,
                  "case %d: %s, %d points, separation %d vs depth %d", i, fxc_status_name(st), m.count,
                  (int)m.point[0].separation, (int)k.depth);
    }
}

/* A capsule lying on a box: two points, at the ends of the overlap. */
void test_manifold2_capsule_on_box(void)
{
    t_rng r = { 2204 };
    double worst = 0, worst_sep = 0;
    int i, n = T_TARGET_CASES(300, 30);
    for (i = 0; i < n; i++) {
        body2 a, b;
        fxc2_manifold m;
        r2_vec pa[2], pb[2];
        double sep[2], e, es;
        int32_t h = t_range(&r, UNIT / 4, 2 * UNIT), len = t_range(&r, UNIT / 4, 2 * UNIT);
        int32_t rad = t_range(&r, UNIT / 8, UNIT);
        int count;
        make_box(&a, 3 * UNIT, h, 0);
        CHECK(fxc2_shape_capsule(&b.shape, len, rad) == FXC_OK);
        int32_t x = t_range(&r, -2 * UNIT, 2 * UNIT), pen = t_range(&r, 4, 50);
        fix16_t flip = t_range(&r, 0, 1) ? 0 : TWO_PI_RAW / 2;
        place_on_random(&r, &a, &b, x, h + rad - pen, UNIT, flip);
        count = r2_edge_overlap(a.ref.v[2], a.ref.v[3], b.ref.v[0], b.ref.v[1], a.ref.radius, b.ref.radius, pa, pb, sep);
        CHECK(fxc2_collide_manifold(&a.shape, &a.xf, &b.shape, &b.xf, 0, &m) == FXC_PENETRATING);
        CHECK_FEW(count == 2 && m.count == 2, "case %d: %d points", i, m.count);
        e = match_points(&m, pa, pb, sep, &es);
        worst = maxd(worst, e);
        worst_sep = maxd(worst_sep, es);
        CHECK_FEW(e <= TOL && es <= TOL, "case %d: points %.2f LSB from the reference, separation %.2f LSB off", i, e, es);
    }
    port_printf("       2D capsule on box: %d pairs, worst point %.2f LSB, separation %.2f LSB\n", n, worst, worst_sep);
}

/* A box tilted on its corner: one point; two once the speculative
 * distance reaches the other corner of its lower edge. */
void test_manifold2_tilted_box_corner(void)
{
    t_rng r = { 2205 };
    int i, n = T_TARGET_CASES(100, 10);
    for (i = 0; i < n; i++) {
        body2 a, b;
        fxc2_manifold m;
        fix16_t tilt = t_range(&r, UNIT / 20, UNIT / 4);
        int32_t hb = t_range(&r, UNIT / 4, UNIT), pen = t_range(&r, 3, 20), low;
        double other; /* the other lower corner's height above A's top, LSB */
        int st;
        if (t_range(&r, 0, 1)) tilt = -tilt;
        make_box(&a, 4 * UNIT, UNIT, 0);
        make_box(&b, UNIT, hb, 0);
        place_exact(&a, 0, 0);
        place(&b, 0, 0, tilt); /* find the corner's depth below B's centre */
        low = (int32_t)(-(tilt > 0 ? b.ref.v[0].y : b.ref.v[1].y));
        place(&b, t_range(&r, -UNIT, UNIT), UNIT + low - pen, tilt);
        other = (tilt > 0 ? b.ref.v[1].y : b.ref.v[0].y) - UNIT;
        st = fxc2_collide_manifold(&a.shape, &a.xf, &b.shape, &b.xf, 0, &m);
        CHECK_FEW(st == FXC_PENETRATING && m.count == 1, "case %d: %s, %d points", i, fxc_status_name(st), m.count);
        st = fxc2_collide_manifold(&a.shape, &a.xf, &b.shape, &b.xf, (fix16_t)(other + 16), &m);
        CHECK_FEW(m.count == 2 && fabs(m.point[1].separation - other) <= TOL,
                  "case %d: speculative %.0f LSB: %d points, second separation %d vs %.1f LSB", i, other + 16, m.count,
                  (int)m.point[1].separation, other);
        st = fxc2_collide_manifold(&a.shape, &a.xf, &b.shape, &b.xf, (fix16_t)(other - 16), &m);
        CHECK_FEW(m.count == 1, "case %d: speculative %.0f LSB, other corner %.1f LSB up: %d points", i, other - 16, other,
                  m.count);
    }
}

/* Exact boxes 100 LSB apart: no point for speculative 98, two for 99 (100
 * <= 99 + FXC_TOUCH_TOL) and for 100. */
void test_manifold2_speculative_cutoff(void)
{
    body2 a, b;
    fxc2_manifold m;
    fxc2_contact k;
    int32_t gap = 100, spec;
    make_box(&a, 2 * UNIT, UNIT, 0);
    make_box(&b, UNIT, UNIT, 0);
    place_exact(&a, 0, 0);
    place_exact(&b, UNIT / 3, 2 * UNIT + gap);
    CHECK(fxc2_collide(&a.shape, &a.xf, &b.shape, &b.xf, &k) == FXC_SEPARATED);
    for (spec = gap - 2; spec <= gap; spec++) {
        int st = fxc2_collide_manifold(&a.shape, &a.xf, &b.shape, &b.xf, spec, &m);
        int want = spec + FXC_TOUCH_TOL >= gap ? 2 : 0;
        CHECK_FEW(st == FXC_SEPARATED && same_contact(&m.contact, &k) && m.count == want,
                  "speculative %d: %s, %d points (want %d)", (int)spec, fxc_status_name(st), m.count, want);
        if (m.count == 2)
            CHECK_FEW(m.point[0].separation == gap && m.point[1].separation == gap, "separations %d %d",
                      (int)m.point[0].separation, (int)m.point[1].separation);
    }
}

/* ---- Ray casts ---------------------------------------------------------------------- */

typedef struct {
    long cases, hits, grazes, misses, inside, touching;
    double late, gap; /* worst: LSB along the ray past the reference, reference gap at the fraction */
} ray_tally;

/* One ray against the reference: statuses, then a hit's fraction (never
 * later than the reference shape shrunk by 1 LSB, the rounding of the
 * vertices, reaches, plus 1 LSB of fraction) and the gap at it. */
static void check_ray(const body2 *s, fxc2_vec o, fxc2_vec d, ray_tally *t, long id)
{
    fxc2_ray_hit h;
    int st = fxc2_raycast(&s->shape, &s->xf, o, d, &h);
    r2_vec ro = r2_raw(o), rd = r2_raw(d);
    double len = r2_len(rd), start = r2_point_signed(&s->ref, ro), min_gap = r2_ray_min_gap(&s->ref, ro, rd);
    double t_ref = r2_raycast(&s->ref, ro, rd, 0), t_shrunk = r2_raycast(&s->ref, ro, rd, -1.0);
    t->cases++;
    if (start < -(FXC_TOUCH_TOL + 2))
        CHECK_FEW(st == FXC_INSIDE, "ray %ld: starts %.1f LSB inside, %s", id, -start, fxc_status_name(st));
    if (min_gap > 20) CHECK_FEW(st == FXC_SEPARATED, "ray %ld: misses by %.1f LSB, %s", id, min_gap, fxc_status_name(st));
    if (t_ref <= 1 && start > TOL)
        CHECK_FEW(st == FXC_HIT || st == FXC_GRAZING, "ray %ld: reference hits at %.6f, %s", id, t_ref,
                  fxc_status_name(st));
    if (st == FXC_SEPARATED) {
        t->misses++;
        CHECK_FEW(h.normal.x == 0 && h.normal.y == 0, "ray %ld: miss with a normal", id);
    } else if (st == FXC_INSIDE) {
        t->inside++;
        CHECK_FEW(start <= 1.0 && h.fraction == 0 && h.normal.x == 0 && h.normal.y == 0,
                  "ray %ld: inside, reference start %.1f LSB, fraction %d", id, start, (int)h.fraction);
    } else if (st == FXC_HIT || st == FXC_GRAZING) {
        double f = h.fraction / 65536.0;
        double gap = r2_point_signed(&s->ref, r2_add(ro, r2_scale(rd, f))) - len / 65536.0;
        double surf = fabs(r2_point_signed(&s->ref, r2_raw(h.point)));
        if (st == FXC_HIT) t->hits++;
        else t->grazes++;
        if (t_ref <= 1) t->late = maxd(t->late, (f - t_ref) * len);
        t->gap = maxd(t->gap, gap);
        if (t_shrunk <= 1)
            CHECK_FEW(f <= t_shrunk + 1 / 65536.0, "ray %ld: fraction %.6f after the reference's %.6f (%.2f LSB)", id, f,
                      t_ref, (f - t_ref) * len);
        CHECK_FEW(gap <= FXC_CAST_TOL + 4, "ray %ld: reference gap %.1f LSB at the fraction %.6f (contact %.6f)", id, gap,
                  f, t_ref);
        CHECK_FEW(h.fraction >= 0 && h.fraction <= FXC_ONE && is_unit(h.normal) && surf <= TOL,
                  "ray %ld: fraction %d, normal (%d, %d), point %.1f LSB off the surface", id, (int)h.fraction,
                  (int)h.normal.x, (int)h.normal.y, surf);
    } else {
        /* at contact (within the cast tolerance) at the start, leaving:
         * never deeper in than it may start */
        double t_deep = r2_raycast(&s->ref, ro, rd, -(FXC_TOUCH_TOL + 2));
        t->touching++;
        CHECK_FEW(st == FXC_TOUCHING && start >= -(FXC_TOUCH_TOL + 2) && start <= FXC_CAST_TOL + 4 && t_deep > 1 &&
                      h.fraction == 0,
                  "ray %ld: %s, reference start %.1f LSB, %d LSB inside at %.6f", id, fxc_status_name(st), start,
                  FXC_TOUCH_TOL + 2, t_deep);
    }
}

/* A point off the reference shape's surface by about off (raw): out along
 * the outward normal of a random point of a random edge (a random
 * direction from a vertex of a point core). */
static fxc2_vec near_surface(t_rng *r, const r2_shape *s, int32_t off)
{
    int e = t_range(r, 0, s->n - 1);
    r2_vec a = s->v[e], b = s->v[(e + 1) % s->n], p, n = r2_v(b.y - a.y, a.x - b.x);
    double len = r2_len(n), u = t_range(r, 0, 1000) / 1000.0;
    if (len == 0 || s->n < 3) {
        fix16_t sn, cs;
        fxc_sincos(t_range(r, 0, TWO_PI_RAW), &sn, &cs);
        n = r2_v(cs, sn);
        len = r2_len(n);
    }
    p = r2_add(r2_add(a, r2_scale(r2_sub(b, a), u)), r2_scale(n, (s->radius + off) / len));
    return fxc2_v((int32_t)floor(p.x + 0.5), (int32_t)floor(p.y + 0.5));
}

static const int ray_kinds[5] = { K_CIRCLE, K_CAPSULE, K_BOX, K_ROUNDED_BOX, K_POLYGON };

/* Rays through a random point near a random target, from up to three
 * sizes away, ending short of it or beyond; three scales. */
void test_raycast2_random(void)
{
    static const int32_t sizes[3] = { 655, UNIT, 300 * UNIT };
    t_rng r = { 2301 };
    ray_tally t = { 0, 0, 0, 0, 0, 0, 0, 0 };
    int kind, sc;
    long i, n = T_TARGET_CASES(150, 12);
    for (kind = 0; kind < 5; kind++) {
        for (sc = 0; sc < 3; sc++) {
            int32_t size = sizes[sc];
            for (i = 0; i < n; i++) {
                body2 s;
                fxc2_vec o, aim, d;
                int32_t k;
                random_shape(&r, &s, ray_kinds[kind], size);
                place_random(&r, &s, 0, 0, 100 * UNIT, 100 * UNIT);
                o.x = s.xf.pos.x + t_range(&r, -3 * size, 3 * size);
                o.y = s.xf.pos.y + t_range(&r, -3 * size, 3 * size);
                aim.x = s.xf.pos.x + t_range(&r, -size, size);
                aim.y = s.xf.pos.y + t_range(&r, -size, size);
                k = t_range(&r, UNIT / 2, 2 * UNIT);
                d.x = (int32_t)(((int64_t)aim.x - o.x) * k / UNIT);
                d.y = (int32_t)(((int64_t)aim.y - o.y) * k / UNIT);
                if (i % 3 == 0) { /* from the surface (-2..+20 LSB off it), any way */
                    o = near_surface(&r, &s.ref, t_range(&r, -2, 20));
                    d.x = t_range(&r, -size, size);
                    d.y = t_range(&r, -size, size);
                }
                int before = t_failures();
                check_ray(&s, o, d, &t, (long)(kind * 10000 + sc * 1000) + i);
                if (t_failures() > before && before < 8)
                    port_printf("      ray origin (%ld, %ld) translation (%ld, %ld)\n", (long)o.x, (long)o.y, (long)d.x,
                                (long)d.y);
                dump_if_failed(before, &s, NULL);
            }
        }
    }
    port_printf("       2D rays: %ld (%ld hits, %ld grazing, %ld touching, %ld misses, %ld inside): latest %.2f LSB "
                "past the reference, widest gap %.2f LSB\n",
                t.cases, t.hits, t.grazes, t.touching, t.misses, t.inside, t.late, t.gap);
}

/* The named rays against the box [-1, 1]^2 (exact) and a unit circle. */
void test_raycast2_named_cases(void)
{
    body2 box, circle;
    fxc2_ray_hit h;
    ray_tally t = { 0, 0, 0, 0, 0, 0, 0, 0 };
    int st;
    make_box(&box, UNIT, UNIT, 0);
    place_exact(&box, 0, 0);
    CHECK(fxc2_shape_circle(&circle.shape, UNIT) == FXC_OK);
    place_exact(&circle, 5 * UNIT, 0);
    /* from inside */
    st = fxc2_raycast(&box.shape, &box.xf, fxc2_v(UNIT / 2, 0), fxc2_v(3 * UNIT, 0), &h);
    CHECK_FEW(st == FXC_INSIDE && h.fraction == 0 && h.normal.x == 0 && h.normal.y == 0 && h.point.x == UNIT / 2 &&
                  h.point.y == 0,
              "inside: %s", fxc_status_name(st));
    st = fxc2_raycast(&circle.shape, &circle.xf, fxc2_v(5 * UNIT, UNIT / 2), fxc2_v(0, UNIT), &h);
    CHECK_FEW(st == FXC_INSIDE, "inside the circle: %s", fxc_status_name(st));
    /* on the surface, leaving */
    st = fxc2_raycast(&box.shape, &box.xf, fxc2_v(UNIT, UNIT / 3), fxc2_v(UNIT, UNIT / 5), &h);
    CHECK_FEW(st == FXC_TOUCHING && h.fraction == 0, "leaving the right face: %s, fraction %d", fxc_status_name(st),
              (int)h.fraction);
    st = fxc2_raycast(&circle.shape, &circle.xf, fxc2_v(6 * UNIT, 0), fxc2_v(UNIT, 0), &h);
    CHECK_FEW(st == FXC_TOUCHING && h.fraction == 0, "leaving the circle: %s", fxc_status_name(st));
    /* zero translation: outside misses, inside is inside */
    st = fxc2_raycast(&box.shape, &box.xf, fxc2_v(2 * UNIT, 0), fxc2_v(0, 0), &h);
    CHECK_FEW(st == FXC_SEPARATED, "zero translation outside: %s", fxc_status_name(st));
    st = fxc2_raycast(&box.shape, &box.xf, fxc2_v(0, 0), fxc2_v(0, 0), &h);
    CHECK_FEW(st == FXC_INSIDE, "zero translation inside: %s", fxc_status_name(st));
    /* zero translation on the surface touches, as in 3D (fxc_raycast): on
     * the circle, on the box's face and at its corner (both exact) */
    st = fxc2_raycast(&circle.shape, &circle.xf, fxc2_v(6 * UNIT, 0), fxc2_v(0, 0), &h);
    CHECK_FEW(st == FXC_TOUCHING && h.fraction == 0, "zero translation on the circle: %s", fxc_status_name(st));
    st = fxc2_raycast(&box.shape, &box.xf, fxc2_v(UNIT, UNIT / 3), fxc2_v(0, 0), &h);
    CHECK_FEW(st == FXC_TOUCHING, "zero translation on a face: %s", fxc_status_name(st));
    st = fxc2_raycast(&box.shape, &box.xf, fxc2_v(UNIT, UNIT), fxc2_v(0, 0), &h);
    CHECK_FEW(st == FXC_TOUCHING, "zero translation at a corner: %s", fxc_status_name(st));
    /* grazing the vertex (1, 1) exactly: the line x + y = 2 */
    check_ray(&box, fxc2_v(0, 2 * UNIT), fxc2_v(2 * UNIT, -2 * UNIT), &t, 1);
    st = fxc2_raycast(&box.shape, &box.xf, fxc2_v(0, 2 * UNIT), fxc2_v(2 * UNIT, -2 * UNIT), &h);
    CHECK_FEW((st == FXC_HIT || st == FXC_GRAZING) && h.fraction <= FXC_ONE / 2,
              "grazing the vertex: %s, fraction %d", fxc_status_name(st), (int)h.fraction);
    /* along the top edge: first contact at 1/3 */
    check_ray(&box, fxc2_v(-3 * UNIT, UNIT), fxc2_v(6 * UNIT, 0), &t, 2);
    st = fxc2_raycast(&box.shape, &box.xf, fxc2_v(-3 * UNIT, UNIT), fxc2_v(6 * UNIT, 0), &h);
    CHECK_FEW((st == FXC_HIT || st == FXC_GRAZING) && h.fraction <= FXC_ONE / 3 + 1, "along the edge: %s, fraction %d",
              fxc_status_name(st), (int)h.fraction);
    /* parallel to the top edge, 40 LSB above it: a miss */
    st = fxc2_raycast(&box.shape, &box.xf, fxc2_v(-3 * UNIT, UNIT + 40), fxc2_v(6 * UNIT, 0), &h);
    CHECK_FEW(st == FXC_SEPARATED && h.normal.x == 0 && h.normal.y == 0, "parallel outside: %s", fxc_status_name(st));
    /* straight at the left face: hit at 1/3 exactly (rounded down), normal -x */
    st = fxc2_raycast(&box.shape, &box.xf, fxc2_v(-4 * UNIT, 0), fxc2_v(9 * UNIT, 0), &h);
    CHECK_FEW(st == FXC_HIT && h.fraction <= FXC_ONE / 3 && h.fraction >= FXC_ONE / 3 - (FXC_CAST_TOL + 4) / 9 - 1 &&
                  h.normal.x == -UNIT && h.normal.y == 0,
              "head on: %s, fraction %d, normal (%d, %d)", fxc_status_name(st), (int)h.fraction, (int)h.normal.x,
              (int)h.normal.y);
}

/* ---- Bad input ---------------------------------------------------------------------- */

static int all_zero(const void *p, unsigned n)
{
    const unsigned char *c = (const unsigned char *)p;
    unsigned i;
    for (i = 0; i < n; i++)
        if (c[i]) return 0;
    return 1;
}

/* Every query given the pair (a, ta, b, tb) answers want, outputs zeroed;
 * so does a ray cast against (a, ta) if ray. */
static void expect_error(const fxc2_shape *a, const fxc2_transform *ta, const fxc2_shape *b, const fxc2_transform *tb,
                         int want, int ray, const char *what)
{
    fxc2_distance_result d;
    fxc2_contact k;
    fxc2_manifold m;
    fxc2_ray_hit h;
    int si, sd, sc, sm, sr = want;
    memset(&d, 0x55, sizeof d);
    memset(&k, 0x55, sizeof k);
    memset(&m, 0x55, sizeof m);
    memset(&h, 0x55, sizeof h);
    si = fxc2_intersect(a, ta, b, tb);
    sd = fxc2_distance(a, ta, b, tb, &d);
    sc = fxc2_collide(a, ta, b, tb, &k);
    sm = fxc2_collide_manifold(a, ta, b, tb, 0, &m);
    if (ray) sr = fxc2_raycast(a, ta, fxc2_v(0, 0), fxc2_v(UNIT, 0), &h);
    CHECK_FEW(si == want && sd == want && sc == want && sm == want && sr == want,
              "%s: intersect %s, distance %s, collide %s, manifold %s, raycast %s", what, fxc_status_name(si),
              fxc_status_name(sd), fxc_status_name(sc), fxc_status_name(sm), fxc_status_name(sr));
    CHECK_FEW(all_zero(&d, sizeof d) && all_zero(&k, sizeof k) && all_zero(&m, sizeof m) &&
                  (!ray || all_zero(&h, sizeof h)),
              "%s: an output not zeroed", what);
}

void test_bad2_null_pointers(void)
{
    body2 a;
    fxc2_distance_result d;
    fxc2_contact k;
    fxc2_manifold m;
    fxc2_ray_hit h;
    make_box(&a, UNIT, UNIT, 0);
    place_exact(&a, 0, 0);
    expect_error(NULL, &a.xf, &a.shape, &a.xf, FXC_ERR_NULL, 1, "shape A NULL");
    expect_error(&a.shape, NULL, &a.shape, &a.xf, FXC_ERR_NULL, 1, "transform A NULL");
    expect_error(&a.shape, &a.xf, NULL, &a.xf, FXC_ERR_NULL, 0, "shape B NULL");
    memset(&d, 0x55, sizeof d);
    memset(&k, 0x55, sizeof k);
    memset(&m, 0x55, sizeof m);
    CHECK(fxc2_distance(&a.shape, &a.xf, &a.shape, NULL, &d) == FXC_ERR_NULL && all_zero(&d, sizeof d));
    CHECK(fxc2_collide(&a.shape, &a.xf, &a.shape, NULL, &k) == FXC_ERR_NULL && all_zero(&k, sizeof k));
    CHECK(fxc2_collide_manifold(&a.shape, &a.xf, &a.shape, NULL, 0, &m) == FXC_ERR_NULL && all_zero(&m, sizeof m));
    CHECK(fxc2_intersect(&a.shape, &a.xf, &a.shape, NULL) == FXC_ERR_NULL);
    CHECK(fxc2_distance(&a.shape, &a.xf, &a.shape, &a.xf, NULL) == FXC_ERR_NULL);
    CHECK(fxc2_collide(&a.shape, &a.xf, &a.shape, &a.xf, NULL) == FXC_ERR_NULL);
    CHECK(fxc2_collide_manifold(&a.shape, &a.xf, &a.shape, &a.xf, 0, NULL) == FXC_ERR_NULL);
    CHECK(fxc2_raycast(&a.shape, &a.xf, fxc2_v(0, 0), fxc2_v(UNIT, 0), NULL) == FXC_ERR_NULL);
    memset(&h, 0x55, sizeof h);
    CHECK(fxc2_raycast(NULL, &a.xf, fxc2_v(0, 0), fxc2_v(UNIT, 0), &h) == FXC_ERR_NULL && all_zero(&h, sizeof h));
    memset(&h, 0x55, sizeof h);
    CHECK(fxc2_raycast(&a.shape, NULL, fxc2_v(0, 0), fxc2_v(UNIT, 0), &h) == FXC_ERR_NULL && all_zero(&h, sizeof h));
    CHECK(fxc2_shape_box(NULL, fxc2_v(UNIT, UNIT), 0) == FXC_ERR_NULL);
    CHECK(fxc2_shape_polygon(&a.shape, NULL, 3, 0) == FXC_ERR_NULL);
    CHECK(fxc2_transform_set(NULL, fxc2_v(0, 0), UNIT, 0) == FXC_ERR_NULL);
    CHECK(fxc2_transform_angle(NULL, fxc2_v(0, 0), 0) == FXC_ERR_NULL);
}

/* Constructors refuse what is not a shape; queries refuse fields changed
 * to values no constructor accepts. */
void test_bad2_shapes(void)
{
    static const fxc2_vec square[4] = { { 0, 0 }, { UNIT, 0 }, { UNIT, UNIT }, { 0, UNIT } };
    static const fxc2_vec clockwise[4] = { { 0, 0 }, { 0, UNIT }, { UNIT, UNIT }, { UNIT, 0 } };
    static const fxc2_vec dent[5] = { { 0, 0 }, { 2 * UNIT, 0 }, { UNIT, UNIT / 2 }, { 2 * UNIT, 2 * UNIT }, { 0, 2 * UNIT } };
    static const fxc2_vec line_out_back[4] = { { 0, 0 }, { UNIT, UNIT }, { 3 * UNIT, 3 * UNIT }, { 2 * UNIT, 2 * UNIT } };
    static const fxc2_vec zigzag[4] = { { 0, 0 }, { 3 * UNIT, 0 }, { UNIT, 0 }, { 2 * UNIT, 0 } };
    static const fxc2_vec twice[8] = { { 0, 0 }, { UNIT, 0 }, { UNIT, UNIT }, { 0, UNIT },
                                       { 0, 0 }, { UNIT, 0 }, { UNIT, UNIT }, { 0, UNIT } };
    fxc2_vec many[R2_MAX_VERTS + 1];
    body2 a, b;
    int i;
    for (i = 0; i <= R2_MAX_VERTS; i++) many[i] = fxc2_v(i, i * i); /* convex but one too many */
    CHECK(fxc2_shape_polygon(&a.shape, square, 0, 0) == FXC_ERR_EMPTY_HULL);
    CHECK(fxc2_shape_polygon(&a.shape, many, R2_MAX_VERTS + 1, 0) == FXC_ERR_TOO_MANY_VERTICES);
    CHECK(fxc2_shape_polygon(&a.shape, many, R2_MAX_VERTS, 0) == FXC_OK);
    CHECK(fxc2_shape_polygon(&a.shape, many, 2, 0) == FXC_OK);
    CHECK(fxc2_shape_polygon(&a.shape, many, 1, 0) == FXC_OK);
    CHECK(fxc2_shape_polygon(&a.shape, clockwise, 4, 0) == FXC_ERR_BAD_SHAPE);
    CHECK(fxc2_shape_polygon(&a.shape, dent, 5, 0) == FXC_ERR_BAD_SHAPE);
    CHECK(fxc2_shape_polygon(&a.shape, twice, 8, 0) == FXC_ERR_BAD_SHAPE);
    /* on one line: out and back once is a flat polygon, a zig-zag is not
     * (it turns back four times; its manifold followed the zig-zag) */
    CHECK(fxc2_shape_polygon(&a.shape, line_out_back, 4, 0) == FXC_OK);
    CHECK(fxc2_shape_polygon(&a.shape, line_out_back + 1, 3, 0) == FXC_OK);
    CHECK(fxc2_shape_polygon(&a.shape, zigzag, 4, 0) == FXC_ERR_BAD_SHAPE);
    CHECK(fxc2_shape_polygon(&a.shape, square, 4, -1) == FXC_ERR_NEGATIVE_SIZE);
    CHECK(fxc2_shape_box(&a.shape, fxc2_v(UNIT, UNIT), -1) == FXC_ERR_NEGATIVE_SIZE);
    CHECK(fxc2_shape_circle(&a.shape, -UNIT) == FXC_ERR_NEGATIVE_SIZE);
    CHECK(fxc2_shape_point(&a.shape, -1) == FXC_ERR_NEGATIVE_SIZE);
    CHECK(fxc2_shape_box(&a.shape, fxc2_v(0, UNIT), 0) < 0);
    CHECK(fxc2_shape_circle(&a.shape, 0) < 0);
    CHECK(fxc2_shape_capsule(&a.shape, 0, UNIT) < 0);
    many[0] = fxc2_v(FXC_RAW_LIMIT + 1, 0);
    many[1] = fxc2_v(0, UNIT);
    many[2] = fxc2_v(0, 0);
    CHECK(fxc2_shape_polygon(&a.shape, many, 3, 0) == FXC_ERR_RANGE);
    /* a valid pair, then one field broken at a time */
    make_box(&b, UNIT, UNIT, 0);
    place_exact(&b, 0, 0);
    CHECK(fxc2_shape_polygon(&a.shape, square, 4, 0) == FXC_OK);
    a.xf = b.xf;
    a.shape.type = (fxc2_shape_type)99;
    expect_error(&a.shape, &a.xf, &b.shape, &b.xf, FXC_ERR_BAD_SHAPE, 1, "unknown type");
    CHECK(fxc2_shape_polygon(&a.shape, square, 4, 0) == FXC_OK);
    a.shape.margin = -1;
    expect_error(&a.shape, &a.xf, &b.shape, &b.xf, FXC_ERR_BAD_SHAPE, 1, "negative margin");
    CHECK(fxc2_shape_polygon(&a.shape, square, 4, 0) == FXC_OK);
    a.shape.u.polygon.count = 0;
    expect_error(&a.shape, &a.xf, &b.shape, &b.xf, FXC_ERR_BAD_SHAPE, 1, "count 0");
    a.shape.u.polygon.count = R2_MAX_VERTS + 1;
    expect_error(&a.shape, &a.xf, &b.shape, &b.xf, FXC_ERR_BAD_SHAPE, 1, "count one too many");
    b.shape.u.box.half.x = 0;
    expect_error(&b.shape, &b.xf, &b.shape, &b.xf, FXC_ERR_BAD_SHAPE, 1, "box half extent 0");
    /* a shape whose constructor failed is refused, not taken as its type:
     * a clockwise polygon's vertices pass every check a query repeats (it
     * was answered as a convex polygon: a hit, a contact) */
    make_box(&b, UNIT, UNIT, 0);
    CHECK(fxc2_shape_polygon(&a.shape, clockwise, 4, 0) == FXC_ERR_BAD_SHAPE);
    expect_error(&a.shape, &a.xf, &b.shape, &b.xf, FXC_ERR_BAD_SHAPE, 1, "clockwise polygon");
    CHECK(fxc2_shape_circle(&a.shape, 0) == FXC_ERR_ZERO_SIZE);
    expect_error(&a.shape, &a.xf, &b.shape, &b.xf, FXC_ERR_BAD_SHAPE, 1, "circle of radius 0");
    CHECK(fxc2_shape_capsule(&a.shape, -UNIT, UNIT) == FXC_ERR_NEGATIVE_SIZE);
    expect_error(&a.shape, &a.xf, &b.shape, &b.xf, FXC_ERR_BAD_SHAPE, 1, "capsule of negative length");
    CHECK(fxc2_shape_segment(&a.shape, fxc2_v(0, 0), fxc2_v(FXC_RAW_LIMIT + 1, 0), 0) == FXC_ERR_RANGE);
    expect_error(&a.shape, &a.xf, &b.shape, &b.xf, FXC_ERR_BAD_SHAPE, 1, "segment out of range");
}

/* A rotation that is not a unit vector within 2^-8 is refused by the
 * setter (and written as given) and by every query. */
void test_bad2_transforms(void)
{
    body2 a;
    fxc2_transform bad, ok;
    make_box(&a, UNIT, UNIT, 0);
    CHECK(fxc2_transform_set(&bad, fxc2_v(0, 0), 0, 0) == FXC_ERR_BAD_TRANSFORM && bad.c == 0 && bad.s == 0);
    CHECK(fxc2_transform_set(&ok, fxc2_v(3 * UNIT, 0), UNIT, 0) == FXC_OK);
    expect_error(&a.shape, &bad, &a.shape, &ok, FXC_ERR_BAD_TRANSFORM, 1, "rotation (0, 0) on A");
    expect_error(&a.shape, &ok, &a.shape, &bad, FXC_ERR_BAD_TRANSFORM, 0, "rotation (0, 0) on B");
    /* |c^2 + s^2 - 1| = 0.0201 > 2^-8; 0.0020 within */
    CHECK(fxc2_transform_set(&bad, fxc2_v(0, 0), UNIT + UNIT / 100, 0) == FXC_ERR_BAD_TRANSFORM);
    expect_error(&a.shape, &bad, &a.shape, &ok, FXC_ERR_BAD_TRANSFORM, 1, "rotation (1.01, 0)");
    CHECK(fxc2_transform_set(&bad, fxc2_v(0, 0), UNIT + UNIT / 1000, 0) == FXC_OK);
    CHECK(fxc2_transform_set(&bad, fxc2_v(0, 0), 46341, 46341) == FXC_OK);
}

/* Pairs reaching beyond 2^12 units of their centre, or beyond the world;
 * and the speculative distance's range. */
void test_bad2_range(void)
{
    body2 a, b;
    fxc2_manifold m;
    make_box(&a, UNIT, UNIT, 0);
    make_box(&b, UNIT, UNIT, 0);
    place_exact(&a, -4095 * UNIT, 0);
    place_exact(&b, 4095 * UNIT, 0);
    expect_error(&a.shape, &a.xf, &b.shape, &b.xf, FXC_ERR_RANGE, 0, "8190 units apart");
    place_exact(&a, 32767 * UNIT, 0);
    place_exact(&b, 32760 * UNIT, 0);
    expect_error(&a.shape, &a.xf, &b.shape, &b.xf, FXC_ERR_RANGE, 0, "beyond the world's edge");
    place_exact(&a, 4000 * UNIT, 0);
    place_exact(&b, -4000 * UNIT, 0);
    CHECK(fxc2_intersect(&a.shape, &a.xf, &b.shape, &b.xf) == FXC_SEPARATED); /* within 4096 of the centre */
    place_exact(&b, 0, 0);
    memset(&m, 0x55, sizeof m);
    CHECK(fxc2_collide_manifold(&a.shape, &b.xf, &b.shape, &b.xf, -1, &m) == FXC_ERR_NEGATIVE_SIZE &&
          all_zero(&m, sizeof m));
    CHECK(fxc2_collide_manifold(&a.shape, &b.xf, &b.shape, &b.xf, FXC_RAW_LIMIT + 1, &m) == FXC_ERR_RANGE);
    CHECK(fxc2_collide_manifold(&a.shape, &b.xf, &b.shape, &b.xf, FXC_RAW_LIMIT, &m) == FXC_PENETRATING);
}

/* The distance of two circles whose centres lie up to 2^28.4 raw apart,
 * against the exact gap |c_b - c_a| - r_a - r_b (integers: exact in
 * double): rounded to nearest but for a relative 2^-27 of the centres'
 * distance (fxcollide2d.h). The named case was 1.05 LSB off (3 for a gap
 * of 4.05). */
void test_gjk2_distance_far_cores(void)
{
    t_rng r = { 2027 };
    int i, done = 0, cases = T_TARGET_CASES(2000, 100);
    double worst = 0;
    for (i = -1; i < cases; i++) {
        fxc2_shape a, b;
        fxc2_transform ta, tb;
        fxc2_distance_result d;
        int32_t ra = 134217727, rb = 134217727, x = 177291762, y = 201557005;
        double core, gap, err;
        if (i >= 0) {
            ra = t_range(&r, 1, 134217727);
            rb = t_range(&r, 1, 134217727);
            x = t_range(&r, -268435455, 268435455);
            y = t_range(&r, -268435455, 268435455);
        }
        CHECK(fxc2_shape_circle(&a, ra) == FXC_OK && fxc2_shape_circle(&b, rb) == FXC_OK);
        CHECK(fxc2_transform_set(&ta, fxc2_v(0, 0), FXC_ONE, 0) == FXC_OK);
        CHECK(fxc2_transform_set(&tb, fxc2_v(x, y), FXC_ONE, 0) == FXC_OK);
        if (fxc2_distance(&a, &ta, &b, &tb, &d) != FXC_SEPARATED) continue;
        core = sqrt((double)x * x + (double)y * y);
        gap = core - ra - rb;
        err = fabs(d.distance - gap);
        worst = maxd(worst, err);
        done++;
        CHECK_MSG(err <= 0.5 + core / 134217728.0, "case %d: distance %d, exact %.3f", i, (int)d.distance, gap);
    }
    CHECK(done > cases / 4);
    port_printf("       2D far cores: %d separated pairs, worst distance %.2f LSB\n", done, worst);
}

/* Rays from the corners and edges of a square (a polygon and a box, +-1
 * unit), every direction of {-1, 0, 1}^2, against the square's sides
 * through the start: leaving across one, FXC_TOUCHING; else running along
 * one into it, FXC_GRAZING; else FXC_HIT at 0. The one axis GJK proved at
 * a corner said FXC_HIT for rays leaving across the other side. Then a
 * segment's end and a point: a move off the end of a segment's line, or
 * off a point, leaves; so does every move off a segment of zero length
 * or a polygon of one repeated point (their cores have no edge: 10 of
 * these 16 rays were FXC_HIT by the collide answer's normal). */
void test_raycast2_from_corners(void)
{
    static const int starts[6][2] = { { 1, 1 }, { -1, 1 }, { -1, -1 }, { 1, -1 }, { 1, 0 }, { 0, -1 } };
    static const fxc2_vec square[4] = { { -FXC_ONE, -FXC_ONE }, { FXC_ONE, -FXC_ONE }, { FXC_ONE, FXC_ONE }, { -FXC_ONE, FXC_ONE } };
    static const fxc2_vec same[3] = { { FXC_ONE / 2, FXC_ONE / 2 }, { FXC_ONE / 2, FXC_ONE / 2 }, { FXC_ONE / 2, FXC_ONE / 2 } };
    fxc2_shape shapes[2], seg, pt;
    fxc2_transform t;
    fxc2_ray_hit h;
    int s, i, k, wrong = 0;
    CHECK(fxc2_shape_polygon(&shapes[0], square, 4, 0) == FXC_OK);
    CHECK(fxc2_shape_box(&shapes[1], fxc2_v(FXC_ONE, FXC_ONE), 0) == FXC_OK);
    CHECK(fxc2_transform_set(&t, fxc2_v(0, 0), FXC_ONE, 0) == FXC_OK);
    for (s = 0; s < 2; s++) {
        for (i = 0; i < 6; i++) {
            for (k = 0; k < 9; k++) {
                const int d[2] = { k % 3 - 1, k / 3 - 1 };
                int j, out = 0, along = 0, want, st;
                if (k == 4) continue; /* no motion */
                for (j = 0; j < 2; j++) {
                    if (starts[i][j] == 0) continue;
                    out += d[j] * starts[i][j] > 0;
                    along += d[j] == 0;
                }
                want = out > 0 ? FXC_TOUCHING : along > 0 ? FXC_GRAZING : FXC_HIT;
                st = fxc2_raycast(&shapes[s], &t, fxc2_v(starts[i][0] * FXC_ONE, starts[i][1] * FXC_ONE),
                                  fxc2_v(d[0] * FXC_ONE, d[1] * FXC_ONE), &h);
                if (st != want) port_printf("    shape %d start %d direction (%d, %d): %s\n", s, i, d[0], d[1], fxc_status_name(st));
                wrong += st != want;
            }
        }
    }
    CHECK_MSG(wrong == 0, "%d rays from corners and edges answered against the sides' rule", wrong);
    CHECK(fxc2_shape_segment(&seg, fxc2_v(-FXC_ONE, 0), fxc2_v(FXC_ONE, 0), 0) == FXC_OK);
    CHECK(fxc2_raycast(&seg, &t, fxc2_v(FXC_ONE, 0), fxc2_v(FXC_ONE, 0), &h) == FXC_TOUCHING);
    CHECK(fxc2_raycast(&seg, &t, fxc2_v(FXC_ONE, 0), fxc2_v(-FXC_ONE, 0), &h) == FXC_GRAZING);
    CHECK(fxc2_raycast(&seg, &t, fxc2_v(0, 0), fxc2_v(0, FXC_ONE), &h) == FXC_TOUCHING);
    CHECK(fxc2_shape_point(&pt, 0) == FXC_OK);
    CHECK(fxc2_raycast(&pt, &t, fxc2_v(0, 0), fxc2_v(FXC_ONE, FXC_ONE), &h) == FXC_TOUCHING);
    /* a segment of zero length and a polygon of one repeated point are
     * points too: every move leaves them */
    CHECK(fxc2_shape_segment(&seg, fxc2_v(FXC_ONE / 2, FXC_ONE / 2), fxc2_v(FXC_ONE / 2, FXC_ONE / 2), 0) == FXC_OK);
    CHECK(fxc2_shape_polygon(&pt, same, 3, 0) == FXC_OK);
    for (k = 0, wrong = 0; k < 9; k++) {
        fxc2_vec d = fxc2_v((k % 3 - 1) * 2 * FXC_ONE, (k / 3 - 1) * 2 * FXC_ONE);
        if (k == 4) continue;
        wrong += fxc2_raycast(&seg, &t, fxc2_v(FXC_ONE / 2, FXC_ONE / 2), d, &h) != FXC_TOUCHING;
        wrong += fxc2_raycast(&pt, &t, fxc2_v(FXC_ONE / 2, FXC_ONE / 2), d, &h) != FXC_TOUCHING;
    }
    CHECK_MSG(wrong == 0, "%d rays leaving a point core of 2 or 3 vertices not FXC_TOUCHING", wrong);
}
