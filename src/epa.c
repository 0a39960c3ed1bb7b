/* Sign-test EPA on Q16.16 with exact integer visibility tests.
 *
 * The polytope (vertices, and faces with adjacency) lives in the caller's
 * workspace. Each iteration:
 *  1. picks the face whose plane is closest to the origin (normal . vertex)
 *     among faces the origin projects into, decided once per face by the
 *     signs of three edge-side products, with no barycentric division;
 *  2. asks for the support point along that face's normal and stops when it
 *     is at most FXC_EPA_TOL beyond the face (a point of the polytope never
 *     is: the polytope stays convex);
 *  3. removes every face the new point sees (flood fill over adjacency,
 *     exact 93-bit signs) and closes the hole with a fan to the horizon.
 * Removing every visible face keeps the polytope convex, which is what
 * splitting only the closest face fails to do.
 *
 * Budget: Minkowski points < 2^29, edges < 2^30, exact face normals < 2^61;
 * directions and distances use the normal fitted to 28 bits (fxc_dir_fit),
 * so plane distances n28 . A < 2^59 are scaled by 1/|n28| from fxc_rsqrt:
 * relative error below 2^-27. */
#include <stddef.h>
#include "epa.h"
#include "wide.h"
#include "fxc_bits.h"
#include "filter.h"

enum face_state { FACE_FREE = 0, FACE_ALIVE, FACE_VISIBLE, FACE_HIDDEN };

#define NO_FACE 0xFF
#define FAR_AWAY 0x7FFFFFFF

typedef char fxc_check_epa_indices[(FXC_EPA_MAX_FACES < 255 && FXC_EPA_MAX_VERTICES >= 8) ? 1 : -1];

/* Exact normal of face f (not unit): (B - A) x (C - A), < 2^61. Written
 * through a pointer: a returned 24-byte struct costs a memcpy on the
 * Cortex-M0 wherever it is stored. */
static void face_normal(const fxc_workspace *ws, const fxc_epa_face *f, fxc_vec3w *nw)
{
    fxc_vec3 A = ws->w[f->v[0]];
    *nw = fxc_v3_cross_wide(fxc_v3_sub(ws->w[f->v[1]], A), fxc_v3_sub(ws->w[f->v[2]], A));
}

/* Face f's exact normal and the same fitted to 28 bits. Returns 0 for a
 * face of zero area (both zero). */
static int face_normals(const fxc_workspace *ws, const fxc_epa_face *f, fxc_vec3w *nw, fxc_vec3 *n)
{
    face_normal(ws, f, nw);
    return fxc_dir_fit(nw, n);
}

/* Computes a new face's fitted normal, its reciprocal length and its
 * plane's distance from the origin, once (the scan for the closest face,
 * its sign test and the support call along it read them). The sign test
 * waits until the face is a candidate for the closest face (most faces
 * never are). */
static void face_measure(const fxc_workspace *ws, fxc_epa_face *f)
{
    fxc_vec3w nw;
    int e;
    if (!face_normals(ws, f, &nw, &f->n)) {
        /* Zero area: never the closest face, never visible. */
        f->dist = FAR_AWAY;
        f->t = 0;
        f->e = 0;
        return;
    }
    fxc_rsqrt((uint64_t)fxc_v3_dot_wide(f->n, f->n), &f->t, &e);
    f->e = (uint8_t)e; /* 46 + s / 2 for |n|^2 < 2^58: 31 to 59 (58 or 59 for a 28-bit fitted n) */
    f->dist = (int32_t)fxc_mul_rsqrt(fxc_v3_dot_wide(f->n, ws->w[f->v[0]]), f->t, f->e);
}

/* Sign of n . (P x Q) at its most favourable over the normals the fitted
 * n stands for. fxc_fit_bits shifts right (a floor), so the exact normal,
 * at the fitted scale, is n + f with 0 <= f_i < 1 per component: rounding
 * n_i up where (P x Q)_i > 0 gives the largest value any of them gives
 * (exact: P x Q < 2^59, n_i + 1 < 2^29). */
