/* 2D shapes and transforms: the constructors and the rules they check (the
 * same rules again at every query), and the pair set-up that takes both
 * cores to world space, relative to the pair's centre, once per query. */
#include <stddef.h>
#include "geom2d.h"
#include "fxc_bits.h"

/* (c, s) is a unit vector within 2^-8: |c^2 + s^2 - 1| <= 2^-8 in Q32.32.
 * Entries beyond 2 units fail first, so each square is below 2^34. */
static int rotation_ok(fix16_t c, fix16_t s)
{
    int64_t err;
    if (fxc_abs_u32(c) > 2u * FXC_ONE || fxc_abs_u32(s) > 2u * FXC_ONE) return 0;
    err = fxc_dot2(c, c, s, s) - (INT64_C(1) << 32);
    return err >= -(INT64_C(1) << 24) && err <= (INT64_C(1) << 24);
}

int fxc2_transform_set(fxc2_transform *t, fxc2_vec pos, fix16_t c, fix16_t s)
{
    if (t == NULL) return FXC_ERR_NULL;
    t->pos = pos;
    t->c = c;
    t->s = s;
    return rotation_ok(c, s) ? FXC_OK : FXC_ERR_BAD_TRANSFORM;
}

int fxc2_transform_angle(fxc2_transform *t, fxc2_vec pos, fix16_t angle)
{
    fix16_t s, c;
    if (t == NULL) return FXC_ERR_NULL;
    fxc_sincos(angle, &s, &c);
    return fxc2_transform_set(t, pos, c, s);
}

/* A size: negative, zero where it must be positive, beyond the range. */
static int size_status(fix16_t v, int zero_ok)
{
    if (v < 0) return FXC_ERR_NEGATIVE_SIZE;
    if (v == 0 && !zero_ok) return FXC_ERR_ZERO_SIZE;
    if (v > FXC_RAW_LIMIT) return FXC_ERR_RANGE;
    return FXC_OK;
}

static int point_in_range(fxc2_vec v)
{
    return fxc_abs_u32(v.x) <= (uint32_t)FXC_RAW_LIMIT && fxc_abs_u32(v.y) <= (uint32_t)FXC_RAW_LIMIT;
}

/* Does direction e come before f, counting angles counter-clockwise from
 * +x in [0, 2pi)? Exact: the half plane first, then the cross product. */
static int angle_before(fxc2_vec e, fxc2_vec f)
{
    int ue = e.y > 0 || (e.y == 0 && e.x > 0);
    int uf = f.y > 0 || (f.y == 0 && f.x > 0);
    if (ue != uf) return ue;
    return fxc2_cross(e, f) > 0;
}

/* All points on one line (or one point)? */
int fxc2_polygon_flat(const fxc2_vec *v, int n)
{
    fxc2_vec d = fxc2_v(0, 0);
    int i;
    for (i = 1; i < n; i++) {
        fxc2_vec r = fxc2_sub(v[i], v[0]);
        if (d.x == 0 && d.y == 0) {
            d = r;
        } else if (fxc2_cross(d, r) != 0) {
            return 0;
        } else {
            /* on the line so far */
        }
    }
    return 1;
}

/* Convex and counter-clockwise, winding once: along the nonzero edges every
 * turn is left or straight (never back), and the edges' angles wrap past
 * +x exactly once. A flat polygon (all points on one line) goes out along
 * its line and back once: it turns back at its two ends only (a zig-zag,
 * whose vertex order the manifold's edges follow, is refused). Local
 * coordinates < 2^28: edges < 2^29, products exact. */
int fxc2_polygon_convex(const fxc2_vec *v, int n)
{
    fxc2_vec e[FXC2_MAX_CORE], last;
    int m = 0, wraps = 0, i, flat = fxc2_polygon_flat(v, n);
    /* each edge from the vertex before (the last vertex's first), and
     * each turn from the edge before: every neighbouring pair once, the
     * closing ones included, with no index wrapped */
    last = v[n - 1];
    for (i = 0; i < n; i++) {
        fxc2_vec d = fxc2_sub(v[i], last);
        last = v[i];
        if (d.x != 0 || d.y != 0) e[m++] = d;
    }
    if (flat) {
        int backs = 0;
        for (i = 0; i < m; i++) backs += fxc2_dot(e[i == 0 ? m - 1 : i - 1], e[i]) < 0;
        return backs <= 2;
    }
    last = e[m - 1]; /* a polygon not flat has nonzero edges */
    for (i = 0; i < m; i++) {
        int64_t turn = fxc2_cross(last, e[i]);
        if (turn < 0 || (turn == 0 && fxc2_dot(last, e[i]) < 0)) return 0;
        if (angle_before(e[i], last)) wraps++;
        last = e[i];
    }
    return wraps == 1;
}

