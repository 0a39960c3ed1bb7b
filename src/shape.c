/* Shape constructors (parameter validation) and status names. */
#include <stddef.h>
#include "fxcollide.h"

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
    default: return "unknown status";
    }
}

/* |v|, for values already known to be in range (never INT32_MIN). */
static fix16_t abs16(fix16_t v)
{
    return v < 0 ? -v : v;
}

static fix16_t max3(fix16_t a, fix16_t b, fix16_t c)
{
    fix16_t m = a > b ? a : b;
    return m > c ? m : c;
}

/* Largest |coordinate| of a point (inputs already range-checked). */
static fix16_t vec_bound(fxc_vec3 v)
{
    return max3(abs16(v.x), abs16(v.y), abs16(v.z));
}

/* Every size and position accepted here is within the supported range, so
 * nothing computed from a valid shape can overflow. */
static int check_size(fix16_t v, int zero_ok)
{
    if (v < 0) return FXC_ERR_NEGATIVE_SIZE;
    if (v == 0 && !zero_ok) return FXC_ERR_ZERO_SIZE;
    if (!fxc_in_range(v)) return FXC_ERR_RANGE;
    return FXC_OK;
}

static int check_point(fxc_vec3 p)
{
    return fxc_v3_in_range(p) ? FXC_OK : FXC_ERR_RANGE;
}

/* Common start of every constructor: clear the struct, check the margin. */
static int begin(fxc_shape *s, fxc_shape_type type, fix16_t radius)
{
    int st;
    if (s == NULL) return FXC_ERR_NULL;
    s->type = type;
    s->radius = 0;
    s->bound = 0;
    s->u.segment.a = fxc_v3(0, 0, 0);
    s->u.segment.b = fxc_v3(0, 0, 0);
    st = check_size(radius, 1);
    if (st == FXC_OK) s->radius = radius;
    return st;
}

/* On failure the shape is left unusable (type 0), so a query on it fails
 * with FXC_ERR_BAD_SHAPE instead of running on half-set fields. */
static int finish(fxc_shape *s, int st)
{
    if (st != FXC_OK && s != NULL) s->type = (fxc_shape_type)0;
    return st;
}

int fxc_shape_point(fxc_shape *s, fix16_t radius)
{
    return finish(s, begin(s, FXC_SHAPE_POINT, radius));
}

int fxc_shape_sphere(fxc_shape *s, fix16_t radius)
{
    int st = begin(s, FXC_SHAPE_POINT, radius);
    if (st == FXC_OK && radius == 0) st = FXC_ERR_ZERO_SIZE;
    return finish(s, st);
}

int fxc_shape_segment(fxc_shape *s, fxc_vec3 a, fxc_vec3 b, fix16_t radius)
{
    int st = begin(s, FXC_SHAPE_SEGMENT, radius);
    if (st == FXC_OK) st = check_point(a);
    if (st == FXC_OK) st = check_point(b);
    if (st == FXC_OK) {
        s->u.segment.a = a;
        s->u.segment.b = b;
        s->bound = vec_bound(a) > vec_bound(b) ? vec_bound(a) : vec_bound(b);
    }
    return finish(s, st);
}

int fxc_shape_capsule(fxc_shape *s, fix16_t half_height, fix16_t radius)
{
    int st = check_size(half_height, 0);
    if (st == FXC_OK) st = check_size(radius, 0);
    if (st != FXC_OK) {
        (void)begin(s, FXC_SHAPE_SEGMENT, 0);
        return finish(s, st);
    }
    return fxc_shape_segment(s, fxc_v3(0, 0, -half_height), fxc_v3(0, 0, half_height), radius);
}

int fxc_shape_triangle(fxc_shape *s, fxc_vec3 a, fxc_vec3 b, fxc_vec3 c, fix16_t radius)
{
    int st = begin(s, FXC_SHAPE_TRIANGLE, radius);
    if (st == FXC_OK) st = check_point(a);
    if (st == FXC_OK) st = check_point(b);
    if (st == FXC_OK) st = check_point(c);
    if (st == FXC_OK) {
        s->u.triangle.v[0] = a;
        s->u.triangle.v[1] = b;
        s->u.triangle.v[2] = c;
        s->bound = max3(vec_bound(a), vec_bound(b), vec_bound(c));
    }
    return finish(s, st);
}

int fxc_shape_box(fxc_shape *s, fxc_vec3 half, fix16_t radius)
{
    int st = begin(s, FXC_SHAPE_BOX, radius);
    if (st == FXC_OK) st = check_size(half.x, 0);
    if (st == FXC_OK) st = check_size(half.y, 0);
    if (st == FXC_OK) st = check_size(half.z, 0);
    if (st == FXC_OK) {
        s->u.box.half = half;
        s->bound = max3(half.x, half.y, half.z);
    }
    return finish(s, st);
}

static int round_solid(fxc_shape *s, fxc_shape_type type, fix16_t half_height, fix16_t r, fix16_t radius)
{
    int st = begin(s, type, radius);
    if (st == FXC_OK) st = check_size(half_height, 0);
    if (st == FXC_OK) st = check_size(r, 0);
    if (st == FXC_OK) {
        s->u.cylinder.radius = r;
        s->u.cylinder.half_height = half_height;
        s->bound = r > half_height ? r : half_height;
    }
    return finish(s, st);
}

int fxc_shape_cylinder(fxc_shape *s, fix16_t half_height, fix16_t cyl_radius, fix16_t radius)
{
    return round_solid(s, FXC_SHAPE_CYLINDER, half_height, cyl_radius, radius);
}

int fxc_shape_cone(fxc_shape *s, fix16_t half_height, fix16_t base_radius, fix16_t radius)
{
    return round_solid(s, FXC_SHAPE_CONE, half_height, base_radius, radius);
}

int fxc_shape_hull(fxc_shape *s, const fxc_vec3 *vertices, int count, fix16_t radius)
{
    int st = begin(s, FXC_SHAPE_HULL, radius), i;
    if (st == FXC_OK && vertices == NULL) st = FXC_ERR_NULL;
    if (st == FXC_OK && count <= 0) st = FXC_ERR_EMPTY_HULL;
    if (st == FXC_OK && count > FXC_HULL_MAX_VERTICES) st = FXC_ERR_TOO_MANY_VERTICES;
    for (i = 0; st == FXC_OK && i < count; i++) {
        st = check_point(vertices[i]);
        if (st == FXC_OK && vec_bound(vertices[i]) > s->bound) s->bound = vec_bound(vertices[i]);
    }
    if (st == FXC_OK) {
        s->u.hull.vertices = vertices;
        s->u.hull.count = count;
    }
    return finish(s, st);
}

int fxc_shape_custom(fxc_shape *s, fxc_support_fn fn, void *user, fix16_t bound, fix16_t radius)
{
    int st = begin(s, FXC_SHAPE_CUSTOM, radius);
    if (st == FXC_OK && fn == NULL) st = FXC_ERR_NULL;
    if (st == FXC_OK) st = check_size(bound, 1);
    if (st == FXC_OK) {
        s->u.custom.fn = fn;
        s->u.custom.user = user;
        s->bound = bound;
    }
    return finish(s, st);
}

void fxc_transform_set(fxc_transform *t, const fxc_mat3 *rot, fxc_vec3 pos)
{
    if (t == NULL) return;
    if (rot != NULL) t->rot = *rot;
    else fxc_mat3_identity(&t->rot);
    t->pos = pos;
}
