/* fxcollide: narrow-phase collision detection in Q16.16 fixed point.
 *
 * GJK (intersection, distance, closest points) and a sign-test EPA
 * (penetration depth, normal, contact points) for microcontrollers without
 * an FPU. No heap, no floating point, bounded work per query, and the same
 * bits on every platform.
 *
 * Conventions, once for the whole API:
 *  - Numbers are libfixmath fix16_t (Q16.16). A query works relative to
 *    the pair's centre (the midpoint of the two positions): every point of
 *    both shapes must lie within 2^FXC_RANGE_BITS units (4096 by default)
 *    of it; queries check this and answer FXC_ERR_RANGE (see "Range").
 *  - Every query and constructor returns a status (fxc_status.h); negative
 *    values are errors. Output structs are fully written whatever the
 *    status (a NULL output gets FXC_ERR_NULL). Vector kernels (fxc_vec.h)
 *    return values, or 1/0 for success.
 *  - One word for one idea: "margin" is what a shape is swept by, "radius"
 *    a circle of the shape (for a sphere and a capsule, the margin that
 *    makes them), "gjk_iterations" / "epa_iterations" / "support_calls"
 *    the work a query did.
 */
#ifndef FXCOLLIDE_H
#define FXCOLLIDE_H

#include <stddef.h>
#include "fxc_config.h"
#include "fxc_status.h"
#include "fxc_vec.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FXC_VERSION_MAJOR 0
#define FXC_VERSION_MINOR 1
#define FXC_VERSION_PATCH 0
#define FXC_VERSION_STRING "0.1.0"

/* ---- Shapes -------------------------------------------------------------
 * A shape is a convex core (point, segment, triangle, box, cylinder, cone,
 * hull or user callback) swept by a margin: a sphere is a point with a
 * margin (its radius), a capsule a segment with a margin (its radius), a
 * rounded box a box with a margin. "radius" names a circle of the core
 * itself (cylinder, cone base) or, for the sphere and the capsule, the
 * margin that makes them. Cylinders, cones and capsules have their axis
 * along local z.
 *
 * Shapes are plain caller-owned structs: fill them with the fxc_shape_*
 * constructors, which validate the parameters. A field may be changed
 * afterwards: every query checks each shape's parameters again (sizes,
 * hull vertices, margin) and answers FXC_ERR_BAD_SHAPE for a value no
 * constructor would accept, or FXC_ERR_RANGE when the shape reaches too
 * far. Pointers (the kind, hull vertices, a callback) can only be checked
 * against NULL: one set to garbage is undefined. A shape sits in the world at an fxc_transform: world = rot * local
 * + pos. The rotation need not be orthonormal: the core is mapped by the
 * matrix as given (a scaled or sheared box is a parallelepiped) and the
 * margin is not; entries must stay within +-2 units. */
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
 * (local frame, never zero; any length below 2^31 raw per component), in
 * the local frame. It must stay within the bound declared to
 * fxc_shape_custom and be a support point (no point of the shape lies
 * farther along dir): a query that catches it breaking either rule fails
 * with FXC_ERR_CALLBACK. It may run any fxcollide query, but not on the
 * workspace of the query that called it (FXC_ERR_BUSY). */
typedef fxc_vec3 (*fxc_support_fn)(fxc_vec3 dir, void *user);

/* The code of one shape type (support function, rules, algorithms),
 * stored in the shape by its constructor: queries reach every type's code
 * through it, so a firmware links only the code of the shapes it makes. */
typedef struct fxc_shape_kind fxc_shape_kind;

/* A hull's surface as a vertex graph (fxc_hull_prepare, below). */
typedef struct fxc_hull_graph fxc_hull_graph;

typedef struct {
    fxc_shape_type type;
    const fxc_shape_kind *kind; /* set by the constructor; a query refuses a
                                 * shape whose kind is NULL or of another type */
    fix16_t margin;   /* swept around the core, >= 0 */
    union {
        struct { fxc_vec3 a, b; } segment;
        struct { fxc_vec3 v[3]; } triangle;
        struct { fxc_vec3 half; } box;
        struct { fix16_t radius, half_height; } cylinder;
        struct { fix16_t radius, half_height; } cone; /* apex at +half_height, base at -half_height */
        struct { const fxc_vec3 *vertices; int count; const fxc_hull_graph *graph; } hull; /* graph: NULL, or
                                                                                           * the prepared one */
        struct { fxc_support_fn fn; void *user; fix16_t bound; } custom; /* bound: max |coordinate| */
    } u;
} fxc_shape;

int fxc_shape_point(fxc_shape *s, fix16_t margin);
int fxc_shape_sphere(fxc_shape *s, fix16_t radius);                    /* radius > 0 */
int fxc_shape_segment(fxc_shape *s, fxc_vec3 a, fxc_vec3 b, fix16_t margin);
int fxc_shape_capsule(fxc_shape *s, fix16_t half_height, fix16_t radius); /* both > 0 */
int fxc_shape_triangle(fxc_shape *s, fxc_vec3 a, fxc_vec3 b, fxc_vec3 c, fix16_t margin);
int fxc_shape_box(fxc_shape *s, fxc_vec3 half_extents, fix16_t margin); /* half extents > 0 */
int fxc_shape_cylinder(fxc_shape *s, fix16_t half_height, fix16_t radius, fix16_t margin);
int fxc_shape_cone(fxc_shape *s, fix16_t half_height, fix16_t base_radius, fix16_t margin);
/* vertices: caller-owned, must outlive the shape; 1..FXC_HULL_MAX_VERTICES
 * points in any order (duplicates, collinear or coplanar sets allowed). */
