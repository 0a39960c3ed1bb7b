/* Support functions of every shape core, and the pair set-up that bounds
 * every magnitude a query will see.
 *
 * Budget: local directions are below 2^31 raw (a 28-bit world direction
 * through a rotation with entries up to 2 units); core points are below
 * 2^28 raw; so direction . point products are below 2^59 and 3-term sums
 * below 2^61: exact in int64. */
#include <stddef.h>
#include "kind.h"
#include "wide.h"
#include "filter.h"

static int64_t dot_local(fxc_vec3 d, fxc_vec3 p)
{
    return fxc_v3_dot_wide(d, p);
}

/* r c / len truncated towards zero, for 0 <= r < 2^28, |c| <= len and
 * 0 < len < 2^32: the quotient's magnitude is at most r, so it is a
 * 64-by-32-bit division of the magnitudes (r |c| < r len < 2^32 len),
 * which the Cortex-M0 makes without a libgcc call (fxc_udiv64_32). */
static fix16_t scaled_down(fix16_t r, int32_t c, uint32_t len)
{
    uint32_t q = fxc_udiv64_32(fxc_umull((uint32_t)r, fxc_abs_u32(c)), len);
    return c < 0 ? -(fix16_t)q : (fix16_t)q;
}

/* Point of a circle of radius r (< 2^28) in the z = 0 plane farthest along
 * (dx, dy); the centre when the direction is vertical (every rim point
 * ties). The direction is first scaled to 30 significant bits, so a short
 * xy part (a direction near the axis) loses nothing; the length is rounded
 * up and the division truncates, so the point never lies outside the
 * circle (error < 1 LSB inwards). r * x < 2^58. */
void fxc_rim_point(fix16_t r, int32_t dx, int32_t dy, fxc_vec3 *p)
{
    fxc_vec3 f;
    uint64_t s;
    uint32_t len;
    fxc_vec3w d = fxc_v3_widen(fxc_v3(dx, dy, 0));
    if (!fxc_fit_bits(&d, 30, &f)) {
        p->x = 0;
        p->y = 0;
        return;
    }
    s = (uint64_t)fxc_v3_dot_wide(f, f);
    len = fxc_isqrt64(s);
    if (fxc_umull(len, len) < s) len++;
    p->x = scaled_down(r, f.x, len);
    p->y = scaled_down(r, f.y, len);
}

/* The budget below (and in every kernel) assumes points below 2^28 raw. */
typedef char fxc_check_range_bits[FXC_RANGE_BITS <= 12 ? 1 : -1];

/* How far every point of a body (core reach `reach`, its shape's margin)
 * lies from its position along world axis i: ext_i = sum_j |R_ij| *
 * reach + margin, rounded up, from row i of R.
 * Budget, all in uint32: a row's magnitudes add to at most 6 * 2^16 <
 * 2^19 (entries within 2 units: fxc_rotation_ok); reach and margin are at
 * most FXC_RAW_LIMIT < 2^28 (fxc_shape_check), so ext_i is below
 * 2^47 >> 16 + 2^28 < 2^32. */
static inline uint32_t row_extent(const fxc_shape *s, uint32_t reach, const fix16_t *row)
{
    uint32_t rowsum = fxc_abs_u32(row[0]) + fxc_abs_u32(row[1]) + fxc_abs_u32(row[2]);
    return (uint32_t)((fxc_umull(rowsum, reach) + 0xFFFF) >> 16) + (uint32_t)s->margin;
}

/* The three extents; 0 when one is beyond FXC_RAW_LIMIT. */
static int body_extent(const fxc_shape *s, uint32_t reach, const fxc_mat3 *rot, uint32_t ext[3])
{
    int i;
    for (i = 0; i < 3; i++) {
        ext[i] = row_extent(s, reach, rot->m[i]);
        if (ext[i] > (uint32_t)FXC_RAW_LIMIT) return 0;
    }
    return 1;
}

/* One coordinate of extent_in_range: c the position's, m the centre's. */
static int coord_in_range(uint32_t ext, fix16_t c, fix16_t m)
{
    uint32_t rel = c >= m ? (uint32_t)c - (uint32_t)m : (uint32_t)m - (uint32_t)c;
    return rel <= (uint32_t)FXC_RAW_LIMIT - ext && fxc_abs_u32(c) <= (uint32_t)FXC_WORLD_LIMIT - ext;
}

