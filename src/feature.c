/* Supporting features: the candidate points of a core within a band of its
 * highest point along a direction, wrapped into a convex polygon (see
 * feature.h). Part of the manifold: shape -> support -> GJK -> EPA ->
 * supporting features -> clipping.
 *
 * Budget: candidates are pair-frame points below 2^28 raw, so differences
 * within one core are below 2^29, their cross products below 2^59 (exact
 * in int64), and the orientation n . ((b - a) x (c - a)) of three of them
 * about the 28-bit direction n is an exact 93-bit sign (fxc_sign_dot_wide).
 * Heights n . p are exact in int64 (below 2^58). */
#include "feature.h"
#include "wide.h"

/* Candidates that fall within the band, before wrapping: a hull face with
 * more keeps its first ones. */
#define BAND_MAX 32

/* Candidate numbers of the curved cores: a cap's octagon 0..7 (a
 * cylinder's other cap 8..15), and the rim points along the direction. */
#define RIM_TOP 16
#define RIM_BOTTOM 17
#define APEX 16

typedef char fxc_check_band_max[BAND_MAX <= 32 ? 1 : -1]; /* wrap's bit mask */

typedef struct {
    fxc_vec3 p[BAND_MAX];
    uint8_t id[BAND_MAX];
    int n;
} band_set;

/* Point k of the octagon inscribed in a circle of radius r at height z:
 * its corners at multiples of 45 degrees, the diagonal ones at r *
 * 46340 / 2^16 (just below cos 45), so that every corner lies in the
 * circle. */
static fxc_vec3 octagon_point(fix16_t r, int k, fix16_t z)
{
    static const int8_t dir[8][2] = { { 2, 0 }, { 1, 1 }, { 0, 2 }, { -1, 1 }, { -2, 0 }, { -1, -1 }, { 0, -2 }, { 1, -1 } };
    fix16_t c = (fix16_t)(((int64_t)r * 46340) >> 16);
    fix16_t x = dir[k][0] == 0 ? 0 : (dir[k][0] & 1 ? c : r), y = dir[k][1] == 0 ? 0 : (dir[k][1] & 1 ? c : r);
    return fxc_v3(dir[k][0] < 0 ? -x : x, dir[k][1] < 0 ? -y : y, z);
}

/* Is a circle of radius r flat across the local direction l, within the
 * band: r (|l.x| + |l.y|) <= band |l.z| (the L1 norm bounds the xy
 * part's length; l below 2^31, so the products are below 2^60)? */
static int cap_flat(fix16_t r, fxc_vec3 l, uint32_t band)
{
    uint64_t xy = (uint64_t)fxc_abs_u32(l.x) + fxc_abs_u32(l.y);
    return (uint64_t)r * xy <= (uint64_t)band * fxc_abs_u32(l.z);
}

/* Candidate k of body b's core for the local direction l (local frame),
 * with its number; 0 when there is no candidate k. Boxes: the corners
 * (bit j of k: the + side of axis j). Cylinders: the octagon of the cap
 * facing l when that cap is flat within the band, else the rim points
 * along l at both ends. Cones: the apex, and the base's octagon when the
 * base faces l and is flat, else the base's rim point along l. */
static int candidate(const fxc_body *b, fxc_vec3 l, uint32_t band, int k, fxc_vec3 *c, int *id)
{
    const fxc_shape *s = b->shape;
    *id = k;
    switch (s->type) {
    case FXC_SHAPE_SEGMENT:
        if (k >= 2) return 0;
        *c = k ? s->u.segment.b : s->u.segment.a;
        return 1;
    case FXC_SHAPE_TRIANGLE:
        if (k >= 3) return 0;
        *c = s->u.triangle.v[k];
        return 1;
    case FXC_SHAPE_BOX: {
        fxc_vec3 h = s->u.box.half;
        if (k >= 8) return 0;
        *c = fxc_v3(k & 1 ? h.x : -h.x, k & 2 ? h.y : -h.y, k & 4 ? h.z : -h.z);
        return 1;
    }
    case FXC_SHAPE_HULL:
        if (k >= s->u.hull.count) return 0;
        *c = s->u.hull.vertices[k];
        return 1;
    case FXC_SHAPE_CYLINDER: {
        fix16_t r = s->u.cylinder.radius, h = s->u.cylinder.half_height;
        if (cap_flat(r, l, band)) {
            if (k >= 8) return 0;
            *c = octagon_point(r, k, l.z >= 0 ? h : -h);
            *id = l.z >= 0 ? k : k + 8;
            return 1;
        }
        if (k >= 2) return 0;
        fxc_rim_point(r, l.x, l.y, c);
        c->z = k ? -h : h;
        *id = k ? RIM_BOTTOM : RIM_TOP;
        return 1;
    }
    case FXC_SHAPE_CONE: {
        fix16_t r = s->u.cone.radius, h = s->u.cone.half_height;
        int base = l.z < 0 && cap_flat(r, l, band);
        if (k == 0) {
            *c = fxc_v3(0, 0, h);
            *id = APEX;
            return 1;
        }
        if (base) {
            if (k > 8) return 0;
            *c = octagon_point(r, k - 1, -h);
            *id = k - 1;
            return 1;
        }
        if (k >= 2) return 0;
        fxc_rim_point(r, l.x, l.y, c);
        c->z = -h;
        *id = RIM_BOTTOM;
        return 1;
    }
    default: /* a point core, or a callback's: one point (the manifold
              * then takes fxc_collide's witness points) */
        if (k >= 1) return 0;
        *c = fxc_v3(0, 0, 0);
        return 1;
    }
}