int fxc_shape_hull(fxc_shape *s, const fxc_vec3 *vertices, int count, fix16_t margin);
/* A hull from its prepared graph (fxc_hull_prepare): the same shape as
 * fxc_shape_hull(s, g->vertices, g->count, margin) gives, with the same
 * answers, bit for bit, found faster (see fxc_hull_prepare). The graph is
 * the caller's and must outlive the shape; a query refuses a shape whose
 * graph was built for other vertices or another count (FXC_ERR_BAD_SHAPE). */
int fxc_shape_hull_graph(fxc_shape *s, const fxc_hull_graph *g, fix16_t margin);
/* bound: max |coordinate| the callback may return (local frame). */
int fxc_shape_custom(fxc_shape *s, fxc_support_fn fn, void *user, fix16_t bound, fix16_t margin);

/* ---- Prepared hulls -----------------------------------------------------
 * A hull's support point is its vertex farthest along a direction (the
 * farthest; among those, the greatest x, then y, then z). A plain hull
 * compares every vertex for it. A prepared hull keeps its surface,
 * triangulated, as a graph of neighbouring vertices. It starts at the
 * vertex farthest along the nearest of 26 fixed directions and moves to
 * the neighbour farthest ahead until none is: on a convex surface that
 * ends at the same vertex, after a few of a large hull's vertices
 * (src/hull.c). Build the graph once, for example at start-up: it takes
 * one exact orientation test per point and face (at most count * (2 count
 * - 4)), and its stack holds 4 bytes per face (8 per vertex of
 * FXC_HULL_MAX_VERTICES).
 *
 * The graph is caller-owned: sizeof(fxc_hull_graph) is 8 bytes a vertex of
 * FXC_HULL_MAX_VERTICES, plus at most 48. The vertices must not change
 * while a shape uses it (a query cannot see that they did). */
struct fxc_hull_graph {
    const fxc_vec3 *vertices; /* the points it was built from */
    int count;
    int climb; /* 1: supports climb; 0: no four of the points span a solid,
                * and supports compare every vertex (the same answers) */
    uint8_t cell[27]; /* the first vertex along each of 27 directions (-1, 0 or
                       * 1 per axis): climbs start there */
    uint16_t first[FXC_HULL_MAX_VERTICES + 1]; /* vertex i's neighbours are */
    uint8_t next[6 * FXC_HULL_MAX_VERTICES];   /* next[first[i]] .. next[first[i + 1] - 1] */
};

/* Builds g for the count points at vertices (the rules of fxc_shape_hull:
 * 1..FXC_HULL_MAX_VERTICES points in any order, duplicates, collinear and
 * coplanar sets allowed). Returns FXC_OK, or the status fxc_shape_hull
 * gives those points (g then names no vertices, and a shape made from it
 * is refused), FXC_ERR_NULL (g NULL) or FXC_ERR_CONFIG (a graph sized for
 * other options: nothing written). */
int fxc_hull_prepare_cfg(uint32_t config, fxc_hull_graph *g, const fxc_vec3 *vertices, int count);
static inline int fxc_hull_prepare(fxc_hull_graph *g, const fxc_vec3 *vertices, int count)
{
    return fxc_hull_prepare_cfg(FXC_CONFIG_ID, g, vertices, count);
}

/* Transform from a rotation (NULL = identity) and a translation (any
 * Q16.16 position). Returns FXC_OK, FXC_ERR_NULL (t NULL: nothing
 * written) or FXC_ERR_BAD_TRANSFORM (a rotation entry beyond +-2 units:
 * written as given, so that every query refuses it too). */
int fxc_transform_set(fxc_transform *t, const fxc_mat3 *rot, fxc_vec3 pos);

/* ---- Queries ------------------------------------------------------------
 * Normal points from A to B. Witness points are in world space.
 *
 * Range: positions may lie anywhere in Q16.16, but each query needs every
 * point of both shapes within 2^FXC_RANGE_BITS units (4096 by default) of
 * the pair's centre, the midpoint of the two positions, coordinate by
 * coordinate, and within +-32767 units of the world origin; a pair that
 * reaches farther gets FXC_ERR_RANGE, in either argument order. Two small
 * shapes may then be up to about 8000 units apart, anywhere in the world.
 * (A shape's reach is bounded as each query computes it: |position_i -
 * centre_i| + sum_j |R_ij| * max |local coordinate| + margin.) Every
 * result is the same, bit for bit, wherever the pair is translated.
 *
 * Which query returns which status (every query can also return the
 * errors of its arguments: FXC_ERR_NULL, FXC_ERR_BAD_SHAPE,
 * FXC_ERR_BAD_TRANSFORM, FXC_ERR_RANGE, FXC_ERR_CALLBACK):
 *
 *   status                  intersect  distance  collide
 *                           clearance
 *   FXC_SEPARATED               x          x        x
 *   FXC_TOUCHING                           x        x
 *   FXC_OVERLAPPING             x          x
 *   FXC_PENETRATING                                 x
 *   FXC_ERR_NO_CONVERGENCE      x          x        x    (distance, collide: best answer filled in)
 *   FXC_ERR_CAPACITY                                x    (best answer filled in)
 *   FXC_ERR_BUSY                                    x
 *   FXC_ERR_CONFIG                                  x    (a workspace built with other options)
 *   FXC_ERR_NEGATIVE_SIZE       x                        (clearance below 0)
 * (The casts and the manifold list their own below.)
 */