/* A body reaching ext_i (at most FXC_RAW_LIMIT: body_extent) from pos:
 * is every point within FXC_RAW_LIMIT of the pair's centre and within
 * FXC_WORLD_LIMIT of the world origin, per coordinate? Two positions are
 * less than 2^32 apart, and each sum is compared as a difference, so that
 * none is formed. */
static int extent_in_range(const uint32_t ext[3], fxc_vec3 pos, fxc_vec3 centre)
{
    return coord_in_range(ext[0], pos.x, centre.x) && coord_in_range(ext[1], pos.y, centre.y) &&
           coord_in_range(ext[2], pos.z, centre.z);
}

/* Both of the above for one body, a row at a time (the pair's check, once
 * or twice per query and once per step of a cast). */
static inline int body_in_range(const fxc_shape *s, uint32_t reach, const fxc_mat3 *rot, fxc_vec3 pos, fxc_vec3 centre)
{
    int i;
    for (i = 0; i < 3; i++) {
        uint32_t ext = row_extent(s, reach, rot->m[i]);
        if (ext > (uint32_t)FXC_RAW_LIMIT || !coord_in_range(ext, fxc_v3_get(pos, i), fxc_v3_get(centre, i)))
            return FXC_ERR_RANGE;
    }
    return FXC_OK;
}

/* One body's shape fields and rotation: its status, and its core reach. */
static int check_fields(const fxc_shape *s, const fxc_transform *t, uint32_t *core_reach)
{
    uint32_t reach;
    int st = fxc_shape_check(s, &reach);
    *core_reach = reach;
    if (st != FXC_OK) return st == FXC_ERR_RANGE ? FXC_ERR_RANGE : FXC_ERR_BAD_SHAPE;
    return fxc_rotation_ok(&t->rot) ? FXC_OK : FXC_ERR_BAD_TRANSFORM;
}

/* One body of a query: its fields valid, and in range (body_in_range). */
static int check_body(const fxc_shape *s, const fxc_transform *t, fxc_vec3 centre, uint32_t *core_reach)
{
    int st = check_fields(s, t, core_reach);
    return st == FXC_OK ? body_in_range(s, *core_reach, &t->rot, t->pos, centre) : st;
}

/* Q32.32 -> Q16.16 rounded half up, as fxc_round32 but without its
 * saturation, for the rotations below: entries within 2 units (2^17 raw,
 * check_body) times vectors below 2^28 raw give row sums below 3 * 2^45,
 * so the result always fits and fxc_round32 would return the same. */
static fix16_t round_row(int64_t sum)
{
    return (fix16_t)((sum + 0x8000) >> 16);
}

/* Entry (i, j) of R, or of its transpose. */
static fix16_t entry(const fxc_mat3 *R, int transpose, int i, int j)
{
    return transpose ? R->m[j][i] : R->m[i][j];
}

/* R v, or R^T v (R's own frame from the world): the bits of
 * fxc_mat3_apply / fxc_mat3_apply_t, whose saturation never acts here.
 * Kept as one local routine because it is the support's hot path: with the
 * public kernels instead, the benchmark's box workloads took more
 * instructions on the M3 (make bench measures them). */
static fxc_vec3 rotate(const fxc_mat3 *R, int transpose, fxc_vec3 v)
{
    fix16_t r[3];
    int i;
    for (i = 0; i < 3; i++)
        r[i] = round_row(fxc_dot3(entry(R, transpose, i, 0), v.x, entry(R, transpose, i, 1), v.y,
                                  entry(R, transpose, i, 2), v.z));
    return fxc_v3(r[0], r[1], r[2]);
}

fxc_vec3 fxc_body_place(const fxc_body *b, fxc_vec3 local)
{
    return fxc_v3_add(rotate(b->rot, 0, local), b->offset);
}

fxc_vec3 fxc_body_local_dir(const fxc_body *b, fxc_vec3 d)
{
    return rotate(b->rot, 1, d);
}

/* The support functions of the kinds (src/kind.h): the point of the core
 * farthest along a fitted world direction d, in the pair frame. Ties have
 * fixed rules, which keep results deterministic: a segment's first end, a
 * box's + side, the greatest coordinates of a triangle's or a hull's. */

fxc_vec3 fxc_support_point(fxc_pair *p, fxc_body *b, fxc_vec3 d)
{
    (void)p;
    (void)d;
    b->vid = 0;
    return b->offset;
}

