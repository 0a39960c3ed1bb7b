/* Prepared hulls: the surface as a vertex graph, and supports by climbing.
 *
 * Why climbing finds the scan's answer. The order along a direction
 * (src/filter.h) is that of a linear function: the direction tilted by
 * infinitesimals, which ties no two distinct points. Take a vertex m of a
 * triangulated convex surface with no neighbour ahead of it. The function
 * is then at most its value at m over every triangle around m, a piece of
 * the surface around m, and not constant on any of them (their corners
 * are distinct points). A linear function with a local maximum on the
 * surface of a convex body has its maximum there over the whole body
 * (were some point of the body ahead, the points ahead near m would all
 * be inside the body, and the plane supporting the body at m would be a
 * level plane of the function, constant on the triangles around m). So
 * the climb ends at the first point of the whole set in the order, which
 * is what the scan returns (a duplicate of it has the same coordinates).
 *
 * The surface is built by the incremental hull. Each point that lies
 * strictly beyond some face sees a set of faces that forms a disc; those
 * are removed, and the disc's rim (the horizon) is joined to the point by
 * a fan. A point on the surface or inside sees none and is skipped: it is
 * a convex combination of points already in, so no vertex of the hull.
 * Every new face joins a horizon edge to a point strictly beyond the
 * face that edge bounded, so no face ever has zero area, and the surface
 * stays a triangulation of the hull of the points so far, coplanar
 * neighbours and all. By Euler's formula a closed triangulated surface
 * with V vertices has 2V - 4 faces and 3V - 6 edges: the sizes below.
 *
 * Budget: points below 2^28 raw (the hull rules), so edges below 2^29,
 * exact face normals below 2^59 and their dot products with edges below
 * 2^90, signed exactly by fxc_sign_dot_wide. */
#include <stddef.h>
#include "kind.h"
#include "wide.h"
#include "filter.h"

#define MAX_FACES (2 * FXC_HULL_MAX_VERTICES)

/* The surface under construction: faces counter-clockwise seen from
 * outside, and a mark for the faces the point being added sees. */
typedef struct {
    uint8_t v[MAX_FACES][3];
    uint8_t seen[MAX_FACES];
    int n;
} surface;

static int same(fxc_vec3 p, fxc_vec3 q)
{
    return p.x == q.x && p.y == q.y && p.z == q.z;
}

static int collinear(fxc_vec3 a, fxc_vec3 b, fxc_vec3 p)
{
    fxc_vec3w c = fxc_v3_cross_wide(fxc_v3_sub(b, a), fxc_v3_sub(p, a));
    return c.x == 0 && c.y == 0 && c.z == 0;
}

static void add_face(surface *s, int a, int b, int c)
{
    s->v[s->n][0] = (uint8_t)a;
    s->v[s->n][1] = (uint8_t)b;
    s->v[s->n][2] = (uint8_t)c;
    s->seen[s->n] = 0;
    s->n++;
}

/* The first four points that span a solid, each the first of the points
 * that would do (so no duplicate of one comes before it), as a
 * tetrahedron whose faces all face outwards. Returns 0 when the points
 * are flat. */
static int first_solid(surface *s, const fxc_vec3 *v, int n, int seed[4])
{
    int i = 1, o = 0, b, c;
    seed[0] = 0;
    while (i < n && same(v[i], v[0])) i++;
    seed[1] = i;
    while (i < n && collinear(v[0], v[seed[1]], v[i])) i++;
    seed[2] = i;
    while (i < n && (o = fxc_orient_sign(v[0], v[seed[1]], v[seed[2]], v[i])) == 0) i++;
    seed[3] = i;
    if (i >= n) return 0;
    /* b, c: the second and third seeds in the order that leaves the
     * fourth behind the face 0-b-c */
    b = o < 0 ? seed[1] : seed[2];
    c = o < 0 ? seed[2] : seed[1];
    s->n = 0;
    add_face(s, 0, b, c);
    add_face(s, 0, i, b);
    add_face(s, b, i, c);
    add_face(s, c, i, 0);
    return 1;
}

/* Is the edge from a to b of a face the point sees on the horizon? It is
 * when the face across it (the one holding the edge from b to a) is not
 * seen. */
