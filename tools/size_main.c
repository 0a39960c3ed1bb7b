/* Reference program for `make size`: calls every public query and
 * constructor, so the link pulls in everything a user of all shapes + GJK +
 * EPA + the one-call API would get. Never run. */
#include "fxcollide.h"

static fxc_workspace ws;
static fxc_vec3 verts[4];
static fxc_vec3 support_fn(fxc_vec3 d, void *u)
{
    (void)u;
    return d;
}
void Reset_Handler(void);
void Reset_Handler(void)
{
    fxc_shape s[10];
    fxc_transform t;
    fxc_contact c;
    fxc_distance_result d;
    fxc_mat3 m;
    fxc_quat q = { 65536, 0, 0, 0 };
    volatile int r = 0;
    fxc_shape_point(&s[0], 0);
    fxc_shape_sphere(&s[1], 65536);
    fxc_shape_segment(&s[2], verts[0], verts[1], 0);
    fxc_shape_capsule(&s[3], 65536, 65536);
    fxc_shape_triangle(&s[4], verts[0], verts[1], verts[2], 0);
    fxc_shape_box(&s[5], verts[3], 0);
    fxc_shape_cylinder(&s[6], 65536, 65536, 0);
    fxc_shape_cone(&s[7], 65536, 65536, 0);
    fxc_shape_hull(&s[8], verts, 4, 0);
    fxc_shape_custom(&s[9], support_fn, 0, 65536, 0);
    fxc_mat3_from_quat(q, &m);
    fxc_mat3_from_axis_angle(verts[0], 1, &m);
    fxc_transform_set(&t, &m, verts[1]);
    r += fxc_intersect(&s[r & 7], &t, &s[(r + 1) & 7], &t);
    r += fxc_distance(&s[r & 7], &t, &s[(r + 1) & 7], &t, &d);
    r += fxc_collide(&s[r & 7], &t, &s[(r + 1) & 7], &t, &ws, &c);
    for (;;) {
    }
}
