/* Double-precision reference geometry for the 2D tests: see ref2d.h. */
#include <math.h>
#include "ref2d.h"

double r2_len(r2_vec a) { return sqrt(r2_dot(a, a)); }

static void push(r2_shape *out, double x, double y, const fxc2_transform *t)
{
    double c = t->c / 65536.0, s = t->s / 65536.0;
    out->v[out->n].x = c * x - s * y + (double)t->pos.x;
    out->v[out->n].y = s * x + c * y + (double)t->pos.y;
    out->n++;
}

int r2_from_fxc2(r2_shape *out, const fxc2_shape *s, const fxc2_transform *t)
{
    int i;
    out->n = 0;
    out->radius = (double)s->margin;
    switch (s->type) {
    case FXC2_SHAPE_POINT:
        push(out, 0, 0, t);
        return 0;
    case FXC2_SHAPE_SEGMENT:
        push(out, s->u.segment.a.x, s->u.segment.a.y, t);
        push(out, s->u.segment.b.x, s->u.segment.b.y, t);
        return 0;
    case FXC2_SHAPE_BOX: {
        double hx = s->u.box.half.x, hy = s->u.box.half.y;
        push(out, -hx, -hy, t);
        push(out, hx, -hy, t);
        push(out, hx, hy, t);
        push(out, -hx, hy, t);
        return 0;
    }
    case FXC2_SHAPE_POLYGON:
        for (i = 0; i < s->u.polygon.count && i < R2_MAX_VERTS; i++)
            push(out, s->u.polygon.vertices[i].x, s->u.polygon.vertices[i].y, t);
        return 0;
    default:
        return -1;
    }
}

void r2_translate(r2_shape *s, r2_vec d)
{
    int i;
    for (i = 0; i < s->n; i++) s->v[i] = r2_add(s->v[i], d);
}

double r2_area2(const r2_shape *s)
{
    double a = 0;
    int i;
    for (i = 0; i < s->n; i++) a += r2_cross(s->v[i], s->v[(i + 1) % s->n]);
    return a;
}

double r2_reach(const r2_shape *s, r2_vec centre)
{
    double m = 0;
    int i;
    for (i = 0; i < s->n; i++) {
        double dx = fabs(s->v[i].x - centre.x), dy = fabs(s->v[i].y - centre.y);
        if (dx > m) m = dx;
        if (dy > m) m = dy;
    }
    return m + s->radius;
}

/* Closest point to p on the segment a..b; *inner: 1 when it lies strictly
 * between the ends (a vertex-edge pair), else 0. */
static r2_vec closest_on_segment(r2_vec a, r2_vec b, r2_vec p, int *inner)
{
    r2_vec e = r2_sub(b, a);
    double ee = r2_dot(e, e), t;
    *inner = 0;
    if (ee == 0) return a;
    t = r2_dot(r2_sub(p, a), e) / ee;
    if (t <= 0) return a;
    if (t >= 1) return b;
    *inner = 1;
    return r2_add(a, r2_scale(e, t));
}

/* p inside or on a core with area (every edge sees it on its left). */
static int inside_core(const r2_shape *s, r2_vec p)
{
    int i;
    if (s->n < 3 || r2_area2(s) <= 0) return 0;
    for (i = 0; i < s->n; i++) {
        r2_vec a = s->v[i], b = s->v[(i + 1) % s->n], e = r2_sub(b, a);
        if (r2_dot(e, e) == 0) continue;
        if (r2_cross(e, r2_sub(p, a)) < 0) return 0;
    }
    return 1;
}

double r2_point_core_distance(const r2_shape *s, r2_vec p)
{
    double best = -1;
    int i, inner;
    if (inside_core(s, p)) return 0;
    for (i = 0; i < s->n; i++) {
        r2_vec q = closest_on_segment(s->v[i], s->v[(i + 1) % s->n], p, &inner);
        double d = r2_len(r2_sub(p, q));
        if (best < 0 || d < best) best = d;
    }
    return best;
}

