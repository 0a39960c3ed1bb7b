/* The 2D contact manifold: up to two points, Box2D-style.
 *
 *  1. fxc2_collide's answer gives the direction from A to B.
 *  2. Each core's edge facing the other: of the two edges at its support
 *     vertex, the one whose outward normal is nearer that direction.
 *  3. The better aligned of the two is the reference edge (A's unless B's
 *     is clearly better), the other core's edge most against its normal
 *     the incident edge.
 *  4. The incident shape's flat side along the incident edge is clipped
 *     to the reference edge's side lines (at the support vertex, the
 *     margin's rounded corner gives its deepest point), and each end is
 *     kept while its separation along the reference normal is within the
 *     speculative distance plus the touching band.
 * A core that is one point, or a contact no edge faces, gives collide's
 * own point. Side and overlap tests are exact signs; each crossing is one
 * rounded ratio, each separation one rounded height over a length. */
#include <stddef.h>
#include "geom2d.h"
#include "fxc_bits.h"
#include "approx.h"

/* An edge of a core, counter-clockwise, with how well it faces a
 * direction u: its outward normal's component along u over its length,
 * h / |e| with h = n . u, exact in int64 (h < 2^61, |e|^2 < 2^61:
 * geom2d.h). */
typedef struct {
    int i0, i1;    /* vertex numbers, i0 -> i1 counter-clockwise */
    int faces;     /* h > 0: the edge faces u at all */
    int square;    /* a box's edge whose outward normal lies along u: none
                    * faces u better (square_edge) */
    int64_t h, ee; /* n . u and |e|^2 */
} facing_edge;

/* Does edge f face u better than edge g, by more than the factor 1 + 2^-k
 * on the squared facings (k <= 31; 31: not at all), and by the cut values'
 * own error? An edge that faces u is better than one that does not.
 * Most pairs are told apart by h and |e|^2 alone, exactly: a facing no
 * higher over an edge no shorter is no better; one higher by more than
 * 1/16 over an edge no longer is better by (17/16)^2 on the squares, far
 * beyond 1 + 2^-k and the cut error, so the cut values would say the
 * same (the sums stay below 2^62). Else the squared facings h^2 / |e|^2
 * are compared by cross products of h^2 and |e|^2 cut to 31 bits
 * (relative 2^-25 each), with no square root. */
static int faces_better(const facing_edge *f, const facing_edge *g, int k)
{
    fxc_approx hf, hg, gf, fg;
    uint64_t m;
    if (!f->faces || !g->faces) return f->faces && !g->faces;
    if (f->h <= g->h && f->ee >= g->ee) return 0;
    if (f->h > g->h + (g->h >> 4) && f->ee <= g->ee) return 1;
    hf = fxc_approx_u64((uint64_t)f->h);
    hg = fxc_approx_u64((uint64_t)g->h);
    gf = fxc_approx_mul(fxc_approx_mul(hg, hg), fxc_approx_u64((uint64_t)f->ee));
    fg = fxc_approx_mul(fxc_approx_mul(hf, hf), fxc_approx_u64((uint64_t)g->ee));
    m = (uint64_t)gf.m + (gf.m >> k);
    if (m >> 31) { /* back to 31 bits */
        m >>= 1;
        gf.e++;
    }
    gf.m = (uint32_t)m;
    return fxc_approx_surely_less(gf, fg);
}

/* Candidate edge i0 -> i1, grown over straight vertices (when `grow`), if
 * it faces u better than the best so far (the earlier on a tie). */
static void consider_edge(const fxc2_core *c, int i0, int i1, int grow, fxc2_vec u, facing_edge *best)
{
    facing_edge f;
    fxc2_vec e;
    if (grow) fxc2_extend_edge(c, &i0, &i1);
    e = fxc2_sub(c->v[i1], c->v[i0]);
    f.h = fxc2_dot(fxc2_out_normal(e), u);
    if (f.h <= 0) return;
    f.i0 = i0;
    f.i1 = i1;
    f.faces = 1;
    f.square = 0;
    f.ee = fxc2_dot(e, e);
    if (faces_better(&f, best, 31)) *best = f;
}

