/* Reference programs for `make size`, one per FXC_SIZE_CONFIG: each calls
 * what one kind of firmware would, so a link with --gc-sections pulls in
 * what that firmware gets. Never run.
 *   1 (default) everything 3D: every shape (a prepared hull too), every
 *     query (the manifold and the casts too)
 *   2 distance only, spheres, capsules and boxes (a robot's clearances)
 *   3 clearance only, spheres, capsules and boxes (a robot's safety check)
 *   4 collide, boxes only (a game's boxes)
 *   5 distance only, spheres and capsules (a robot arm's links and the
 *     obstacles around it: closed forms, no GJK iterations)
 *   6 clearance only, spheres and capsules (that arm's safety check)
 *   7 collide and manifold, boxes only (a game's boxes resting on boxes)
 *   8 2D only: every fxc2_ query (intersect, distance, collide, manifold,
 *     raycast) on every 2D shape kind, and no 3D query (a handheld game's
 *     polygon world)
 *   9 2D intersect only, circles, boxes and polygons (a game's hit tests)
 *  10 2D collide only, circles, boxes and polygons (a game that pushes
 *     its bodies apart by one contact each) */
#include "fxcollide.h"
#include "fxcollide2d.h"

#ifndef FXC_SIZE_CONFIG
#define FXC_SIZE_CONFIG 1
#endif

/* A shape index below n that the compiler cannot fold, without a `%`: on
 * the M0 that is a call to libgcc's division, which the library's own
 * code may not need and the libgcc column would then wrongly count. */
static inline unsigned pick(int r, unsigned n)
{
    unsigned i = (unsigned)r & 7u;
    return i < n ? i : 0u;
}

#if FXC_SIZE_CONFIG >= 8
static fxc2_vec verts2[4];

#if FXC_SIZE_CONFIG == 8
/* Every 2D shape kind and every 2D query; no 3D symbol. */
void Reset_Handler(void);
void Reset_Handler(void)
{
    fxc2_shape s[6];
    fxc2_transform t;
    fxc2_distance_result d;
    fxc2_contact c;
    fxc2_manifold m;
    fxc2_ray_hit h;
    volatile int r = 0;
    r += fxc2_transform_set(&t, verts2[0], 65536, 0);
    r += fxc2_transform_angle(&t, verts2[1], r);
    r += fxc2_shape_point(&s[0], 0);
    r += fxc2_shape_circle(&s[1], 65536);
    r += fxc2_shape_segment(&s[2], verts2[0], verts2[1], 0);
    r += fxc2_shape_capsule(&s[3], 65536, 65536);
    r += fxc2_shape_box(&s[4], verts2[3], 0);
    r += fxc2_shape_polygon(&s[5], verts2, 4, 0);
    r += fxc2_intersect(&s[pick(r, 6)], &t, &s[pick(r + 1, 6)], &t);
    r += fxc2_distance(&s[pick(r, 6)], &t, &s[pick(r + 1, 6)], &t, &d);
    r += fxc2_collide(&s[pick(r, 6)], &t, &s[pick(r + 1, 6)], &t, &c);
    r += fxc2_collide_manifold(&s[pick(r, 6)], &t, &s[pick(r + 1, 6)], &t, 0, &m);
    r += fxc2_raycast(&s[pick(r, 6)], &t, verts2[0], verts2[2], &h);
    for (;;) {
    }
}
#else
/* One 2D query on circles, boxes and polygons; no 3D symbol. */
void Reset_Handler(void);
void Reset_Handler(void)
{
    fxc2_shape s[3];
    fxc2_transform t;
    volatile int r = 0;
    r += fxc2_transform_set(&t, verts2[0], 65536, 0);
    r += fxc2_shape_circle(&s[0], 65536);
    r += fxc2_shape_box(&s[1], verts2[3], 0);
    r += fxc2_shape_polygon(&s[2], verts2, 4, 0);
#if FXC_SIZE_CONFIG == 9
    r += fxc2_intersect(&s[pick(r, 3)], &t, &s[pick(r + 1, 3)], &t);
#else
    {
        fxc2_contact c;
        r += fxc2_collide(&s[pick(r, 3)], &t, &s[pick(r + 1, 3)], &t, &c);
    }
#endif
    for (;;) {
    }
}
#endif
#else
static fxc_workspace ws;
static fxc_vec3 verts[4];
#if FXC_SIZE_CONFIG == 1
static fxc_hull_graph graph;
static fxc_vec3 support_fn(fxc_vec3 d, void *u)
{
    (void)u;
    return d;
}
#endif
void Reset_Handler(void);
void Reset_Handler(void)
{
    fxc_shape s[11];
    fxc_transform t;
    fxc_contact c;
    fxc_distance_result d;
    fxc_contact_manifold m;
    fxc_mat3 rot;
    fxc_quat q = { 65536, 0, 0, 0 };
    volatile int r = 0;
    fxc_mat3_from_quat(q, &rot);
    fxc_transform_set(&t, &rot, verts[1]);
#if FXC_SIZE_CONFIG == 1
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
    fxc_hull_prepare(&graph, verts, 4);
    fxc_shape_hull_graph(&s[10], &graph, 0);
    fxc_mat3_from_axis_angle(verts[0], 1, &rot);
    r += fxc_intersect(&s[r & 7], &t, &s[(r + 1) & 7], &t);
    r += fxc_clearance(&s[r & 7], &t, &s[(r + 1) & 7], &t, 1);
    r += fxc_distance(&s[r & 7], &t, &s[(r + 1) & 7], &t, &d);
    r += fxc_collide(&s[r & 7], &t, &s[(r + 1) & 7], &t, &ws, &c);
    r += fxc_manifold(&s[r & 7], &t, &s[(r + 1) & 7], &t, 0, &ws, &m);
    {
        fxc_cast_result cr;
        fxc_ray_hit h;
        r += fxc_shapecast(&s[r & 7], &t, &s[(r + 1) & 7], &t, verts[2], &ws, &cr);
        r += fxc_raycast(&s[r & 7], &t, verts[0], verts[2], &h);
    }
#elif FXC_SIZE_CONFIG == 2 || FXC_SIZE_CONFIG == 3 || FXC_SIZE_CONFIG == 5 || FXC_SIZE_CONFIG == 6
    fxc_shape_sphere(&s[0], 65536);
    fxc_shape_capsule(&s[1], 65536, 65536);
#if FXC_SIZE_CONFIG <= 3
    fxc_shape_box(&s[2], verts[3], 0);
#else
    s[2] = s[1];
#endif
#if FXC_SIZE_CONFIG == 2 || FXC_SIZE_CONFIG == 5
    r += fxc_distance(&s[pick(r, 3)], &t, &s[pick(r + 1, 3)], &t, &d);
#else
    r += fxc_clearance(&s[pick(r, 3)], &t, &s[pick(r + 1, 3)], &t, 1);
#endif
    (void)c;
    (void)m;
    (void)ws;
#else
    fxc_shape_box(&s[0], verts[3], 0);
    r += fxc_collide(&s[0], &t, &s[0], &t, &ws, &c);
#if FXC_SIZE_CONFIG == 7
    r += fxc_manifold(&s[0], &t, &s[0], &t, 0, &ws, &m);
#endif
    (void)d;
#endif
    for (;;) {
    }
}
#endif
