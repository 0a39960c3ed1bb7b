/* Bad input: one test per row of the README's bad-input table. Every call
 * must return its documented status, write its whole output, and never
 * crash or hang. */
#include <math.h>
#include <string.h>
#include "test.h"

static fxc_vec3 V(double x, double y, double z) { return fxc_v3(F16(x), F16(y), F16(z)); }

/* A valid pair to vary one argument at a time. */
static fxc_shape sa, sb;
static fxc_transform ta, tb;

static void valid_pair(void)
{
    CHECK(fxc_shape_box(&sa, V(0.5, 0.5, 0.5), 0) == FXC_OK);
    CHECK(fxc_shape_sphere(&sb, F16(0.5)) == FXC_OK);
    fxc_transform_set(&ta, 0, V(0, 0, 0));
    fxc_transform_set(&tb, 0, V(0.8, 0, 0));
}

/* All three queries give `want`, and their outputs come back zeroed. */
static void all_queries(const fxc_shape *a, const fxc_transform *xa, const fxc_shape *b, const fxc_transform *xb, int want)
{
    fxc_distance_result d;
    fxc_contact c;
    memset(&d, 0xA5, sizeof d);
    memset(&c, 0xA5, sizeof c);
    CHECK_MSG(fxc_intersect(a, xa, b, xb) == want, "intersect: %s", fxc_status_name(fxc_intersect(a, xa, b, xb)));
    CHECK_MSG(fxc_distance(a, xa, b, xb, &d) == want, "distance: %s", fxc_status_name(fxc_distance(a, xa, b, xb, &d)));
    CHECK_MSG(fxc_collide(a, xa, b, xb, &t_ws, &c) == want, "collide: %s", fxc_status_name(fxc_collide(a, xa, b, xb, &t_ws, &c)));
    CHECK(d.distance == 0 && d.gjk_iterations == 0 && d.normal.x == 0 && d.point_a.y == 0 && d.point_b.z == 0);
    CHECK(c.depth == 0 && c.distance == 0 && c.gjk_iterations == 0 && c.epa_iterations == 0 && c.normal.z == 0 &&
          c.point_a.x == 0 && c.point_b.y == 0);
}

void test_bad_null_pointers(void)
{
    fxc_distance_result d;
    fxc_contact c;
    valid_pair();
    all_queries(0, &ta, &sb, &tb, FXC_ERR_NULL);
    all_queries(&sa, &ta, 0, &tb, FXC_ERR_NULL);
    all_queries(&sa, 0, &sb, &tb, FXC_ERR_NULL);
    all_queries(&sa, &ta, &sb, 0, FXC_ERR_NULL);
    CHECK(fxc_distance(&sa, &ta, &sb, &tb, 0) == FXC_ERR_NULL);
    CHECK(fxc_collide(&sa, &ta, &sb, &tb, &t_ws, 0) == FXC_ERR_NULL);
    memset(&c, 0xA5, sizeof c);
    CHECK(fxc_collide(&sa, &ta, &sb, &tb, 0, &c) == FXC_ERR_NULL && c.depth == 0 && c.normal.x == 0);
    CHECK(fxc_shape_box(0, V(1, 1, 1), 0) == FXC_ERR_NULL);
    CHECK(fxc_shape_sphere(0, F16(1)) == FXC_ERR_NULL);
    CHECK(fxc_shape_hull(&sa, 0, 4, 0) == FXC_ERR_NULL);
    CHECK(fxc_shape_custom(&sa, 0, 0, F16(1), 0) == FXC_ERR_NULL);
    (void)d;
}

void test_bad_sizes(void)
{
    fxc_shape s;
    CHECK(fxc_shape_box(&s, V(1, -0.5, 1), 0) == FXC_ERR_NEGATIVE_SIZE);
    CHECK(fxc_shape_box(&s, V(1, 0, 1), 0) == FXC_ERR_ZERO_SIZE);
    CHECK(fxc_shape_box(&s, V(1, 1, 1), -1) == FXC_ERR_NEGATIVE_SIZE);
    CHECK(fxc_shape_sphere(&s, 0) == FXC_ERR_ZERO_SIZE);
    CHECK(fxc_shape_sphere(&s, -F16(1)) == FXC_ERR_NEGATIVE_SIZE);
    CHECK(fxc_shape_capsule(&s, 0, F16(1)) == FXC_ERR_ZERO_SIZE);
    CHECK(fxc_shape_capsule(&s, F16(1), -1) == FXC_ERR_NEGATIVE_SIZE);
    CHECK(fxc_shape_cylinder(&s, F16(1), 0, 0) == FXC_ERR_ZERO_SIZE);
    CHECK(fxc_shape_cone(&s, -F16(1), F16(1), 0) == FXC_ERR_NEGATIVE_SIZE);
    CHECK(fxc_shape_point(&s, -5) == FXC_ERR_NEGATIVE_SIZE);
    /* a failed constructor leaves a shape every query refuses */
    CHECK(fxc_shape_box(&s, V(1, -1, 1), 0) == FXC_ERR_NEGATIVE_SIZE);
    valid_pair();
    all_queries(&s, &ta, &sb, &tb, FXC_ERR_BAD_SHAPE);
}

