/* The 2D ray cast: conservative advancement of a point against a shape.
 *
 *  1. The ray's point is core B of a pair whose centre is the shape's
 *     position; both ends of the ray must be in range (every point between
 *     then is: the range is a box).
 *  2. Each step runs GJK (exact) at the point's position, rounded to the
 *     grid. Within FXC_CAST_TOL - 1 of the surface: contact (the ray
 *     itself within FXC_CAST_TOL).
 *  3. Otherwise the motion misses unless it closes in along GJK's axis d
 *     (the exact sign of T . d), and the step is the proven gap along d,
 *     less the point's rounding, over the closing speed: never past a
 *     contact. Rounded down to a 2^-32 fraction.
 *  4. A step that would pass the end of the ray is a miss.
 * At contact, the exact sign of the closing speed names the status. */
#include <stddef.h>
#include "geom2d.h"
#include "fxc_bits.h"
#include "wide.h"

#define FRACTION_ONE (UINT64_C(1) << 32)

static const fxc2_ray_hit zero_hit;

/* round(lambda * v / 2^32) for lambda <= 2^32, |v| < 2^31. */
static int32_t scale_q32(uint64_t lambda, int32_t v)
{
    uint64_t m;
    if (lambda >= FRACTION_ONE) return v;
    m = (fxc_umull((uint32_t)lambda, fxc_abs_u32(v)) + (UINT64_C(1) << 31)) >> 32;
    return v < 0 ? -(int32_t)m : (int32_t)m;
}

/* The ray's point at lambda, in the pair's frame. */
static fxc2_vec point_at(fxc2_vec start, fxc2_vec t, uint64_t lambda)
{
    return fxc2_v(start.x + scale_q32(lambda, t.x), start.y + scale_q32(lambda, t.y));
}

/* A point within range of the centre (and of the world), in int64. */
static int in_range(int64_t x, int64_t y, fxc2_vec centre)
{
    int64_t wx = x + centre.x, wy = y + centre.y;
    return x >= -FXC_RAW_LIMIT && x <= FXC_RAW_LIMIT && y >= -FXC_RAW_LIMIT && y <= FXC_RAW_LIMIT &&
           wx >= -FXC_WORLD_LIMIT && wx <= FXC_WORLD_LIMIT && wy >= -FXC_WORLD_LIMIT && wy <= FXC_WORLD_LIMIT;
}

/* The pair: the shape as A, the ray's start as B's single vertex. */
static int ray_pair(fxc2_answer *c, const fxc2_shape *s, const fxc2_transform *t, fxc2_vec origin,
                    fxc2_vec translation, fxc2_vec *start)
{
    fxc2_shape point;
    fxc2_transform at_shape;
    int64_t sx, sy;
    int st;
    (void)fxc2_shape_point(&point, 0);
    at_shape.pos = t == NULL ? origin : t->pos;
    at_shape.c = FXC_ONE;
    at_shape.s = 0;
    st = fxc2_pair_init(&c->pair, s, t, &point, &at_shape);
    if (st != FXC_OK) return st;
    sx = (int64_t)origin.x - c->pair.centre.x;
    sy = (int64_t)origin.y - c->pair.centre.y;
    if (!in_range(sx, sy, c->pair.centre) || !in_range(sx + translation.x, sy + translation.y, c->pair.centre)) {
        return FXC_ERR_RANGE;
    }
    *start = fxc2_v((fix16_t)sx, (fix16_t)sy);
    return FXC_OK;
}

/* The step along the ray that keeps the point off the surface: the gap
 * along GJK's axis d less the margin, over the closing speed along d
 * (closing = -(T . d) > 0). The gap is taken low and the speed high by
 * their rounding (0.5 LSB and 2^-27 each) and the point's (0.71 LSB), so
 * the step never passes a contact. In 2^-32 fractions, rounded down;
 * FRACTION_ONE: beyond the end of the ray. */
static uint64_t ray_step(const fxc2_answer *c, int64_t closing)
{
    int32_t gap = c->core_gap - c->pair.a.margin - 2 - (c->core_gap >> 26);
    int32_t speed = fxc2_dir_height(&c->dn, closing);
    speed += 1 + (speed >> 26);
    if (gap <= 0) return 0;
    if (gap >= speed) return FRACTION_ONE;
    return fxc_udiv64_32((uint64_t)gap << 32, (uint32_t)speed); /* 0 < gap < speed: below 2^32 */
}

/* The surface point and normal at contact, along GJK's axis. */
static void hit_answer(fxc2_ray_hit *hit, const fxc2_answer *c)
{
    fxc2_vec pa, pb;
    fxc2_core_points(c, &pa, &pb);
    hit->normal = fxc2_dir_unit(&c->dn);
    hit->point = fxc2_to_world(&c->pair, fxc2_dir_offset(&c->dn, pa, c->pair.a.margin));
}

/* The answer at contact from the exact sign of the closing speed along
 * the proven axis (> 0: approaching), as the 3D casts answer it
 * (fxc_cast_status): approaching, FXC_HIT; at the start and moving apart,
 * or not moving at all, FXC_TOUCHING; else FXC_GRAZING. */