static int edge_side_up(fxc_vec3 n, fxc_vec3 P, fxc_vec3 Q)
{
    fxc_vec3w c = fxc_v3_cross_wide(P, Q);
    n.x += c.x > 0;
    n.y += c.y > 0;
    n.z += c.z > 0;
    return fxc_sign_dot_wide(c, n);
}

/* Does the origin project inside face PQR? It does iff it is on the inner
 * side of each edge: n . (P x Q) >= 0 for the exact normal n. The test
 * takes each edge at its most favourable over the fitted normal's rounding
 * (edge_side_up), so that it never rejects a face the exact normal would
 * pass: the face closest to the origin always passes in exact arithmetic
 * (the polytope is convex and holds the origin), and it must not be
 * dropped here because the origin projects within rounding of one of its
 * edges, as it does onto the diagonal of a big square face split in two.
 * A face passed within rounding has its plane distance within rounding of
 * the closest one's.
 *   The fitted n itself decides first, as a filter: where it passes an
 * edge, edge_side_up would too (rounding up only adds positive terms).
 * Its three products need two cross products, as n . (P x Q) = (n x P) . Q,
 * n . (R x P) = -(n x P) . R and n . (Q x R) = (n x Q) . R (exact signs:
 * n x P < 2^58, points < 2^29). Only faces of nonzero area get here
 * (face_measure rules the others out), so n is not zero. */
static int face_inside(const fxc_workspace *ws, const fxc_epa_face *f, fxc_vec3 n)
{
    fxc_vec3 P = ws->w[f->v[0]], Q = ws->w[f->v[1]], R = ws->w[f->v[2]];
    fxc_vec3w nP = fxc_v3_cross_wide(n, P);
    if (fxc_sign_dot_wide(nP, Q) < 0 && edge_side_up(n, P, Q) < 0) return 0;
    if (fxc_sign_dot_wide(nP, R) > 0 && edge_side_up(n, R, P) < 0) return 0;
    return fxc_sign_dot_wide(fxc_v3_cross_wide(n, Q), R) >= 0 || edge_side_up(n, Q, R) >= 0;
}

/* Exact: does point w lie strictly beyond the plane through A with the
 * exact normal n? */
static int plane_sees(const fxc_vec3w *n, fxc_vec3 A, fxc_vec3 w)
{
    return fxc_sign_dot_wide(*n, fxc_v3_sub(w, A)) > 0;
}

/* Does w lie strictly beyond face f's plane? From its exact normal. */
static int face_sees_exact(const fxc_workspace *ws, const fxc_epa_face *f, fxc_vec3 w)
{
    fxc_vec3w n;
    face_normal(ws, f, &n);
    return plane_sees(&n, ws->w[f->v[0]], w);
}

/* The same for a measured face (face_measure), decided from its fitted
 * normal where the filter can (fxc_plane_sign_filtered). A face of zero
 * area sees nothing. */
static int face_sees(const fxc_workspace *ws, const fxc_epa_face *f, fxc_vec3 w)
{
    int s = f->t != 0 ? fxc_plane_sign_filtered(f->n, fxc_v3_sub(w, ws->w[f->v[0]])) : FXC_UNDECIDED;
    return s != FXC_UNDECIDED ? s > 0 : face_sees_exact(ws, f, w);
}

static int add_vertex(fxc_workspace *ws, const fxc_svert *s)
{
    ws->w[ws->nv] = s->w;
    ws->a[ws->nv] = s->a;
    return ws->nv++;
}

/* The start tetrahedron's faces and their neighbours, for vertices 0..3
 * ordered so that face (0, 1, 2) has vertex 3 behind it: every face is then
 * counter-clockwise seen from outside, and each edge is walked in opposite
 * directions by its two faces (adj[k] is across edge (v[k], v[k+1])). */
