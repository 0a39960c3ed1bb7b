/* Shape constructors and the rules they check (also at every query), the
 * transform and workspace set-up, and status names. */
#include <stddef.h>
#include "pair.h"

const char *fxc_status_name(int status)
{
    switch (status) {
    case FXC_OK: return "FXC_OK";
    case FXC_SEPARATED: return "FXC_SEPARATED";
    case FXC_TOUCHING: return "FXC_TOUCHING";
    case FXC_OVERLAPPING: return "FXC_OVERLAPPING";
    case FXC_PENETRATING: return "FXC_PENETRATING";
    case FXC_ERR_NULL: return "FXC_ERR_NULL";
    case FXC_ERR_RANGE: return "FXC_ERR_RANGE";
    case FXC_ERR_NEGATIVE_SIZE: return "FXC_ERR_NEGATIVE_SIZE";
    case FXC_ERR_ZERO_SIZE: return "FXC_ERR_ZERO_SIZE";
    case FXC_ERR_EMPTY_HULL: return "FXC_ERR_EMPTY_HULL";
    case FXC_ERR_TOO_MANY_VERTICES: return "FXC_ERR_TOO_MANY_VERTICES";
    case FXC_ERR_BAD_SHAPE: return "FXC_ERR_BAD_SHAPE";
    case FXC_ERR_BAD_TRANSFORM: return "FXC_ERR_BAD_TRANSFORM";
    case FXC_ERR_CALLBACK: return "FXC_ERR_CALLBACK";
    case FXC_ERR_CAPACITY: return "FXC_ERR_CAPACITY";
    case FXC_ERR_NO_CONVERGENCE: return "FXC_ERR_NO_CONVERGENCE";
    case FXC_ERR_BUSY: return "FXC_ERR_BUSY";
    default: return "unknown status";
    }
}

static uint32_t max_u32(uint32_t a, uint32_t b)
{
    return a > b ? a : b;
}

/* Largest |coordinate| of a point. */
static uint32_t point_reach(fxc_vec3 v)
{
    return max_u32(max_u32(fxc_abs_u32(v.x), fxc_abs_u32(v.y)), fxc_abs_u32(v.z));
}

/* A size: negative, zero where it must be positive, or the size itself. */
static int check_size(fix16_t v, int zero_ok)
{
    if (v < 0) return FXC_ERR_NEGATIVE_SIZE;
    if (v == 0 && !zero_ok) return FXC_ERR_ZERO_SIZE;
    return FXC_OK;
}

/* Reach of a list of points (any int32 coordinates). */
static uint32_t points_reach(const fxc_vec3 *v, int n)
{
    uint32_t r = 0;
    int i;
    for (i = 0; i < n; i++) r = max_u32(r, point_reach(v[i]));
    return r;
}

/* The rules of the constructors, on the fields as they are now: the
 * status a constructor would give them, and the core's reach. */
static int core_reach(const fxc_shape *s, uint32_t *reach)
{
    int st = FXC_OK;
    *reach = 0;
    switch (s->type) {
    case FXC_SHAPE_POINT:
        break;
    case FXC_SHAPE_SEGMENT:
        *reach = points_reach(&s->u.segment.a, 1);
        *reach = max_u32(*reach, points_reach(&s->u.segment.b, 1));
        break;
    case FXC_SHAPE_TRIANGLE:
        *reach = points_reach(s->u.triangle.v, 3);
        break;
    case FXC_SHAPE_BOX:
        st = check_size(s->u.box.half.x, 0);
        if (st == FXC_OK) st = check_size(s->u.box.half.y, 0);
        if (st == FXC_OK) st = check_size(s->u.box.half.z, 0);
        *reach = point_reach(s->u.box.half);
        break;
    case FXC_SHAPE_CYLINDER:
    case FXC_SHAPE_CONE: /* the same layout */
        st = check_size(s->u.cylinder.half_height, 0);
        if (st == FXC_OK) st = check_size(s->u.cylinder.radius, 0);
        *reach = max_u32(fxc_abs_u32(s->u.cylinder.radius), fxc_abs_u32(s->u.cylinder.half_height));
        break;
    case FXC_SHAPE_HULL:
        if (s->u.hull.vertices == NULL) st = FXC_ERR_NULL;
        else if (s->u.hull.count <= 0) st = FXC_ERR_EMPTY_HULL;
        else if (s->u.hull.count > FXC_HULL_MAX_VERTICES) st = FXC_ERR_TOO_MANY_VERTICES;
        else *reach = points_reach(s->u.hull.vertices, s->u.hull.count);
        break;
    case FXC_SHAPE_CUSTOM:
        st = s->u.custom.fn == NULL ? FXC_ERR_NULL : check_size(s->u.custom.bound, 1);
        *reach = fxc_abs_u32(s->u.custom.bound);
        break;
    default:
        st = FXC_ERR_BAD_SHAPE;
        break;
    }
    return st;
}

int fxc_shape_check(const fxc_shape *s, uint32_t *reach)
{
    int st = check_size(s->margin, 1);
    if (st == FXC_OK) st = core_reach(s, reach);
    else *reach = 0;
    if (st == FXC_OK && (*reach > (uint32_t)FXC_RAW_LIMIT || s->margin > FXC_RAW_LIMIT)) st = FXC_ERR_RANGE;
    return st;
}

/* Common start of every constructor: the type and the margin, the rest
 * cleared. */
