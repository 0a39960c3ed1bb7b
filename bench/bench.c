/* fxcollide benchmark: instructions per query on the emulated Cortex-M
 * boards (QEMU -icount shift=0 makes SysTick count instructions), or
 * nanoseconds per query on the host. Every platform runs the same inputs,
 * generated with integer arithmetic only.
 *
 * Each query is timed alone: counter before, query, counter after, minus
 * the cost of timing an empty call. The counter ticks every 40 (M3) or
 * 62.5 (M0) instructions, so a single reading is good to one tick; the
 * mean over 1000 queries averages that out, median and max keep it. */
#include "port.h"
#include "fxcollide.h"
#include "fxcollide2d.h"
#include "../src/gjk.h"
#include "../src/wide.h"
#include "../src/filter.h"

#ifndef CASES
#define CASES 1000
#endif
#define PASSES_HOST 5
/* 0: skip the kernel table (the profile build: make profile) */
#ifndef FXC_BENCH_KERNELS
#define FXC_BENCH_KERNELS 1
#endif
/* Instruction counts repeat exactly: one pass; host timings are noisy: the
 * median of the pass means. */
#ifdef FXC_BOARD_NAME
#define T_PASSES 1
#else
#define T_PASSES PASSES_HOST
#endif

typedef struct { uint64_t s; } rng;