static const uint8_t tetra_v[4][3] = { { 0, 1, 2 }, { 0, 3, 1 }, { 1, 3, 2 }, { 2, 3, 0 } };
static const uint8_t tetra_adj[4][3] = { { 1, 2, 3 }, { 3, 2, 0 }, { 1, 3, 0 }, { 2, 1, 0 } };

static void build_tetra(fxc_workspace *ws)
{
    int f, k;
    fxc_epa_face *f0 = &ws->face[0];
    f0->v[0] = 0;
    f0->v[1] = 1;
    f0->v[2] = 2;
    if (face_sees_exact(ws, f0, ws->w[3])) { /* f0 is not measured yet */
        /* vertex 3 in front of (0, 1, 2): swap vertices 1 and 2 */
        fxc_vec3 t = ws->w[1];
        ws->w[1] = ws->w[2];
        ws->w[2] = t;
        t = ws->a[1];
        ws->a[1] = ws->a[2];
        ws->a[2] = t;
    }
    for (f = 0; f < 4; f++) {
        for (k = 0; k < 3; k++) {
            ws->face[f].v[k] = tetra_v[f][k];
            ws->face[f].adj[k] = tetra_adj[f][k];
        }
        ws->face[f].state = FACE_ALIVE;
        face_measure(ws, &ws->face[f]);
    }
    ws->nf = 4;
    ws->nfree = 0;
}

/* Support of A - B along a wide direction; 0 if the direction is zero. */
static int support_along(fxc_pair *p, fxc_vec3w d, fxc_svert *s)
{
    fxc_vec3 dir;
    if (!fxc_dir_fit(&d, &dir)) return 0;
    fxc_pair_support(p, dir, s);
    return 1;
}

/* The origin lies on segment w0-w1 of A - B: find a point off that line.
 * Returns 1 and the point, or 0 if A - B is (within its support points) a
 * segment, with *flat_dir a direction across it. */
static int grow_from_segment(fxc_pair *p, fxc_vec3 w0, fxc_vec3 w1, fxc_svert *out, fxc_vec3w *flat_dir)
{
    fxc_vec3 e = fxc_v3_sub(w1, w0);
    fxc_vec3w dirs[2], c;
    int k, side;
    fxc_segment_normals(e, dirs);
    *flat_dir = dirs[0];
    for (k = 0; k < 2; k++) {
        for (side = 0; side < 2; side++) {
            fxc_vec3w d = dirs[k];
            if (side) { d.x = -d.x; d.y = -d.y; d.z = -d.z; }
            if (!support_along(p, d, out)) continue;
            c = fxc_v3_cross_wide(e, fxc_v3_sub(out->w, w0));
            if (c.x != 0 || c.y != 0 || c.z != 0) return 1;
        }
    }
    return 0;
}

/* The origin lies on triangle w0 w1 w2: find the support point farthest off
 * its plane. Returns 0 if A - B is flat in that plane. */
static int grow_from_triangle(fxc_pair *p, const fxc_vec3 *w, fxc_svert *out)
{
    fxc_vec3w n = fxc_v3_cross_wide(fxc_v3_sub(w[1], w[0]), fxc_v3_sub(w[2], w[0]));
    fxc_svert up, down;
    fxc_vec3 d;
    int64_t hu, hd;
    if (!fxc_dir_fit(&n, &d)) return 0;
    fxc_pair_support(p, d, &up);
    fxc_pair_support(p, fxc_v3_neg(d), &down);
    hu = fxc_v3_dot_wide(d, fxc_v3_sub(up.w, w[0]));
    hd = -fxc_v3_dot_wide(d, fxc_v3_sub(down.w, w[0]));
    if (hu <= 0 && hd <= 0) return 0;
    *out = hu >= hd ? up : down;
    return 1;
}

