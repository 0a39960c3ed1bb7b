/* Sign-test EPA (internal header). */
#ifndef FXC_EPA_H
#define FXC_EPA_H

#include "gjk.h"

typedef struct {
    fix16_t depth;    /* of the cores, raw, >= 0: the height of A - B along dir */
    fix16_t low;      /* a lower bound of the cores' depth (the polytope's closest face), raw */
    fxc_vec3 dir;     /* the normal, A to B, fitted to 28 bits (fxc_dir_fit) */
    uint32_t t;       /* 1 / |dir| = t * 2^-e when t is not 0 (else not worked out) */
    int e;
    fxc_vec3 point_a; /* pair frame, on A's core */
    fxc_vec3 point_b; /* pair frame, on B's core */
    int iterations;
} fxc_epa_result;

/* Penetration of the cores of a pair whose GJK run ended with the origin
 * inside its simplex. Returns FXC_OK, FXC_ERR_CAPACITY,
 * FXC_ERR_NO_CONVERGENCE, or FXC_ERR_CALLBACK (p->status, once a callback
 * misbehaved; a misbehaviour while the start tetrahedron is built shows
 * only in p->status when the difference turns out flat); the result is
 * valid in every case. */
int fxc_epa(fxc_pair *p, const fxc_gjk_result *g, fxc_workspace *ws, fxc_epa_result *r);

#endif /* FXC_EPA_H */
