/* The demo scene: obstacles, the arm's kinematics and the per-frame queries.
 * Integer and fix16_t arithmetic only. */
#include "port.h"
#include "scene.h"

/* A small rock: 12 points around its foot (local z = 0 on the floor), in
 * thousandths of a unit. fxc_shape_hull takes them as they are: no hull
 * building, the support function just scans the points. */
static const fxc_vec3 rock_points[12] = {
    { MU(-800), MU(-250), 0 },       { MU(-300), MU(-750), 0 },
    { MU(500), MU(-600), 0 },        { MU(850), MU(150), 0 },
    { MU(100), MU(800), 0 },         { MU(-600), MU(550), 0 },
    { MU(-450), MU(-200), MU(550) }, { MU(300), MU(-400), MU(600) },
    { MU(450), MU(350), MU(500) },   { MU(-200), MU(500), MU(550) },
    { MU(50), MU(50), MU(1000) },    { MU(-150), MU(-100), MU(950) },
};

static const fix16_t link_length[SCENE_LINKS] = { MU(3200), MU(2600), MU(900) };
static const fix16_t link_radius[SCENE_LINKS] = { MU(220), MU(180), MU(140) };
static const char *const link_name[SCENE_LINKS] = { "link 1", "link 2", "link 3" };

static void body_init(scene_body *b, char glyph, const char *name)
{
    b->glyph = glyph;
    b->name = name;
    b->end0 = b->end1 = fxc_v3(0, 0, 0);
}

int scene_init(scene *s)
{
    fxc_mat3 rot;
    scene_body *b;
    int i, st;
    fix16_t r;

    s->frame = 0;
    /* Box: 1.8 x 1.0 x 1.3 on the floor, turned 30 degrees about z. */
    b = &s->obstacle[0];
    body_init(b, 'B', "box");
    st = fxc_shape_box(&b->shape, fxc_v3(MU(900), MU(500), MU(650)), 0);
    if (st != FXC_OK) return st;
    if (fxc_mat3_from_axis_angle(fxc_v3(0, 0, FXC_ONE), MU(524), &rot) != FXC_OK) return FXC_ERR_BAD_TRANSFORM;
    fxc_transform_set(&b->xf, &rot, fxc_v3(MU(3094), MU(2374), MU(650)));
    b->reach = fxc_v3_length(b->shape.u.box.half);

    /* Sphere of radius 0.8 resting on the floor. */
    b = &s->obstacle[1];
    body_init(b, 'S', "sphere");
    st = fxc_shape_sphere(&b->shape, MU(800));
    if (st != FXC_OK) return st;
    fxc_transform_set(&b->xf, 0, fxc_v3(MU(3999), MU(-3102), MU(800)));
    b->reach = MU(800);

    /* Rock: the 12-point hull, turned 20 degrees about z. */
    b = &s->obstacle[2];
    body_init(b, 'R', "rock");
    st = fxc_shape_hull(&b->shape, rock_points, 12, 0);
    if (st != FXC_OK) return st;
    if (fxc_mat3_from_axis_angle(fxc_v3(0, 0, FXC_ONE), MU(349), &rot) != FXC_OK) return FXC_ERR_BAD_TRANSFORM;
    fxc_transform_set(&b->xf, &rot, fxc_v3(MU(6382), MU(480), 0));
    b->reach = 0;
    for (i = 0; i < 12; i++) {
        r = fxc_v3_length(rock_points[i]);
        if (r > b->reach) b->reach = r;
    }

    /* Links: capsules along their local z, hinged end to end. */
    for (i = 0; i < SCENE_LINKS; i++) {
        b = &s->link[i];
        body_init(b, (char)('1' + i), link_name[i]);
        st = fxc_shape_capsule(&b->shape, link_length[i] / 2, link_radius[i]);
        if (st != FXC_OK) return st;
        b->reach = link_length[i] / 2 + link_radius[i];
    }
    return scene_pose(s, 0);
}

/* base + amp * cos(angle) */
static fix16_t wave(fix16_t base, fix16_t amp, fix16_t angle)
{
    fix16_t sn, cs;
    fxc_sincos(angle, &sn, &cs);
    return base + fix16_mul(amp, cs);
}