/* Result for a flat or one-point Minkowski difference: depth 0 along d. */
static void flat_result(fxc_epa_result *r, fxc_vec3w d, const fxc_simplex *s)
{
    r->depth = 0;
    r->low = 0;
    r->t = 0;
    if (!fxc_dir_fit(&d, &r->dir)) r->dir = fxc_v3((fix16_t)1 << 27, 0, 0);
    fxc_simplex_points(s, &r->point_a, &r->point_b);
}

/* Builds the start tetrahedron around the origin from GJK's simplex.
 * Returns 1 when built, 0 when A - B turned out flat (result written). */
static int build_start(fxc_pair *p, const fxc_gjk_result *g, fxc_workspace *ws, fxc_epa_result *r)
{
    const fxc_simplex *s = &g->s;
    fxc_svert extra;
    fxc_vec3w flat;
    int i;

    ws->nv = 0;
    ws->nf = 0;
    if (s->n == 1) {
        /* The origin is a support point: it is on the boundary, and GJK
         * met that plane (height 0), so fxc_collide never calls EPA. */
        FXC_ASSERT(0);
        flat_result(r, fxc_v3_widen(g->touch_dir), s);
        return 0;
    }
    for (i = 0; i < s->n; i++) add_vertex(ws, &s->p[i]);
    if (ws->nv == 2) {
        if (!grow_from_segment(p, ws->w[0], ws->w[1], &extra, &flat)) {
            flat_result(r, flat, s);
            return 0;
        }
        add_vertex(ws, &extra);
    }
    if (ws->nv == 3) {
        fxc_vec3 pts[3];
        pts[0] = ws->w[0]; pts[1] = ws->w[1]; pts[2] = ws->w[2];
        if (!grow_from_triangle(p, pts, &extra)) {
            flat_result(r, fxc_v3_cross_wide(fxc_v3_sub(pts[1], pts[0]), fxc_v3_sub(pts[2], pts[0])), s);
            return 0;
        }
        add_vertex(ws, &extra);
    }
    build_tetra(ws);
    return 1;
}

/* Closest alive face the origin projects into (sign test, decided once
 * per face and only for faces that come up as closest); if none passes,
 * the closest face of the first scan. A face out of the running (freed,
 * zero area, or failed the sign test) has dist FAR_AWAY, so the scan
 * reads one field. A face that passes is never tested again: EPA ends on
 * it or removes it (the new point sees it), so no verdict is kept. */
static int closest_face(fxc_workspace *ws)
{
    int first = -1;
    for (;;) {
        int best = -1, i;
        int32_t bd = FAR_AWAY;
        fxc_epa_face *f;
        for (i = 0; i < ws->nf; i++) {
            if (ws->face[i].dist < bd) {
                bd = ws->face[i].dist;
                best = i;
            }
        }
        if (best < 0) break;
        if (first < 0) first = best;
        f = &ws->face[best];
        if (face_inside(ws, f, f->n)) return best;
        f->dist = FAR_AWAY;
    }
    /* Every face failed the sign test: cannot happen, since the closest
     * face passes in exact arithmetic and face_inside never rejects a face
     * the exact test passes (the assert hook watches). The first alive
     * face keeps the answer defined. */
    FXC_ASSERT(0);
    if (first < 0) {
        first = 0;
        while (first < ws->nf - 1 && ws->face[first].state != FACE_ALIVE) first++;
    }
    return first;
}

/* A candidate answer: a face, by its vertex indices (vertices are never
 * removed, so it can be answered from after the face itself is gone), its
 * fitted normal n, and the height of A - B along n (raw, rounded once from
 * the exact n . w of the support point w found along n): an upper bound of
 * the depth, since moving B by it along n ends the overlap. */
typedef struct {
    uint8_t v[3];
    uint8_t e;
    fxc_vec3 n;
    uint32_t t; /* 1 / |n| = t * 2^-e */
    int32_t height;
} epa_answer;