typedef struct {
    fix16_t distance;  /* >= 0; 0 unless separated or touching */
    fxc_vec3 point_a;  /* closest point on A (world); touching: a point of
                        * the contact region; overlapping: a point of A in
                        * the overlap of the cores */
    fxc_vec3 point_b;  /* closest point on B (world), likewise */
    fxc_vec3 normal;   /* unit, from A to B: the separating axis GJK proved
                        * (the gap along it is the distance within a few
                        * LSB); zero when GJK finds the cores overlapping
                        * or touching, unless they provably only touch
                        * and the margins add up to at most FXC_TOUCH_TOL
                        * (FXC_TOUCHING); so also zero for touching cores
                        * whose margins overlap (FXC_OVERLAPPING) */
    int gjk_iterations; /* <= FXC_GJK_MAX_ITERATIONS */
    int support_calls;  /* <= FXC_MAX_SUPPORT_CALLS */
} fxc_distance_result;

/* Frame-to-frame coherence: an optional per-pair cache, caller-owned. Zero
 * it (or call fxc_cache_init) before the pair's first query, then pass the
 * same cache with the same ordered pair (A, B) frame after frame to the
 * *_cached queries below. Each query starts GJK along the axis the last
 * one ended on (pairs of point and segment cores, answered in closed form,
 * do not use it). fxc_intersect_cached and fxc_clearance_cached stop as
 * soon as a bound proves their verdict, so for a pair that moved a little
 * the cached axis can decide it at the first support call;
 * fxc_distance_cached and fxc_collide_cached run GJK to its end and only
 * start from the axis. With and without a cache the values agree within
 * the stated tolerances, but not always to the bit: GJK takes another
 * path. The statuses agree too, except for a pair within a few LSB of the
 * touching band, whose edges the values' rounding decides: there the two
 * may differ (FXC_TOUCHING against FXC_SEPARATED, say); and except for
 * FXC_ERR_CAPACITY, as EPA grows its polytope from GJK's last simplex,
 * which the start changes: a deep pair of curved shapes at the edge of
 * the workspace's capacity may fit from one start and not from another.
 * The test gjk_cache
 * compares statuses only where the plain query's distance or depth exceeds
 * FXC_TOUCH_TOL + 4 LSB, or fxc_distance answers FXC_OVERLAPPING.
 *   fxc_intersect_cached and fxc_clearance_cached also keep the tetrahedron
 * that proved an overlap, as the core vertices that made it (cores with
 * vertices only: points, segments, triangles, boxes, hulls). The next
 * such query places those vertices at the new poses first: if their
 * tetrahedron still holds the origin (exact signs), the cores overlap and
 * the answer is FXC_OVERLAPPING with no GJK at all; else GJK runs as
 * without it. The tetrahedron's verdict is exact (the cores do overlap or
 * touch); the plain query decides a pair within a few LSB of touching on
 * GJK's rounded distance, so there, as above, the two may differ. Any
 * contents are safe: the axis is only a first search direction, and a
 * vertex number the core does not have is ignored. */
typedef struct {
    fxc_vec3 axis; /* the last query's final direction, A to B (zero: none yet) */
    uint8_t tetra[4][2]; /* the last overlap's tetrahedron: A's and B's vertex numbers
                          * (numbered as in the manifold's feature ids) of its corners */
    uint8_t tetra_ok;    /* 1 while tetra holds one */
    uint32_t warm_hits;  /* queries the tetrahedron answered (the caller may reset it) */
} fxc_cache;

/* Prepares a cache for a pair's first query (the same as zeroing it).
 * Returns FXC_OK or FXC_ERR_NULL. */
int fxc_cache_init(fxc_cache *cache);

/* Boolean overlap test. Returns FXC_SEPARATED, or FXC_OVERLAPPING when the
 * shapes overlap or touch (distance <= FXC_TOUCH_TOL), or an error
 * (FXC_ERR_NO_CONVERGENCE only where GJK stopped unconverged with no bound
 * deciding). The verdict always agrees with fxc_distance on the same
 * input. */
int fxc_intersect(const fxc_shape *a, const fxc_transform *ta,
                  const fxc_shape *b, const fxc_transform *tb);

/* Clearance test, the robot's safety check: are the shapes more than
 * `clearance` apart? Returns FXC_SEPARATED when the distance exceeds the
 * clearance by more than FXC_TOUCH_TOL, FXC_OVERLAPPING when they are
 * closer (or touch, or overlap), or an error (FXC_ERR_NEGATIVE_SIZE /
 * FXC_ERR_RANGE for a clearance below 0 or beyond the range). Stops as soon
 * as a bound proves the verdict, so it costs less than fxc_distance; the
 * verdict always agrees with fxc_distance's distance on the same input.
 * fxc_intersect is fxc_clearance with a clearance of 0. */
int fxc_clearance(const fxc_shape *a, const fxc_transform *ta,
                  const fxc_shape *b, const fxc_transform *tb, fix16_t clearance);

