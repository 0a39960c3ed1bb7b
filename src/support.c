/* Support functions of every shape core, and the pair set-up that bounds
 * every magnitude a query will see.
 *
 * Budget: local directions are below 2^31 raw (a 28-bit world direction
 * through a rotation with entries up to 2 units); core points are below
 * 2^28 raw; so direction . point products are below 2^59 and 3-term sums
 * below 2^61: exact in int64. */
#include <stddef.h>
#include "pair.h"
#include "wide.h"
#include "filter.h"

static int64_t dot_local(fxc_vec3 d, fxc_vec3 p)
{
    return fxc_v3_dot_wide(d, p);
}

/* Point of a circle of radius r (< 2^28) in the z = 0 plane farthest along
 * (dx, dy); the centre when the direction is vertical (every rim point
 * ties). The direction is first scaled to 30 significant bits, so a short
 * xy part (a direction near the axis) loses nothing; the length is rounded
 * up and the division truncates, so the point never lies outside the
 * circle (error < 1 LSB inwards). r * x < 2^58. */
static void rim_point(fix16_t r, int32_t dx, int32_t dy, fxc_vec3 *p)
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
    p->x = (fix16_t)(fxc_smull(r, f.x) / (int64_t)len);
    p->y = (fix16_t)(fxc_smull(r, f.y) / (int64_t)len);
}

/* Support of a shape core in its local frame; d is any nonzero local
 * direction with components below 2^31. Ties pick the first candidate
 * (or the + side), which keeps results deterministic. Boxes take their
 * own path (box_support), and so do hulls where 64-bit products are soft
 * (hull_support). */
static fxc_vec3 core_support(const fxc_shape *s, fxc_vec3 d, int *status)
{
    fxc_vec3 p = fxc_v3(0, 0, 0);
    switch (s->type) {
    case FXC_SHAPE_POINT:
        break;
    case FXC_SHAPE_SEGMENT:
        p = dot_local(d, s->u.segment.b) > dot_local(d, s->u.segment.a) ? s->u.segment.b : s->u.segment.a;
        break;
    case FXC_SHAPE_TRIANGLE: {
        int64_t best = dot_local(d, s->u.triangle.v[0]);
        int i, k = 0;
        for (i = 1; i < 3; i++) {
            int64_t t = dot_local(d, s->u.triangle.v[i]);
            if (t > best) { best = t; k = i; }
        }
        p = s->u.triangle.v[k];
        break;
    }
    case FXC_SHAPE_CYLINDER:
        rim_point(s->u.cylinder.radius, d.x, d.y, &p);
        p.z = d.z >= 0 ? s->u.cylinder.half_height : -s->u.cylinder.half_height;
        break;
    case FXC_SHAPE_CONE: {
        /* apex (0,0,h) scores d.z*h; the best base point q scores
         * -d.z*h + d_xy.q_xy. All below 2^61. */
        fix16_t h = s->u.cone.half_height;
        rim_point(s->u.cone.radius, d.x, d.y, &p);
        if (2 * fxc_smull(d.z, h) >= fxc_smull(d.x, p.x) + fxc_smull(d.y, p.y)) {
            p = fxc_v3(0, 0, h);
        } else {
            p.z = -h;
        }
        break;
    }
    case FXC_SHAPE_HULL: {
        const fxc_vec3 *v = s->u.hull.vertices;
        int64_t best = dot_local(d, v[0]);
        int i, k = 0;
        for (i = 1; i < s->u.hull.count; i++) {
            int64_t t = dot_local(d, v[i]);
            if (t > best) { best = t; k = i; }
        }
        p = v[k];
        break;
    }
    case FXC_SHAPE_CUSTOM: {
        fix16_t b = s->u.custom.bound;
        /* A singular rotation can map a direction to zero: then every core
         * point ties, and the callback, promised a nonzero direction, is
         * asked along +x. */
        if (d.x == 0 && d.y == 0 && d.z == 0) d.x = FXC_ONE;
        p = s->u.custom.fn(d, s->u.custom.user);
        /* A point beyond the declared bound could break the range budget:
         * refuse it and use the origin instead so the query stays safe. */
        if (p.x > b || p.x < -b || p.y > b || p.y < -b || p.z > b || p.z < -b) {
            *status = FXC_ERR_CALLBACK;
            p = fxc_v3(0, 0, 0);
        }
        break;
    }
    default: /* unreachable: check_body refused the type */
        FXC_ASSERT(0);
        break;
    }
    return p;
}

/* The budget below (and in every kernel) assumes points below 2^28 raw. */
typedef char fxc_check_range_bits[FXC_RANGE_BITS <= 12 ? 1 : -1];

