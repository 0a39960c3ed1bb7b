/* Cylinders and cones in general poses against an independent double
 * reference written here: analytic support functions (cylinder, cone, box,
 * sphere, each swept by its margin) and signed distances to each shape.
 *
 * Pairs: cylinder-box, cone-box, cylinder-cone, cylinder-sphere,
 * cone-sphere, cone-cone (A and B swapped in every other case), each shape
 * at a random rotation (scene_rotation), with half heights, radii and half
 * extents in 0.1..1 units (the shapes span 0.2..2 units) and margins 0 (a
 * third of the time) or 0..0.3 units (sphere radii 0.1..1); B at a random
 * offset from A, so that separated and penetrating pairs both occur
 * (touching ones rarely).
 *
 * curved_distance_certificate: a separated answer must come with its own
 * proof. The gap along the returned normal, min over B of b.n minus max
 * over A of a.n, is a lower bound of the true distance d*; the witnesses'
 * core points (each witness moved back by its margin along the normal),
 * |cb - ca| less both margins, an upper bound. Both must lie within the
 * bound of the reported distance, and the witnesses on their surfaces.
 * Also: fxc_intersect says separated iff fxc_distance does, and no sampled
 * direction separates a pair called touching or overlapping.
 *
 * curved_depth_minimal: a penetrating answer is the overlap along its own
 * normal, max over A of a.n minus min over B of b.n (so moving B by it
 * ends the overlap), and no direction overlaps less than the bracket's low
 * end, depth - depth_error: sampled over the world axes, the centre line,
 * the shapes' axes, the box face normals, random directions near the
 * normal and anywhere, and a pattern search downhill from the best. The
 * contact points lie on the surfaces, and where EPA ran, depth * normal
 * apart (with only the margins overlapping, that distance is reported, not
 * checked: see the depth loop). FXC_ERR_CAPACITY answers get the same
 * depth checks (their bracket is wider); their contact points only have to
 * lie in the shapes (counted and reported).
 *
 * The reference maps a local point by the fix16 matrix as given (in
 * double) and adds the margin in world space, as the library does: the
 * support value of a body along a world unit n is n.pos + h_core(R^T n) +
 * margin, exact for any matrix. A world point goes back to the local frame
 * through the exact inverse of the same double matrix rather than its
 * transpose: the quaternion matrices are orthonormal only to ~1e-5, which
 * through the transpose would move a point 2 units from the centre by up
 * to ~2 LSB, half the bound below.
 *
 * Error bound, from the bit budget (the same as test_epa.c's DEPTH_BOUND):
 * a support point of a curved rim is rounded inwards by < 1 LSB per
 * rounded coordinate, and its rotation into the world rounds each
 * coordinate once more (< 0.5 LSB): < 1.73 LSB per shape, both shapes
 * together < 3.5 LSB; the reported distance, depth or point is rounded once
 * more (0.5 LSB) and EPA's own tolerance is in depth_error: 4.5 LSB. On top,
 * the unit normal is rounded to Q16.16, which tilts it by up to
 * 0.87 * 2^-16 rad: a support height along it moves by up to 0.87 LSB per
 * unit of the Minkowski difference's radius (the tilt term, as
 * scene_minkowski_radius). Every check uses bound = 4.5 LSB + tilt, but
 * for the witnesses' separation when the margins take up most of the
 * cores' distance (witness_allowance).
 */
#include <math.h>
#include "scene.h"
#include "stats.h"

#define CURVED_BOUND 4.5 /* LSB, see above */
#define LSB_PER_UNIT 65536.0

/* ---- double reference ---------------------------------------------------- */

typedef struct { double x, y, z; } dvec;

