/* Contact manifolds against an independent double reference.
 *
 * The reference contact region of two polytopes resting face on face is
 * the intersection of their supporting faces, projected across the
 * normal: each face is the set of its vertices within FACE_BAND of the
 * extreme height, wrapped into a convex polygon, and B's is clipped by
 * A's (Sutherland-Hodgman in double). Every returned point must lie in
 * both shapes, its two points `separation` apart along the normal, and
 * for face contacts the returned points must cover at least 60 % of the
 * area the best four of the region's vertices cover.
 *
 * Bounds, from the bit budget of src/manifold.c: a clipped point's
 * crossing is rounded once (1 LSB per coordinate), its move onto the
 * reference plane along the unit normal once more (1 LSB), and the points
 * are placed through the rotation as support points are (0.87 LSB):
 * IN_BOUND = 4 LSB outside a shape. A separation is one rounded ratio
 * (1 LSB) of exact integers: within SEP_BOUND = 2 LSB of the reference.
 */
#include <math.h>
#include <string.h>
#include <stddef.h>
#include <stdlib.h>
#include "scene.h"

#define IN_BOUND 4.0
#define SEP_BOUND 2.0
#define FACE_BAND (2.0 / 65536.0)
#define REF_MAX 16

static fxc_vec3 V(double x, double y, double z) { return fxc_v3(F16(x), F16(y), F16(z)); }

/* ---- the double reference ------------------------------------------------------ */

typedef struct {
    double x, y;
} p2;

typedef struct {
    p2 v[2 * REF_MAX];
    int n;
} poly2;

/* An orthonormal basis (u, v) across the unit normal n. */
static void basis(rg_vec n, rg_vec *u, rg_vec *v)
{
    rg_vec a = fabs(n.x) < 0.6 ? rg_v(1, 0, 0) : rg_v(0, 1, 0);
    *u = rg_cross(n, a);
    *u = rg_scale(*u, 1.0 / rg_len(*u));
    *v = rg_cross(n, *u);
}

