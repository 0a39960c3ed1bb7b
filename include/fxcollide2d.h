/* fxcollide 2D: the polygon world of a handheld game, in Q16.16.
 *
 * Shapes are convex cores (point, segment, box, convex polygon) swept by a
 * margin: a circle is a point with a margin (its radius), a capsule a
 * segment with one. Queries: intersect, distance with closest points,
 * collide (GJK, then a sign-test EPA in 2D for penetration; two boxes or
 * polygons whose cores overlap by their edges' normals, FXC2_POLYGON_SAT),
 * a contact manifold of up to two points, and ray casts.
 *
 * Conventions, as in fxcollide.h (the 3D API):
 *  - Numbers are fix16_t (Q16.16); "raw" is the int32 behind one. Every
 *    point of both shapes must lie within 2^FXC_RANGE_BITS units (4096 by
 *    default) of the pair's centre (the midpoint of the two positions) per
 *    coordinate, and within +-32767 units of the world origin: a pair that
 *    reaches farther gets FXC_ERR_RANGE. Results are the same, bit for
 *    bit, wherever the pair is translated (by whole raw units).
 *  - Every query returns a status (fxc_status.h, shared with 3D); output
 *    structs are written whatever the status (zeroed on an error; a NULL
 *    output gets FXC_ERR_NULL). The normal points from A to B, depth is
 *    positive, points are in world space.
 *  - No workspace: a 2D query keeps its state on the stack (make stack
 *    prints each query's worst case), so every query is reentrant.
 *  - Exactness: cores are taken to world space once per query (each vertex
 *    rounded to the nearest raw unit). After that every decision (overlap
 *    or not, which region of a simplex, whether a support point lies
 *    beyond an edge, touching or not) is the exact sign of a 2x2
 *    determinant or dot product of raw coordinates: a point is below 2^29
 *    raw and a direction below 2^30, so each product is below 2^60 and
 *    each sum of two below 2^61, exact in int64 on every core (src/geom2d.h
 *    states the budget); comparisons of a distance with a bound are exact
 *    in 128 bits. EPA ranks its edges by their distances (to 2^-16 raw)
 *    and compares near ties exactly (in 192 bits), so it stops on the
 *    nearest edge of the Minkowski difference.
 */
#ifndef FXCOLLIDE2D_H
#define FXCOLLIDE2D_H

#include <stdint.h>
#include "fxc_config.h"
#include "fxc_status.h"
#include "fxc_vec.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct { fix16_t x, y; } fxc2_vec;

static inline fxc2_vec fxc2_v(fix16_t x, fix16_t y)
{
    fxc2_vec r;
    r.x = x;
    r.y = y;
    return r;
}

/* World = R * local + pos, with R = [c -s; s c]: a rotation by the angle
 * whose cosine is c and sine is s. (c, s) must be a unit vector within
 * 2^-8 (|c^2 + s^2 - 1| <= 2^-8); within that, the core is mapped by R as
 * given (a scale of up to 0.4 %), the margin is not. */
typedef struct {
    fxc2_vec pos;
    fix16_t c, s;
} fxc2_transform;

/* From a position and a cosine/sine pair. Returns FXC_OK, FXC_ERR_NULL (t
 * NULL: nothing written) or FXC_ERR_BAD_TRANSFORM ((c, s) not a unit vector
 * within 2^-8: written as given, so that every query refuses it too). */
int fxc2_transform_set(fxc2_transform *t, fxc2_vec pos, fix16_t c, fix16_t s);

/* From a position and an angle in radians (Q16.16, any value): the cosine
 * and sine of fxc_sincos (libfixmath's fix16_sin, on the reduced angle
 * for both: the same bits everywhere). Returns FXC_OK or FXC_ERR_NULL. */
int fxc2_transform_angle(fxc2_transform *t, fxc2_vec pos, fix16_t angle);

/* ---- Shapes ----------------------------------------------------------------
 * Plain caller-owned structs, filled by the constructors, which validate
 * them; a constructor that fails leaves the shape without a type, so
 * every query refuses it (FXC_ERR_BAD_SHAPE). Every query checks the type,
 * sizes, margin and vertex count again (FXC_ERR_BAD_SHAPE for a value no
 * constructor accepts); a polygon's vertices are checked for convexity by
 * its constructor only. */
