/* The demo's second part: a box resting on another, turned about the
 * vertical and tilted, and the contact manifold fxc_manifold gives for it
 * (up to four points with their separations and feature ids). Shared by
 * the demo firmware (demo/main.c) and the host-only SVG writer. */
#ifndef DEMO_RESTING_H
#define DEMO_RESTING_H

#include "fxcollide.h"

#define RESTING_CASES 5

typedef struct {
    const char *what;
    fxc_shape base, box;        /* A: the base (a slab), B: the box on it */
    fxc_transform base_xf, box_xf;
    fix16_t speculative;
    int status;
    fxc_contact_manifold m;
} resting_case;

/* Sets up case k (0..RESTING_CASES-1) and runs fxc_manifold on it.
 * Returns fxc_manifold's status, or the status of a failed set-up. */
int resting_run(int k, fxc_workspace *ws, resting_case *c);

#ifndef FXC_BOARD_NAME
/* Host only (demo/svg_host.c): every case's top view with its points.
 * Returns 0, or -1 when the file cannot be written. */
int svg_write_resting(fxc_workspace *ws, const char *path);
#endif

#endif /* DEMO_RESTING_H */