void test_bad_hulls(void)
{
    static fxc_vec3 many[FXC_HULL_MAX_VERTICES + 1];
    fxc_shape s;
    CHECK(fxc_shape_hull(&s, many, 0, 0) == FXC_ERR_EMPTY_HULL);
    CHECK(fxc_shape_hull(&s, many, -3, 0) == FXC_ERR_EMPTY_HULL);
    CHECK(fxc_shape_hull(&s, many, FXC_HULL_MAX_VERTICES + 1, 0) == FXC_ERR_TOO_MANY_VERTICES);
    CHECK(fxc_shape_hull(&s, many, FXC_HULL_MAX_VERTICES, 0) == FXC_OK); /* all equal: a point */
    many[3].x = FXC_RAW_LIMIT + 1;
    CHECK(fxc_shape_hull(&s, many, 5, 0) == FXC_ERR_RANGE);
}

/* Twice the range: two positions this far apart put their centre at the
 * range's limit from each. */
#define TWO_LIMITS (2 * FXC_RAW_LIMIT)

void test_bad_range(void)
{
    fxc_shape s;
    fxc_transform far;
    CHECK(fxc_shape_box(&s, fxc_v3(FXC_RAW_LIMIT + 1, 1, 1), 0) == FXC_ERR_RANGE);
    CHECK(fxc_shape_sphere(&s, FXC_FIX16_MAX) == FXC_ERR_RANGE);
    CHECK(fxc_shape_segment(&s, V(0, 0, 0), fxc_v3(0, (fix16_t)0x80000000, 0), 0) == FXC_ERR_RANGE);
    valid_pair();
    /* B 8192 units from A: each beyond the range of the pair's centre */
    fxc_transform_set(&far, 0, fxc_v3(TWO_LIMITS + 2, 0, 0));
    all_queries(&sa, &ta, &sb, &far, FXC_ERR_RANGE);
    all_queries(&sb, &far, &sa, &ta, FXC_ERR_RANGE);
    /* the centre within range of both positions, but a box reaches beyond */
    fxc_transform_set(&far, 0, fxc_v3(TWO_LIMITS - F16(0.5), 0, 0));
    all_queries(&sa, &ta, &sa, &far, FXC_ERR_RANGE);
    all_queries(&sa, &far, &sa, &ta, FXC_ERR_RANGE);
    fxc_transform_set(&far, 0, fxc_v3(TWO_LIMITS - F16(1), 0, 0));
    CHECK(fxc_intersect(&sa, &ta, &sa, &far) == FXC_SEPARATED);
    /* a rotation can make the reach larger than the half extents */
    {
        fxc_mat3 m;
        fxc_transform turned = ta;
        CHECK(fxc_mat3_from_axis_angle(V(0, 0, 1), fix16_pi / 4, &m) == FXC_OK);
        CHECK(fxc_transform_set(&turned, &m, V(0, 0, 0)) == FXC_OK);
        fxc_transform_set(&far, &m, fxc_v3(TWO_LIMITS - F16(1.2), 0, 0));
        all_queries(&sa, &turned, &sa, &far, FXC_ERR_RANGE);
        fxc_transform_set(&far, &m, fxc_v3(TWO_LIMITS - F16(1.5), 0, 0));
        CHECK(fxc_intersect(&sa, &turned, &sa, &far) == FXC_SEPARATED);
    }
    /* the world's edge: a shape reaching beyond +-32767 units */
    fxc_transform_set(&far, 0, fxc_v3(FXC_WORLD_LIMIT - F16(0.25), 0, 0));
    all_queries(&sa, &far, &sa, &far, FXC_ERR_RANGE);
    fxc_transform_set(&far, 0, fxc_v3((fix16_t)0x80000000, 0, 0));
    all_queries(&sa, &far, &sa, &far, FXC_ERR_RANGE);
    all_queries(&sa, &ta, &sa, &far, FXC_ERR_RANGE);
    fxc_transform_set(&far, 0, fxc_v3(0, FXC_FIX16_MAX, 0));
    all_queries(&sb, &far, &sa, &ta, FXC_ERR_RANGE);
}

