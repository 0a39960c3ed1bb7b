/* 2D internals (internal header): a pair of cores in world space, the exact
 * kernels of the 2D queries, GJK and EPA.
 *
 * Pipeline: shape2d.c takes both cores to world space relative to the
 * pair's centre (fxc2_pair_init) -> gjk2d.c finds the closest feature of
 * the Minkowski difference A - B, or proves the origin inside it ->
 * epa2d.c grows that into the nearest edge of A - B -> query2d.c,
 * manifold2d.c and cast2d.c make the answers.
 *
 * Bit budget, once for every 2D kernel: a core vertex is within
 * FXC_RAW_LIMIT < 2^28 raw of the pair's centre, so a Minkowski point
 * w = a - b is below 2^29 per coordinate and an edge or a search
 * direction (a difference of two of them, or a perpendicular of one) below
 * 2^30. A dot or cross product of a point and a direction is then a sum of
 * two products below 2^59 each: below 2^60, exact in int64. The squared
 * length of a direction is below 2^61. */
#ifndef FXC_GEOM2D_H
#define FXC_GEOM2D_H

#include <stdint.h>
#include "fxcollide2d.h"
#include "exact.h"

#define FXC2_MAX_CORE FXC2_POLYGON_MAX_VERTICES

/* A core in world space, relative to the pair's centre, counter-clockwise. */
typedef struct {
    fxc2_vec v[FXC2_MAX_CORE];
    int n;          /* 1 (point), 2 (segment), 4 (box) or the polygon's count */
    fix16_t margin;
    int box;        /* a box: v are its centre -+ ex -+ ey, exactly, and
                     * cross(ex, ey) > 0: it has an area (rounding never
                     * lays the extents flat: test box2_core_has_area) */
    fxc2_vec ex, ey; /* a box's rotated half extents */
    int strict;      /* a polygon its constructor found strictly convex by
                      * a margin: its core is convex after rounding
                      * (polygon_strict in shape2d.c) */
} fxc2_core;

typedef struct {
    fxc2_core a, b;
    fxc2_vec centre; /* world position of the pair's centre, raw */
} fxc2_pair;

/* A point of the Minkowski difference, with the core vertices that make it. */
typedef struct {
    fxc2_vec w;      /* a.v[ia] - b.v[ib] */
    uint8_t ia, ib;
} fxc2_mpoint;

/* Exact products of the budget above: |a|, |b| < 2^30 per coordinate
 * (so -a.y is one too). */
static inline int64_t fxc2_dot(fxc2_vec a, fxc2_vec b)
{
    return fxc_dot2(a.x, b.x, a.y, b.y);
}

static inline int64_t fxc2_cross(fxc2_vec a, fxc2_vec b)
{
    return fxc_dot2(a.x, b.y, -a.y, b.x);
}

static inline fxc2_vec fxc2_sub(fxc2_vec a, fxc2_vec b)
{
    return fxc2_v(a.x - b.x, a.y - b.y);
}

static inline fxc2_vec fxc2_add(fxc2_vec a, fxc2_vec b)
{
    return fxc2_v(a.x + b.x, a.y + b.y);
}

/* The outward normal of an edge a -> b of a counter-clockwise polygon:
 * the edge turned clockwise, exact. */
static inline fxc2_vec fxc2_out_normal(fxc2_vec edge)
{
    return fxc2_v(edge.y, -edge.x);
}

/* Validates both shapes and transforms and takes the cores to world space
 * (each vertex rounded once, <= 0.5 LSB per coordinate). Returns FXC_OK or
 * the error of the first bad argument. */
int fxc2_pair_init(fxc2_pair *p, const fxc2_shape *a, const fxc2_transform *ta,
                   const fxc2_shape *b, const fxc2_transform *tb);

/* A box's corner farthest along a direction d, from sx = ex . d and
 * sy = ey . d (the lower number on a tie): 0 (-,-), 1 (+,-), 2 (+,+),
 * 3 (-,+). */
int fxc2_box_corner(int64_t sx, int64_t sy);

/* The vertex of a core farthest along d (|d| < 2^30), the first on a tie. */
int fxc2_support_index(const fxc2_core *c, fxc2_vec d);

/* The neighbour of vertex i in step (+1 or -1) that is a different point;
 * -1 when the core is a single point. */
