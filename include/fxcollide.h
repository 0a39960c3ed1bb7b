/* fxcollide: narrow-phase collision detection in Q16.16 fixed point.
 *
 * GJK (intersection, distance, closest points) and a sign-test EPA
 * (penetration depth, normal, contact points) for microcontrollers without
 * an FPU. No heap, no floating point, bounded work per query, and the same
 * bits on every platform.
 *
 * Conventions, once for the whole API:
 *  - Numbers are libfixmath fix16_t (Q16.16). Every point of every shape, in
 *    world space, must lie within |x|,|y|,|z| < 2^FXC_RANGE_BITS units
 *    (4096 by default); queries check this and answer FXC_ERR_RANGE.
 *  - Every query and constructor returns a status (fxc_status.h); negative
 *    values are errors. Output structs are fully written whatever the
 *    status. Vector kernels (fxc_vec.h) return values, or 1/0 for success.
 */
#ifndef FXCOLLIDE_H
#define FXCOLLIDE_H

#include "fxc_config.h"
#include "fxc_status.h"
#include "fxc_vec.h"

#define FXC_VERSION_MAJOR 0
#define FXC_VERSION_MINOR 1
#define FXC_VERSION_PATCH 0
#define FXC_VERSION_STRING "0.1.0"

/* Human-readable name of a status ("FXC_SEPARATED", ...). */
const char *fxc_status_name(int status);

/* ---- Shapes -------------------------------------------------------------
 * A shape is a convex core (point, segment, triangle, box, cylinder, cone,
 * hull or user callback) swept by a radius (margin): a sphere is a point
 * with a radius, a capsule a segment with a radius, a rounded box a box with
 * a radius. Cylinders, cones and capsules have their axis along local z.
 * Shapes are plain caller-owned structs: fill them with the fxc_shape_*
 * constructors, which validate the parameters. A shape sits in the world at
 * an fxc_transform: world = rot * local + pos. The rotation need not be
 * orthonormal: the core is mapped by the matrix as given (a scaled or
 * sheared box is a parallelepiped) and the radius is not; entries must stay
 * within +-2 units (FXC_ERR_BAD_TRANSFORM otherwise). */
typedef enum {
    FXC_SHAPE_POINT = 1,
    FXC_SHAPE_SEGMENT,
    FXC_SHAPE_TRIANGLE,
    FXC_SHAPE_BOX,
    FXC_SHAPE_CYLINDER,
    FXC_SHAPE_CONE,
    FXC_SHAPE_HULL,
    FXC_SHAPE_CUSTOM
} fxc_shape_type;

/* User support function: the point of the shape farthest along `dir`
 * (local frame, any nonzero length), in the local frame. It must stay within
 * the bound declared to fxc_shape_custom, or the query fails with
 * FXC_ERR_CALLBACK. */
typedef fxc_vec3 (*fxc_support_fn)(fxc_vec3 dir, void *user);

typedef struct {
    fxc_shape_type type;
    fix16_t radius;   /* margin swept around the core, >= 0 */
    fix16_t bound;    /* max |coordinate| of any core point (local), set by the constructor */
    union {
        struct { fxc_vec3 a, b; } segment;
        struct { fxc_vec3 v[3]; } triangle;
        struct { fxc_vec3 half; } box;
        struct { fix16_t radius, half_height; } cylinder;
        struct { fix16_t radius, half_height; } cone; /* apex at +half_height, base at -half_height */
        struct { const fxc_vec3 *vertices; int count; } hull;
        struct { fxc_support_fn fn; void *user; } custom;
    } u;
} fxc_shape;

int fxc_shape_point(fxc_shape *s, fix16_t radius);
int fxc_shape_sphere(fxc_shape *s, fix16_t radius);            /* radius > 0 */
int fxc_shape_segment(fxc_shape *s, fxc_vec3 a, fxc_vec3 b, fix16_t radius);
int fxc_shape_capsule(fxc_shape *s, fix16_t half_height, fix16_t radius); /* both > 0 */
int fxc_shape_triangle(fxc_shape *s, fxc_vec3 a, fxc_vec3 b, fxc_vec3 c, fix16_t radius);
int fxc_shape_box(fxc_shape *s, fxc_vec3 half_extents, fix16_t radius); /* half extents > 0 */
int fxc_shape_cylinder(fxc_shape *s, fix16_t half_height, fix16_t cyl_radius, fix16_t radius);
int fxc_shape_cone(fxc_shape *s, fix16_t half_height, fix16_t base_radius, fix16_t radius);
/* vertices: caller-owned, must outlive the shape; 1..FXC_HULL_MAX_VERTICES
 * points in any order (duplicates, collinear or coplanar sets allowed). */
int fxc_shape_hull(fxc_shape *s, const fxc_vec3 *vertices, int count, fix16_t radius);
/* bound: max |coordinate| the callback may return (local frame). */
int fxc_shape_custom(fxc_shape *s, fxc_support_fn fn, void *user, fix16_t bound, fix16_t radius);