/* Distance and closest points. Returns FXC_SEPARATED (distance > tol),
 * FXC_TOUCHING (distance <= FXC_TOUCH_TOL, points valid, normal valid when
 * it could be determined), FXC_OVERLAPPING (cores or margins overlap:
 * distance 0, use fxc_collide for depth), or an error. `out` is written
 * once, at the end, whatever the status (zeroed on error). */
int fxc_distance(const fxc_shape *a, const fxc_transform *ta,
                 const fxc_shape *b, const fxc_transform *tb,
                 fxc_distance_result *out);

/* The queries above and fxc_collide below, with a per-pair cache (NULL: none,
 * as the plain calls). */
int fxc_intersect_cached(const fxc_shape *a, const fxc_transform *ta,
                         const fxc_shape *b, const fxc_transform *tb, fxc_cache *cache);
int fxc_clearance_cached(const fxc_shape *a, const fxc_transform *ta,
                         const fxc_shape *b, const fxc_transform *tb, fix16_t clearance, fxc_cache *cache);
int fxc_distance_cached(const fxc_shape *a, const fxc_transform *ta,
                        const fxc_shape *b, const fxc_transform *tb, fxc_cache *cache,
                        fxc_distance_result *out);

/* ---- Penetration: EPA workspace and the one-call API ---------------------
 * The workspace holds the EPA polytope. The caller owns it (static, or on
 * its stack: sizeof(fxc_workspace), 24 bytes a vertex and 28 a face, is
 * the last column of the size table that make size prints and make bench
 * records in bench/results.md), so queries are reentrant. Zero it, or call
 * fxc_workspace_init, before its first use; after that its contents
 * between queries mean nothing. While a query runs, the workspace is
 * marked busy: a query on it from inside a support callback returns
 * FXC_ERR_BUSY instead of overwriting the running query's polytope. */
#define FXC_EPA_MAX_FACES (2 * FXC_EPA_MAX_VERTICES - 4)

typedef struct {
    uint8_t v[3];   /* vertex indices, counter-clockwise seen from outside */
    uint8_t adj[3]; /* face across edge k = (v[k], v[k+1]) */
    uint8_t state;  /* free, alive, or a mark during the horizon search */
    uint8_t e;      /* 1 / |n| = t * 2^-e */
    int32_t dist;   /* distance of the face plane from the origin, raw; 0x7FFFFFFF once out of the running
                     * (freed, zero area, or the origin does not project inside it) */
    fxc_vec3 n;     /* the face's normal fitted to 28 bits, computed once when the face is made */
    uint32_t t;
} fxc_epa_face;

typedef struct {
    uint32_t busy;  /* FXC_WORKSPACE_BUSY while a query runs, else 0 */
    fxc_vec3 w[FXC_EPA_MAX_VERTICES]; /* Minkowski points a - b */
    fxc_vec3 a[FXC_EPA_MAX_VERTICES]; /* their support points on A */
    fxc_epa_face face[FXC_EPA_MAX_FACES];
    int nv;         /* vertices in use */
    int nf;         /* face slots in use (alive or free) */
    int nfree;      /* free slots below nf */
} fxc_workspace;

#define FXC_WORKSPACE_BUSY UINT32_C(0x42555359) /* "BUSY" */

/* The queries that take a workspace are inline wrappers: each passes the
 * caller's FXC_CONFIG_ID to the library's _cfg function, which returns
 * FXC_ERR_CONFIG (and leaves the workspace untouched) when the library was
 * built with other options, whose workspace would have another size. Call
 * the wrappers, not the _cfg functions. */

/* Prepares a workspace for its first query (the same as zeroing it).
 * Returns FXC_OK, FXC_ERR_NULL or FXC_ERR_CONFIG. */
int fxc_workspace_init_cfg(uint32_t config, fxc_workspace *ws);
static inline int fxc_workspace_init(fxc_workspace *ws)
{
    return fxc_workspace_init_cfg(FXC_CONFIG_ID, ws);
}

typedef struct {
    fix16_t distance;  /* separated or touching: gap >= 0; otherwise 0 */
    fix16_t depth;     /* penetrating or touching: overlap >= 0; otherwise 0 */
    fix16_t depth_error; /* proven accuracy of depth: the true depth lies in
                          * [depth - depth_error, depth], but for rounding
                          * (a few LSB). When EPA converged, at most
                          * FXC_EPA_TOL + 1 (depth and the bracket's low
                          * end are rounded apart), except where it stopped
                          * on a long, thin face (src/epa.c) of a Minkowski
                          * difference thousands of units across: its
                          * fitted normal's tilt may add up to 2^-27 of the
                          * span (|x|+|y|+|z|, raw). The bracket EPA
                          * reached when it ran out of capacity; 0 without
                          * EPA. */
    fxc_vec3 normal;   /* unit, from A to B: moving B by depth * normal ends the
                        * overlap, but for the normal's rounding to Q16.16
                        * (within 0.87 LSB of the exact unit vector: the
                        * move may fall short by depth * 2^-16, 1 LSB a
                        * unit of depth) */
    fxc_vec3 point_a;  /* closest point / deepest contact point on A (world);
                        * touching: a point of the contact region; at
                        * FXC_ERR_CAPACITY a point of A near the contact */
    fxc_vec3 point_b;  /* closest point / deepest contact point on B (world) */
    int gjk_iterations; /* <= FXC_GJK_MAX_ITERATIONS */
    int epa_iterations; /* <= FXC_EPA_MAX_ITERATIONS */
    int support_calls;  /* <= FXC_MAX_SUPPORT_CALLS */
} fxc_contact;

