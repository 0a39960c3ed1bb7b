/* refgeom: independent double-precision reference geometry (see refgeom.h). */
#include "refgeom.h"

#include <math.h>
#include <stddef.h>

/* Distance tolerance of a vertex set: RG_TOL_SIZE * extent + RG_TOL_COORD * max|coordinate|.
 * The second term covers the rounding noise of coordinates far from the origin. */
#define RG_TOL_SIZE 1e-10
#define RG_TOL_COORD 1e-13
/* Axes / normals whose sine (relative to the lengths that formed them) is below this are skipped:
 * their direction would be mostly rounding noise. */
#define RG_SIN_MIN 1e-8
/* Unit directions whose cross product has squared length below this are the same axis. */
#define RG_PARALLEL2 1e-24
/* Distances below RG_TOL_CONTACT * (size + max|coordinate|) of the inputs are rounding noise of a
 * touching contact and are reported as exactly 0. */
#define RG_TOL_CONTACT 1e-12

/* ---------------------------------------------------------------- vectors */

rg_vec rg_v(double x, double y, double z)
{
    rg_vec r;
    r.x = x; r.y = y; r.z = z;
    return r;
}

rg_vec rg_add(rg_vec a, rg_vec b) { return rg_v(a.x + b.x, a.y + b.y, a.z + b.z); }
rg_vec rg_sub(rg_vec a, rg_vec b) { return rg_v(a.x - b.x, a.y - b.y, a.z - b.z); }
rg_vec rg_scale(rg_vec a, double s) { return rg_v(a.x * s, a.y * s, a.z * s); }
double rg_dot(rg_vec a, rg_vec b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

rg_vec rg_cross(rg_vec a, rg_vec b)
{
    return rg_v(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}

double rg_len(rg_vec a) { return sqrt(rg_dot(a, a)); }

static double dist2(rg_vec a, rg_vec b)
{
    rg_vec d = rg_sub(a, b);
    return rg_dot(d, d);
}

static double maxd(double a, double b) { return a > b ? a : b; }

/* Size plus coordinate magnitude of a vertex set, the scale of its rounding noise. */
static double noise_scale(const rg_vec *v, int n)
{
    double m = 0.0;
    int i;
    for (i = 0; i < n; i++) {
        m = maxd(m, sqrt(dist2(v[i], v[0])));
        m = maxd(m, fabs(v[i].x));
        m = maxd(m, fabs(v[i].y));
        m = maxd(m, fabs(v[i].z));
    }
    return m;
}

/* Keeps the closer of the best pair so far and (p, q); *best < 0 means "none yet".
 * Returns 1 if (p, q) became the best pair. */
static int take(rg_vec p, rg_vec q, double *best, rg_vec *bp, rg_vec *bq)
{
    double d = dist2(p, q);
    if (*best < 0.0 || d < *best) {
        *best = d; *bp = p; *bq = q;
        return 1;
    }
    return 0;
}

/* ---------------------------------------------------------------- segments */

rg_vec rg_closest_on_segment(rg_vec p, rg_vec a, rg_vec b)
{
    rg_vec d = rg_sub(b, a);
    double dd = rg_dot(d, d), t;
    if (!(dd > 0.0)) return a;
    t = rg_dot(rg_sub(p, a), d) / dd;
    if (t <= 0.0) return a;
    if (t >= 1.0) return b;
    return rg_add(a, rg_scale(d, t));
}

/* Candidates: the 4 "endpoint vs other segment" pairs (the boundary of the parameter square) and,
 * for non-parallel segments, the stationary point of the squared distance (clamped and polished by
 * alternating projections). Every candidate is a real pair of points, so the minimum is exact up
 * to rounding. */
double rg_segment_segment(rg_vec p1, rg_vec q1, rg_vec p2, rg_vec q2, rg_vec *c1, rg_vec *c2)
{
    double best = -1.0;
    rg_vec b1 = p1, b2 = p2;
    rg_vec d1 = rg_sub(q1, p1), d2 = rg_sub(q2, p2), r = rg_sub(p1, p2);
    double a = rg_dot(d1, d1), e = rg_dot(d2, d2);
    rg_vec n = rg_cross(d1, d2);
    double den = rg_dot(n, n);   /* = a*e - (d1.d2)^2 without the cancellation */

    take(p1, rg_closest_on_segment(p1, p2, q2), &best, &b1, &b2);
    take(q1, rg_closest_on_segment(q1, p2, q2), &best, &b1, &b2);
    take(rg_closest_on_segment(p2, p1, q1), p2, &best, &b1, &b2);
    take(rg_closest_on_segment(q2, p1, q1), q2, &best, &b1, &b2);

    if (a > 0.0 && e > 0.0 && den > 0.0) {
        /* s = ((d2 x r) . n) / |n|^2  solves  (p1 + s d1 - p2 - t d2) . d1 = . d2 = 0 */
        double s = rg_dot(rg_cross(d2, r), n) / den;
        rg_vec x1, x2;
        if (s < 0.0) s = 0.0;
        if (s > 1.0) s = 1.0;
        x1 = rg_add(p1, rg_scale(d1, s));
        x2 = rg_closest_on_segment(x1, p2, q2);
        x1 = rg_closest_on_segment(x2, p1, q1);
        x2 = rg_closest_on_segment(x1, p2, q2);
        take(x1, x2, &best, &b1, &b2);
    }
    if (c1) *c1 = b1;
    if (c2) *c2 = b2;
    return sqrt(best);
}

/* ---------------------------------------------------------------- triangles */

/* Closest point of triangle abc to p. Candidates: the orthogonal projection when its barycentric
 * coordinates are all >= 0 (built as a + v*ab + w*ac, so it is a point of the triangle), and the
 * closest points of the three edges (which also cover every degenerate triangle). *interior is set
 * to 1 when the projection wins. */
static rg_vec closest_tri(rg_vec p, rg_vec a, rg_vec b, rg_vec c, int *interior)
{
    rg_vec ab = rg_sub(b, a), ac = rg_sub(c, a), ap = rg_sub(p, a);
    rg_vec n = rg_cross(ab, ac);
    double nn = rg_dot(n, n);
    double best = -1.0;
    rg_vec bp = a, bq = a;
    int in = 0;

    if (nn > 0.0) {
        double v = rg_dot(rg_cross(ap, ac), n) / nn;
        double w = rg_dot(rg_cross(ab, ap), n) / nn;
        if (v >= 0.0 && w >= 0.0 && v + w <= 1.0) {
            take(p, rg_add(a, rg_add(rg_scale(ab, v), rg_scale(ac, w))), &best, &bp, &bq);
            in = 1;
        }
    }
    if (take(p, rg_closest_on_segment(p, a, b), &best, &bp, &bq)) in = 0;
    if (take(p, rg_closest_on_segment(p, b, c), &best, &bp, &bq)) in = 0;
    if (take(p, rg_closest_on_segment(p, c, a), &best, &bp, &bq)) in = 0;
    if (interior) *interior = in;
    return bq;
}

rg_vec rg_closest_on_triangle(rg_vec p, rg_vec a, rg_vec b, rg_vec c)
{
    return closest_tri(p, a, b, c, NULL);
}

/* Candidates: 9 edge-edge pairs, 6 vertex-triangle pairs and, for every edge whose endpoints lie
 * strictly on opposite sides of the other triangle's plane, its crossing point with that plane
 * against the other triangle. If two triangles intersect, an edge of one meets the other triangle
 * (take an extreme point of the intersection), so the crossing candidate (or, for coplanar
 * triangles, an edge-edge / vertex-triangle candidate) finds it. Otherwise the minimum is attained
 * by an edge-edge or vertex-triangle pair. */
double rg_triangle_triangle(const rg_vec a[3], const rg_vec b[3], rg_vec *ca, rg_vec *cb)
{
    double best = -1.0;
    rg_vec pa = a[0], pb = b[0], x, y;
    int i, j, k;

    for (i = 0; i < 3; i++) {
        for (j = 0; j < 3; j++) {
            rg_segment_segment(a[i], a[(i + 1) % 3], b[j], b[(j + 1) % 3], &x, &y);
            take(x, y, &best, &pa, &pb);
        }
    }
    for (i = 0; i < 3; i++) {
        take(a[i], closest_tri(a[i], b[0], b[1], b[2], NULL), &best, &pa, &pb);
        take(closest_tri(b[i], a[0], a[1], a[2], NULL), b[i], &best, &pa, &pb);
    }
    for (k = 0; k < 2; k++) {
        const rg_vec *s = k ? b : a;     /* edges of s */
        const rg_vec *t = k ? a : b;     /* against triangle t */
        rg_vec n = rg_cross(rg_sub(t[1], t[0]), rg_sub(t[2], t[0]));
        for (i = 0; i < 3; i++) {
            rg_vec p = s[i], q = s[(i + 1) % 3];
            double dp = rg_dot(n, rg_sub(p, t[0])), dq = rg_dot(n, rg_sub(q, t[0]));
            int in = 0;
            if ((dp > 0.0 && dq < 0.0) || (dp < 0.0 && dq > 0.0)) {
                x = rg_add(p, rg_scale(rg_sub(q, p), dp / (dp - dq)));
                y = closest_tri(x, t[0], t[1], t[2], &in);
                if (in) {            /* the edge pierces the triangle: they intersect */
                    if (ca) *ca = k ? y : x;
                    if (cb) *cb = k ? x : y;
                    return 0.0;
                }
                if (k) take(y, x, &best, &pa, &pb);
                else take(x, y, &best, &pa, &pb);
            }
        }
    }
    if (ca) *ca = pa;
    if (cb) *cb = pb;
    best = sqrt(best);
    if (best <= RG_TOL_CONTACT * (noise_scale(a, 3) + noise_scale(b, 3))) return 0.0;
    return best;
}

/* ---------------------------------------------------------------- polytope build */

static int add_tri(rg_poly *p, int a, int b, int c)
{
    if (p->nf >= RG_MAX_FACES) return -1;
    p->f[p->nf][0] = a; p->f[p->nf][1] = b; p->f[p->nf][2] = c;
    p->nf++;
    return 0;
}

static int add_edge(rg_poly *p, int a, int b)
{
    int i;
    if (a == b) return 0;
    for (i = 0; i < p->ne; i++) {
        if ((p->e[i][0] == a && p->e[i][1] == b) || (p->e[i][0] == b && p->e[i][1] == a)) return 0;
    }
    if (p->ne >= RG_MAX_EDGES) return -1;
    p->e[p->ne][0] = a; p->e[p->ne][1] = b;
    p->ne++;
    return 0;
}

/* 2D coordinates of vertex i in the plane frame (origin o, unit axes u, w). */
static void plane_xy(const rg_poly *p, int i, rg_vec o, rg_vec u, rg_vec w, double *x, double *y)
{
    rg_vec d = rg_sub(p->v[i], o);
    *x = rg_dot(d, u);
    *y = rg_dot(d, w);
}

/* 1 if i sorts before j by (x, y) in the plane frame. */
static int xy_less(const rg_poly *p, int i, int j, rg_vec o, rg_vec u, rg_vec w)
{
    double xi, yi, xj, yj;
    plane_xy(p, i, o, u, w, &xi, &yi);
    plane_xy(p, j, o, u, w, &xj, &yj);
    return xi < xj || (!(xj < xi) && yi < yj);
}

/* 1 if the turn o -> a -> b is counter-clockwise by more than tol (a farther than tol left of the
 * line o->b). */
static int left_turn(const rg_poly *p, int io, int ia, int ib, rg_vec o, rg_vec u, rg_vec w, double tol)
{
    double ox, oy, ax, ay, bx, by, cr, lb;
    plane_xy(p, io, o, u, w, &ox, &oy);
    plane_xy(p, ia, o, u, w, &ax, &ay);
    plane_xy(p, ib, o, u, w, &bx, &by);
    cr = (ax - ox) * (by - oy) - (ay - oy) * (bx - ox);
    lb = sqrt((bx - ox) * (bx - ox) + (by - oy) * (by - oy));
    return cr > tol * lb;
}

/* Adds the convex polygon formed by the vertices in mask (all near the plane through o with unit
 * normal nrm; u is a unit vector in that plane): 2D convex hull by the monotone chain (points within
 * tol of a hull edge line are dropped), counter-clockwise about nrm, fan-triangulated, boundary
 * edges added. Returns the index of its first triangle, -1 if out of capacity, -2 if the polygon
 * collapsed to fewer than 3 vertices (nothing added). */
static int add_polygon(rg_poly *p, unsigned long mask, rg_vec o, rg_vec nrm, rg_vec u, double tol)
{
    unsigned char idx[RG_MAX_VERTS], h[2 * RG_MAX_VERTS + 1];
    rg_vec w = rg_cross(nrm, u);
    int m = 0, k = 0, i, j, lower, first;

    for (i = 0; i < p->n; i++) {
        if (mask & (1UL << i)) {
            /* insertion sort by (x, y) */
            for (j = m; j > 0 && xy_less(p, i, idx[j - 1], o, u, w); j--) idx[j] = idx[j - 1];
            idx[j] = (unsigned char)i;
            m++;
        }
    }
    for (i = 0; i < m; i++) {                       /* lower chain */
        while (k >= 2 && !left_turn(p, h[k - 2], h[k - 1], idx[i], o, u, w, tol)) k--;
        h[k++] = idx[i];
    }
    lower = k + 1;
    for (i = m - 2; i >= 0; i--) {                  /* upper chain */
        while (k >= lower && !left_turn(p, h[k - 2], h[k - 1], idx[i], o, u, w, tol)) k--;
        h[k++] = idx[i];
    }
    k--;                                            /* last point repeats the first */
    if (k < 3) return -2;
    first = p->nf;
    for (i = 1; i + 1 < k; i++) {
        if (add_tri(p, h[0], h[i], h[i + 1])) return -1;
    }
    for (i = 0; i < k; i++) {
        if (add_edge(p, h[i], h[(i + 1) % k])) return -1;
    }
    return first;
}

static double vertex_tol(const rg_vec *v, int n, double extent)
{
    double m = 0.0;
    int i;
    for (i = 0; i < n; i++) {
        m = maxd(m, fabs(v[i].x));
        m = maxd(m, fabs(v[i].y));
        m = maxd(m, fabs(v[i].z));
    }
    return RG_TOL_SIZE * extent + RG_TOL_COORD * m;
}

int rg_poly_build(rg_poly *p, const rg_vec *v, int n)
{
    int i, j, k, s, ia, ib, ic, nfaces = 0;
    double ext, tol, hmax;
    rg_vec u, nrm;
    unsigned long fmask[RG_MAX_FACES];
    unsigned char ftri[RG_MAX_FACES];

    if (!p) return -1;
    p->n = 0; p->nf = 0; p->ne = 0;
    if (!v || n < 1 || n > RG_MAX_VERTS) return -1;
    for (i = 0; i < n; i++) p->v[i] = v[i];
    p->n = n;

    /* extreme pair: farthest from v[0], then farthest from that one */
    ib = 0; hmax = -1.0;
    for (i = 0; i < n; i++) { double d = dist2(v[i], v[0]); if (d > hmax) { hmax = d; ib = i; } }
    ia = ib; hmax = -1.0;
    for (i = 0; i < n; i++) { double d = dist2(v[i], v[ib]); if (d > hmax) { hmax = d; ia = i; } }
    ext = sqrt(hmax);
    tol = vertex_tol(v, n, ext);

    if (ext <= tol) {                               /* a single point (possibly repeated) */
        return add_tri(p, ia, ia, ia);
    }
    u = rg_scale(rg_sub(v[ib], v[ia]), 1.0 / ext);
    ic = ia; hmax = -1.0;                           /* farthest from the line ia-ib */
    for (i = 0; i < n; i++) {
        double d = rg_len(rg_cross(rg_sub(v[i], v[ia]), u));
        if (d > hmax) { hmax = d; ic = i; }
    }
    if (hmax <= tol) {                              /* collinear: one segment */
        if (add_tri(p, ia, ib, ib)) return -1;
        return add_edge(p, ia, ib);
    }
    nrm = rg_cross(rg_sub(v[ib], v[ia]), rg_sub(v[ic], v[ia]));
    nrm = rg_scale(nrm, 1.0 / rg_len(nrm));
    hmax = 0.0;                                     /* farthest from the plane ia-ib-ic */
    for (i = 0; i < n; i++) hmax = maxd(hmax, fabs(rg_dot(nrm, rg_sub(v[i], v[ia]))));
    if (hmax <= tol) {                              /* flat: one polygon */
        unsigned long all = (n >= 32) ? 0xFFFFFFFFUL : ((1UL << n) - 1UL);
        int r = add_polygon(p, all, v[ia], nrm, u, tol);
        if (r == -1) return -1;
        if (r == -2) {                              /* cannot happen with sane tolerances */
            if (add_tri(p, ia, ib, ic)) return -1;
            if (add_edge(p, ia, ib) || add_edge(p, ib, ic) || add_edge(p, ic, ia)) return -1;
        }
        return 0;
    }

    /* full-dimensional: every triple whose plane supports the set is a face plane */
    for (i = 0; i < n; i++) {
        for (j = i + 1; j < n; j++) {
            for (k = j + 1; k < n; k++) {
                rg_vec e1 = rg_sub(v[j], v[i]), e2 = rg_sub(v[k], v[i]);
                double l1 = rg_len(e1), l2 = rg_len(e2), l3 = rg_len(rg_sub(v[k], v[j]));
                double lm = maxd(l1, maxd(l2, l3)), nl;
                rg_vec nn = rg_cross(e1, e2);
                nl = rg_len(nn);
                /* skip (near-)coincident or (near-)collinear triples: their plane is undefined */
                if (l1 <= tol || l2 <= tol || l3 <= tol) continue;
                if (nl <= tol * lm || nl <= RG_SIN_MIN * lm * lm) continue;
                nn = rg_scale(nn, 1.0 / nl);
                for (s = 0; s < 2; s++) {
                    rg_vec fn = s ? rg_scale(nn, -1.0) : nn;
                    unsigned long mask = 0, tri = (1UL << i) | (1UL << j) | (1UL << k);
                    int m, f, dup = 0, r;
                    for (m = 0; m < n; m++) {
                        double d = rg_dot(fn, rg_sub(v[m], v[i]));
                        if (d > tol) break;
                        if (d >= -tol) mask |= 1UL << m;
                    }
                    if (m < n) continue;            /* a vertex is strictly outside: not a face */
                    for (f = 0; f < nfaces && !dup; f++) {
                        const int *t = p->f[ftri[f]];
                        rg_vec tn = rg_cross(rg_sub(v[t[1]], v[t[0]]), rg_sub(v[t[2]], v[t[0]]));
                        if ((fmask[f] & tri) == tri && rg_dot(tn, fn) > 0.0) dup = 1;
                    }
                    if (dup) continue;
                    r = add_polygon(p, mask, v[i], fn, rg_scale(e1, 1.0 / l1), tol);
                    if (r == -1) return -1;
                    if (r < 0) continue;            /* collapsed within tolerance: a sliver */
                    if (nfaces >= RG_MAX_FACES) return -1;
                    fmask[nfaces] = mask;
                    ftri[nfaces] = (unsigned char)r;
                    nfaces++;
                }
            }
        }
    }
    return (p->nf > 0) ? 0 : -1;                    /* no face found: only for pathological input */
}

/* ---------------------------------------------------------------- polytope distance */

double rg_poly_distance(const rg_poly *a, const rg_poly *b, rg_vec *ca, rg_vec *cb)
{
    double best = -1.0, sat;
    rg_vec pa = a->v[0], pb = b->v[0], x, y;
    int i, j;

    sat = rg_poly_sat(a, b, NULL);

    /* For separated convex sets the closest pair can be chosen as vertex-face, face-vertex or
     * edge-edge (the contact set in the separating plane is a convex polygon whose corners are
     * vertices of one set or crossings of edges of both). Triangles cover every face. */
    for (i = 0; i < a->n; i++) {
        for (j = 0; j < b->nf; j++) {
            const int *t = b->f[j];
            take(a->v[i], rg_closest_on_triangle(a->v[i], b->v[t[0]], b->v[t[1]], b->v[t[2]]),
                 &best, &pa, &pb);
        }
    }
    for (i = 0; i < b->n; i++) {
        for (j = 0; j < a->nf; j++) {
            const int *t = a->f[j];
            take(rg_closest_on_triangle(b->v[i], a->v[t[0]], a->v[t[1]], a->v[t[2]]), b->v[i],
                 &best, &pa, &pb);
        }
    }
    for (i = 0; i < a->ne; i++) {
        for (j = 0; j < b->ne; j++) {
            rg_segment_segment(a->v[a->e[i][0]], a->v[a->e[i][1]], b->v[b->e[j][0]], b->v[b->e[j][1]],
                               &x, &y);
            take(x, y, &best, &pa, &pb);
        }
    }
    if (ca) *ca = pa;
    if (cb) *cb = pb;
    best = sqrt(best);
    if (sat >= 0.0 || best <= RG_TOL_CONTACT * (noise_scale(a->v, a->n) + noise_scale(b->v, b->n))) return 0.0;
    return best;
}

/* ---------------------------------------------------------------- separating axes */

/* Unit normal of triangle f of p; 0 if the triangle is degenerate (sine below RG_SIN_MIN). */
static int face_unit(const rg_poly *p, int f, rg_vec *out)
{
    rg_vec a = p->v[p->f[f][0]], b = p->v[p->f[f][1]], c = p->v[p->f[f][2]];
    rg_vec n = rg_cross(rg_sub(b, a), rg_sub(c, a));
    double lm = maxd(dist2(a, b), maxd(dist2(b, c), dist2(c, a)));
    double nl = rg_len(n);
    if (!(nl > 0.0) || nl <= RG_SIN_MIN * lm) return 0;
    *out = rg_scale(n, 1.0 / nl);
    return 1;
}

/* Unit direction of edge e of p; 0 if it has zero length. */
static int edge_unit(const rg_poly *p, int e, rg_vec *out)
{
    rg_vec d = rg_sub(p->v[p->e[e][1]], p->v[p->e[e][0]]);
    double l = rg_len(d);
    if (!(l > 0.0)) return 0;
    *out = rg_scale(d, 1.0 / l);
    return 1;
}

static int parallel(rg_vec u, rg_vec w)
{
    rg_vec c = rg_cross(u, w);
    return rg_dot(c, c) <= RG_PARALLEL2;
}

/* flag[i] = 1 for the first valid face normal (edge direction) of each distinct axis. */
static void mark_faces(const rg_poly *p, unsigned char *flag)
{
    int i, j;
    rg_vec ni, nj;
    for (i = 0; i < p->nf; i++) {
        flag[i] = (unsigned char)face_unit(p, i, &ni);
        for (j = 0; j < i && flag[i]; j++) {
            if (flag[j] && face_unit(p, j, &nj) && parallel(ni, nj)) flag[i] = 0;
        }
    }
}

static void mark_edges(const rg_poly *p, unsigned char *flag)
{
    int i, j;
    rg_vec ui, uj;
    for (i = 0; i < p->ne; i++) {
        flag[i] = (unsigned char)edge_unit(p, i, &ui);
        for (j = 0; j < i && flag[i]; j++) {
            if (flag[j] && edge_unit(p, j, &uj) && parallel(ui, uj)) flag[i] = 0;
        }
    }
}

static void range(const rg_poly *p, rg_vec d, double *mn, double *mx)
{
    int i;
    double lo = rg_dot(p->v[0], d), hi = lo;
    for (i = 1; i < p->n; i++) {
        double s = rg_dot(p->v[i], d);
        if (s < lo) lo = s;
        if (s > hi) hi = s;
    }
    *mn = lo; *mx = hi;
}

typedef struct {
    const rg_poly *a, *b;
    double best;
    rg_vec n;
    int have;
} sat_state;

/* Evaluates the axis d (any length; both orientations). */
static void sat_axis(sat_state *st, rg_vec d)
{
    double l = rg_len(d), amin, amax, bmin, bmax, o1, o2;
    int i;
    if (!(l > 0.0)) return;
    d = rg_scale(d, 1.0 / l);
    range(st->a, d, &amin, &amax);
    bmin = bmax = rg_dot(st->b->v[0], d);
    for (i = 1; i < st->b->n; i++) {
        double s = rg_dot(st->b->v[i], d);
        if (s < bmin) bmin = s;
        if (s > bmax) bmax = s;
        /* both overlaps only grow from here on: stop once neither can beat the best axis */
        if (st->have && amax - bmin >= st->best && bmax - amin >= st->best) return;
    }
    o1 = amax - bmin;                               /* along +d (A towards B) */
    o2 = bmax - amin;                               /* along -d */
    if (o2 < o1) { o1 = o2; d = rg_scale(d, -1.0); }
    if (!st->have || o1 < st->best) {
        st->have = 1; st->best = o1; st->n = d;
    }
}

/* Evaluates the axis u x w of two unit vectors unless they are (near-)parallel. */
static void sat_cross(sat_state *st, rg_vec u, rg_vec w)
{
    rg_vec c = rg_cross(u, w);
    if (rg_dot(c, c) <= RG_SIN_MIN * RG_SIN_MIN) return;
    sat_axis(st, c);
}

double rg_poly_sat(const rg_poly *a, const rg_poly *b, rg_vec *normal)
{
    unsigned char fa[RG_MAX_FACES], fb[RG_MAX_FACES], ea[RG_MAX_EDGES], eb[RG_MAX_EDGES];
    sat_state st;
    rg_vec ax[3], u, w;
    int i, j, k;

    ax[0] = rg_v(1.0, 0.0, 0.0); ax[1] = rg_v(0.0, 1.0, 0.0); ax[2] = rg_v(0.0, 0.0, 1.0);
    st.a = a; st.b = b; st.best = 0.0; st.n = ax[0]; st.have = 0;
    mark_faces(a, fa); mark_faces(b, fb);
    mark_edges(a, ea); mark_edges(b, eb);

    /* face normals (a flat set's plane normal is the normal of its triangles) */
    for (i = 0; i < a->nf; i++) if (fa[i] && face_unit(a, i, &u)) sat_axis(&st, u);
    for (i = 0; i < b->nf; i++) if (fb[i] && face_unit(b, i, &u)) sat_axis(&st, u);
    /* coordinate axes: separate point/segment sets along their own line */
    for (k = 0; k < 3; k++) sat_axis(&st, ax[k]);
    /* edge x edge: the remaining facet normals of the Minkowski difference */
    for (i = 0; i < a->ne; i++) {
        if (!ea[i] || !edge_unit(a, i, &u)) continue;
        for (j = 0; j < b->ne; j++) {
            if (eb[j] && edge_unit(b, j, &w)) sat_cross(&st, u, w);
        }
    }
    /* edge x coordinate axis: these span the plane normal to each edge, which holds the in-plane
     * edge normals of a flat Minkowski difference and the normals of a collinear one */
    for (i = 0; i < a->ne; i++) {
        if (!ea[i] || !edge_unit(a, i, &u)) continue;
        for (k = 0; k < 3; k++) sat_cross(&st, u, ax[k]);
    }
    for (i = 0; i < b->ne; i++) {
        if (!eb[i] || !edge_unit(b, i, &u)) continue;
        for (k = 0; k < 3; k++) sat_cross(&st, u, ax[k]);
    }
    if (normal) *normal = st.n;
    return st.best;
}

/* ---------------------------------------------------------------- transforms and analytic shapes */

rg_vec rg_xf_apply(const rg_xf *t, rg_vec l)
{
    return rg_v(t->m[0][0] * l.x + t->m[0][1] * l.y + t->m[0][2] * l.z + t->p.x,
                t->m[1][0] * l.x + t->m[1][1] * l.y + t->m[1][2] * l.z + t->p.y,
                t->m[2][0] * l.x + t->m[2][1] * l.y + t->m[2][2] * l.z + t->p.z);
}

rg_vec rg_xf_inverse_apply(const rg_xf *t, rg_vec world)
{
    rg_vec d = rg_sub(world, t->p);
    return rg_v(t->m[0][0] * d.x + t->m[1][0] * d.y + t->m[2][0] * d.z,
                t->m[0][1] * d.x + t->m[1][1] * d.y + t->m[2][1] * d.z,
                t->m[0][2] * d.x + t->m[1][2] * d.y + t->m[2][2] * d.z);
}

void rg_box_corners(const rg_xf *t, rg_vec h, rg_vec out[8])
{
    int i;
    for (i = 0; i < 8; i++) {
        rg_vec l = rg_v((i & 1) ? h.x : -h.x, (i & 2) ? h.y : -h.y, (i & 4) ? h.z : -h.z);
        out[i] = rg_xf_apply(t, l);
    }
}

double rg_sphere_sphere(rg_vec ca, double ra, rg_vec cb, double rb, rg_vec *normal)
{
    rg_vec d = rg_sub(cb, ca);
    double l = rg_len(d);
    if (normal) *normal = (l > 0.0) ? rg_scale(d, 1.0 / l) : rg_v(1.0, 0.0, 0.0);
    return l - ra - rb;
}

double rg_capsule_capsule(rg_vec a0, rg_vec a1, double ra, rg_vec b0, rg_vec b1, double rb,
                          rg_vec *pa, rg_vec *pb)
{
    rg_vec c1, c2, n;
    double d = rg_segment_segment(a0, a1, b0, b1, &c1, &c2);
    n = (d > 0.0) ? rg_scale(rg_sub(c2, c1), 1.0 / d) : rg_v(1.0, 0.0, 0.0);
    if (pa) *pa = rg_add(c1, rg_scale(n, ra));
    if (pb) *pb = rg_sub(c2, rg_scale(n, rb));
    return d - ra - rb;
}

double rg_point_box(rg_vec p, const rg_xf *t, rg_vec h, rg_vec *closest)
{
    rg_vec q = rg_xf_inverse_apply(t, p);
    double qa[3], ha[3], c[3], out2 = 0.0;
    int k, inside = 1;

    qa[0] = q.x; qa[1] = q.y; qa[2] = q.z;
    ha[0] = h.x; ha[1] = h.y; ha[2] = h.z;
    for (k = 0; k < 3; k++) {
        c[k] = qa[k];
        if (qa[k] > ha[k]) { c[k] = ha[k]; inside = 0; }
        if (qa[k] < -ha[k]) { c[k] = -ha[k]; inside = 0; }
        out2 += (qa[k] - c[k]) * (qa[k] - c[k]);
    }
    if (!inside) {
        if (closest) *closest = rg_xf_apply(t, rg_v(c[0], c[1], c[2]));
        return sqrt(out2);
    }
    {
        int kmin = 0;
        double dmin = ha[0] - fabs(qa[0]);
        for (k = 1; k < 3; k++) {
            double d = ha[k] - fabs(qa[k]);
            if (d < dmin) { dmin = d; kmin = k; }
        }
        c[kmin] = (qa[kmin] < 0.0) ? -ha[kmin] : ha[kmin];
        if (closest) *closest = rg_xf_apply(t, rg_v(c[0], c[1], c[2]));
        return -dmin;
    }
}

double rg_point_ellipsoid(rg_vec p, const double r[3])
{
    double q[3], lo = 0.0, hi, t, d2 = 0.0;
    int i, k;
    q[0] = p.x; q[1] = p.y; q[2] = p.z;
    /* g(t) = sum (r_i q_i / (r_i^2 + t))^2 - 1 falls from g(0) to -1; at
     * t = max r * |q| every term is at most (q_i / |q|)^2, so g <= 0. */
    hi = r[0];
    if (r[1] > hi) hi = r[1];
    if (r[2] > hi) hi = r[2];
    hi *= rg_len(p);
    for (k = 0; k < 200 && lo < hi; k++) {
        double g = -1.0, m = lo + (hi - lo) / 2;
        if (m <= lo || m >= hi) break;
        for (i = 0; i < 3; i++) {
            double e = r[i] * q[i] / (r[i] * r[i] + m);
            g += e * e;
        }
        if (g > 0.0) lo = m; else hi = m;
    }
    t = lo;
    /* x_i - q_i = -q_i t / (r_i^2 + t), without cancellation */
    for (i = 0; i < 3; i++) {
        double e = q[i] * t / (r[i] * r[i] + t);
        d2 += e * e;
    }
    return sqrt(d2);
}