/* Transform from a translation and a rotation (NULL rot = identity). */
void fxc_transform_set(fxc_transform *t, const fxc_mat3 *rot, fxc_vec3 pos);

/* ---- Queries ------------------------------------------------------------
 * Normal points from A to B. Witness points are in world space. */
typedef struct {
    fix16_t distance;  /* >= 0; 0 unless separated or touching */
    fxc_vec3 point_a;  /* closest point on A (world) */
    fxc_vec3 point_b;  /* closest point on B (world) */
    fxc_vec3 normal;   /* unit, from A to B: the separating axis GJK proved
                        * (the gap along it is the distance within a few
                        * LSB); zero when the cores overlap, unless they
                        * only touch */
    int iterations;    /* GJK iterations used (<= FXC_GJK_MAX_ITERATIONS) */
    int support_calls; /* support calls made (<= FXC_MAX_SUPPORT_CALLS) */
} fxc_distance_result;

/* Boolean overlap test. Returns FXC_SEPARATED, or FXC_OVERLAPPING when the
 * shapes overlap or touch (distance <= FXC_TOUCH_TOL), or an error. The
 * verdict always agrees with fxc_distance on the same input. */
int fxc_intersect(const fxc_shape *a, const fxc_transform *ta,
                  const fxc_shape *b, const fxc_transform *tb);

/* Distance and closest points. Returns FXC_SEPARATED (distance > tol),
 * FXC_TOUCHING (distance <= FXC_TOUCH_TOL, points valid, normal valid when
 * it could be determined), FXC_OVERLAPPING (cores or margins overlap:
 * distance 0, use fxc_collide for depth), or an error. `out` is always fully
 * written. */
int fxc_distance(const fxc_shape *a, const fxc_transform *ta,
                 const fxc_shape *b, const fxc_transform *tb,
                 fxc_distance_result *out);

/* ---- Penetration: EPA workspace and the one-call API ---------------------
 * The workspace holds the EPA polytope. The caller owns it (static, or on
 * its stack: sizeof(fxc_workspace) is 1.5 KB at the default capacity), so
 * queries are reentrant. Its contents between calls mean nothing. */
#define FXC_EPA_MAX_FACES (2 * FXC_EPA_MAX_VERTICES - 4)

typedef struct {
    uint8_t v[3];   /* vertex indices, counter-clockwise seen from outside */
    uint8_t adj[3]; /* face across edge k = (v[k], v[k+1]) */
    uint8_t state;  /* free, alive, or a mark during the horizon search */
    int32_t dist;   /* distance of the face plane from the origin, raw; 0x7FFFFFFF once out of the running
                     * (freed, zero area, or the origin does not project inside it) */
} fxc_epa_face;

typedef struct {
    fxc_vec3 w[FXC_EPA_MAX_VERTICES]; /* Minkowski points a - b */
    fxc_vec3 a[FXC_EPA_MAX_VERTICES]; /* their support points on A */
    fxc_epa_face face[FXC_EPA_MAX_FACES];
    int nv;         /* vertices in use */
    int nf;         /* face slots in use (alive or free) */
    int nfree;      /* free slots below nf */
} fxc_workspace;

typedef struct {
    fix16_t distance;  /* separated or touching: gap >= 0; otherwise 0 */
    fix16_t depth;     /* penetrating or touching: overlap >= 0; otherwise 0 */
    fxc_vec3 normal;   /* unit, from A to B: moving B by depth * normal ends the overlap */
    fxc_vec3 point_a;  /* closest point / deepest contact point on A (world) */
    fxc_vec3 point_b;  /* closest point / deepest contact point on B (world) */
    int gjk_iterations; /* <= FXC_GJK_MAX_ITERATIONS */
    int epa_iterations; /* <= FXC_EPA_MAX_ITERATIONS */
    int support_calls;  /* <= FXC_MAX_SUPPORT_CALLS */
} fxc_contact;

/* One call for any pair: FXC_SEPARATED (distance, closest points, normal),
 * FXC_TOUCHING (distance and depth within FXC_TOUCH_TOL), FXC_PENETRATING
 * (depth, normal, contact point on A and on B), or an error. Shapes with a
 * margin get shallow contact from GJK on their cores; EPA runs only when the
 * cores overlap. FXC_ERR_CAPACITY / FXC_ERR_NO_CONVERGENCE come with the best
 * answer found (all fields valid). `out` is always fully written. */
int fxc_collide(const fxc_shape *a, const fxc_transform *ta,
                const fxc_shape *b, const fxc_transform *tb,
                fxc_workspace *ws, fxc_contact *out);

/* Version string of the compiled library ("major.minor.patch"). */
const char *fxc_version(void);

#endif /* FXCOLLIDE_H */