/* One call for any pair: FXC_SEPARATED (distance, closest points, normal),
 * FXC_TOUCHING (distance and depth within FXC_TOUCH_TOL), FXC_PENETRATING
 * (depth, normal, contact point on A and on B), or an error. Shapes with a
 * margin get shallow contact from GJK on their cores; EPA runs only when the
 * cores overlap. Two boxes overlapping by at least 4 LSB (and no edge of
 * one exactly along a face of the other) are answered by their 15
 * separating axes instead, chosen exactly, with no GJK or EPA iteration
 * (FXC_BOX_SAT in fxc_config.h; a cache is then left as it was). FXC_ERR_CAPACITY / FXC_ERR_NO_CONVERGENCE come with the
 * best answer found (all fields valid): the normal of the best direction
 * EPA tried and the depth along it, an upper bound (moving B by depth *
 * normal still ends the overlap), with depth_error saying how much deeper
 * than the truth it may be. `out` is written once, at the end, whatever
 * the status (zeroed on error), so it may even lie in `ws`. */
int fxc_collide_cfg(uint32_t config, const fxc_shape *a, const fxc_transform *ta, const fxc_shape *b,
                    const fxc_transform *tb, fxc_workspace *ws, fxc_cache *cache, fxc_contact *out);
static inline int fxc_collide(const fxc_shape *a, const fxc_transform *ta,
                              const fxc_shape *b, const fxc_transform *tb,
                              fxc_workspace *ws, fxc_contact *out)
{
    return fxc_collide_cfg(FXC_CONFIG_ID, a, ta, b, tb, ws, NULL, out);
}
static inline int fxc_collide_cached(const fxc_shape *a, const fxc_transform *ta,
                                     const fxc_shape *b, const fxc_transform *tb,
                                     fxc_workspace *ws, fxc_cache *cache, fxc_contact *out)
{
    return fxc_collide_cfg(FXC_CONFIG_ID, a, ta, b, tb, ws, cache, out);
}

/* ---- Contact manifold ------------------------------------------------------
 * Up to four contact points for a physics step or a gripper: the normal of
 * fxc_collide, and the points where the two surfaces meet across it, each
 * with its own separation and a feature id that stays the same from frame
 * to frame while the contact persists (a solver can warm-start from it).
 *
 * How: each shape's supporting feature along the normal (its vertices
 * within a band below the farthest: a face, an edge or a vertex; a
 * cylinder's cap as an octagon of rim points where the cap lies flat
 * within the band, unless its side line does too and faces the normal
 * better), the one with more points as the reference (A's on a tie; but a
 * polygon whose plane lies more than 60 degrees from the normal (its
 * rounded points' plane, or no plane at all past about 80 to 86 degrees),
 * or with a margin tilted too far for it (below), gives way to a polygon
 * of the other shape that does not and lies flat on its plane, and
 * without one each such polygon acts as its edge nearest the other
 * shape, edge against edge), the other clipped against its side
 * planes (a clipped point that rounding put more than 1 LSB past a corner
 * sharper than 60 degrees is dropped; an incident edge that the clipping
 * leaves empty but that runs along one of the polygon's sides within 2 raw
 * meets that side edge to edge), each point's separation measured along
 * the normal to the reference feature's plane, and more than four reduced
 * to the four that keep the area: the deepest, the farthest from it, then
 * the one adding the most area on each side of the line through those two.
 * The band is the rounding of the shape's points (16 LSB and 2^-14 of its
 * size) plus the speculative distance, so a face tilted by less than that
 * across its extent still gives its corners (seen along the normal, a
 * corner hidden under a nearer one is left out: a band reaching a shape's
 * far side keeps the near side; and when the band's outline seen along the
 * normal has no corner at its farthest point, as when the top of a frustum
 * standing on its small end hides the bottom, or two faces meet at a
 * ridge, or has points of the band above its middle, as when a band past
 * a plate's thickness keeps far corners with near ones, the feature is
 * the band without the speculative distance). A face
 * with more than 12 vertices in the band keeps 12 spread around it. A
 * reference feature whose points are not within 2 LSB of one plane (a band
 * wide enough to take in a hull's points of more than one face) gives no
 * clipped points, as a point put on that plane could lie outside the
 * shape. A sphere, a callback, a vertex against anything, or such a
 * feature gives one point: fxc_collide's, which also leads when the
 * clipped points miss the pair's depth by more than 2 LSB.
 *
 * Accuracy (tests/test_manifold.c, against a double reference): every
 * point lies in both shapes within 4 LSB, its two points are `separation`
 * apart along the normal within 2 LSB, and the first point's separation
 * is the pair's (-depth or distance) within 2 LSB. One exception: where
 * fxc_collide's own point leads for shapes with margins whose cores are
 * apart, its points lie along the line between the cores' closest
 * points, which GJK's proven normal may miss on a curved core whose
 * distance is small against the margins (a review's capsule in a
 * cylinder, cores 373 raw apart, margins 1537: 0.03 rad, the points 78
 * LSB apart across the normal).
 *
 * Margins: the incident feature's margin goes out along its own normal
 * (its plane's, however steep, or an edge's perpendicular nearest the
 * normal), so its clipped points lie on its shape's flat side (a capsule
 * at a slant: its flat side's ends, after fxc_collide's point at its
 * rounded end); the reference's along the normal, so a reference polygon
 * or edge with a margin must face the normal squarely enough that this
 * moves a point by at most an LSB or two, else a polygon gives way as a
 * steep one does, and an edge to the other edge if that one's margin
 * allows, or there are no clipped points (reviews' cases: a plate 8 raw
 * thick with a margin of 1 unit seen edge-on at 45 degrees, its points
 * 5.8 LSB inside it; a capsule 0.01 rad off upright, 16,220 LSB). An
 * incident feature with no plane it lies flat on (a band of a hull's
 * faces) keeps only its part on its supporting plane along the normal,
 * which the margin along the normal puts on the surface (a review's
 * plate with a margin of 2.6 units, seen edge-on: 78,800 LSB inside
 * before). A cylinder's or a cone's cap is an octagon inscribed in its
 * rim: a point on an octagon's side lies inside the round cap, by up to
 * r (1 - cos 22.5 degrees) = 0.076 r, and with a margin that side's
 * perpendicular carries it in by up to as much. */