/* Is every turn of the convex polygon v[0..n) left by a margin that
 * taking it to world space cannot undo? A query rotates each vertex by
 * (c, s) with |c^2 + s^2 - 1| <= 2^-8 (rotation_ok) and rounds it (<= 1/2
 * per coordinate), so a world edge is R e + D with |D| <= 1 per
 * coordinate, and a turn's cross product moves from det R cross(e1, e2)
 * (det R = c^2 + s^2 >= 1 - 2^-8) by at most (|c| + |s|)(|e1|_1 + |e2|_1)
 * + 2 (|c| + |s| < 1.417). It stays above 0 when cross(e1, e2) > 3/2
 * (|e1|_1 + |e2|_1) + 3, for every rounding on the way there too: so the
 * world polygon keeps every turn left and, its turns moving continuously
 * from the exact rotation's, winds once. Edges below 2^29 per coordinate:
 * the cross product below 2^59 and the sum of lengths below 2^32. A
 * repeated or collinear point fails (its turn is 0): such a polygon is
 * checked again at every query (src/sat2d.c). */
static int polygon_strict(const fxc2_vec *v, int n)
{
    fxc2_vec prev, last;
    int i;
    if (n < 3) return 0;
    /* as fxc2_polygon_convex walks: each edge from the vertex before, each
     * turn from the edge before, the closing ones first */
    prev = v[n - 1];
    last = fxc2_sub(v[n - 1], v[n - 2]);
    for (i = 0; i < n; i++) {
        fxc2_vec e = fxc2_sub(v[i], prev);
        int64_t len = (int64_t)fxc_abs_u32(last.x) + fxc_abs_u32(last.y) + fxc_abs_u32(e.x) + fxc_abs_u32(e.y);
        if (2 * fxc2_cross(last, e) <= 3 * len + 6) return 0;
        prev = v[i];
        last = e;
    }
    return 1;
}

static int polygon_rules(const fxc2_vec *v, int count)
{
    int i;
    if (v == NULL) return FXC_ERR_NULL;
    if (count <= 0) return FXC_ERR_EMPTY_HULL;
    if (count > FXC2_POLYGON_MAX_VERTICES) return FXC_ERR_TOO_MANY_VERTICES;
    for (i = 0; i < count; i++) {
        if (!point_in_range(v[i])) return FXC_ERR_RANGE;
    }
    return FXC_OK;
}

/* The rules every query checks again: anything a constructor refuses is a
 * bad shape (the polygon's convexity is the constructor's alone). */
static int shape_ok(const fxc2_shape *s)
{
    if (size_status(s->margin, 1) != FXC_OK) return 0;
    switch (s->type) {
    case FXC2_SHAPE_POINT: return 1;
    case FXC2_SHAPE_SEGMENT: return point_in_range(s->u.segment.a) && point_in_range(s->u.segment.b);
    case FXC2_SHAPE_BOX: return size_status(s->u.box.half.x, 0) == FXC_OK && size_status(s->u.box.half.y, 0) == FXC_OK;
    case FXC2_SHAPE_POLYGON: return polygon_rules(s->u.polygon.vertices, s->u.polygon.count) == FXC_OK;
    default: return 0;
    }
}

static void init_shape(fxc2_shape *s, fxc2_shape_type type, fix16_t margin)
{
    s->type = type;
    s->margin = margin;
    s->u.segment.a = fxc2_v(0, 0);
    s->u.segment.b = fxc2_v(0, 0);
}

/* A constructor's status, and on failure the shape marked unusable (no
 * type), so that every query refuses it: the checks a query repeats
 * (shape_ok) leave out a polygon's convexity, and a failed shape must
 * not pass for a good one. */
static int finished(fxc2_shape *s, int st)
{
    if (st != FXC_OK) s->type = (fxc2_shape_type)0;
    return st;
}

int fxc2_shape_point(fxc2_shape *s, fix16_t margin)
{
    int st = size_status(margin, 1);
    if (s == NULL) return FXC_ERR_NULL;
    init_shape(s, FXC2_SHAPE_POINT, margin);
    return finished(s, st);
}

int fxc2_shape_circle(fxc2_shape *s, fix16_t radius)
{
    int st = size_status(radius, 0);
    if (s == NULL) return FXC_ERR_NULL;
    init_shape(s, FXC2_SHAPE_POINT, radius);
    return finished(s, st);
}