static dvec dv(double x, double y, double z)
{
    dvec r;
    r.x = x;
    r.y = y;
    r.z = z;
    return r;
}
static dvec dv_from(fxc_vec3 v) { return dv(t_d(v.x), t_d(v.y), t_d(v.z)); }
static dvec dv_add(dvec a, dvec b) { return dv(a.x + b.x, a.y + b.y, a.z + b.z); }
static dvec dv_sub(dvec a, dvec b) { return dv(a.x - b.x, a.y - b.y, a.z - b.z); }
static dvec dv_scale(dvec a, double s) { return dv(a.x * s, a.y * s, a.z * s); }
static double dv_dot(dvec a, dvec b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static double dv_len(dvec a) { return sqrt(dv_dot(a, a)); }
static dvec dv_cross(dvec a, dvec b) { return dv(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x); }
static dvec dv_unit(dvec a) { return dv_scale(a, 1.0 / dv_len(a)); }
static double dmax(double a, double b) { return a > b ? a : b; }
static double dmin(double a, double b) { return a < b ? a : b; }

enum { K_CYLINDER, K_CONE, K_BOX, K_SPHERE };

/* One body: the library's shape and transform, and the same in double. */
typedef struct {
    fxc_shape shape;
    fxc_transform xf;
    int kind;
    double m[3][3];   /* the fix16 rotation entries */
    double inv[3][3]; /* its exact inverse (in double) */
    dvec pos;
    double h, r;      /* cylinder / cone: half height, radius */
    dvec half;        /* box: half extents */
    double margin;
    double reach;     /* radius around pos bounding the whole shape */
} cbody;

/* Local -> world direction of a column (R e_j) and world -> local of a
 * direction (R^T n: the support of R*core along n is R * s(R^T n)). */
static dvec col(const cbody *b, int j) { return dv(b->m[0][j], b->m[1][j], b->m[2][j]); }
static dvec to_local_dir(const cbody *b, dvec n)
{
    return dv(b->m[0][0] * n.x + b->m[1][0] * n.y + b->m[2][0] * n.z, b->m[0][1] * n.x + b->m[1][1] * n.y + b->m[2][1] * n.z,
              b->m[0][2] * n.x + b->m[1][2] * n.y + b->m[2][2] * n.z);
}
static dvec to_local_point(const cbody *b, dvec p)
{
    dvec q = dv_sub(p, b->pos);
    return dv(b->inv[0][0] * q.x + b->inv[0][1] * q.y + b->inv[0][2] * q.z,
              b->inv[1][0] * q.x + b->inv[1][1] * q.y + b->inv[1][2] * q.z,
              b->inv[2][0] * q.x + b->inv[2][1] * q.y + b->inv[2][2] * q.z);
}

/* Support value (max of x.n over the shape, margin included) along world
 * unit n. */
static double support(const cbody *b, dvec n)
{
    dvec l = to_local_dir(b, n);
    double rho = sqrt(l.x * l.x + l.y * l.y), core = 0;
    switch (b->kind) {
    case K_CYLINDER: core = b->r * rho + b->h * fabs(l.z); break;
    case K_CONE: core = dmax(b->h * l.z, -b->h * l.z + b->r * rho); break;
    case K_BOX: core = b->half.x * fabs(l.x) + b->half.y * fabs(l.y) + b->half.z * fabs(l.z); break;
    default: break; /* sphere: a point core */
    }
    return dv_dot(n, b->pos) + core + b->margin;
}

/* Distance from (px, pz) to the 2D segment (ax, az)-(bx, bz). */
static double seg2_dist(double px, double pz, double ax, double az, double bx, double bz)
{
    double ex = bx - ax, ez = bz - az, t = ((px - ax) * ex + (pz - az) * ez) / (ex * ex + ez * ez);
    double dx, dz;
    if (t < 0) t = 0;
    if (t > 1) t = 1;
    dx = px - (ax + t * ex);
    dz = pz - (az + t * ez);
    return sqrt(dx * dx + dz * dz);
}

/* Signed distance (units) from world point p to the body's surface:
 * negative inside. The distance to R*core is taken in the local frame,
 * which differs from the world one by the matrix's distance from
 * orthonormal (~1e-5 relative of a distance that is small here). */
static double signed_distance(const cbody *b, dvec p)
{
    dvec q = to_local_point(b, p);
    double rho = sqrt(q.x * q.x + q.y * q.y), d = 0;
    switch (b->kind) {
    case K_CYLINDER: {
        double a = rho - b->r, c = fabs(q.z) - b->h;
        d = sqrt(dmax(a, 0) * dmax(a, 0) + dmax(c, 0) * dmax(c, 0)) + dmin(dmax(a, c), 0);
        break;
    }
    case K_CONE: {
        /* The axial half-section: triangle (0, h), (0, -h), (r, -h) in
         * (rho, z). Inside it (base side z >= -h, slant side
         * 2h rho + r (z + h) <= 2hr), the way out is through the base or
         * the slant (the axis is no boundary); outside, the nearest point
         * of the triangle (a rotation about the axis does not come
         * closer). */
        double h = b->h, r = b->r, zb = q.z + h, slant = 2 * h * r - 2 * h * rho - r * zb;
        if (zb >= 0 && slant >= 0) {
            d = -dmin(zb, slant / sqrt(4 * h * h + r * r));
        } else {
            d = dmin(seg2_dist(rho, q.z, 0, h, r, -h), seg2_dist(rho, q.z, 0, -h, r, -h));
            d = dmin(d, seg2_dist(rho, q.z, 0, -h, 0, h));
        }
        break;
    }
    case K_BOX: {
        double a = fabs(q.x) - b->half.x, c = fabs(q.y) - b->half.y, e = fabs(q.z) - b->half.z;
        d = sqrt(dmax(a, 0) * dmax(a, 0) + dmax(c, 0) * dmax(c, 0) + dmax(e, 0) * dmax(e, 0)) + dmin(dmax(a, dmax(c, e)), 0);
        break;
    }
    default: d = dv_len(q); break;
    }
    return d - b->margin;
}

/* Nearest point of the 2D segment (ax, az)-(bx, bz) to (px, pz), into
 * (*qx, *qz); returns the squared distance. */
static double seg2_nearest(double px, double pz, double ax, double az, double bx, double bz, double *qx, double *qz)
{
    double ex = bx - ax, ez = bz - az, t = ((px - ax) * ex + (pz - az) * ez) / (ex * ex + ez * ez);
    if (t < 0) t = 0;
    if (t > 1) t = 1;
    *qx = ax + t * ex;
    *qz = az + t * ez;
    return (px - *qx) * (px - *qx) + (pz - *qz) * (pz - *qz);
}

/* The point of the body's core nearest to world point p (p itself when
 * it lies in the core), in world space: where a surface point came from
 * before its margin was added, whichever way the library pushed it. */
static dvec nearest_core_point(const cbody *b, dvec p)
{
    dvec q = to_local_point(b, p), c = q;
    double rho = sqrt(q.x * q.x + q.y * q.y);
    switch (b->kind) {
    case K_CYLINDER:
        if (rho > b->r) {
            c.x = q.x * b->r / rho;
            c.y = q.y * b->r / rho;
        }
        c.z = dmax(-b->h, dmin(b->h, q.z));
        break;
    case K_CONE: {
        double h = b->h, r = b->r, zb = q.z + h, slant = 2 * h * r - 2 * h * rho - r * zb;
        if (zb < 0 || slant < 0) {
            /* outside: the nearest point of the half-section's edges (the
             * axis edge never wins: rho >= 0) */
            double x1, z1, x2, z2, d1 = seg2_nearest(rho, q.z, 0, h, r, -h, &x1, &z1), d2 = seg2_nearest(rho, q.z, 0, -h, r, -h, &x2, &z2);
            double nr = d1 <= d2 ? x1 : x2;
            c.z = d1 <= d2 ? z1 : z2;
            c.x = rho > 0 ? q.x * nr / rho : 0;
            c.y = rho > 0 ? q.y * nr / rho : 0;
        }
        break;
    }
    case K_BOX:
        c.x = dmax(-b->half.x, dmin(b->half.x, q.x));
        c.y = dmax(-b->half.y, dmin(b->half.y, q.y));
        c.z = dmax(-b->half.z, dmin(b->half.z, q.z));
        break;
    default: c = dv(0, 0, 0); break;
    }
    return dv_add(dv(b->m[0][0] * c.x + b->m[0][1] * c.y + b->m[0][2] * c.z, b->m[1][0] * c.x + b->m[1][1] * c.y + b->m[1][2] * c.z,
                     b->m[2][0] * c.x + b->m[2][1] * c.y + b->m[2][2] * c.z),
                  b->pos);
}

/* Overlap of A and B along unit n (A to B): max a.n - min b.n. Its
 * minimum over n is the penetration depth; minus it, the gap along n, a
 * lower bound of the distance. */
static double overlap(const cbody *a, const cbody *b, dvec n)
{
    return support(a, n) + support(b, dv_scale(n, -1));
}

/* Radius of the Minkowski difference around the origin (units). */
static double minkowski_radius(const cbody *a, const cbody *b)
{
    return a->reach + b->reach + dv_len(dv_sub(a->pos, b->pos));
}

/* ---- random bodies ------------------------------------------------------- */

static fix16_t rand_size(t_rng *r) { return t_range(r, 6554, 65536); } /* 0.1 .. 1 unit */

static fix16_t rand_margin(t_rng *r)
{
    if (t_next(r) % 3 == 0) return 0;
    return t_range(r, 0, 19661); /* 0 .. 0.3 units */
}

/* Shape of the given kind with random sizes, not yet placed. */
static void make_shape(t_rng *r, cbody *b, int kind)
{
    fix16_t h = rand_size(r), rad = rand_size(r), m = rand_margin(r);
    b->kind = kind;
    switch (kind) {
    case K_CYLINDER: CHECK(fxc_shape_cylinder(&b->shape, h, rad, m) == FXC_OK); break;
    case K_CONE: CHECK(fxc_shape_cone(&b->shape, h, rad, m) == FXC_OK); break;
    case K_BOX: {
        fxc_vec3 half;
        half.x = h;
        half.y = rad;
        half.z = rand_size(r);
        CHECK(fxc_shape_box(&b->shape, half, m) == FXC_OK);
        break;
    }
    default: CHECK(fxc_shape_sphere(&b->shape, rad) == FXC_OK); break;
    }
}

/* Places the body at a random rotation and pos; fills the double copy. */
static void place(t_rng *r, cbody *b, fxc_vec3 pos)
{
    fxc_mat3 rot;
    double det, core = 0;
    int i, j;
    scene_rotation(r, &rot);
    CHECK(fxc_transform_set(&b->xf, &rot, pos) == FXC_OK);
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) b->m[i][j] = t_d(rot.m[i][j]);
    /* inverse = adjugate / determinant */
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) {
            int i1 = (j + 1) % 3, i2 = (j + 2) % 3, j1 = (i + 1) % 3, j2 = (i + 2) % 3;
            b->inv[i][j] = b->m[i1][j1] * b->m[i2][j2] - b->m[i1][j2] * b->m[i2][j1];
        }
    det = b->m[0][0] * b->inv[0][0] + b->m[0][1] * b->inv[1][0] + b->m[0][2] * b->inv[2][0];
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) b->inv[i][j] /= det;
    b->pos = dv_from(pos);
    b->margin = t_d(b->shape.margin);
    b->h = b->r = 0;
    b->half = dv(0, 0, 0);
    switch (b->kind) {
    case K_CYLINDER:
        b->h = t_d(b->shape.u.cylinder.half_height);
        b->r = t_d(b->shape.u.cylinder.radius);
        core = sqrt(b->h * b->h + b->r * b->r);
        break;
    case K_CONE:
        b->h = t_d(b->shape.u.cone.half_height);
        b->r = t_d(b->shape.u.cone.radius);
        core = sqrt(b->h * b->h + b->r * b->r);
        break;
    case K_BOX:
        b->half = dv_from(b->shape.u.box.half);
        core = dv_len(b->half);
        break;
    default: break;
    }
    /* the matrix stretches by at most 1 + ~1e-4 */
    b->reach = core * 1.001 + b->margin;
}

