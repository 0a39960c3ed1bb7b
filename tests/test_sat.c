/* The separating-axis path of two overlapping boxes (src/sat.c): its depth
 * comparison against a schoolbook big-integer reference, and its answers
 * against the double reference on contacts built by hand (crossing edges,
 * a corner in a face, sheared boxes). The random box pairs of test_epa.c
 * check its accuracy at every scale (their EPA iteration count is 0: the
 * axes answered). White-box where it reads the comparison. */
#include <math.h>
#include <stdlib.h>
#include "scene.h"
#include "stats.h"
#include "../src/sat.h"

/* ---- the depth comparison ----------------------------------------------------- */

/* Natural numbers in 16-bit digits, low first: a reference written apart
 * from the library's 32-bit limbs. */
#define BIG_DIGITS 20
typedef struct {
    uint32_t d[BIG_DIGITS];
} big;

static big big_small(uint64_t v)
{
    big b;
    int k;
    for (k = 0; k < BIG_DIGITS; k++) {
        b.d[k] = (uint32_t)(v & 0xFFFF);
        v >>= 16;
    }
    return b;
}

static big big_add(big a, big b)
{
    uint32_t carry = 0;
    int k;
    for (k = 0; k < BIG_DIGITS; k++) {
        uint32_t t = a.d[k] + b.d[k] + carry;
        a.d[k] = t & 0xFFFF;
        carry = t >> 16;
    }
    return a;
}

static big big_mul(big a, big b)
{
    big r = big_small(0);
    int i, j;
    for (i = 0; i < BIG_DIGITS; i++) {
        uint32_t carry = 0;
        for (j = 0; i + j < BIG_DIGITS; j++) {
            uint32_t t = a.d[i] * b.d[j] + r.d[i + j] + carry; /* < 2^32 */
            r.d[i + j] = t & 0xFFFF;
            carry = t >> 16;
        }
    }
    return r;
}

static int big_cmp(big a, big b)
{
    int k;
    for (k = BIG_DIGITS - 1; k >= 0; k--)
        if (a.d[k] != b.d[k]) return a.d[k] < b.d[k] ? -1 : 1;
    return 0;
}

static big big_of_i128(fxc_i128 v)
{
    big hi = big_mul(big_small(v.hi), big_mul(big_small(UINT64_C(1) << 32), big_small(UINT64_C(1) << 32)));
    return big_add(hi, big_small(v.lo));
}

static uint64_t mag(int64_t v)
{
    return v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
}

/* o^2 |n|^2 */
static big big_key(fxc_i128 o, const fxc_vec3w *n)
{
    big bo = big_of_i128(o), nn = big_small(0);
    nn = big_add(nn, big_mul(big_small(mag(n->x)), big_small(mag(n->x))));
    nn = big_add(nn, big_mul(big_small(mag(n->y)), big_small(mag(n->y))));
    nn = big_add(nn, big_mul(big_small(mag(n->z)), big_small(mag(n->z))));
    return big_mul(big_mul(bo, bo), nn);
}

/* A value of `bits` random bits at most (1 <= bits <= 63), nonnegative. */
static int64_t rand_bits(t_rng *r, int bits)
{
    return (int64_t)(t_next(r) >> (64 - bits));
}

/* An overlap below 2^85 (top part below 2^53), never 0. */
static fxc_i128 rand_overlap(t_rng *r, int64_t *top, uint32_t *low)
{
    *top = rand_bits(r, 1 + (int)(t_next(r) % 53));
    *low = (uint32_t)t_next(r) | 1;
    return fxc_i128_add(fxc_i128_mul64(*top, INT64_C(1) << 32), fxc_i128_from64(*low));
}

static int64_t rand_comp(t_rng *r, int bits)
{
    int64_t v = rand_bits(r, bits);
    return (t_next(r) & 1) ? -v : v;
}