/* A box's edge square to u, when there is one: its outward normal lies
 * along u (ex . u = 0 or ey . u = 0, exactly), so no edge faces u better,
 * and the other edge at the support corner i (fxc2_box_corner: the
 * edge's first end, but for the -x side, 3 -> 0: its last) is left
 * unmeasured. It faces u (h > 0: u and its outward normal are both
 * square to the same extent and point the same way along the other),
 * and is measured for a comparison with the other core's edge.
 * Returns 0 when u is square to neither side. */
static int square_edge(const fxc2_core *c, int i, int64_t sx, int64_t sy, fxc2_vec u, facing_edge *best)
{
    fxc2_vec e;
    if (sx != 0 && sy != 0) return 0;
    best->i0 = sy == 0 && sx < 0 ? 3 : i;
    best->i1 = (best->i0 + 1) & 3;
    e = fxc2_sub(c->v[best->i1], c->v[best->i0]);
    best->h = fxc2_dot(fxc2_out_normal(e), u);
    best->ee = fxc2_dot(e, e);
    best->faces = 1;
    best->square = 1;
    return 1;
}

/* Of the two edges at the core's support vertex along u, the one facing u
 * better, to *best; faces = 0 when neither faces it. A box's core has an area
 * (geom2d.h): four distinct corners, none straight, so its neighbours are
 * the next corners round and no edge grows. Any other core is walked past
 * repeated and straight vertices. */
static void best_edge(const fxc2_core *c, fxc2_vec u, facing_edge *best)
{
    int i, prev, next;
    best->faces = 0; /* an edge that does not face u has nothing else read */
    best->square = 0;
    if (c->box) {
        int64_t sx = fxc2_dot(c->ex, u), sy = fxc2_dot(c->ey, u);
        i = fxc2_box_corner(sx, sy);
        if (square_edge(c, i, sx, sy, u, best)) return;
        prev = (i + 3) & 3;
        next = (i + 1) & 3;
    } else {
        i = fxc2_support_index(c, u);
        prev = fxc2_neighbour(c, i, -1);
        next = fxc2_neighbour(c, i, 1);
        if (prev < 0) return;
    }
    consider_edge(c, prev, i, !c->box, u, best);
    consider_edge(c, i, next, !c->box, u, best);
}

static uint32_t feature2d_code(int i0, int i1, unsigned kind)
{
    return (uint32_t)i0 | ((uint32_t)i1 << 5) | (kind << 10);
}

/* One clipped end of the incident edge: the point, its feature (the
 * incident vertex, or the incident edge where it was cut), and the
 * reference feature that made it (the reference edge, or where a side
 * line cut it, the reference vertex on that line: the two ends of an
 * incident edge cut at both sides get different ids). */
typedef struct {
    fxc2_vec x;
    uint32_t code, ref;
} clip_end;

/* Keeps the part of the segment q[0] -> q[1] where dot(x - o, t) >= 0,
 * the side line through the reference vertex o (code o_code). Returns 0
 * when nothing is left. Heights < 2^61 (x - o < 2^30). */
static int clip_side(clip_end q[2], fxc2_vec o, uint32_t o_code, fxc2_vec t, uint32_t edge_code)
{
    int64_t h0 = fxc2_dot(fxc2_sub(q[0].x, o), t), h1 = fxc2_dot(fxc2_sub(q[1].x, o), t);
    int out = 1; /* the end that gets cut */
    if (h0 < 0 && h1 < 0) return 0;
    if (h0 >= 0 && h1 >= 0) return 1;
    if (h0 < 0) out = 0;
    /* The crossing at h0 / (h0 - h1) from q[0], on the segment. */
    {
        uint64_t a0 = (uint64_t)(h0 < 0 ? -h0 : h0), a1 = (uint64_t)(h1 < 0 ? -h1 : h1);
        q[out].x = fxc2_lerp_ratio(q[0].x, q[1].x, a0, a0 + a1);
        q[out].code = edge_code;
        q[out].ref = o_code;
    }
    return 1;
}

/* The reference edge re of core ref, the incident edge ie of core inc.
 * fa and fb hold A's and B's facing edges; re points at one of them. */
