/* Frame-to-frame coherence for overlap tests: the tetrahedron that proved
 * the last overlap, kept in the caller's cache as core vertex numbers and
 * tried again at the new poses before any GJK (fxcollide.h, fxc_cache).
 *
 * The test is exact. The corners are the support functions' own points
 * (the kinds' vertex hooks place them as the supports do), so they are
 * points of the cores' Minkowski difference as every query sees it, and a
 * tetrahedron of them that holds the origin proves the cores overlap or
 * touch. (GJK's distance on the same input is rounded: within a few LSB
 * of touching, far from the pair's centre, it may say 1 or 2 LSB apart.)
 *
 * Budget: Minkowski points below 2^29 raw, so edges below 2^30, the face
 * normals (cross products of edges) below 2^61 and their dot products with
 * edges below 2^92, signed exactly by fxc_sign_dot_wide. */
#include <stddef.h>
#include "kind.h"
#include "query.h"
#include "wide.h"

/* Does the tetrahedron w0..w3 (of nonzero volume) hold the origin, its
 * surface included? It does when the origin, put in place of each corner
 * in turn, never turns the orientation over. */
static int holds_origin(const fxc_vec3 w[4])
{
    const fxc_vec3 o = fxc_v3(0, 0, 0);
    int d = fxc_orient_sign(w[0], w[1], w[2], w[3]);
    return d != 0 && fxc_orient_sign(o, w[1], w[2], w[3]) * d >= 0 && fxc_orient_sign(w[0], o, w[2], w[3]) * d >= 0 &&
           fxc_orient_sign(w[0], w[1], o, w[3]) * d >= 0 && fxc_orient_sign(w[0], w[1], w[2], o) * d >= 0;
}

int fxc_warm_overlap(fxc_pair *p, fxc_cache *cache)
{
    int (*va)(fxc_body *, unsigned, fxc_vec3 *) = p->a.shape->kind->vertex;
    int (*vb)(fxc_body *, unsigned, fxc_vec3 *) = p->b.shape->kind->vertex;
    fxc_vec3 w[4];
    int i;
    if (cache == NULL || cache->tetra_ok != 1 || va == NULL || vb == NULL) return 0;
    for (i = 0; i < 4; i++) {
        fxc_vec3 a, b;
        if (!va(&p->a, cache->tetra[i][0], &a) || !vb(&p->b, cache->tetra[i][1], &b)) return 0;
        w[i] = fxc_v3_sub(a, b);
    }
    if (!holds_origin(w)) return 0;
    cache->warm_hits++;
    return 1;
}

void fxc_warm_keep(fxc_cache *cache, const fxc_pair *p, const fxc_gjk_result *g)
{
    int i, ok;
    if (cache == NULL || p->status != FXC_OK) return;
    ok = g->outcome == FXC_GJK_CONTAINED && g->s.n == 4;
    for (i = 0; ok && i < 4; i++) {
        ok = g->s.p[i].ia != FXC_NO_VERTEX && g->s.p[i].ib != FXC_NO_VERTEX;
        cache->tetra[i][0] = g->s.p[i].ia;
        cache->tetra[i][1] = g->s.p[i].ib;
    }
    cache->tetra_ok = (uint8_t)(ok ? 1 : 0);
}