static int on_horizon(const surface *s, int a, int b)
{
    int f, k;
    for (f = 0; f < s->n; f++)
        for (k = 0; k < 3; k++)
            if (s->v[f][k] == b && s->v[f][(k + 1) % 3] == a) return !s->seen[f];
    return 0; /* not reached: the surface is closed */
}

/* Adds point i: marks the faces it sees, keeps the horizon's edges in
 * rim as pairs of ends (at most one edge per vertex so far: 2 * count
 * bytes), removes the seen faces and joins the horizon to the point. */
static void insert_point(surface *s, const fxc_vec3 *v, int i, uint8_t *rim)
{
    int f, k, h = 0, kept = 0, seen = 0;
    for (f = 0; f < s->n; f++) {
        s->seen[f] = fxc_orient_sign(v[s->v[f][0]], v[s->v[f][1]], v[s->v[f][2]], v[i]) > 0 ? 1u : 0u;
        seen |= s->seen[f];
    }
    if (!seen) return;
    for (f = 0; f < s->n; f++) {
        if (!s->seen[f]) continue;
        for (k = 0; k < 3; k++) {
            int a = s->v[f][k], b = s->v[f][(k + 1) % 3];
            if (on_horizon(s, a, b)) {
                rim[h++] = (uint8_t)a;
                rim[h++] = (uint8_t)b;
            }
        }
    }
    for (f = 0; f < s->n; f++) {
        if (s->seen[f]) continue;
        for (k = 0; k < 3; k++) s->v[kept][k] = s->v[f][k];
        s->seen[kept++] = 0;
    }
    s->n = kept;
    for (k = 0; k < h; k += 2) add_face(s, rim[k], rim[k + 1], i);
}

/* The graph from the faces: vertex a's neighbours are the ends b of the
 * edges a to b of its faces (each edge of a closed surface runs once each
 * way, so each neighbour is listed once). first[] counts, then becomes
 * the start of each list, then each list's end while it is filled, and is
 * shifted back. */
static void make_graph(fxc_hull_graph *g, const surface *s)
{
    int f, k, i;
    for (i = 0; i <= g->count; i++) g->first[i] = 0;
    for (f = 0; f < s->n; f++)
        for (k = 0; k < 3; k++) g->first[s->v[f][k] + 1]++;
    for (i = 1; i <= g->count; i++) g->first[i] = (uint16_t)(g->first[i] + g->first[i - 1]);
    for (f = 0; f < s->n; f++)
        for (k = 0; k < 3; k++) g->next[g->first[s->v[f][k]]++] = s->v[f][(k + 1) % 3];
    for (i = g->count; i > 0; i--) g->first[i] = g->first[i - 1];
    g->first[0] = 0;
}

/* Which of 27 cells of directions l falls in: per component, -1, 0 or +1,
 * 0 when it is below 0.4 of the largest (about 22 degrees off the plane
 * across it). Each cell's direction (its three values) points near l. */
static int cell_of(fxc_vec3 l)
{
    uint32_t ax = fxc_abs_u32(l.x), ay = fxc_abs_u32(l.y), az = fxc_abs_u32(l.z), m = ax;
    int c = 13;
    if (ay > m) m = ay;
    if (az > m) m = az;
    m = (m >> 1) - (m >> 3) + (m >> 5); /* about 0.41 m */
    if (ax > m) c += l.x > 0 ? 9 : -9;
    if (ay > m) c += l.y > 0 ? 3 : -3;
    if (az > m) c += l.z > 0 ? 1 : -1;
    return c;
}

/* Each cell's first vertex, where climbs along directions in it start. */
static void make_cells(fxc_hull_graph *g, const fxc_vec3 *v, int n, int reach_bits)
{
    int c;
    for (c = 0; c < 27; c++) {
        fxc_vec3 d = fxc_v3(c / 9 - 1, c / 3 % 3 - 1, c % 3 - 1);
        g->cell[c] = (uint8_t)fxc_hull_argmax_filtered(v, n, d, reach_bits);
    }
}

/* Builds the surface point by point, in index order after the four that
 * start it, and the graph and the cells from it (for flat points, a graph
 * without edges: their supports scan). */