typedef enum {
    FXC2_SHAPE_POINT = 1, /* circle: a point with a margin */
    FXC2_SHAPE_SEGMENT,   /* capsule: a segment with a margin */
    FXC2_SHAPE_BOX,
    FXC2_SHAPE_POLYGON
} fxc2_shape_type;

typedef struct {
    fxc2_shape_type type;
    fix16_t margin; /* swept around the core, >= 0, raw <= FXC_RAW_LIMIT */
    union {
        struct { fxc2_vec a, b; } segment;  /* local ends */
        struct { fxc2_vec half; } box;      /* half extents, > 0 */
        struct {
            const fxc2_vec *vertices;
            int count;
            int strict; /* set by fxc2_shape_polygon (0 when filled by hand):
                         * every turn left by more than any rotation's
                         * rounding can take back, so a query need not ask
                         * again whether the rounded polygon is convex */
        } polygon;
    } u;
} fxc2_shape;

int fxc2_shape_point(fxc2_shape *s, fix16_t margin);                       /* margin >= 0 */
int fxc2_shape_circle(fxc2_shape *s, fix16_t radius);                      /* radius > 0 */
int fxc2_shape_segment(fxc2_shape *s, fxc2_vec a, fxc2_vec b, fix16_t margin);
/* Along local x, from -half_length to +half_length; both > 0. */
int fxc2_shape_capsule(fxc2_shape *s, fix16_t half_length, fix16_t radius);
int fxc2_shape_box(fxc2_shape *s, fxc2_vec half_extents, fix16_t margin);  /* half extents > 0 */
/* vertices: caller-owned, must outlive the shape; 1..FXC2_POLYGON_MAX_VERTICES
 * points, counter-clockwise, convex (checked exactly: every turn left or
 * straight, winding once). Repeated and collinear points are allowed; so
 * are 1 or 2 distinct points (a point or a segment), and points all on one
 * line in an order that goes out along it and back once. Returns
 * FXC_ERR_EMPTY_HULL (count 0), FXC_ERR_TOO_MANY_VERTICES, FXC_ERR_RANGE
 * (a coordinate beyond FXC_RAW_LIMIT) or FXC_ERR_BAD_SHAPE (not convex or
 * clockwise). */
int fxc2_shape_polygon(fxc2_shape *s, const fxc2_vec *vertices, int count, fix16_t margin);

/* ---- Queries ---------------------------------------------------------------
 *   status                  intersect  distance  collide  manifold  raycast
 *   FXC_SEPARATED               x          x        x        x      (miss)
 *   FXC_TOUCHING                           x        x        x        x
 *   FXC_OVERLAPPING             x          x
 *   FXC_PENETRATING                                 x        x
 *   FXC_HIT, FXC_GRAZING, FXC_INSIDE                                  x
 *   FXC_ERR_CAPACITY                                x        x
 *   FXC_ERR_NO_CONVERGENCE      x          x        x        x        x
 * and the errors of the arguments: FXC_ERR_NULL, FXC_ERR_BAD_SHAPE,
 * FXC_ERR_BAD_TRANSFORM, FXC_ERR_RANGE (FXC_ERR_NEGATIVE_SIZE for a
 * negative speculative distance). FXC_ERR_NO_CONVERGENCE: GJK reached
 * FXC_GJK_MAX_ITERATIONS (not seen: exact GJK gains at every step and
 * polygon pairs end in a handful), or the ray cast its step cap. FXC_ERR_CAPACITY: EPA's polygon (2 *
 * FXC2_POLYGON_MAX_VERTICES + 4 points, room for every vertex of the
 * Minkowski difference and more) is full; it comes with the best answer
 * (the normal of the nearest edge and the depth along it, an upper bound). */

typedef struct {
    fix16_t distance; /* >= 0: the gap between the surfaces (margins
                       * included), rounded to nearest but for a relative
                       * 2^-27 of the cores' distance (the reciprocal
                       * square root's: up to 2 LSB more for cores 2^28
                       * raw apart); 0 unless separated or touching */
    fxc2_vec point_a; /* closest point on A (world); cores overlapping: a
                       * point in both cores (an exact point of both,
                       * rounded to nearest: within 0.71 LSB); cores touching
                       * (margins within FXC_TOUCH_TOL): fxc2_collide's */
    fxc2_vec point_b; /* closest point on B (world); cores overlapping: the
                       * same point as point_a */
    fxc2_vec normal;  /* unit, A to B; zero when the cores touch or overlap */
    int iterations;   /* GJK iterations */
} fxc2_distance_result;