typedef struct {
    const fxc2_core *ref, *inc;
    facing_edge fa, fb, ie;
    const facing_edge *re;
    int ref_is_a;
} edge_pair;

/* Reference and incident edges along the exact direction dir (A to B). */
static int choose_edges(const fxc2_pair *p, fxc2_vec dir, edge_pair *ep)
{
    fxc2_vec m;
    best_edge(&p->a, dir, &ep->fa);
    if (!ep->fa.faces) return 0;
    /* B only when better by more than about 2^-20 of its facing (2^-19 of
     * its square: an angle of about 0.08 degrees from the direction): the
     * facings of parallel edges differ by their rounding only (2^-27),
     * and the ids stay put. None is better than A's square edge: B's
     * facing edge is not needed then (whether it faces at all, the
     * incident edge's search below finds again: along -m, a multiple of
     * -dir). */
    ep->ref_is_a = 1;
    if (!ep->fa.square) {
        best_edge(&p->b, fxc2_v(-dir.x, -dir.y), &ep->fb);
        if (!ep->fb.faces) return 0;
        ep->ref_is_a = !faces_better(&ep->fb, &ep->fa, 19);
    }
    ep->ref = ep->ref_is_a ? &p->a : &p->b;
    ep->inc = ep->ref_is_a ? &p->b : &p->a;
    ep->re = ep->ref_is_a ? &ep->fa : &ep->fb;
    m = fxc2_out_normal(fxc2_sub(ep->ref->v[ep->re->i1], ep->ref->v[ep->re->i0]));
    best_edge(ep->inc, fxc2_v(-m.x, -m.y), &ep->ie);
    return ep->ie.faces;
}

/* Clipped end q's height over the reference edge's line, along its
 * outward normal: the cores' separation there. */
static fix16_t core_separation(const edge_pair *ep, const clip_end *q, const fxc2_dir *mn, fxc2_vec m_int)
{
    fxc2_vec r0 = ep->ref->v[ep->re->i0];
    return fxc2_dir_height(mn, fxc2_dot(fxc2_sub(q->x, r0), m_int));
}

/* Clipped end q (on the incident surface) as the next point, h its height
 * over the reference core's line: on the reference core it is q moved
 * against the normal by h, then out to the reference surface by its
 * margin. */
static void add_point(fxc2_manifold *m, const fxc2_answer *c, const edge_pair *ep, const clip_end *q,
                      const fxc2_dir *mn, fix16_t h)
{
    fxc2_manifold_point *pt = &m->point[m->count];
    fix16_t r_ref = ep->ref->margin;
    fxc2_vec surf_ref = fxc2_dir_offset(mn, fxc2_dir_offset(mn, q->x, -h), r_ref);
    fxc2_vec surf_inc = q->x;
    pt->separation = h - r_ref;
    pt->point_a = fxc2_to_world(&c->pair, ep->ref_is_a ? surf_ref : surf_inc);
    pt->point_b = fxc2_to_world(&c->pair, ep->ref_is_a ? surf_inc : surf_ref);
    pt->id = ep->ref_is_a ? q->ref | (q->code << 16) : q->code | (q->ref << 16);
    m->count++;
}

/* A point zeroed, field by field (a copy of a zero point would be a
 * memcpy call on the Cortex-M0, and on the M3 one too). */
static void clear_point2d(fxc2_manifold_point *p)
{
    p->point_a = fxc2_v(0, 0);
    p->point_b = p->point_a;
    p->separation = 0;
    p->id = 0;
}

/* The whole manifold zeroed, field by field, as clear_point2d. */
static void clear_manifold(fxc2_manifold *m)
{
    int i;
    m->contact.distance = 0;
    m->contact.depth = 0;
    m->contact.normal = fxc2_v(0, 0);
    m->contact.point_a = m->contact.normal;
    m->contact.point_b = m->contact.normal;
    m->contact.gjk_iterations = 0;
    m->contact.epa_iterations = 0;
    m->normal = m->contact.normal;
    m->count = 0;
    for (i = 0; i < FXC2_MANIFOLD_MAX_POINTS; i++) clear_point2d(&m->point[i]);
}