/* The candidates within the band below the highest along n (pair frame,
 * heights exact). The band (raw LSB) is the rounding of the core's points
 * and of n (16 LSB and 2^-14 of the core's reach: a face rounded to
 * Q16.16, turned through a rotation, or seen along a normal fitted to 28
 * bits is off its plane by a few LSB and 2^-16 of the reach, so it still
 * counts as a face) plus `extra`; it is scaled
 * by n's largest component (at most |n|: the band measured along n is at
 * most the stated one). */
static void collect(const fxc_body *b, fxc_vec3 n, uint32_t extra, band_set *s)
{
    fxc_vec3 l = fxc_body_local_dir(b, n), c;
    uint32_t band = ((uint32_t)1 << (b->reach_bits > 14 ? b->reach_bits - 14 : 0)) + 16 + extra;
    uint32_t nmax = fxc_abs_u32(n.x) | fxc_abs_u32(n.y) | fxc_abs_u32(n.z);
    int64_t top = 0, floor_h;
    int k, id;
    for (k = 0; candidate(b, l, band, k, &c, &id); k++) {
        int64_t h = fxc_v3_dot_wide(n, fxc_body_place(b, c));
        if (k == 0 || h > top) top = h;
    }
    /* band below 2^30 (reach below 2^28, extra at most 2^29), n's largest
     * component below 2^28 (nmax, an OR of them, below 2^29): the product
     * is below 2^59 */
    floor_h = top - (int64_t)fxc_umull(band, nmax);
    s->n = 0;
    for (k = 0; candidate(b, l, band, k, &c, &id) && s->n < BAND_MAX; k++) {
        fxc_vec3 p = fxc_body_place(b, c);
        if (fxc_v3_dot_wide(n, p) < floor_h) continue;
        s->p[s->n] = p;
        s->id[s->n] = (uint8_t)id;
        s->n++;
    }
}

/* Orientation of c about a -> b seen from +n: > 0 left (counter-
 * clockwise), 0 collinear in projection, < 0 right. */
static int orient(fxc_vec3 n, fxc_vec3 a, fxc_vec3 b, fxc_vec3 c)
{
    return fxc_sign_dot_wide(fxc_v3_cross_wide(fxc_v3_sub(b, a), fxc_v3_sub(c, a)), n);
}

/* Do a and b project onto the same point across n ((b - a) x n = 0)? */
static int same_projection(fxc_vec3 n, fxc_vec3 a, fxc_vec3 b)
{
    fxc_vec3w c = fxc_v3_cross_wide(fxc_v3_sub(b, a), n);
    return c.x == 0 && c.y == 0 && c.z == 0;
}

/* The first point of the wrap: the farthest along a direction u across n,
 * of those the farthest along v = n x u (then the first): a vertex of the
 * projected polygon. */
static int wrap_start(fxc_vec3 n, const band_set *s)
{
    fxc_vec3w across[2];
    fxc_vec3 u, v;
    int64_t bu = 0, bv = 0;
    int i, k = 0;
    fxc_segment_normals(n, across);
    (void)fxc_dir_fit(&across[0], &u); /* n x (an axis): never zero */
    (void)fxc_dir_fit(&across[1], &v);
    for (i = 0; i < s->n; i++) {
        int64_t hu = fxc_v3_dot_wide(u, s->p[i]), hv = fxc_v3_dot_wide(v, s->p[i]);
        if (i == 0 || hu > bu || (hu == bu && hv > bv)) {
            bu = hu;
            bv = hv;
            k = i;
        }
    }
    return k;
}

/* Gift wrapping (Jarvis's march) of the band's points about n, counter-
 * clockwise from wrap_start: each next point has every point on its left
 * or on its line, the farthest of those on the line, so collinear and
 * repeated points drop out. Stops where it meets a point it took, or
 * after FXC_FEATURE_MAX points. */
static void wrap(fxc_vec3 n, const band_set *s, fxc_feature *f)
{
    int cur = wrap_start(n, s);
    uint32_t taken = 0; /* bit i: point i is in f (a start within rounding
                         * of an edge is left out of the loop it closes) */
    f->n = 0;
    if (s->n == 0) return; /* cannot happen: the highest candidate is in its own band */
    do {
        int next = -1, i;
        taken |= (uint32_t)1 << cur;
        f->p[f->n] = s->p[cur];
        f->id[f->n] = s->id[cur];
        f->n++;
        for (i = 0; i < s->n; i++) {
            int o;
            if (i == cur || same_projection(n, s->p[cur], s->p[i])) continue;
            if (next < 0) {
                next = i;
                continue;
            }
            o = orient(n, s->p[cur], s->p[next], s->p[i]);
            /* right of cur -> next, or on its line and farther */
            if (o < 0 || (o == 0 && fxc_v3_dot_wide(fxc_v3_sub(s->p[i], s->p[cur]), fxc_v3_sub(s->p[next], s->p[cur])) >
                                        fxc_v3_dot_wide(fxc_v3_sub(s->p[next], s->p[cur]), fxc_v3_sub(s->p[next], s->p[cur]))))
                next = i;
        }
        if (next < 0) break; /* every point projects onto this one */
        cur = next;
    } while (!(taken & ((uint32_t)1 << cur)) && f->n < FXC_FEATURE_MAX);
}

void fxc_support_feature(const fxc_body *b, fxc_vec3 n, int against, uint32_t extra, fxc_feature *f)
{
    band_set s;
    collect(b, against ? fxc_v3_neg(n) : n, extra, &s);
    wrap(n, &s, f);
}