int fxc_hull_ahead_exact(const fxc_vec3 *d, const fxc_vec3 *p, const fxc_vec3 *q)
{
    int64_t a = dot_local(*d, *p), b = dot_local(*d, *q);
    return a != b ? a > b : fxc_lex_greater(*p, *q);
}

/* Index of the first of n local points in the order along the local
 * direction l (src/filter.h: the farthest; among those, the greatest x,
 * y, z). */
static int farthest(const fxc_vec3 *v, int n, fxc_vec3 l)
{
    int64_t best = dot_local(l, v[0]);
    int i, k = 0;
    for (i = 1; i < n; i++) {
        int64_t t = dot_local(l, v[i]);
        if (t >= best && (t > best || fxc_lex_greater(v[i], v[k]))) {
            best = t;
            k = i;
        }
    }
    return k;
}

/* A segment's support point: the end farther along d, exactly (d below
 * 2^28, the ends less than 2^29 apart: the dot product is below 2^60),
 * the first end on a tie. The ends are placed once per pose. */
fxc_vec3 fxc_support_segment(fxc_pair *p, fxc_body *b, fxc_vec3 d)
{
    (void)p;
    b->vid = 0;
    if (fxc_v3_dot_wide(d, fxc_v3_sub(b->u.end[1], b->u.end[0])) > 0) b->vid = 1;
    return b->u.end[b->vid];
}

void fxc_prepare_segment(fxc_pair *p, fxc_body *b, fxc_vec3 d)
{
    (void)p;
    (void)d;
    b->u.end[0] = fxc_body_place(b, b->shape->u.segment.a);
    b->u.end[1] = fxc_body_place(b, b->shape->u.segment.b);
}

/* The ends placed by fxc_body_place moved with the body: placing adds the
 * offset after the rounded rotation, so adding delta gives the same bits. */
void fxc_move_segment(fxc_body *b, fxc_vec3 delta)
{
    b->u.end[0] = fxc_v3_add(b->u.end[0], delta);
    b->u.end[1] = fxc_v3_add(b->u.end[1], delta);
}

fxc_vec3 fxc_support_triangle(fxc_pair *p, fxc_body *b, fxc_vec3 d)
{
    (void)p;
    b->vid = (unsigned)farthest(b->shape->u.triangle.v, 3, fxc_body_local_dir(b, d));
    return fxc_body_place(b, b->shape->u.triangle.v[b->vid]);
}

fxc_vec3 fxc_box_corner(fxc_body *b, unsigned k)
{
    if (!(b->u.box.known & (1u << k))) {
        const fxc_vec3 h = b->shape->u.box.half;
        b->u.box.corner[k] = fxc_body_place(b, fxc_v3(k & 1 ? h.x : -h.x, k & 2 ? h.y : -h.y, k & 4 ? h.z : -h.z));
        b->u.box.known |= 1u << k;
    }
    return b->u.box.corner[k];
}

/* A box's support point: the corner fxc_box_top picks. */
fxc_vec3 fxc_support_box(fxc_pair *p, fxc_body *b, fxc_vec3 d)
{
    unsigned k = fxc_box_top(b->rot, d);
    (void)p;
    b->vid = k;
    return fxc_box_corner(b, k);
}

void fxc_prepare_box(fxc_pair *p, fxc_body *b, fxc_vec3 d)
{
    (void)p;
    (void)d;
    b->u.box.known = 0;
}

/* The corners computed so far moved with the body (as fxc_move_segment). */
void fxc_move_box(fxc_body *b, fxc_vec3 delta)
{
    unsigned k;
    for (k = 0; k < 8; k++)
        if (b->u.box.known & (1u << k)) b->u.box.corner[k] = fxc_v3_add(b->u.box.corner[k], delta);
}

fxc_vec3 fxc_support_cylinder(fxc_pair *p, fxc_body *b, fxc_vec3 d)
{
    fxc_vec3 l = fxc_body_local_dir(b, d), q;
    fix16_t h = b->shape->u.cylinder.half_height;
    (void)p;
    fxc_rim_point(b->shape->u.cylinder.radius, l.x, l.y, &q);
    q.z = l.z >= 0 ? h : -h;
    return fxc_body_place(b, q);
}

/* The apex (0,0,h) scores l.z*h; the best base point q scores -l.z*h +
 * l_xy.q_xy. All below 2^61. */