void test_sat_ratio_compare(void)
{
    t_rng r = { 5100 };
    long i, n = T_TARGET_CASES(200000, 3000), undecided = 0, near = 0, near_undecided = 0, wrong = 0, filter_wrong = 0;
    for (i = 0; i < n; i++) {
        fxc_i128 o1, o2;
        fxc_vec3w n1, n2;
        int64_t top;
        uint32_t low;
        int bits = 1 + (int)(t_next(&r) % 35), ref, f;
        o1 = rand_overlap(&r, &top, &low);
        n1.x = rand_comp(&r, bits);
        n1.y = rand_comp(&r, bits);
        n1.z = rand_comp(&r, bits);
        if (n1.x == 0 && n1.y == 0 && n1.z == 0) n1.x = 1;
        if (i & 1) {
            /* adversarial: n2 a signed permutation of n1 times k, o2 = k o1
             * + delta: the depths tie (delta 0) or differ by a hair */
            int64_t k = 1 + (int64_t)(t_next(&r) % 60), delta = (int64_t)(t_next(&r) % 7) - 3;
            if (bits > 29) {
                n1.x >>= 6;
                n1.y >>= 6;
                n1.z >>= 6;
                if (n1.x == 0 && n1.y == 0 && n1.z == 0) n1.z = 1;
            }
            if (top >> 46) top >>= 7;
            o1 = fxc_i128_add(fxc_i128_mul64(top, INT64_C(1) << 32), fxc_i128_from64(low));
            n2.x = -k * n1.z;
            n2.y = k * n1.x;
            n2.z = k * n1.y;
            o2 = fxc_i128_add(fxc_i128_add(fxc_i128_mul64(top * k, INT64_C(1) << 32), fxc_i128_mul64((int64_t)low, k)),
                              fxc_i128_from64(delta));
            near++;
        } else {
            int bits2 = 1 + (int)(t_next(&r) % 35);
            o2 = rand_overlap(&r, &top, &low);
            n2.x = rand_comp(&r, bits2);
            n2.y = rand_comp(&r, bits2);
            n2.z = rand_comp(&r, bits2);
            if (n2.x == 0 && n2.y == 0 && n2.z == 0) n2.y = -1;
        }
        ref = big_cmp(big_key(o1, &n2), big_key(o2, &n1));
        f = fxc_ratio_cmp_filter(o1, &n1, o2, &n2);
        wrong += fxc_ratio_cmp_exact(o1, &n1, o2, &n2) != ref;
        if (f == 0) {
            undecided++;
            near_undecided += (i & 1);
        } else {
            filter_wrong += f != ref;
        }
    }
    port_printf("       %ld cases (%ld near ties): %ld left to the exact comparison (%ld of the near ties)\n", n, near,
                undecided, near_undecided);
    CHECK_MSG(wrong == 0, "%ld exact comparisons differ from the reference", wrong);
    CHECK_MSG(filter_wrong == 0, "%ld filter decisions differ from the reference", filter_wrong);
    CHECK(near_undecided > near / 2);          /* the fallback is reached */
    CHECK(undecided - near_undecided < n / 100); /* and random pairs rarely need it */
}

/* ---- contacts built by hand ----------------------------------------------------- */

#define SAT_BOUND 2.0 /* LSB: corners rounded once per box, the depth once */

static void rotation(fxc_vec3 axis, double degrees, fxc_mat3 *m)
{
    fix16_t angle = (fix16_t)lround(degrees * 3.14159265358979323846 / 180.0 * 65536.0);
    CHECK(fxc_mat3_from_axis_angle(axis, angle, m) == FXC_OK);
}

/* Contacts the axes answered (no EPA iteration): a rounded rotation can
 * still lay an edge of B exactly along a face of A now and then, and GJK
 * and EPA answer those. */
static long by_axes;

/* Collides a and b and checks the answer against the reference: depth,
 * the normal's overlap, both points on their bodies and depth * normal
 * apart. Returns the contact. */