#define N_KINDS 6
static const int pair_kinds[N_KINDS][2] = { { K_CYLINDER, K_BOX },    { K_CONE, K_BOX },    { K_CYLINDER, K_CONE },
                                            { K_CYLINDER, K_SPHERE }, { K_CONE, K_SPHERE }, { K_CONE, K_CONE } };
static const char *const pair_names[N_KINDS] = { "cyl-box", "cone-box", "cyl-cone", "cyl-sphere", "cone-sphere", "cone-cone" };

/* A random pair of kind k (A and B swapped when `swap`), A within 1 unit
 * of the origin, B at an offset of up to `spread` times the sum of the
 * two reaches per coordinate. */
static void make_pair(t_rng *r, cbody *a, cbody *b, int k, int swap, double spread)
{
    fxc_vec3 pa, off;
    int32_t reach;
    make_shape(r, a, pair_kinds[k][swap]);
    make_shape(r, b, pair_kinds[k][!swap]);
    pa = t_vec(r, -65536, 65536);
    place(r, a, pa);
    /* B first at A's position: place() gives its reach, then the offset */
    place(r, b, pa);
    reach = (int32_t)((a->reach + b->reach) * spread * LSB_PER_UNIT);
    off = t_vec(r, -reach, reach);
    b->xf.pos = fxc_v3_add(pa, off);
    b->pos = dv_from(b->xf.pos);
}