int fxc2_neighbour(const fxc2_core *c, int i, int step);

/* The edge i0 -> i1 of core c grown at both ends over straight vertices,
 * and over vertices where rounding bent a straight run inward, so that a
 * side given with collinear (or repeated) points is one edge of the
 * core's hull (a turn back, as in a flat polygon, ends it): the
 * manifold's facing edges and the edge normals' nearest edge. A box needs
 * none: its core has no straight or repeated corner. */
void fxc2_extend_edge(const fxc2_core *c, int *i0, int *i1);

/* The point of A - B farthest along d (by address: a struct returned or
 * passed by value costs a memcpy call on the Cortex-M0). */
void fxc2_support(const fxc2_pair *p, fxc2_vec d, fxc2_mpoint *out);

/* ---- GJK ----------------------------------------------------------------- */
/* Exact GJK gains ground at every iteration and polygon pairs end in a
 * handful; the cap is the 3D one. */
#define FXC2_GJK_MAX_ITERATIONS FXC_GJK_MAX_ITERATIONS

typedef struct {
    fxc2_mpoint s[3];
    int k;           /* 1 or 2: the closest feature; 3: a triangle around the origin */
    int enclosed;    /* 1: the origin lies in the simplex (on its boundary included) */
    fxc2_vec d;      /* the feature's direction to the origin, exact (zero when enclosed) */
    int iterations;
    int capped;      /* 1: stopped at FXC2_GJK_MAX_ITERATIONS (the feature is still an upper bound) */
} fxc2_gjk;

/* GJK on the cores. With bound >= 0 it stops as soon as the core distance
 * is proven beyond `bound` raw (returns 1: a separation proof along g->d);
 * otherwise it runs to the closest feature (exact: no support point lies
 * beyond it along d) or to a simplex around the origin, and returns 0. */
int fxc2_gjk_run(const fxc2_pair *p, fxc2_gjk *g, int32_t bound);

/* Exact: is the core distance of GJK's final feature at most `bound` raw
 * (an enclosed origin is at distance 0; a negative bound: never)? */
int fxc2_gjk_within(const fxc2_gjk *g, int32_t bound);
/* Exact: is it less than `bound` raw (never for a bound of 0 or less)? */
int fxc2_gjk_below(const fxc2_gjk *g, int32_t bound);

/* ---- EPA ------------------------------------------------------------------ */
/* Room for every vertex of A - B (at most the two cores' vertex counts
 * together) and a few support points on its edges (ties): 16 bytes each. */
#define FXC2_EPA_MAX_POINTS (2 * FXC2_MAX_CORE + 4)

typedef struct {
    fxc2_mpoint p[2];   /* the nearest edge of A - B found, counter-clockwise */
    fxc2_vec n;         /* its outward normal, exact */
    int64_t h;          /* the origin's height below it: n . p[0] >= 0 */
    int iterations;
    int status;         /* FXC_OK, or FXC_ERR_CAPACITY with the nearest edge so far
                         * and h raised to the support's height along n (an upper bound) */
} fxc2_epa;

/* Grows GJK's enclosing simplex (g->enclosed) into the nearest edge of A - B. */
void fxc2_epa_run(const fxc2_pair *p, const fxc2_gjk *g, fxc2_epa *e);

/* Are the points v[0..n) (below 2^28 per coordinate) all on one line?
 * Convex and counter-clockwise, winding once (or flat)? The polygon
 * constructor's exact tests, which sat2d.c asks of a polygon's core again
 * (rounding its vertices to world space can bend a straight run). */
int fxc2_polygon_flat(const fxc2_vec *v, int n);
int fxc2_polygon_convex(const fxc2_vec *v, int n);

/* For two cores that enclose areas (boxes; polygons not flat and still
 * convex after rounding):
 * if they overlap or touch, the nearest edge of A - B through their edge
 * normals (sat2d.c), as EPA gives it, with no iteration; returns 0 for
 * any other pair, and for cores apart. */
int fxc2_sat_run(const fxc2_pair *p, fxc2_epa *e);

/* For two box cores, their edge normals alone: 1 when one proves the cores
 * more than `bound` raw apart (exactly), 0 when none separates them (they
 * overlap or touch), -1 when one separates them by no more than `bound`
 * (their distance is GJK's to find). */