static void note_answer(const fxc_epa_face *f, fxc_vec3 w, epa_answer *a)
{
    int64_t h = fxc_v3_dot_wide(f->n, w);
    int k;
    for (k = 0; k < 3; k++) a->v[k] = f->v[k];
    a->n = f->n;
    a->t = f->t;
    a->e = f->e;
    a->height = (int32_t)fxc_mul_rsqrt(h > 0 ? h : 0, f->t, f->e);
}

/* Depth, normal and contact points of an answer: the depth is its height;
 * the contact points are the barycentric weights of the origin's
 * projection on the face (the only division in EPA) applied to the stored
 * support points, with b = a - w. */
static void answer_result(const fxc_workspace *ws, const epa_answer *a, fxc_epa_result *r)
{
    fxc_vec3 P[3], wp;
    int32_t wt[3];
    int i;
    r->depth = a->height;
    r->dir = a->n;
    r->t = a->t;
    r->e = a->e;
    for (i = 0; i < 3; i++) P[i] = ws->w[a->v[i]];
    fxc_triangle_weights(P, wt);
    wp = fxc_weighted_point(P, wt, 3);
    for (i = 0; i < 3; i++) P[i] = ws->a[a->v[i]]; /* same weights, A's points */
    r->point_a = fxc_weighted_point(P, wt, 3);
    r->point_b = fxc_v3_sub(r->point_a, wp);
}

typedef struct {
    uint8_t from, to, outer, outer_edge;
} horizon_edge;

/* Marks every face that sees w, starting from `start` (which does), lists
 * them in gone[], and lists the horizon: edges between a visible and a
 * hidden face. Iterative flood fill; the list doubles as the work stack.
 * Returns the edge count, or -1 if the horizon outgrows its buffer. */
static int find_horizon(fxc_workspace *ws, int start, fxc_vec3 w, horizon_edge *hz, uint8_t *gone, int *removed)
{
    int next = 0, nh = 0;
    gone[0] = (uint8_t)start;
    *removed = 1;
    ws->face[start].state = FACE_VISIBLE;
    while (next < *removed) {
        const fxc_epa_face *f = &ws->face[gone[next++]];
        int e;
        for (e = 0; e < 3; e++) {
            int gi = f->adj[e];
            fxc_epa_face *g = &ws->face[gi];
            if (g->state == FACE_VISIBLE) continue;
            if (g->state == FACE_ALIVE && face_sees(ws, g, w)) {
                g->state = FACE_VISIBLE;
                gone[(*removed)++] = (uint8_t)gi;
                continue;
            }
            g->state = FACE_HIDDEN;
            if (nh >= FXC_EPA_MAX_VERTICES) return -1;
            hz[nh].from = f->v[e];
            hz[nh].to = f->v[e == 2 ? 0 : e + 1]; /* no %: a libgcc call on the M0 */
            hz[nh].outer = (uint8_t)gi;
            hz[nh].outer_edge = (uint8_t)((g->v[0] == hz[nh].to) ? 0 : (g->v[1] == hz[nh].to) ? 1 : 2);
            nh++;
        }
    }
    return nh;
}

/* The horizon must be one simple loop: every vertex starts at most one
 * horizon edge, and every edge's end starts one. Always true for a convex
 * polytope with exact visibility; the check keeps a broken polytope from
 * ever being built. Fills start_of[vertex] = edge index for rebuild; the
 * caller resets it with clear_starts. */
static int horizon_is_loop(const horizon_edge *hz, int nh, uint8_t *start_of)
{
    int i, ok = nh >= 3;
    for (i = 0; i < nh; i++) {
        if (start_of[hz[i].from] != NO_FACE) ok = 0;
        start_of[hz[i].from] = (uint8_t)i;
    }
    for (i = 0; i < nh; i++)
        if (start_of[hz[i].to] == NO_FACE) ok = 0;
    return ok;
}

