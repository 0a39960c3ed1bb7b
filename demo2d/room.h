/* The 2D demo's world: a ball bouncing in a room of static shapes (walls,
 * a ramp, an octagon bumper, a capsule ledge, a rounded pillar and a thin
 * rail), a box character sliding down the ramp, and an eye in a corner
 * that looks at the ball. Shared by the demo firmware (demo2d/main.c) and
 * the host-only SVG writer (demo2d/svg_host.c).
 *
 * World frame: x right, y up, the room spans x 0..20 and y 0..10 units.
 * Lengths are units (Q16.16 fix16_t), times seconds. Integer and fix16_t
 * arithmetic only (the Cortex-M0 has no FPU); everything lives in one
 * caller-owned struct, a little under 1 KB.
 */
#ifndef DEMO2D_ROOM_H
#define DEMO2D_ROOM_H

#include <stdint.h>
#include "fxcollide2d.h"

/* Thousandths of a unit -> fix16_t, at compile time (truncated toward 0). */
#define MU(x) ((fix16_t)((int64_t)(x) * 65536 / 1000))

#define ROOM_WALLS 9
#define ROOM_FRAMES 90      /* at 30 frames per second: 3 s */
#define ROOM_SUBSTEPS 2     /* physics steps per frame (1/60 s each) */
#define ROOM_MAX_CONTACTS 12 /* kept per frame for printing; more are counted */
#define ROOM_BOX_INDEX ROOM_WALLS /* "other" of a ball contact with the box */

typedef struct {
    fxc2_shape shape;
    fxc2_transform xf;
    fix16_t reach; /* the shape lies within this distance of xf.pos */
    char glyph;    /* its character on the ASCII map */
    const char *name;
} room_body;

/* One contact found in a frame: the ball (or the box) against a wall (or,
 * for the ball, the box: other = ROOM_BOX_INDEX). */
typedef struct {
    int mover;       /* 0 the ball, 1 the box */
    int other;       /* index into wall[], or ROOM_BOX_INDEX */
    int status;      /* FXC_TOUCHING or FXC_PENETRATING */
    int points;      /* manifold points (the box), 1 for the ball */
    fix16_t depth;   /* the overlap before the push-out */
    fxc2_vec point;  /* between the surfaces (world); the deepest manifold point for the box */
    fxc2_vec normal; /* unit, from the other body to the mover */
} room_contact;

typedef struct {
    uint32_t count, max;
    uint64_t sum;
} room_stat;

typedef struct {
    int frame;                    /* frames run so far */
    room_body wall[ROOM_WALLS];   /* static */
    room_body ball, box;          /* moving: a circle and a box character */
    fxc2_vec ball_v, box_v;       /* velocities, units per second */

    /* The contacts of the last frame's last step (the first
     * ROOM_MAX_CONTACTS of them). */
    int contacts, contacts_seen;
    room_contact contact[ROOM_MAX_CONTACTS];

    /* Line of sight from the eye to the ball's centre, after the frame's
     * steps: blocker -1 when clear, else the wall index (or ROOM_BOX_INDEX)
     * the ray hits first, at `fraction` of the way, at `hit`. */
    fxc2_vec eye;
    int los_blocker, los_status;
    fix16_t los_fraction;
    fxc2_vec los_hit;

    /* Query costs in port_counter() units (timing overhead removed): the
     * last frame's, and the totals over every frame run. */
    room_stat f_collide, f_manifold, f_ray;
    room_stat collide, manifold, ray, frame_cost;

    /* Queries that answered an error: in total, in the last frame, and the
     * last one's status and pair (for the report). */
    int errors, frame_errors, error_status;
    const char *error_what, *error_with;
} room;

/* Builds the room and puts the ball and the box at their start. Returns
 * FXC_OK, or the failing constructor's status. */
int room_init(room *r);

/* Runs one frame: ROOM_SUBSTEPS steps (gravity, then each mover pushed out
 * of what it overlaps along normal * depth, its velocity reflected), then
 * the line of sight. Each query timed with port_counter() minus
 * `overhead`. Returns the number of queries that answered an error. */
int room_frame(room *r, uint32_t overhead);

/* Name of index `other` of a contact or the line of sight. */
const char *room_other_name(const room *r, int other);

uint32_t room_stat_mean(const room_stat *s);

#ifndef FXC_BOARD_NAME
/* Host only (demo2d/svg_host.c): the room after its last frame as an SVG
 * picture: shapes, ball, box, the frame's contact points and normals, the
 * line of sight. Returns 0, or -1 when the file cannot be written. */
int room_svg(const room *r, const char *path);
#endif

#endif /* DEMO2D_ROOM_H */
