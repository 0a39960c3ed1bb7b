/* Random and hand-made shape pairs for the GJK/EPA tests, each with its
 * double-precision reference geometry (tests/refgeom.h). */
#ifndef FXC_SCENE_H
#define FXC_SCENE_H

#include "test.h"
#include "refgeom.h"

#define SCENE_MAX_VERTS 16

/* One body: the library's shape and transform, and the same geometry in
 * double (the world vertices of a polytope core, and its margin). */
typedef struct {
    fxc_shape shape;
    fxc_transform xf;
    fxc_vec3 verts[SCENE_MAX_VERTS]; /* hull vertices (owned here) */
    rg_xf rxf;                       /* transform in double (the fix16 values) */
    rg_poly poly;                    /* world-space polytope of the core */
    double radius;
} body;

/* Scale classes of the random tests: sizes and positions in units. */
typedef struct {
    const char *name;
    int32_t size_min, size_max; /* raw */
    int32_t spread;             /* raw: positions in +-spread around centre */
    fxc_vec3 centre;
} scale_class;

extern const scale_class SCALE_UNIT, SCALE_SMALL, SCALE_LARGE;

/* Random rotation (from a random quaternion) into t. */
void scene_rotation(t_rng *r, fxc_mat3 *m);
/* Sets body's transform (rotation NULL = identity) and its double copy. */
void scene_place(body *b, const fxc_mat3 *rot, fxc_vec3 pos);
/* Box with half extents h (raw), margin 0, placed by scene_place later;
 * scene_finish must be called after placing. */
void scene_box(body *b, fxc_vec3 h);
/* Hull of n random points within +-size (raw) around the local origin. */
void scene_hull(t_rng *r, body *b, int n, int32_t size);
/* Builds the reference polytope from the shape's core in world space. */
void scene_finish(body *b);
/* Random box or hull of the scale class at a random pose. */
void scene_random_polytope(t_rng *r, body *b, const scale_class *sc, int hull);

/* Capsules (half height h along local z, radius r) at pa and pb with
 * random rotations (A's drawn first); returns the analytic signed distance
 * in units (negative: depth). The reference polytopes are the segments. */
double scene_capsules(t_rng *r, body *a, body *b, fxc_vec3 pa, fxc_vec3 pb, fix16_t ha, fix16_t ra, fix16_t hb, fix16_t rb);

/* Support callback (fxc_shape_custom) of the axis-aligned ellipsoid with
 * semi-axes radii[0..2] (raw, a const double[3]): the farthest point along
 * d, r_i^2 d_i / sqrt(sum r_j^2 d_j^2), each coordinate rounded to nearest. */
fxc_vec3 scene_ellipsoid_support(fxc_vec3 d, void *radii);

/* double from raw */
static inline rg_vec rg_from(fxc_vec3 v) { return rg_v(t_d(v.x), t_d(v.y), t_d(v.z)); }
/* units -> LSB (2^-16 units) */
static inline double lsb(double units) { return units * 65536.0; }
/* a raw vector scaled to unit length in double */
static inline rg_vec unit_of(fxc_vec3 n) { return rg_scale(rg_from(n), 1.0 / rg_len(rg_from(n))); }

/* Distance (LSB) from a world point to a body's reference polytope. */
double scene_off_body(const body *b, fxc_vec3 p);

/* Support-function overlap of the reference polytopes along unit n (A to
 * B): max over A of a.n minus min over B of b.n. */
double scene_overlap_along(const body *a, const body *b, rg_vec n);

/* Radius (units) of the Minkowski difference around the origin: bounds
 * |a - b| over the two bodies. A unit normal rounded to Q16.16 (0.87 *
 * 2^-16 rad) moves a support height by up to 0.87 LSB per unit of it. */
double scene_minkowski_radius(const body *a, const body *b);

#endif /* FXC_SCENE_H */
