/* Supporting features: the candidate points of a core within a band of its
 * highest point along a direction, wrapped into a convex polygon (see
 * feature.h). Part of the manifold: shape -> support -> GJK -> EPA ->
 * supporting features -> clipping.
 *
 * Budget: candidates are pair-frame points below 2^28 raw; heights n . p
 * are exact in int64 (below 2^58); the wrap works on the points seen along
 * n, two 30-bit coordinates each (flatten). */
#include "feature.h"
#include "wide.h"
#include "filter.h"

/* Candidates that fall within the band, before wrapping: with more (a
 * hull face of over 32 vertices), the highest ones are kept. */
#define BAND_MAX 32

/* Candidate numbers of the curved cores: a cap's octagon 0..7 (a
 * cylinder's other cap 8..15), and the rim points along the direction. */
#define RIM_TOP 16
#define RIM_BOTTOM 17
#define APEX 16

typedef char fxc_check_band_max[BAND_MAX <= 255 ? 1 : -1]; /* wrap's uint8_t indices */

typedef struct {
    fxc_vec3 p[BAND_MAX];
    uint8_t id[BAND_MAX];
    int n;
    int top; /* the highest point (the first found on a tie) */
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
 * part's length)? l is below 2^31 per component, so |l.x| + |l.y| fits 32
 * bits, and r < 2^28, band < 2^30: each side is one 32 x 32-bit product
 * (a 64 x 64-bit one is a library call on the M0), below 2^61. */
static int cap_flat(fix16_t r, fxc_vec3 l, uint32_t band)
{
    uint32_t xy = fxc_abs_u32(l.x) + fxc_abs_u32(l.y);
    return fxc_umull((uint32_t)r, xy) <= fxc_umull(band, fxc_abs_u32(l.z));
}

/* Does a cylinder's cap stand for it along the local direction l: its cap
 * flat within the band (cap_flat), unless its side line, 2h long, is in
 * the band too, 2h |l_z| <= band max(|l_x|, |l_y|, |l_z|) (the max is at
 * most |l|: the line's ends differ by 2h |l_z| / |l| along l), and faces
 * l better, l_z^2 < l_x^2 + l_y^2 (beyond 45 degrees from the axis)? A
 * band wide enough (a speculative distance) takes in both the cap and
 * the side line of a cylinder lying nearly flat; its contact is the side
 * line. Components below 2^31 (squares below 2^62, two of them below
 * 2^63), 2h below 2^29, band below 2^30: each side one 32 x 32-bit
 * product. */
static int cap_stands(fix16_t r, fix16_t h, fxc_vec3 l, uint32_t band)
{
    uint32_t x = fxc_abs_u32(l.x), y = fxc_abs_u32(l.y), z = fxc_abs_u32(l.z), m = x > y ? x : y;
    if (!cap_flat(r, l, band)) return 0;
    if (fxc_umull(2 * (uint32_t)h, z) > fxc_umull(band, m > z ? m : z)) return 1;
    return fxc_umull(z, z) >= fxc_umull(x, x) + fxc_umull(y, y);
}

/* Candidate k of body b's core for the local direction l, in the pair
 * frame, with its number; 0 when there is no candidate k. Boxes: the
 * corners (bit j of k: the + side of axis j). Cylinders: the octagon of
 * the cap facing l when that cap stands for the cylinder (cap_stands),
 * else the rim points along l at both ends. Cones: the apex, and the
 * base's octagon when the base faces l and is flat, else the base's rim
 * point along l. */
static int candidate(fxc_body *b, fxc_vec3 l, uint32_t band, int k, fxc_vec3 *p, int *id)
{
    const fxc_shape *s = b->shape;
    fxc_vec3 c; /* the candidate in the local frame */
    *id = k;
    switch (s->type) {
    case FXC_SHAPE_SEGMENT:
        if (k >= 2) return 0;
        c = k ? s->u.segment.b : s->u.segment.a;
        break;
    case FXC_SHAPE_TRIANGLE:
        if (k >= 3) return 0;
        c = s->u.triangle.v[k];
        break;
    case FXC_SHAPE_BOX:
        if (k >= 8) return 0;
        *p = fxc_box_corner(b, (unsigned)k); /* the pair's corner cache: the same bits */
        return 1;
    case FXC_SHAPE_HULL:
        if (k >= s->u.hull.count) return 0;
        c = s->u.hull.vertices[k];
        break;
    case FXC_SHAPE_CYLINDER: {
        fix16_t r = s->u.cylinder.radius, h = s->u.cylinder.half_height;
        if (cap_stands(r, h, l, band)) {
            if (k >= 8) return 0;
            c = octagon_point(r, k, l.z >= 0 ? h : -h);
            *id = l.z >= 0 ? k : k + 8;
            break;
        }
        if (k >= 2) return 0;
        fxc_rim_point(r, l.x, l.y, &c);
        c.z = k ? -h : h;
        *id = k ? RIM_BOTTOM : RIM_TOP;
        break;
    }
    case FXC_SHAPE_CONE: {
        fix16_t r = s->u.cone.radius, h = s->u.cone.half_height;
        if (k == 0) {
            c = fxc_v3(0, 0, h);
            *id = APEX;
        } else if (l.z < 0 && cap_flat(r, l, band)) {
            if (k > 8) return 0;
            c = octagon_point(r, k - 1, -h);
            *id = k - 1;
        } else {
            if (k >= 2) return 0;
            fxc_rim_point(r, l.x, l.y, &c);
            c.z = -h;
            *id = RIM_BOTTOM;
        }
        break;
    }
    default: /* a point core, or a callback's: one point (the manifold
              * then takes fxc_collide's witness points) */
        if (k >= 1) return 0;
        c = fxc_v3(0, 0, 0);
        break;
    }
    *p = fxc_body_place(b, c);
    return 1;
}

/* Keeps the points of s at or above floor_h along n. */
static void drop_below(band_set *s, fxc_vec3 n, int64_t floor_h)
{
    int i, k = 0;
    for (i = 0; i < s->n; i++) {
        if (fxc_v3_dot_wide(n, s->p[i]) < floor_h) continue;
        s->p[k] = s->p[i];
        s->id[k] = s->id[i];
        k++;
    }
    s->n = k;
}

/* The band (raw LSB) is the rounding of the core's points and of n (16
 * LSB and 2^-14 of the core's reach: a face rounded to Q16.16, turned
 * through a rotation, or seen along a normal fitted to 28 bits is off its
 * plane by a few LSB and 2^-16 of the reach, so it still counts as a
 * face) plus `extra`: below 2^30 (reach below 2^28, extra at most 2^29). */
static uint32_t band_of(const fxc_body *b, uint32_t extra)
{
    return ((uint32_t)1 << (b->reach_bits > 14 ? b->reach_bits - 14 : 0)) + 16 + extra;
}

/* The band's width at n's scale: the band times nmax, the OR of n's
 * components (between their largest and twice it: the band measured
 * along n is at most twice the stated one); nmax below 2^28, so the
 * width is below 2^58. */
static int64_t band_width(uint32_t band, fxc_vec3 n)
{
    return (int64_t)fxc_umull(band, fxc_abs_u32(n.x) | fxc_abs_u32(n.y) | fxc_abs_u32(n.z));
}

/* How far a hull vertex c's placed height n . p can be from l . c +
 * n . offset, l = R^T n rounded as fxc_body_local_dir rounds it: placing
 * rounds each coordinate of R c by at most 1/2 (an error e), and l is
 * within 1/2 per component of the exact R^T n (an error f), so n . p =
 * l . c + n . offset + n . e - f . c, and |n . e - f . c| is at most
 * (|n|_1 + |c|_1) / 2, with |c|_1 at most 3 reach. Below 2^30. */
static int64_t hull_slack(const fxc_body *b, fxc_vec3 n)
{
    int64_t n1 = (int64_t)fxc_abs_u32(n.x) + fxc_abs_u32(n.y) + fxc_abs_u32(n.z);
    return (n1 + 3 * (int64_t)b->reach) / 2 + 1;
}

/* The candidates within the band below the highest along n (pair frame,
 * heights exact), in one pass: a new highest point drops those its band
 * leaves out. A hull's vertex that surely falls below the band of the
 * highest so far is passed over before it is placed (nine products, and
 * most vertices of a hull are far below the face): the exact test would
 * leave it out too, so the set is the same, bit for bit. */
static void collect(fxc_body *b, fxc_vec3 n, uint32_t extra, band_set *s)
{
    fxc_vec3 l = fxc_body_local_dir(b, n), p;
    uint32_t band = band_of(b, extra);
    int64_t width = band_width(band, n), top = 0;
    const int hull = b->shape->type == FXC_SHAPE_HULL;
    int64_t reach_up = 0; /* n . offset + hull_slack: a hull vertex's height is below l . c + this */
    int k, id, slot, highest;
    if (hull) reach_up = fxc_v3_dot_wide(n, b->offset) + hull_slack(b, n);
    s->n = 0;
    for (k = 0;; k++) {
        int64_t h;
        /* l . c below 2^61 (l below 3 2^29, c below 2^28) */
        if (hull && k > 0 && k < b->shape->u.hull.count &&
            fxc_v3_dot_wide(l, b->shape->u.hull.vertices[k]) + reach_up < top - width)
            continue;
        if (!candidate(b, l, band, k, &p, &id)) break;
        h = fxc_v3_dot_wide(n, p);
        highest = k == 0 || h > top;
        if (highest) {
            top = h;
            drop_below(s, n, top - width);
        }
        if (h < top - width) continue;
        if (s->n < BAND_MAX) {
            slot = s->n++;
        } else {
            /* full: the new point takes the lowest one's place if it is
             * higher, so that the highest point is always in */
            int i;
            slot = 0;
            for (i = 1; i < s->n; i++)
                if (fxc_v3_dot_wide(n, s->p[i]) < fxc_v3_dot_wide(n, s->p[slot])) slot = i;
            if (fxc_v3_dot_wide(n, s->p[slot]) >= h) continue;
        }
        s->p[slot] = p;
        s->id[slot] = (uint8_t)id;
        if (highest) s->top = slot; /* placed: it is above every other */
    }
}

/* The band's points seen along n: coordinates along two directions u, v
 * across n (fitted to 28 bits, u x v along +n), each dot product (below
 * 2^57.6) shifted down by 28 bits: below 2^30, one step at most 2 raw LSB
 * of the point's position. Orientations and distances in the plane are
 * then exact int64 expressions of these (differences below 2^31, products
 * below 2^62); rounding can only take a point within 2 LSB of a line to
 * lie on it, which moves the polygon by as much. */
typedef struct {
    int32_t u[BAND_MAX], v[BAND_MAX];
    int32_t h[BAND_MAX]; /* height along the band's direction, the same scale */
} flat_set;

/* The band's points seen along n (dir: the band's direction, n or -n). */
static void flatten(fxc_vec3 n, fxc_vec3 dir, const band_set *s, flat_set *f)
{
    fxc_vec3w across[2];
    fxc_vec3 u, v;
    int i;
    fxc_segment_normals(n, across);
    (void)fxc_dir_fit(&across[0], &u); /* n x (an axis): never zero */
    (void)fxc_dir_fit(&across[1], &v);
    for (i = 0; i < s->n; i++) {
        f->u[i] = (int32_t)(fxc_v3_dot_wide(u, s->p[i]) >> 28);
        f->v[i] = (int32_t)(fxc_v3_dot_wide(v, s->p[i]) >> 28);
        f->h[i] = (int32_t)(fxc_v3_dot_wide(dir, s->p[i]) >> 28);
    }
}

/* q - p for coordinates below 2^29.6 (flatten): below 2^30.6, an int32
 * (the subtraction in uint32, where it wraps without overflow). */
static int32_t flat_diff(int32_t q, int32_t p)
{
    return (int32_t)((uint32_t)q - (uint32_t)p);
}

/* Orientation of c about a -> b in the plane: > 0 left (counter-
 * clockwise seen from +n), 0 on the line, < 0 right. Two 32 x 32-bit
 * products (below 2^61.2 each), where int64 operands would make the
 * Cortex-M0 call gcc's 64 x 64-bit multiply. */
static int64_t orient(const flat_set *f, int a, int b, int c)
{
    int32_t bu = flat_diff(f->u[b], f->u[a]), bv = flat_diff(f->v[b], f->v[a]);
    int32_t cu = flat_diff(f->u[c], f->u[a]), cv = flat_diff(f->v[c], f->v[a]);
    return fxc_dot2(bu, cv, -bv, cu);
}

/* Is point a before point b in the plane: less u, or as much and less v? */
static int before(const flat_set *f, int a, int b)
{
    return f->u[a] < f->u[b] || (f->u[a] == f->u[b] && f->v[a] < f->v[b]);
}

/* Has the polygon f (three or more points, counter-clockwise seen from +n)
 * an area seen along n, exactly: is some triangle of its fan not square
 * to n? The wrap sees points to 2 raw LSB (flatten), and can keep three
 * points of one line (a cap of a needle a few LSB across) as a sliver of
 * area: its side planes would all be parallel, and bound nothing along the
 * line. Points of one core less than 2^29 apart, n below 2^28:
 * fxc_sign_dot_wide's range. */
static int has_area(fxc_vec3 n, const fxc_feature *f)
{
    int i;
    for (i = 1; i + 1 < f->n; i++) {
        fxc_vec3w c = fxc_v3_cross_wide(fxc_v3_sub(f->p[i], f->p[0]), fxc_v3_sub(f->p[i + 1], f->p[0]));
        if (fxc_sign_dot_wide(c, n) != 0) return 1;
    }
    return 0;
}

/* Andrew's monotone chain of the band's points seen along n, counter-
 * clockwise: the points seen, sorted by u then v, make the lower chain
 * left to right and the upper one back, each chain dropping its last
 * point while that point and the next do not turn left (orient), so
 * collinear and repeated points drop out. Integer coordinates have one
 * such polygon; it starts at the last point (the farthest along u, of
 * those along v: a vertex). More than FXC_FEATURE_MAX points are thinned
 * evenly along the polygon (a convex polygon inscribed in it, spread over
 * the whole face); a polygon of no area seen along n is its two ends, an
 * edge. Returns whether the band's highest point is hidden,
 * no corner of the polygon seen along n (inside it, or on a side between
 * two corners): the corners then all lie lower, and the polygon is not
 * the near side of the core (its far side sticking out from under it, or
 * two faces that meet at a ridge). */
FXC_NOINLINE static int wrap(fxc_vec3 n, fxc_vec3 dir, const band_set *s, fxc_feature *f)
{
    flat_set flat;
    uint8_t seen[BAND_MAX], chain[BAND_MAX + 1]; /* a convex chain of distinct points, and its first again */
    int k = 0, m = 0, lower, i, hidden;
    f->n = 0;
    flatten(n, dir, s, &flat);
    /* sorted, stable (insertion sort): points that coincide seen along n
     * are neighbours, in the band's order */
    for (i = 0; i < s->n; i++) {
        int j;
        for (j = i; j > 0 && before(&flat, i, seen[j - 1]); j--) seen[j] = seen[j - 1];
        seen[j] = (uint8_t)i;
    }
    /* of points that coincide, only the highest is seen (the first on a
     * tie): a band wide enough to take in a shape's far side (a thin slab
     * and a large speculative distance) must not give that side's corners */
    for (i = 0; i < s->n; i++) {
        int top = seen[i];
        while (i + 1 < s->n && flat.u[seen[i + 1]] == flat.u[top] && flat.v[seen[i + 1]] == flat.v[top]) {
            i++;
            if (flat.h[seen[i]] > flat.h[top]) top = seen[i];
        }
        seen[k++] = (uint8_t)top;
    }
    if (k == 0) return 0; /* cannot happen: the band has its highest point */
    for (i = 0; i < k; i++) {
        while (m >= 2 && orient(&flat, chain[m - 2], chain[m - 1], seen[i]) <= 0) m--;
        chain[m++] = seen[i];
    }
    lower = m;
    for (i = k - 2; i >= 0; i--) {
        while (m > lower && orient(&flat, chain[m - 2], chain[m - 1], seen[i]) <= 0) m--;
        chain[m++] = seen[i];
    }
    if (m > 1) m--; /* the first point closes the loop */
    hidden = 1;
    for (i = 0; hidden && i < m; i++) hidden = flat.u[chain[i]] != flat.u[s->top] || flat.v[chain[i]] != flat.v[s->top];
    /* from the last point of the lower chain, the farthest along u */
    for (i = 0; i < FXC_FEATURE_MAX && i < m; i++) {
        int slot = lower - 1 + (m <= FXC_FEATURE_MAX ? i : i * m / FXC_FEATURE_MAX);
        if (slot >= m) slot -= m; /* both terms below m: no % (a library call on the M0) */
        f->p[i] = s->p[chain[slot]];
        f->id[i] = s->id[chain[slot]];
    }
    f->n = i;
    if (f->n >= 3 && !has_area(n, f)) {
        /* no area seen along n: its two ends, the first and the last seen */
        f->p[1] = s->p[chain[0]];
        f->id[1] = s->id[chain[0]];
        f->n = 2;
    }
    return hidden;
}

/* A box's supporting feature straight from its columns: from the highest
 * corner (fxc_box_top, as fxc_support_box picks it), a column is
 * free when the corner across it lies within the band below; the free
 * columns span the feature (none: the corner, one: an edge, two: a face,
 * ordered counter-clockwise seen from +n by the exact sign of its area
 * along n). Returns 0 for what the columns do not settle (all three free,
 * a column seen end-on, or a face of no area along n: a flat box), left
 * to the wrap. The same corners as the wrap's, but within rounding of
 * the band's edge, and for a face tilted along both columns, whose far
 * corner may lie up to twice the band below (the wrap leaves it out, the
 * separations then drop it or keep it). Out of line: its locals stay off
 * the stack under the wrap. */
FXC_NOINLINE static int box_feature(fxc_body *b, fxc_vec3 n, fxc_vec3 dir, uint32_t extra, fxc_feature *f)
{
    unsigned top = fxc_box_top(b->rot, dir);
    int64_t width = band_width(band_of(b, extra), dir);
    unsigned span[2] = { 0, 0 }, base;
    uint32_t nmax = fxc_abs_u32(n.x) | fxc_abs_u32(n.y) | fxc_abs_u32(n.z);
    int k, free = 0;
    for (k = 0; k < 3; k++) {
        unsigned bit = 1u << k;
        fxc_vec3 e = fxc_v3_sub(fxc_box_corner(b, top ^ bit), fxc_box_corner(b, top));
        fxc_vec3w across;
        if (fxc_v3_dot_wide(dir, e) < -width) continue;
        /* a free column seen end-on (less than about 16 raw across n: each
         * component of e x n, below 2^58, within 16 nmax) puts two corners
         * within rounding of one point seen along n, which the wrap merges
         * into one: such a box is left to the wrap */
        across = fxc_v3_cross_wide(e, n);
        if (free == 2 || (fxc_abs_u64(across.x) < 16 * (uint64_t)nmax && fxc_abs_u64(across.y) < 16 * (uint64_t)nmax &&
                          fxc_abs_u64(across.z) < 16 * (uint64_t)nmax))
            return 0;
        span[free++] = bit;
    }
    base = top & ~(span[0] | span[1]);
    f->id[0] = (uint8_t)base;
    f->id[1] = (uint8_t)(base | span[0]);
    f->id[2] = (uint8_t)(base | span[0] | span[1]);
    f->id[3] = (uint8_t)(base | span[1]);
    f->n = free == 0 ? 1 : 2 * free;
    for (k = 0; k < f->n; k++) f->p[k] = fxc_box_corner(b, f->id[k]);
    if (free == 2) {
        /* corners less than 2^29 apart, n below 2^28: fxc_sign_dot_wide's range */
        fxc_vec3w area = fxc_v3_cross_wide(fxc_v3_sub(f->p[1], f->p[0]), fxc_v3_sub(f->p[3], f->p[0]));
        int s = fxc_sign_dot_wide(area, n);
        if (s == 0) return 0;
        if (s < 0) {
            fxc_vec3 p = f->p[1];
            uint8_t id = f->id[1];
            f->p[1] = f->p[3];
            f->id[1] = f->id[3];
            f->p[3] = p;
            f->id[3] = id;
        }
    }
    return 1;
}

/* Is candidate id one of f's corners? */
static int corner_of(const fxc_feature *f, uint8_t id)
{
    int i;
    for (i = 0; i < f->n; i++)
        if (f->id[i] == id) return 1;
    return 0;
}

int fxc_feature_normal(const fxc_feature *ft, fxc_vec3 n, fxc_vec3 *f)
{
    fxc_vec3w w;
    fxc_vec3 r0 = ft->p[0];
    int i;
    if (ft->n == 2) {
        fxc_vec3 e = fxc_v3_sub(ft->p[1], r0), across;
        w = fxc_v3_cross_wide(e, n);
        if (!fxc_dir_fit(&w, &across)) return 0;
        w = fxc_v3_cross_wide(across, e);
        return fxc_dir_fit(&w, f);
    }
    /* at most 10 cross products of differences below 2^29: the sum stays
     * below 2^63 (none for a point: no normal) */
    w.x = w.y = w.z = 0;
    for (i = 1; i + 1 < ft->n; i++) {
        fxc_vec3w c = fxc_v3_cross_wide(fxc_v3_sub(ft->p[i], r0), fxc_v3_sub(ft->p[i + 1], r0));
        w.x += c.x;
        w.y += c.y;
        w.z += c.z;
    }
    return fxc_dir_fit(&w, f);
}

/* Is feature f the core's near side: no point of the band s but f's own
 * above f's plane (fxc_feature_normal: a polygon's, or an edge's
 * perpendicular nearest dir), toward dir, by more than the band of
 * rounding (band_of with no extra, at the normal's scale)? A band wider
 * than the core is thick (a plate under a speculative distance) takes in
 * its far side too, and the wrap seen along n can keep far corners with
 * near ones: a plane across the core, inside it, with near points over
 * its middle (a box 0.17 unit thick: points 3,780 LSB inside), or an
 * edge through it. A face tilted within the band, its points not quite
 * on one plane, has every point a corner (or on its plane). Heights
 * exact (below 2^59). */
static int near_side(const fxc_body *b, fxc_vec3 dir, const band_set *s, const fxc_feature *f)
{
    fxc_vec3 nf;
    int64_t width;
    int i;
    if (!fxc_feature_normal(f, dir, &nf)) return 1; /* a point, an edge along dir, no area: no guide */
    if (fxc_v3_dot_wide(nf, dir) < 0) nf = fxc_v3_neg(nf);
    width = band_width(band_of(b, 0), nf);
    for (i = 0; i < s->n; i++)
        if (!corner_of(f, s->id[i]) && fxc_v3_dot_wide(nf, fxc_v3_sub(s->p[i], f->p[0])) > width) return 0;
    return 1;
}

void fxc_support_feature(fxc_body *b, fxc_vec3 n, int against, uint32_t extra, fxc_feature *f)
{
    band_set s;
    fxc_vec3 dir = against ? fxc_v3_neg(n) : n;
    int hidden;
    if (b->shape->type == FXC_SHAPE_BOX && box_feature(b, n, dir, extra, f)) return;
    collect(b, dir, extra, &s);
    /* a hidden highest point, or a polygon with band points above it:
     * the band's polygon is not the core's near side, which is in the
     * band without the extra width */
    hidden = wrap(n, dir, &s, f);
    if (extra > 0 && (hidden || !near_side(b, dir, &s, f))) {
        collect(b, dir, 0, &s);
        (void)wrap(n, dir, &s, f);
    }
}