fxc_vec3 fxc_support_cone(fxc_pair *p, fxc_body *b, fxc_vec3 d)
{
    fxc_vec3 l = fxc_body_local_dir(b, d), q;
    fix16_t h = b->shape->u.cone.half_height;
    (void)p;
    fxc_rim_point(b->shape->u.cone.radius, l.x, l.y, &q);
    if (2 * fxc_smull(l.z, h) >= fxc_smull(l.x, q.x) + fxc_smull(l.y, q.y)) q = fxc_v3(0, 0, h);
    else q.z = -h;
    return fxc_body_place(b, q);
}

/* A hull's farthest vertex. Where 64-bit products are soft (the
 * Cortex-M0), from the filtered scan (fxc_hull_argmax_filtered: the
 * vertex the exact scan finds, from 32-bit products, exact ones only for
 * near ties); where one instruction makes a 64-bit product, the plain
 * scan is cheaper. */
fxc_vec3 fxc_support_hull(fxc_pair *p, fxc_body *b, fxc_vec3 d)
{
    const fxc_vec3 *v = b->shape->u.hull.vertices;
    (void)p;
#if FXC_SOFT_MULTIPLY
    b->vid = (unsigned)fxc_hull_argmax_filtered(v, b->shape->u.hull.count, fxc_body_local_dir(b, d), b->reach_bits);
#else
    b->vid = (unsigned)farthest(v, b->shape->u.hull.count, fxc_body_local_dir(b, d));
#endif
    return fxc_body_place(b, v[b->vid]);
}

/* The vertex hooks (src/kind.h): vertex number id as the support function
 * places it, for the numbers the core has. */
int fxc_vertex_point(fxc_body *b, unsigned id, fxc_vec3 *out)
{
    *out = b->offset;
    return id == 0;
}

int fxc_vertex_segment(fxc_body *b, unsigned id, fxc_vec3 *out)
{
    if (id >= 2) return 0;
    *out = b->u.end[id];
    return 1;
}

int fxc_vertex_triangle(fxc_body *b, unsigned id, fxc_vec3 *out)
{
    if (id >= 3) return 0;
    *out = fxc_body_place(b, b->shape->u.triangle.v[id]);
    return 1;
}

int fxc_vertex_box(fxc_body *b, unsigned id, fxc_vec3 *out)
{
    if (id >= 8) return 0;
    *out = fxc_box_corner(b, id);
    return 1;
}

int fxc_vertex_hull(fxc_body *b, unsigned id, fxc_vec3 *out)
{
    if (id >= (unsigned)b->shape->u.hull.count) return 0;
    *out = fxc_body_place(b, b->shape->u.hull.vertices[id]);
    return 1;
}

/* A callback's answer, unchecked but for its bound: a point beyond the
 * declared bound could break the range budget, so it is refused
 * (FXC_ERR_CALLBACK) and the origin used instead, which keeps the query
 * safe. A singular rotation can map a direction to zero: then every core
 * point ties, and the callback, promised a nonzero direction, is asked
 * along +x. */
static fxc_vec3 callback_support(fxc_pair *p, const fxc_body *b, fxc_vec3 d)
{
    fix16_t bound = b->shape->u.custom.bound;
    fxc_vec3 l = fxc_body_local_dir(b, d), q;
    if (l.x == 0 && l.y == 0 && l.z == 0) l.x = FXC_ONE;
    q = b->shape->u.custom.fn(l, b->shape->u.custom.user);
    if (q.x > bound || q.x < -bound || q.y > bound || q.y < -bound || q.z > bound || q.z < -bound) {
        p->status = FXC_ERR_CALLBACK;
        q = fxc_v3(0, 0, 0);
    }
    return fxc_body_place(b, q);
}

/* Is point q at least as far along d as k, but for rounding? d.(k - q)
 * < 2^28 * 2^29 * 3: exact. */
static int as_far(fxc_vec3 d, fxc_vec3 q, fxc_vec3 k)
{
    return fxc_height_within(fxc_v3_dot_wide(d, fxc_v3_sub(k, q)), fxc_v3_dot_wide(d, d), FXC_SUPPORT_SLACK);
}

/* A callback's support point, which must also be at least as far along d
 * as its probe point. */
fxc_vec3 fxc_support_custom(fxc_pair *p, fxc_body *b, fxc_vec3 d)
{
    fxc_vec3 q = callback_support(p, b, d);
    if (!as_far(d, q, b->u.probe)) p->status = FXC_ERR_CALLBACK;
    return q;
}