/* The range rule to the LSB (fxc_vec3.h): every point of both shapes
 * within FXC_RAW_LIMIT of the pair's centre (the midpoint of the two
 * positions, even apart here so that it is exact) and within
 * FXC_WORLD_LIMIT of the origin, per coordinate. A ball of radius 1 has
 * its points 1 unit from its position along x. */
void test_range_edges_exact(void)
{
    fxc_shape ball, dot;
    fxc_transform a, b;
    const fix16_t one = FXC_ONE;
    fix16_t d = 2 * (FXC_RAW_LIMIT - one); /* the ball's centre d / 2 from the pair's: its edge on the limit */
    CHECK(fxc_shape_sphere(&ball, one) == FXC_OK);
    CHECK(fxc_shape_point(&dot, 0) == FXC_OK);
    fxc_transform_set(&a, NULL, V(0, 0, 0));
    fxc_transform_set(&b, NULL, fxc_v3(d, 0, 0));
    CHECK(fxc_intersect(&ball, &a, &dot, &b) == FXC_SEPARATED);
    CHECK(fxc_intersect(&dot, &b, &ball, &a) == FXC_SEPARATED);
    fxc_transform_set(&b, NULL, fxc_v3(d + 2, 0, 0)); /* one LSB beyond */
    CHECK(fxc_intersect(&ball, &a, &dot, &b) == FXC_ERR_RANGE);
    CHECK(fxc_intersect(&dot, &b, &ball, &a) == FXC_ERR_RANGE);
    /* the world's edge: the ball's rim on FXC_WORLD_LIMIT, then one beyond,
     * at either end of the axis */
    fxc_transform_set(&a, NULL, fxc_v3(FXC_WORLD_LIMIT - one, 0, 0));
    CHECK(fxc_intersect(&ball, &a, &ball, &a) == FXC_OVERLAPPING);
    fxc_transform_set(&a, NULL, fxc_v3(FXC_WORLD_LIMIT - one + 1, 0, 0));
    CHECK(fxc_intersect(&ball, &a, &ball, &a) == FXC_ERR_RANGE);
    fxc_transform_set(&a, NULL, fxc_v3(0, -(FXC_WORLD_LIMIT - one), 0));
    CHECK(fxc_intersect(&ball, &a, &ball, &a) == FXC_OVERLAPPING);
    fxc_transform_set(&a, NULL, fxc_v3(0, -(FXC_WORLD_LIMIT - one) - 1, 0));
    CHECK(fxc_intersect(&ball, &a, &ball, &a) == FXC_ERR_RANGE);
}

/* Queries work relative to the pair's centre: a pair anywhere in Q16.16
 * gets the bits it gets at the world origin (translated), in both argument
 * orders, as long as it fits within 2^FXC_RANGE_BITS of its centre. */
void test_wide_world(void)
{
    static const int32_t where[4][3] = {
        { 32000, -32000, 31000 }, { -32000, 20000, -32000 }, { 20000, 32000, -5 }, { 0, 0, 32200 } };
    fxc_shape box, ball;
    fxc_transform ta0, tb0, xa, xb;
    int k, order;
    CHECK(fxc_shape_box(&box, V(1, 2, 0.5), F16(0.125)) == FXC_OK);
    CHECK(fxc_shape_sphere(&ball, F16(0.75)) == FXC_OK);
    fxc_transform_set(&ta0, 0, V(0, 0, 0));
    fxc_transform_set(&tb0, 0, V(1.5, 1.25, -0.5));
    for (k = 0; k < 4; k++) {
        fxc_vec3 off = V(where[k][0], where[k][1], where[k][2]);
        xa = ta0;
        xb = tb0;
        xa.pos = fxc_v3_add(xa.pos, off);
        xb.pos = fxc_v3_add(xb.pos, off);
        for (order = 0; order < 2; order++) {
            const fxc_shape *a = order ? &ball : &box, *b = order ? &box : &ball;
            const fxc_transform *a0 = order ? &tb0 : &ta0, *b0 = order ? &ta0 : &tb0;
            const fxc_transform *a1 = order ? &xb : &xa, *b1 = order ? &xa : &xb;
            fxc_distance_result d0, d1;
            fxc_contact c0, c1;
            int s0 = fxc_distance(a, a0, b, b0, &d0), s1 = fxc_distance(a, a1, b, b1, &d1);
            CHECK_MSG(s0 == FXC_OVERLAPPING && s1 == s0, "place %d order %d: distance %s vs %s", k, order,
                      fxc_status_name(s1), fxc_status_name(s0));
            CHECK(fxc_intersect(a, a1, b, b1) == FXC_OVERLAPPING);
            s0 = fxc_collide(a, a0, b, b0, &t_ws, &c0);
            s1 = fxc_collide(a, a1, b, b1, &t_ws, &c1);
            CHECK_MSG(s0 == FXC_PENETRATING && s1 == s0, "place %d order %d: collide %s", k, order, fxc_status_name(s1));
            CHECK(c1.depth == c0.depth && c1.normal.x == c0.normal.x && c1.normal.y == c0.normal.y && c1.normal.z == c0.normal.z);
            CHECK(c1.point_a.x - c0.point_a.x == off.x && c1.point_a.y - c0.point_a.y == off.y &&
                  c1.point_b.z - c0.point_b.z == off.z);
        }
    }
    /* Two balls 8000 units apart far from the origin: exact; 8192 apart
     * (each more than 4096 units from their centre): refused, in either
     * order, not answered wrongly. */
    xa = ta0;
    xa.pos = V(-30000, 100, 0);
    xb = xa;
    xb.pos.x += F16(8000);
    {
        fxc_distance_result d;
        CHECK(fxc_distance(&ball, &xa, &ball, &xb, &d) == FXC_SEPARATED && d.distance == F16(8000) - F16(1.5));
        CHECK(d.normal.x == FXC_ONE && d.point_a.x == xa.pos.x + F16(0.75) && d.point_b.x == xb.pos.x - F16(0.75));
        xb.pos.x += F16(192);
        CHECK(fxc_distance(&ball, &xa, &ball, &xb, &d) == FXC_ERR_RANGE && d.distance == 0);
        CHECK(fxc_distance(&ball, &xb, &ball, &xa, &d) == FXC_ERR_RANGE);
    }
}