static fxc_contact check_contact(const body *a, const body *b, const char *what, long id)
{
    fxc_contact c;
    rg_vec rn;
    double ref = lsb(rg_poly_sat(&a->poly, &b->poly, &rn));
    int st = fxc_collide(&a->shape, &a->xf, &b->shape, &b->xf, &t_ws, &c);
    rg_vec n = unit_of(c.normal);
    double along = lsb(scene_overlap_along(a, b, n)) - ref;
    rg_vec gap = rg_sub(rg_sub(rg_from(c.point_a), rg_from(c.point_b)), rg_scale(n, t_d(c.depth)));
    double ea = scene_off_body(a, c.point_a), eb = scene_off_body(b, c.point_b), ep = lsb(rg_len(gap));
    CHECK_MSG(st == FXC_PENETRATING, "%s %ld: %s", what, id, fxc_status_name(st));
    by_axes += c.epa_iterations == 0;
    CHECK_MSG(fabs(c.depth - ref) <= SAT_BOUND, "%s %ld: depth %d, reference %.2f LSB", what, id, (int)c.depth, ref);
    CHECK_MSG(along <= SAT_BOUND + 1, "%s %ld: overlap along the normal %.2f LSB above the depth", what, id, along);
    CHECK_MSG(ea <= SAT_BOUND && eb <= SAT_BOUND && ep <= 2 * SAT_BOUND, "%s %ld: points off A %.2f, off B %.2f, apart %.2f LSB",
              what, id, ea, eb, ep);
    return c;
}

/* A's top is an edge along x (A turned 45 degrees about x), B's bottom an
 * edge turned by `twist` degrees about z from the y axis (B turned 45
 * degrees about its y, then about z): the edges cross, and the contact is
 * theirs, as deep as B is lowered onto A, wherever they cross. */
void test_sat_crossing_edges(void)
{
    t_rng r = { 5200 };
    long i, n = T_TARGET_CASES(400, 40);
    by_axes = 0;
    for (i = 0; i < n; i++) {
        body a, b;
        fxc_mat3 ma, my, mz, mb;
        double twist = (i % 2 ? 1 : -1) * t_range(&r, 5, 45); /* 0 would lay B's edge along A's face */
        fix16_t h = t_range(&r, FXC_ONE / 4, 4 * FXC_ONE), depth = i % 2 ? t_range(&r, FXC_SAT_MIN_DEPTH + 2, 40) : t_range(&r, 40, h / 16);
        fxc_vec3 shift = fxc_v3(t_range(&r, -h / 4, h / 4), t_range(&r, -h / 4, h / 4), 0);
        fxc_contact c;
        rg_vec top, bottom, edge = rg_v(0, 0, -1e9);
        double lo = 1e9;
        int k;
        rotation(fxc_v3(FXC_ONE, 0, 0), 45, &ma);
        rotation(fxc_v3(0, FXC_ONE, 0), 45, &my);
        rotation(fxc_v3(0, 0, FXC_ONE), twist, &mz);
        fxc_mat3_mul(&mz, &my, &mb);
        scene_box(&a, fxc_v3(h, h, h));
        scene_box(&b, fxc_v3(h, h, h));
        scene_place(&a, &ma, fxc_v3(0, 0, 0));
        scene_finish(&a);
        /* A's top edge (its highest corners: the same y and z), and B's
         * lowest corner, to lower B onto it by `depth` */
        for (k = 0; k < a.poly.n; k++)
            if (a.poly.v[k].z > edge.z) edge = a.poly.v[k];
        scene_place(&b, &mb, fxc_v3(0, 0, 0));
        scene_finish(&b);
        for (k = 0; k < b.poly.n; k++) lo = b.poly.v[k].z < lo ? b.poly.v[k].z : lo;
        scene_place(&b, &mb, fxc_v3(shift.x, shift.y, (fix16_t)lround((edge.z - lo) * 65536.0) - depth));
        scene_finish(&b);
        c = check_contact(&a, &b, "crossing edges", i);
        /* the normal is up, the points on A's top edge and B's bottom edge */
        CHECK_MSG(c.normal.z > FXC_ONE - 2 && abs(c.normal.x) <= 2 && abs(c.normal.y) <= 2, "case %ld: normal (%d, %d, %d)", i,
                  (int)c.normal.x, (int)c.normal.y, (int)c.normal.z);
        top = rg_from(c.point_a);
        bottom = rg_from(c.point_b);
        CHECK_MSG(fabs(lsb(top.y - edge.y)) <= SAT_BOUND && fabs(lsb(top.z - edge.z)) <= SAT_BOUND,
                  "case %ld: point on A (%.1f, %.1f, %.1f) LSB, A's top edge at y %.1f z %.1f", i, lsb(top.x), lsb(top.y),
                  lsb(top.z), lsb(edge.y), lsb(edge.z));
        CHECK_MSG(fabs(lsb(bottom.x - top.x)) <= 2 * SAT_BOUND && fabs(lsb(bottom.y - top.y)) <= 2 * SAT_BOUND,
                  "case %ld: points apart sideways (%.1f, %.1f) LSB", i, lsb(bottom.x - top.x), lsb(bottom.y - top.y));
    }
    port_printf("       %ld crossings, %ld answered by the axes\n", n, by_axes);
    CHECK(by_axes >= n * 97 / 100);
}