#define FXC_MANIFOLD_MAX_POINTS 4

/* A feature id names one feature of each shape, 16 bits each: bits 15-14
 * the kind (0 vertex, 1 edge, 2 face), bits 6-0 and 13-7 the numbers of
 * the vertices that name it (a vertex: its number; an edge: its two ends,
 * the smaller first; a face: its two smallest). Vertex numbers: a box's
 * corner k has the + side of local axis j when bit j of k is set; a
 * hull's, its index; a segment's a = 0, b = 1; a triangle's, its order; a
 * cylinder's caps are octagons 0-7 (+z) and 8-15 (-z), its side's rim
 * points 16 (+z) and 17 (-z); a cone's apex 16, base octagon 0-7, base
 * rim point 17. */
#define FXC_FEATURE_VERTEX 0u
#define FXC_FEATURE_EDGE 1u
#define FXC_FEATURE_FACE 2u
#define FXC_FEATURE_KIND(code) ((unsigned)(code) >> 14)

typedef struct {
    fxc_vec3 point_a;    /* on A's surface (world) */
    fxc_vec3 point_b;    /* on B's surface (world): point_a + separation * normal */
    fix16_t separation;  /* along the normal, raw: negative = penetration */
    uint32_t id;         /* A's feature (low 16 bits) and B's (high 16 bits) */
} fxc_manifold_point;

typedef struct {
    fxc_contact contact; /* fxc_collide's answer for the pair, bit for bit:
                          * the normal, distance or depth, its own point */
    int count;           /* 0 .. FXC_MANIFOLD_MAX_POINTS; 0 when separated beyond speculative
                          * plus FXC_TOUCH_TOL (so a touching pair always has points) */
    fxc_manifold_point point[FXC_MANIFOLD_MAX_POINTS]; /* the deepest first */
} fxc_contact_manifold;

/* Contact manifold of A and B: fxc_collide's answer and the points.
 * speculative (raw, 0 .. 2^FXC_RANGE_BITS
 * units): points separated by up to this much, plus the touching band
 * FXC_TOUCH_TOL, are kept (a solver's speculative contacts); 0 keeps only
 * touching and penetrating ones. Returns fxc_collide's status for the
 * pair: FXC_SEPARATED (count 0 when the distance exceeds speculative +
 * FXC_TOUCH_TOL), FXC_TOUCHING (always with points), FXC_PENETRATING, or an
 * error (FXC_ERR_CAPACITY / FXC_ERR_NO_CONVERGENCE: the points of the best
 * answer; FXC_ERR_NEGATIVE_SIZE / FXC_ERR_RANGE for speculative below 0 or
 * beyond the range; the errors of fxc_collide). `out` is written once
 * fxc_collide's work is done, so it may lie in `ws` (not in the shapes or
 * transforms, which the points are still taken from); its points beyond
 * count are zero, and all of it is zeroed on error. */
int fxc_manifold_cfg(uint32_t config, const fxc_shape *a, const fxc_transform *ta, const fxc_shape *b,
                     const fxc_transform *tb, fix16_t speculative, fxc_workspace *ws, fxc_contact_manifold *out);
static inline int fxc_manifold(const fxc_shape *a, const fxc_transform *ta,
                               const fxc_shape *b, const fxc_transform *tb,
                               fix16_t speculative, fxc_workspace *ws, fxc_contact_manifold *out)
{
    return fxc_manifold_cfg(FXC_CONFIG_ID, a, ta, b, tb, speculative, ws, out);
}