/* A callback's probe: its support point along the direction GJK asks it
 * last about, the opposite of the first (A is asked along the first
 * direction, B along its opposite); every later answer is checked against
 * it, so a callback that returns its nearest point instead of its
 * farthest fails at the first GJK step (one extra callback call). */
void fxc_prepare_custom(fxc_pair *p, fxc_body *b, fxc_vec3 d)
{
    b->u.probe = callback_support(p, b, d);
}

void fxc_pair_support(fxc_pair *p, fxc_vec3 dir, fxc_svert *out)
{
    p->support_calls++;
    out->a = p->a.shape->kind->support(p, &p->a, dir);
    out->w = fxc_v3_sub(out->a, p->b.shape->kind->support(p, &p->b, fxc_v3_neg(dir)));
    out->ia = (uint8_t)p->a.vid;
    out->ib = (uint8_t)p->b.vid;
}

int fxc_body_points(const fxc_body *b, fxc_vec3 out[2])
{
    if (b->shape->type == FXC_SHAPE_POINT) {
        out[0] = b->offset;
        return 1;
    }
    out[0] = b->u.end[0];
    out[1] = b->u.end[1];
    return 2;
}

/* GJK's first direction: the cache's axis, refitted (any value a caller
 * left there is a valid direction then), else from A's position towards
 * B's (the support of A - B along it is the likeliest closest point); +x
 * if they coincide. */
static fxc_vec3 start_dir(const fxc_pair *p, const fxc_cache *cache)
{
    fxc_vec3w w;
    fxc_vec3 d;
    if (cache != NULL) {
        w = fxc_v3_widen(cache->axis);
        if (fxc_dir_fit(&w, &d)) return d;
    }
    w = fxc_v3_widen(fxc_v3_sub(p->b.offset, p->a.offset));
    if (!fxc_dir_fit(&w, &d)) d = fxc_v3((fix16_t)1 << 27, 0, 0);
    return d;
}

void fxc_segment_normals(fxc_vec3 e, fxc_vec3w out[2])
{
    fxc_vec3 axis = fxc_v3(0, 0, 0), d1;
    int32_t ax = e.x < 0 ? -e.x : e.x, ay = e.y < 0 ? -e.y : e.y, az = e.z < 0 ? -e.z : e.z;
    if (ax <= ay && ax <= az) axis.x = FXC_ONE;
    else if (ay <= az) axis.y = FXC_ONE;
    else axis.z = FXC_ONE;
    out[0] = fxc_v3_cross_wide(e, axis);
    fxc_dir_fit(&out[0], &d1);
    out[1] = fxc_v3_cross_wide(e, d1);
}

void fxc_pair_check_known(fxc_pair *p, const fxc_vec3 *dp, const fxc_svert *q, const fxc_svert *known, int n)
{
    const fxc_vec3 d = *dp;
    int i;
    for (i = 0; i < n; i++) {
        /* A's point along d, B's (b = a - w) along -d */
        if (p->a.shape->type == FXC_SHAPE_CUSTOM && !as_far(d, q->a, known[i].a)) p->status = FXC_ERR_CALLBACK;
        if (p->b.shape->type == FXC_SHAPE_CUSTOM &&
            !as_far(fxc_v3_neg(d), fxc_v3_sub(q->a, q->w), fxc_v3_sub(known[i].a, known[i].w)))
            p->status = FXC_ERR_CALLBACK;
    }
}

fxc_vec3 fxc_pair_to_world(const fxc_pair *p, fxc_vec3 v)
{
    return fxc_v3_add(v, p->origin);
}

/* The pair's centre: the midpoint of the two positions, rounded down (the
 * same for A, B and B, A, and moved exactly by a common translation). */
static fix16_t mid(fix16_t a, fix16_t b)
{
    return (fix16_t)(((int64_t)a + b) >> 1);
}

static fxc_vec3 centre_of(fxc_vec3 a, fxc_vec3 b)
{
    return fxc_v3(mid(a.x, b.x), mid(a.y, b.y), mid(a.z, b.z));
}