double r2_point_signed(const r2_shape *s, r2_vec p)
{
    double best = -1;
    int i, inner;
    for (i = 0; i < s->n; i++) {
        r2_vec q = closest_on_segment(s->v[i], s->v[(i + 1) % s->n], p, &inner);
        double d = r2_len(r2_sub(p, q));
        if (best < 0 || d < best) best = d;
    }
    return (inside_core(s, p) ? -best : best) - s->radius;
}

/* Do the segments p0..p1 and q0..q1 cross (each end strictly on opposite
 * sides of the other's line)? Touching is left to the distance. */
static int segments_cross(r2_vec p0, r2_vec p1, r2_vec q0, r2_vec q1)
{
    r2_vec e = r2_sub(p1, p0), f = r2_sub(q1, q0);
    double s0 = r2_cross(e, r2_sub(q0, p0)), s1 = r2_cross(e, r2_sub(q1, p0));
    double t0 = r2_cross(f, r2_sub(p0, q0)), t1 = r2_cross(f, r2_sub(p1, q0));
    return ((s0 < 0 && s1 > 0) || (s0 > 0 && s1 < 0)) && ((t0 < 0 && t1 > 0) || (t0 > 0 && t1 < 0));
}

static int cores_overlap(const r2_shape *a, const r2_shape *b)
{
    int i, j;
    for (i = 0; i < b->n; i++)
        if (inside_core(a, b->v[i])) return 1;
    for (i = 0; i < a->n; i++)
        if (inside_core(b, a->v[i])) return 1;
    for (i = 0; i < a->n; i++)
        for (j = 0; j < b->n; j++)
            if (segments_cross(a->v[i], a->v[(i + 1) % a->n], b->v[j], b->v[(j + 1) % b->n])) return 1;
    return 0;
}

/* Every vertex of p against every edge of q; keeps the nearest pair in
 * out (swapped: the vertex is B's), its squared distance in out->dist. */
static void vertices_vs_edges(const r2_shape *p, const r2_shape *q, int swapped, r2_closest_result *out)
{
    int i, j, inner;
    for (i = 0; i < p->n; i++) {
        for (j = 0; j < q->n; j++) {
            r2_vec e0 = q->v[j], e1 = q->v[(j + 1) % q->n];
            r2_vec c = closest_on_segment(e0, e1, p->v[i], &inner), gap = r2_sub(p->v[i], c);
            double dd = r2_dot(gap, gap); /* squared here, out->dist at the end */
            if (out->dist < 0 || dd < out->dist) {
                out->dist = dd;
                out->pa = swapped ? c : p->v[i];
                out->pb = swapped ? p->v[i] : c;
                out->edge_len = inner ? r2_len(r2_sub(e1, e0)) : 0;
            }
        }
    }
}

void r2_closest(const r2_shape *a, const r2_shape *b, r2_closest_result *out)
{
    out->dist = -1;
    out->edge_len = 0;
    vertices_vs_edges(a, b, 0, out);
    vertices_vs_edges(b, a, 1, out);
    out->dist = sqrt(out->dist);
    out->overlap = cores_overlap(a, b);
    if (out->overlap) out->dist = 0;
}

/* How far B must move along unit n to clear A: max A.n - min B.n. */
static double need_along(const r2_shape *a, const r2_shape *b, r2_vec n)
{
    double amax = r2_dot(a->v[0], n), bmin = r2_dot(b->v[0], n);
    int i;
    for (i = 1; i < a->n; i++)
        if (r2_dot(a->v[i], n) > amax) amax = r2_dot(a->v[i], n);
    for (i = 1; i < b->n; i++)
        if (r2_dot(b->v[i], n) < bmin) bmin = r2_dot(b->v[i], n);
    return amax - bmin;
}

/* The candidate axis k of the pair: the unit normal of edge k / 2 of A's
 * edges then B's, with sign k % 2; returns 0 for a zero-length edge. */