/* ---- Casts: where a straight move first makes contact ---------------------
 * Conservative advancement: B is moved along the translation in steps, each
 * as long as the gap along the separating axis GJK proved allows (its
 * proven lower bound, less the rounding of B's position and of both
 * shapes' points, over the closing speed along that axis), until the
 * surfaces are within FXC_CAST_TOL of each other. So no step passes a
 * contact: the fraction returned is never
 * later than the true first contact (it is rounded down to Q16.16), and at
 * it the surfaces are at most FXC_CAST_TOL apart, plus GJK's rounding (a
 * few LSB) and the fraction's (|translation| * 2^-16).
 * Each step is one GJK run (at most FXC_CAST_MAX_ITERATIONS steps), each
 * after the first from the last one's simplex moved with B; decisions
 * are exact signs: the motion misses once it does not approach the
 * separating axis (v . axis >= 0, an exact integer sign), or when the next
 * step would pass the end of the move.
 *
 * The rule at contact, on the exact sign of the closing speed along the
 * proven axis: approaching, FXC_HIT; not approaching (a move sliding along
 * a face it touches), FXC_GRAZING; at the start and moving
 * apart, FXC_TOUCHING. A move that only touches an edge or a vertex on its
 * way may be reported as FXC_HIT at the touching fraction (never a miss),
 * and so may a shape cast that starts on an edge or a vertex and leaves
 * across another face (a ray is asked again: fxc_raycast). Where the
 * cores meet at the start and only touch (fxc_collide's FXC_TOUCHING),
 * the axis is fxc_collide's normal, rounded to Q16.16: a move exactly
 * along a face whose normal Q16.16 cannot hold (a 3-4-5 slope) crosses
 * it by up to an LSB, and may be FXC_HIT or FXC_TOUCHING where it slides.
 * Both ends of the move must be within range (FXC_ERR_RANGE otherwise:
 * every pose in between then is too). */
#define FXC_CAST_TOL 16 /* raw LSB: the gap at which a cast reports contact */

typedef struct {
    fix16_t fraction;   /* 0 .. FXC_ONE: first contact with B at tB->pos +
                         * fraction * translation (rounded down); the last
                         * safe fraction on FXC_ERR_NO_CONVERGENCE; 0 on a
                         * miss or an error */
    fxc_vec3 normal;    /* unit, A to B, at contact; zero on a miss */
    fxc_vec3 point_a;   /* closest points at contact (world): on A and on B */
    fxc_vec3 point_b;
    fix16_t distance;   /* gap at contact, >= 0: at most FXC_CAST_TOL plus
                         * the rounding the contract states (a turning
                         * cast's: FXC_CAST_TOL + 3 E); on
                         * FXC_ERR_NO_CONVERGENCE, the gap at the last safe
                         * fraction */
    fix16_t depth;      /* FXC_PENETRATING: fxc_collide's depth (and normal, points) */
    int iterations;     /* steps taken, <= FXC_CAST_MAX_ITERATIONS (a turning cast's:
                         * <= 4 FXC_CAST_MAX_ITERATIONS) */
} fxc_cast_result;

/* Linear shape cast: B moves by `translation` (world) from tb, A stays.
 * Returns FXC_SEPARATED (no contact during the move), FXC_HIT,
 * FXC_GRAZING, FXC_TOUCHING (touching at the start, moving apart),
 * FXC_PENETRATING (overlapping at the start: fxc_collide's answer, and
 * its FXC_ERR_CAPACITY and FXC_ERR_NO_CONVERGENCE with its best answer),
 * or an error (FXC_ERR_NO_CONVERGENCE from the steps, with the last safe
 * fraction). The workspace is for that overlap, and required with
 * fxc_collide's rules (FXC_ERR_NULL, FXC_ERR_BUSY, FXC_ERR_CONFIG). `out`
 * is written once, at the end. */
int fxc_shapecast_cfg(uint32_t config, const fxc_shape *a, const fxc_transform *ta, const fxc_shape *b,
                      const fxc_transform *tb, fxc_vec3 translation, fxc_workspace *ws, fxc_cast_result *out);
static inline int fxc_shapecast(const fxc_shape *a, const fxc_transform *ta, const fxc_shape *b,
                                const fxc_transform *tb, fxc_vec3 translation, fxc_workspace *ws,
                                fxc_cast_result *out)
{
    return fxc_shapecast_cfg(FXC_CONFIG_ID, a, ta, b, tb, translation, ws, out);
}

