/* A box's supporting feature from its columns (src/feature.c, white-box)
 * against the general wrap of the same eight corners: a hull listing
 * them in the box's corner numbering, placed by the same transform, goes
 * through the candidates' band and the gift wrap. The two must give the
 * same corners in the same counter-clockwise cycle (any start), but where
 * the columns' rule is documented to differ: a corner within rounding of
 * the band's edge (the columns measure the band from the corner the signs
 * pick, the wrap from the highest rounded one), and the far corner of a
 * face tilted along both of its columns, within twice the band (a face of
 * four by the columns, a triangle by the wrap). Thin plates seen almost
 * along their thin column check the columns' hand-over to the wrap where
 * two corners coincide seen along the direction. */
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "scene.h"
#include "../src/feature.h"

#define ONE FXC_ONE

/* Is g a rotation of the cycle f (the same ids, the same order)? */
static int same_cycle(const fxc_feature *f, const fxc_feature *g)
{
    int s, i;
    if (f->n != g->n) return 0;
    for (s = 0; s < f->n; s++) {
        for (i = 0; i < f->n && f->id[i] == g->id[(i + s) % f->n]; i++) continue;
        if (i == f->n) return 1;
    }
    return 0;
}

/* Bit k set: corner k is in f. */
static unsigned corner_set(const fxc_feature *f)
{
    unsigned set = 0;
    int i;
    for (i = 0; i < f->n; i++) set |= 1u << f->id[i];
    return set;
}

/* A direction near column k of m (either way), tilted by up to `tilt` raw
 * per other axis: faces, edges and corners all come up. */
static fxc_vec3 near_column(t_rng *r, const fxc_mat3 *m, int k, int32_t tilt)
{
    int32_t s = t_next(r) % 2 ? 1 : -1;
    fxc_vec3 d = fxc_v3(s * m->m[0][k] * 2048, s * m->m[1][k] * 2048, s * m->m[2][k] * 2048); /* below 2^28 */
    return fxc_v3_add(d, t_vec(r, -tilt, tilt));
}