/* A corner of B pressed into A's top face: B turned so that its body
 * diagonal is about vertical, and about z so that none of its edges lies
 * along a face of A (the axes leave such pairs to GJK and EPA). */
void test_sat_corner_in_face(void)
{
    t_rng r = { 5300 };
    long i, n = T_TARGET_CASES(400, 40);
    by_axes = 0;
    for (i = 0; i < n; i++) {
        body a, b;
        fxc_mat3 m1, m2, m3, m21, mb;
        fix16_t h = t_range(&r, FXC_ONE / 2, 4 * FXC_ONE), depth = t_range(&r, FXC_SAT_MIN_DEPTH + 2, FXC_ONE / 16);
        fxc_contact c;
        double lo = 1e9;
        int k;
        rotation(fxc_v3(FXC_ONE, 0, 0), 45, &m1);
        rotation(fxc_v3(0, FXC_ONE, 0), 35.26438968275466 + t_range(&r, -5, 5), &m2);
        rotation(fxc_v3(0, 0, FXC_ONE), t_range(&r, 5, 40), &m3);
        fxc_mat3_mul(&m2, &m1, &m21);
        fxc_mat3_mul(&m3, &m21, &mb);
        scene_box(&a, fxc_v3(2 * h, 2 * h, h));
        scene_box(&b, fxc_v3(h / 2, h / 2, h / 2));
        scene_place(&a, NULL, fxc_v3(0, 0, 0));
        scene_finish(&a);
        scene_place(&b, &mb, fxc_v3(0, 0, 0));
        scene_finish(&b);
        for (k = 0; k < b.poly.n; k++) lo = b.poly.v[k].z < lo ? b.poly.v[k].z : lo;
        scene_place(&b, &mb, fxc_v3(t_range(&r, -h, h), t_range(&r, -h, h), h - (fix16_t)lround(lo * 65536.0) - depth));
        scene_finish(&b);
        c = check_contact(&a, &b, "corner in face", i);
        if (c.epa_iterations != 0) continue;
        /* the axes: A's face normal exactly, and the point on A's face */
        CHECK_MSG(c.normal.x == 0 && c.normal.y == 0 && c.normal.z == FXC_ONE, "case %ld: normal (%d, %d, %d)", i,
                  (int)c.normal.x, (int)c.normal.y, (int)c.normal.z);
        CHECK_MSG(c.point_a.z == h, "case %ld: point on A at z %d, its face at %d", i, (int)c.point_a.z, (int)h);
    }
    port_printf("       %ld corners in faces, %ld answered by the axes\n", n, by_axes);
    CHECK(by_axes >= n * 97 / 100);
}

/* B resting aligned on A, so that the contact is a region, not a corner:
 * a face on A's top face (B turned about z by 0, 90 or any angle), or an
 * edge along it (B turned 45 degrees about x, then about z); B smaller or
 * larger than A, and shifted so that it may hang over A's edges (where
 * B's corners lie off A, so that no corner is the contact). The axes hand
 * every such pair to GJK and EPA (an edge of B lies along a face of A);
 * their contact must still lie on both boxes, as deep as the reference
 * says. */