static void clear_starts(const horizon_edge *hz, int nh, uint8_t *start_of)
{
    int i;
    for (i = 0; i < nh; i++) start_of[hz[i].from] = NO_FACE;
}

/* Replaces the visible faces by a fan from vertex wi to the horizon. Freed
 * slots are reused first; slots freed earlier are looked for only when
 * needed, then the used range grows. */
static void rebuild(fxc_workspace *ws, const horizon_edge *hz, int nh, const uint8_t *gone, int removed,
                    const uint8_t *start_of, int wi)
{
    uint8_t slot[FXC_EPA_MAX_VERTICES];
    int i, k;
    for (i = 0; i < nh; i++) ws->face[hz[i].outer].state = FACE_ALIVE;
    for (k = 0; k < nh && k < removed; k++) slot[k] = gone[k];
    for (i = k; i < removed; i++) {
        ws->face[gone[i]].state = FACE_FREE;
        ws->face[gone[i]].dist = FAR_AWAY;
        ws->nfree++;
    }
    for (i = 0; k < nh && ws->nfree > 0 && i < ws->nf; i++) {
        if (ws->face[i].state == FACE_FREE) {
            slot[k++] = (uint8_t)i;
            ws->nfree--;
        }
    }
    while (k < nh) slot[k++] = (uint8_t)ws->nf++;
    for (i = 0; i < nh; i++) {
        fxc_epa_face *f = &ws->face[slot[i]];
        f->v[0] = hz[i].from;
        f->v[1] = hz[i].to;
        f->v[2] = (uint8_t)wi;
        f->state = FACE_ALIVE;
        f->adj[0] = hz[i].outer;
        ws->face[hz[i].outer].adj[hz[i].outer_edge] = slot[i];
    }
    /* Fan neighbours: edge (to, w) of fan face i meets edge (w, from) of
     * the fan face j whose horizon edge starts where i's ends. */
    for (i = 0; i < nh; i++) {
        int j = start_of[hz[i].to];
        ws->face[slot[i]].adj[1] = slot[j];
        ws->face[slot[j]].adj[2] = slot[i];
    }
    for (i = 0; i < nh; i++) face_measure(ws, &ws->face[slot[i]]);
}

/* Clears the marks of an abandoned horizon search. */
static void unmark(fxc_workspace *ws, const horizon_edge *hz, int nh, const uint8_t *gone, int removed)
{
    int i;
    for (i = 0; i < removed; i++) ws->face[gone[i]].state = FACE_ALIVE;
    for (i = 0; i < nh; i++) ws->face[hz[i].outer].state = FACE_ALIVE;
}

/* Working memory of the expansion, on the stack (its size scales with
 * FXC_EPA_MAX_VERTICES; make stack counts it in fxc_collide's worst case);
 * start_of[] is all NO_FACE between expansions. */
typedef struct {
    horizon_edge hz[FXC_EPA_MAX_VERTICES];
    uint8_t gone[FXC_EPA_MAX_FACES];
    uint8_t start_of[FXC_EPA_MAX_VERTICES];
    int alive; /* faces of the polytope */
} expansion;

/* Adds support point s, which face `start` sees, to the polytope: removes
 * every face it sees and closes the hole with a fan to the horizon.
 * Returns FXC_OK, FXC_ERR_CAPACITY (the polytope is full), or
 * FXC_ERR_NO_CONVERGENCE when the horizon is no simple loop or the faces
 * would overflow: neither can happen on a convex polytope (exact
 * visibility keeps it convex, and Euler's formula bounds its faces by
 * FXC_EPA_MAX_FACES); the polytope is then left as it was. */