void test_feature_box_columns(void)
{
    t_rng r = { 4711 };
    long i, n = T_TARGET_CASES(20000, 1500), same = 0, documented = 0, faces = 0, edges = 0, other = 0;
    for (i = 0; i < n; i++) {
        fxc_shape box, hull;
        fxc_vec3 corner[8], h = t_vec(&r, ONE / 64, 4 * ONE), d;
        fxc_transform t;
        fxc_mat3 m;
        fxc_pair p;
        fxc_feature fb, fh;
        uint32_t extra = t_next(&r) % 4 ? 0 : (uint32_t)(t_next(&r) % 4096);
        int k, against = (int)(t_next(&r) % 2);
        if (h.x < 0) h.x = -h.x;
        if (h.y < 0) h.y = -h.y;
        if (h.z < 0) h.z = -h.z;
        h = fxc_v3_add(h, fxc_v3(1, 1, 1));
        if (i % 5 == 1) { /* a thin plate, seen almost along its thin column */
            h = fxc_v3(t_range(&r, 200, 3000), t_range(&r, 4 * ONE, 60 * ONE), t_range(&r, 4 * ONE, 60 * ONE));
            extra = (uint32_t)(t_next(&r) % 8192);
        }
        for (k = 0; k < 8; k++) corner[k] = fxc_v3(k & 1 ? h.x : -h.x, k & 2 ? h.y : -h.y, k & 4 ? h.z : -h.z);
        CHECK(fxc_shape_box(&box, h, 0) == FXC_OK);
        CHECK(fxc_shape_hull(&hull, corner, 8, 0) == FXC_OK);
        switch (i % 4) {
        case 0: fxc_mat3_identity(&m); break;
        case 3: /* sheared, possibly a reflection: a parallelepiped */
            scene_rotation(&r, &m);
            m.m[t_next(&r) % 3][t_next(&r) % 3] += (fix16_t)(t_next(&r) % 8192) - 4096;
            if (t_next(&r) % 2)
                for (k = 0; k < 3; k++) m.m[k][0] = -m.m[k][0];
            break;
        default: scene_rotation(&r, &m); break;
        }
        CHECK(fxc_transform_set(&t, &m, t_vec(&r, -ONE, ONE)) == FXC_OK);
        CHECK(fxc_pair_init(&p, &box, &t, &hull, &t, NULL) == FXC_OK);
        if (i % 5 == 1) d = near_column(&r, &m, 0, (int32_t)(t_next(&r) % 131072));
        else if (i % 5 == 4) d = t_vec(&r, -(1 << 27), 1 << 27);
        else d = near_column(&r, &m, (int)(t_next(&r) % 3), (int32_t)(t_next(&r) % 65536));
        if (d.x == 0 && d.y == 0 && d.z == 0) d.z = 1;
        fxc_support_feature(&p.a, d, against, extra, &fb);
        fxc_support_feature(&p.b, d, against, extra, &fh);
        {
            /* the band as documented (feature.c: band_of, band_width),
             * measured down from the highest corner; the rounding of the
             * corners moves each by at most 1 LSB per coordinate, so
             * whether the band is measured from the corner the signs pick
             * or from the highest rounded one (the wrap's) moves its edge
             * by at most SLACK along d */
            int64_t nmax = (int64_t)(fxc_abs_u32(d.x) | fxc_abs_u32(d.y) | fxc_abs_u32(d.z)), top = INT64_MIN;
            int64_t band = ((int64_t)1 << (p.a.reach_bits > 14 ? p.a.reach_bits - 14 : 0)) + 16 + extra;
            int64_t width = band * nmax, slack = 6 * nmax;
            fxc_vec3 dir = against ? fxc_v3_neg(d) : d;
            unsigned differ = corner_set(&fb) ^ corner_set(&fh);
            for (k = 0; k < 8; k++) {
                int64_t hk = fxc_v3_dot_wide(dir, fxc_box_corner(&p.a, (unsigned)k));
                top = hk > top ? hk : top;
            }
            for (k = 0; k < 8; k++) {
                int64_t drop = top - fxc_v3_dot_wide(dir, fxc_box_corner(&p.a, (unsigned)k));
                if (differ >> k & 1u)
                    CHECK_MSG(drop > width - slack && drop <= 2 * width + slack,
                              "case %ld: corner %d in one feature only, %lld below the top (band %lld)", i, k, (long long)drop,
                              (long long)width);
            }
            if (differ == 0) CHECK_MSG(same_cycle(&fb, &fh), "case %ld: the same corners in another order", i);
            same += differ == 0;
            documented += differ != 0;
        }
        /* a face runs counter-clockwise seen from +d */
        if (fb.n == 4) {
            for (k = 0; k < 4; k++) {
                fxc_vec3 p0 = fb.p[k], p1 = fb.p[(k + 1) % 4], p2 = fb.p[(k + 2) % 4];
                double c[3], e1[3] = { (double)p1.x - p0.x, (double)p1.y - p0.y, (double)p1.z - p0.z };
                double e2[3] = { (double)p2.x - p0.x, (double)p2.y - p0.y, (double)p2.z - p0.z };
                c[0] = e1[1] * e2[2] - e1[2] * e2[1];
                c[1] = e1[2] * e2[0] - e1[0] * e2[2];
                c[2] = e1[0] * e2[1] - e1[1] * e2[0];
                /* within rounding of straight (the wrap's, where the
                 * columns hand over: 4 raw off the line) counts as a turn */
                double along = (c[0] * d.x + c[1] * d.y + c[2] * d.z) / sqrt((double)d.x * d.x + (double)d.y * d.y + (double)d.z * d.z);
                double reach = sqrt(e2[0] * e2[0] + e2[1] * e2[1] + e2[2] * e2[2]);
                CHECK_MSG(along > -4.0 * reach, "case %ld: face turns clockwise at corner %d", i, fb.id[k]);
            }
        }
        faces += fb.n == 4;
        edges += fb.n == 2;
        other += fb.n != 4 && fb.n != 2;
        /* each corner the columns give is the box's own corner there */
        for (k = 0; k < fb.n; k++) {
            fxc_vec3 q = fxc_box_corner(&p.a, fb.id[k]);
            CHECK(memcmp(&q, &fb.p[k], sizeof q) == 0);
        }
    }
    port_printf("       %ld cases: %ld the same cycle, %ld differ at the band's edge; %ld faces, %ld edges, %ld corners\n",
                n, same, documented, faces, edges, other);
    /* every kind of feature came up, and features differ only rarely */
    CHECK(faces > n / 10 && edges > n / 20 && other > n / 20);
    CHECK(documented * 20 < n);
}

/* A hull's band, exactly at its edge: a face of points on a circle (any
 * subset is in convex position, so the wrap keeps every point the band
 * takes in), some of them lowered to within a few LSB of the band's lower
 * edge, two apexes far below. The feature's points must be exactly the
 * band as documented (feature.c: band_of, band_width), measured on the
 * points as placed (fxc_body_place). collect passes over a hull vertex
 * by a bound on its height before placing it; a bound too tight drops a
 * point that lies in the band by less than the rounding. */
