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
 * (or the + side), which keeps results deterministic. */
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
    case FXC_SHAPE_BOX:
        p.x = d.x >= 0 ? s->u.box.half.x : -s->u.box.half.x;
        p.y = d.y >= 0 ? s->u.box.half.y : -s->u.box.half.y;
        p.z = d.z >= 0 ? s->u.box.half.z : -s->u.box.half.z;
        break;
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
    case FXC_SHAPE_CUSTOM:
        p = s->u.custom.fn(d, s->u.custom.user);
        /* A point beyond the declared bound could break the range budget:
         * refuse it and use the origin instead so the query stays safe. */
        if (p.x > s->bound || p.x < -s->bound || p.y > s->bound || p.y < -s->bound ||
            p.z > s->bound || p.z < -s->bound) {
            *status = FXC_ERR_CALLBACK;
            p = fxc_v3(0, 0, 0);
        }
        break;
    }
    return p;
}

static int valid_type(const fxc_shape *s)
{
    return s->type >= FXC_SHAPE_POINT && s->type <= FXC_SHAPE_CUSTOM && s->radius >= 0 &&
           s->bound >= 0 && fxc_in_range(s->bound) && fxc_in_range(s->radius) &&
           !(s->type == FXC_SHAPE_HULL && (s->u.hull.vertices == NULL || s->u.hull.count < 1 ||
                                           s->u.hull.count > FXC_HULL_MAX_VERTICES)) &&
           !(s->type == FXC_SHAPE_CUSTOM && s->u.custom.fn == NULL);
}

/* The budget below (and in every kernel) assumes points below 2^28 raw. */
typedef char fxc_check_range_bits[FXC_RANGE_BITS <= 12 ? 1 : -1];

/* |v| as unsigned (exact for every v, INT32_MIN included). */
static uint32_t magnitude(fix16_t v)
{
    return v < 0 ? 0u - (uint32_t)v : (uint32_t)v;
}

/* Rotation entries within +-2 units; then each world coordinate of the
 * shape is within |pos| + sum_j |R_ij| * bound + radius, which must be
 * inside the supported range. 32-bit sums: a row's magnitudes add to at
 * most 6 * 2^16 < 2^19, times bound < 2^28 is below 2^47, so the extent
 * (rounded up) is below 2^31 and with |pos| and the radius (< 2^28 each)
 * below 2^32. */
static int check_body(const fxc_shape *s, const fxc_transform *t)
{
    int i, j;
    if (!valid_type(s)) return FXC_ERR_BAD_SHAPE;
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++)
            if (t->rot.m[i][j] > 2 * FXC_ONE || t->rot.m[i][j] < -2 * FXC_ONE) return FXC_ERR_BAD_TRANSFORM;
    if (!fxc_v3_in_range(t->pos)) return FXC_ERR_RANGE;
    for (i = 0; i < 3; i++) {
        const fix16_t *row = t->rot.m[i];
        uint32_t rowsum = magnitude(row[0]) + magnitude(row[1]) + magnitude(row[2]);
        uint32_t ext = (uint32_t)((fxc_umull(rowsum, (uint32_t)s->bound) + 0xFFFF) >> 16);
        fix16_t c = i == 0 ? t->pos.x : i == 1 ? t->pos.y : t->pos.z;
        if (magnitude(c) + ext + (uint32_t)s->radius > (uint32_t)FXC_RAW_LIMIT) return FXC_ERR_RANGE;
    }
    return FXC_OK;
}

int fxc_pair_init(fxc_pair *p, const fxc_shape *a, const fxc_transform *ta,
                  const fxc_shape *b, const fxc_transform *tb)
{
    int st;
    if (a == NULL || b == NULL || ta == NULL || tb == NULL) return FXC_ERR_NULL;
    st = check_body(a, ta);
    if (st == FXC_OK) st = check_body(b, tb);
    if (st != FXC_OK) return st;
    p->a.shape = a;
    p->a.rot = &ta->rot;
    p->a.offset = fxc_v3(0, 0, 0);
    p->b.shape = b;
    p->b.rot = &tb->rot;
    p->b.offset = fxc_v3_sub(tb->pos, ta->pos); /* both in range: exact, < 2^29 */
    p->origin = ta->pos;
    p->status = FXC_OK;
    p->support_calls = 0;
    p->has_custom = a->type == FXC_SHAPE_CUSTOM || b->type == FXC_SHAPE_CUSTOM;
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

/* Support of one body along a fitted world direction (below 2^28), in the
 * pair frame: local direction R^T d, core support (below 2^28), back
 * through R (bounded by the range check) plus the body's offset. */
static fxc_vec3 body_support(fxc_pair *p, const fxc_body *b, fxc_vec3 d)
{
    fxc_vec3 s = core_support(b->shape, rotate(b->rot, 1, d), &p->status);
    return fxc_v3_add(rotate(b->rot, 0, s), b->offset);
}

void fxc_pair_support(fxc_pair *p, fxc_vec3 dir, fxc_svert *out)
{
    p->support_calls++;
    out->a = body_support(p, &p->a, dir);
    out->w = fxc_v3_sub(out->a, body_support(p, &p->b, fxc_v3_neg(dir)));
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

void fxc_pair_check_support(fxc_pair *p, fxc_vec3 d, fxc_vec3 w, fxc_vec3 known)
{
    if (p->has_custom &&
        !fxc_height_within(fxc_v3_dot_wide(d, fxc_v3_sub(known, w)), fxc_v3_dot_wide(d, d), FXC_SUPPORT_SLACK))
        p->status = FXC_ERR_CALLBACK;
}

fxc_vec3 fxc_pair_to_world(const fxc_pair *p, fxc_vec3 v)
{
    return fxc_v3_add(v, p->origin);
}