void test_opposite_corners(void)
{
    /* B as far from A as the range allows, along a diagonal: the Minkowski
     * difference is as large as it gets (2^29 raw), and the answer is still
     * exact. */
    fxc_shape a, b;
    fxc_transform xa, xb;
    fxc_distance_result d;
    fix16_t c = TWO_LIMITS - 2 * FXC_ONE;
    CHECK(fxc_shape_box(&a, V(1, 1, 1), 0) == FXC_OK && fxc_shape_box(&b, V(1, 1, 1), 0) == FXC_OK);
    fxc_transform_set(&xa, 0, fxc_v3(-F16(30000), F16(30000), 0));
    fxc_transform_set(&xb, 0, fxc_v3(-F16(30000) + c, F16(30000) - c, c));
    CHECK(fxc_distance(&a, &xa, &b, &xb, &d) == FXC_SEPARATED);
    /* gap c - 2 units on each axis */
    {
        double want = sqrt(3.0) * (t_d(c) - 2.0) * 65536.0;
        CHECK_MSG(fabs(d.distance - want) <= 4.5, "got %d want %.2f", (int)d.distance, want);
    }
    fxc_transform_set(&xb, 0, fxc_v3(-F16(30000) + c, F16(30000), 0));
    CHECK(fxc_distance(&a, &xa, &b, &xb, &d) == FXC_SEPARATED);
    CHECK_MSG(d.distance == c - 2 * FXC_ONE, "got %d want %d", (int)d.distance, (int)(c - 2 * FXC_ONE));
    CHECK(d.normal.x == FXC_ONE);
}

void test_bad_rotation(void)
{
    /* Entries beyond +-2 units: refused. Within, a non-orthonormal matrix is
     * a linear map of the core (documented): a box scaled by 2 along x. */
    fxc_transform t;
    fxc_distance_result d;
    valid_pair();
    t = ta;
    t.rot.m[1][2] = 2 * FXC_ONE + 1;
    all_queries(&sa, &t, &sb, &tb, FXC_ERR_BAD_TRANSFORM);
    t = ta;
    t.rot.m[0][0] = 2 * FXC_ONE; /* box now spans x in [-1, 1] */
    fxc_transform_set(&tb, 0, V(2, 0, 0));
    CHECK(fxc_distance(&sa, &t, &sb, &tb, &d) == FXC_SEPARATED && d.distance == F16(0.5));
}