/* A random unit direction (rejection in the ball; deterministic). */
static dvec rand_unit(t_rng *r)
{
    for (;;) {
        fxc_vec3 v = t_vec(r, -65536, 65536);
        dvec d = dv_from(v);
        double l = dv_len(d);
        if (l > 0.05 && l <= 1.0) return dv_scale(d, 1.0 / l);
    }
}

/* Fills cand with the directions worth trying as a separating axis (or a
 * way out of an overlap): the world axes both ways, the centre line, the
 * curved shapes' axes and the box face normals, both ways. Returns the
 * count (at most 6 + 1 + 2 * 6 = 19; MAX_FIXED_CAND would hold two boxes). */
static int fixed_candidates(const cbody *a, const cbody *b, dvec *cand)
{
    int n = 0, i, j;
    const cbody *bs[2];
    bs[0] = a;
    bs[1] = b;
    for (i = 0; i < 3; i++) {
        dvec e = dv(i == 0, i == 1, i == 2);
        cand[n++] = e;
        cand[n++] = dv_scale(e, -1);
    }
    if (dv_len(dv_sub(b->pos, a->pos)) > 1e-9) cand[n++] = dv_unit(dv_sub(b->pos, a->pos));
    for (j = 0; j < 2; j++) {
        if (bs[j]->kind == K_SPHERE) continue;
        for (i = bs[j]->kind == K_BOX ? 0 : 2; i < 3; i++) {
            dvec c = dv_unit(col(bs[j], i));
            cand[n++] = c;
            cand[n++] = dv_scale(c, -1);
        }
    }
    return n;
}