static int axis_of(const r2_shape *a, const r2_shape *b, int k, r2_vec *n, double *len)
{
    int e = k / 2;
    const r2_shape *s = e < a->n ? a : b;
    r2_vec d;
    if (e >= a->n) e -= a->n;
    d = r2_sub(s->v[(e + 1) % s->n], s->v[e]);
    *len = r2_len(d);
    if (*len == 0) return 0;
    *n = r2_v(d.y / *len, -d.x / *len);
    if (k % 2) *n = r2_scale(*n, -1);
    return 1;
}

void r2_sat(const r2_shape *a, const r2_shape *b, r2_sat_result *out)
{
    int k, found = 0, axes = 2 * (a->n + b->n);
    r2_vec n;
    double len;
    out->depth = 0;
    out->axis = r2_v(1, 0);
    out->second = 1e300;
    out->edge_len = 0;
    for (k = 0; k < axes; k++) {
        double d;
        if (!axis_of(a, b, k, &n, &len)) continue;
        d = need_along(a, b, n);
        if (!found || d < out->depth) {
            out->depth = d;
            out->axis = n;
            out->edge_len = len;
            found = 1;
        }
    }
    for (k = 0; k < axes; k++) {
        double d;
        if (!axis_of(a, b, k, &n, &len) || r2_dot(n, out->axis) > 1 - 1e-12) continue;
        d = need_along(a, b, n);
        if (d < out->second) out->second = d;
    }
    if (!found) out->second = 0; /* two points: every axis is as good */
}

double r2_gap(const r2_shape *a, const r2_shape *b)
{
    r2_closest_result c;
    r2_sat_result s;
    r2_closest(a, b, &c);
    if (!c.overlap && c.dist > 0) return c.dist - a->radius - b->radius;
    r2_sat(a, b, &s);
    return -(s.depth + a->radius + b->radius);
}

double r2_depth(const r2_shape *a, const r2_shape *b, r2_vec *axis, double *unique_margin, double *edge_len,
                double *core_dist)
{
    r2_closest_result c;
    r2_sat_result s;
    r2_closest(a, b, &c);
    if (!c.overlap && c.dist > 0) {
        *axis = r2_scale(r2_sub(c.pb, c.pa), 1 / c.dist);
        *unique_margin = 1e300;
        *edge_len = c.edge_len;
        *core_dist = c.dist;
        return a->radius + b->radius - c.dist;
    }
    r2_sat(a, b, &s);
    *axis = s.axis;
    *unique_margin = s.second - s.depth;
    *edge_len = s.edge_len;
    *core_dist = 0;
    return s.depth + a->radius + b->radius;
}

/* ---- Ray casts ------------------------------------------------------------ */

/* Clips [*t0, *t1] to the t where v0 + t dv lies in [lo, hi]. */
static void clip_slab(double v0, double dv, double lo, double hi, double *t0, double *t1)
{
    double ta, tb;
    if (dv == 0) {
        if (v0 < lo || v0 > hi) *t0 = 2, *t1 = -1;
        return;
    }
    ta = (lo - v0) / dv;
    tb = (hi - v0) / dv;
    if (ta > tb) { double x = ta; ta = tb; tb = x; }
    if (ta > *t0) *t0 = ta;
    if (tb < *t1) *t1 = tb;
}

/* First t in [0, 1] in the core's half-planes, each moved out by off (in
 * when negative); 2 for none. Needs a core with area. */
static double ray_core(const r2_shape *s, r2_vec o, r2_vec d, double off)
{
    double t0 = 0, t1 = 1;
    int i;
    if (s->n < 3 || r2_area2(s) <= 0) return 2;
    for (i = 0; i < s->n; i++) {
        r2_vec a = s->v[i], e = r2_sub(s->v[(i + 1) % s->n], a), n;
        double len = r2_len(e);
        if (len == 0) continue;
        n = r2_v(e.y / len, -e.x / len);
        clip_slab(r2_dot(n, r2_sub(o, a)), r2_dot(n, d), -1e300, off, &t0, &t1);
    }
    return t0 <= t1 ? t0 : 2;
}

