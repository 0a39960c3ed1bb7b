/* Double-precision reference geometry for the 2D tests (tests/test_2d.c).
 *
 * A reference shape is a convex polygon core in world space (1..16
 * vertices, FXC2_POLYGON_MAX_VERTICES: a point, a segment, a box or a polygon) plus a radius. Lengths
 * are in raw units (LSB, 2^-16 units), so every error reads in LSB
 * directly. The core is the shape's local vertices mapped exactly in
 * double by the fix16 transform as given: world = (c x - s y + px,
 * s x + c y + py), with c and s the fix16 values / 65536; the library
 * rounds each world vertex to the nearest raw unit, which moves it by at
 * most 0.71 LSB from these.
 *
 * Nothing here calls the library's geometry: distances by checking every
 * vertex against every edge, depths by separating axes, ray casts by
 * clipping against half-planes and circles. */
#ifndef FXC_REF2D_H
#define FXC_REF2D_H

#include "fxcollide2d.h"

#define R2_MAX_VERTS FXC2_POLYGON_MAX_VERTICES /* 16 by default */

typedef struct { double x, y; } r2_vec;

typedef struct {
    r2_vec v[R2_MAX_VERTS]; /* world core, counter-clockwise, raw units */
    int n;
    double radius;          /* raw units */
} r2_shape;

/* Closest points of two cores (radii ignored). */
typedef struct {
    double dist;     /* core distance, 0 when the cores overlap or touch */
    r2_vec pa, pb;   /* closest points of the cores (meaningless on overlap) */
    double edge_len; /* length of the edge in the closest vertex-edge pair,
                      * 0 for a vertex-vertex pair */
    int overlap;     /* 1 when the cores intersect (crossing or containing) */
} r2_closest_result;

/* Separating-axis depth of two overlapping cores. */
typedef struct {
    double depth;    /* core depth along axis (move B by depth * axis) */
    r2_vec axis;     /* unit, A to B */
    double second;   /* least depth over axes not parallel to axis */
    double edge_len; /* length of the edge whose normal is axis */
} r2_sat_result;

static inline r2_vec r2_v(double x, double y) { r2_vec r; r.x = x; r.y = y; return r; }
static inline r2_vec r2_add(r2_vec a, r2_vec b) { return r2_v(a.x + b.x, a.y + b.y); }
static inline r2_vec r2_sub(r2_vec a, r2_vec b) { return r2_v(a.x - b.x, a.y - b.y); }
static inline r2_vec r2_scale(r2_vec a, double k) { return r2_v(a.x * k, a.y * k); }
static inline double r2_dot(r2_vec a, r2_vec b) { return a.x * b.x + a.y * b.y; }
static inline double r2_cross(r2_vec a, r2_vec b) { return a.x * b.y - a.y * b.x; }
/* A library vector (raw) as a reference one. */
static inline r2_vec r2_raw(fxc2_vec v) { return r2_v((double)v.x, (double)v.y); }

double r2_len(r2_vec a);

/* The reference shape of a library shape at a transform: returns 0, or -1
 * for a shape type it does not know. */
int r2_from_fxc2(r2_shape *out, const fxc2_shape *s, const fxc2_transform *t);
/* Moves every core vertex by d. */
void r2_translate(r2_shape *s, r2_vec d);
/* Signed area (twice it, positive for counter-clockwise). */
double r2_area2(const r2_shape *s);
/* Largest |coordinate - centre| over the core, plus the radius. */
double r2_reach(const r2_shape *s, r2_vec centre);

/* Distance from p to the core (0 inside). */
double r2_point_core_distance(const r2_shape *s, r2_vec p);
/* Signed distance from p to the rounded shape's surface (negative inside). */
double r2_point_signed(const r2_shape *s, r2_vec p);

/* Closest points of the cores, every vertex against every edge. */
void r2_closest(const r2_shape *a, const r2_shape *b, r2_closest_result *out);
/* SAT over the edge normals of both cores (both signs, so a point's or a
 * segment's perpendiculars are in): the least core depth, for overlapping
 * cores. */
void r2_sat(const r2_shape *a, const r2_shape *b, r2_sat_result *out);
/* Signed gap of the rounded shapes: the core distance less both radii
 * when the cores are apart, else minus (SAT core depth + both radii). */
double r2_gap(const r2_shape *a, const r2_shape *b);
/* Penetration depth of the rounded shapes (the negated gap) and its
 * direction A to B; *unique_margin: how much deeper the next axis not
 * parallel to it is (a large number when the cores are apart: the axis is
 * the closest-point direction), *edge_len: as in the results above, and
 * *core_dist the core distance (0 for overlapping cores). */
double r2_depth(const r2_shape *a, const r2_shape *b, r2_vec *axis, double *unique_margin, double *edge_len,
                double *core_dist);

/* First fraction t in [0, 1] at which origin + t * d is in the shape with
 * its radius grown by grow (raw; negative shrinks it, below a zero radius
 * by moving the core's edges inwards); 2 when it never is. */
double r2_raycast(const r2_shape *s, r2_vec origin, r2_vec d, double grow);
/* Least gap between the segment origin .. origin + d and the shape. */
double r2_ray_min_gap(const r2_shape *s, r2_vec origin, r2_vec d);

/* Manifold reference for parallel supporting edges: A's edge a0 -> a1 (the
 * reference; its outward normal is to its right for a counter-clockwise
 * core) and B's edge b0 .. b1 with radii ra, rb. Writes the ends of the
 * overlap of the two edges projected on A's edge direction as points on
 * A's surface (pa) and on B's (pb), and their separations along A's
 * normal; returns how many (0, 1 or 2). */
int r2_edge_overlap(r2_vec a0, r2_vec a1, r2_vec b0, r2_vec b1, double ra, double rb, r2_vec pa[2], r2_vec pb[2],
                    double sep[2]);

#endif /* FXC_REF2D_H */