/* FXC_SEPARATED or FXC_OVERLAPPING (overlap, or a gap <= FXC_TOUCH_TOL):
 * always the verdict fxc2_distance gives, decided exactly. */
int fxc2_intersect(const fxc2_shape *a, const fxc2_transform *ta,
                   const fxc2_shape *b, const fxc2_transform *tb);

/* FXC_SEPARATED (gap > FXC_TOUCH_TOL), FXC_TOUCHING (|gap| <= FXC_TOUCH_TOL,
 * decided exactly), FXC_OVERLAPPING (deeper: use fxc2_collide), or an error. */
int fxc2_distance(const fxc2_shape *a, const fxc2_transform *ta,
                  const fxc2_shape *b, const fxc2_transform *tb, fxc2_distance_result *out);

typedef struct {
    fix16_t distance; /* separated or touching: gap >= 0, else 0 */
    fix16_t depth;    /* penetrating or touching: overlap >= 0, else 0;
                       * moving B by depth * normal ends the overlap, but
                       * for the rounding of the unit normal: to within
                       * 2 LSB + depth * 2^-15 */
    fxc2_vec normal;  /* unit, A to B */
    fxc2_vec point_a; /* deepest point of A in B / closest point on A (world) */
    fxc2_vec point_b; /* deepest point of B in A / closest point on B (world) */
    int gjk_iterations; /* both 0 when the edge normals answered */
    int epa_iterations;
} fxc2_contact;

/* FXC_SEPARATED, FXC_TOUCHING or FXC_PENETRATING with the contact, or an
 * error. Cores that are apart give the gap and the depth of the margins
 * from GJK; overlapping cores run EPA, which stops on an edge of the
 * Minkowski difference (no support point lies beyond it: an exact test),
 * so depth is the nearest edge's distance, rounded (as the distance). */
int fxc2_collide(const fxc2_shape *a, const fxc2_transform *ta,
                 const fxc2_shape *b, const fxc2_transform *tb, fxc2_contact *out);

/* ---- Manifold: up to two points, Box2D-style ------------------------------
 * The reference edge is the edge of either core whose outward normal is
 * closest to the contact normal (A's unless B's is clearly better: by
 * more than about 2^-20 of its facing, so that the ids stay put on
 * parallel edges), the incident edge the other core's edge most against
 * it. The incident shape's flat side along that edge (the edge moved out
 * by its margin along its own normal) is clipped to the reference edge's
 * side lines, its end at the incident core's support vertex, if the
 * clipping left that end whole, replaced by the deepest point of the
 * margin's rounded corner there when that lies between the side lines,
 * and each end kept while its separation is at
 * most the speculative distance plus FXC_TOUCH_TOL: every point lies on
 * both surfaces. A core with one vertex (a circle) gives fxc2_collide's point;
 * so do clipped points that miss the pair's depth (or distance) by more
 * than 2 LSB, where the deepest contact lies past the reference edge's
 * ends, at a corner a margin rounds. The first point's separation is the
 * pair's within 2 LSB, or deeper by up to 2^-20 of the depth more: A's
 * reference edge may lie up to about 0.08 degrees off the contact normal,
 * and along its normal the contact is that much deeper. */
#define FXC2_MANIFOLD_MAX_POINTS 2

/* A feature id: A's feature in the low byte pair, B's in the high one.
 * Each is (first vertex number) | (second << 5) | (kind << 10), kind 0 a
 * vertex (both numbers the same), 1 an edge (its two ends, in the core's
 * order). A box's vertices are numbered counter-clockwise from its
 * (-x, -y) corner: 0 (-x, -y), 1 (+x, -y), 2 (+x, +y), 3 (-x, +y); a
 * segment's a = 0, b = 1; a polygon's by index. A clipped point names the
 * reference edge and an incident vertex, or where a side line cut the
 * incident edge, the reference vertex on that line and the incident edge:
 * the two points never share an id. */