/* First t in [0, 1] within r of the segment a..b's inner part (the
 * rectangle swept along its normal); 2 for none. */
static double ray_band(r2_vec a, r2_vec b, double r, r2_vec o, r2_vec d)
{
    r2_vec e = r2_sub(b, a), u, n, rel = r2_sub(o, a);
    double len = r2_len(e), t0 = 0, t1 = 1;
    if (len == 0) return 2;
    u = r2_scale(e, 1 / len);
    n = r2_v(u.y, -u.x);
    clip_slab(r2_dot(u, rel), r2_dot(u, d), 0, len, &t0, &t1);
    clip_slab(r2_dot(n, rel), r2_dot(n, d), -r, r, &t0, &t1);
    return t0 <= t1 ? t0 : 2;
}

/* First t in [0, 1] within r of the point c; 2 for none. */
static double ray_disc(r2_vec c, double r, r2_vec o, r2_vec d)
{
    r2_vec m = r2_sub(o, c);
    double qa = r2_dot(d, d), qb = 2 * r2_dot(m, d), qc = r2_dot(m, m) - r * r, disc, t;
    if (qc <= 0) return 0;
    if (qa == 0) return 2;
    disc = qb * qb - 4 * qa * qc;
    if (disc < 0) return 2;
    t = (-qb - sqrt(disc)) / (2 * qa);
    return (t >= 0 && t <= 1) ? t : 2;
}

double r2_raycast(const r2_shape *s, r2_vec origin, r2_vec d, double grow)
{
    double r = s->radius + grow, best;
    int i;
    if (r <= 0) return ray_core(s, origin, d, r);
    /* the rounded shape is the core, a band along each edge and a disc at
     * each vertex: the first entry into any of them */
    best = ray_core(s, origin, d, 0);
    for (i = 0; i < s->n; i++) {
        double tb = ray_band(s->v[i], s->v[(i + 1) % s->n], r, origin, d), tc = ray_disc(s->v[i], r, origin, d);
        if (tb < best) best = tb;
        if (tc < best) best = tc;
    }
    return best;
}

double r2_ray_min_gap(const r2_shape *s, r2_vec origin, r2_vec d)
{
    r2_shape ray;
    r2_closest_result c;
    ray.n = 0;
    ray.radius = 0;
    ray.v[ray.n++] = origin;
    if (d.x != 0 || d.y != 0) ray.v[ray.n++] = r2_add(origin, d);
    r2_closest(s, &ray, &c);
    return c.dist - s->radius;
}

int r2_edge_overlap(r2_vec a0, r2_vec a1, r2_vec b0, r2_vec b1, double ra, double rb, r2_vec pa[2], r2_vec pb[2],
                    double sep[2])
{
    r2_vec e = r2_sub(a1, a0), u, n, f = r2_sub(b1, b0);
    double la = r2_len(e), s0, s1, lo, hi, ends[2];
    int k, count;
    u = r2_scale(e, 1 / la);
    n = r2_v(u.y, -u.x);
    s0 = r2_dot(r2_sub(b0, a0), u);
    s1 = r2_dot(r2_sub(b1, a0), u);
    lo = s0 < s1 ? s0 : s1;
    hi = s0 < s1 ? s1 : s0;
    if (lo < 0) lo = 0;
    if (hi > la) hi = la;
    if (lo > hi) return 0;
    ends[0] = lo;
    ends[1] = hi;
    count = lo == hi ? 1 : 2;
    for (k = 0; k < count; k++) {
        /* B's edge at the projection ends[k], A's edge below it */
        r2_vec qb = s1 == s0 ? b0 : r2_add(b0, r2_scale(f, (ends[k] - s0) / (s1 - s0)));
        r2_vec qa = r2_add(a0, r2_scale(u, ends[k]));
        pa[k] = r2_add(qa, r2_scale(n, ra));
        pb[k] = r2_sub(qb, r2_scale(n, rb));
        sep[k] = r2_dot(r2_sub(pb[k], pa[k]), n);
    }
    return count;
}