/* The incident surface's side along the incident edge: the edge's ends
 * moved out by the incident margin along its own outward normal (exact
 * direction: fxc2_dir_offset), so that clipped, every point of it lies
 * on the incident shape's flat side. Moved along the reference normal
 * instead, a tilted rounded edge's points sank into its shape by
 * margin (1 - cos) (a capsule 30 degrees off a box's face: 4390 raw).
 * Budget: the range check keeps each coordinate of a core point plus
 * the margin within FXC_RAW_LIMIT of the centre, and the move changes
 * each by at most the margin (and rounding): geom2d.h's budget holds. */
static void incident_side(const edge_pair *ep, clip_end *q)
{
    fxc2_vec p0 = ep->inc->v[ep->ie.i0], p1 = ep->inc->v[ep->ie.i1];
    fxc2_dir mi;
    if (ep->inc->margin == 0) {
        q[0].x = p0;
        q[1].x = p1;
        return;
    }
    fxc2_dir_set(&mi, fxc2_out_normal(fxc2_sub(p1, p0)));
    q[0].x = fxc2_dir_offset(&mi, p0, ep->inc->margin);
    q[1].x = fxc2_dir_offset(&mi, p1, ep->inc->margin);
}

/* The incident edge's end lower along the reference normal m is the
 * incident core's support vertex against m (best_edge takes an edge at
 * that vertex): the point of its rounded corner deepest along m is the
 * vertex moved against m by the margin, deeper than the flat side's end.
 * It takes that end's place when the clipping left the end whole and the
 * point lies between the reference edge's side lines (t = r1 - r0);
 * else the flat side's end stays (the deepest contact then lies past the
 * reference edge, where misses_pair gives fxc2_collide's point). */
static void deepest_corner(const edge_pair *ep, clip_end *q, fxc2_vec m, const fxc2_dir *mn, fxc2_vec r0,
                           fxc2_vec r1, fxc2_vec t)
{
    fxc2_vec p0 = ep->inc->v[ep->ie.i0], p1 = ep->inc->v[ep->ie.i1], x;
    int k = fxc2_dot(m, p1) < fxc2_dot(m, p0), v = k ? ep->ie.i1 : ep->ie.i0;
    if (ep->inc->margin == 0 || q[k].code != feature2d_code(v, v, FXC2_FEATURE_VERTEX)) return;
    x = fxc2_dir_offset(mn, ep->inc->v[v], -ep->inc->margin);
    if (fxc2_dot(fxc2_sub(x, r0), t) >= 0 && fxc2_dot(fxc2_sub(x, r1), t) <= 0) q[k].x = x;
}

/* The manifold's two points swapped, field by field: a struct copy is a
 * memcpy call on the M0. */
static void swap_points(fxc2_manifold *m)
{
    fxc2_manifold_point *p = &m->point[0], *q = &m->point[1];
    fxc2_vec a = p->point_a, b = p->point_b;
    fix16_t sep = p->separation;
    uint32_t id = p->id;
    p->point_a = q->point_a;
    p->point_b = q->point_b;
    p->separation = q->separation;
    p->id = q->id;
    q->point_a = a;
    q->point_b = b;
    q->separation = sep;
    q->id = id;
}