static double cross2(p2 o, p2 a, p2 b)
{
    return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

/* Convex hull (counter-clockwise, gift wrapping) of pts[0..n-1] into h. */
static void hull2(const p2 *pts, int n, poly2 *h)
{
    int start = 0, cur, i;
    h->n = 0;
    if (n == 0) return;
    for (i = 1; i < n; i++)
        if (pts[i].x < pts[start].x || (pts[i].x == pts[start].x && pts[i].y < pts[start].y)) start = i;
    cur = start;
    do {
        int next = -1;
        h->v[h->n++] = pts[cur];
        for (i = 0; i < n; i++) {
            double c;
            if (fabs(pts[i].x - pts[cur].x) + fabs(pts[i].y - pts[cur].y) < 1e-12) continue;
            if (next < 0) {
                next = i;
                continue;
            }
            c = cross2(pts[cur], pts[next], pts[i]);
            if (c < 0 || (c == 0 && hypot(pts[i].x - pts[cur].x, pts[i].y - pts[cur].y) >
                                        hypot(pts[next].x - pts[cur].x, pts[next].y - pts[cur].y)))
                next = i;
        }
        if (next < 0) break;
        cur = next;
    } while (cur != start && h->n < 2 * REF_MAX);
}

static double area2(const poly2 *g)
{
    double s = 0;
    int i;
    for (i = 0; i < g->n; i++) s += cross2(g->v[0], g->v[i], g->v[(i + 1) % g->n]);
    return s / 2;
}

/* g clipped by every edge of the convex counter-clockwise polygon c. */
static void clip2(poly2 *g, const poly2 *c)
{
    int k, i;
    for (k = 0; k < c->n && g->n > 0; k++) {
        p2 a = c->v[k], b = c->v[(k + 1) % c->n];
        poly2 out;
        out.n = 0;
        for (i = 0; i < g->n; i++) {
            p2 p = g->v[i], q = g->v[(i + 1) % g->n];
            double dp = cross2(a, b, p), dq = cross2(a, b, q);
            if (dp >= 0) out.v[out.n++] = p;
            if ((dp >= 0) != (dq >= 0)) {
                double t = dp / (dp - dq);
                out.v[out.n].x = p.x + (q.x - p.x) * t;
                out.v[out.n].y = p.y + (q.y - p.y) * t;
                out.n++;
            }
        }
        *g = out;
    }
}

/* The supporting face of b's reference polytope along s (its vertices
 * within FACE_BAND of the highest), projected onto (u, v) and wrapped. */
static void face_of(const body *b, rg_vec s, rg_vec u, rg_vec v, poly2 *f)
{
    p2 pts[REF_MAX];
    double top = -1e300;
    int i, n = 0;
    for (i = 0; i < b->poly.n; i++)
        if (rg_dot(b->poly.v[i], s) > top) top = rg_dot(b->poly.v[i], s);
    for (i = 0; i < b->poly.n; i++) {
        if (rg_dot(b->poly.v[i], s) < top - FACE_BAND) continue;
        pts[n].x = rg_dot(b->poly.v[i], u);
        pts[n].y = rg_dot(b->poly.v[i], v);
        n++;
    }
    hull2(pts, n, f);
}

/* The reference contact region of a and b across the unit normal n (A to
 * B), in the basis (u, v). */
static void contact_region(const body *a, const body *b, rg_vec n, rg_vec u, rg_vec v, poly2 *g)
{
    poly2 fa;
    face_of(a, n, u, v, &fa);
    face_of(b, rg_scale(n, -1), u, v, g);
    clip2(g, &fa);
}

/* The largest area of four of g's vertices (taken in g's order, so each
 * choice is a convex quadrilateral); g's own area when it has four or
 * fewer. */
static double best_four(const poly2 *g)
{
    double best = 0;
    int i, j, k, l;
    if (g->n <= 4) return g->n >= 3 ? area2(g) : 0;
    for (i = 0; i < g->n; i++)
        for (j = i + 1; j < g->n; j++)
            for (k = j + 1; k < g->n; k++)
                for (l = k + 1; l < g->n; l++) {
                    poly2 q;
                    double s;
                    q.n = 4;
                    q.v[0] = g->v[i];
                    q.v[1] = g->v[j];
                    q.v[2] = g->v[k];
                    q.v[3] = g->v[l];
                    s = area2(&q);
                    if (s > best) best = s;
                }
    return best;
}

/* Area of the hull of the manifold's points on A, across (u, v). */
static double manifold_area(const fxc_contact_manifold *m, rg_vec u, rg_vec v)
{
    p2 pts[FXC_MANIFOLD_MAX_POINTS];
    poly2 h;
    int i;
    for (i = 0; i < m->count; i++) {
        pts[i].x = rg_dot(rg_from(m->point[i].point_a), u);
        pts[i].y = rg_dot(rg_from(m->point[i].point_a), v);
    }
    hull2(pts, m->count, &h);
    return h.n >= 3 ? area2(&h) : 0;
}

/* ---- checks every manifold gets ------------------------------------------------- */

/* Each point in both shapes (within IN_BOUND), its points `separation`
 * apart along the normal (within SEP_BOUND), the deepest first and as deep
 * as the pair (fxc_collide's depth or distance); the count in range.
 * Returns the worst error in LSB (in the shapes, and along the normal). */
static double check_points(const body *a, const body *b, const fxc_contact_manifold *m, const char *what)
{
    rg_vec n = unit_of(m->contact.normal);
    double worst = 0, pair_sep = m->contact.depth > 0 ? -(double)m->contact.depth : (double)m->contact.distance;
    int i;
    CHECK_MSG(m->count >= 1 && m->count <= FXC_MANIFOLD_MAX_POINTS, "%s: count %d", what, m->count);
    for (i = 0; i < m->count && i < FXC_MANIFOLD_MAX_POINTS; i++) {
        const fxc_manifold_point *q = &m->point[i];
        rg_vec d = rg_sub(rg_from(q->point_b), rg_from(q->point_a));
        double ea = scene_off_body(a, q->point_a), eb = scene_off_body(b, q->point_b);
        double es = fabs(lsb(rg_dot(d, n)) - q->separation), ed = lsb(rg_len(rg_sub(d, rg_scale(n, rg_dot(d, n)))));
        CHECK_MSG(ea <= IN_BOUND && eb <= IN_BOUND, "%s: point %d %.2f / %.2f LSB outside A / B", what, i, ea, eb);
        /* across: the unit normal rounded to Q16.16 is 0.87 * 2^-16 rad off */
        CHECK_MSG(es <= SEP_BOUND && ed <= SEP_BOUND + fabs((double)q->separation) * 0.87 / 65536,
                  "%s: point %d separation %d, apart %.2f along / %.2f across the normal", what, i, q->separation,
                  lsb(rg_dot(d, n)), ed);
        CHECK_MSG(q->separation >= m->point[0].separation, "%s: point %d deeper than the first", what, i);
        worst = fmax(worst, fmax(fmax(ea, eb), es));
    }
    CHECK_MSG(fabs(m->point[0].separation - pair_sep) <= SEP_BOUND, "%s: deepest separation %d, the pair's %.0f", what,
              m->point[0].separation, pair_sep);
    return worst;
}

static int manifold(const body *a, const body *b, fix16_t speculative, fxc_contact_manifold *m)
{
    return fxc_manifold(&a->shape, &a->xf, &b->shape, &b->xf, speculative, &t_ws, m);
}

static int same(fxc_vec3 a, fxc_vec3 b) { return a.x == b.x && a.y == b.y && a.z == b.z; }

/* Every field of two contacts equal. */
static int same_contact(const fxc_contact *a, const fxc_contact *b)
{
    return a->distance == b->distance && a->depth == b->depth && a->depth_error == b->depth_error &&
           same(a->normal, b->normal) && same(a->point_a, b->point_a) && same(a->point_b, b->point_b) &&
           a->gjk_iterations == b->gjk_iterations && a->epa_iterations == b->epa_iterations &&
           a->support_calls == b->support_calls;
}

/* A rotation by `angle` radians about the unit axis (x, y, z). */
static void rotation(double x, double y, double z, double angle, fxc_mat3 *r)
{
    CHECK(fxc_mat3_from_axis_angle(V(x, y, z), F16(angle), r) == FXC_OK);
}

/* Box b with half extents h, placed with rotation r (NULL: none) at p. */
static void box_at(body *b, fxc_vec3 h, const fxc_mat3 *r, fxc_vec3 p)
{
    scene_box(b, h);
    scene_place(b, r, p);
    scene_finish(b);
}

/* ---- tests --------------------------------------------------------------------------- */

/* Boxes resting face on face, B rotated about the normal and shifted so
 * that the contact region has 3 to 8 vertices, 0 to 50 LSB deep: the
 * points cover the region, every region size occurs. */
void test_manifold_boxes_resting(void)
{
    t_rng r = { 1717 };
    /* as many cases on the boards: every region size must occur */
    int seen[2 * REF_MAX + 1] = { 0 }, i, k, cases = 400;
    double worst = 0, least_cover = 1;
    for (i = 0; i < cases; i++) {
        body a, b;
        fxc_mat3 rot;
        fxc_contact_manifold m;
        rg_vec u, v, n = rg_v(0, 0, 1);
        poly2 g;
        int32_t pen = t_range(&r, 0, 50), st;
        fxc_vec3 p = fxc_v3(t_range(&r, -3 * 65536 / 2, 3 * 65536 / 2), t_range(&r, -3 * 65536 / 2, 3 * 65536 / 2),
                            F16(1) - pen);
        double cover;
        rotation(0, 0, 1, (double)t_range(&r, 0, 7854) / 10000.0, &rot);
        box_at(&a, V(1, 1, 0.5), NULL, fxc_v3(0, 0, 0));
        box_at(&b, V(1, 1, 0.5), &rot, p);
        st = manifold(&a, &b, 0, &m);
        basis(n, &u, &v);
        contact_region(&a, &b, n, u, v, &g);
        if (g.n < 3) continue; /* B beside A, or touching along an edge */
        seen[g.n]++;
        CHECK_MSG(st == (pen > FXC_TOUCH_TOL ? FXC_PENETRATING : FXC_TOUCHING), "case %d: status %d, %d LSB deep", i, st, pen);
        worst = fmax(worst, check_points(&a, &b, &m, "resting"));
        for (k = 0; k < m.count; k++)
            CHECK_MSG(m.point[k].separation >= -pen - 1 && m.point[k].separation <= -pen + 1, "case %d: separation %d, %d deep",
                      i, m.point[k].separation, pen);
        cover = manifold_area(&m, u, v) / best_four(&g);
        CHECK_MSG(cover >= 0.6, "case %d: the points cover %.1f %% of the best four of the region's %d vertices", i,
                  100 * cover, g.n);
        least_cover = fmin(least_cover, cover);
    }
    for (k = 3; k <= 8; k++) CHECK_MSG(seen[k] > 0, "no contact region of %d vertices", k);
    port_printf("    manifold resting boxes: worst %.2f LSB, least cover %.1f %% (3..8-gons: %d %d %d %d %d %d)\n", worst,
                100 * least_cover, seen[3], seen[4], seen[5], seen[6], seen[7], seen[8]);
}

/* Stacked boxes 1 to 50 LSB deep, aligned and turned: every point's
 * separation is the depth, to the LSB. */
void test_manifold_stacked_depths(void)
{
    int pen, turn;
    for (turn = 0; turn < 2; turn++)
        for (pen = 1; pen <= 50; pen += T_TARGET_CASES(1, 7)) {
            body a, b;
            fxc_mat3 rot;
            fxc_contact_manifold m;
            int k;
            rotation(0, 0, 1, turn ? 0.5 : 0, &rot);
            box_at(&a, V(2, 2, 0.5), NULL, V(0.25, -0.5, 3));
            box_at(&b, V(1, 0.5, 0.25), &rot, fxc_v3(F16(0.5), F16(-0.25), F16(3.75) - pen));
            CHECK(manifold(&a, &b, 0, &m) == (pen > FXC_TOUCH_TOL ? FXC_PENETRATING : FXC_TOUCHING));
            (void)check_points(&a, &b, &m, "stacked");
            CHECK_MSG(m.count == 4, "%d deep: %d points", pen, m.count);
            for (k = 0; k < m.count; k++) CHECK_MSG(m.point[k].separation == -pen, "%d deep: separation %d", pen, m.point[k].separation);
        }
}

/* The ids of a resting box's points, as a sorted list. */
static void sorted_ids(const fxc_contact_manifold *m, uint32_t id[FXC_MANIFOLD_MAX_POINTS])
{
    int i, j;
    for (i = 0; i < m->count; i++) id[i] = m->point[i].id;
    for (i = 1; i < m->count; i++)
        for (j = i; j > 0 && id[j - 1] > id[j]; j--) {
            uint32_t t = id[j];
            id[j] = id[j - 1];
            id[j - 1] = t;
        }
}

/* A resting box moved by a few LSB keeps its points' feature ids. With a
 * contact region of four vertices or fewer every vertex is a point, and
 * its id must stay. With more, the reduction to four may flip between two
 * choices of nearly the same area (two region vertices a few hundredths
 * of a unit apart), which a move of a few LSB can tip: at most 5 % of the
 * moves may change an id there. Cases where a corner of one box lies
 * within 16 LSB of the other's side (the region itself changes under the
 * move) are left out. */
void test_manifold_ids_stable(void)
{
    t_rng r = { 99 };
    /* as many cases on the boards: enough moves of each kind */
    int i, j, k, cases = 200, moves[2] = { 0, 0 }, flips[2] = { 0, 0 };
    for (i = 0; i < cases; i++) {
        body a, b;
        fxc_mat3 rot;
        fxc_contact_manifold m0, m1;
        uint32_t id0[FXC_MANIFOLD_MAX_POINTS], id1[FXC_MANIFOLD_MAX_POINTS];
        fxc_vec3 p = fxc_v3(t_range(&r, -65536, 65536), t_range(&r, -65536, 65536), F16(1) - t_range(&r, 8, 20));
        rg_vec u, v;
        poly2 g;
        int near_side = 0, many;
        rotation(0, 0, 1, (double)t_range(&r, 0, 7854) / 10000.0, &rot);
        box_at(&a, V(1, 1, 0.5), NULL, fxc_v3(0, 0, 0));
        box_at(&b, V(0.75, 0.5, 0.5), &rot, p);
        for (k = 0; k < 8; k++) {
            rg_vec c = b.poly.v[k], d = rg_xf_inverse_apply(&b.rxf, a.poly.v[k]);
            if (fabs(fabs(c.x) - 1) < 16.0 / 65536 || fabs(fabs(c.y) - 1) < 16.0 / 65536 ||
                fabs(fabs(d.x) - 0.75) < 16.0 / 65536 || fabs(fabs(d.y) - 0.5) < 16.0 / 65536)
                near_side = 1;
        }
        basis(rg_v(0, 0, 1), &u, &v);
        contact_region(&a, &b, rg_v(0, 0, 1), u, v, &g);
        if (near_side || g.n < 3) continue;
        many = g.n > 4;
        CHECK(manifold(&a, &b, 0, &m0) == FXC_PENETRATING);
        sorted_ids(&m0, id0);
        for (j = 0; j < 4; j++) {
            int same;
            box_at(&b, V(0.75, 0.5, 0.5), &rot, fxc_v3_add(p, t_vec(&r, -5, 5)));
            CHECK(manifold(&a, &b, 0, &m1) == FXC_PENETRATING);
            sorted_ids(&m1, id1);
            same = m1.count == m0.count;
            for (k = 0; same && k < m0.count; k++) same = id0[k] == id1[k];
            moves[many]++;
            flips[many] += !same;
            CHECK_MSG(same || many, "case %d: %d points, ids changed by a move of a few LSB", i, m0.count);
        }
    }
    CHECK(moves[0] > 40 && moves[1] > 40 && flips[1] * 20 <= moves[1]);
    port_printf("    manifold ids: %d of %d moves changed an id (region of 3-4 vertices), %d of %d (5-8)\n", flips[0],
                moves[0], flips[1], moves[1]);
}

/* Edge on face, edge across edge, vertex on face: 2, 1 and 1 points, as
 * deep as the reference's separating-axis depth. */
void test_manifold_edge_vertex_contacts(void)
{
    static const double PEN = 10.0 / 65536.0, S2 = 0.70710678118654752; /* sqrt(1/2) */
    body a, b;
    fxc_mat3 rx, ry, rv;
    fxc_contact_manifold m;
    double depth;
    int k;
    rotation(1, 0, 0, 0.78539816, &rx);
    rotation(0, 1, 0, 0.78539816, &ry);
    box_at(&a, V(2, 2, 0.5), NULL, fxc_v3(0, 0, 0));

    /* B's edge along x, down: two points at its ends */
    box_at(&b, V(0.5, 0.5, 0.5), &rx, V(0.3, 0.2, 0.5 + S2 - PEN));
    CHECK(manifold(&a, &b, 0, &m) == FXC_PENETRATING);
    (void)check_points(&a, &b, &m, "edge on face");
    CHECK_MSG(m.count == 2, "edge on face: %d points", m.count);
    for (k = 0; k < m.count; k++) CHECK(FXC_FEATURE_KIND(m.point[k].id >> 16) == FXC_FEATURE_VERTEX);
    if (m.count == 2) CHECK(fabs(t_d(m.point[0].point_a.x - m.point[1].point_a.x)) > 0.99);

    /* A's top edge along y, B's bottom edge along x: one point */
    box_at(&a, V(0.5, 0.5, 0.5), &ry, fxc_v3(0, 0, 0));
    box_at(&b, V(0.5, 0.5, 0.5), &rx, V(0, 0, 2 * S2 - PEN));
    depth = rg_poly_sat(&a.poly, &b.poly, NULL);
    CHECK(manifold(&a, &b, 0, &m) == FXC_PENETRATING);
    (void)check_points(&a, &b, &m, "edge across edge");
    CHECK_MSG(m.count == 1, "edge across edge: %d points", m.count);
    CHECK(fabs(lsb(depth) + m.point[0].separation) <= SEP_BOUND);
    CHECK(m.point[0].id == (0x4000u | 0x4000u << 16 | (m.point[0].id & 0x3FFF3FFFu)));

    /* B's corner down (a cube's diagonal along z): one point */
    rotation(1, -1, 0, 0.95531662, &rv); /* acos(1/sqrt(3)) about (1,-1,0)/sqrt(2) */
    box_at(&a, V(2, 2, 0.5), NULL, fxc_v3(0, 0, 0));
    box_at(&b, V(0.5, 0.5, 0.5), &rv, V(0.1, 0.1, 0.5 + 0.8660254 - PEN));
    depth = rg_poly_sat(&a.poly, &b.poly, NULL);
    CHECK(manifold(&a, &b, 0, &m) == FXC_PENETRATING);
    (void)check_points(&a, &b, &m, "vertex on face");
    CHECK_MSG(m.count == 1, "vertex on face: %d points", m.count);
    CHECK(FXC_FEATURE_KIND(m.point[0].id >> 16) == FXC_FEATURE_VERTEX && FXC_FEATURE_KIND(m.point[0].id) == FXC_FEATURE_FACE);
    CHECK(fabs(lsb(depth) + m.point[0].separation) <= SEP_BOUND);
}

/* Hulls: an icosahedron with a face down on a box (its face's vertices
 * rounded to Q16.16, so the face is flat only within a few LSB): three
 * points; with an edge down: two; a box on a flat octagonal prism (16
 * vertices): four points covering the box's face. */
void test_manifold_hulls(void)
{
    static const double PHI = 1.6180339887498949;
    static const double ico[12][3] = { { 0, 1, PHI }, { 0, -1, PHI }, { 0, 1, -PHI }, { 0, -1, -PHI },
                                       { 1, PHI, 0 }, { -1, PHI, 0 }, { 1, -PHI, 0 }, { -1, -PHI, 0 },
                                       { PHI, 0, 1 }, { -PHI, 0, 1 }, { PHI, 0, -1 }, { -PHI, 0, -1 } };
    body a, b;
    fxc_contact_manifold m;
    rg_vec e0, e1, e2, u, v, w, n = rg_v(0, 0, 1);
    poly2 g;
    double low = 1e300, s = 0.5;
    int i, k;

    /* face (0, 1, PHI), (0, -1, PHI), (PHI, 0, 1) turned to face -z: w is
     * its outward normal, (u, v, w) an orthonormal frame mapped to (x, y, -z) */
    e0 = rg_v(ico[0][0], ico[0][1], ico[0][2]);
    e1 = rg_v(ico[1][0], ico[1][1], ico[1][2]);
    e2 = rg_v(ico[8][0], ico[8][1], ico[8][2]);
    w = rg_add(rg_add(e0, e1), e2);
    w = rg_scale(w, 1.0 / rg_len(w));
    basis(w, &u, &v);
    for (i = 0; i < 12; i++) {
        rg_vec p = rg_v(ico[i][0], ico[i][1], ico[i][2]);
        b.verts[i] = V(s * rg_dot(p, u), s * rg_dot(p, v), -s * rg_dot(p, w));
        low = fmin(low, t_d(b.verts[i].z));
    }
    CHECK(fxc_shape_hull(&b.shape, b.verts, 12, 0) == FXC_OK);
    b.radius = 0;
    scene_place(&b, NULL, fxc_v3(F16(0.3), F16(-0.2), F16(0.5 - low) - 6));
    scene_finish(&b);
    box_at(&a, V(2, 2, 0.5), NULL, fxc_v3(0, 0, 0));
    CHECK(manifold(&a, &b, 0, &m) == FXC_PENETRATING);
    (void)check_points(&a, &b, &m, "icosahedron face down");
    basis(n, &u, &v);
    contact_region(&a, &b, n, u, v, &g);
    CHECK_MSG(m.count == 3 && g.n == 3, "icosahedron face down: %d points, region of %d", m.count, g.n);
    CHECK(manifold_area(&m, u, v) >= 0.95 * area2(&g));

    /* the standard icosahedron has the edge (0, +-1, -PHI) down */
    for (i = 0; i < 12; i++) b.verts[i] = V(s * ico[i][0], s * ico[i][1], s * ico[i][2]);
    CHECK(fxc_shape_hull(&b.shape, b.verts, 12, 0) == FXC_OK);
    scene_place(&b, NULL, fxc_v3(F16(-0.4), F16(0.1), F16(0.5 + s * PHI) - 6));
    scene_finish(&b);
    CHECK(manifold(&a, &b, 0, &m) == FXC_PENETRATING);
    (void)check_points(&a, &b, &m, "icosahedron edge down");
    CHECK_MSG(m.count == 2, "icosahedron edge down: %d points", m.count);

    /* a box on an octagonal prism 6 units across, 0.5 thick */
    for (i = 0; i < 16; i++) {
        double t = (i % 8) * 0.78539816339744831;
        a.verts[i] = V(3 * cos(t), 3 * sin(t), i < 8 ? 0.25 : -0.25);
    }
    CHECK(fxc_shape_hull(&a.shape, a.verts, 16, 0) == FXC_OK);
    a.radius = 0;
    scene_place(&a, NULL, fxc_v3(0, 0, 0));
    scene_finish(&a);
    for (k = 0; k < 8; k++) {
        fxc_mat3 rot;
        rotation(0, 0, 1, 0.2 * k, &rot);
        box_at(&b, V(0.5, 0.75, 0.5), &rot, fxc_v3(F16(0.2 * k - 1), F16(0.5), F16(0.75) - 3 * k));
        CHECK(manifold(&a, &b, 0, &m) == (3 * k > FXC_TOUCH_TOL ? FXC_PENETRATING : FXC_TOUCHING));
        (void)check_points(&a, &b, &m, "box on prism");
        contact_region(&a, &b, n, u, v, &g);
        CHECK_MSG(m.count == 4 && manifold_area(&m, u, v) >= 0.99 * area2(&g), "box on prism %d: %d points", k, m.count);
    }
}

/* Curved cores: a capsule lying on a box gives its two ends, a cylinder
 * standing on a box four points on its rim, a sphere one. */
void test_manifold_curved(void)
{
    body a, b;
    fxc_mat3 ry;
    fxc_contact_manifold m;
    int k;
    box_at(&a, V(2, 2, 0.5), NULL, fxc_v3(0, 0, 0));

    rotation(0, 1, 0, 1.5707963, &ry); /* the capsule's axis along x */
    CHECK(fxc_shape_capsule(&b.shape, F16(0.75), F16(0.25)) == FXC_OK);
    b.radius = 0.25;
    scene_place(&b, &ry, fxc_v3(F16(0.3), F16(0.4), F16(0.75) - 8));
    scene_finish(&b);
    CHECK(manifold(&a, &b, 0, &m) == FXC_PENETRATING);
    CHECK_MSG(m.count == 2, "capsule on a box: %d points", m.count);
    for (k = 0; k < m.count; k++) {
        const fxc_manifold_point *q = &m.point[k];
        CHECK_MSG(fabs(fabs(t_d(q->point_a.x) - 0.3) - 0.75) <= 2.0 / 65536, "capsule end %d at x %.6f", k, t_d(q->point_a.x));
        CHECK(fabs(t_d(q->point_a.z) - 0.5) <= 2.0 / 65536 && abs(q->separation + 8) <= 2);
        CHECK(scene_off_body(&a, q->point_a) <= IN_BOUND);
    }

    CHECK(fxc_shape_cylinder(&b.shape, F16(0.5), F16(0.4), 0) == FXC_OK);
    scene_place(&b, NULL, fxc_v3(F16(-0.5), F16(0.25), F16(1) - 5));
    CHECK(manifold(&a, &b, 0, &m) == FXC_PENETRATING);
    CHECK_MSG(m.count == 4, "cylinder on a box: %d points", m.count);
    for (k = 0; k < m.count; k++) {
        const fxc_manifold_point *q = &m.point[k];
        double rad = hypot(t_d(q->point_b.x) + 0.5, t_d(q->point_b.y) - 0.25);
        CHECK_MSG(rad <= 0.4 + 1.0 / 65536 && rad >= 0.4 * 0.92, "cylinder rim point %d at radius %.6f", k, rad);
        CHECK(fabs(t_d(q->point_b.z) - (0.5 - 5.0 / 65536)) <= 1.0 / 65536 && abs(q->separation + 5) <= 1);
        CHECK(scene_off_body(&a, q->point_a) <= IN_BOUND);
    }

    CHECK(fxc_shape_sphere(&b.shape, F16(0.5)) == FXC_OK);
    scene_place(&b, NULL, fxc_v3(F16(0.5), F16(0.5), F16(1) - 4));
    CHECK(manifold(&a, &b, 0, &m) == FXC_PENETRATING);
    CHECK(m.count == 1 && m.point[0].separation == -4 && m.point[0].point_b.z == F16(0.5) - 4);
}

/* A cylinder's cap counts as a face within the band of src/feature.c: 16
 * LSB plus 2^-14 of the core's reach (for a reach of 0.5 unit, its power
 * of two: 4 LSB), with no speculative distance. A cylinder of radius 0.4
 * standing on a box, its axis tilted by theta, has its cap's far rim
 * 2 r sin(theta) above the near rim along the box's normal, and the
 * flatness test takes r tan(theta) against the band: at a quarter of the
 * band, the cap's points (4); at four times the band, its one lowest rim
 * point. The whole cap is in the box either way (the lowest rim point 20
 * LSB deep, and 200 at the larger tilt, where the far rim is 160 LSB
 * higher), so that the count tells the cap's flatness alone. The tilt is
 * about an axis at 22.5 degrees, so the lowest rim point lies between two
 * corners of the cap's octagon (a flat cap would give both). Each point
 * on the box's top face, as deep as the rim point above it (a rounding of
 * 2 LSB). */
void test_manifold_cap_band_edge(void)
{
    const double r = 0.4 * 65536, band = 16 + 4;
    body a, b;
    int k, i;
    box_at(&a, V(2, 2, 0.5), NULL, fxc_v3(0, 0, 0));
    for (k = 0; k < 2; k++) {
        double theta = atan((k ? 4.0 : 0.25) * band / r), depth = k ? 200 : 20;
        fxc_mat3 rx;
        fxc_contact_manifold m;
        rotation(0.92387953, 0.38268343, 0, theta, &rx); /* cos, sin 22.5 degrees */
        CHECK(fxc_shape_cylinder(&b.shape, F16(0.5), F16(0.4), 0) == FXC_OK);
        scene_place(&b, &rx, fxc_v3(0, 0, (fix16_t)floor(32768 + 32768 * cos(theta) + r * sin(theta) - depth + 0.5)));
        CHECK(manifold(&a, &b, 0, &m) == FXC_PENETRATING);
        CHECK_MSG(m.count == (k ? 1 : 4), "tilt of %.0f%% of the band: %d points", k ? 400.0 : 25.0, m.count);
        for (i = 0; i < m.count && i < FXC_MANIFOLD_MAX_POINTS; i++) {
            const fxc_manifold_point *q = &m.point[i];
            CHECK_MSG(abs(q->point_a.z - 32768) <= 2 && q->separation >= -depth - 2 &&
                          q->separation <= -depth + 2 * r * sin(theta) + 2 && abs(q->point_b.z - q->point_a.z - q->separation) <= 2,
                      "tilt %d point %d: z %d / %d, separation %d", k, i, (int)q->point_a.z, (int)q->point_b.z, (int)q->separation);
        }
    }
}

/* Speculative contacts: a box 100 LSB above another gives no points when
 * the speculative distance plus the touching band is shorter, four at
 * separation 100 otherwise; a box touching 1 LSB above gives its four
 * corners with no speculative distance (FXC_TOUCHING always has points);
 * a tilted box keeps only its corners within the speculative distance. */
void test_manifold_speculative(void)
{
    body a, b;
    fxc_mat3 rx;
    fxc_contact_manifold m;
    int k;
    box_at(&a, V(1, 1, 0.5), NULL, fxc_v3(0, 0, 0));
    box_at(&b, V(0.5, 0.5, 0.5), NULL, fxc_v3(0, 0, F16(1) + 100));
    CHECK(manifold(&a, &b, 98, &m) == FXC_SEPARATED && m.count == 0 && m.contact.distance == 100);
    CHECK(manifold(&a, &b, 99, &m) == FXC_SEPARATED && m.count == 4); /* within the touching band beyond it */
    CHECK(manifold(&a, &b, 100, &m) == FXC_SEPARATED && m.count == 4);
    for (k = 0; k < m.count; k++) CHECK(m.point[k].separation == 100);
    (void)check_points(&a, &b, &m, "speculative");
    box_at(&b, V(0.5, 0.5, 0.5), NULL, fxc_v3(0, 0, F16(1) + 1));
    CHECK(manifold(&a, &b, 0, &m) == FXC_TOUCHING && m.count == 4);
    for (k = 0; k < m.count; k++) CHECK(m.point[k].separation == 1);

    /* tilted by 0.01 rad about x: B's corners at y = -0.5 lie 0.01 units
     * (655 LSB) lower than those at y = +0.5 */
    rotation(1, 0, 0, 0.01, &rx);
    box_at(&b, V(0.5, 0.5, 0.5), &rx, fxc_v3(0, 0, F16(1.005) + 50));
    CHECK(manifold(&a, &b, 300, &m) == FXC_SEPARATED && m.count == 2);
    for (k = 0; k < m.count; k++) CHECK(m.point[k].separation <= 300 && m.point[k].point_b.y < 0);
    (void)check_points(&a, &b, &m, "speculative tilted");
    CHECK(manifold(&a, &b, 2000, &m) == FXC_SEPARATED && m.count == 4);
    (void)check_points(&a, &b, &m, "speculative tilted, all");
}

/* A band that takes in two faces meeting at a ridge: a hull whose bottom
 * is a shallow V (a ridge 0.01 units below its two sides) resting ridge
 * down on a box, with a speculative distance that takes both sides into
 * the band. Seen along the normal, the ridge lies on the sides' outline
 * but is no corner of it, and a polygon of the sides' corners missed it
 * (its plane is not the hull's). The contact is the ridge: its two ends,
 * inside the box's top face, each 20 LSB deep. */
void test_manifold_bent_reference(void)
{
    static const double v[10][3] = { { -1, 0, 0 }, { 1, 0, 0 },       { -1, -1, 0.01 }, { 1, -1, 0.01 }, { -1, 1, 0.01 },
                                     { 1, 1, 0.01 }, { -1, -1, 0.5 }, { 1, -1, 0.5 },   { -1, 1, 0.5 },  { 1, 1, 0.5 } };
    body a, b;
    fxc_contact_manifold m;
    int i, ends = 0;
    box_at(&a, V(2, 2, 0.5), NULL, fxc_v3(0, 0, 0));
    for (i = 0; i < 10; i++) b.verts[i] = V(v[i][0], v[i][1], v[i][2]);
    CHECK(fxc_shape_hull(&b.shape, b.verts, 10, 0) == FXC_OK);
    b.radius = 0;
    scene_place(&b, NULL, fxc_v3(F16(0.25), F16(0.5), F16(0.5) - 20));
    scene_finish(&b);
    CHECK(manifold(&a, &b, 1000, &m) == FXC_PENETRATING && m.contact.depth == 20);
    (void)check_points(&a, &b, &m, "bent reference");
    CHECK_MSG(m.count == 2, "bent reference: %d points", m.count);
    for (i = 0; i < m.count && i < FXC_MANIFOLD_MAX_POINTS; i++) {
        const fxc_manifold_point *q = &m.point[i];
        int end = abs(q->point_b.x - F16(-0.75)) <= 1 ? 1 : abs(q->point_b.x - F16(1.25)) <= 1 ? 2 : 0;
        CHECK_MSG(end != 0 && !(ends & end) && abs(q->point_b.y - F16(0.5)) <= 1 && q->separation == -20,
                  "bent reference: point %d at (%.6f, %.6f), %d deep, is no new end of the ridge", i, t_d(q->point_b.x),
                  t_d(q->point_b.y), -q->separation);
        ends |= end;
    }
}

/* A speculative distance as wide as the shapes: the band takes in a
 * hull's points from more than one face, and a plane through them is
 * not the shape's. Random hulls and boxes at the unit and the large
 * scale, speculative up to the range limit: every point still in both
 * shapes (check_points; such bands put points far outside a shape before
 * the reference plane's flatness was asked). And a case found by review:
 * a hull 8192 units across and a segment with a 355-unit margin at the
 * world's edge, where a point placed on such a plane lay 281031465 raw
 * (past FXC_RAW_LIMIT) from the pair's centre and its world z passed
 * int32 (signed overflow, UBSan). */
void test_manifold_wide_band(void)
{
    static const fxc_vec3 hv[7] = { { -49686888, -5346348, -268435455 },  { 268435455, 113858508, 268435453 },
                                    { -268435455, 268435453, -24617812 }, { 268435455, 268435452, 268435454 },
                                    { -268435455, -666022, 226697201 },   { -268435453, -268435455, 268435455 },
                                    { -13085472, 268435455, 43638272 } };
    const scale_class *sc[2] = { &SCALE_UNIT, &SCALE_LARGE };
    t_rng r = { 1717 };
    body a, b;
    fxc_contact_manifold m;
    double worst = 0;
    int i, many = 0, n = T_TARGET_CASES(400, 80);
    for (i = 0; i < n && t_failures() == 0; i++) {
        fix16_t spec = i % 3 == 0 ? FXC_RAW_LIMIT : (fix16_t)t_range(&r, 0, sc[i & 1]->size_max * 2);
        int st;
        scene_random_polytope(&r, &a, sc[i & 1], 1);
        scene_random_polytope(&r, &b, sc[i & 1], (i >> 1) & 1);
        st = manifold(&a, &b, spec, &m);
        CHECK_MSG(st >= 0, "case %d: status %d", i, st);
        if (m.count == 0) continue;
        many += m.count > 1;
        worst = fmax(worst, check_points(&a, &b, &m, "wide band"));
    }
    port_printf("    manifold wide band: %d cases, %d with 2 or more points, worst %.2f LSB\n", n, many, worst);
    memcpy(a.verts, hv, sizeof hv);
    CHECK(fxc_shape_hull(&a.shape, a.verts, 7, 0) == FXC_OK);
    CHECK(fxc_shape_segment(&b.shape, fxc_v3(245180378, 245180375, 27563912), fxc_v3(-108255925, -245180378, 245180378),
                            23255077) == FXC_OK);
    scene_place(&a, NULL, fxc_v3(-674144992, -1878982655, 1878982657));
    scene_place(&b, NULL, fxc_v3(-674144992, -1878982655, 1878982657));
    scene_finish(&a);
    scene_finish(&b);
    CHECK(manifold(&a, &b, FXC_RAW_LIMIT, &m) == FXC_PENETRATING);
    for (i = 0; i < m.count && i < FXC_MANIFOLD_MAX_POINTS; i++) {
        double ea = scene_off_body(&a, m.point[i].point_a), eb = scene_off_body(&b, m.point[i].point_b) - lsb(b.radius);
        CHECK_MSG(ea <= IN_BOUND && eb <= IN_BOUND, "world's edge: point %d %.2f / %.2f LSB outside A / B", i, ea, eb);
    }
}

/* A speculative distance wider than a shape is thick takes its far side
 * into the band: a slab 0.5 units thick under a box, speculative 0.6
 * units. The far side's corners lie under the near side's seen along the
 * normal; the near side's must be the ones kept: four points 20 LSB deep
 * on the slab's top face (they were its bottom face's, 0.5 units apart). */
void test_manifold_band_past_far_side(void)
{
    body a, b;
    fxc_contact_manifold m;
    int k;
    box_at(&a, V(1, 1, 0.25), NULL, fxc_v3(0, 0, 0));
    box_at(&b, V(0.5, 0.5, 0.5), NULL, fxc_v3(F16(0.1), 0, F16(0.75) - 20));
    CHECK(manifold(&a, &b, F16(0.6), &m) == FXC_PENETRATING);
    (void)check_points(&a, &b, &m, "band past the far side");
    CHECK_MSG(m.count == 4, "band past the far side: %d points", m.count);
    for (k = 0; k < m.count; k++)
        CHECK_MSG(m.point[k].separation == -20 && m.point[k].point_a.z == F16(0.25), "point %d: separation %d at z %.6f", k,
                  m.point[k].separation, t_d(m.point[k].point_a.z));
}

/* A speculative distance wider than a hull is tall takes its far side
 * into the band: a hexagonal frustum standing on its small end (radius
 * 0.25, under a hexagon of radius 0.5 turned by 30 degrees, 0.25 units
 * higher), 20 LSB into a large box (the frustum's face is the reference)
 * or a large octagonal prism (the prism's is), speculative 0.5 units.
 * Seen along the normal, the top hexagon hides the bottom one, and the
 * band's polygon was the top's: points 0.25 units apart, under
 * fxc_collide's own. The contact is the bottom hexagon: four of its
 * corners, each 20 LSB deep. */
void test_manifold_far_side_hidden(void)
{
    body a, b;
    fxc_contact_manifold m;
    int i, k, below;
    for (i = 0; i < 6; i++) {
        double t = i * 1.0471975511965976; /* 60 degrees */
        a.verts[i] = V(0.25 * cos(t), 0.25 * sin(t), -0.125);
        a.verts[i + 6] = V(0.5 * cos(t + 0.52359877559829887), 0.5 * sin(t + 0.52359877559829887), 0.125);
    }
    CHECK(fxc_shape_hull(&a.shape, a.verts, 12, 0) == FXC_OK);
    scene_place(&a, NULL, fxc_v3(0, 0, 0));
    scene_finish(&a);
    for (below = 0; below < 2; below++) {
        int used = 0;
        if (below == 0) {
            box_at(&b, V(1, 1, 0.25), NULL, fxc_v3(0, 0, F16(-0.375) + 20));
        } else {
            for (i = 0; i < 8; i++) {
                double t = i * 0.78539816339744831; /* 45 degrees */
                b.verts[i] = V(2 * cos(t), 2 * sin(t), 0.25);
                b.verts[i + 8] = V(2 * cos(t), 2 * sin(t), -0.25);
            }
            CHECK(fxc_shape_hull(&b.shape, b.verts, 16, 0) == FXC_OK);
            scene_place(&b, NULL, fxc_v3(0, 0, F16(-0.375) + 20));
            scene_finish(&b);
        }
        CHECK(manifold(&a, &b, F16(0.5), &m) == FXC_PENETRATING);
        (void)check_points(&a, &b, &m, "far side hidden");
        CHECK_MSG(m.count == 4, "far side hidden, on %s: %d points", below ? "a prism" : "a box", m.count);
        for (k = 0; k < m.count && k < FXC_MANIFOLD_MAX_POINTS; k++) {
            const fxc_manifold_point *q = &m.point[k];
            int corner = -1;
            for (i = 0; i < 6; i++)
                if (abs(q->point_a.x - a.verts[i].x) <= 2 && abs(q->point_a.y - a.verts[i].y) <= 2) corner = i;
            CHECK_MSG(corner >= 0 && !(used >> corner & 1) && abs(q->separation + 20) <= 1,
                      "far side hidden, on %s: point %d (%.6f, %.6f) separation %d is no new bottom corner",
                      below ? "a prism" : "a box", k, t_d(q->point_a.x), t_d(q->point_a.y), q->separation);
            if (corner >= 0) used |= 1 << corner;
        }
    }
}

/* A hull face with more vertices than a feature keeps (24 > 12): the kept
 * ones are spread over the whole face, so a box resting in its middle
 * keeps its four corners (the first 12 in a row cut the box in half). */
void test_manifold_many_sided_face(void)
{
    fxc_vec3 v[48]; /* on the stack: the micro:bit has no .bss to spare */
    fxc_shape a, b;
    fxc_transform ta, tb;
    fxc_contact_manifold m;
    int i, k;
    for (i = 0; i < 24; i++) {
        double t = i * 0.26179938779914941; /* 15 degrees */
        v[i] = V(cos(t), sin(t), 0.25);
        v[i + 24] = V(cos(t), sin(t), -0.25);
    }
    CHECK(fxc_shape_hull(&a, v, 48, 0) == FXC_OK && fxc_shape_box(&b, V(0.25, 0.25, 0.25), 0) == FXC_OK);
    CHECK(fxc_transform_set(&ta, NULL, fxc_v3(0, 0, 0)) == FXC_OK);
    CHECK(fxc_transform_set(&tb, NULL, fxc_v3(0, 0, F16(0.5) - 10)) == FXC_OK);
    CHECK(fxc_manifold(&a, &ta, &b, &tb, 0, &t_ws, &m) == FXC_PENETRATING);
    CHECK_MSG(m.count == 4, "many-sided face: %d points", m.count);
    for (k = 0; k < m.count; k++)
        CHECK_MSG(m.point[k].separation == -10 && abs(abs(m.point[k].point_b.x) - F16(0.25)) <= 2 &&
                      abs(abs(m.point[k].point_b.y) - F16(0.25)) <= 2,
                  "point %d at (%.6f, %.6f), separation %d", k, t_d(m.point[k].point_b.x), t_d(m.point[k].point_b.y),
                  m.point[k].separation);
}

/* Found by the fuzzer: two sliver hulls (one 2570 units long) 23 LSB deep,
 * whose features' clipped points all lie thousands of LSB apart: none is
 * within the speculative distance, so fxc_collide's point is the only one
 * (the deepest clipped point was kept, 6019 LSB apart with a speculative
 * distance of 4096). */
void test_manifold_fuzz_sliver_hulls(void)
{
    static const fxc_vec3 va[4] = { { -65536, 16777216, -8388618 }, { 4, 65536, -8388618 }, { 0, 0, 4 }, { 0, 0, 0 } };
    static const fxc_vec3 vb[7] = { { 114769933, 93709, 262144 }, { -16, 0, 0 },       { 0, 168430080, 11 },
                                    { 57384966, 84261894, 131077 }, { 0, 8077316, -65568768 }, { 0, 0, 0 },
                                    { -16, 0, 0 } };
    fxc_shape a, b;
    fxc_transform ta, tb;
    fxc_mat3 r;
    fxc_contact_manifold m;
    int k;
    r.m[0][0] = 65537, r.m[0][1] = -7, r.m[0][2] = 6;
    r.m[1][0] = 6, r.m[1][1] = 65537, r.m[1][2] = -7;
    r.m[2][0] = -7, r.m[2][1] = 6, r.m[2][2] = 65537;
    CHECK(fxc_shape_hull(&a, va, 4, 0) == FXC_OK && fxc_shape_hull(&b, vb, 7, 0) == FXC_OK);
    CHECK(fxc_transform_set(&ta, &r, fxc_v3(11, 105, 46355)) == FXC_OK && fxc_transform_set(&tb, NULL, fxc_v3(0, 0, 0)) == FXC_OK);
    CHECK(fxc_manifold(&b, &tb, &a, &ta, 4096, &t_ws, &m) == FXC_PENETRATING && m.count >= 1);
    for (k = 0; k < m.count; k++)
        CHECK_MSG(m.point[k].separation <= 4096 + FXC_TOUCH_TOL, "point %d separated by %d", k, m.point[k].separation);
    CHECK_MSG(abs(m.point[0].separation + m.contact.depth) <= 2, "the first point %d deep, the pair %d", -m.point[0].separation,
              m.contact.depth);
}

/* Random box and hull pairs in contact, at every scale class (unit, small,
 * and pairs thousands of units across far out in the world): the contact
 * is fxc_collide's, bit for bit; every point in both shapes, the deepest
 * as deep as the pair. */
void test_manifold_random_pairs(void)
{
    static const scale_class *const classes[3] = { &SCALE_UNIT, &SCALE_SMALL, &SCALE_LARGE };
    t_rng r = { 4242 };
    int i, c, cases = T_TARGET_CASES(1000, 50);
    for (c = 0; c < 3; c++) {
        const scale_class *sc = classes[c];
        double worst = 0;
        int done = 0;
        for (i = 0; i < cases; i++) {
            body a, b;
            fxc_contact_manifold m;
            fxc_contact col;
            fxc_mat3 rot;
            int st;
            scene_random_polytope(&r, &a, sc, (int)(t_next(&r) & 1));
            scene_random_polytope(&r, &b, sc, (int)(t_next(&r) & 1));
            rot = b.xf.rot;
            scene_place(&b, &rot, fxc_v3_add(a.xf.pos, t_vec(&r, -sc->size_max, sc->size_max))); /* near A */
            scene_finish(&b);
            st = manifold(&a, &b, 0, &m);
            CHECK(st >= 0);
            CHECK_MSG(fxc_collide(&a.shape, &a.xf, &b.shape, &b.xf, &t_ws, &col) == st && same_contact(&m.contact, &col),
                      "%s case %d: the manifold's contact is not fxc_collide's", sc->name, i);
            if (st != FXC_TOUCHING && st != FXC_PENETRATING) {
                CHECK(m.count == 0);
                continue;
            }
            worst = fmax(worst, check_points(&a, &b, &m, sc->name));
            done++;
        }
        CHECK(done > cases / 3);
        port_printf("    manifold random pairs (%s): %d in contact, worst %.2f LSB\n", sc->name, done, worst);
    }
}

/* Bad input: statuses, and the output zeroed. */
void test_manifold_bad_input(void)
{
    body a, b;
    fxc_contact_manifold m;
    box_at(&a, V(1, 1, 0.5), NULL, fxc_v3(0, 0, 0));
    box_at(&b, V(1, 1, 0.5), NULL, V(0, 0, 0.9));
    CHECK(manifold(&a, &b, 0, NULL) == FXC_ERR_NULL);
    m.count = 3;
    CHECK(manifold(&a, &b, -1, &m) == FXC_ERR_NEGATIVE_SIZE && m.count == 0);
    m.count = 3;
    CHECK(manifold(&a, &b, FXC_RAW_LIMIT + 1, &m) == FXC_ERR_RANGE && m.count == 0);
    m.count = 3;
    CHECK(fxc_manifold(NULL, &a.xf, &b.shape, &b.xf, 0, &t_ws, &m) == FXC_ERR_NULL && m.count == 0);
    m.count = 3;
    CHECK(fxc_manifold(&a.shape, &a.xf, &b.shape, &b.xf, 0, NULL, &m) == FXC_ERR_NULL && m.count == 0);
    t_ws.busy = FXC_WORKSPACE_BUSY;
    m.count = 3;
    CHECK(manifold(&a, &b, 0, &m) == FXC_ERR_BUSY && m.count == 0);
    t_ws.busy = 0;
    CHECK(manifold(&a, &b, 0, &m) == FXC_PENETRATING && m.count == 4 && t_ws.busy == 0);
    a.shape.u.box.half.x = -5;
    CHECK(manifold(&a, &b, 0, &m) == FXC_ERR_BAD_SHAPE && m.count == 0);
}

/* Is every field of m's points from `from` on zero? */
static int zero_from(const fxc_contact_manifold *m, int from)
{
    int i;
    for (i = from; i < FXC_MANIFOLD_MAX_POINTS; i++) {
        const fxc_manifold_point *q = &m->point[i];
        if (q->point_a.x != 0 || q->point_a.y != 0 || q->point_a.z != 0 || q->point_b.x != 0 || q->point_b.y != 0 ||
            q->point_b.z != 0 || q->separation != 0 || q->id != 0)
            return 0;
    }
    return 1;
}

/* The points beyond count are zero (fxcollide.h), whatever `out` held
 * before: the manifold is written in place, so each query must clear
 * them. Four, two, one and no points: a box on a box, a box on its edge,
 * a sphere on a box, and a box far above another. */
void test_manifold_unused_points_zero(void)
{
    body a, b;
    fxc_shape ball;
    fxc_mat3 tilt;
    fxc_contact_manifold m;
    int st, k;
    box_at(&a, V(1, 1, 0.5), NULL, fxc_v3(0, 0, 0));
    rotation(1, 0, 0, 0.785398, &tilt);
    for (k = 0; k < 4; k++) {
        memset(&m, 0xA5, sizeof m);
        if (k == 0) box_at(&b, V(1, 1, 0.5), NULL, V(0, 0, 0.99));
        if (k == 1) box_at(&b, V(0.5, 0.5, 0.5), &tilt, V(0, 0, 0.5 + 0.7));
        if (k == 3) box_at(&b, V(1, 1, 0.5), NULL, V(0, 0, 5));
        if (k == 2) {
            CHECK(fxc_shape_sphere(&ball, F16(0.5)) == FXC_OK);
            b.shape = ball;
            CHECK(fxc_transform_set(&b.xf, NULL, V(0, 0, 0.99)) == FXC_OK);
        }
        st = fxc_manifold(&a.shape, &a.xf, &b.shape, &b.xf, 0, &t_ws, &m);
        CHECK_MSG(st >= 0 && m.count >= 0 && m.count <= FXC_MANIFOLD_MAX_POINTS && zero_from(&m, m.count),
                  "case %d: %s, %d points, the rest not zero", k, fxc_status_name(st), m.count);
        CHECK_MSG(m.count == (k == 0 ? 4 : k == 1 ? 2 : k == 2 ? 1 : 0), "case %d: %d points", k, m.count);
    }
}

/* How far (LSB) p lies outside a cylinder without margin placed at (rot,
 * pos): p taken into its frame through the transpose of the Q16.16
 * rotation (orthonormal within its rounding), then its distance from the
 * solid |z| <= hh, x^2 + y^2 <= r^2, in double. */
/* p in the frame of a body placed by an orthonormal rot and pos (units). */
static void local_of(fxc_vec3 p, const fxc_mat3 *rot, fxc_vec3 pos, double l[3])
{
    double d[3];
    int i;
    d[0] = t_d(p.x - pos.x);
    d[1] = t_d(p.y - pos.y);
    d[2] = t_d(p.z - pos.z);
    for (i = 0; i < 3; i++) l[i] = t_d(rot->m[0][i]) * d[0] + t_d(rot->m[1][i]) * d[1] + t_d(rot->m[2][i]) * d[2];
}

static double off_cylinder(fxc_vec3 p, const fxc_mat3 *rot, fxc_vec3 pos, fix16_t hh, fix16_t r)
{
    double l[3], rxy, out_r, out_z;
    local_of(p, rot, pos, l);
    rxy = sqrt(l[0] * l[0] + l[1] * l[1]);
    out_r = fmax(0.0, rxy - t_d(r));
    out_z = fmax(0.0, fabs(l[2]) - t_d(hh));
    return lsb(sqrt(out_r * out_r + out_z * out_z));
}

/* Edge against edge: every point on both shapes. Found by a review, each
 * a point put on the reference edge's plane but beside the edge:
 *  - segments 1 degree apart seen along the normal, with margins 0.1 and
 *    without (speculative 0.5): their ends were kept as if parallel, 99
 *    and 1144 LSB beside the other edge;
 *  - a reference edge tilted along the normal (0.01 over 1 unit): ends
 *    cut by planes across the 3D edge, moved along the normal past it by
 *    327 LSB;
 *  - a segment against a cylinder's side line, both ends on one side: its
 *    nearer end, 245 LSB beside the side line;
 *  - a cylinder's side line against a segment with a margin: their
 *    crossing beyond the side line's end, 20 LSB past it. */
void test_manifold_edge_edge_on_shapes(void)
{
    static const fxc_mat3 r3a = { { { 40174, -50663, -10686 }, { -48860, -32619, -29045 }, { 17135, 25772, -57768 } } };
    static const fxc_mat3 r3b = { { { 65526, -704, 923 }, { 708, 65532, -262 }, { -920, 272, 65529 } } };
    static const fxc_mat3 r4a = { { { 65409, 1148, -3914 }, { 503, 60136, 26045 }, { 4048, -26024, 60011 } } };
    static const fxc_mat3 r4b = { { { 37905, -24824, 47348 }, { 32239, -35686, -44520 }, { 42646, 49042, -8428 } } };
    const double s1 = sin(3.14159265358979 / 180), c1 = cos(3.14159265358979 / 180);
    body a, b;
    fxc_shape cyl;
    fxc_transform tc;
    fxc_contact_manifold m;
    int i;
    /* segments 1 degree apart, with margins (capsules) and without */
    CHECK(fxc_shape_segment(&a.shape, V(-1, 0, 0), V(1, 0, 0), F16(0.1)) == FXC_OK);
    CHECK(fxc_shape_segment(&b.shape, V(-c1, -s1, 0), V(c1, s1, 0), F16(0.1)) == FXC_OK);
    scene_place(&a, NULL, fxc_v3(0, 0, 0));
    scene_place(&b, NULL, fxc_v3(0, 0, F16(0.2) - 5));
    scene_finish(&a);
    scene_finish(&b);
    CHECK(manifold(&a, &b, 0, &m) == FXC_PENETRATING);
    for (i = 0; i < m.count && i < FXC_MANIFOLD_MAX_POINTS; i++) {
        double ea = scene_off_body(&a, m.point[i].point_a) - lsb(a.radius);
        double eb = scene_off_body(&b, m.point[i].point_b) - lsb(b.radius);
        CHECK_MSG(ea <= IN_BOUND && eb <= IN_BOUND, "capsules 1 degree apart: point %d %.2f / %.2f LSB outside", i, ea, eb);
    }
    CHECK(fxc_shape_segment(&a.shape, V(-1, 0, 0), V(1, 0, 0), 0) == FXC_OK);
    CHECK(fxc_shape_segment(&b.shape, V(-1, -s1, 0.5), V(1, s1, 0.5), 0) == FXC_OK);
    scene_place(&b, NULL, fxc_v3(0, 0, 0));
    scene_finish(&a);
    scene_finish(&b);
    CHECK(manifold(&a, &b, F16(0.5), &m) == FXC_SEPARATED);
    (void)check_points(&a, &b, &m, "segments 1 degree apart");
    /* a reference edge tilted along the normal */
    CHECK(fxc_shape_segment(&a.shape, V(0, 0, 0), V(1, 0, 0.01), 0) == FXC_OK);
    CHECK(fxc_shape_segment(&b.shape, V(-0.5, 0, 0.5), V(1.5, 0, 0.5), 0) == FXC_OK);
    scene_finish(&a);
    scene_finish(&b);
    CHECK(manifold(&a, &b, F16(1), &m) == FXC_SEPARATED);
    (void)check_points(&a, &b, &m, "tilted reference edge");
    /* a segment and a cylinder's side line, then a cylinder's side line and
     * a segment with a margin: the cylinder's side from its own formula */
    CHECK(fxc_shape_segment(&a.shape, fxc_v3(58000, 74506, 188819), fxc_v3(161146, 144946, 4113), 0) == FXC_OK);
    scene_place(&a, &r3a, fxc_v3(0, 0, 0));
    scene_finish(&a);
    CHECK(fxc_shape_cylinder(&cyl, 49802, 88950, 0) == FXC_OK);
    CHECK(fxc_transform_set(&tc, &r3b, fxc_v3(12083, -108250, 145384)) == FXC_OK);
    CHECK(fxc_manifold(&a.shape, &a.xf, &cyl, &tc, 27390, &t_ws, &m) == FXC_SEPARATED);
    for (i = 0; i < m.count && i < FXC_MANIFOLD_MAX_POINTS; i++) {
        double ea = scene_off_body(&a, m.point[i].point_a), eb = off_cylinder(m.point[i].point_b, &r3b, tc.pos, 49802, 88950);
        CHECK_MSG(ea <= IN_BOUND && eb <= IN_BOUND, "segment on a cylinder: point %d %.2f / %.2f LSB outside", i, ea, eb);
    }
    CHECK(fxc_shape_cylinder(&cyl, 6044, 59898, 0) == FXC_OK);
    CHECK(fxc_transform_set(&tc, &r4a, fxc_v3(0, 0, 0)) == FXC_OK);
    CHECK(fxc_shape_segment(&b.shape, fxc_v3(0, 0, -9855), fxc_v3(0, 0, 9855), 4176) == FXC_OK);
    scene_place(&b, &r4b, fxc_v3(21073, 63380, -8695));
    scene_finish(&b);
    CHECK(fxc_manifold(&cyl, &tc, &b.shape, &b.xf, 42935, &t_ws, &m) >= 0);
    for (i = 0; i < m.count && i < FXC_MANIFOLD_MAX_POINTS; i++) {
        double ea = off_cylinder(m.point[i].point_a, &r4a, tc.pos, 6044, 59898);
        double eb = scene_off_body(&b, m.point[i].point_b) - lsb(b.radius);
        CHECK_MSG(ea <= IN_BOUND && eb <= IN_BOUND, "cylinder on a segment: point %d %.2f / %.2f LSB outside", i, ea, eb);
    }
}

/* A point of a clipped polygon near a sharp corner of the reference: the
 * crossing of an edge made by one side plane with the next was taken
 * across the next, and the first edge's rounding moved it along the
 * corner, past its tip (11.49 LSB outside a 6 degree tip, in the found
 * case). Here, that case, and random sliver triangles (tips of 1 to 10
 * degrees) under a larger tilted triangle that covers the tip, as hulls
 * and as triangles: every point within IN_BOUND of both shapes. */
void test_manifold_sliver_tip(void)
{
    static const fxc_vec3 va[3] = { { 32033, 17735, 191474 }, { -39328, 89646, 22114 }, { -58694, 78184, 12324 } };
    static const fxc_vec3 vb[3] = { { 174938, 37089, 50942 }, { 38893, -34490, 57912 }, { -796, 26606, -58646 } };
    t_rng r = { 6061 };
    body a, b;
    fxc_contact_manifold m;
    double worst = 0;
    int i, k, cases = T_TARGET_CASES(300, 30), contacts = 0;
    for (i = -1; i < cases; i++) {
        fxc_vec3 pos = fxc_v3(100916, 39901, 198128);
        fix16_t speculative = 172801;
        if (i < 0) {
            memcpy(a.verts, va, sizeof va);
            memcpy(b.verts, vb, sizeof vb);
        } else {
            /* A: tip at the origin, its two long sides 1 unit long and
             * the tip angle 1 to 10 degrees; B: a triangle 4 units
             * across around the tip, tilted up to 0.3 rad, above it */
            double tip = (1 + 9 * t_unit(&r)) * 3.14159265358979 / 180, turn = 6.28318530717959 * t_unit(&r);
            double tilt = 0.3 * t_unit(&r);
            for (k = 0; k < 3; k++) {
                double at = turn + (k == 2 ? tip : 0), len = k == 0 ? 0 : 1;
                double bt = 2.0943951023932 * k + turn;
                a.verts[k] = V(len * cos(at), len * sin(at), 0);
                b.verts[k] = V(2 * cos(bt), 2 * sin(bt), 2 * sin(tilt) * cos(bt));
            }
            pos = fxc_v3(t_range(&r, -8192, 8192), t_range(&r, -8192, 8192), t_range(&r, -64, 2048));
            speculative = F16(0.25);
        }
        for (k = 0; k < 2; k++) {
            int st;
            if (k == 0) {
                CHECK(fxc_shape_hull(&a.shape, a.verts, 3, 0) == FXC_OK && fxc_shape_hull(&b.shape, b.verts, 3, 0) == FXC_OK);
            } else {
                CHECK(fxc_shape_triangle(&a.shape, a.verts[0], a.verts[1], a.verts[2], 0) == FXC_OK);
                CHECK(fxc_shape_triangle(&b.shape, b.verts[0], b.verts[1], b.verts[2], 0) == FXC_OK);
            }
            scene_place(&a, NULL, fxc_v3(0, 0, 0));
            scene_place(&b, NULL, pos);
            if (k == 0) {
                scene_finish(&a);
                scene_finish(&b);
            }
            st = manifold(&a, &b, speculative, &m);
            CHECK(st >= 0);
            if (m.count == 0) continue;
            worst = fmax(worst, check_points(&a, &b, &m, k ? "sliver triangles" : "sliver hulls"));
            contacts++;
        }
    }
    CHECK(contacts > cases);
    port_printf("    sliver tips: %d manifolds, worst %.2f LSB\n", contacts, worst);
}

/* A segment or a triangle hovering over a sliver triangle (tips of 0.05
 * to 5 degrees), along the tip's bisector within 0.3 rad, speculative 0.1
 * units: each crossing lies within rounding of every side plane, which
 * near a sharp corner lets it lie far beyond the corner (a crossing of
 * one side kept on the rounded side of the other: 7 LSB behind a 2.3
 * degree tip, 90 LSB at the worst seen). Every point in both shapes within
 * IN_BOUND (check_points). */
void test_manifold_past_sharp_corner(void)
{
    t_rng r = { 9191 };
    int i, cases = T_TARGET_CASES(600, 60), contacts = 0;
    double worst = 0;
    for (i = 0; i < cases; i++) {
        body a, b;
        fxc_contact_manifold m;
        double tip = (0.05 + 4.95 * t_unit(&r)) * 3.14159265358979 / 180;
        double turn = 6.28318530717959 * t_unit(&r), len = 0.01 + 2.0 * t_unit(&r);
        double ang = turn + tip / 2 + 0.6 * (t_unit(&r) - 0.5), c = 0.02 * len * (2 * t_unit(&r) - 1);
        double h = 0.001 + 0.05 * t_unit(&r);
        a.verts[0] = V(0, 0, 0);
        a.verts[1] = V(len * cos(turn), len * sin(turn), 0);
        a.verts[2] = V(len * cos(turn + tip), len * sin(turn + tip), 0);
        b.verts[0] = V(c * cos(ang) - len * cos(ang), c * sin(ang) - len * sin(ang), h);
        b.verts[1] = V(c * cos(ang) + len * cos(ang), c * sin(ang) + len * sin(ang), h + 0.01 * t_unit(&r));
        b.verts[2] = V(c * cos(ang) - len * sin(ang), c * sin(ang) + len * cos(ang), h + 0.02);
        CHECK(fxc_shape_hull(&a.shape, a.verts, 3, 0) == FXC_OK);
        if (i & 1) CHECK(fxc_shape_hull(&b.shape, b.verts, 3, 0) == FXC_OK);
        else CHECK(fxc_shape_segment(&b.shape, b.verts[0], b.verts[1], 0) == FXC_OK);
        scene_place(&a, NULL, fxc_v3(0, 0, 0));
        scene_place(&b, NULL, fxc_v3(0, 0, 0));
        scene_finish(&a);
        scene_finish(&b);
        CHECK(manifold(&a, &b, F16(0.1), &m) >= 0);
        if (m.count == 0) continue;
        worst = fmax(worst, check_points(&a, &b, &m, i & 1 ? "triangle over a sharp corner" : "segment over a sharp corner"));
        contacts++;
    }
    CHECK(contacts > cases / 2);
    port_printf("    past sharp corners: %d manifolds, worst %.2f LSB\n", contacts, worst);
}

/* Distance (LSB) of p outside the cone with apex at +hh and base radius r
 * at -hh, placed by rot and pos: in the half plane (radius q, height z)
 * the cone is the triangle (0, hh), (r, -hh), (0, -hh). */
static double off_cone(fxc_vec3 p, const fxc_mat3 *rot, fxc_vec3 pos, fix16_t hh, fix16_t r)
{
    double l[3], q, z, h = t_d(hh), rr = t_d(r), best = 1e300;
    double tq[3], tz[3];
    int i;
    local_of(p, rot, pos, l);
    q = sqrt(l[0] * l[0] + l[1] * l[1]);
    z = l[2];
    if (z >= -h && q * 2 * h + (z - h) * rr <= 0) return 0; /* below the slant line, above the base */
    tq[0] = 0, tz[0] = h, tq[1] = rr, tz[1] = -h, tq[2] = 0, tz[2] = -h;
    for (i = 0; i < 3; i++) {
        double ax = tq[i], ay = tz[i], ex = tq[(i + 1) % 3] - ax, ey = tz[(i + 1) % 3] - ay;
        double t = ((q - ax) * ex + (z - ay) * ey) / (ex * ex + ey * ey);
        t = t < 0 ? 0 : t > 1 ? 1 : t;
        best = fmin(best, hypot(ax + t * ex - q, ay + t * ey - z));
    }
    return lsb(best);
}

/* A needle (a cylinder of radius 1 to 3 raw) against a cone or a
 * cylinder: the needle's cap, an octagon of rim points within rounding of
 * its axis, could be wrapped into three points of one line (a polygon of
 * no area seen along the normal), whose side planes all run along that
 * line and bound nothing along it; the incident feature was cut only
 * across the line, 63 LSB beyond the cap in the found case (a cone of
 * base radius 2756 raw at (-91, 749, 576), a needle 1866 raw half tall at
 * (517, 1165, 777)). And a needle whose cap, seen nearly edge-on, was
 * the reference. Every point within IN_BOUND of both shapes. */
void test_manifold_needle_cap(void)
{
    t_rng r = { 8080 };
    int i, k, cases = T_TARGET_CASES(400, 40), points = 0;
    double worst = 0;
    for (i = -1; i < cases; i++) {
        fxc_shape a, b;
        fxc_transform ta, tb;
        fxc_contact_manifold m;
        fxc_mat3 ra, rb;
        fix16_t ha = 686, wa = 2756, hb = 1866, wb = 1;
        int cone = 1;
        fxc_mat3_identity(&ra);
        fxc_mat3_identity(&rb);
        (void)fxc_transform_set(&ta, &ra, fxc_v3(-91, 749, 576));
        (void)fxc_transform_set(&tb, &rb, fxc_v3(517, 1165, 777));
        if (i >= 0) {
            ha = t_range(&r, 300, 3000);
            wa = t_range(&r, 300, 3000);
            hb = t_range(&r, 300, 3000);
            wb = t_range(&r, 1, 3);
            cone = (int)(t_next(&r) & 1);
            if (t_next(&r) & 1) scene_rotation(&r, &ra);
            if (t_next(&r) & 1) scene_rotation(&r, &rb);
            (void)fxc_transform_set(&ta, &ra, t_vec(&r, -1500, 1500));
            (void)fxc_transform_set(&tb, &rb, t_vec(&r, -1500, 1500));
        }
        CHECK((cone ? fxc_shape_cone(&a, ha, wa, 0) : fxc_shape_cylinder(&a, ha, wa, 0)) == FXC_OK);
        CHECK(fxc_shape_cylinder(&b, hb, wb, 0) == FXC_OK);
        if (fxc_manifold(&a, &ta, &b, &tb, 0, &t_ws, &m) < 0) continue;
        for (k = 0; k < m.count && k < FXC_MANIFOLD_MAX_POINTS; k++) {
            double ea = cone ? off_cone(m.point[k].point_a, &ra, ta.pos, ha, wa) : off_cylinder(m.point[k].point_a, &ra, ta.pos, ha, wa);
            double eb = off_cylinder(m.point[k].point_b, &rb, tb.pos, hb, wb);
            CHECK_MSG(ea <= IN_BOUND && eb <= IN_BOUND, "case %d: point %d %.2f / %.2f LSB outside A / B", i, k, ea, eb);
            worst = fmax(worst, fmax(ea, eb));
            points++;
        }
    }
    CHECK(points > cases / 2);
    port_printf("    needles: %d points, worst %.2f LSB\n", points, worst);
    {
        /* a needle of radius 57 raw 3 units deep in a box, its cap seen
         * nearly edge-on (81 degrees): with the cap (more points) as the
         * reference, its points landed up to 11.2 LSB outside the needle;
         * the box's face, which faces the normal, is the reference */
        static const fxc_mat3 ra = { { { 59014, -27675, -6812 }, { 28040, 59183, 2466 }, { 5110, -5136, 65134 } } };
        static const fxc_mat3 rb = { { { 48167, 35383, 26889 }, { -12605, 48901, -41770 }, { -42615, 25528, 42746 } } };
        body box;
        fxc_shape needle;
        fxc_transform tn;
        fxc_contact_manifold m;
        scene_box(&box, fxc_v3(427310, 579939, 503624));
        scene_place(&box, &ra, fxc_v3(175594, -10634, 219917));
        scene_finish(&box);
        CHECK(fxc_shape_cylinder(&needle, 242684, 57, 0) == FXC_OK);
        CHECK(fxc_transform_set(&tn, &rb, fxc_v3(-184779, 175406, 41819)) == FXC_OK);
        CHECK(fxc_manifold(&box.shape, &box.xf, &needle, &tn, F16(0.1), &t_ws, &m) == FXC_PENETRATING && m.count >= 1);
        for (k = 0; k < m.count && k < FXC_MANIFOLD_MAX_POINTS; k++) {
            double ea = scene_off_body(&box, m.point[k].point_a), eb = off_cylinder(m.point[k].point_b, &rb, tn.pos, 242684, 57);
            CHECK_MSG(ea <= IN_BOUND && eb <= IN_BOUND, "needle in a box: point %d %.2f / %.2f LSB outside", k, ea, eb);
        }
    }
}

/* A plate 2 raw thick within a wide speculative band: the band takes in
 * the plate's whole outline, whose plane (the plate's face) lies 83
 * degrees from the normal, and the other box has only an edge in the band
 * to give way to. Points moved along the normal onto a plane that steep
 * landed up to 11.5 LSB outside the plate: such a reference is cut to its
 * edge nearest the other box (clip_features). Then random plates 1 or 2
 * raw thick against boxes (some plates too) within bands up to one unit. */
void test_manifold_steep_plate(void)
{
    static const fxc_mat3 ra = { { { -36603, -4261, -54194 }, { -32558, -50602, 25969 }, { -43533, 41427, 26145 } } };
    static const fxc_mat3 rb = { { { 26802, 57667, 15846 }, { -18084, -8736, 62383 }, { 57005, -29885, 12340 } } };
    t_rng r = { 3131 };
    int i, k, cases = T_TARGET_CASES(3000, 60), points = 0;
    double worst = 0;
    for (i = -1; i < cases; i++) {
        body a, b;
        fxc_contact_manifold m;
        fix16_t spec = 48584;
        fxc_mat3 rot_a = ra, rot_b = rb;
        fxc_vec3 ha = fxc_v3(17591, 83004, 1), hb = fxc_v3(51260, 16392, 54054), pb = fxc_v3(-33238, -2144, -107692);
        if (i >= 0) {
            ha = fxc_v3(t_range(&r, 16384, 131072), t_range(&r, 16384, 131072), t_range(&r, 1, 2));
            hb = fxc_v3(t_range(&r, 8192, 65536), t_range(&r, 8192, 65536), t_range(&r, 1, 65536));
            scene_rotation(&r, &rot_a);
            scene_rotation(&r, &rot_b);
            pb = t_vec(&r, -150000, 150000);
            spec = t_range(&r, 0, 65536);
        }
        box_at(&a, ha, &rot_a, fxc_v3(0, 0, 0));
        box_at(&b, hb, &rot_b, pb);
        if (manifold(&a, &b, spec, &m) < 0) continue;
        for (k = 0; k < m.count && k < FXC_MANIFOLD_MAX_POINTS; k++) {
            double ea = scene_off_body(&a, m.point[k].point_a), eb = scene_off_body(&b, m.point[k].point_b);
            CHECK_MSG(ea <= IN_BOUND && eb <= IN_BOUND, "case %d: point %d %.2f / %.2f LSB outside A / B", i, k, ea, eb);
            worst = fmax(worst, fmax(ea, eb));
            points++;
        }
    }
    CHECK(points > cases / 4);
    port_printf("    plates in wide bands: %d points, worst %.2f LSB\n", points, worst);
    {
        /* a plate 2 raw thick (margin 16155) whose side face is past the
         * 1/8 test, against a hull whose band takes in points of more
         * than one face: the plate's face gave way to the hull's polygon,
         * which is not flat, and no clipped point was left (a review's
         * case); a polygon that is not flat gives way to none, and the
         * two meet edge to edge: 2 points, the first as far as the pair */
        static const fxc_vec3 hv[12] = { { 6003, 64544, 13051 }, { -29460, -14635, -46058 }, { -39585, -18795, -29392 },
                                         { 20166, -4015, -43521 }, { 11165, 59271, -18773 }, { -43401, -51918, 55782 },
                                         { 59086, -21155, -18873 }, { 40326, -19790, 13705 }, { 52739, -52934, -51079 },
                                         { -12344, 63810, 47036 }, { 21859, 12494, 40594 }, { -36843, 18455, 47120 } };
        static const fxc_mat3 rpa = { { { -65536, 0, 0 }, { 0, -65536, 0 }, { 0, 0, 65536 } } };
        static const fxc_mat3 rpb = { { { 65536, 0, 0 }, { 0, -65535, 310 }, { 0, -310, -65535 } } };
        fxc_shape pa, pb;
        fxc_transform ta, tb;
        fxc_contact_manifold m;
        CHECK(fxc_shape_box(&pa, fxc_v3(35027, 9756, 1), 16155) == FXC_OK);
        CHECK(fxc_shape_hull(&pb, hv, 12, 593) == FXC_OK);
        CHECK(fxc_transform_set(&ta, &rpa, fxc_v3(0, 0, 0)) == FXC_OK);
        CHECK(fxc_transform_set(&tb, &rpb, fxc_v3(35098, -9952, 71191)) == FXC_OK);
        CHECK(fxc_manifold(&pa, &ta, &pb, &tb, 11404, &t_ws, &m) == FXC_SEPARATED);
        CHECK_MSG(m.count >= 2 && abs(m.point[0].separation - m.contact.distance) <= 2, "plate and hull: %d points", m.count);
    }
}

/* A plate 2 raw thick standing 15 to 50 degrees off upright, its lower
 * edge along a cube's ridge (the cube turned 45 degrees about x), from 3
 * raw into it to 40 raw above it, in a speculative band of 56 raw. The
 * contact is the plate's whole edge, one unit along x: points that far
 * apart. The plate's end face, 2 raw wide, comes in as a polygon whose
 * rounded points put its plane more than 60 degrees off the normal; as a
 * steep reference against the ridge it gave no clipped points, only
 * fxc_collide's one (the first case, and 3 % of the others); cut to its
 * lower edge it meets the ridge edge to edge. And with the plate on the
 * ridge the normal can be the cube's face's, the plate's edge 1 raw past
 * that face's side by rounding: the face's clipping kept nothing of it
 * (one point: the second case, and 1 in 1000 of the others); it meets the
 * face's side edge to edge. */
void test_manifold_plate_on_ridge(void)
{
    /* tilt (degrees), side, gap (raw), offset along x (units) */
    static const double found[2][4] = { { 43.0, 1, 16.8, 0.1 }, { 28.655319, -1, 0, -0.047598 } };
    t_rng r = { 777 };
    int i, cases = T_TARGET_CASES(1000, 40);
    double worst = 0;
    for (i = -2; i < cases; i++) {
        body a, b;
        fxc_mat3 ra, rb;
        fxc_contact_manifold m;
        double tilt = found[(i + 2) & 1][0], side = found[(i + 2) & 1][1], gap = found[(i + 2) & 1][2];
        double off = found[(i + 2) & 1][3];
        fix16_t thick = 1, lo, hi;
        int k;
        if (i >= 0) {
            tilt = 15 + 35 * t_unit(&r);
            side = t_next(&r) & 1 ? 1 : -1;
            thick = 1 + (fix16_t)(t_next(&r) % 3);
            gap = -3 + 43 * t_unit(&r);
            off = 0.3 * (t_unit(&r) - 0.5);
        }
        /* the plate's local y (its width) turned from +z by the tilt
         * toward side * y; its centre half a unit up along it from the
         * ridge's top, y = 0, z = |R_zy| + |R_zz| (the cube's corners
         * (x, +-1, +-1) turned): atan2 and friends are not linked on the
         * boards */
        rotation(1, 0, 0, 3.14159265358979 / 4, &ra);
        rotation(1, 0, 0, 3.14159265358979 / 2 - side * tilt * 3.14159265358979 / 180, &rb);
        box_at(&a, V(1, 1, 1), &ra, fxc_v3(0, 0, 0));
        box_at(&b, fxc_v3(F16(0.5), F16(0.5), thick), &rb,
               fxc_v3(F16(off), rb.m[1][1] / 2,
                      abs(ra.m[2][1]) + abs(ra.m[2][2]) + rb.m[2][1] / 2 + (fix16_t)gap));
        CHECK(manifold(&a, &b, 56, &m) >= 0);
        CHECK_MSG(m.count >= 2, "case %d: %d points (tilt %.2f side %.0f thick %d gap %.1f)", i, m.count, tilt, side,
                  thick, gap);
        if (m.count < 2) continue;
        worst = fmax(worst, check_points(&a, &b, &m, "plate on a ridge"));
        lo = hi = m.point[0].point_a.x;
        for (k = 1; k < m.count && k < FXC_MANIFOLD_MAX_POINTS; k++) {
            lo = m.point[k].point_a.x < lo ? m.point[k].point_a.x : lo;
            hi = m.point[k].point_a.x > hi ? m.point[k].point_a.x : hi;
        }
        CHECK_MSG(fabs(t_d(hi - lo) - 1) <= IN_BOUND / 65536, "case %d: points %.6f apart along the edge", i, t_d(hi - lo));
    }
    {
        /* the plate's long edge 0.02 degrees off level, 20 raw above the
         * ridge, band 2000: cut_to_edge kept the edge across the plate's
         * thickness (its far end 2 raw lower at most, the long edge's 13),
         * and one point (a review's case) */
        static const fxc_mat3 rb = { { { 65536, 13, 15 }, { 0, 50203, -42126 }, { -20, 42126, 50203 } } };
        body a, b;
        fxc_mat3 ra;
        fxc_contact_manifold m;
        rotation(1, 0, 0, 3.14159265358979 / 4, &ra);
        box_at(&a, V(1, 1, 1), &ra, fxc_v3(0, 0, 0));
        box_at(&b, fxc_v3(F16(0.5), F16(0.5), 1), &rb, fxc_v3(0, 25101, 113778));
        CHECK(manifold(&a, &b, 2000, &m) == FXC_SEPARATED);
        CHECK_MSG(m.count == 2, "plate 0.02 degrees off level: %d points", m.count);
        if (m.count == 2) {
            worst = fmax(worst, check_points(&a, &b, &m, "plate off level"));
            CHECK(fabs(fabs(t_d(m.point[0].point_a.x - m.point[1].point_a.x)) - 1) <= IN_BOUND / 65536);
        }
    }
    port_printf("    plates on a ridge: worst %.2f LSB\n", worst);
}

/* A cylinder (radius 655 raw, half height 6554) lying 3.4 degrees off
 * flat across a box's top face, one end 801 raw deep, the other 15: its
 * contact is the lowest side line, both ends in. In a speculative band of
 * 11000 raw or more the band took in the cylinder's cap (feature.c), 86.6
 * degrees off the normal, in place of the side line: past
 * reference_plane's 1/8 test (about 83 degrees), which put the plane
 * across n in its place, and the 60 degree rule did not see that plane
 * as steep; the cap's points were not flat on it, and no clipped point
 * was left but fxc_collide's deepest (a review's case). Now a polygon
 * without a plane of its own is steep too, and a cap stands for the
 * cylinder only where it faces the normal better than the side does.
 * Every band from 1000 to 20000 raw: points spanning the side line
 * (13084 raw along x), within IN_BOUND of both shapes. */
void test_manifold_cylinder_cap_band(void)
{
    static const fxc_mat3 rb = { { { -3930, 0, 65418 }, { 0, 65536, 0 }, { -65418, 0, -3930 } } };
    body box;
    fxc_shape cyl;
    fxc_transform tc;
    fix16_t spec;
    scene_box(&box, fxc_v3(262144, 262144, 65536));
    scene_place(&box, NULL, fxc_v3(0, 0, 0));
    scene_finish(&box);
    CHECK(fxc_shape_cylinder(&cyl, 6554, 655, 0) == FXC_OK);
    CHECK(fxc_transform_set(&tc, &rb, fxc_v3(0, 0, 65782)) == FXC_OK);
    for (spec = 1000; spec <= 20000; spec += 1000) {
        fxc_contact_manifold m;
        fix16_t lo = 0, hi = 0;
        int k;
        CHECK(fxc_manifold(&box.shape, &box.xf, &cyl, &tc, spec, &t_ws, &m) == FXC_PENETRATING);
        for (k = 0; k < m.count && k < FXC_MANIFOLD_MAX_POINTS; k++) {
            double ea = scene_off_body(&box, m.point[k].point_a), eb = off_cylinder(m.point[k].point_b, &rb, tc.pos, 6554, 655);
            CHECK_MSG(ea <= IN_BOUND && eb <= IN_BOUND, "band %d: point %d %.2f / %.2f LSB outside", spec, k, ea, eb);
            lo = k == 0 || m.point[k].point_a.x < lo ? m.point[k].point_a.x : lo;
            hi = k == 0 || m.point[k].point_a.x > hi ? m.point[k].point_a.x : hi;
        }
        CHECK_MSG(m.count >= 2 && hi - lo >= 13084 - 4, "band %d: %d points spanning %d raw", spec, m.count, hi - lo);
        CHECK_MSG(m.count >= 1 && abs(m.point[0].separation + m.contact.depth) <= 2, "band %d: first point %d deep, the pair %d",
                  spec, -m.point[0].separation, m.contact.depth);
    }
    {
        /* the same cylinder standing 10 degrees off upright, its lowest rim
         * point 20 raw into the box: its cap lies flat within a band of
         * 20000 raw (its rim spans 2 r sin 10 = 227 raw along the normal)
         * and its side line does not (2 h cos 10 = 12908 raw, but it faces
         * the normal worse): the cap stands for it, three rim points or
         * more, in both shapes */
        fxc_mat3 rt;
        fxc_contact_manifold m;
        int k;
        rotation(0, 1, 0, 10 * 3.14159265358979 / 180, &rt);
        CHECK(fxc_transform_set(&tc, &rt, fxc_v3(0, 0, 65536 + (fix16_t)(6554 * cos(10 * 3.14159265358979 / 180) +
                                                                          655 * sin(10 * 3.14159265358979 / 180)) - 20)) == FXC_OK);
        CHECK(fxc_manifold(&box.shape, &box.xf, &cyl, &tc, 20000, &t_ws, &m) == FXC_PENETRATING);
        CHECK_MSG(m.count >= 3, "standing cylinder: %d points", m.count);
        for (k = 0; k < m.count && k < FXC_MANIFOLD_MAX_POINTS; k++) {
            double ea = scene_off_body(&box, m.point[k].point_a), eb = off_cylinder(m.point[k].point_b, &rt, tc.pos, 6554, 655);
            CHECK_MSG(ea <= IN_BOUND && eb <= IN_BOUND, "standing cylinder: point %d %.2f / %.2f LSB outside", k, ea, eb);
        }
    }
}

/* How far p lies off the surface of body b grown by its margin, in LSB
 * (negative: inside it). The reference's distance from the core is 0
 * inside the core, so this holds for points near the rounded surface. */
static double off_rounded(const body *b, fxc_vec3 p)
{
    return scene_off_body(b, p) - lsb(b->radius);
}

/* Every point on both surfaces within IN_BOUND (A's grown by its
 * margin), and its two points `separation` apart along the normal. */
static void check_on_surfaces(const body *a, const body *b, const fxc_contact_manifold *m, const char *what)
{
    rg_vec n = unit_of(m->contact.normal);
    int i;
    CHECK_MSG(m->count >= 1, "%s: no points", what);
    for (i = 0; i < m->count && i < FXC_MANIFOLD_MAX_POINTS; i++) {
        const fxc_manifold_point *q = &m->point[i];
        double ea = off_rounded(a, q->point_a), eb = off_rounded(b, q->point_b);
        rg_vec d = rg_sub(rg_from(q->point_b), rg_from(q->point_a));
        CHECK_MSG(fabs(ea) <= IN_BOUND && fabs(eb) <= IN_BOUND, "%s: point %d %.2f / %.2f LSB off A / B", what, i, ea,
                  eb);
        CHECK_MSG(fabs(lsb(rg_dot(d, n)) - q->separation) <= SEP_BOUND, "%s: point %d separation %d, apart %.2f", what,
                  i, q->separation, lsb(rg_dot(d, n)));
    }
}

/* From a review: a margin pushed out along the normal leaves the points
 * of a feature tilted from it inside the shape. A plate 8 raw thick with
 * a margin of 1 unit, seen edge-on at 45 degrees, resting on a box: its
 * band (16 LSB) took in the plate's far edge, and those points lay 5.8
 * LSB inside it; 2622 raw thick with a margin of 1/4 unit, 100 LSB above
 * the box in a speculative band of 0.05 unit, 1737 LSB. A capsule tilted
 * by 0.1 rad, about 10 LSB above a box, in a speculative band of 1/4
 * unit: its far end's point lay 82 LSB inside it. A reference polygon
 * now faces the normal squarely enough for its margin (tilted_for_margin,
 * else it gives way as a steep one does), and the incident feature's
 * margin goes out along its own normal: every point on both surfaces. */
void test_manifold_margin_tilted_feature(void)
{
    body a, b;
    fxc_mat3 r45, ry;
    fxc_contact_manifold m;
    rotation(1, 0, 0, 0.78539816, &r45);
    box_at(&b, fxc_v3(65536, 65536, 16384), NULL, fxc_v3(0, 0, -128215));
    CHECK(fxc_shape_box(&a.shape, fxc_v3(32768, 65536, 4), 65536) == FXC_OK);
    scene_place(&a, &r45, fxc_v3(0, 0, 0));
    scene_finish(&a);
    CHECK(manifold(&a, &b, 0, &m) == FXC_PENETRATING);
    check_on_surfaces(&a, &b, &m, "plate 8 raw thick");
    CHECK(fxc_shape_box(&a.shape, fxc_v3(32768, 65536, 1311), 16384) == FXC_OK);
    scene_place(&a, &r45, fxc_v3(0, 0, 0));
    scene_finish(&a);
    /* B's top 100 raw below the plate's rounded bottom, (65536 + 1311)
     * cos 45 degrees + 16384 below its centre */
    scene_place(&b, NULL, fxc_v3(0, 0, -(46341 + 927 + 16384 + 16384 + 100)));
    scene_finish(&b);
    CHECK(manifold(&a, &b, 3277, &m) == FXC_SEPARATED);
    check_on_surfaces(&a, &b, &m, "plate 2622 raw thick");
    rotation(0, 1, 0, 1.5707963 + 0.1, &ry); /* the capsule's axis along x, tilted */
    CHECK(fxc_shape_capsule(&a.shape, F16(1), F16(0.25)) == FXC_OK);
    scene_place(&a, &ry, fxc_v3(0, 0, 0));
    scene_finish(&a);
    /* B's top about 10 raw below the capsule's lower end, sin(0.1) unit
     * and its radius below its centre */
    scene_place(&b, NULL, fxc_v3(0, 0, -(6540 + 16384 + 16384 + 10)));
    scene_finish(&b);
    CHECK(manifold(&a, &b, F16(0.25), &m) == FXC_SEPARATED);
    /* the rounded end's deepest point (fxc_collide's), then the flat
     * side's ends, the far one 0.2 unit higher */
    CHECK_MSG(m.count >= 2 && m.point[0].separation == m.contact.distance &&
                  m.point[m.count - 1].separation > F16(0.19),
              "tilted capsule: %d points", m.count);
    check_on_surfaces(&a, &b, &m, "tilted capsule");
    /* swapped: the capsule is B, its margin out along -n's side */
    CHECK(manifold(&b, &a, F16(0.25), &m) == FXC_SEPARATED);
    CHECK_MSG(m.count >= 2, "tilted capsule as B: %d points", m.count);
    check_on_surfaces(&b, &a, &m, "tilted capsule as B");
}

/* From a second review, after the above: the same tilted capsule over a
 * level one (edge against edge, the tilted one A's reference edge: its
 * margin along the normal missed its surface by 82 LSB; it gives way to
 * the level one now, edge_reference); a capsule 0.01 rad off upright on
 * a box in a speculative band of a unit (its edge past reference_plane's
 * 83 degrees took its margin along the normal: 16,220 LSB inside; its
 * own perpendicular now); and a triangle (a hull of three points) with a
 * margin of 1/4 unit standing 88 degrees up over a box (its plane past
 * 83 degrees too: about 15,800). Both orders, every point on both
 * surfaces. */
void test_manifold_margin_steep_feature(void)
{
    static const fxc_vec3 tri[3] = { { -65536, 0, 0 }, { 65536, 0, 0 }, { 0, 65536, 0 } };
    body a, b; /* one pair at a time: three would overflow the micro:bit's stack */
    fxc_mat3 r;
    fxc_contact_manifold m;
    const fix16_t spec[3] = { F16(0.25), F16(1), F16(2) };
    const char *what[3] = { "tilted capsule over a level one", "capsule 0.01 rad off upright",
                            "triangle 88 degrees up" };
    int k;
    for (k = 0; k < 3; k++) {
        if (k == 0) {
            rotation(0, 1, 0, 1.5707963 + 0.1, &r);
            CHECK(fxc_shape_capsule(&a.shape, F16(1), F16(0.25)) == FXC_OK);
            scene_place(&a, &r, fxc_v3(0, 0, 0));
            rotation(0, 1, 0, 1.5707963, &r);
            CHECK(fxc_shape_capsule(&b.shape, F16(1), F16(0.25)) == FXC_OK);
            scene_place(&b, &r, fxc_v3(0, 0, -(6540 + 16384 + 16384 + 10)));
            scene_finish(&b);
        } else {
            if (k == 1) {
                rotation(0, 1, 0, 0.01, &r);
                CHECK(fxc_shape_capsule(&a.shape, F16(0.25), F16(0.25)) == FXC_OK);
                scene_place(&a, &r, fxc_v3(0, 0, 16384 + 16384 + 10));
            } else {
                rotation(1, 0, 0, 1.5707963 - 0.0349, &r); /* 88 degrees about x */
                CHECK(fxc_shape_hull(&a.shape, tri, 3, F16(0.25)) == FXC_OK);
                scene_place(&a, &r, fxc_v3(0, 0, 16384 + 10));
            }
            box_at(&b, fxc_v3(65536, 65536, 65536), NULL, fxc_v3(0, 0, -65536));
        }
        scene_finish(&a);
        CHECK_MSG(manifold(&a, &b, spec[k], &m) == FXC_SEPARATED && m.count >= 2, "%s: %d points", what[k], m.count);
        check_on_surfaces(&a, &b, &m, what[k]);
        CHECK_MSG(manifold(&b, &a, spec[k], &m) == FXC_SEPARATED && m.count >= 2, "%s, swapped: %d points", what[k],
                  m.count);
        check_on_surfaces(&b, &a, &m, what[k]);
    }
}

/* Two capsules with margins, each tilted 0.1 rad from level, in a V that
 * opens 0.4 unit wide: their near ends 10 raw apart, the far ends inside
 * a speculative band of 1 unit. Either capsule as the reference edge
 * would take its margin along the normal, and so put the points of its
 * far end about 0.25 (1 - cos 0.1) inside itself (82 LSB); neither can
 * give way to the other (edge_reference). So the manifold keeps
 * fxc_collide's point alone, on both surfaces. Both orders. */
void test_manifold_margin_both_tilted(void)
{
    body a, b;
    fxc_mat3 r;
    fxc_contact_manifold m;
    const double tilt = 0.1, half = 1.0, radius = 0.25;
    fix16_t z = (fix16_t)(65536.0 * (2.0 * half * sin(tilt) + 2.0 * radius)) + 10;
    rotation(0, 1, 0, 1.5707963 + tilt, &r); /* axis +x and down: its -x end highest */
    CHECK(fxc_shape_capsule(&a.shape, F16(1), F16(0.25)) == FXC_OK);
    scene_place(&a, &r, fxc_v3(0, 0, 0));
    rotation(0, 1, 0, 1.5707963 - tilt, &r); /* axis +x and up: its -x end lowest */
    CHECK(fxc_shape_capsule(&b.shape, F16(1), F16(0.25)) == FXC_OK);
    scene_place(&b, &r, fxc_v3(0, 0, z));
    scene_finish(&a);
    scene_finish(&b);
    CHECK_MSG(manifold(&a, &b, F16(1), &m) == FXC_SEPARATED && m.count == 1, "V of capsules: %d points", m.count);
    check_on_surfaces(&a, &b, &m, "V of capsules");
    CHECK_MSG(manifold(&b, &a, F16(1), &m) == FXC_SEPARATED && m.count == 1, "V of capsules, swapped: %d points",
              m.count);
    check_on_surfaces(&b, &a, &m, "V of capsules, swapped");
}

/* From a probe of random pairs: a hull with a margin of 2.6 units whose
 * supporting feature along the normal is a band of faces, not one plane
 * (a plate 1400 raw thick, ten vertices, seen edge-on), 7737 LSB over a
 * cylinder's cap in a speculative band of 1.8 units. The band took in
 * the rim's faces up to 1.4 units higher, and their points, put out by
 * the margin along the normal, lay up to 78,800 LSB inside the hull. The
 * incident band now keeps its part on the supporting plane
 * (cut_to_support). Both orders, every point on both surfaces. */
void test_manifold_margin_band_of_faces(void)
{
    static const fxc_vec3 plate[10] = { { 585, 51635, -86650 }, { -246, -50886, 213631 }, { 162, -30199, 260103 },
                                        { 653, -20496, -92775 }, { 700, -25562, -33452 },  { 405, -65865, 18138 },
                                        { 294, 20793, -196274 }, { -308, 38977, 155072 },  { -713, 1852, -154591 },
                                        { 505, 57984, 104638 } };
    static const fxc_mat3 ra = { { { 25697, 26017, -54385 }, { -59405, 21004, -18022 }, { 10276, 56364, 31819 } } };
    static const fxc_mat3 rb = { { { 65536, -109, 13 }, { 109, 65537, -152 }, { -13, 152, 65537 } } };
    body a;
    fxc_shape cyl;
    fxc_transform tb;
    fxc_contact_manifold m;
    int order, i;
    CHECK(fxc_shape_hull(&a.shape, plate, 10, 168551) == FXC_OK);
    scene_place(&a, &ra, fxc_v3(-33979048, 17240496, -10605586));
    scene_finish(&a);
    CHECK(fxc_shape_cylinder(&cyl, 5267, 18803, 60) == FXC_OK);
    CHECK(fxc_transform_set(&tb, &rb, fxc_v3(-33971875, 17244512, -10847089)) == FXC_OK);
    for (order = 0; order < 2; order++) {
        int st = order ? fxc_manifold(&cyl, &tb, &a.shape, &a.xf, 120068, &t_ws, &m)
                       : fxc_manifold(&a.shape, &a.xf, &cyl, &tb, 120068, &t_ws, &m);
        CHECK_MSG(st == FXC_SEPARATED && m.count >= 1, "plate over a cylinder (order %d): status %d, %d points", order,
                  st, m.count);
        for (i = 0; i < m.count && i < FXC_MANIFOLD_MAX_POINTS; i++) {
            fxc_vec3 on_a = order ? m.point[i].point_b : m.point[i].point_a;
            fxc_vec3 on_b = order ? m.point[i].point_a : m.point[i].point_b;
            double ea = off_rounded(&a, on_a), eb = off_cylinder(on_b, &rb, tb.pos, 5267, 18803) - 60; /* inside: -60 */
            CHECK_MSG(fabs(ea) <= IN_BOUND && fabs(eb) <= IN_BOUND,
                      "plate over a cylinder (order %d): point %d %.2f / %.2f LSB off", order, i, ea, eb);
        }
    }
}

/* From a probe of random pairs: a box 0.17 unit thick (tilted 0.044 rad)
 * with a margin of 40 raw under a short segment, 0.84 unit apart in a
 * speculative band of 1.34 units: the band, wider than the box is thick,
 * took in its far face too, and the wrap seen along the normal kept two
 * near corners and two far ones, a plane across the box: the segment's
 * points were put on it, 3,780 LSB inside the box. A band polygon with
 * near points above its middle is not the near side (near_side), and the
 * rounding's band gives the box's top face. Both orders, every point on
 * both surfaces. */
void test_manifold_thin_box_far_side(void)
{
    static const fxc_mat3 ra = { { { 65536, 195, -58 }, { -195, 65536, -273 }, { 58, 273, 65536 } } };
    static const fxc_mat3 rb = { { { 2891, 0, -65473 }, { 0, 65536, 0 }, { 65473, 0, 2891 } } };
    body a, b;
    fxc_contact_manifold m;
    CHECK(fxc_shape_segment(&a.shape, fxc_v3(-515, 1860, -132), fxc_v3(373, -950, 2419), 0) == FXC_OK);
    scene_place(&a, &ra, fxc_v3(29057278, -24000965, -59267706));
    scene_finish(&a);
    CHECK(fxc_shape_box(&b.shape, fxc_v3(5629, 343172, 249241), 40) == FXC_OK);
    scene_place(&b, &rb, fxc_v3(28972452, -24008772, -59324746));
    scene_finish(&b);
    CHECK_MSG(manifold(&a, &b, 88006, &m) == FXC_SEPARATED, "segment over a thin box: status");
    check_on_surfaces(&a, &b, &m, "segment over a thin box");
    CHECK_MSG(manifold(&b, &a, 88006, &m) == FXC_SEPARATED, "segment over a thin box, swapped: status");
    check_on_surfaces(&b, &a, &m, "segment over a thin box, swapped");
}

/* The one approximation the header states for a manifold's points: a
 * cylinder's cap is an octagon inscribed in its rim, so a point on a side
 * of it lies inside the round cap, by up to r (1 - cos 22.5 degrees), and
 * a margin put out along that side's perpendicular carries it in by up to
 * as much. From a probe of random pairs: a flat cylinder (radius 22021
 * raw, margin about 1 unit) against a cone with a margin of 2 units,
 * touching at the cylinder's rim 30 degrees off its axis, in a
 * speculative band of 0.6 unit: a point 686 LSB inside the cylinder.
 * Every point of A's, both orders, lies on the cylinder or inside it by
 * at most that bound (an analytic cylinder in double); with no
 * allowance at all, the probe's point fails. */
void test_manifold_cap_octagon_inside(void)
{
    static const fxc_mat3 id = { { { 65536, 0, 0 }, { 0, 65536, 0 }, { 0, 0, 65536 } } };
    const fix16_t hh = 712, r = 22021, margin = 64930;
    const double bound = r * (1.0 - cos(3.14159265358979 / 8));
    fxc_shape cyl, cone;
    fxc_transform ta, tb;
    fxc_contact_manifold m;
    int order, i;
    CHECK(fxc_shape_cylinder(&cyl, hh, r, margin) == FXC_OK);
    CHECK(fxc_shape_cone(&cone, 40820, 139742, 131072) == FXC_OK);
    CHECK(fxc_transform_set(&ta, &id, fxc_v3(-44728255, 33522813, 8929665)) == FXC_OK);
    CHECK(fxc_transform_set(&tb, &id, fxc_v3(-44798427, 33652241, 8734282)) == FXC_OK);
    for (order = 0; order < 2; order++) {
        int st = order ? fxc_manifold(&cone, &tb, &cyl, &ta, 40027, &t_ws, &m)
                       : fxc_manifold(&cyl, &ta, &cone, &tb, 40027, &t_ws, &m);
        CHECK_MSG(st == FXC_TOUCHING && m.count >= 1, "cylinder's rim on a cone (order %d): status %d, %d points",
                  order, st, m.count);
        for (i = 0; i < m.count && i < FXC_MANIFOLD_MAX_POINTS; i++) {
            fxc_vec3 on_cyl = order ? m.point[i].point_b : m.point[i].point_a;
            double e = off_cylinder(on_cyl, &id, ta.pos, hh, r) - margin; /* the core's inside counts -margin */
            CHECK_MSG(e <= IN_BOUND && e >= -bound - IN_BOUND,
                      "cylinder's rim on a cone (order %d): point %d %.2f LSB off", order, i, e);
        }
    }
}