int fxc2_shape_segment(fxc2_shape *s, fxc2_vec a, fxc2_vec b, fix16_t margin)
{
    int st = size_status(margin, 1);
    if (s == NULL) return FXC_ERR_NULL;
    init_shape(s, FXC2_SHAPE_SEGMENT, margin);
    s->u.segment.a = a;
    s->u.segment.b = b;
    if (st == FXC_OK && !(point_in_range(a) && point_in_range(b))) st = FXC_ERR_RANGE;
    return finished(s, st);
}

int fxc2_shape_capsule(fxc2_shape *s, fix16_t half_length, fix16_t radius)
{
    int st = size_status(half_length, 0);
    int st_r = size_status(radius, 0);
    if (s == NULL) return FXC_ERR_NULL;
    init_shape(s, FXC2_SHAPE_SEGMENT, radius);
    if (st != FXC_OK) return finished(s, st); /* before negating: INT32_MIN has no negative */
    s->u.segment.a = fxc2_v(-half_length, 0);
    s->u.segment.b = fxc2_v(half_length, 0);
    return finished(s, st_r);
}

int fxc2_shape_box(fxc2_shape *s, fxc2_vec half_extents, fix16_t margin)
{
    int st = size_status(half_extents.x, 0);
    if (s == NULL) return FXC_ERR_NULL;
    init_shape(s, FXC2_SHAPE_BOX, margin);
    s->u.box.half = half_extents;
    if (st == FXC_OK) st = size_status(half_extents.y, 0);
    if (st == FXC_OK) st = size_status(margin, 1);
    return finished(s, st);
}

int fxc2_shape_polygon(fxc2_shape *s, const fxc2_vec *vertices, int count, fix16_t margin)
{
    int st;
    if (s == NULL) return FXC_ERR_NULL;
    init_shape(s, FXC2_SHAPE_POLYGON, margin);
    s->u.polygon.vertices = vertices;
    s->u.polygon.count = count;
    s->u.polygon.strict = 0;
    st = polygon_rules(vertices, count);
    if (st == FXC_OK) st = size_status(margin, 1);
    if (st == FXC_OK && !fxc2_polygon_convex(vertices, count)) st = FXC_ERR_BAD_SHAPE;
    if (st == FXC_OK) s->u.polygon.strict = polygon_strict(vertices, count);
    return finished(s, st);
}

/* Q32.32 -> Q16.16 rounded half up, without fxc_round32's saturation:
 * the rotations below take entries within 2 units (2^17 raw, rotation_ok)
 * times coordinates below 2^28 raw, sums below 2^46, so the result is
 * below 2^30 and always fits. */
static fix16_t round_q16(int64_t v)
{
    return (fix16_t)((v + 0x8000) >> 16);
}

/* R * v, each coordinate rounded once: a sum of two products, one call on
 * a core without a long multiply (|c|, |s| <= 2^17: -s fits). */
static fxc2_vec rotate2d(const fxc2_transform *t, fxc2_vec v)
{
    return fxc2_v(round_q16(fxc_dot2(t->c, v.x, -t->s, v.y)), round_q16(fxc_dot2(t->s, v.x, t->c, v.y)));
}

/* The core's vertices rotated, counter-clockwise (not a box's: box_core). */
static void rotated_vertices(fxc2_core *core, const fxc2_shape *s, const fxc2_transform *t)
{
    int i;
    core->strict = s->type == FXC2_SHAPE_POLYGON && s->u.polygon.strict == 1;
    switch (s->type) {
    case FXC2_SHAPE_POINT:
        core->n = 1;
        core->v[0] = fxc2_v(0, 0);
        break;
    case FXC2_SHAPE_SEGMENT:
        core->n = 2;
        core->v[0] = rotate2d(t, s->u.segment.a);
        core->v[1] = rotate2d(t, s->u.segment.b);
        break;
    default:
        core->n = s->u.polygon.count;
        for (i = 0; i < core->n; i++) core->v[i] = rotate2d(t, s->u.polygon.vertices[i]);
        break;
    }
}

/* The bounds of the rotated vertices, per coordinate. */
static void core_bounds(const fxc2_core *core, fxc2_vec *lo, fxc2_vec *hi)
{
    int i;
    *lo = *hi = core->v[0];
    for (i = 1; i < core->n; i++) {
        if (core->v[i].x < lo->x) lo->x = core->v[i].x;
        if (core->v[i].x > hi->x) hi->x = core->v[i].x;
        if (core->v[i].y < lo->y) lo->y = core->v[i].y;
        if (core->v[i].y > hi->y) hi->y = core->v[i].y;
    }
}