static int ray_status(int64_t closing, int at_start, fxc2_vec t)
{
    if (closing > 0) return FXC_HIT;
    if (at_start && (closing < 0 || (t.x == 0 && t.y == 0))) return FXC_TOUCHING;
    return FXC_GRAZING;
}

/* The status of the shape against the ray's segment from its start
 * (pair frame) by t, its start and end in range (ray_pair), as B of c's
 * pair (which it replaces): a core of two points, or of one for t zero. */
static int segment_status(fxc2_answer *c, const fxc2_shape *s, const fxc2_transform *t, fxc2_vec start, fxc2_vec tr)
{
    fxc2_shape segment;
    fxc2_transform at;
    fxc2_contact k;
    fxc2_vec centre = c->pair.centre;
    int st = fxc2_shape_segment(&segment, start, fxc2_add(start, tr), 0);
    if (st != FXC_OK) return st;
    at.pos = centre;
    at.c = FXC_ONE;
    at.s = 0;
    st = fxc2_pair_init(&c->pair, s, t, &segment, &at);
    if (st != FXC_OK) return st;
    fxc2_solve(c, 1);
    return fxc2_contact_of(c, &k);
}

/* The answer of a ray that starts inside the shape by more than the
 * touching band (FXC_INSIDE), or on its surface (within the band either
 * side): the segment the ray sweeps decides, as in 3D (cast.c, ray_start;
 * the two keep the same rules). It enters the shape (overlaps it by more
 * than the band): FXC_HIT at 0; else it runs along the surface when its
 * end is on it too, within the band (FXC_GRAZING: so does a ray leaving
 * by less than the band over its length), or leaves (FXC_TOUCHING, and
 * so without motion). At a corner the collide answer's normal is only
 * one of the normals there: the segment has no favourite. The point and
 * normal are the start's. */
static int start_answer(fxc2_answer *c, const fxc2_shape *s, const fxc2_transform *t, fxc2_vec start, fxc2_vec tr,
                        fxc2_ray_hit *hit, fxc2_vec origin)
{
    fxc2_contact contact;
    int st = fxc2_contact_of(c, &contact);
    if (st < 0) return st;
    if (st == FXC_PENETRATING) {
        hit->point = origin;
        return FXC_INSIDE;
    }
    hit->normal = contact.normal;
    hit->point = contact.point_a;
    if (tr.x == 0 && tr.y == 0) return FXC_TOUCHING;
    st = segment_status(c, s, t, start, tr);
    if (st < 0) return st;
    if (st == FXC_PENETRATING) return FXC_HIT;
    st = segment_status(c, s, t, fxc2_add(start, tr), fxc2_v(0, 0));
    if (st < 0) return st;
    return st == FXC_SEPARATED ? FXC_TOUCHING : FXC_GRAZING;
}

int fxc2_raycast(const fxc2_shape *s, const fxc2_transform *t, fxc2_vec origin, fxc2_vec translation,
                 fxc2_ray_hit *hit)
{
    fxc2_answer c;
    fxc2_vec start;
    uint64_t lambda = 0;
    int st;
    if (hit == NULL) return FXC_ERR_NULL;
    *hit = zero_hit;
    st = ray_pair(&c, s, t, origin, translation, &start);
    if (st != FXC_OK) return st;
    for (;;) {
        int64_t closing;
        uint64_t step;
        c.pair.b.v[0] = point_at(start, translation, lambda);
        fxc2_solve(&c, 0);
        if (c.gjk.capped) {
            hit->fraction = (fix16_t)(lambda >> 16);
            return FXC_ERR_NO_CONVERGENCE;
        }
        if (c.gjk.enclosed) {
            if (lambda == 0) return start_answer(&c, s, t, start, translation, hit, origin);
            /* Cannot happen for honest steps: each one keeps a gap. */
            FXC_ASSERT(0);
            hit->fraction = (fix16_t)(lambda >> 16);
            hit->point = fxc2_to_world(&c.pair, c.pair.b.v[0]);
            return FXC_HIT;
        }
        closing = -fxc2_dot(translation, c.gjk.d);
        /* the point is the ray's rounded to the grid, up to 0.71 LSB off
         * it: within FXC_CAST_TOL - 1 of the surface, the ray itself is
         * within FXC_CAST_TOL (a near miss a little farther is a miss) */
        if (fxc2_gjk_within(&c.gjk, c.pair.a.margin + FXC_CAST_TOL - 1)) {
            if (lambda == 0 && fxc2_gjk_within(&c.gjk, c.pair.a.margin + FXC_TOUCH_TOL)) {
                return start_answer(&c, s, t, start, translation, hit, origin);
            }
            hit->fraction = (fix16_t)(lambda >> 16);
            hit_answer(hit, &c);
            return ray_status(closing, lambda == 0, translation);
        }
        if (closing <= 0) return FXC_SEPARATED;
        if (hit->iterations == FXC_CAST_MAX_ITERATIONS) {
            hit->fraction = (fix16_t)(lambda >> 16);
            return FXC_ERR_NO_CONVERGENCE;
        }
        hit->iterations++;
        step = ray_step(&c, closing);
        if (step >= FRACTION_ONE - lambda) return FXC_SEPARATED;
        lambda += step;
    }
}