int fxc2_sat_boxes_apart(const fxc2_pair *p, int32_t bound);

/* ---- Rounded measures of exact features (measure2d.c) --------------------- */
/* An exact direction d (nonzero, < 2^30) with its reciprocal length, taken
 * once: d scaled by 2^sh to 30 bits (f, exact) and 1 / |f| = t * 2^-e. */
typedef struct {
    fxc2_vec f;
    uint32_t t;
    int e, sh;
} fxc2_dir;

void fxc2_dir_set(fxc2_dir *n, fxc2_vec d);

/* The unit vector along d, Q16.16: each component within 0.5 + 2^-11 LSB. */
fxc2_vec fxc2_dir_unit(const fxc2_dir *n);

/* round(h / |d|) for |h| < 2^62: a height over d's length, raw; relative
 * error below 2^-27. */
fix16_t fxc2_dir_height(const fxc2_dir *n, int64_t h);

/* v + r * d / |d|, rounded (|r| < 2^30 raw): along the exact direction, not
 * a Q16.16 unit normal, whose 2^-17 tilt would put a point 1 LSB off per 2
 * units of r. Within 0.5 LSB + |r| * 2^-27. */
fxc2_vec fxc2_dir_offset(const fxc2_dir *n, fxc2_vec v, int32_t r);

/* t = num / den in [0, 1] as a 31-bit fraction (num <= den < 2^62; den cut
 * to 31 bits first: relative 2^-30); 0 for den = 0. The one division of
 * the 2D code, shared by the two sides of a witness. */
uint32_t fxc2_ratio31(uint64_t num, uint64_t den);

/* a + t * (b - a) for a 31-bit fraction t, rounded; b - a < 2^30. */
fxc2_vec fxc2_lerp31(fxc2_vec a, fxc2_vec b, uint32_t t);

/* fxc2_lerp31 at num / den. */
fxc2_vec fxc2_lerp_ratio(fxc2_vec a, fxc2_vec b, uint64_t num, uint64_t den);

/* ---- The answer about the cores, shared by the queries (query2d.c) -------- */
typedef struct {
    fxc2_pair pair;
    fxc2_gjk gjk;
    fxc2_epa epa;
    int32_t margins;    /* rA + rB, raw */
    fix16_t core_gap;   /* cores apart: their distance; overlapping: minus EPA's depth */
    fxc2_vec dir;       /* exact direction A to B: GJK's d or EPA's normal; zero if none */
    fxc2_dir dn;        /* dir with its reciprocal length, when dir is nonzero */
    int epa_ran;
} fxc2_answer;

/* GJK on c->pair (set up by fxc2_pair_init), and EPA when the cores
 * overlap and with_epa is set. */
void fxc2_solve(fxc2_answer *c, int with_epa);

/* fxc2_collide's answer on c->pair: for two cores with areas that overlap
 * (FXC2_POLYGON_SAT), the nearest edge of A - B by their edge normals
 * (fxc2_sat_run: no GJK, no EPA); otherwise fxc2_solve with EPA. */
void fxc2_solve_contact(fxc2_answer *c);

/* The cores' points (pair frame) that make the answer's feature: GJK's
 * nearest vertex pair or the witness of its edge, or EPA's edge's. Taken
 * only when wanted (a witness costs a division; a ray step needs none). */
void fxc2_core_points(const fxc2_answer *c, fxc2_vec *pa, fxc2_vec *pb);

/* fxc2_collide's answer and status from a solved pair (runs EPA if it
 * has not run and the cores overlap). */
int fxc2_contact_of(fxc2_answer *c, fxc2_contact *out);

/* The points of A and B that make the point of the Minkowski edge
 * s0 -> s1 nearest to the origin (the projection, clamped to the edge). */
void fxc2_edge_witness(const fxc2_pair *p, const fxc2_mpoint *s0, const fxc2_mpoint *s1,
                       fxc2_vec *pa, fxc2_vec *pb);

/* A point of the pair's frame back to world coordinates. */
static inline fxc2_vec fxc2_to_world(const fxc2_pair *p, fxc2_vec v)
{
    return fxc2_add(v, p->centre);
}

#endif /* FXC_GEOM2D_H */