/* Is [lo, hi] (one coordinate of the core about its position), widened
 * by the margin, within FXC_RAW_LIMIT of the pair's centre once offset by
 * the position's offset from it (pos - centre, exact), and within
 * FXC_WORLD_LIMIT of the world's origin once placed at pos?
 *   offset + lo - margin >= -R,   offset + hi + margin <= R,
 *   pos + lo - margin >= -W,      pos + hi + margin <= W.
 * In int32, each sum compared as a difference: |lo|, |hi| < 2^30 (a
 * rotated box's extents) and margin <= R < 2^28, so L = lo - margin and
 * H = hi + margin are below 2^30.4, and R - H, -R - L below 2^31. An
 * offset beyond R + 2^30 fails one of the first two (|H|, |L| < 2^30 is
 * not enough to bring it back), so past that test it fits int32. */
static int span_in_range(int32_t lo, int32_t hi, int64_t offset, int32_t pos, fix16_t margin)
{
    int32_t l = lo - margin, h = hi + margin, o;
    if (offset > FXC_RAW_LIMIT + (INT64_C(1) << 30) || offset < -FXC_RAW_LIMIT - (INT64_C(1) << 30)) return 0;
    o = (int32_t)offset;
    if (o < -FXC_RAW_LIMIT - l || o > FXC_RAW_LIMIT - h) return 0;
    /* pos + l >= -W: true for pos >= 0 (l > -W); else -(W + pos) fits */
    if (pos < 0 && l < -(FXC_WORLD_LIMIT + pos)) return 0;
    return pos <= 0 || h <= FXC_WORLD_LIMIT - pos;
}

/* A box's core: its two rotated half extents, R (hx, 0) and R (0, hy),
 * rounded (one product per coordinate, the other is 0), and its corners,
 * its centre plus or minus them, exactly: an exact parallelogram (each
 * corner within 1 LSB per coordinate of the exact rotation), numbered from
 * its (-x, -y) corner as the feature ids number them, which
 * fxc2_support_index relies on. Its reach along x is |ex.x| + |ey.x|
 * either way, its corners being -+ ex -+ ey. (ox, oy): its position's
 * offset from the pair's centre. */
static int box_core(fxc2_core *core, const fxc2_shape *s, const fxc2_transform *t, int64_t ox, int64_t oy)
{
    fix16_t hx = s->u.box.half.x, hy = s->u.box.half.y;
    fxc2_vec ex = fxc2_v(round_q16(fxc_smull(t->c, hx)), round_q16(fxc_smull(t->s, hx)));
    fxc2_vec ey = fxc2_v(round_q16(-fxc_smull(t->s, hy)), round_q16(fxc_smull(t->c, hy)));
    int32_t rx = (int32_t)(fxc_abs_u32(ex.x) + fxc_abs_u32(ey.x)), ry = (int32_t)(fxc_abs_u32(ex.y) + fxc_abs_u32(ey.y));
    fxc2_vec at, p, q;
    if (!span_in_range(-rx, rx, ox, t->pos.x, s->margin) || !span_in_range(-ry, ry, oy, t->pos.y, s->margin))
        return FXC_ERR_RANGE;
    at = fxc2_v((int32_t)ox, (int32_t)oy); /* in range: each corner fits in 29 bits */
    p = fxc2_add(ex, ey);
    q = fxc2_sub(ex, ey);
    core->v[0] = fxc2_sub(at, p);
    core->v[1] = fxc2_add(at, q);
    core->v[2] = fxc2_add(at, p);
    core->v[3] = fxc2_sub(at, q);
    core->ex = ex;
    core->ey = ey;
    core->n = 4;
    core->box = 1;
    core->strict = 0;
    core->margin = s->margin;
    return FXC_OK;
}

/* The core of shape s placed by t, relative to the pair's centre: its
 * vertices rotated, in range (span_in_range), and moved by its position's
 * offset from the centre (each sum fits in 29 bits). */
static int make_core(fxc2_core *core, const fxc2_shape *s, const fxc2_transform *t, fxc2_vec centre)
{
    int64_t ox = (int64_t)t->pos.x - centre.x, oy = (int64_t)t->pos.y - centre.y;
    fxc2_vec lo, hi;
    int i;
    if (s->type == FXC2_SHAPE_BOX) return box_core(core, s, t, ox, oy);
    core->box = 0;
    core->margin = s->margin;
    rotated_vertices(core, s, t);
    core_bounds(core, &lo, &hi);
    if (!span_in_range(lo.x, hi.x, ox, t->pos.x, s->margin) || !span_in_range(lo.y, hi.y, oy, t->pos.y, s->margin)) {
        return FXC_ERR_RANGE;
    }
    for (i = 0; i < core->n; i++) core->v[i] = fxc2_add(core->v[i], fxc2_v((int32_t)ox, (int32_t)oy));
    return FXC_OK;
}