/* ---- Cast with rotation: a link swept between two poses -----------------
 * B turns by `angle` (radians, any fix16_t) about `axis` through `pivot`
 * while the pivot moves by `translation`: at fraction t of the move, B's
 * rotation is Q(t) R_B and its position pivot + t translation + Q(t)
 * (pos_B - pivot), with Q(t) the rotation by angle * t about the axis. A
 * revolute joint's link: the pivot on the joint's axis, translation zero;
 * angle 0 is fxc_shapecast's straight move (any axis, even zero).
 *
 * Conservative advancement, as fxc_shapecast's: the gap along GJK's axis
 * closes no faster than the translation's closing speed along it plus the
 * turn's, so from a pose whose surfaces GJK proves `low` apart no contact
 * comes before a step of low / that speed. The turn's is the smaller of
 * two bounds: |angle| r per whole move, r bounding how far B's surface
 * reaches from the pivot; and |angle| times how far B's core reaches
 * beyond the pivot along k x d (k the turn's unit axis, d GJK's: the
 * points farthest that way move fastest against d), from B's support
 * point at the pose, plus |angle| r theta / 2 for the support's drift as
 * B turns by up to theta over the step. The second sees a link that
 * slides past A (at most 2 rad per step; not for a callback B). A pose
 * at t > 0 is computed (fxc_mat3_from_axis_angle, within 8 LSB per entry,
 * times R_B and the arm pos_B - pivot, each rounded), so its points lie
 * within a stated bound E (raw, from B's reach and arm) of the exact
 * pose's; each step keeps 2 E in hand, the pose's it leaves and the one's
 * it reaches.
 * So the fraction returned is never later than the exact motion's first
 * contact, and at it the surfaces are at most FXC_CAST_TOL + 3 E apart
 * (plus the rounding of GJK and of the fraction). E is 6 raw, plus with
 * a turn 6 (9 C + 1/2) reach / 2^16 + 18 |pos_B - pivot|_1 / 2^16 + 2 raw
 * (C: the largest column sum of |R_B|, in units; reach: B's core reach,
 * as the shape constructors define it): for a rotation, about 0.15 % of
 * B's reach and 0.03 % of the arm's length.
 * A turn's contact, at the start too, is FXC_HIT: the velocity of one
 * contact point says nothing of B's other points, one of which may close
 * in while it moves away, and a turn can come back round to A later, so
 * neither moving apart (FXC_TOUCHING) nor sliding along (FXC_GRAZING) is
 * proven. With angle 0, fxc_shapecast's rules.
 *
 * Returns fxc_shapecast's statuses and errors, and FXC_ERR_NULL (m NULL),
 * FXC_ERR_ZERO_SIZE (a zero axis with a nonzero angle),
 * FXC_ERR_RANGE (the arm beyond the range in a coordinate, B reaching
 * more than twice the range from the pivot, the ball about the pivot's
 * path that holds B beyond the world, or any pose the steps reach out of
 * range, as every query checks it), FXC_ERR_CALLBACK (as every query,
 * and when a pose proven apart is found overlapping on a second look: a
 * callback that answers one question two ways), FXC_ERR_BAD_TRANSFORM
 * (as every query, and for a pose the steps reach: a rotation R_B that
 * is not orthonormal, with a column longer than 2 units, can turn an
 * entry past the 2 units fxc_transform_set accepts). At most
 * 4 FXC_CAST_MAX_ITERATIONS steps (a turn's bound on a point's speed is
 * looser than a straight move's closing speed); FXC_ERR_NO_CONVERGENCE
 * with the last safe fraction past that. */
typedef struct {
    fxc_vec3 pivot;       /* world point B turns about, at the move's start */
    fxc_vec3 axis;        /* rotation axis (any length; zero only with angle 0) */
    fix16_t angle;        /* radians over the whole move, either sense */
    fxc_vec3 translation; /* of the pivot over the whole move */
} fxc_motion;

int fxc_shapecast_motion_cfg(uint32_t config, const fxc_shape *a, const fxc_transform *ta, const fxc_shape *b,
                             const fxc_transform *tb, const fxc_motion *m, fxc_workspace *ws, fxc_cast_result *out);
static inline int fxc_shapecast_motion(const fxc_shape *a, const fxc_transform *ta, const fxc_shape *b,
                                       const fxc_transform *tb, const fxc_motion *m, fxc_workspace *ws,
                                       fxc_cast_result *out)
{
    return fxc_shapecast_motion_cfg(FXC_CONFIG_ID, a, ta, b, tb, m, ws, out);
}

typedef struct {
    fix16_t fraction;   /* 0 .. FXC_ONE along the translation (rounded down) */
    fxc_vec3 point;     /* the point of the shape's surface the ray reaches
                         * (FXC_INSIDE: the origin) */
    fxc_vec3 normal;    /* unit, the surface's outward normal there; zero
                         * for FXC_INSIDE and a miss */
    int iterations;
} fxc_ray_hit;

/* Ray cast: the segment from `origin` to origin + translation against a
 * shape (margin included). Returns FXC_SEPARATED (miss), FXC_HIT,
 * FXC_GRAZING (the ray runs along the surface without entering it),
 * FXC_INSIDE (the origin is inside the shape: fraction 0, no normal), or
 * an error; the rules above, with the shape as A and the ray's point as B
 * (a ray starting on the surface and leaving it, or not moving, answers
 * FXC_TOUCHING). At
 * an edge or a vertex the proven axis is one of many normals, so a ray
 * that the first step finds in contact and would answer FXC_HIT or
 * FXC_GRAZING by it (or, starting on a core, FXC_TOUCHING by
 * fxc_distance's normal, rounded to Q16.16) is asked again as the
 * segment it sweeps: FXC_HIT if that enters the shape (fxc_distance finds
 * them overlapping), else FXC_GRAZING when its end lies on the surface
 * too (the whole ray does), else FXC_TOUCHING. A segment that cannot be
 * asked (longer than the range, 2^FXC_RANGE_BITS units, along a
 * coordinate, or beyond the range with the shape) answers FXC_ERR_RANGE:
 * one axis is no answer there.
 * On the surface means within FXC_TOUCH_TOL of it where the origin lies
 * in the margin, and exactly on it where it reaches the core: a ray has
 * no workspace in which to measure a depth inside a core (EPA), so any
 * point strictly inside one is FXC_INSIDE. A box without margin (and
 * with an invertible rotation: a singular one makes it flat, and it is
 * answered by steps as any other shape) is
 * answered from its three slabs, exactly, with no steps (iterations 0):
 * within FXC_TOUCH_TOL of a face on either side is on the surface, the
 * fraction is the exact first contact rounded down, and a ray that passes
 * the box is a miss however near it passes. */
int fxc_raycast(const fxc_shape *s, const fxc_transform *t, fxc_vec3 origin, fxc_vec3 translation,
                fxc_ray_hit *hit);

/* Version string of the compiled library ("major.minor.patch"). */
const char *fxc_version(void);

#ifdef __cplusplus
}
#endif

#endif /* FXCOLLIDE_H */
