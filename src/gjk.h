/* GJK on the Minkowski difference of a pair (internal header). */
#ifndef FXC_GJK_H
#define FXC_GJK_H

#include "pair.h"

/* Barycentric weights are Q30: 2^30 is 1. */
#define FXC_W_ONE ((int32_t)1 << 30)

/* After fxc_gjk: 4 points holding the origin, or the 1-3 points of the
 * feature closest to it. */
typedef struct {
    fxc_svert p[4];
    int n; /* 1..4 points */
} fxc_simplex;

typedef enum {
    FXC_GJK_CONTAINED,   /* origin lies in the simplex (exact): distance 0 */
    FXC_GJK_CONVERGED,   /* dist8 is the distance within GJK's tolerance, and s the
                          * simplex feature that gives it */
    FXC_GJK_EXIT_SEPARATED, /* early exit: distance proven > sep_exit */
    FXC_GJK_EXIT_CLOSE,  /* early exit: distance proven <= hit_exit */
    FXC_GJK_CAPPED,      /* FXC_GJK_MAX_ITERATIONS reached; s and dist8 are the best so far */
    FXC_GJK_STALLED,     /* no progress for FXC_GJK_STALL_STEPS steps, bounds more than 2 LSB
                          * apart: unconverged, s and dist8 are the best so far */
    FXC_GJK_FAILED       /* a callback misbehaved (the pair's status says how) */
} fxc_gjk_outcome;

typedef struct fxc_gjk_result_s {
    fxc_simplex s;
    fxc_vec3 dir;         /* proven separating axis for the normal (A to B), 28 bits: */
    int64_t low8;         /* A - B lies >= low8 (2^-8 LSB) beyond the origin along dir */
    int64_t dist8;        /* distance in 2^-8 raw LSB, relative error 2^-27 */
    fxc_vec3 feature_dir; /* from the final simplex's closest point towards the origin (A to B), 28 bits;
                           * zero when that point is the origin */
    uint32_t feature_t;   /* 1 / |feature_dir| = feature_t * 2^-feature_e (fxc_rsqrt) */
    int feature_e;
    int32_t w[3];         /* the closed form's Q30 weights of s's closest point */
    /* The closest points on A and on B of the final simplex (pair frame),
     * as the algorithm that made the result gives them (fxc_result_points):
     * GJK's from its simplex's region weights, the closed form's from w.
     * Reached through the result, so that a firmware of spheres and
     * capsules links no region weights. */
    void (*points)(const struct fxc_gjk_result_s *r, fxc_vec3 *a, fxc_vec3 *b);
    fxc_gjk_outcome outcome;
    int iterations;
    /* A support plane seen on the way: A - B rises at most FXC_TOUCH_TOL
     * above the origin along touch_dir. If the origin turns out to be in
     * A - B, the shapes only touch, with normal touch_dir (A to B). */
    int touch;
    fxc_vec3 touch_dir;
    fix16_t touch_height; /* height of A - B above the origin along touch_dir, raw */
} fxc_gjk_result;

/* Runs GJK. Early exits (pass a negative value to disable one):
 *  sep_exit: stop once the distance is proven larger than sep_exit (raw)
 *            with a margin covering the rounding of the final distance;
 *  hit_exit: stop once the distance is proven at most hit_exit (raw).
 * Without early exits, intersection and distance queries follow the same
 * iterations, so their verdicts agree. With either early exit on, the
 * touching plane is not tracked (touch stays 0): only fxc_intersect and
 * fxc_clearance (and their _cached forms) use them, and they need no
 * normal. */
void fxc_gjk(fxc_pair *p, int32_t sep_exit, int32_t hit_exit, fxc_gjk_result *r);

/* fxc_gjk without early exits, from a simplex of 1 to 3 points of the
 * pair's current A - B (it may be r's own) instead of the first
 * direction's support point: for the casts' steps, whose last simplex,
 * moved with the pair, is such a simplex (every support point is the
 * body's offset plus a part that a translation leaves alone). */
void fxc_gjk_seeded(fxc_pair *p, const fxc_simplex *seed, fxc_gjk_result *r);

/* Closed form for a pair of point and segment cores (spheres, capsules,
 * points, segments; no other core): the answer fxc_gjk would converge
 * to, equal to it within GJK's tolerance but not always to the bit (GJK
 * stops once its bounds are that close, on whichever simplex it reached),
 * converged or contained, from one exact decision instead of iterations
 * (0 iterations, no support calls; no early exits, and a cache's axis is
 * not used). */
void fxc_gjk_closed(fxc_pair *p, fxc_gjk_result *r);

/* The closest points of segments a0a1 and b0b1 (pair frame, each below
 * 2^29 long), by the closed form's exact clamping: on a, *pa; on b, *pb. */
void fxc_segment_closest(const fxc_vec3 a[2], const fxc_vec3 b[2], fxc_vec3 *pa, fxc_vec3 *pb);

/* Distance of the cores, raw, rounded (0 when contained). */
fix16_t fxc_gjk_distance(const fxc_gjk_result *r);

/* Sum of P[i] * w[i] / 2^30 for n <= 4 non-negative Q30 weights summing to
 * 2^30 (formed from the edges P[i] - P[0]: each below 2^30, products below
 * 2^60, their sum too), rounded once. */
fxc_vec3 fxc_weighted_point(const fxc_vec3 *P, const int32_t *w, int n);

/* Weighted sums of the simplex's source points with the weights of its
 * point closest to the origin: the closest points on A and on B in the pair
 * frame. When the origin lies in the simplex, these are its own weights:
 * the two points coincide (within their rounding), a point of both cores. */
void fxc_simplex_points(const fxc_simplex *s, fxc_vec3 *a, fxc_vec3 *b);

/* The closest points of the result's simplex on A and on B, pair frame
 * (fxc_simplex_points, or the weights the closed form worked out). */
void fxc_result_points(const fxc_gjk_result *r, fxc_vec3 *a, fxc_vec3 *b);

/* Q30 weights (in the order of P) of the point of triangle P closest to the
 * origin; exact region choice, as inside GJK. */
void fxc_triangle_weights(const fxc_vec3 P[3], int32_t w[3]);

/* GJK steps allowed without measurable progress before it settles for the
 * best answer so far (see fxc_gjk). */
#define FXC_GJK_STALL_STEPS 6

/* Margin (raw LSB) by which the final distance may fall below a lower
 * bound proven during the iterations: the rounding of v (<= 3 LSB per
 * component at full range) and of its length. */
#define FXC_GJK_ROUNDING 8

#endif /* FXC_GJK_H */