void test_sat_resting_aligned(void)
{
    t_rng r = { 5350 };
    long i, n = T_TARGET_CASES(600, 60), tested = 0;
    by_axes = 0;
    for (i = 0; i < n; i++) {
        body a, b;
        fxc_mat3 mx, mz, mb;
        fix16_t h = t_range(&r, FXC_ONE / 2, 4 * FXC_ONE), hb = i % 3 ? t_range(&r, h / 4, h) : t_range(&r, h, 2 * h);
        fix16_t depth = t_range(&r, FXC_SAT_MIN_DEPTH + 2, h / 32), reach = h + hb / 2;
        double turn = i % 4 == 0 ? 0 : i % 4 == 1 ? 90 : t_range(&r, 1, 89);
        double lo = 1e9;
        int k;
        rotation(fxc_v3(FXC_ONE, 0, 0), i % 2 ? 45 : 0, &mx);
        rotation(fxc_v3(0, 0, FXC_ONE), turn, &mz);
        fxc_mat3_mul(&mz, &mx, &mb);
        scene_box(&a, fxc_v3(h, h * 3 / 4, h / 2));
        scene_box(&b, fxc_v3(hb, hb / 2, hb / 3));
        scene_place(&a, NULL, fxc_v3(0, 0, 0));
        scene_finish(&a);
        scene_place(&b, &mb, fxc_v3(0, 0, 0));
        scene_finish(&b);
        for (k = 0; k < b.poly.n; k++) lo = b.poly.v[k].z < lo ? b.poly.v[k].z : lo;
        scene_place(&b, &mb, fxc_v3(t_range(&r, -reach, reach), t_range(&r, -reach, reach),
                                    h / 2 - (fix16_t)lround(lo * 65536.0) - depth));
        scene_finish(&b);
        if (rg_poly_sat(&a.poly, &b.poly, NULL) < 2.0 * FXC_SAT_MIN_DEPTH / 65536.0) continue; /* hung off the side */
        (void)check_contact(&a, &b, "resting aligned", i);
        tested++;
    }
    port_printf("       %ld resting pairs, %ld answered by the axes\n", tested, by_axes);
    CHECK(tested >= n / 2 && by_axes == 0);
}

/* Sheared and scaled rotations (entries off a rotation by up to 2^-6):
 * the core is the parallelepiped the matrix makes, and the axes are its
 * own faces and edges; and swapping the boxes gives the opposite normal
 * and the same depth, to the bit. One case in four puts both boxes at one
 * centre, where every axis ties on its direction (d . n = 0): a face of A
 * and the same face as B's kept one direction, so swapping did not turn
 * the normal (and moved the depth by 1 LSB). */
void test_sat_sheared_and_swapped(void)
{
    t_rng r = { 5400 };
    long i, n = T_TARGET_CASES(3000, 100), answered = 0, concentric = 0;
    stats depth;
    stats_init(&depth, "sheared box-box depth error");
    for (i = 0; i < n && t_failures() == 0; i++) {
        body a, b;
        fxc_mat3 ma, mb;
        fxc_contact c, s;
        fxc_vec3 pb;
        int j, k, st;
        scene_rotation(&r, &ma);
        scene_rotation(&r, &mb);
        for (j = 0; j < 3; j++) {
            for (k = 0; k < 3; k++) {
                ma.m[j][k] += t_range(&r, -1024, 1024);
                mb.m[j][k] += t_range(&r, -1024, 1024);
            }
        }
        scene_box(&a, t_vec(&r, FXC_ONE / 4, 2 * FXC_ONE));
        scene_box(&b, t_vec(&r, FXC_ONE / 4, 2 * FXC_ONE));
        scene_place(&a, &ma, t_vec(&r, -FXC_ONE, FXC_ONE));
        pb = t_vec(&r, -FXC_ONE, FXC_ONE);
        scene_place(&b, &mb, i % 4 == 0 ? a.xf.pos : pb);
        scene_finish(&a);
        scene_finish(&b);
        st = fxc_collide(&a.shape, &a.xf, &b.shape, &b.xf, &t_ws, &c);
        if (st != FXC_PENETRATING || c.depth < 8) continue;
        answered++;
        if (i % 4 == 0) {
            /* one centre, deep: the Q16.16 normal's rounding moves the
             * overlap along it by up to 0.87 LSB per unit of the pair's
             * size (README), more than check_contact allows */
            double ref = lsb(rg_poly_sat(&a.poly, &b.poly, NULL));
            double along = lsb(scene_overlap_along(&a, &b, unit_of(c.normal))) - ref;
            CHECK_MSG(fabs(c.depth - ref) <= SAT_BOUND && along <= SAT_BOUND + 0.87 * scene_minkowski_radius(&a, &b),
                      "concentric %ld: depth %d, reference %.2f, overlap along the normal %.2f LSB above", i, (int)c.depth,
                      ref, along);
            concentric++;
        } else {
            (void)check_contact(&a, &b, "sheared", i);
        }
        stats_add(&depth, fabs(c.depth - lsb(rg_poly_sat(&a.poly, &b.poly, NULL))));
        CHECK(fxc_collide(&b.shape, &b.xf, &a.shape, &a.xf, &t_ws, &s) == FXC_PENETRATING);
        CHECK_MSG(s.depth == c.depth && s.normal.x == -c.normal.x && s.normal.y == -c.normal.y && s.normal.z == -c.normal.z,
                  "case %ld: swapped depth %d (EPA %d) normal (%d, %d, %d); unswapped %d (%d, %d, %d)", i, (int)s.depth, s.epa_iterations, (int)s.normal.x,
                  (int)s.normal.y, (int)s.normal.z, (int)c.depth, (int)c.normal.x, (int)c.normal.y, (int)c.normal.z);
    }
    stats_print(&depth);
    CHECK(answered > n / 3 && concentric > n / 8);
}