void test_degenerate_hulls_accepted(void)
{
    /* All-equal, collinear and coplanar vertex sets are valid shapes (a
     * point, a segment, a polygon) and get exact answers. */
    static const fxc_vec3 same[4] = { { 65536, 0, 0 }, { 65536, 0, 0 }, { 65536, 0, 0 }, { 65536, 0, 0 } };
    static const fxc_vec3 line[4] = { { 0, 0, 0 }, { 65536, 0, 0 }, { 32768, 0, 0 }, { 131072, 0, 0 } };
    static const fxc_vec3 flat[4] = { { 0, 0, 0 }, { 65536, 0, 0 }, { 0, 65536, 0 }, { 65536, 65536, 0 } };
    fxc_shape h, box;
    fxc_transform th, tbx;
    fxc_distance_result d;
    CHECK(fxc_shape_box(&box, V(0.5, 0.5, 0.5), 0) == FXC_OK);
    fxc_transform_set(&tbx, 0, V(0, 0, 0));
    fxc_transform_set(&th, 0, V(0, 0, 1));
    CHECK(fxc_shape_hull(&h, same, 4, 0) == FXC_OK);
    CHECK(fxc_distance(&box, &tbx, &h, &th, &d) == FXC_SEPARATED && d.distance == F16(0.70710678) + 0);
    CHECK(fxc_shape_hull(&h, line, 4, 0) == FXC_OK);
    CHECK(fxc_distance(&box, &tbx, &h, &th, &d) == FXC_SEPARATED && d.distance == F16(0.5));
    CHECK(fxc_shape_hull(&h, flat, 4, 0) == FXC_OK);
    CHECK(fxc_distance(&box, &tbx, &h, &th, &d) == FXC_SEPARATED && d.distance == F16(0.5));
}

/* Callbacks: a unit ball's support done right, one that leaves its bound,
 * and one that answers with points that are not its farthest. */
static fxc_vec3 ball(fxc_vec3 dir, void *user)
{
    fxc_vec3 u;
    (void)user;
    fxc_v3_normalize(dir, &u);
    return u;
}
static fxc_vec3 escapes(fxc_vec3 dir, void *user)
{
    (void)dir;
    (void)user;
    return V(3, 0, 0);
}
static fxc_vec3 liar(fxc_vec3 dir, void *user)
{
    int *calls = (int *)user;
    (*calls)++;
    /* every other answer points the wrong way */
    return (*calls & 1) ? ball(dir, 0) : fxc_v3_neg(ball(dir, 0));
}

void test_bad_callbacks(void)
{
    fxc_shape c;
    int calls = 0;
    fxc_distance_result d;
    valid_pair();
    fxc_transform_set(&tb, 0, V(3, 0, 0));
    CHECK(fxc_shape_custom(&c, ball, 0, FXC_ONE, 0) == FXC_OK);
    CHECK(fxc_distance(&sa, &ta, &c, &tb, &d) == FXC_SEPARATED);
    CHECK_MSG(d.distance >= F16(1.5) - 2 && d.distance <= F16(1.5) + 2, "ball: %d", (int)d.distance);
    CHECK(fxc_shape_custom(&c, escapes, 0, FXC_ONE, 0) == FXC_OK);
    all_queries(&sa, &ta, &c, &tb, FXC_ERR_CALLBACK);
    CHECK(fxc_shape_custom(&c, liar, &calls, FXC_ONE, 0) == FXC_OK);
    CHECK(fxc_distance(&sa, &ta, &c, &tb, &d) == FXC_ERR_CALLBACK);
    CHECK(fxc_shape_custom(&c, ball, 0, -1, 0) == FXC_ERR_NEGATIVE_SIZE);
}

void test_bad_quaternion_axis(void)
{
    fxc_mat3 m;
    fxc_quat z = { 0, 0, 0, 0 };
    CHECK(fxc_mat3_from_quat(z, &m) == FXC_ERR_RANGE && m.m[0][0] == FXC_ONE);
    CHECK(fxc_mat3_from_axis_angle(V(0, 0, 0), FXC_ONE, &m) == FXC_ERR_ZERO_SIZE && m.m[2][2] == FXC_ONE);
    CHECK(strcmp(fxc_status_name(FXC_ERR_CALLBACK), "FXC_ERR_CALLBACK") == 0);
    CHECK(strcmp(fxc_status_name(12345), "unknown status") == 0);
    {
        /* every status has its own name */
        int s1, s2;
        for (s1 = FXC_ERR_CONFIG; s1 <= FXC_PENETRATING; s1++) {
            CHECK_MSG(strncmp(fxc_status_name(s1), "FXC_", 4) == 0, "status %d", s1);
            for (s2 = FXC_ERR_CONFIG; s2 < s1; s2++) CHECK(strcmp(fxc_status_name(s1), fxc_status_name(s2)) != 0);
        }
        CHECK(strcmp(fxc_status_name(FXC_ERR_CONFIG - 1), "unknown status") == 0);
    }
}