static void build(fxc_hull_graph *g, const fxc_vec3 *v, int n, int reach_bits)
{
    surface s;
    int seed[4], i;
    s.n = 0; /* flat points: no surface, and a graph without edges */
    g->climb = first_solid(&s, v, n, seed);
    for (i = seed[1] + 1; g->climb && i < n; i++)
        if (i != seed[2] && i != seed[3]) insert_point(&s, v, i, g->next);
    make_graph(g, &s);
    make_cells(g, v, n, reach_bits);
}

int fxc_hull_prepare_cfg(uint32_t config, fxc_hull_graph *g, const fxc_vec3 *vertices, int count)
{
    fxc_shape check;
    uint32_t reach;
    int st;
    if (g == NULL) return FXC_ERR_NULL;
    if (config != FXC_CONFIG_ID) return FXC_ERR_CONFIG;
    st = fxc_shape_hull(&check, vertices, count, 0);
    g->vertices = st == FXC_OK ? vertices : NULL;
    g->count = st == FXC_OK ? count : 0;
    g->climb = 0;
    if (st == FXC_OK) {
        (void)fxc_hull_rules(&check, &reach); /* the reach a query computes */
        build(g, vertices, count, fxc_bitlen32(reach));
    }
    return st;
}

/* The first vertex in the order along a local direction l, climbing from
 * vertex at, which must be on the surface (each step moves strictly
 * ahead, so a climb visits each vertex's neighbours at most once: at most
 * 6 * count comparisons, and mostly a few dozen). */
int fxc_hull_climb(const fxc_hull_graph *g, const fxc_vec3 *v, fxc_vec3 l, int reach_bits, int at)
{
    fxc_hull_search s;
    fxc_hull_search_init(&s, l, reach_bits, v, at);
    for (;;) {
        int k, from = s.best;
        for (k = g->first[from]; k < g->first[from + 1]; k++) fxc_hull_search_try(&s, v, g->next[k]);
        if (s.best == from) return from;
    }
}

/* A prepared hull's support point: the climb starts at the first vertex
 * along the cell of directions l lies in, mostly a step or two from the
 * answer. (Starting from the last answer instead, or from the better of
 * the two, cost the 64-vertex hulls of make bench more.) */
static fxc_vec3 support_climb(fxc_pair *p, fxc_body *b, fxc_vec3 d)
{
    const fxc_hull_graph *g = b->shape->u.hull.graph;
    const fxc_vec3 *v = b->shape->u.hull.vertices;
    fxc_vec3 l;
    if (!g->climb) return fxc_support_hull(p, b, d);
    l = fxc_body_local_dir(b, d);
    b->vid = (unsigned)fxc_hull_climb(g, v, l, b->reach_bits, g->cell[cell_of(l)]);
    return fxc_body_place(b, v[b->vid]);
}

/* A plain hull's rules, and a graph built for its vertices. */
static int graph_rules(const fxc_shape *s, uint32_t *reach)
{
    const fxc_hull_graph *g = s->u.hull.graph;
    int st = fxc_hull_rules(s, reach);
    if (st == FXC_OK && (g == NULL || g->vertices != s->u.hull.vertices || g->count != s->u.hull.count))
        st = FXC_ERR_BAD_SHAPE;
    return st;
}

const fxc_shape_kind fxc_kind_hull_graph = { FXC_SHAPE_HULL, graph_rules, support_climb, NULL, NULL, NULL, NULL, fxc_gjk,
                                              fxc_vertex_hull };

int fxc_shape_hull_graph(fxc_shape *s, const fxc_hull_graph *g, fix16_t margin)
{
    int st;
    if (s == NULL) return FXC_ERR_NULL;
    if (g == NULL) {
        /* unusable (type 0) whatever the struct held: a kind set too */
        (void)fxc_shape_hull(s, NULL, 0, margin);
        return FXC_ERR_NULL;
    }
    st = fxc_shape_hull(s, g->vertices, g->count, margin);
    if (st == FXC_OK) {
        s->kind = &fxc_kind_hull_graph;
        s->u.hull.graph = g;
    }
    return st;
}