int fxc2_pair_init(fxc2_pair *p, const fxc2_shape *a, const fxc2_transform *ta,
                   const fxc2_shape *b, const fxc2_transform *tb)
{
    int st;
    if (a == NULL || ta == NULL || b == NULL || tb == NULL) return FXC_ERR_NULL;
    if (!shape_ok(a) || !shape_ok(b)) return FXC_ERR_BAD_SHAPE;
    if (!rotation_ok(ta->c, ta->s) || !rotation_ok(tb->c, tb->s)) return FXC_ERR_BAD_TRANSFORM;
    /* The midpoint, rounded down: exact in int64, within int32. */
    p->centre = fxc2_v((fix16_t)(((int64_t)ta->pos.x + tb->pos.x) >> 1),
                       (fix16_t)(((int64_t)ta->pos.y + tb->pos.y) >> 1));
    st = make_core(&p->a, a, ta, p->centre);
    if (st == FXC_OK) st = make_core(&p->b, b, tb, p->centre);
    return st;
}

/* A box's corner farthest along d from the signs of d along its two half
 * extents (exact: the corners are an exact parallelogram), the lower
 * number on a tie as the scan below would take it: 0 (-,-), 1 (+,-),
 * 2 (+,+), 3 (-,+). */
int fxc2_box_corner(int64_t sx, int64_t sy)
{
    if (sy > 0) return sx < 0 ? 3 : 2;
    return sx > 0 ? 1 : 0;
}

static int box_support(const fxc2_core *c, fxc2_vec d)
{
    return fxc2_box_corner(fxc2_dot(c->ex, d), fxc2_dot(c->ey, d));
}

int fxc2_support_index(const fxc2_core *c, fxc2_vec d)
{
    int best = 0, i;
    int64_t top;
    if (c->box) return box_support(c, d);
    top = fxc2_dot(c->v[0], d);
    for (i = 1; i < c->n; i++) {
        int64_t h = fxc2_dot(c->v[i], d);
        if (h > top) {
            top = h;
            best = i;
        }
    }
    return best;
}

static int same_point(fxc2_vec a, fxc2_vec b)
{
    return a.x == b.x && a.y == b.y;
}

/* The neighbour of vertex i in step (+1 or -1) that is a different point;
 * -1 when the core is a single point. */
int fxc2_neighbour(const fxc2_core *c, int i, int step)
{
    int j = i, k;
    for (k = 1; k < c->n; k++) {
        j += step; /* around the ring without a division */
        if (j == c->n) j = 0;
        if (j < 0) j = c->n - 1;
        if (!same_point(c->v[j], c->v[i])) return j;
    }
    return -1;
}

/* Does the edge e, then f from its end, go on straight or bend right
 * (inward: the core is counter-clockwise), without turning back? Then the
 * vertex between them is no corner of the core's hull. */
static int no_corner(fxc2_vec e, fxc2_vec f)
{
    return fxc2_cross(e, f) <= 0 && fxc2_dot(e, f) > 0;
}

/* The edge i0 -> i1 grown at both ends over vertices that are no corner
 * of the hull (no_corner), an end at a time until neither grows (at most
 * n steps in all). A polygon is convex before it is placed: its straight
 * runs are one edge, and a run that rounding bent inward at a vertex (a
 * polygon not strict, turned) is one edge too, its hull's chord. */
void fxc2_extend_edge(const fxc2_core *c, int *i0, int *i1)
{
    int k, grew = 1;
    for (k = 0; k < c->n && grew; k++) {
        int j = fxc2_neighbour(c, *i1, 1), h = fxc2_neighbour(c, *i0, -1);
        grew = 0;
        if (j != *i0 && no_corner(fxc2_sub(c->v[*i1], c->v[*i0]), fxc2_sub(c->v[j], c->v[*i1]))) {
            *i1 = j;
            grew = 1;
        }
        if (h != *i1 && no_corner(fxc2_sub(c->v[*i0], c->v[h]), fxc2_sub(c->v[*i1], c->v[*i0]))) {
            *i0 = h;
            grew = 1;
        }
    }
}

void fxc2_support(const fxc2_pair *p, fxc2_vec d, fxc2_mpoint *out)
{
    int ia = fxc2_support_index(&p->a, d);
    int ib = fxc2_support_index(&p->b, fxc2_v(-d.x, -d.y));
    out->ia = (uint8_t)ia;
    out->ib = (uint8_t)ib;
    out->w = fxc2_sub(p->a.v[ia], p->b.v[ib]);
}