static uint64_t next(rng *r)
{
    uint64_t z = (r->s += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static int32_t range(rng *r, int32_t lo, int32_t hi)
{
    return (int32_t)(lo + (int64_t)(next(r) % (uint64_t)((int64_t)hi - lo + 1)));
}

/* Drawn x, then y, then z: argument evaluation order is unspecified in C. */
static fxc_vec3 rand_vec(rng *r, int32_t lo, int32_t hi)
{
    fxc_vec3 v;
    v.x = range(r, lo, hi);
    v.y = range(r, lo, hi);
    v.z = range(r, lo, hi);
    return v;
}

static void rotation(rng *r, fxc_mat3 *m)
{
    fxc_quat q;
    do {
        q.w = range(r, -65536, 65536);
        q.x = range(r, -65536, 65536);
        q.y = range(r, -65536, 65536);
        q.z = range(r, -65536, 65536);
    } while (fxc_mat3_from_quat(q, m) != FXC_OK);
}

static fxc_vec3 rand_unit(rng *r)
{
    fxc_vec3 v, u;
    do {
        v = rand_vec(r, -65536, 65536);
    } while (!fxc_v3_normalize(v, &u));
    return u;
}

/* Icosahedron of circumradius ~0.5: (0, +-1, +-phi) and its cycles, scaled. */
static const fxc_vec3 ico[12] = {
    { 0, 17220, 27862 }, { 0, -17220, 27862 }, { 0, 17220, -27862 }, { 0, -17220, -27862 },
    { 17220, 27862, 0 }, { -17220, 27862, 0 }, { 17220, -27862, 0 }, { -17220, -27862, 0 },
    { 27862, 0, 17220 }, { -27862, 0, 17220 }, { 27862, 0, -17220 }, { -27862, 0, -17220 },
};

/* 64 points on a sphere of radius 0.5 (integer golden-angle spiral). */
static fxc_vec3 ball64[64];

/* A slab 4 units across and 0.5 thick whose faces are 10-gons: 20 vertices
 * (cos and sin of multiples of 36 degrees times 2 units, rounded). */
static const fxc_vec3 slab20[20] = {
    { 131072, 0, 16384 }, { 106039, 77042, 16384 }, { 40503, 124657, 16384 }, { -40503, 124657, 16384 },
    { -106039, 77042, 16384 }, { -131072, 0, 16384 }, { -106039, -77042, 16384 }, { -40503, -124657, 16384 },
    { 40503, -124657, 16384 }, { 106039, -77042, 16384 }, { 131072, 0, -16384 }, { 106039, 77042, -16384 },
    { 40503, 124657, -16384 }, { -40503, 124657, -16384 }, { -106039, 77042, -16384 }, { -131072, 0, -16384 },
    { -106039, -77042, -16384 }, { -40503, -124657, -16384 }, { 40503, -124657, -16384 }, { 106039, -77042, -16384 },
};

/* The 64-point ball's prepared graph (fxc_hull_prepare): workload 9 uses
 * the prepared hull, whose answers are the plain one's, bit for bit.
 * Workloads 5 and 12 use plain hulls of 12 and 20 points, for which
 * climbing saves little (compare them with `make profile` after
 * switching them to fxc_shape_hull_graph). */
static fxc_hull_graph ball64_graph;

static void make_hulls(void)
{
    int i;
    for (i = 0; i < 64; i++) {
        fix16_t z = (fix16_t)(65536 - (2 * i + 1) * 1024); /* (1 - (2i+1)/64) */
        fix16_t s, c, rxy;
        fxc_sincos((fix16_t)((int64_t)i * 157286), &s, &c); /* 2.4 rad steps */
        rxy = (fix16_t)fxc_isqrt64((uint64_t)((int64_t)65536 * 65536 - (int64_t)z * z));
        ball64[i] = fxc_v3_scale(fxc_v3(fxc_round32((int64_t)rxy * c), fxc_round32((int64_t)rxy * s), z), 32768);
    }
    (void)fxc_hull_prepare(&ball64_graph, ball64, 64);
}

typedef struct {
    fxc_shape a, b;
    fxc_transform ta, tb;
    fxc_vec3 origin, move; /* casts: the ray's origin; the ray's or B's translation */
    fxc_motion motion;     /* the turning cast */
    /* 2D workloads (15 on) */
    fxc2_shape a2, b2;
    fxc2_transform ta2, tb2;
    fxc2_vec origin2, move2;
} pair;

enum { Q_COLLIDE, Q_INTERSECT, Q_DISTANCE, Q_WARM, Q_MANIFOLD, Q_RAY, Q_SHAPECAST, Q_MOTION, Q2_COLLIDE, Q2_INTERSECT,
       Q2_MANIFOLD, Q2_RAY };

/* ---- 2D workloads ---- */
#define WORKLOADS_3D 14 /* and 20 */
#define WORKLOAD_2D_LAST 19

/* Workloads 15..19 are 2D; 20 (added later) is 3D again. */
static int is_2d(int w)
{
    return w > WORKLOADS_3D && w <= WORKLOAD_2D_LAST;
}

/* A regular octagon of circumradius 0.5 (cos and sin of multiples of 45
 * degrees, times 0.5), counter-clockwise. */
static const fxc2_vec octagon[8] = {
    { 32768, 0 }, { 23170, 23170 }, { 0, 32768 }, { -23170, 23170 },
    { -32768, 0 }, { -23170, -23170 }, { 0, -32768 }, { 23170, -23170 },
};

static fxc2_vec rand_vec2(rng *r, int32_t lo, int32_t hi)
{
    fxc2_vec v;
    v.x = range(r, lo, hi);
    v.y = range(r, lo, hi);
    return v;
}

/* A unit direction at a random angle, times `len`. */
static fxc2_vec rand_dir2(rng *r, fix16_t len)
{
    fix16_t s, c;
    fxc_sincos(range(r, 0, 411775), &s, &c); /* 0..2 pi */
    return fxc2_v(fxc_round32((int64_t)c * len), fxc_round32((int64_t)s * len));
}

/* Builds case i of 2D workload w (15..19). Returns the query kind. */
static int make_case2d(int w, rng *r, pair *p)
{
    fxc2_vec ha = rand_vec2(r, 16384, 65536), hb = rand_vec2(r, 16384, 65536);
    fix16_t turn_a = range(r, 0, 411775), turn_b = range(r, 0, 411775);
    (void)fxc2_transform_angle(&p->ta2, fxc2_v(0, 0), turn_a);
    switch (w) {
    case 15: /* box-box, deep: centres 0..0.6 units apart */
    case 17: /* boolean: centres 0..3 units apart, about half overlapping */
        fxc2_shape_box(&p->a2, ha, 0);
        fxc2_shape_box(&p->b2, hb, 0);
        (void)fxc2_transform_angle(&p->tb2, rand_dir2(r, w == 15 ? range(r, 0, 39321) : range(r, 0, 3 * 65536)),
                                   turn_b);
        return w == 15 ? Q2_COLLIDE : Q2_INTERSECT;
    case 16: /* two octagons of circumradius 0.5, centres 0..0.6 units apart */
        fxc2_shape_polygon(&p->a2, octagon, 8, 0);
        fxc2_shape_polygon(&p->b2, octagon, 8, 0);
        (void)fxc2_transform_angle(&p->tb2, rand_dir2(r, range(r, 0, 39321)), turn_b);
        return Q2_COLLIDE;
    case 18: { /* manifold: B resting on an axis-aligned A 4 x 1, turned by up
                * to +-0.05 rad, 1..50 LSB deep */
        fix16_t s, c, lift;
        int64_t ext;
        (void)fxc2_transform_angle(&p->ta2, fxc2_v(0, 0), 0);
        fxc2_shape_box(&p->a2, fxc2_v(2 * 65536, 32768), 0);
        fxc2_shape_box(&p->b2, hb, 0);
        turn_b = range(r, -3277, 3277);
        fxc_sincos(turn_b, &s, &c);
        ext = (int64_t)(s < 0 ? -s : s) * hb.x + (int64_t)(c < 0 ? -c : c) * hb.y; /* B's reach down, Q32.32 */
        lift = 32768 + (fix16_t)(ext >> 16) - range(r, 1, 50);
        (void)fxc2_transform_angle(&p->tb2, fxc2_v(range(r, -32768, 32768), lift), turn_b);
        return Q2_MANIFOLD;
    }
    default: /* 19: a ray at a box from 2..3 units out, through a point within
              * 0.5 units of its centre and 1.5 times as far: mostly hits */
        fxc2_shape_box(&p->a2, ha, 0);
        p->origin2 = rand_dir2(r, range(r, 2 * 65536, 3 * 65536));
        p->move2 = rand_vec2(r, -32768, 32768);
        p->move2 = fxc2_v(p->move2.x - p->origin2.x, p->move2.y - p->origin2.y);
        p->move2 = fxc2_v(p->move2.x + p->move2.x / 2, p->move2.y + p->move2.y / 2);
        return Q2_RAY;
    }
}

/* Builds case i of workload w. Returns the query kind. */
static int make_case(int w, rng *r, pair *p)
{
    fxc_mat3 ma, mb;
    fxc_vec3 ha, hb, dir;
    fix16_t reach;
    if (is_2d(w)) return make_case2d(w, r, p);
    rotation(r, &ma);
    rotation(r, &mb);
    ha = rand_vec(r, 16384, 65536);
    hb = rand_vec(r, 16384, 65536);
    dir = rand_unit(r);
    fxc_transform_set(&p->ta, &ma, fxc_v3(0, 0, 0));
    switch (w) {
    case 1: /* box-box, deep: centres 0..0.6 units apart */
    case 3: /* boolean: half overlapping, half separated */
    case 7: /* distance, separated */
        fxc_shape_box(&p->a, ha, 0);
        fxc_shape_box(&p->b, hb, 0);
        reach = w == 1 ? range(r, 0, 39321) : w == 3 ? range(r, 0, 4 * 65536) : range(r, 4 * 65536, 6 * 65536);
        fxc_transform_set(&p->tb, &mb, fxc_v3_scale(dir, reach));
        return w == 1 ? Q_COLLIDE : w == 3 ? Q_INTERSECT : Q_DISTANCE;
    case 2: { /* shallow: B resting on an axis-aligned A, 0.001..0.05 deep */
        int j;
        int64_t ext = 0;
        fxc_transform_set(&p->ta, 0, fxc_v3(0, 0, 0));
        fxc_shape_box(&p->a, fxc_v3(2 * 65536, 2 * 65536, 32768), 0);
        fxc_shape_box(&p->b, hb, 0);
        for (j = 0; j < 3; j++) {
            fix16_t m = mb.m[2][j] < 0 ? -mb.m[2][j] : mb.m[2][j];
            ext += (int64_t)m * (j == 0 ? hb.x : j == 1 ? hb.y : hb.z);
        }
        {
            fix16_t x = range(r, -32768, 32768), y = range(r, -32768, 32768);
            fix16_t z = 32768 + (fix16_t)(ext >> 16) - range(r, 66, 3277);
            fxc_transform_set(&p->tb, &mb, fxc_v3(x, y, z));
        }
        return Q_COLLIDE;
    }
    case 4: /* sphere-sphere penetration */
        fxc_shape_sphere(&p->a, range(r, 16384, 65536));
        fxc_shape_sphere(&p->b, range(r, 16384, 65536));
        fxc_transform_set(&p->tb, 0, fxc_v3_scale(dir, range(r, 0, 32768)));
        return Q_COLLIDE;
    case 5: /* icosahedron hull vs box */
        fxc_shape_hull(&p->a, ico, 12, 0);
        fxc_shape_box(&p->b, hb, 0);
        fxc_transform_set(&p->tb, &mb, fxc_v3_scale(dir, range(r, 0, 39321)));
        return Q_COLLIDE;
    case 8: /* worst case: curved cores deep inside each other, EPA at its cap */
        {
            fix16_t h1 = range(r, 32768, 65536), r1 = range(r, 32768, 65536);
            fix16_t h2 = range(r, 32768, 65536), r2 = range(r, 32768, 65536);
            fxc_shape_cylinder(&p->a, h1, r1, 0);
            fxc_shape_cone(&p->b, h2, r2, 0);
        }
        fxc_transform_set(&p->tb, &mb, fxc_v3_scale(dir, range(r, 0, 16384)));
        return Q_COLLIDE;
    case 9: /* worst case: two 64-vertex hulls deep inside each other, prepared */
        fxc_shape_hull_graph(&p->a, &ball64_graph, 0);
        fxc_shape_hull_graph(&p->b, &ball64_graph, 0);
        fxc_transform_set(&p->tb, &mb, fxc_v3_scale(dir, range(r, 0, 16384)));
        return Q_COLLIDE;
    case 11: /* manifold: B resting face down on A, turned about z, 1..50 LSB deep */
    case 12: /* manifold: a box resting on a 20-vertex hull (a slab with 10-gon faces) */
        {
            fxc_mat3 turn;
            fix16_t lift;
            (void)fxc_mat3_from_axis_angle(fxc_v3(0, 0, 65536), range(r, 0, 411775), &turn); /* 0..2 pi */
            fxc_transform_set(&p->ta, 0, fxc_v3(0, 0, 0));
            if (w == 11) {
                fxc_shape_box(&p->a, ha, 0);
                lift = ha.z;
            } else {
                fxc_shape_hull(&p->a, slab20, 20, 0);
                lift = 16384;
            }
            fxc_shape_box(&p->b, hb, 0);
            fxc_transform_set(&p->tb, &turn, fxc_v3(range(r, -32768, 32768), range(r, -32768, 32768),
                                                    lift + hb.z - range(r, 1, 50)));
        }
        return Q_MANIFOLD;
    case 13: /* ray cast at a box from 2..3 units out, through a point within
              * 0.5 units of its centre and 1.5 units beyond: mostly hits */
        fxc_shape_box(&p->a, ha, 0);
        p->origin = fxc_v3_scale(dir, range(r, 2 * 65536, 3 * 65536));
        p->move = fxc_v3_sub(rand_vec(r, -32768, 32768), p->origin);
        p->move = fxc_v3_add(p->move, fxc_v3_scale(p->move, 32768));
        return Q_RAY;
    case 14: /* a capsule (a robot link) cast at a box, likewise */
        {
            fix16_t h = range(r, 16384, 65536), rad = range(r, 8192, 32768);
            fxc_vec3 to = rand_vec(r, -32768, 32768);
            fxc_shape_box(&p->a, ha, 0);
            fxc_shape_capsule(&p->b, h, rad);
            fxc_transform_set(&p->tb, &mb, fxc_v3_scale(dir, range(r, 3 * 65536, 4 * 65536)));
            p->move = fxc_v3_sub(to, p->tb.pos);
            p->move = fxc_v3_add(p->move, fxc_v3_scale(p->move, 32768));
        }
        return Q_SHAPECAST;
    case 20: /* a capsule link 2..3 units from a box, turned by 135 to 180
              * degrees about a pivot near the middle between them (about
              * an axis across that line): most sweeps pass near the box */
        {
            fix16_t h = range(r, 16384, 65536), rad = range(r, 8192, 32768);
            fxc_vec3 off = fxc_v3_scale(dir, range(r, 2 * 65536, 3 * 65536)), side = rand_unit(r);
            fxc_shape_box(&p->a, ha, 0);
            fxc_shape_capsule(&p->b, h, rad);
            fxc_transform_set(&p->tb, &mb, off);
            p->motion.pivot = fxc_v3_add(fxc_v3_scale(off, 32768), rand_vec(r, -16384, 16384));
            p->motion.axis = fxc_v3_cross(dir, side);
            if (p->motion.axis.x == 0 && p->motion.axis.y == 0 && p->motion.axis.z == 0) p->motion.axis.z = 65536;
            p->motion.angle = range(r, 154415, 205887); /* 3/4 pi to pi */
            p->motion.translation = fxc_v3(0, 0, 0);
        }
        return Q_MOTION;
    default: /* 6: capsule-capsule penetration */
        {
            fix16_t h1 = range(r, 16384, 65536), r1 = range(r, 8192, 32768);
            fix16_t h2 = range(r, 16384, 65536), r2 = range(r, 8192, 32768);
            fxc_shape_capsule(&p->a, h1, r1);
            fxc_shape_capsule(&p->b, h2, r2);
        }
        fxc_transform_set(&p->tb, &mb, fxc_v3_scale(dir, range(r, 0, 32768)));
        return Q_COLLIDE;
    }
}

/* A build with FXC_BENCH_FORCED_EPA (and the library's query.c built
 * with FXC_BOX_SAT 0) prints its rows alone, named so, to follow the main
 * run's table: workload 1 with every box overlap through GJK+EPA. */
#ifdef FXC_BENCH_FORCED_EPA
#define FORCED_SUFFIX ", forced through GJK+EPA"
#define APPENDED_ROWS 1
#elif defined(FXC_BENCH_SMALL)
/* A build of everything (library and benchmark) in the small
 * configuration (Makefile: FXC_SMALL_DEFS) prints the 3D workloads' rows,
 * named so: their "statuses ok" column is the share of queries that do
 * not end at EPA's capacity. */
#define STR_(x) #x
#define STR(x) STR_(x)
#define FORCED_SUFFIX ", small: FXC_EPA_MAX_VERTICES " STR(FXC_EPA_MAX_VERTICES)
#define APPENDED_ROWS 1
#else
#define FORCED_SUFFIX ""
#define APPENDED_ROWS 0
#endif

#define WORKLOADS 20
static const char *names[WORKLOADS + 1] = { "", "box-box penetration", "box-box shallow contact", "box-box intersect",
                                 "sphere-sphere penetration", "icosahedron-box penetration",
                                 "capsule-capsule penetration", "box-box distance",
                                 "worst: cylinder-cone deep (EPA cap)", "worst: 64-vertex hulls deep (prepared)",
                                 "box-box intersect, warm (cache)", "manifold: box resting on box",
                                 "manifold: box on a 20-vertex hull", "ray cast at a box",
                                 "capsule cast at a box", "2D box-box penetration",
                                 "2D octagon-octagon penetration", "2D box-box intersect",
                                 "2D manifold: box resting on box", "2D ray cast at a box",
                                 "turning cast: a capsule link past a box" };

/* Workload 10: workload 3's pairs, each followed for FRAMES more frames in
 * which B moves a little (up to 1/256 unit and about 1/200 rad a frame),
 * queried with the pair's cache; only the warm frames are timed. */
#define FRAMES 10
static fxc_cache warm_cache;
static void warm_step(rng *r, pair *p, int frame)
{
    if (frame == 0) {
        (void)make_case(3, r, p);
        (void)fxc_cache_init(&warm_cache);
        (void)fxc_intersect_cached(&p->a, &p->ta, &p->b, &p->tb, &warm_cache); /* the cold first frame */
    } else {
        fxc_mat3 small, m;
        fxc_quat q;
        q.w = 65536;
        q.x = range(r, -160, 160);
        q.y = range(r, -160, 160);
        q.z = range(r, -160, 160);
        (void)fxc_mat3_from_quat(q, &small);
        fxc_mat3_mul(&p->tb.rot, &small, &m);
        p->tb.rot = m;
        p->tb.pos = fxc_v3_add(p->tb.pos, rand_vec(r, -256, 256));
    }
}

static fxc_workspace ws;
static uint32_t cost[CASES];
static volatile int sink;

/* The 2D queries of run(); out of line, so that run()'s own stack frame,
 * and with it the 3D workloads' stack peaks, stays as it was. */
#ifdef __GNUC__
__attribute__((noinline))
#endif
static int run2d(int kind, pair *p, int *gi, int *ei)
{
    int st;
    if (kind == Q2_INTERSECT) return fxc2_intersect(&p->a2, &p->ta2, &p->b2, &p->tb2);
    if (kind == Q2_RAY) {
        fxc2_ray_hit h;
        st = fxc2_raycast(&p->a2, &p->ta2, p->origin2, p->move2, &h);
        *gi = h.iterations;
        return st;
    }
    if (kind == Q2_MANIFOLD) {
        fxc2_manifold m;
        st = fxc2_collide_manifold(&p->a2, &p->ta2, &p->b2, &p->tb2, 0, &m);
        *gi = m.contact.gjk_iterations;
        *ei = m.contact.epa_iterations;
        return st;
    }
    {
        fxc2_contact c;
        st = fxc2_collide(&p->a2, &p->ta2, &p->b2, &p->tb2, &c);
        *gi = c.gjk_iterations;
        *ei = c.epa_iterations;
    }
    return st;
}

/* Runs one query; returns its status and counts its iterations. Kept out
 * of line: tools/profile.py counts the instructions inside run(). */
#ifdef __GNUC__
__attribute__((noinline))
#endif
static int run(int kind, pair *p, int *gi, int *ei)
{
    fxc_contact c;
    fxc_distance_result d;
    int st;
    *gi = *ei = 0;
    if (kind >= Q2_COLLIDE) return run2d(kind, p, gi, ei);
    if (kind == Q_INTERSECT) return fxc_intersect(&p->a, &p->ta, &p->b, &p->tb);
    if (kind == Q_WARM) return fxc_intersect_cached(&p->a, &p->ta, &p->b, &p->tb, &warm_cache);
    if (kind == Q_DISTANCE) {
        st = fxc_distance(&p->a, &p->ta, &p->b, &p->tb, &d);
        *gi = d.gjk_iterations;
        return st;
    }
    if (kind == Q_RAY) {
        fxc_ray_hit h;
        st = fxc_raycast(&p->a, &p->ta, p->origin, p->move, &h);
        *gi = h.iterations; /* the casts' steps, in the GJK column */
        return st;
    }
    if (kind == Q_SHAPECAST) {
        fxc_cast_result cr;
        st = fxc_shapecast(&p->a, &p->ta, &p->b, &p->tb, p->move, &ws, &cr);
        *gi = cr.iterations;
        return st;
    }
    if (kind == Q_MOTION) {
        fxc_cast_result cr;
        st = fxc_shapecast_motion(&p->a, &p->ta, &p->b, &p->tb, &p->motion, &ws, &cr);
        *gi = cr.iterations;
        return st;
    }
    if (kind == Q_MANIFOLD) {
        static fxc_contact_manifold m;
        st = fxc_manifold(&p->a, &p->ta, &p->b, &p->tb, 0, &ws, &m);
        *gi = m.contact.gjk_iterations;
        *ei = m.contact.epa_iterations;
        return st;
    }
    st = fxc_collide(&p->a, &p->ta, &p->b, &p->tb, &ws, &c);
    *gi = c.gjk_iterations;
    *ei = c.epa_iterations;
    return st;
}

static void sort(uint32_t *v, int n)
{
    int i, j;
    for (i = 1; i < n; i++) {
        uint32_t x = v[i];
        for (j = i; j > 0 && v[j - 1] > x; j--) v[j] = v[j - 1];
        v[j] = x;
    }
}

/* ---- kernel costs: each kernel run KN * KREPS times on varied inputs
 * (enough calls that a host's nanosecond clock resolves a tenth of a
 * nanosecond per call) ---- */
#define KN 64
#define KREPS 64
static fxc_vec3 kin[KN];
static fxc_vec3w kwide[KN];
static volatile int64_t ksink;

static void kernel_inputs(void)
{
    rng r = { 99 };
    int i;
    for (i = 0; i < KN; i++) {
        kin[i] = rand_vec(&r, -(1 << 28), 1 << 28);
        kwide[i] = fxc_v3_cross_wide(kin[i], fxc_v3(kin[i].y, 12345, -777));
    }
}

static uint32_t kernel_cost(int k)
{
    uint32_t t0, t1;
    int n;
    fxc_vec3 o;
    t0 = port_counter();
    for (n = 0; n < KN * KREPS; n++) {
        const int i = n & (KN - 1);
        const fxc_vec3 a = kin[i], b = kin[(i + 1) & (KN - 1)];
        switch (k) {
        case 0: ksink = a.x; break;
        case 1: ksink = fxc_v3_dot_wide(a, b); break;
        case 2: ksink = fxc_v3_dot(fxc_v3(a.x >> 8, a.y >> 8, a.z >> 8), b); break;
        case 3: ksink = fxc_v3_cross_wide(a, b).z; break;
        case 4: ksink = fxc_v3_cross(fxc_v3(a.x >> 8, a.y >> 8, a.z >> 8), fxc_v3(b.x >> 8, b.y >> 8, b.z >> 8)).y; break;
        case 5: fxc_v3_normalize(a, &o); ksink = o.x; break;
        case 6: fxc_v3w_normalize(kwide[i], &o); ksink = o.x; break;
        case 7: ksink = fxc_v3_length(a); break;
        case 8: ksink = fxc_isqrt64((uint64_t)fxc_v3_dot_wide(a, a)); break;
        case 9: ksink = fxc_sign_dot_wide(kwide[i], fxc_v3(b.x >> 1, b.y >> 1, b.z >> 1)); break;
        case 10: ksink = (int64_t)fxc_i128_mul64(kwide[i].x, kwide[i].y).hi; break;
        case 11: fxc_dir_fit(&kwide[i], &o); ksink = o.x; break;
        default: ksink = kwide[i].x / (a.x | 1); break;
        }
    }
    t1 = port_counter();
    return t1 - t0;
}

static void kernel_table(void)
{
    static const char *kname[13] = { "(loop)", "dot_wide (exact Q32.32)", "dot (Q16.16)", "cross_wide", "cross (Q16.16)",
                                     "normalize", "normalize (wide input)", "length", "isqrt64",
                                     "sign_dot_wide (93-bit sign)", "i128 mul64", "dir_fit (28-bit direction)",
                                     "int64 / int32 division" };
    uint32_t base;
    int k;
    kernel_inputs();
    base = kernel_cost(0);
    port_printf("| kernel | %s per call |\n|---|---|\n", port_counter_unit());
    for (k = 1; k < 13; k++) {
        uint32_t c = kernel_cost(k), tenths = c > base ? (c - base) * 10u / (KN * KREPS) : 0;
        port_printf("| %s | %lu.%lu |\n", kname[k], (unsigned long)(tenths / 10), (unsigned long)(tenths % 10));
    }
    port_printf("\n");
}

/* Filter counts per query of each workload (a counting build: make bench
 * runs the host benchmark built with FXC_COUNT_FALLBACKS once more). */
#ifdef FXC_COUNT_FALLBACKS
static unsigned long runs[WORKLOADS + 1][FXC_FILTERS], fell[WORKLOADS + 1][FXC_FILTERS];

static void count_reset(void)
{
    int k;
    for (k = 0; k < FXC_FILTERS; k++) fxc_filter_runs[k] = fxc_filter_fallbacks[k] = 0;
}

static void count_keep(int w)
{
    int k;
    for (k = 0; k < FXC_FILTERS; k++) {
        runs[w][k] = fxc_filter_runs[k];
        fell[w][k] = fxc_filter_fallbacks[k];
    }
}

/* runs and fallbacks per query, one decimal */
static void per_query(unsigned long n)
{
    port_printf(" %lu.%lu", n / CASES, n * 10 / CASES % 10);
}

static void count_table(void)
{
    int w;
    port_printf("\n| workload | box sign: runs / exact | EPA visibility: runs / to 64-bit / exact | box axes: depth comparisons / exact "
                "| GJK triangle regions: signs / exact |\n"
                "|---|---|---|---|---|\n");
    for (w = 1; w <= WORKLOADS; w++) {
        port_printf("| %d. %s |", w, names[w]);
        per_query(runs[w][FXC_FILTER_TMUL]);
        port_printf(" /");
        per_query(fell[w][FXC_FILTER_TMUL]);
        port_printf(" |");
        per_query(runs[w][FXC_FILTER_PLANE_32]);
        port_printf(" /");
        per_query(fell[w][FXC_FILTER_PLANE_32]);
        port_printf(" /");
        per_query(fell[w][FXC_FILTER_PLANE_64]);
        port_printf(" |");
        per_query(runs[w][FXC_FILTER_SAT]);
        port_printf(" /");
        per_query(fell[w][FXC_FILTER_SAT]);
        port_printf(" |");
        per_query(runs[w][FXC_FILTER_DET2]);
        port_printf(" /");
        per_query(fell[w][FXC_FILTER_DET2]);
        port_printf(" |\n");
    }
}
#endif

int main(void)
{
    int w, only = 0;
    uint32_t over;
    port_init();
    over = port_counter_overhead();
#ifdef FXC_BENCH_ONLY
    only = FXC_BENCH_ONLY;
#endif
#if !APPENDED_ROWS
    port_printf("fxcollide %s benchmark on %s (%s per query, %d cases each)\n", fxc_version(), port_name(),
                port_counter_unit(), CASES);
#endif
    if (FXC_BENCH_KERNELS) kernel_table();
#if !APPENDED_ROWS
    /* stack: the deepest the stack went during the workload's queries,
     * measured below the benchmark loop (boards only) */
    port_printf("| workload | mean | median | max | GJK it. mean/max | EPA it. mean/max | statuses ok | stack peak |\n");
    port_printf("|---|---|---|---|---|---|---|---|\n");
#endif
    make_hulls();
    for (w = 1; w <= WORKLOADS; w++) {
        int passes = T_PASSES, pass, i, gmax = 0, emax = 0, bad = 0;
        uint64_t sum = 0, gsum = 0, esum = 0;
        uint32_t pass_mean[PASSES_HOST], base, stack;
        if (only && w != only) continue;
#ifdef FXC_BENCH_SMALL
        if (is_2d(w)) continue;
#endif
        base = port_stack_mark();
#ifdef FXC_COUNT_FALLBACKS
        passes = 1;
        count_reset();
#endif
        for (pass = 0; pass < passes; pass++) {
            rng r = { 12345u + (uint64_t)w };
            uint64_t psum = 0;
            static pair p;
            for (i = 0; i < CASES; i++) {
                int kind, gi, ei, st;
                uint32_t t0, t1;
                if (w == 10) {
                    /* a new sequence every FRAMES timed frames */
                    if (i % FRAMES == 0) warm_step(&r, &p, 0);
                    warm_step(&r, &p, 1 + i % FRAMES);
                    kind = Q_WARM;
                } else {
                    kind = make_case(w, &r, &p);
                }
                t0 = port_counter();
                st = run(kind, &p, &gi, &ei);
                t1 = port_counter();
                cost[i] = (t1 - t0) > over ? (t1 - t0) - over : 0;
                psum += cost[i];
                if (pass == 0) {
                    sink = st;
                    if (st < 0) bad++;
                    gsum += (uint64_t)gi;
                    esum += (uint64_t)ei;
                    if (gi > gmax) gmax = gi;
                    if (ei > emax) emax = ei;
                }
            }
            pass_mean[pass] = (uint32_t)(psum / CASES);
        }
        stack = port_stack_peak() - base;
#ifdef FXC_COUNT_FALLBACKS
        count_keep(w);
#endif
        sort(pass_mean, passes);
        sort(cost, CASES);
        for (i = 0; i < CASES; i++) sum += cost[i];
        port_printf("| %d. %s%s | %lu | %lu | %lu | %lu.%lu / %d | %lu.%lu / %d | %d/%d | ", w, names[w], FORCED_SUFFIX,
                    (unsigned long)(passes > 1 ? pass_mean[passes / 2] : (uint32_t)(sum / CASES)),
                    (unsigned long)cost[CASES / 2], (unsigned long)cost[CASES - 1],
                    (unsigned long)(gsum / CASES), (unsigned long)(gsum * 10 / CASES % 10), gmax,
                    (unsigned long)(esum / CASES), (unsigned long)(esum * 10 / CASES % 10), emax, CASES - bad, CASES);
        if (base == 0) port_printf("- |\n"); /* not measured */
        else port_printf("%lu B |\n", (unsigned long)stack);
    }
#ifdef FXC_COUNT_FALLBACKS
    count_table();
#endif
    return 0;
}