int scene_pose(scene *s, int frame)
{
    /* The base turns at a constant rate, from +46 to -45 degrees; the arm
     * bends down every fourth frame (frames 2, 6 and 10, counted from 1),
     * over the box, the rock and the sphere, and stretches up in between. */
    fix16_t bend = (fix16_t)((int32_t)(fix16_pi / 2) * (frame - 1));
    fix16_t elevation = 0;
    fxc_mat3 rz, ry, rot;
    int i;

    s->frame = frame;
    s->yaw = MU(800) - frame * MU(145);
    s->pitch[0] = wave(MU(350), MU(-100), bend);
    s->pitch[1] = wave(MU(-600), MU(-100), bend);
    s->pitch[2] = wave(MU(-425), MU(-125), bend);
    s->joint[0] = fxc_v3(0, 0, SCENE_SHOULDER_Z);

    if (fxc_mat3_from_axis_angle(fxc_v3(0, 0, FXC_ONE), s->yaw, &rz) != FXC_OK) return -1;
    for (i = 0; i < SCENE_LINKS; i++) {
        scene_body *b = &s->link[i];
        fix16_t half = link_length[i] / 2;
        fxc_vec3 dir;
        /* Tilt local z from vertical down to `elevation` above the
         * horizontal (about y), then turn about z by the yaw. */
        elevation += s->pitch[i];
        if (fxc_mat3_from_axis_angle(fxc_v3(0, FXC_ONE, 0), fix16_pi / 2 - elevation, &ry) != FXC_OK) return -1;
        fxc_mat3_mul(&rz, &ry, &rot);
        dir = fxc_v3(rot.m[0][2], rot.m[1][2], rot.m[2][2]);
        fxc_transform_set(&b->xf, &rot, fxc_v3_add(s->joint[i], fxc_v3_scale(dir, half)));
        /* The ends as the library sees them: the core segment transformed. */
        b->end0 = fxc_transform_point(&b->xf, fxc_v3(0, 0, -half));
        b->end1 = fxc_transform_point(&b->xf, fxc_v3(0, 0, half));
        s->joint[i + 1] = b->end1;
    }
    return 0;
}

static uint32_t elapsed(uint32_t t0, uint32_t t1, uint32_t overhead)
{
    uint32_t d = t1 - t0;
    return d > overhead ? d - overhead : 0;
}

int scene_query(scene *s, fxc_workspace *ws, uint32_t overhead)
{
    static const fxc_contact no_contact;
    int i, j, bad = 0;
    for (i = 0; i < SCENE_LINKS; i++) {
        for (j = 0; j < SCENE_OBSTACLES; j++) {
            const scene_body *a = &s->link[i], *b = &s->obstacle[j];
            scene_pair *p = &s->pair[i][j];
            uint32_t t0, t1;

            t0 = port_counter();
            p->dist_status = fxc_distance(&a->shape, &a->xf, &b->shape, &b->xf, &p->dist);
            t1 = port_counter();
            p->dist_cost = elapsed(t0, t1, overhead);

            p->coll_status = 0;
            p->coll_cost = 0;
            p->contact = no_contact;
            if (p->dist_status == FXC_OVERLAPPING || p->dist_status == FXC_TOUCHING) {
                t0 = port_counter();
                p->coll_status = fxc_collide(&a->shape, &a->xf, &b->shape, &b->xf, ws, &p->contact);
                t1 = port_counter();
                p->coll_cost = elapsed(t0, t1, overhead);
            }
            if (p->dist_status < 0 || p->coll_status < 0) bad++;
        }
    }
    return bad;
}

int scene_hit(const scene_pair *p)
{
    return p->coll_status == FXC_PENETRATING || p->coll_status == FXC_TOUCHING;
}

fix16_t scene_clearance(const scene_pair *p)
{
    if (scene_hit(p)) return -p->contact.depth;
    if (p->coll_status != 0) return p->contact.distance;
    return p->dist.distance;
}