#define MAX_FIXED_CAND 26

/* Least overlap found over candidate directions: the fixed ones, `nrand`
 * random unit directions, directions near `start` (unit; zero: none), and
 * a pattern search downhill from the best of them. Every value is the
 * overlap along some unit direction, so each is >= the true depth. */
static double least_overlap(t_rng *r, const cbody *a, const cbody *b, dvec start, int nrand, dvec *best_dir)
{
    static const double steps[6] = { 0.05, 0.015, 0.005, 0.0015, 0.0005, 0.00015 };
    dvec cand[MAX_FIXED_CAND], best = dv(1, 0, 0);
    double least = 1e300;
    int i, n = fixed_candidates(a, b, cand), s;
    for (i = 0; i < n + nrand; i++) {
        dvec u = i < n ? cand[i] : rand_unit(r);
        double o;
        if (i >= n && dv_len(start) > 0.5 && (i - n) % 2 == 0) {
            /* every other one near start, at 0.3 rad, then 0.7 times
             * closer each time (0.002 rad after 15) */
            int j;
            double scale = 0.3;
            for (j = 0; j < (i - n) / 2; j++) scale *= 0.7;
            u = dv_unit(dv_add(start, dv_scale(u, scale)));
        }
        o = overlap(a, b, u);
        if (o < least) {
            least = o;
            best = u;
        }
    }
    if (dv_len(start) > 0.5 && overlap(a, b, start) < least) {
        least = overlap(a, b, start);
        best = start;
    }
    for (s = 0; s < 6; s++) {
        int moves;
        for (moves = 0; moves < 4; moves++) {
            /* two tangents of best */
            dvec t1 = fabs(best.x) < 0.6 ? dv_cross(best, dv(1, 0, 0)) : dv_cross(best, dv(0, 1, 0)), t2;
            int q, moved = 0;
            t1 = dv_unit(t1);
            t2 = dv_cross(best, t1);
            for (q = 0; q < 4; q++) {
                dvec t = q < 2 ? t1 : t2;
                dvec u = dv_unit(dv_add(best, dv_scale(t, (q & 1) ? -steps[s] : steps[s])));
                double o = overlap(a, b, u);
                if (o < least) {
                    least = o;
                    best = u;
                    moved = 1;
                }
            }
            if (!moved) break;
        }
    }
    if (best_dir) *best_dir = best;
    return least;
}

static double lsb_of(double units) { return units * LSB_PER_UNIT; }

/* How far GJK's witness points may stray along the surfaces (LSB), for
 * cores `core` LSB apart, when its distance is good to `e` LSB: the core
 * witnesses' difference v, within e of the distance D, lies in the
 * Minkowski difference, so |v - v*|^2 <= |v|^2 - D^2 ~ 2 D e; the normal,
 * whose gap is within e of D, is off v* by up to sqrt(2 e / D) rad, which
 * the margins (m <= D) turn into up to sqrt(2 D e) more. A distance stop
 * rule cannot promise better (GJK's distance converges quadratically
 * faster than its points). Margins pushed out along the normal leave that
 * sideways error in pb - pa while taking m off its length, so |pb - pa|
 * can exceed the distance by it; pushed along the core points' own line,
 * they keep |pb - pa| at the distance. Either passes. */
