/* refgeom: independent double-precision reference geometry for the unit tests.
 *
 * Everything here is brute force on purpose: it is meant to be slow but
 * obviously right, so that the Q16.16 GJK/EPA answers of the library can be
 * compared against it. Plain C99, no allocation, no recursion, no I/O; only
 * sqrt and fabs from <math.h>. Stack use per call stays below about 1 KB so
 * it also runs on a 16 KB Cortex-M0 target (soft-float).
 *
 * Tolerances are relative to the size (and, for rounding noise, to the
 * coordinate magnitude) of the input, never absolute constants.
 */
#ifndef REFGEOM_H
#define REFGEOM_H

#ifdef __cplusplus
extern "C" {
#endif

/* Capacity of a polytope: the tests' largest is a 16-point hull
 * (SCENE_MAX_VERTS in tests/scene.h); a hull of V points has at most 2V - 4
 * triangles and 3V - 6 edges. Kept tight: two of these live on the stack
 * in most tests, and the whole suite runs in the micro:bit's 16 KB. */
#define RG_MAX_VERTS 16
#define RG_MAX_FACES (2 * RG_MAX_VERTS)
#define RG_MAX_EDGES (3 * RG_MAX_VERTS)

typedef struct { double x, y, z; } rg_vec;

/* Returns the vector (x, y, z). */
rg_vec rg_v(double x, double y, double z);
/* Returns a + b. */
rg_vec rg_add(rg_vec a, rg_vec b);
/* Returns a - b. */
rg_vec rg_sub(rg_vec a, rg_vec b);
/* Returns a * s. */
rg_vec rg_scale(rg_vec a, double s);
/* Returns the dot product a . b. */
double rg_dot(rg_vec a, rg_vec b);
/* Returns the cross product a x b. */
rg_vec rg_cross(rg_vec a, rg_vec b);
/* Returns the Euclidean length |a|. */
double rg_len(rg_vec a);

/* Returns the point of segment [a,b] closest to p (a if the segment is degenerate). */
rg_vec rg_closest_on_segment(rg_vec p, rg_vec a, rg_vec b);

/* Returns the distance between segments [p1,q1] and [p2,q2] (either may be a point);
 * *c1 / *c2 (may be NULL) get the closest points on the first / second segment. */
double rg_segment_segment(rg_vec p1, rg_vec q1, rg_vec p2, rg_vec q2, rg_vec *c1, rg_vec *c2);

/* Returns the point of triangle abc closest to p (abc may be degenerate: collinear or coincident vertices). */
rg_vec rg_closest_on_triangle(rg_vec p, rg_vec a, rg_vec b, rg_vec c);

/* Returns the distance between triangles a and b, 0 if they intersect or touch (distances below
 * 1e-12 x (size + max|coordinate|) are rounding noise and reported as 0); *ca / *cb (may be NULL) get
 * the closest points on a / b. Degenerate triangles are allowed. */
double rg_triangle_triangle(const rg_vec a[3], const rg_vec b[3], rg_vec *ca, rg_vec *cb);

/* Convex polytope given by a vertex list (n in 1..RG_MAX_VERTS; may be degenerate: all
 * points equal, collinear or coplanar; may contain duplicates). */
typedef struct {
    int n; rg_vec v[RG_MAX_VERTS];
    int nf; int f[RG_MAX_FACES][3];  /* hull triangles; 3D hull: outward (counter-clockwise seen from
                                        outside); flat set: fan of its 2D hull; collinear set: one
                                        degenerate triangle (a,b,b); single point: (a,a,a) */
    int ne; int e[RG_MAX_EDGES][2];  /* hull edges (unique): boundary edges of every face polygon;
                                        collinear set: its one segment; single point: none */
} rg_poly;

/* Returns 0 after building the hull faces/edges of v[0..n-1] into *p, -1 if n is out of 1..RG_MAX_VERTS, the
 * face/edge capacity is exceeded or (pathological near-degenerate input only) no face was found. Method: brute force over vertex triples (a triple spans a face plane
 * if no vertex lies more than a relative tolerance on its positive side); every distinct face plane is
 * turned into the 2D convex hull of the vertices on it, fan-triangulated; flat, collinear and
 * coincident inputs are detected first and handled explicitly. */
int rg_poly_build(rg_poly *p, const rg_vec *v, int n);

/* Returns the distance between the two polytopes: 0 if rg_poly_sat reports touching/overlap (>= 0),
 * otherwise the minimum over vertex-triangle, triangle-vertex and edge-edge feature pairs, which equals
 * the minimum over hull-triangle pairs for separated convex sets (a result below 1e-12 x (size +
 * max|coordinate|) is rounding noise of a contact and reported as 0). *ca / *cb (may be NULL) get the
 * closest points on a / b (when overlapping: the closest pair of boundary features, not meaningful). */
double rg_poly_distance(const rg_poly *a, const rg_poly *b, rg_vec *ca, rg_vec *cb);

/* Returns min over candidate unit axes d (both orientations) of  max_a(a.d) - min_b(b.d);  positive =
 * penetration depth, negative = separated by at least that much along *normal. *normal (may be NULL)
 * gets the minimising unit axis, pointing from A towards B. Candidate axes: face normals of A and of B
 * (the plane normal for a flat set), edge(A) x edge(B), the coordinate axes, and edge x coordinate
 * axis for every edge of A and of B (these supply the in-plane / in-line axes that flat, collinear and
 * single-point polytopes need). Near-parallel pairs (sine < 1e-8) are skipped. */
double rg_poly_sat(const rg_poly *a, const rg_poly *b, rg_vec *normal);

/* Rigid transforms in double */
typedef struct { double m[3][3]; rg_vec p; } rg_xf;   /* world = m * local + p, m row-major */

/* Returns m * local + p. */
rg_vec rg_xf_apply(const rg_xf *t, rg_vec local);
/* Returns m^T * (world - p), i.e. the local coordinates of a world point (m assumed orthonormal). */
rg_vec rg_xf_inverse_apply(const rg_xf *t, rg_vec world);
/* Returns nothing; out[i] = world corner with local (+-h.x, +-h.y, +-h.z), sign + where bit 0/1/2 of i is set. */
void rg_box_corners(const rg_xf *t, rg_vec h, rg_vec out[8]);

/* Analytic references */
/* Returns |cb-ca| - ra - rb (negative = penetration depth); *normal (may be NULL) = unit A->B, +x if the centres coincide. */
double rg_sphere_sphere(rg_vec ca, double ra, rg_vec cb, double rb, rg_vec *normal);
/* Returns segment distance - ra - rb; *pa / *pb (may be NULL) = core closest points pushed out by ra / rb along
 * the A->B direction (+x if the cores intersect): the closest surface points when separated. */
double rg_capsule_capsule(rg_vec a0, rg_vec a1, double ra, rg_vec b0, rg_vec b1, double rb, rg_vec *pa, rg_vec *pb);
/* Returns the signed distance from p to the box with half extents h at t (negative inside = -depth);
 * *closest (may be NULL) = nearest point on the box surface (inside: on the nearest face, x before y before z on ties). */
double rg_point_box(rg_vec p, const rg_xf *t, rg_vec h, rg_vec *closest);
/* Returns the distance from p to the axis-aligned ellipsoid with semi-axes r[0..2] > 0 centred at the origin
 * (0 if p is inside or on it): the nearest point x_i = r_i^2 p_i / (r_i^2 + t), with t >= 0 found by bisection
 * on the Lagrange condition sum (x_i / r_i)^2 = 1. */
double rg_point_ellipsoid(rg_vec p, const double r[3]);

#ifdef __cplusplus
}
#endif

#endif /* REFGEOM_H */
