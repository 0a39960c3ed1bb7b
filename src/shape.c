/* Shape constructors, the rules they check (also at every query) and the
 * kind each stores in its shape (src/kind.h); the transform and workspace
 * set-up, and status names. */
#include <stddef.h>
#include "kind.h"

const char *fxc_status_name(int status)
{
    switch (status) {
    case FXC_OK: return "FXC_OK";
    case FXC_SEPARATED: return "FXC_SEPARATED";
    case FXC_TOUCHING: return "FXC_TOUCHING";
    case FXC_OVERLAPPING: return "FXC_OVERLAPPING";
    case FXC_PENETRATING: return "FXC_PENETRATING";
    case FXC_HIT: return "FXC_HIT";
    case FXC_GRAZING: return "FXC_GRAZING";
    case FXC_INSIDE: return "FXC_INSIDE";
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
    case FXC_ERR_CONFIG: return "FXC_ERR_CONFIG";
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

/* The rules of each constructor on a core's fields as they are now: the
 * status the constructor would give them, and the core's reach. */
static int point_rules(const fxc_shape *s, uint32_t *reach)
{
    (void)s;
    *reach = 0;
    return FXC_OK;
}

static int segment_rules(const fxc_shape *s, uint32_t *reach)
{
    *reach = max_u32(point_reach(s->u.segment.a), point_reach(s->u.segment.b));
    return FXC_OK;
}

static int triangle_rules(const fxc_shape *s, uint32_t *reach)
{
    *reach = points_reach(s->u.triangle.v, 3);
    return FXC_OK;
}

static int box_rules(const fxc_shape *s, uint32_t *reach)
{
    int st = check_size(s->u.box.half.x, 0);
    if (st == FXC_OK) st = check_size(s->u.box.half.y, 0);
    if (st == FXC_OK) st = check_size(s->u.box.half.z, 0);
    *reach = point_reach(s->u.box.half);
    return st;
}

/* Cylinders and cones share their fields' layout. */
static int round_rules(const fxc_shape *s, uint32_t *reach)
{
    int st = check_size(s->u.cylinder.half_height, 0);
    if (st == FXC_OK) st = check_size(s->u.cylinder.radius, 0);
    *reach = max_u32(fxc_abs_u32(s->u.cylinder.radius), fxc_abs_u32(s->u.cylinder.half_height));
    return st;
}

int fxc_hull_rules(const fxc_shape *s, uint32_t *reach)
{
    *reach = 0;
    if (s->u.hull.vertices == NULL) return FXC_ERR_NULL;
    if (s->u.hull.count <= 0) return FXC_ERR_EMPTY_HULL;
    if (s->u.hull.count > FXC_HULL_MAX_VERTICES) return FXC_ERR_TOO_MANY_VERTICES;
    *reach = points_reach(s->u.hull.vertices, s->u.hull.count);
    return FXC_OK;
}

static int custom_rules(const fxc_shape *s, uint32_t *reach)
{
    *reach = fxc_abs_u32(s->u.custom.bound);
    return s->u.custom.fn == NULL ? FXC_ERR_NULL : check_size(s->u.custom.bound, 1);
}

/* Each type's kind (src/kind.h). Points and segments (spheres, capsules)
 * are answered in closed form against each other, every other core by
 * GJK; only callbacks have their answers checked. */
const fxc_shape_kind fxc_kind_point = { FXC_SHAPE_POINT, point_rules, fxc_support_point, NULL, NULL, NULL, fxc_gjk_closed, NULL,
                                         fxc_vertex_point };
const fxc_shape_kind fxc_kind_segment = { FXC_SHAPE_SEGMENT, segment_rules, fxc_support_segment, fxc_prepare_segment,
                                           fxc_move_segment, NULL, fxc_gjk_closed, NULL, fxc_vertex_segment };
const fxc_shape_kind fxc_kind_triangle = { FXC_SHAPE_TRIANGLE, triangle_rules, fxc_support_triangle, NULL, NULL, NULL, NULL, fxc_gjk,
                                            fxc_vertex_triangle };
const fxc_shape_kind fxc_kind_box = { FXC_SHAPE_BOX, box_rules, fxc_support_box, fxc_prepare_box, fxc_move_box, NULL, NULL, fxc_gjk,
                                       fxc_vertex_box };
const fxc_shape_kind fxc_kind_cylinder = { FXC_SHAPE_CYLINDER, round_rules, fxc_support_cylinder, NULL, NULL, NULL, NULL, fxc_gjk, NULL };
const fxc_shape_kind fxc_kind_cone = { FXC_SHAPE_CONE, round_rules, fxc_support_cone, NULL, NULL, NULL, NULL, fxc_gjk, NULL };
const fxc_shape_kind fxc_kind_hull = { FXC_SHAPE_HULL, fxc_hull_rules, fxc_support_hull, NULL, NULL, NULL, NULL, fxc_gjk,
                                        fxc_vertex_hull };
const fxc_shape_kind fxc_kind_custom = { FXC_SHAPE_CUSTOM, custom_rules, fxc_support_custom, fxc_prepare_custom, NULL,
                                         fxc_pair_check_known, NULL, fxc_gjk, NULL };

int fxc_shape_check(const fxc_shape *s, uint32_t *reach)
{
    int st;
    *reach = 0;
    if (s->kind == NULL || s->kind->type != s->type) return FXC_ERR_BAD_SHAPE;
    st = check_size(s->margin, 1);
    if (st == FXC_OK) st = s->kind->rules(s, reach);
    if (st == FXC_OK && (*reach > (uint32_t)FXC_RAW_LIMIT || s->margin > FXC_RAW_LIMIT)) st = FXC_ERR_RANGE;
    if (st != FXC_OK) *reach = 0;
    return st;
}

/* Common start of every constructor: the kind, its type and the margin,
 * the rest cleared. */
static void begin(fxc_shape *s, const fxc_shape_kind *kind, fix16_t margin)
{
    s->type = kind->type;
    s->kind = kind;
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
    begin(s, &fxc_kind_point, margin);
    return finish(s, FXC_OK);
}

int fxc_shape_sphere(fxc_shape *s, fix16_t radius)
{
    if (s == NULL) return FXC_ERR_NULL;
    begin(s, &fxc_kind_point, radius);
    return finish(s, check_size(radius, 0));
}

int fxc_shape_segment(fxc_shape *s, fxc_vec3 a, fxc_vec3 b, fix16_t margin)
{
    if (s == NULL) return FXC_ERR_NULL;
    begin(s, &fxc_kind_segment, margin);
    s->u.segment.a = a;
    s->u.segment.b = b;
    return finish(s, FXC_OK);
}

int fxc_shape_capsule(fxc_shape *s, fix16_t half_height, fix16_t radius)
{
    int st = check_size(half_height, 0);
    if (st == FXC_OK) st = check_size(radius, 0);
    if (s == NULL) return FXC_ERR_NULL;
    begin(s, &fxc_kind_segment, radius);
    if (st == FXC_OK) { /* -half_height: half_height > 0 here */
        s->u.segment.a = fxc_v3(0, 0, -half_height);
        s->u.segment.b = fxc_v3(0, 0, half_height);
    }
    return finish(s, st);
}

int fxc_shape_triangle(fxc_shape *s, fxc_vec3 a, fxc_vec3 b, fxc_vec3 c, fix16_t margin)
{
    if (s == NULL) return FXC_ERR_NULL;
    begin(s, &fxc_kind_triangle, margin);
    s->u.triangle.v[0] = a;
    s->u.triangle.v[1] = b;
    s->u.triangle.v[2] = c;
    return finish(s, FXC_OK);
}

int fxc_shape_box(fxc_shape *s, fxc_vec3 half_extents, fix16_t margin)
{
    if (s == NULL) return FXC_ERR_NULL;
    begin(s, &fxc_kind_box, margin);
    s->u.box.half = half_extents;
    return finish(s, FXC_OK);
}

static int round_solid(fxc_shape *s, const fxc_shape_kind *kind, fix16_t half_height, fix16_t r, fix16_t margin)
{
    if (s == NULL) return FXC_ERR_NULL;
    begin(s, kind, margin);
    s->u.cylinder.radius = r;
    s->u.cylinder.half_height = half_height;
    return finish(s, FXC_OK);
}

int fxc_shape_cylinder(fxc_shape *s, fix16_t half_height, fix16_t radius, fix16_t margin)
{
    return round_solid(s, &fxc_kind_cylinder, half_height, radius, margin);
}

int fxc_shape_cone(fxc_shape *s, fix16_t half_height, fix16_t base_radius, fix16_t margin)
{
    return round_solid(s, &fxc_kind_cone, half_height, base_radius, margin);
}

int fxc_shape_hull(fxc_shape *s, const fxc_vec3 *vertices, int count, fix16_t margin)
{
    if (s == NULL) return FXC_ERR_NULL;
    begin(s, &fxc_kind_hull, margin);
    s->u.hull.vertices = vertices;
    s->u.hull.count = count;
    s->u.hull.graph = NULL;
    return finish(s, FXC_OK);
}

int fxc_shape_custom(fxc_shape *s, fxc_support_fn fn, void *user, fix16_t bound, fix16_t margin)
{
    if (s == NULL) return FXC_ERR_NULL;
    begin(s, &fxc_kind_custom, margin);
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
    cache->tetra_ok = 0;
    cache->warm_hits = 0;
    return FXC_OK;
}

int fxc_workspace_init_cfg(uint32_t config, fxc_workspace *ws)
{
    if (ws == NULL) return FXC_ERR_NULL;
    if (config != FXC_CONFIG_ID) return FXC_ERR_CONFIG;
    ws->busy = 0;
    ws->nv = 0;
    ws->nf = 0;
    ws->nfree = 0;
    return FXC_OK;
}
