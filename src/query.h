/* What the queries share with the manifold (internal header): the normal's
 * direction, margins pushed along it, and fxc_collide's work on a pair. */
#ifndef FXC_QUERY_H
#define FXC_QUERY_H

#include "gjk.h"

/* A fitted direction d (28 bits) with its reciprocal length,
 * 1 / |d| = t * 2^-e (fxc_rsqrt, relative error below 2^-28), worked out
 * once for the normal and the margins. t = 0: the zero direction. */
typedef struct {
    fxc_vec3 d;
    uint32_t t;
    int e;
} fxc_direction;

fxc_direction fxc_direction_of(fxc_vec3 d);

/* x * d_i / |d| per component, rounded once (see query.c): the unit
 * normal for x = 1 unit, a margin's offset along the normal. */
fxc_vec3 fxc_direction_scaled(const fxc_direction *u, fix16_t x);

/* Does a query's status come with an answer: success, or the best answer
 * of FXC_ERR_CAPACITY / FXC_ERR_NO_CONVERGENCE (every other error zeroes
 * the output)? */
static inline int fxc_answered(int st)
{
    return st >= 0 || st == FXC_ERR_CAPACITY || st == FXC_ERR_NO_CONVERGENCE;
}

/* Marks a workspace busy for a query: FXC_OK, or FXC_ERR_NULL,
 * FXC_ERR_CONFIG (`config`, the caller's FXC_CONFIG_ID, is not the
 * library's: the workspace may have another size) or FXC_ERR_BUSY
 * (already taken). The query clears ws->busy when done. */
int fxc_workspace_claim(fxc_workspace *ws, uint32_t config);

/* fxc_collide's answer into *out (zeroed by the caller), on a workspace
 * the caller claimed; also the pair as set up and the normal's direction
 * (A to B; t = 0 when there is none). Returns fxc_collide's status. */
int fxc_collide_pair(fxc_pair *p, const fxc_shape *a, const fxc_transform *ta, const fxc_shape *b,
                     const fxc_transform *tb, fxc_workspace *ws, fxc_cache *cache, fxc_contact *out, fxc_direction *u);

/* fxc_distance's GJK, for the casts: run to its end on the cores of a
 * prepared pair (fxc_pair_init or fxc_pair_move, which start it on the
 * cache's axis); the cache keeps the axis it ends on. Returns the pair's
 * status. */
int fxc_pair_gjk(fxc_pair *p, fxc_cache *cache, fxc_gjk_result *g);

/* fxc_pair_gjk from g's own simplex, points of the pair's current A - B
 * (fxc_pair_move moved them with it): fxc_gjk_seeded, or the closed form
 * where both cores have one. */
int fxc_pair_gjk_seeded(fxc_pair *p, fxc_cache *cache, fxc_gjk_result *g);

/* fxc_distance's answer for cores GJK found apart: the normal's direction
 * and the unit normal (A to B), the closest points on the surfaces (world),
 * and the signed distance of the surfaces (raw; margins subtracted). */
int64_t fxc_apart_result(fxc_pair *p, const fxc_gjk_result *g, fxc_direction *u, fxc_vec3 *n, fxc_vec3 *pa,
                         fxc_vec3 *pb);

/* The cache's tetrahedron (src/warm.c), for the overlap tests. Does the
 * tetrahedron of the last overlap, placed at the prepared pair's poses,
 * still hold the origin (then the cores overlap; counted in warm_hits)?
 * 0 without a cache or a tetrahedron, or for cores without vertices. */
int fxc_warm_overlap(fxc_pair *p, fxc_cache *cache);
/* Keeps GJK's final tetrahedron when it proved an overlap from support
 * points that are core vertices; else none (a callback's error leaves the
 * cache as it was). */
void fxc_warm_keep(fxc_cache *cache, const fxc_pair *p, const fxc_gjk_result *g);

#endif /* FXC_QUERY_H */