static void begin(fxc_shape *s, fxc_shape_type type, fix16_t margin)
{
    s->type = type;
    s->margin = margin;
    s->u.segment.a = fxc_v3(0, 0, 0);
    s->u.segment.b = fxc_v3(0, 0, 0);
    s->u.custom.bound = 0;
}

/* Checks the filled shape; on failure leaves it unusable (type 0), so a
 * query on it fails with FXC_ERR_BAD_SHAPE instead of running on bad
 * fields. */
static int finish(fxc_shape *s, int st)
{
    uint32_t reach;
    if (st == FXC_OK) st = fxc_shape_check(s, &reach);
    if (st != FXC_OK) s->type = (fxc_shape_type)0;
    return st;
}

int fxc_shape_point(fxc_shape *s, fix16_t margin)
{
    if (s == NULL) return FXC_ERR_NULL;
    begin(s, FXC_SHAPE_POINT, margin);
    return finish(s, FXC_OK);
}

int fxc_shape_sphere(fxc_shape *s, fix16_t radius)
{
    if (s == NULL) return FXC_ERR_NULL;
    begin(s, FXC_SHAPE_POINT, radius);
    return finish(s, check_size(radius, 0));
}

int fxc_shape_segment(fxc_shape *s, fxc_vec3 a, fxc_vec3 b, fix16_t margin)
{
    if (s == NULL) return FXC_ERR_NULL;
    begin(s, FXC_SHAPE_SEGMENT, margin);
    s->u.segment.a = a;
    s->u.segment.b = b;
    return finish(s, FXC_OK);
}

int fxc_shape_capsule(fxc_shape *s, fix16_t half_height, fix16_t radius)
{
    int st = check_size(half_height, 0);
    if (st == FXC_OK) st = check_size(radius, 0);
    if (s == NULL) return FXC_ERR_NULL;
    begin(s, FXC_SHAPE_SEGMENT, radius);
    if (st == FXC_OK) { /* -half_height: half_height > 0 here */
        s->u.segment.a = fxc_v3(0, 0, -half_height);
        s->u.segment.b = fxc_v3(0, 0, half_height);
    }
    return finish(s, st);
}

int fxc_shape_triangle(fxc_shape *s, fxc_vec3 a, fxc_vec3 b, fxc_vec3 c, fix16_t margin)
{
    if (s == NULL) return FXC_ERR_NULL;
    begin(s, FXC_SHAPE_TRIANGLE, margin);
    s->u.triangle.v[0] = a;
    s->u.triangle.v[1] = b;
    s->u.triangle.v[2] = c;
    return finish(s, FXC_OK);
}

int fxc_shape_box(fxc_shape *s, fxc_vec3 half_extents, fix16_t margin)
{
    if (s == NULL) return FXC_ERR_NULL;
    begin(s, FXC_SHAPE_BOX, margin);
    s->u.box.half = half_extents;
    return finish(s, FXC_OK);
}

static int round_solid(fxc_shape *s, fxc_shape_type type, fix16_t half_height, fix16_t r, fix16_t margin)
{
    if (s == NULL) return FXC_ERR_NULL;
    begin(s, type, margin);
    s->u.cylinder.radius = r;
    s->u.cylinder.half_height = half_height;
    return finish(s, FXC_OK);
}

int fxc_shape_cylinder(fxc_shape *s, fix16_t half_height, fix16_t radius, fix16_t margin)
{
    return round_solid(s, FXC_SHAPE_CYLINDER, half_height, radius, margin);
}

int fxc_shape_cone(fxc_shape *s, fix16_t half_height, fix16_t base_radius, fix16_t margin)
{
    return round_solid(s, FXC_SHAPE_CONE, half_height, base_radius, margin);
}

int fxc_shape_hull(fxc_shape *s, const fxc_vec3 *vertices, int count, fix16_t margin)
{
    if (s == NULL) return FXC_ERR_NULL;
    begin(s, FXC_SHAPE_HULL, margin);
    s->u.hull.vertices = vertices;
    s->u.hull.count = count;
    return finish(s, FXC_OK);
}

int fxc_shape_custom(fxc_shape *s, fxc_support_fn fn, void *user, fix16_t bound, fix16_t margin)
{
    if (s == NULL) return FXC_ERR_NULL;
    begin(s, FXC_SHAPE_CUSTOM, margin);
    s->u.custom.fn = fn;
    s->u.custom.user = user;
    s->u.custom.bound = bound;
    return finish(s, FXC_OK);
}

/* The rotation check of every query (check_body in support.c) too. */
int fxc_rotation_ok(const fxc_mat3 *m)
{
    int i, j;
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++)
            if (m->m[i][j] > 2 * FXC_ONE || m->m[i][j] < -2 * FXC_ONE) return 0;
    return 1;
}

int fxc_transform_set(fxc_transform *t, const fxc_mat3 *rot, fxc_vec3 pos)
{
    if (t == NULL) return FXC_ERR_NULL;
    if (rot != NULL) t->rot = *rot;
    else fxc_mat3_identity(&t->rot);
    t->pos = pos;
    return fxc_rotation_ok(&t->rot) ? FXC_OK : FXC_ERR_BAD_TRANSFORM;
}

int fxc_cache_init(fxc_cache *cache)
{
    if (cache == NULL) return FXC_ERR_NULL;
    cache->axis = fxc_v3(0, 0, 0);
    return FXC_OK;
}

int fxc_workspace_init(fxc_workspace *ws)
{
    if (ws == NULL) return FXC_ERR_NULL;
    ws->busy = 0;
    ws->nv = 0;
    ws->nf = 0;
    ws->nfree = 0;
    return FXC_OK;
}
