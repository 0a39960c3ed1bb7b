/* What a shape's type brings to a query (internal header).
 *
 * A constructor stores its type's kind in the shape; a query reaches every
 * piece of type-specific code through it: the constructor's rules (checked
 * again at every query), the support function, the per-query set-up, the
 * checks of a callback's answers, and the core algorithm the type's pairs
 * need. So a firmware linked with --gc-sections gets only the code of the
 * shapes it constructs: one without callbacks links none of their checks,
 * one with spheres and capsules only (points and segments, answered in
 * closed form) links no GJK iterations. EPA stays reached by fxc_collide
 * alone, so that a firmware that never calls it never links it. */
#ifndef FXC_KIND_H
#define FXC_KIND_H

#include "gjk.h"

struct fxc_shape_kind {
    fxc_shape_type type; /* a shape whose type differs is refused (FXC_ERR_BAD_SHAPE) */
    /* The constructor's rules on the core's fields as they are now: FXC_OK
     * or the status the constructor would give, and the core's reach
     * (largest |local coordinate| of a core point). */
    int (*rules)(const fxc_shape *s, uint32_t *reach);
    /* Support point of the body along a fitted world direction (below
     * 2^28), in the pair frame. A callback's may set p->status. */
    fxc_vec3 (*support)(fxc_pair *p, fxc_body *b, fxc_vec3 d);
    /* Per-query set-up of the body before its first support call, given
     * the direction it will be asked last about (NULL: none needed). */
    void (*prepare)(fxc_pair *p, fxc_body *b, fxc_vec3 d);
    /* The body's set-up moved by delta (pair frame), its rotation
     * unchanged (fxc_pair_move): the same bits prepare would give at the
     * new position (NULL: prepare runs again, if there is one). */
    void (*move)(fxc_body *b, fxc_vec3 delta);
    /* Checks of a support point against the points already known (see
     * fxc_pair_check_known; NULL: the shape's supports are exact). */
    void (*check)(fxc_pair *p, const fxc_vec3 *d, const fxc_svert *q, const fxc_svert *known, int n);
    /* The closed form, for a point or segment core: used when both cores
     * have one (NULL: none). */
    void (*closed)(fxc_pair *p, fxc_gjk_result *r);
    /* GJK, for a core that needs its iterations (NULL for points and
     * segments: a pair with one of them and another core takes the other's). */
    void (*gjk)(fxc_pair *p, int32_t sep_exit, int32_t hit_exit, fxc_gjk_result *r);
    /* Core vertex number id in the pair frame, as the support function
     * places it; returns 0 for a number the core does not have (NULL: a
     * curved or callback core, whose support points have no numbers). */
    int (*vertex)(fxc_body *b, unsigned id, fxc_vec3 *out);
};

/* A hull's rules (src/shape.c), which a prepared hull's extend. */
int fxc_hull_rules(const fxc_shape *s, uint32_t *reach);

extern const fxc_shape_kind fxc_kind_point, fxc_kind_segment, fxc_kind_triangle, fxc_kind_box, fxc_kind_cylinder,
    fxc_kind_cone, fxc_kind_hull, fxc_kind_hull_graph, fxc_kind_custom;

/* The support functions of the kinds (src/support.c). */
fxc_vec3 fxc_support_point(fxc_pair *p, fxc_body *b, fxc_vec3 d);
fxc_vec3 fxc_support_segment(fxc_pair *p, fxc_body *b, fxc_vec3 d);
fxc_vec3 fxc_support_triangle(fxc_pair *p, fxc_body *b, fxc_vec3 d);
fxc_vec3 fxc_support_box(fxc_pair *p, fxc_body *b, fxc_vec3 d);
fxc_vec3 fxc_support_cylinder(fxc_pair *p, fxc_body *b, fxc_vec3 d);
fxc_vec3 fxc_support_cone(fxc_pair *p, fxc_body *b, fxc_vec3 d);
fxc_vec3 fxc_support_hull(fxc_pair *p, fxc_body *b, fxc_vec3 d);
fxc_vec3 fxc_support_custom(fxc_pair *p, fxc_body *b, fxc_vec3 d);

/* A prepared hull's first vertex in the order along a local direction l
 * (src/filter.h), climbing over graph g from vertex at (src/hull.c);
 * reach_bits: the bit length of the largest |coordinate|. */
int fxc_hull_climb(const fxc_hull_graph *g, const fxc_vec3 *v, fxc_vec3 l, int reach_bits, int at);

/* The vertex hooks of the kinds whose cores have vertices (src/support.c;
 * a prepared hull's is the hull's). */
int fxc_vertex_point(fxc_body *b, unsigned id, fxc_vec3 *out);
int fxc_vertex_segment(fxc_body *b, unsigned id, fxc_vec3 *out);
int fxc_vertex_triangle(fxc_body *b, unsigned id, fxc_vec3 *out);
int fxc_vertex_box(fxc_body *b, unsigned id, fxc_vec3 *out);
int fxc_vertex_hull(fxc_body *b, unsigned id, fxc_vec3 *out);

/* Per-query set-up: a box knows no corner yet; a segment places its ends;
 * a callback takes its probe. */
void fxc_prepare_box(fxc_pair *p, fxc_body *b, fxc_vec3 d);
void fxc_prepare_segment(fxc_pair *p, fxc_body *b, fxc_vec3 d);
void fxc_move_box(fxc_body *b, fxc_vec3 delta);
void fxc_move_segment(fxc_body *b, fxc_vec3 delta);
void fxc_prepare_custom(fxc_pair *p, fxc_body *b, fxc_vec3 d);

#endif /* FXC_KIND_H */
