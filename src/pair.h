/* A pair of shapes prepared for a query (internal header).
 *
 * All support points are expressed relative to the pair's centre, the
 * midpoint of the two positions ("pair frame"), so nothing depends on
 * where the pair sits in the world: results are translation invariant to
 * the bit, and magnitudes stay small. With both shapes within the
 * supported range of the centre, pair-frame points are below 2^28 raw and
 * Minkowski points below 2^29 raw. */
#ifndef FXC_PAIR_H
#define FXC_PAIR_H

#include "fxcollide.h"
#include <stddef.h>
#include "fxc_bits.h"

/* A Minkowski point with the support point of A it came from; B's is
 * a - w, exactly (every value below 2^29), so it is not stored. */
typedef struct {
    fxc_vec3 w; /* a - b */
    fxc_vec3 a; /* support point of A, pair frame */
    uint8_t ia, ib; /* the core vertices a and b are (FXC_NO_VERTEX: a curved or callback core's point) */
} fxc_svert;

#define FXC_NO_VERTEX 0xFFu

/* *dst = *src, field by field: a struct copy this size is a memcpy call
 * on the Cortex-M0, several times the cost of the loads and stores. */
static inline void fxc_svert_copy(fxc_svert *dst, const fxc_svert *src)
{
    dst->w = src->w;
    dst->a = src->a;
    dst->ia = src->ia;
    dst->ib = src->ib;
}

typedef struct {
    const fxc_shape *shape;
    const fxc_mat3 *rot;
    fxc_vec3 offset; /* position in the pair frame */
    uint32_t reach;  /* the core's reach (fxc_shape_check) */
    int reach_bits;  /* its bit length */
    unsigned vid;    /* the core vertex the last support call answered with (a polytope's
                      * support function sets it at every call; FXC_NO_VERTEX, set with
                      * the pair, for a curved or callback core) */
    union {
        fxc_vec3 probe;      /* callback: a support point every answer is checked against */
        struct {
            fxc_vec3 corner[8]; /* in the pair frame, computed on first use: corner k is
                                 * on the + side of local axis j when bit j of k is set */
            unsigned known;     /* bit k: corner k computed */
        } box;
        fxc_vec3 end[2];        /* segment: its ends in the pair frame (fxc_prepare_segment) */
    } u;
} fxc_body;

typedef struct fxc_pair_s {
    fxc_body a, b;
    fxc_vec3 origin;    /* world position of the pair frame (the pair's centre) */
    int status;         /* FXC_OK, or FXC_ERR_CALLBACK once a callback misbehaved */
    /* A callback's answers are checked (a kind's check, src/kind.h); NULL
     * when neither body is a callback. */
    void (*check)(struct fxc_pair_s *p, const fxc_vec3 *d, const fxc_svert *q, const fxc_svert *known, int n);
    int support_calls;
    fxc_vec3 start;     /* GJK's first direction, fitted (fxc_pair_first_dir) */
} fxc_pair;

/* The constructors' rules on a shape's fields as they are now (src/shape.c):
 * FXC_OK or the status a constructor would give, and the core's reach
 * (largest |local coordinate| of a core point; 0 on error). */
int fxc_shape_check(const fxc_shape *s, uint32_t *reach);

/* 1 if every rotation entry is within +-2 units. */
int fxc_rotation_ok(const fxc_mat3 *m);

/* Validates both shapes and transforms (NULL, shape fields, rotation
 * entries, reach within range of the pair's centre and of the world) and
 * prepares the pair. GJK will start along `cache`'s axis when there is
 * one (NULL, or a zero axis: from A's position towards B's). */
int fxc_pair_init(fxc_pair *p, const fxc_shape *a, const fxc_transform *ta,
                  const fxc_shape *b, const fxc_transform *tb, const fxc_cache *cache);

/* fxc_pair_init's range check alone, for the pair's shapes and rotations
 * at positions pos_a and pos_b: FXC_OK or FXC_ERR_RANGE. (The casts check
 * a move's end so, having checked its start with the shapes.) */
int fxc_pair_in_range(const fxc_pair *p, fxc_vec3 pos_a, fxc_vec3 pos_b);

/* fxc_pair_init's checks and fxc_pair_in_range's for A = (s, t) and a
 * point B without margin moved from `from` to `to`, without a pair: the
 * statuses fxc_pair_init on the start and fxc_pair_in_range on the end
 * would give (for the ray casts, whose slabs need no pair). */