/* The pair's frame and bodies for shapes and transforms already checked. */
static void place_pair(fxc_pair *p, const fxc_transform *ta, const fxc_transform *tb, const fxc_cache *cache)
{
    const fxc_shape *a = p->a.shape, *b = p->b.shape;
    fxc_vec3 c = centre_of(ta->pos, tb->pos), d;
    /* a polytope's support function sets vid at every call, a curved
     * core's never: it stays FXC_NO_VERTEX */
    p->a.vid = p->b.vid = FXC_NO_VERTEX;
    p->a.rot = &ta->rot;
    p->a.offset = fxc_v3_sub(ta->pos, c);
    p->b.rot = &tb->rot;
    p->b.offset = fxc_v3_sub(tb->pos, c);
    p->origin = c;
    p->status = FXC_OK;
    p->support_calls = 0;
    p->check = a->kind->check != NULL ? a->kind->check : b->kind->check;
    d = p->start = start_dir(p, cache);
    if (a->kind->prepare != NULL) a->kind->prepare(p, &p->a, fxc_v3_neg(d));
    if (b->kind->prepare != NULL) b->kind->prepare(p, &p->b, d);
}

int fxc_pair_init(fxc_pair *p, const fxc_shape *a, const fxc_transform *ta,
                  const fxc_shape *b, const fxc_transform *tb, const fxc_cache *cache)
{
    fxc_vec3 c;
    uint32_t reach_a, reach_b = 0;
    int st;
    if (a == NULL || b == NULL || ta == NULL || tb == NULL) return FXC_ERR_NULL;
    c = centre_of(ta->pos, tb->pos);
    st = check_body(a, ta, c, &reach_a);
    if (st == FXC_OK) st = check_body(b, tb, c, &reach_b);
    if (st != FXC_OK) return st;
    p->a.reach = reach_a;
    p->b.reach = reach_b;
    p->a.reach_bits = fxc_bitlen32(reach_a);
    p->b.reach_bits = fxc_bitlen32(reach_b);
    /* both offsets within FXC_RAW_LIMIT per coordinate (check_body) */
    p->a.shape = a;
    p->b.shape = b;
    place_pair(p, ta, tb, cache);
    return FXC_OK;
}

int fxc_pair_in_range(const fxc_pair *p, fxc_vec3 pos_a, fxc_vec3 pos_b)
{
    fxc_vec3 c = centre_of(pos_a, pos_b);
    int st = body_in_range(p->a.shape, p->a.reach, p->a.rot, pos_a, c);
    return st == FXC_OK ? body_in_range(p->b.shape, p->b.reach, p->b.rot, pos_b, c) : st;
}

int fxc_point_path_check(const fxc_shape *s, const fxc_transform *t, fxc_vec3 from, fxc_vec3 to)
{
    static const uint32_t point[3]; /* a point reaches nowhere from its position */
    fxc_vec3 c0 = centre_of(t->pos, from), c1 = centre_of(t->pos, to);
    uint32_t reach, ext[3];
    int st = check_fields(s, t, &reach);
    if (st != FXC_OK) return st;
    if (!body_extent(s, reach, &t->rot, ext) || !extent_in_range(ext, t->pos, c0) || !extent_in_range(point, from, c0) ||
        !extent_in_range(ext, t->pos, c1) || !extent_in_range(point, to, c1))
        return FXC_ERR_RANGE;
    return FXC_OK;
}

/* A body's set-up moved by delta: by its kind where it can (the same
 * bits), else prepared again. */
static void move_body(fxc_pair *p, fxc_body *b, fxc_vec3 delta, fxc_vec3 d)
{
    const fxc_shape_kind *k = b->shape->kind;
    b->vid = FXC_NO_VERTEX;
    if (k->move != NULL) k->move(b, delta);
    else if (k->prepare != NULL) k->prepare(p, b, d);
}

void fxc_pair_move(fxc_pair *p, fxc_vec3 pos_a, fxc_vec3 pos_b, const fxc_cache *cache, fxc_svert *pts, int n)
{
    fxc_vec3 c = centre_of(pos_a, pos_b), d;
    fxc_vec3 oa = fxc_v3_sub(pos_a, c), ob = fxc_v3_sub(pos_b, c);
    fxc_vec3 da = fxc_v3_sub(oa, p->a.offset), db = fxc_v3_sub(ob, p->b.offset), dw;
    int i;
    p->a.offset = oa;
    p->b.offset = ob;
    p->origin = c;
    p->status = FXC_OK;
    p->support_calls = 0;
    d = p->start = start_dir(p, cache);
    move_body(p, &p->a, da, fxc_v3_neg(d));
    move_body(p, &p->b, db, d);
    /* a point of A moves by da, a Minkowski point a - b by da - db */
    dw = fxc_v3_sub(da, db);
    for (i = 0; i < n; i++) {
        pts[i].a = fxc_v3_add(pts[i].a, da);
        pts[i].w = fxc_v3_add(pts[i].w, dw);
    }
}
