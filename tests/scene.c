/* Random and hand-made shape pairs with their double references. */
#include <math.h>
#include "scene.h"

const scale_class SCALE_UNIT = { "unit", 16384, 65536, 3 * 65536, { 0, 0, 0 } };
const scale_class SCALE_SMALL = { "small", 328, 3277, 10000, { 0, 0, 0 } }; /* 0.005 .. 0.05 units */
/* Pairs up to ~4040 units across (the range limit of a pair), far out in
 * the world: around (28000, -28000, 27000) units. */
const scale_class SCALE_LARGE = { "large", 20 * 65536, 600 * 65536, 1500 * 65536,
                                  { 28000 * 65536, -28000 * 65536, 27000 * 65536 } };

void scene_rotation(t_rng *r, fxc_mat3 *m)
{
    fxc_quat q;
    do {
        q.w = t_range(r, -65536, 65536);
        q.x = t_range(r, -65536, 65536);
        q.y = t_range(r, -65536, 65536);
        q.z = t_range(r, -65536, 65536);
    } while (fxc_mat3_from_quat(q, m) != FXC_OK);
}

void scene_place(body *b, const fxc_mat3 *rot, fxc_vec3 pos)
{
    int i, j;
    fxc_transform_set(&b->xf, rot, pos);
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) b->rxf.m[i][j] = t_d(b->xf.rot.m[i][j]);
    b->rxf.p = rg_from(pos);
}

void scene_box(body *b, fxc_vec3 h)
{
    CHECK(fxc_shape_box(&b->shape, h, 0) == FXC_OK);
    b->radius = 0;
}

void scene_hull(t_rng *r, body *b, int n, int32_t size)
{
    int i;
    for (i = 0; i < n; i++)
        b->verts[i] = t_vec(r, -size, size);
    CHECK(fxc_shape_hull(&b->shape, b->verts, n, 0) == FXC_OK);
    b->radius = 0;
}

/* The library maps a local point by the matrix as given; so does this. */
void scene_finish(body *b)
{
    rg_vec w[SCENE_MAX_VERTS > 8 ? SCENE_MAX_VERTS : 8];
    int i, n = 0;
    if (b->shape.type == FXC_SHAPE_BOX) {
        rg_box_corners(&b->rxf, rg_from(b->shape.u.box.half), w);
        n = 8;
    } else if (b->shape.type == FXC_SHAPE_HULL) {
        n = b->shape.u.hull.count;
        for (i = 0; i < n; i++) w[i] = rg_xf_apply(&b->rxf, rg_from(b->shape.u.hull.vertices[i]));
    } else if (b->shape.type == FXC_SHAPE_POINT) {
        w[0] = b->rxf.p;
        n = 1;
    } else if (b->shape.type == FXC_SHAPE_SEGMENT) {
        w[0] = rg_xf_apply(&b->rxf, rg_from(b->shape.u.segment.a));
        w[1] = rg_xf_apply(&b->rxf, rg_from(b->shape.u.segment.b));
        n = 2;
    }
    b->radius = t_d(b->shape.margin);
    CHECK(rg_poly_build(&b->poly, w, n) == 0);
}

void scene_random_polytope(t_rng *r, body *b, const scale_class *sc, int hull)
{
    fxc_mat3 m;
    fxc_vec3 pos = t_vec(r, -sc->spread, sc->spread);
    pos = fxc_v3_add(pos, sc->centre);
    if (hull) {
        int n = 4 + (int)(t_next(r) % 9);
        scene_hull(r, b, n, t_range(r, sc->size_min, sc->size_max));
    } else {
        scene_box(b, t_vec(r, sc->size_min, sc->size_max));
    }
    scene_rotation(r, &m);
    scene_place(b, &m, pos);
    scene_finish(b);
}

double scene_capsules(t_rng *r, body *a, body *b, fxc_vec3 pa, fxc_vec3 pb, fix16_t ha, fix16_t ra, fix16_t hb, fix16_t rb)
{
    fxc_mat3 m;
    CHECK(fxc_shape_capsule(&a->shape, ha, ra) == FXC_OK && fxc_shape_capsule(&b->shape, hb, rb) == FXC_OK);
    scene_rotation(r, &m);
    scene_place(a, &m, pa);
    scene_rotation(r, &m);
    scene_place(b, &m, pb);
    scene_finish(a);
    scene_finish(b);
    return rg_capsule_capsule(rg_xf_apply(&a->rxf, rg_v(0, 0, -t_d(ha))), rg_xf_apply(&a->rxf, rg_v(0, 0, t_d(ha))), t_d(ra),
                              rg_xf_apply(&b->rxf, rg_v(0, 0, -t_d(hb))), rg_xf_apply(&b->rxf, rg_v(0, 0, t_d(hb))), t_d(rb), 0, 0);
}

double scene_off_body(const body *b, fxc_vec3 p)
{
    rg_poly pt;
    rg_vec v = rg_from(p);
    rg_poly_build(&pt, &v, 1);
    return lsb(rg_poly_distance(&b->poly, &pt, 0, 0));
}

double scene_minkowski_radius(const body *a, const body *b)
{
    double ra = 0, rb = 0;
    int i;
    for (i = 0; i < a->poly.n; i++) {
        double d = rg_len(rg_sub(a->poly.v[i], a->rxf.p));
        if (d > ra) ra = d;
    }
    for (i = 0; i < b->poly.n; i++) {
        double d = rg_len(rg_sub(b->poly.v[i], b->rxf.p));
        if (d > rb) rb = d;
    }
    return ra + rb + rg_len(rg_sub(a->rxf.p, b->rxf.p)) + a->radius + b->radius;
}

double scene_overlap_along(const body *a, const body *b, rg_vec n)
{
    double amax = -1e300, bmin = 1e300;
    int i;
    for (i = 0; i < a->poly.n; i++) {
        double d = rg_dot(a->poly.v[i], n);
        if (d > amax) amax = d;
    }
    for (i = 0; i < b->poly.n; i++) {
        double d = rg_dot(b->poly.v[i], n);
        if (d < bmin) bmin = d;
    }
    return amax - bmin + a->radius + b->radius;
}

fxc_vec3 scene_ellipsoid_support(fxc_vec3 d, void *radii)
{
    const double *r = (const double *)radii;
    double t[3], s = 0;
    fix16_t c[3];
    int i;
    t[0] = d.x;
    t[1] = d.y;
    t[2] = d.z;
    for (i = 0; i < 3; i++) {
        double di = t[i];
        t[i] *= r[i] * r[i];
        s += t[i] * di;
    }
    for (i = 0; i < 3; i++) c[i] = (fix16_t)floor((s > 0 ? t[i] / sqrt(s) : 0) + 0.5);
    return fxc_v3(c[0], c[1], c[2]);
}