int fxc_point_path_check(const fxc_shape *s, const fxc_transform *t, fxc_vec3 from, fxc_vec3 to);

/* The pair set up again with the same shapes at positions pos_a and
 * pos_b, the rotations those of fxc_pair_init's transforms (still read
 * from them), without fxc_pair_init's checks: for the casts, whose poses
 * between two checked ones are in range (src/cast.c). What a body's kind
 * placed (box corners, segment ends) moves with it, the same bits as
 * placing again, and so do the n support points pts of the pair (every
 * support point is a body's offset plus a part a translation leaves
 * alone): afterwards they are the support points the pair would give at
 * its new pose. */
void fxc_pair_move(fxc_pair *p, fxc_vec3 pos_a, fxc_vec3 pos_b, const fxc_cache *cache, fxc_svert *pts, int n);

/* Scales a nonzero direction so its largest component has 28 significant
 * bits (the budget of the support functions); returns 0 for a zero vector. */
static inline int fxc_dir_fit(const fxc_vec3w *d, fxc_vec3 *out)
{
    return fxc_fit_bits(d, 28, out);
}

/* A point or segment core's points in the pair frame, rotated and rounded
 * as its support points are: 1 for a point, 2 for a segment (the only
 * kinds it takes). Returns the count. */
int fxc_body_points(const fxc_body *b, fxc_vec3 out[2]);

/* A core point (local frame) in the pair frame: through R, plus the
 * body's offset (bounded by the range check), rounded as its support
 * points are. */
fxc_vec3 fxc_body_place(const fxc_body *b, fxc_vec3 local);

/* Corner k of a box body in the pair frame (bit j of k: the + side of
 * local axis j), placed on its first use in the query, then looked up: a
 * box has eight support points, and GJK, EPA and the manifold ask for the
 * same ones again and again. */
fxc_vec3 fxc_box_corner(fxc_body *b, unsigned k);

/* A fitted world direction (below 2^28) in the body's own frame: R^T d,
 * below 2^31. */
fxc_vec3 fxc_body_local_dir(const fxc_body *b, fxc_vec3 d);

/* Point of a circle of radius r (< 2^28) in the local z = 0 plane
 * farthest along (dx, dy): never outside the circle (error < 1 LSB
 * inwards); the centre when (dx, dy) is zero. */
void fxc_rim_point(fix16_t r, int32_t dx, int32_t dy, fxc_vec3 *p);

/* GJK's first direction (p->start). */
static inline fxc_vec3 fxc_pair_first_dir(const fxc_pair *p)
{
    return p->start;
}

/* Support point of the Minkowski difference A - B along dir (already fitted
 * by fxc_dir_fit): a = support_A(dir), b = support_B(-dir). */
void fxc_pair_support(fxc_pair *p, fxc_vec3 dir, fxc_svert *out);

/* A support point q found along d must be at least as far along d as the
 * points known[0..n-1] (GJK's current simplex, or the vertices of the face
 * EPA expands), on each body: A's point along d, B's along -d, but for
 * rounding (FXC_SUPPORT_SLACK raw LSB). A user callback that breaks this
 * is flagged FXC_ERR_CALLBACK: its shape is not what it claims (an
 * "anti-support" that returns its nearest point is caught on its second
 * answer, against its probe: fxc_support_custom). Built-in shapes are
 * exact and not checked. */
#define FXC_SUPPORT_SLACK 4
void fxc_pair_check_known(fxc_pair *p, const fxc_vec3 *d, const fxc_svert *q, const fxc_svert *known, int n);
/* d by pointer: a vector passed by value beyond the argument registers
 * is copied by a memcpy call on the Cortex-M0, and gcc made that copy
 * before the test for no check, at every GJK step. */
static inline void fxc_pair_check_support(fxc_pair *p, const fxc_vec3 *d, const fxc_svert *q, const fxc_svert *known,
                                          int n)
{
    if (p->check != NULL) p->check(p, d, q, known, n);
}

/* Two directions across a nonzero segment direction e: e x (the axis least
 * aligned with e), and e x that (fitted first). */
void fxc_segment_normals(fxc_vec3 e, fxc_vec3w out[2]);

/* Pair-frame point -> world. */
fxc_vec3 fxc_pair_to_world(const fxc_pair *p, fxc_vec3 v);

#endif /* FXC_PAIR_H */