/* Where the axes hand the pair back to GJK (and EPA), which then reports
 * its iterations: a corner of B in A's top face 2 LSB deep (below
 * FXC_SAT_MIN_DEPTH: GJK decides touching and depth on the rounded
 * corners, as fxc_distance does), and B resting aligned on A (an edge of
 * B along a face of A); the same corner FXC_SAT_MIN_DEPTH + 4 deep is the
 * axes' (no iteration at all). */
void test_sat_hands_back(void)
{
    static const int32_t depths[3] = { 2, FXC_SAT_MIN_DEPTH + 4, 100 };
    fxc_mat3 m1, m2, m3, m21, turned;
    int k;
    rotation(fxc_v3(FXC_ONE, 0, 0), 45, &m1);
    rotation(fxc_v3(0, FXC_ONE, 0), 35, &m2);
    rotation(fxc_v3(0, 0, FXC_ONE), 20, &m3);
    fxc_mat3_mul(&m2, &m1, &m21);
    fxc_mat3_mul(&m3, &m21, &turned);
    for (k = 0; k < 3; k++) {
        body a, b;
        fxc_contact c;
        double lo = 1e9;
        int j, aligned = k == 2;
        scene_box(&a, fxc_v3(FXC_ONE, FXC_ONE, FXC_ONE / 2));
        scene_box(&b, fxc_v3(FXC_ONE / 4, FXC_ONE / 4, FXC_ONE / 4));
        scene_place(&a, NULL, fxc_v3(0, 0, 0));
        scene_finish(&a);
        scene_place(&b, aligned ? NULL : &turned, fxc_v3(0, 0, 0));
        scene_finish(&b);
        for (j = 0; j < b.poly.n; j++) lo = b.poly.v[j].z < lo ? b.poly.v[j].z : lo;
        scene_place(&b, aligned ? NULL : &turned, fxc_v3(FXC_ONE / 8, -FXC_ONE / 8,
                                                        FXC_ONE / 2 - (fix16_t)lround(lo * 65536.0) - depths[k]));
        scene_finish(&b);
        CHECK(fxc_collide(&a.shape, &a.xf, &b.shape, &b.xf, &t_ws, &c) == FXC_PENETRATING);
        CHECK_MSG(abs((int)c.depth - depths[k]) <= 2, "case %d: depth %d, built %d", k, (int)c.depth, (int)depths[k]);
        if (k == 1) CHECK_MSG(c.gjk_iterations == 0 && c.epa_iterations == 0, "deep corner: %d GJK iterations", c.gjk_iterations);
        else CHECK_MSG(c.gjk_iterations > 0, "case %d: no GJK iteration: the axes answered", k);
    }
}