static int expand(fxc_workspace *ws, int start, const fxc_svert *s, expansion *x)
{
    int nh, removed = 0, st = FXC_OK;
    if (ws->nv >= FXC_EPA_MAX_VERTICES) return FXC_ERR_CAPACITY;
    nh = find_horizon(ws, start, s->w, x->hz, x->gone, &removed);
    if (nh < 0 || x->alive - removed + nh > FXC_EPA_MAX_FACES || !horizon_is_loop(x->hz, nh, x->start_of)) {
        FXC_ASSERT(0);
        st = FXC_ERR_NO_CONVERGENCE;
        if (nh < 0) nh = 0;
        unmark(ws, x->hz, nh, x->gone, removed);
    } else {
        rebuild(ws, x->hz, nh, x->gone, removed, x->start_of, add_vertex(ws, s));
        x->alive += nh - removed;
    }
    clear_starts(x->hz, nh, x->start_of);
    return st;
}

/* A step that grew the polytope (any other step's result is final). */
#define EPA_GREW 1

/* One EPA iteration: the support point along the closest face's normal,
 * then a stop rule, or the polytope grows by the point. Returns EPA_GREW,
 * or the final status (FXC_OK: converged). */
static int epa_step(fxc_pair *p, fxc_workspace *ws, expansion *x, epa_answer *cur, epa_answer *best, int32_t *low)
{
    int i, f = closest_face(ws);
    const fxc_epa_face *face = &ws->face[f];
    fxc_vec3 A = ws->w[face->v[0]], n = face->n;
    fxc_svert s;

    fxc_pair_support(p, n, &s);
    if (p->check != NULL) {
        fxc_svert known[3];
        for (i = 0; i < 3; i++) {
            known[i].w = ws->w[face->v[i]];
            known[i].a = ws->a[face->v[i]];
        }
        p->check(p, &n, &s, known, 3);
    }
    /* The polytope lies in A - B and holds the origin: the depth is at
     * least its closest face's distance. */
    if (face->dist > *low && face->dist != FAR_AWAY) *low = face->dist;
    note_answer(face, s.w, cur);
    if (cur->height < best->height) *best = *cur;
    /* Stop: a callback misbehaved. */
    if (p->status != FXC_OK) return p->status;
    /* Stop, converged: the support point is within FXC_EPA_TOL of the
     * face (exact test in n28 units). */
    if (fxc_height_within(fxc_v3_dot_wide(n, fxc_v3_sub(s.w, A)), fxc_v3_dot_wide(n, n), FXC_EPA_TOL)) return FXC_OK;
    /* Stop, converged: the point is not strictly beyond the face's exact
     * plane. The polytope grows only by such points, which keeps it
     * convex; on a long, thin face the fitted normal can tilt a point of
     * the polytope (one of its vertices) above the tolerance. */
    if (!face_sees(ws, face, s.w)) return FXC_OK;
    /* Grow; or stop: no room for the point (FXC_ERR_CAPACITY), or a broken
     * horizon (cannot happen). */
    i = expand(ws, f, &s, x);
    return i == FXC_OK ? EPA_GREW : i;
}

int fxc_epa(fxc_pair *p, const fxc_gjk_result *g, fxc_workspace *ws, fxc_epa_result *r)
{
    expansion x;
    epa_answer cur, best = { { 0, 0, 0 }, 0, { 0, 0, 0 }, 0, FAR_AWAY }; /* worse than any */
    int32_t low = 0;
    int i, st;

    r->iterations = 0;
    if (!build_start(p, g, ws, r)) return FXC_OK;
    for (i = 0; i < FXC_EPA_MAX_VERTICES; i++) x.start_of[i] = NO_FACE;
    x.alive = 4;
    /* Every step but the last adds a vertex: at most FXC_EPA_MAX_ITERATIONS. */
    do {
        st = epa_step(p, ws, &x, &cur, &best, &low);
        r->iterations++;
    } while (st == EPA_GREW);
    /* Out of room or broken: the best answer found, the least height along
     * any normal tried (an upper bound of the depth at least as good as
     * the last closest face's). */
    if (st != FXC_OK) cur = best;
    answer_result(ws, &cur, r);
    r->low = low < r->depth ? low : r->depth;
    return st;
}