void test_feature_hull_band_edge(void)
{
    t_rng r = { 2027 };
    long i, n = T_TARGET_CASES(6000, 500), near = 0;
    const int32_t rho = 1 << 21;
    for (i = 0; i < n; i++) {
        fxc_vec3 v[12], d, dir;
        fxc_shape hull, ball;
        fxc_transform t, tb;
        fxc_mat3 m;
        fxc_pair p;
        fxc_feature f;
        int k, face = 4 + (int)(t_next(&r) % 7), count = face + 2, expected = 0;
        uint32_t extra = t_next(&r) % 2 ? 0 : (uint32_t)(t_next(&r) % 4096);
        unsigned in_band = 0, got = 0;
        int64_t band, width, top = INT64_MIN, nmax;
        double step, edge;
        scene_rotation(&r, &m);
        if (i % 3 == 2) m.m[t_next(&r) % 3][t_next(&r) % 3] += (fix16_t)(t_next(&r) % 8192) - 4096; /* sheared */
        d = fxc_v3(m.m[0][2] * 2048, m.m[1][2] * 2048, m.m[2][2] * 2048); /* along local z, below 2^28 */
        d = fxc_v3_add(d, t_vec(&r, -64, 64));
        nmax = (int64_t)(fxc_abs_u32(d.x) | fxc_abs_u32(d.y) | fxc_abs_u32(d.z));
        /* reach 2^21 (22 bits): the band is 2^8 + 16 + extra raw */
        band = ((int64_t)1 << 8) + 16 + extra;
        width = band * nmax;
        /* height along d of one raw step along local z, and the band's
         * lower edge in such steps below the top point */
        step = ((double)d.x * m.m[0][2] + (double)d.y * m.m[1][2] + (double)d.z * m.m[2][2]) / 65536.0;
        edge = (double)width / step;
        for (k = 0; k < face; k++) {
            double a = 2.0 * 3.14159265358979 * (k + 0.1 * (double)(t_next(&r) % 8)) / face;
            int32_t z = 0;
            if (k > 0) z = -(int32_t)edge + t_range(&r, -3, 3); /* at the band's edge */
            if (k > 0 && t_next(&r) % 4 == 0) z = -(int32_t)(t_next(&r) % (uint32_t)(2 * edge + 8)); /* anywhere */
            v[k] = fxc_v3((fix16_t)(rho * cos(a)), (fix16_t)(rho * sin(a)), z);
        }
        v[face] = fxc_v3(0, rho / 2, -rho);
        v[face + 1] = fxc_v3(0, -rho / 2, -rho);
        CHECK(fxc_shape_hull(&hull, v, count, 0) == FXC_OK);
        CHECK(fxc_shape_sphere(&ball, ONE) == FXC_OK);
        CHECK(fxc_transform_set(&t, &m, t_vec(&r, -ONE, ONE)) == FXC_OK);
        CHECK(fxc_transform_set(&tb, NULL, t_vec(&r, -64 * ONE, 64 * ONE)) == FXC_OK);
        if (fxc_pair_init(&p, &hull, &t, &ball, &tb, NULL) != FXC_OK) {
            CHECK_MSG(0, "case %ld: pair refused", i);
            continue;
        }
        CHECK_MSG(p.a.reach_bits == 22, "case %ld: reach of %d bits, not 22", i, p.a.reach_bits);
        dir = d;
        for (k = 0; k < count; k++) {
            int64_t h = fxc_v3_dot_wide(dir, fxc_body_place(&p.a, v[k]));
            top = h > top ? h : top;
        }
        for (k = 0; k < count; k++) {
            int64_t h = fxc_v3_dot_wide(dir, fxc_body_place(&p.a, v[k]));
            if (h >= top - width) in_band |= 1u << k;
            if (h >= top - width - 2 * nmax && h <= top - width + 2 * nmax) near++;
        }
        for (k = 0; k < count; k++) expected += (int)(in_band >> k & 1u);
        if (expected > FXC_FEATURE_MAX) continue;
        fxc_support_feature(&p.a, d, 0, extra, &f);
        for (k = 0; k < f.n; k++) got |= 1u << f.id[k];
        CHECK_MSG(got == in_band, "case %ld: feature 0x%x, the band holds 0x%x", i, got, in_band);
    }
    /* the test is at the edge: about one case in four has a point within
     * 2 raw steps along d of it */
    CHECK_MSG(near > n / 8, "only %ld points near the band's edge in %ld cases", near, n);
}
