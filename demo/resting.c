/* A box resting on a slab at a few turns and tilts (see resting.h). */
#include <stddef.h>
#include "resting.h"
#include "scene.h"

/* Case k: a turn about z, a tilt about x (radians, thousandths), where the
 * box's centre sits (thousandths of a unit; z is the sinking below resting
 * height, raw) and the speculative distance (thousandths). */
typedef struct {
    const char *what;
    int32_t turn, tilt, x, y, sink, speculative;
} resting_pose;

static const resting_pose poses[RESTING_CASES] = {
    { "flat, 20 LSB deep", 0, 0, 0, 0, 20, 0 },
    { "turned 30 deg", 524, 0, 300, -200, 20, 0 },
    { "turned 45 deg over the edge", 785, 0, 1700, 1000, 20, 0 },
    { "tilted 1 deg, on one edge", 0, 17, -500, 0, 20, 0 },
    { "tilted 1 deg, speculative 0.02", 0, 17, -500, 0, 20, 20 },
};

int resting_run(int k, fxc_workspace *ws, resting_case *c)
{
    const resting_pose *p = &poses[k];
    fxc_mat3 turn, tilt, rot;
    /* half extents: the slab 2 x 2 x 0.25, the box 0.75 x 0.5 x 0.5 */
    fix16_t hz = MU(500), lift;
    int st = fxc_shape_box(&c->base, fxc_v3(MU(2000), MU(2000), MU(250)), 0);
    c->what = p->what;
    c->speculative = MU(p->speculative);
    if (st == FXC_OK) st = fxc_shape_box(&c->box, fxc_v3(MU(750), MU(500), hz), 0);
    if (st == FXC_OK) st = fxc_transform_set(&c->base_xf, NULL, fxc_v3(0, 0, -MU(250)));
    if (st == FXC_OK) st = fxc_mat3_from_axis_angle(fxc_v3(0, 0, FXC_ONE), MU(p->turn), &turn);
    if (st == FXC_OK) st = fxc_mat3_from_axis_angle(fxc_v3(FXC_ONE, 0, 0), MU(p->tilt), &tilt);
    if (st != FXC_OK) return st;
    fxc_mat3_mul(&turn, &tilt, &rot);
    /* resting height of the tilted box's lowest edge: hz cos + hy sin */
    lift = fxc_v3_dot(fxc_v3(0, MU(500), hz), fxc_v3(0, fix16_abs(rot.m[2][1]), rot.m[2][2]));
    st = fxc_transform_set(&c->box_xf, &rot, fxc_v3(MU(p->x), MU(p->y), lift - p->sink));
    if (st != FXC_OK) return st;
    c->status = fxc_manifold(&c->base, &c->base_xf, &c->box, &c->box_xf, c->speculative, ws, &c->m);
    return c->status;
}