void test_null_outputs(void)
{
    fxc_quat q = { FXC_ONE, 0, 0, 0 };
    fxc_transform t;
    fxc_mat3 m;
    CHECK(fxc_mat3_from_quat(q, NULL) == FXC_ERR_NULL);
    CHECK(fxc_mat3_from_axis_angle(V(0, 0, 1), FXC_ONE, NULL) == FXC_ERR_NULL);
    CHECK(fxc_mat3_from_axis_angle(V(0, 0, 0), FXC_ONE, NULL) == FXC_ERR_NULL);
    CHECK(fxc_transform_set(NULL, NULL, V(0, 0, 0)) == FXC_ERR_NULL);
    CHECK(fxc_workspace_init(NULL) == FXC_ERR_NULL);
    CHECK(fxc_workspace_init(&t_ws) == FXC_OK && t_ws.busy == 0);
    /* a rotation beyond +-2 is stored as given, and every query refuses it */
    fxc_mat3_identity(&m);
    m.m[2][0] = -2 * FXC_ONE - 1;
    CHECK(fxc_transform_set(&t, &m, V(0, 0, 0)) == FXC_ERR_BAD_TRANSFORM && t.rot.m[2][0] == m.m[2][0]);
    valid_pair();
    all_queries(&sa, &t, &sb, &tb, FXC_ERR_BAD_TRANSFORM);
    CHECK(fxc_transform_set(&t, NULL, V(30000, -30000, 1)) == FXC_OK && t.rot.m[1][1] == FXC_ONE);
}

/* Every parameter field of every shape, changed after its constructor to
 * a value no constructor accepts: each query refuses the shape
 * (FXC_ERR_BAD_SHAPE for an invalid size, FXC_ERR_RANGE for one beyond
 * the range) and writes zeroed outputs, with no overflow (UBSan). */
static void refused_field(fxc_shape *s, fix16_t *field, fix16_t bad, int want)
{
    fix16_t keep = *field;
    *field = bad;
    valid_pair();
    all_queries(s, &ta, &sb, &tb, want);
    all_queries(&sb, &tb, s, &ta, want);
    *field = keep;
}

static void refuse_size(fxc_shape *s, fix16_t *field)
{
    refused_field(s, field, INT32_MAX, FXC_ERR_RANGE);
    refused_field(s, field, FXC_RAW_LIMIT + 1, FXC_ERR_RANGE);
    refused_field(s, field, INT32_MIN, FXC_ERR_BAD_SHAPE);
    refused_field(s, field, -1, FXC_ERR_BAD_SHAPE);
    refused_field(s, field, 0, FXC_ERR_BAD_SHAPE);
}

static void refuse_coordinate(fxc_shape *s, fix16_t *field)
{
    refused_field(s, field, INT32_MAX, FXC_ERR_RANGE);
    refused_field(s, field, INT32_MIN, FXC_ERR_RANGE);
    refused_field(s, field, -FXC_RAW_LIMIT - 1, FXC_ERR_RANGE);
}