static double witness_allowance(double core, double e)
{
    return core > 0 ? 2 * sqrt(2 * core * e) : 0;
}

/* ---- 1. distance certificate ------------------------------------------- */

typedef struct {
    long cases, sep, touch, over;
    double width, outside, off, excess;
} kind_tally;

static void print_kind(const char *name, const kind_tally *t)
{
    port_printf("       %-11s %5ld: %5ld separated, %ld touching, %4ld overlapping; max LSB: certificate %.2f, outside %.2f, off %.2f, "
                "|pb-pa| - d %.2f\n",
                name, t->cases, t->sep, t->touch, t->over, t->width, t->outside, t->off, t->excess);
}

void test_curved_distance_certificate(void)
{
    t_rng r = { 4200 };
    long n = T_TARGET_CASES(3000, 100), i;
    int k;
    stats width, outside, off, excess;
    stats_init(&width, "distance certificate gap");
    stats_init(&outside, "distance outside the certificate");
    stats_init(&off, "points off surface");
    stats_init(&excess, "|pb-pa| - distance");
    for (k = 0; k < N_KINDS; k++) {
        kind_tally t = { 0, 0, 0, 0, 0, 0, 0, 0 };
        for (i = 0; i < n && t_failures() == 0; i++) {
            cbody a, b;
            fxc_distance_result d;
            int st, is;
            double tilt, bound;
            make_pair(&r, &a, &b, k, (int)(i & 1), 1.0);
            tilt = 0.87 * minkowski_radius(&a, &b);
            bound = CURVED_BOUND + tilt;
            st = fxc_distance(&a.shape, &a.xf, &b.shape, &b.xf, &d);
            is = fxc_intersect(&a.shape, &a.xf, &b.shape, &b.xf);
            t.cases++;
            CHECK_MSG(st == FXC_SEPARATED || st == FXC_TOUCHING || st == FXC_OVERLAPPING, "%s case %ld: %s", pair_names[k], i,
                      fxc_status_name(st));
            CHECK_MSG((is == FXC_SEPARATED) == (st == FXC_SEPARATED), "%s case %ld: intersect %s, distance %s", pair_names[k], i,
                      fxc_status_name(is), fxc_status_name(st));
            if (st == FXC_SEPARATED) {
                dvec pa = dv_from(d.point_a), pb = dv_from(d.point_b), nn, ca, cb;
                double gap, span, upper, dist = lsb_of(t_d(d.distance)), oa, ob, off_max, e, wit;
                t.sep++;
                CHECK_MSG(fabs(lsb_of(dv_len(dv_from(d.normal))) - LSB_PER_UNIT) <= 2.0, "%s case %ld: normal not unit", pair_names[k], i);
                nn = dv_unit(dv_from(d.normal));
                gap = -lsb_of(overlap(&a, &b, nn));
                span = lsb_of(dv_len(dv_sub(pb, pa)));
                /* the core points the witnesses came from */
                ca = nearest_core_point(&a, pa);
                cb = nearest_core_point(&b, pb);
                upper = lsb_of(dv_len(dv_sub(cb, ca)) - a.margin - b.margin);
                oa = lsb_of(signed_distance(&a, pa));
                ob = lsb_of(signed_distance(&b, pb));
                off_max = dmax(fabs(oa), fabs(ob));
                wit = witness_allowance(dist + lsb_of(a.margin + b.margin), CURVED_BOUND);
                /* gap(n) <= d* <= upper: the normal proves the distance
                 * from below, the witnesses' core points (each shape's
                 * margin ball about them lies in it) from above. */
                CHECK_MSG(gap <= dist + bound && gap >= dist - bound, "%s case %ld: distance %.2f LSB, gap along normal %.2f LSB (bound %.2f)",
                          pair_names[k], i, dist, gap, bound);
                CHECK_MSG(upper >= dist - bound && upper <= dist + bound,
                          "%s case %ld: distance %.2f LSB, the witnesses' core points %.2f LSB apart less the margins (bound %.2f)", pair_names[k],
                          i, dist, upper, bound);
                CHECK_MSG(upper - gap <= 2 * bound, "%s case %ld: certificate [%.2f, %.2f] LSB wider than %.2f", pair_names[k], i, gap, upper,
                          2 * bound);
                CHECK_MSG(off_max <= bound, "%s case %ld: witness points off their surfaces by %.2f, %.2f LSB", pair_names[k], i, oa, ob);
                /* The surface witnesses: in the shapes, so no closer than
                 * the distance; no farther than GJK's witness accuracy. */
                CHECK_MSG(span >= dist - bound, "%s case %ld: distance %.2f LSB, |pb-pa| %.2f LSB (bound %.2f)", pair_names[k], i, dist, span,
                          bound);
                CHECK_MSG(span - gap <= 2 * bound + wit, "%s case %ld: |pb-pa| %.2f LSB, gap along normal %.2f LSB, allowed %.2f + %.2f",
                          pair_names[k], i, span, gap, 2 * bound, wit);
                stats_add(&width, upper - gap);
                e = dmax(dmax(gap - dist, dist - upper), 0);
                stats_add(&outside, e);
                stats_add(&off, off_max);
                stats_add(&excess, span - dist);
                t.width = dmax(t.width, upper - gap);
                t.outside = dmax(t.outside, e);
                t.off = dmax(t.off, off_max);
                t.excess = dmax(t.excess, span - dist);
            } else if (st == FXC_TOUCHING || st == FXC_OVERLAPPING) {
                /* No direction may separate the shapes by more than the
                 * bound: the sampled separating-axis test. */
                dvec dir;
                double g = -lsb_of(least_overlap(&r, &a, &b, dv(0, 0, 0), 12, &dir));
                if (st == FXC_TOUCHING) t.touch++;
                else t.over++;
                CHECK_MSG(g <= bound, "%s case %ld: %s, but the gap along (%.4f %.4f %.4f) is %.2f LSB", pair_names[k], i,
                          fxc_status_name(st), dir.x, dir.y, dir.z, g);
            }
        }
        print_kind(pair_names[k], &t);
    }
    stats_print(&width);
    stats_print(&outside);
    stats_print(&off);
    stats_print(&excess);
}