#define FXC2_FEATURE_VERTEX 0u
#define FXC2_FEATURE_EDGE 1u

typedef struct {
    fxc2_vec point_a;   /* on A's surface (world) */
    fxc2_vec point_b;   /* on B's surface (world) */
    fix16_t separation; /* along the manifold's normal, raw; negative = penetration */
    uint32_t id;        /* A's feature (bits 0-15), B's (bits 16-31) */
} fxc2_manifold_point;

typedef struct {
    fxc2_contact contact; /* fxc2_collide's answer, bit for bit */
    fxc2_vec normal;      /* unit, A to B: the reference edge's normal when
                           * the points come from clipping, else contact.normal */
    int count;            /* 0 .. 2; 0 when separated beyond speculative + FXC_TOUCH_TOL */
    fxc2_manifold_point point[FXC2_MANIFOLD_MAX_POINTS]; /* the deeper first */
} fxc2_manifold;

/* speculative: raw, 0 .. FXC_RAW_LIMIT. Returns fxc2_collide's status. */
int fxc2_collide_manifold(const fxc2_shape *a, const fxc2_transform *ta,
                          const fxc2_shape *b, const fxc2_transform *tb, fix16_t speculative,
                          fxc2_manifold *out);

/* ---- Ray cast ----------------------------------------------------------------
 * The segment from origin to origin + translation against a shape, margin
 * included, by conservative advancement on the exact distance (as the 3D
 * casts): the fraction is never later than the true first contact, and at
 * the point it stops on (before the fraction is rounded down to Q16.16,
 * which may take up to 2^-16 of the translation off) the ray is within
 * FXC_CAST_TOL of the surface (the steps' points, rounded to the grid,
 * within FXC_CAST_TOL - 1). Rules, on the exact sign of the closing
 * speed along the proven axis: approaching, FXC_HIT; within FXC_CAST_TOL
 * without approaching (a ray sliding along an edge it touches),
 * FXC_GRAZING; starting inside by more than FXC_TOUCH_TOL, FXC_INSIDE
 * (fraction 0, no normal). A start on the surface (within FXC_TOUCH_TOL of
 * it, on either side) is decided, as in 3D, by the segment the ray sweeps
 * (at a corner the proven axis is only one of the normals there): it
 * enters the shape, overlapping it by more than FXC_TOUCH_TOL, FXC_HIT at
 * 0; else it runs along the surface when its end lies on it too (within
 * FXC_TOUCH_TOL: a ray that leaves by less than that over its length),
 * FXC_GRAZING; else it leaves, FXC_TOUCHING, as does a translation of
 * zero (a shape thinner than the band, such as a flat polygon's core
 * bent by the rounding, is all surface: a ray through it leaves). A
 * ray that reaches the surface (touches or enters it) is never a miss: no
 * step passes a contact. One that meets a vertex and runs on along an edge
 * is FXC_HIT (or FXC_GRAZING) at the vertex. One that only passes near the
 * surface is a miss farther than FXC_CAST_TOL from it, and either a miss
 * or a contact within it (conservative advancement stops within
 * FXC_CAST_TOL, but a step may pass a near miss whole). A miss has
 * fraction 0 and no point. Both ends of
 * the ray must lie within 2^FXC_RANGE_BITS units of the shape's position,
 * per coordinate, and within the world (FXC_ERR_RANGE). At most
 * FXC_CAST_MAX_ITERATIONS steps (FXC_ERR_NO_CONVERGENCE with the last safe
 * fraction). */
#define FXC_CAST_TOL 16 /* raw LSB: the gap at which a cast reports contact (as in fxcollide.h) */

typedef struct {
    fix16_t fraction; /* 0 .. FXC_ONE along the translation (rounded down) */
    fxc2_vec point;   /* the surface point the ray reaches (FXC_INSIDE: the origin) */
    fxc2_vec normal;  /* unit outward normal there; zero for FXC_INSIDE and a miss */
    int iterations;
} fxc2_ray_hit;

int fxc2_raycast(const fxc2_shape *s, const fxc2_transform *t, fxc2_vec origin, fxc2_vec translation,
                 fxc2_ray_hit *hit);

#ifdef __cplusplus
}
#endif

#endif /* FXCOLLIDE2D_H */