/* One body of a query: its shape's fields and rotation valid, and every
 * point of it within FXC_RAW_LIMIT of the pair's centre and within
 * FXC_WORLD_LIMIT of the world origin, per coordinate. Each world
 * coordinate of the body is within pos_i + sum_j |R_ij| * reach + margin.
 * Budget: a row's magnitudes add to at most 6 * 2^16 < 2^19; reach and
 * margin are at most FXC_RAW_LIMIT < 2^28 (fxc_shape_check), so the
 * extent is below 2^47 >> 16 = 2^31, and with positions below 2^31 every
 * sum fits int64. */
static int check_body(const fxc_shape *s, const fxc_transform *t, fxc_vec3 centre, uint32_t *core_reach)
{
    uint32_t reach;
    int i, st = fxc_shape_check(s, &reach);
    *core_reach = reach;
    if (st != FXC_OK) return st == FXC_ERR_RANGE ? FXC_ERR_RANGE : FXC_ERR_BAD_SHAPE;
    if (!fxc_rotation_ok(&t->rot)) return FXC_ERR_BAD_TRANSFORM;
    for (i = 0; i < 3; i++) {
        const fix16_t *row = t->rot.m[i];
        uint32_t rowsum = fxc_abs_u32(row[0]) + fxc_abs_u32(row[1]) + fxc_abs_u32(row[2]);
        int64_t ext = (int64_t)((fxc_umull(rowsum, reach) + 0xFFFF) >> 16) + s->margin;
        fix16_t c = fxc_v3_get(t->pos, i);
        int64_t rel = (int64_t)c - fxc_v3_get(centre, i);
        if (rel < 0) rel = -rel;
        if (rel + ext > FXC_RAW_LIMIT) return FXC_ERR_RANGE;
        if ((int64_t)fxc_abs_u32(c) + ext > FXC_WORLD_LIMIT) return FXC_ERR_RANGE;
    }
    return FXC_OK;
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
 * fxc_mat3_mul_v3 / fxc_mat3_tmul_v3, whose saturation never acts here.
 * Kept as one local routine because it is the support's hot path: with the
 * public kernels, workloads 1 and 3 of the benchmark took 7 % and 16 %
 * more instructions on the M3 (within 2 % on the M0). */
static fxc_vec3 rotate(const fxc_mat3 *R, int transpose, fxc_vec3 v)
{
    fix16_t r[3];
    int i;
    for (i = 0; i < 3; i++)
        r[i] = round_row(fxc_smull(entry(R, transpose, i, 0), v.x) + fxc_smull(entry(R, transpose, i, 1), v.y) +
                         fxc_smull(entry(R, transpose, i, 2), v.z));
    return fxc_v3(r[0], r[1], r[2]);
}

/* A box's support point in the pair frame: the corner the signs of R^T d
 * pick (each the sign of the component rotate() would round, ties to +),
 * rotated as rotate() rotates it on its first use in the query, then
 * looked up: a box has eight support points, and GJK and EPA ask for the
 * same ones again and again. */
static fxc_vec3 box_support(fxc_body *b, fxc_vec3 d)
{
    unsigned k = (unsigned)(fxc_tmul_ge0(b->rot, 0, d) | fxc_tmul_ge0(b->rot, 1, d) << 1 | fxc_tmul_ge0(b->rot, 2, d) << 2);
    if (!(b->u.box.known & (1u << k))) {
        const fxc_vec3 h = b->shape->u.box.half;
        fxc_vec3 c = fxc_v3(k & 1 ? h.x : -h.x, k & 2 ? h.y : -h.y, k & 4 ? h.z : -h.z);
        b->u.box.corner[k] = fxc_v3_add(rotate(b->rot, 0, c), b->offset);
        b->u.box.known |= 1u << k;
    }
    return b->u.box.corner[k];
}

#if FXC_SOFT_MULTIPLY
/* A hull's support point in the pair frame where the 64-bit products are
 * soft (the Cortex-M0): its farthest vertex along R^T d from the filtered
 * scan (fxc_hull_argmax_filtered: the vertex the exact scan of
 * core_support finds, from 32-bit products, exact ones only for near
 * ties), rotated. Where one instruction makes a 64-bit product, the plain
 * scan is cheaper. */
static fxc_vec3 hull_support(const fxc_body *b, fxc_vec3 d)
{
    const fxc_vec3 *v = b->shape->u.hull.vertices;
    int k = fxc_hull_argmax_filtered(v, b->shape->u.hull.count, rotate(b->rot, 1, d), b->reach_bits);
    return fxc_v3_add(rotate(b->rot, 0, v[k]), b->offset);
}
#endif

/* Support of one body along a fitted world direction (below 2^28), in the
 * pair frame: local direction R^T d, core support (below 2^28), back
 * through R (bounded by the range check) plus the body's offset. */
static fxc_vec3 body_support(fxc_pair *p, fxc_body *b, fxc_vec3 d)
{
    fxc_vec3 s;
    if (b->shape->type == FXC_SHAPE_BOX) return box_support(b, d);
#if FXC_SOFT_MULTIPLY
    if (b->shape->type == FXC_SHAPE_HULL) return hull_support(b, d);
#endif
    s = core_support(b->shape, rotate(b->rot, 1, d), &p->status);
    return fxc_v3_add(rotate(b->rot, 0, s), b->offset);
}

/* Is point q at least as far along d as k, but for rounding? d.(k - q)
 * < 2^28 * 2^29 * 3: exact. */
static int as_far(fxc_vec3 d, fxc_vec3 q, fxc_vec3 k)
{
    return fxc_height_within(fxc_v3_dot_wide(d, fxc_v3_sub(k, q)), fxc_v3_dot_wide(d, d), FXC_SUPPORT_SLACK);
}

/* Support of a body along d; a callback's answer must also be at least as
 * far along d as its probe point. */
static fxc_vec3 checked_support(fxc_pair *p, fxc_body *b, fxc_vec3 d)
{
    fxc_vec3 q = body_support(p, b, d);
    if (b->shape->type == FXC_SHAPE_CUSTOM && !as_far(d, q, b->u.probe)) p->status = FXC_ERR_CALLBACK;
    return q;
}

void fxc_pair_support(fxc_pair *p, fxc_vec3 dir, fxc_svert *out)
{
    p->support_calls++;
    if (p->custom) {
        out->a = checked_support(p, &p->a, dir);
        out->w = fxc_v3_sub(out->a, checked_support(p, &p->b, fxc_v3_neg(dir)));
    } else {
        out->a = body_support(p, &p->a, dir);
        out->w = fxc_v3_sub(out->a, body_support(p, &p->b, fxc_v3_neg(dir)));
    }
}

int fxc_body_points(const fxc_body *b, fxc_vec3 out[2])
{
    if (b->shape->type == FXC_SHAPE_POINT) {
        out[0] = b->offset;
        return 1;
    }
    out[0] = fxc_v3_add(rotate(b->rot, 0, b->shape->u.segment.a), b->offset);
    out[1] = fxc_v3_add(rotate(b->rot, 0, b->shape->u.segment.b), b->offset);
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

/* A body's set-up for its support function. A box: no corner known yet. A callback: its probe, the support point along the direction
 * GJK asks it last about, the opposite of the first (A is asked along the
 * first direction, B along its opposite); every later answer is checked
 * against it, so a callback that returns its nearest point instead of its
 * farthest fails at the first GJK step (one extra callback call). */
static void prepare(fxc_pair *p, fxc_body *b, fxc_vec3 d)
{
    if (b->shape->type == FXC_SHAPE_BOX) b->u.box.known = 0;
    if (b->shape->type == FXC_SHAPE_CUSTOM) b->u.probe = body_support(p, b, d);
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

void fxc_pair_check_known(fxc_pair *p, fxc_vec3 d, const fxc_svert *q, const fxc_svert *known, int n)
{
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

int fxc_pair_init(fxc_pair *p, const fxc_shape *a, const fxc_transform *ta,
                  const fxc_shape *b, const fxc_transform *tb, const fxc_cache *cache)
{
    fxc_vec3 c, d;
    uint32_t reach_a, reach_b = 0;
    int st;
    if (a == NULL || b == NULL || ta == NULL || tb == NULL) return FXC_ERR_NULL;
    c = fxc_v3(mid(ta->pos.x, tb->pos.x), mid(ta->pos.y, tb->pos.y), mid(ta->pos.z, tb->pos.z));
    st = check_body(a, ta, c, &reach_a);
    if (st == FXC_OK) st = check_body(b, tb, c, &reach_b);
    if (st != FXC_OK) return st;
    p->a.reach_bits = fxc_bitlen32(reach_a);
    p->b.reach_bits = fxc_bitlen32(reach_b);
    /* both offsets within FXC_RAW_LIMIT per coordinate (check_body) */
    p->a.shape = a;
    p->a.rot = &ta->rot;
    p->a.offset = fxc_v3_sub(ta->pos, c);
    p->b.shape = b;
    p->b.rot = &tb->rot;
    p->b.offset = fxc_v3_sub(tb->pos, c);
    p->origin = c;
    p->status = FXC_OK;
    p->support_calls = 0;
    p->custom = a->type == FXC_SHAPE_CUSTOM || b->type == FXC_SHAPE_CUSTOM;
    d = p->start = start_dir(p, cache);
    prepare(p, &p->a, fxc_v3_neg(d));
    prepare(p, &p->b, d);
    return FXC_OK;
}