/* ---- 2. depth minimal ---------------------------------------------------- */

typedef struct {
    long cases, pen, sep, touch, capped;
    double along, excess, off, epa_ep, gjk_ep;
    double cap_err, cap_off, cap_ep; /* at capacity: largest depth_error, point errors */
} depth_tally;

void test_curved_depth_minimal(void)
{
    t_rng r = { 4300 };
    long n = T_TARGET_CASES(3000, 100), i;
    int k;
    stats along, excess, off, sepn;
    stats_init(&along, "overlap along normal - depth");
    stats_init(&excess, "depth - error above least overlap");
    stats_init(&off, "contact points off surface");
    stats_init(&sepn, "|pa - pb - depth n|");
    for (k = 0; k < N_KINDS; k++) {
        depth_tally t = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
        for (i = 0; i < n && t_failures() == 0; i++) {
            cbody a, b;
            fxc_contact c;
            int st;
            double tilt, bound, depth, err, ov, least, oa, ob, ep;
            dvec nn, dir, pa, pb;
            make_pair(&r, &a, &b, k, (int)(i & 1), 0.6);
            tilt = 0.87 * minkowski_radius(&a, &b);
            bound = CURVED_BOUND + tilt;
            st = fxc_collide(&a.shape, &a.xf, &b.shape, &b.xf, &t_ws, &c);
            t.cases++;
            CHECK_MSG(st == FXC_SEPARATED || st == FXC_TOUCHING || st == FXC_PENETRATING || st == FXC_ERR_CAPACITY,
                      "%s case %ld: %s", pair_names[k], i, fxc_status_name(st));
            if (st == FXC_SEPARATED) t.sep++;
            if (st == FXC_TOUCHING) t.touch++;
            if (st != FXC_PENETRATING && st != FXC_ERR_CAPACITY) continue;
            if (st == FXC_ERR_CAPACITY) t.capped++;
            else t.pen++;
            /* (d) */
            CHECK_MSG(fabs(lsb_of(dv_len(dv_from(c.normal))) - LSB_PER_UNIT) <= 2.0, "%s case %ld: normal not unit", pair_names[k], i);
            CHECK_MSG(c.depth_error >= 0 && c.depth_error <= c.depth, "%s case %ld: depth %d, depth_error %d", pair_names[k], i,
                      (int)c.depth, (int)c.depth_error);
            nn = dv_unit(dv_from(c.normal));
            depth = lsb_of(t_d(c.depth));
            err = lsb_of(t_d(c.depth_error));
            /* (a) depth is the overlap along its own normal (at the
             * capacity too: the depth along the best direction tried), so
             * moving B by depth + bound along it ends the overlap. */
            ov = lsb_of(overlap(&a, &b, nn));
            CHECK_MSG(ov <= depth + bound, "%s case %ld: %s, overlap along the normal %.2f LSB > depth %.2f + %.2f", pair_names[k], i,
                      fxc_status_name(st), ov, depth, bound);
            CHECK_MSG(ov >= depth - bound, "%s case %ld: %s, overlap along the normal %.2f LSB < depth %.2f - %.2f", pair_names[k], i,
                      fxc_status_name(st), ov, depth, bound);
            /* (b) no direction is shallower than the bracket's low end
             * (at the capacity the bracket is wider, no less true). */
            least = lsb_of(least_overlap(&r, &a, &b, nn, 30, &dir));
            CHECK_MSG(least >= depth - err - bound,
                      "%s case %ld: %s, depth %.2f (error %.0f) LSB, but only %.2f along (%.5f %.5f %.5f); along the normal %.2f",
                      pair_names[k], i, fxc_status_name(st), depth, err, least, dir.x, dir.y, dir.z, ov);
            /* (c) the contact points on the surfaces, depth * n apart */
            pa = dv_from(c.point_a);
            pb = dv_from(c.point_b);
            oa = lsb_of(signed_distance(&a, pa));
            ob = lsb_of(signed_distance(&b, pb));
            ep = lsb_of(dv_len(dv_sub(dv_sub(pa, pb), dv_scale(nn, t_d(c.depth)))));
            if (st == FXC_ERR_CAPACITY) {
                /* The header promises no accuracy for them here (they
                 * come from the face of the best height, which may lie
                 * far inside): points of the shapes, no more. */
                CHECK_MSG(oa <= bound && ob <= bound, "%s case %ld: at capacity, contact points outside their shapes by %.2f, %.2f LSB",
                          pair_names[k], i, oa, ob);
                t.cap_err = dmax(t.cap_err, err);
                t.cap_off = dmax(t.cap_off, dmax(fabs(oa), fabs(ob)));
                t.cap_ep = dmax(t.cap_ep, ep);
                continue;
            }
            CHECK_MSG(fabs(oa) <= bound && fabs(ob) <= bound, "%s case %ld: contact points off their surfaces by %.2f, %.2f LSB",
                      pair_names[k], i, oa, ob);
            /* Where EPA ran (the cores overlap), the points come from its
             * closest face: depth * normal apart. With the cores apart
             * (only the margins overlap) they are GJK's witnesses pushed
             * out by the margins, whose tangential error (see
             * witness_allowance) the margins, here larger than the cores'
             * distance, need not shrink: reported, not checked. */
            if (c.epa_iterations > 0) {
                CHECK_MSG(ep <= 2 * bound, "%s case %ld: pa - pb is %.2f LSB from depth * normal", pair_names[k], i, ep);
                t.epa_ep = dmax(t.epa_ep, ep);
            } else {
                t.gjk_ep = dmax(t.gjk_ep, ep);
            }
            stats_add(&along, fabs(ov - depth));
            stats_add(&excess, depth - err - least);
            stats_add(&off, dmax(fabs(oa), fabs(ob)));
            stats_add(&sepn, ep);
            t.along = dmax(t.along, fabs(ov - depth));
            t.excess = dmax(t.excess, depth - err - least);
            t.off = dmax(t.off, dmax(fabs(oa), fabs(ob)));
        }
        port_printf("       %-11s %5ld: %5ld penetrating, %4ld separated, %ld touching; max LSB: |overlap-depth| %.2f, above least %.2f, "
                    "off %.2f, |pa-pb-depth n| %.2f EPA, %.2f margins only\n",
                    pair_names[k], t.cases, t.pen, t.sep, t.touch, t.along, t.excess, t.off, t.epa_ep, t.gjk_ep);
        if (t.capped > 0)
            port_printf("       %-11s %5ld at capacity: depth_error max %.0f LSB; contact points off surface max %.1f, |pa-pb-depth n| max %.1f "
                        "LSB\n",
                        "", t.capped, t.cap_err, t.cap_off, t.cap_ep);
    }
    stats_print(&along);
    stats_print(&excess);
    stats_print(&off);
    stats_print(&sepn);
}