void test_hostile_shape_fields(void)
{
    static fxc_vec3 hull[4] = { { 0, 0, 0 }, { 65536, 0, 0 }, { 0, 65536, 0 }, { 0, 0, 65536 } };
    fxc_shape s;
    int k;
    CHECK(fxc_shape_box(&s, V(1, 2, 3), 0) == FXC_OK);
    refuse_size(&s, &s.u.box.half.x);
    refuse_size(&s, &s.u.box.half.y);
    refuse_size(&s, &s.u.box.half.z);
    refused_field(&s, &s.margin, INT32_MAX, FXC_ERR_RANGE);
    refused_field(&s, &s.margin, INT32_MIN, FXC_ERR_BAD_SHAPE);
    refused_field(&s, &s.margin, -1, FXC_ERR_BAD_SHAPE);
    CHECK(fxc_shape_cylinder(&s, F16(1), F16(0.5), 0) == FXC_OK);
    refuse_size(&s, &s.u.cylinder.radius);
    refuse_size(&s, &s.u.cylinder.half_height);
    CHECK(fxc_shape_cone(&s, F16(1), F16(0.5), 0) == FXC_OK);
    refuse_size(&s, &s.u.cone.radius);
    refuse_size(&s, &s.u.cone.half_height);
    CHECK(fxc_shape_segment(&s, V(1, 2, 3), V(-1, 0, 2), 0) == FXC_OK);
    refuse_coordinate(&s, &s.u.segment.a.x);
    refuse_coordinate(&s, &s.u.segment.b.z);
    CHECK(fxc_shape_capsule(&s, F16(1), F16(0.5)) == FXC_OK);
    refuse_coordinate(&s, &s.u.segment.a.z);
    refuse_coordinate(&s, &s.u.segment.b.z);
    refused_field(&s, &s.margin, -1, FXC_ERR_BAD_SHAPE);
    refused_field(&s, &s.margin, INT32_MAX, FXC_ERR_RANGE);
    CHECK(fxc_shape_triangle(&s, V(1, 0, 0), V(0, 1, 0), V(0, 0, 1), 0) == FXC_OK);
    for (k = 0; k < 3; k++) {
        refuse_coordinate(&s, &s.u.triangle.v[k].x);
        refuse_coordinate(&s, &s.u.triangle.v[k].y);
        refuse_coordinate(&s, &s.u.triangle.v[k].z);
    }
    CHECK(fxc_shape_custom(&s, ball, 0, FXC_ONE, 0) == FXC_OK);
    refused_field(&s, &s.u.custom.bound, -1, FXC_ERR_BAD_SHAPE);
    refused_field(&s, &s.u.custom.bound, INT32_MAX, FXC_ERR_RANGE);
    s.u.custom.fn = NULL;
    all_queries(&s, &ta, &sb, &tb, FXC_ERR_BAD_SHAPE);
    CHECK(fxc_shape_hull(&s, hull, 4, 0) == FXC_OK);
    /* hull vertices are read at every query: moved beyond the range */
    refuse_coordinate(&s, &hull[2].y);
    refused_field(&s, &hull[3].z, F16(5000), FXC_ERR_RANGE);
    s.u.hull.count = 0;
    all_queries(&s, &ta, &sb, &tb, FXC_ERR_BAD_SHAPE);
    s.u.hull.count = FXC_HULL_MAX_VERTICES + 1;
    all_queries(&s, &ta, &sb, &tb, FXC_ERR_BAD_SHAPE);
    s.u.hull.count = 4;
    s.u.hull.vertices = NULL;
    all_queries(&s, &ta, &sb, &tb, FXC_ERR_BAD_SHAPE);
    s.type = (fxc_shape_type)99;
    all_queries(&s, &ta, &sb, &tb, FXC_ERR_BAD_SHAPE);
    /* the type and the kind (the code queries reach the type's through)
     * must agree: a type changed to another valid one, a zeroed kind */
    CHECK(fxc_shape_box(&s, V(1, 2, 3), 0) == FXC_OK);
    s.type = FXC_SHAPE_CYLINDER;
    all_queries(&s, &ta, &sb, &tb, FXC_ERR_BAD_SHAPE);
    CHECK(fxc_shape_box(&s, V(1, 2, 3), 0) == FXC_OK);
    s.kind = NULL;
    all_queries(&s, &ta, &sb, &tb, FXC_ERR_BAD_SHAPE);
}

/* A hull vertex moved after construction, within the range: the query
 * answers for the hull as it is now (the same as a fresh constructor's). */
void test_hull_vertex_moved(void)
{
    static fxc_vec3 v[4] = { { 0, 0, 0 }, { 65536, 0, 0 }, { 0, 65536, 0 }, { 0, 0, 65536 } };
    fxc_shape h, fresh;
    fxc_transform th;
    fxc_distance_result d1, d2;
    CHECK(fxc_shape_hull(&h, v, 4, 0) == FXC_OK);
    fxc_transform_set(&th, NULL, V(-3, 0, 0));
    valid_pair();
    v[1].x = F16(2.5); /* now reaches x = -0.5: touching the box's face */
    CHECK(fxc_shape_hull(&fresh, v, 4, 0) == FXC_OK);
    CHECK(fxc_distance(&h, &th, &sa, &ta, &d1) == fxc_distance(&fresh, &th, &sa, &ta, &d2));
    CHECK(d1.distance == d2.distance && d1.distance <= FXC_TOUCH_TOL);
    v[1].x = FXC_ONE;
}

/* A support callback that queries the library with its caller's
 * workspace gets FXC_ERR_BUSY, and the caller's query is unharmed. */
typedef struct {
    int nested_status;
    int calls;
} nesting;

static fxc_vec3 nests(fxc_vec3 dir, void *user)
{
    nesting *n = (nesting *)user;
    fxc_contact c;
    if (n->calls++ == 0) n->nested_status = fxc_collide(&sa, &ta, &sb, &tb, &t_ws, &c);
    return ball(dir, NULL);
}