/* The clipped points, the deeper first. Returns 0 when clipping kept none. */
FXC_NOINLINE static int clip_ends(fxc2_manifold *m, const fxc2_answer *c, fix16_t keep)
{
    edge_pair ep;
    clip_end q[2];
    fxc2_vec r0, r1, t, m_int, n_ref;
    fxc2_dir mn;
    uint32_t cut;
    int i;
    if (!choose_edges(&c->pair, c->dir, &ep)) return 0;
    r0 = ep.ref->v[ep.re->i0];
    r1 = ep.ref->v[ep.re->i1];
    t = fxc2_sub(r1, r0);
    cut = feature2d_code(ep.ie.i0, ep.ie.i1, FXC2_FEATURE_EDGE);
    incident_side(&ep, q);
    for (i = 0; i < 2; i++) {
        int v = i ? ep.ie.i1 : ep.ie.i0;
        q[i].code = feature2d_code(v, v, FXC2_FEATURE_VERTEX);
        q[i].ref = feature2d_code(ep.re->i0, ep.re->i1, FXC2_FEATURE_EDGE);
    }
    if (!clip_side(q, r0, feature2d_code(ep.re->i0, ep.re->i0, FXC2_FEATURE_VERTEX), t, cut)) return 0;
    if (!clip_side(q, r1, feature2d_code(ep.re->i1, ep.re->i1, FXC2_FEATURE_VERTEX), fxc2_v(-t.x, -t.y), cut)) return 0;
    m_int = fxc2_out_normal(t);
    if (m_int.x == c->dir.x && m_int.y == c->dir.y) {
        /* the contact's own direction (the edge normals' answer is often
         * this very edge): its measure and unit normal, already taken */
        mn = c->dn;
        n_ref = m->contact.normal;
    } else {
        fxc2_dir_set(&mn, m_int);
        n_ref = fxc2_dir_unit(&mn);
    }
    m->normal = ep.ref_is_a ? n_ref : fxc2_v(-n_ref.x, -n_ref.y);
    deepest_corner(&ep, q, m_int, &mn, r0, r1, t);
    for (i = 0; i < 2; i++) { /* an end beyond `keep` is not made at all */
        fix16_t h = core_separation(&ep, &q[i], &mn, m_int);
        if (h - ep.ref->margin <= keep) add_point(m, c, &ep, &q[i], &mn, h);
    }
    if (m->count == 2 && m->point[1].separation < m->point[0].separation) swap_points(m);
    return m->count > 0;
}

/* Do the clipped points miss the pair's depth (or distance) by more than
 * 2 LSB (the roundings of a crossing and of its separation)? The deepest
 * contact then lies beyond the reference edge's side lines, where a
 * margin rounds a corner. */
static int misses_pair(const fxc2_manifold *m)
{
    fix16_t pair = m->contact.depth > 0 ? -m->contact.depth : m->contact.distance;
    return m->point[0].separation > pair + 2;
}

/* fxc2_collide's own point, alone, its features the support vertices. */
static void contact_point(fxc2_manifold *m, const fxc2_answer *c)
{
    fxc2_manifold_point *pt = &m->point[0];
    clear_point2d(&m->point[1]);
    int ia = fxc2_support_index(&c->pair.a, c->dir);
    int ib = fxc2_support_index(&c->pair.b, fxc2_v(-c->dir.x, -c->dir.y));
    pt->point_a = m->contact.point_a;
    pt->point_b = m->contact.point_b;
    pt->separation = m->contact.depth > 0 ? -m->contact.depth : m->contact.distance;
    pt->id = feature2d_code(ia, ia, FXC2_FEATURE_VERTEX) | (feature2d_code(ib, ib, FXC2_FEATURE_VERTEX) << 16);
    m->normal = m->contact.normal;
    m->count = 1;
}

int fxc2_collide_manifold(const fxc2_shape *a, const fxc2_transform *ta,
                          const fxc2_shape *b, const fxc2_transform *tb, fix16_t speculative,
                          fxc2_manifold *out)
{
    fxc2_answer c;
    int st;
    if (out == NULL) return FXC_ERR_NULL;
    clear_manifold(out);
    if (speculative < 0) return FXC_ERR_NEGATIVE_SIZE;
    if (speculative > FXC_RAW_LIMIT) return FXC_ERR_RANGE;
    st = fxc2_pair_init(&c.pair, a, ta, b, tb);
    if (st != FXC_OK) return st;
    fxc2_solve_contact(&c);
    st = fxc2_contact_of(&c, &out->contact);
    out->normal = out->contact.normal;
    if (st < 0 && st != FXC_ERR_CAPACITY) return st;
    if (st == FXC_SEPARATED && out->contact.distance > speculative + FXC_TOUCH_TOL) return st;
    if (c.pair.a.n == 1 || c.pair.b.n == 1 || !clip_ends(out, &c, speculative + FXC_TOUCH_TOL) || misses_pair(out)) {
        contact_point(out, &c);
    }
    return st;
}
