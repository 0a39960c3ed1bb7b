/* The demo scene: a three-link robot arm (capsules, hinged) sweeping over a
 * box, a sphere and a rock (convex hull). Shared by the demo firmware
 * (demo/main.c) and the host-only SVG writer (demo/svg_host.c).
 *
 * World frame: z up, the floor is z = 0, the arm's base stands at the
 * origin. Lengths are units (Q16.16 fix16_t), angles radians. No float, no
 * heap: everything lives in one caller-owned struct.
 */
#ifndef DEMO_SCENE_H
#define DEMO_SCENE_H

#include <stdint.h>
#include "fxcollide.h"

#define SCENE_LINKS 3
#define SCENE_OBSTACLES 3
#define SCENE_FRAMES 12

/* Thousandths of a unit -> fix16_t, at compile time (truncated toward 0). */
#define MU(x) ((fix16_t)((int64_t)(x) * 65536 / 1000))

/* Shoulder joint (top of the arm's pedestal), world. */
#define SCENE_SHOULDER_Z MU(1400)

typedef struct {
    fxc_shape shape;
    fxc_transform xf;
    fxc_vec3 end0, end1; /* links: ends of the capsule's core segment (world) */
    fix16_t reach;       /* the body lies within this distance of the vertical
                            line through xf.pos (used to skip map cells) */
    char glyph;          /* letter or digit on the ASCII map */
    const char *name;
} scene_body;

/* One link x obstacle pair: A = link, B = obstacle. */
typedef struct {
    int dist_status;           /* fxc_distance's status */
    fxc_distance_result dist;
    int coll_status;           /* fxc_collide's status, 0 when not run */
    fxc_contact contact;       /* valid when coll_status != 0 */
    uint32_t dist_cost, coll_cost; /* port_counter() units, timing overhead removed */
} scene_pair;

typedef struct {
    int frame;
    fix16_t yaw;                       /* base rotation about z */
    fix16_t pitch[SCENE_LINKS];        /* each joint, relative to the previous link;
                                          pitch[0] is link 1's elevation */
    fxc_vec3 joint[SCENE_LINKS + 1];   /* shoulder, elbow, wrist, tip (world) */
    scene_body link[SCENE_LINKS];
    scene_body obstacle[SCENE_OBSTACLES];
    scene_pair pair[SCENE_LINKS][SCENE_OBSTACLES];
} scene;

/* Builds the obstacles and the links' shapes. Returns 0, or a negative
 * fxc_status when a constructor fails. */
int scene_init(scene *s);

/* Poses the arm at integer time `frame` (0..SCENE_FRAMES-1). Returns 0, or
 * -1 when a rotation could not be built. */
int scene_pose(scene *s, int frame);

/* For every link x obstacle pair: fxc_distance, and fxc_collide when the two
 * touch or overlap; each query timed with port_counter() minus `overhead`.
 * Returns the number of queries that answered an error. */
int scene_query(scene *s, fxc_workspace *ws, uint32_t overhead);

/* 1 when fxc_collide ran and found the link touching or in the obstacle. */
int scene_hit(const scene_pair *p);

/* Signed clearance: the distance when apart, minus the depth on contact. */
fix16_t scene_clearance(const scene_pair *p);

#ifndef FXC_BOARD_NAME
/* Host only (demo/svg_host.c): writes the posed and queried scene as an SVG
 * picture, top view and side view. Returns 0, or -1 when the file cannot be
 * written. */
int svg_write_frame(const scene *s, const char *path);
#endif

#endif /* DEMO_SCENE_H */