void test_workspace_busy(void)
{
    fxc_shape c;
    fxc_transform tc;
    fxc_contact plain, outer;
    nesting n = { 0, 0 };
    int s1, s2;
    valid_pair();
    fxc_transform_set(&tc, NULL, V(0.9, 0.3, 0));
    CHECK(fxc_shape_custom(&c, ball, NULL, FXC_ONE, 0) == FXC_OK);
    s1 = fxc_collide(&sa, &ta, &c, &tc, &t_ws, &plain);
    CHECK(fxc_shape_custom(&c, nests, &n, FXC_ONE, 0) == FXC_OK);
    s2 = fxc_collide(&sa, &ta, &c, &tc, &t_ws, &outer);
    CHECK_MSG(n.nested_status == FXC_ERR_BUSY, "nested: %s", fxc_status_name(n.nested_status));
    CHECK(s1 == FXC_PENETRATING && s2 == s1);
    CHECK(plain.depth == outer.depth && plain.normal.x == outer.normal.x && plain.point_b.y == outer.point_b.y &&
          plain.epa_iterations == outer.epa_iterations);
    /* after the query the workspace is free again */
    CHECK(t_ws.busy == 0 && fxc_collide(&sa, &ta, &sb, &tb, &t_ws, &plain) == FXC_PENETRATING);
}

/* The output may lie anywhere, even in the workspace: it is written once,
 * at the end. */
void test_output_in_workspace(void)
{
    static fxc_workspace ws;
    fxc_contact want, *inside = (fxc_contact *)(void *)&ws.face[3];
    int st, k;
    valid_pair();
    for (k = 0; k < 3; k++) {
        /* separated, margins overlapping (GJK), cores overlapping (EPA) */
        const fxc_shape *b = k == 2 ? &sa : &sb;
        fxc_transform_set(&tb, NULL, k ? V(0.8, 0.1, 0) : V(1.5, 0.2, 0));
        st = fxc_collide(&sa, &ta, b, &tb, &t_ws, &want);
        CHECK(st == (k ? FXC_PENETRATING : FXC_SEPARATED) && (k < 2 || want.epa_iterations > 0));
        CHECK(fxc_workspace_init(&ws) == FXC_OK);
        CHECK(fxc_collide(&sa, &ta, b, &tb, &ws, inside) == st);
        CHECK(inside->distance == want.distance && inside->depth == want.depth && inside->normal.x == want.normal.x &&
              inside->point_a.x == want.point_a.x && inside->point_b.z == want.point_b.z && inside->support_calls == want.support_calls);
        CHECK((inside->distance == 0) != (inside->depth == 0));
    }
}

/* A singular rotation maps directions to zero in the shape's frame; the
 * callback is never called with a zero direction. */
static fxc_vec3 no_zero(fxc_vec3 dir, void *user)
{
    int *zeros = (int *)user;
    if (dir.x == 0 && dir.y == 0 && dir.z == 0) (*zeros)++;
    return ball(dir.x || dir.y || dir.z ? dir : V(1, 0, 0), NULL);
}

void test_callback_never_zero_direction(void)
{
    fxc_shape c;
    fxc_transform flat;
    fxc_mat3 m;
    fxc_contact out;
    int zeros = 0, st;
    valid_pair();
    fxc_mat3_identity(&m);
    m.m[1][1] = 0;
    m.m[2][2] = 0; /* diag(1, 0, 0): a ball squashed to a segment on x */
    CHECK(fxc_transform_set(&flat, &m, V(0, 0.25, 0)) == FXC_OK);
    CHECK(fxc_shape_custom(&c, no_zero, &zeros, FXC_ONE, 0) == FXC_OK);
    st = fxc_collide(&sa, &ta, &c, &flat, &t_ws, &out);
    CHECK_MSG(zeros == 0, "%d zero directions", zeros);
    CHECK_MSG(st == FXC_PENETRATING, "%s", fxc_status_name(st));
    CHECK(fxc_intersect(&c, &flat, &sa, &ta) == FXC_OVERLAPPING && zeros == 0);
}

/* A callback that returns its nearest point instead of its farthest (an
 * "anti-support") is no support function: caught, by every query, deep
 * inside the other shape or far from it. */
static fxc_vec3 anti_cube(fxc_vec3 dir, void *user)
{
    (void)user;
    return fxc_v3(dir.x > 0 ? -FXC_ONE : FXC_ONE, dir.y > 0 ? -FXC_ONE : FXC_ONE, dir.z > 0 ? -FXC_ONE : FXC_ONE);
}

void test_callback_anti_support(void)
{
    static const double where[4][3] = { { 0, 0, 0 }, { 0.3, 0.1, 0 }, { 0.9, -0.4, 0.2 }, { 3, 0, 0 } };
    fxc_shape c;
    fxc_transform tc;
    int k;
    CHECK(fxc_shape_custom(&c, anti_cube, NULL, FXC_ONE, 0) == FXC_OK);
    valid_pair();
    for (k = 0; k < 4; k++) {
        fxc_transform_set(&tc, NULL, V(where[k][0], where[k][1], where[k][2]));
        all_queries(&sa, &ta, &c, &tc, FXC_ERR_CALLBACK);
        all_queries(&c, &tc, &sa, &ta, FXC_ERR_CALLBACK);
    }
}
