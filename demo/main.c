/* fxcollide demo: a three-link robot arm sweeps over a box, a sphere and a
 * rock. Each frame it measures the clearance of every link to every
 * obstacle (fxc_distance), and the penetration depth and normal where a link
 * hits one (fxc_collide), then prints a top view and a table. At the end: the
 * cost per query and what share of a 60 Hz frame on a 48 MHz Cortex-M0 that
 * is. Then the contact manifold of a box resting on a slab at a few turns
 * and tilts (fxc_manifold: up to four points with their feature ids).
 *
 * Same source on the host and the boards; no float, no heap. On the host
 * only, `demo --svg FRAME out.svg` writes one frame as an SVG picture
 * (demo/svg_host.c). */
#include "port.h"
#include "fxcollide.h"
#include "scene.h"
#include "resting.h"
#ifndef FXC_BOARD_NAME
#include <stdlib.h>
#include <string.h>
#endif

/* Top view: MAP_W x MAP_H characters, 0.25 x 0.5 units each, x from -1 to
 * 9 left to right, y from +4.5 to -4.5 top to bottom. */
#define MAP_W 40
#define MAP_H 18
#define MAP_X0 MU(-1000)
#define MAP_Y0 MU(4500)
#define MAP_DX MU(250)
#define MAP_DY MU(500)

/* 48 MHz / 60 frames per second. */
#define FRAME_BUDGET 800000u

static scene sc;
static fxc_workspace ws;
static char map[MAP_H][MAP_W + 1];
static fxc_shape probe_line, probe_thick;

/* ---- number formatting without float ------------------------------------ */

static char fmt_ring[10][16];
static int fmt_next;

/* v in `decimals` (0..3) decimals, rounded half up on the magnitude; `plus`
 * writes '+' before positive values. Returns one of ten rotating buffers,
 * so up to ten results can go to one port_printf. */
static const char *fmt_fix(fix16_t v, int decimals, int plus)
{
    static const uint32_t pow10[4] = { 1, 10, 100, 1000 };
    char *out = fmt_ring[fmt_next], digits[12];
    uint64_t mag = (uint64_t)(v < 0 ? -(int64_t)v : (int64_t)v);
    uint32_t scaled = (uint32_t)((mag * pow10[decimals] + 32768u) >> 16);
    uint32_t ip = scaled / pow10[decimals], fp = scaled % pow10[decimals];
    int n = 0, k = 0, d;

    fmt_next = (fmt_next + 1) % 10;
    if (v < 0 && scaled != 0) out[n++] = '-';
    else if (plus) out[n++] = '+';
    do {
        digits[k++] = (char)('0' + ip % 10);
        ip /= 10;
    } while (ip != 0);
    while (k > 0) out[n++] = digits[--k];
    if (decimals > 0) {
        out[n++] = '.';
        for (d = decimals - 1; d >= 0; d--) {
            out[n + d] = (char)('0' + fp % 10);
            fp /= 10;
        }
        n += decimals;
    }
    out[n] = '\0';
    return out;
}

/* Radians -> degrees, one decimal, signed. */
static const char *fmt_deg(fix16_t rad)
{
    return fmt_fix(fix16_mul(rad, MU(57296)), 1, 1);
}

static void print_vec(const char *before, fxc_vec3 v, int plus)
{
    port_printf("%s(%s,%s,%s)", before, fmt_fix(v.x, 3, plus), fmt_fix(v.y, 3, plus), fmt_fix(v.z, 3, plus));
}

/* ---- top view ------------------------------------------------------------ */

/* Marks the map cells over or under a body: the cells whose vertical
 * centre line meets it, as fxc_intersect says. For the links, thinner than
 * a cell is tall, the line gets a radius of a quarter cell height so that
 * no link falls between two rows. Cells whose centre is
 * farther than the body's reach plus `pad` from the body's centre are
 * skipped. These probes are for the picture only and are not counted. */
static void paint(const scene_body *b, const fxc_shape *probe, fix16_t pad)
{
    int r, c;
    int64_t reach2 = (int64_t)(b->reach + pad) * (b->reach + pad);
    for (r = 0; r < MAP_H; r++) {
        fix16_t y = MAP_Y0 - r * MAP_DY - MAP_DY / 2;
        for (c = 0; c < MAP_W; c++) {
            fix16_t x = MAP_X0 + c * MAP_DX + MAP_DX / 2;
            int64_t dx = x - b->xf.pos.x, dy = y - b->xf.pos.y;
            fxc_transform at;
            if (dx * dx + dy * dy > reach2) continue;
            fxc_transform_set(&at, 0, fxc_v3(x, y, 0));
            if (fxc_intersect(probe, &at, &b->shape, &b->xf) == FXC_OVERLAPPING) map[r][c] = b->glyph;
        }
    }
}

/* Cell of world point p, or 0 when p is outside the map. */
static char *cell(fxc_vec3 p)
{
    int32_t c, r;
    if (p.x < MAP_X0 || p.y > MAP_Y0) return 0;
    c = (p.x - MAP_X0) / MAP_DX;
    r = (MAP_Y0 - p.y) / MAP_DY;
    if (c >= MAP_W || r >= MAP_H) return 0;
    return &map[r][c];
}

static void draw_map(void)
{
    int r, c, i, j;
    char *m;
    for (r = 0; r < MAP_H; r++) {
        for (c = 0; c < MAP_W; c++) map[r][c] = ' ';
        map[r][MAP_W] = '\0';
    }
    for (j = 0; j < SCENE_OBSTACLES; j++) paint(&sc.obstacle[j], &probe_line, 0);
    for (i = 0; i < SCENE_LINKS; i++) paint(&sc.link[i], &probe_thick, MAP_DY / 4);
    for (i = 0; i < SCENE_LINKS; i++) {
        for (j = 0; j < SCENE_OBSTACLES; j++) {
            const scene_pair *p = &sc.pair[i][j];
            fxc_vec3 mid;
            if (!scene_hit(p)) continue;
            mid = fxc_v3_add(p->contact.point_a, p->contact.point_b);
            mid = fxc_v3(mid.x / 2, mid.y / 2, mid.z / 2);
            if ((m = cell(mid)) != 0) *m = '*';
        }
    }
    port_printf("  +----------------------------------------+\n");
    for (r = 0; r < MAP_H; r++) port_printf("  |%s|\n", map[r]);
    port_printf("  +----------------------------------------+\n");
}

/* ---- per-frame table ----------------------------------------------------- */

static void print_frame(void)
{
    int i, j;
    port_printf("\n== frame %d/%d: yaw %s, shoulder %s, elbow %s, wrist %s deg;", sc.frame + 1, SCENE_FRAMES,
                fmt_deg(sc.yaw), fmt_deg(sc.pitch[0]), fmt_deg(sc.pitch[1]), fmt_deg(sc.pitch[2]));
    print_vec(" tip ", sc.joint[SCENE_LINKS], 0);
    port_printf("\n");
    draw_map();
    port_printf("  clearance  link 1  link 2  link 3 | nearest  point on link            point on obstacle\n");
    for (j = 0; j < SCENE_OBSTACLES; j++) {
        int best = 0;
        fix16_t best_c = FXC_FIX16_MAX;
        const scene_pair *p;
        port_printf("  %c %-7s", sc.obstacle[j].glyph, sc.obstacle[j].name);
        for (i = 0; i < SCENE_LINKS; i++) {
            fix16_t c = scene_clearance(&sc.pair[i][j]);
            port_printf(" %7s", fmt_fix(c, 3, 0));
            if (c < best_c) {
                best_c = c;
                best = i;
            }
        }
        p = &sc.pair[best][j];
        port_printf(" | link %d ", best + 1);
        if (p->coll_status != 0) {
            print_vec(" ", p->contact.point_a, 0);
            print_vec(" ", p->contact.point_b, 0);
        } else {
            print_vec(" ", p->dist.point_a, 0);
            print_vec(" ", p->dist.point_b, 0);
        }
        port_printf("\n");
    }
    for (i = 0; i < SCENE_LINKS; i++) {
        for (j = 0; j < SCENE_OBSTACLES; j++) {
            const scene_pair *p = &sc.pair[i][j];
            if (!scene_hit(p)) continue;
            port_printf("  * contact link %d x %s: %s, depth %s, normal A->B", i + 1, sc.obstacle[j].name,
                        p->coll_status == FXC_TOUCHING ? "touching" : "penetrating", fmt_fix(p->contact.depth, 3, 0));
            print_vec(" ", p->contact.normal, 1);
            port_printf(", EPA %d it.\n", p->contact.epa_iterations);
        }
    }
}

/* ---- the run ------------------------------------------------------------- */

typedef struct {
    uint32_t count, max;
    uint64_t sum;
} qstat;

static void stat_add(qstat *s, uint32_t v)
{
    s->count++;
    s->sum += v;
    if (v > s->max) s->max = v;
}

static uint32_t stat_mean(const qstat *s)
{
    return s->count ? (uint32_t)((s->sum + s->count / 2) / s->count) : 0;
}

static void print_stat(const char *label, const qstat *s)
{
    port_printf("  %-14s %4lu queries, mean %7lu, max %7lu %s/query\n", label, (unsigned long)s->count,
                (unsigned long)stat_mean(s), (unsigned long)s->max, port_counter_unit());
}

/* v / FRAME_BUDGET as a percentage with two decimals. */
static void print_share(const char *label, uint32_t v)
{
    uint32_t bp = (uint32_t)(((uint64_t)v * 10000u + FRAME_BUDGET / 2) / FRAME_BUDGET);
    port_printf("  %-11s %7lu instr = %lu.%02lu %% of the frame budget\n", label, (unsigned long)v,
                (unsigned long)(bp / 100), (unsigned long)(bp % 100));
}

static int same(const char *a, const char *b)
{
    while (*a != '\0' && *a == *b) {
        a++;
        b++;
    }
    return *a == *b;
}

#ifdef FXC_BOARD_NAME
/* RAM use on the boards: the linker's section symbols (boards/common/
 * sections.ld), and the stack's high-water mark (port_stack_mark at
 * start-up, port_stack_peak at the end). */
extern uint32_t _sdata, _ebss, _estack;

static void print_ram(void)
{
    uint32_t stat_bytes = (uint32_t)((const char *)&_ebss - (const char *)&_sdata);
    uint32_t ram = (uint32_t)((const char *)&_estack - (const char *)&_sdata), peak = port_stack_peak();
    port_printf("RAM: %lu bytes static (.data + .bss) + %lu bytes peak stack = %lu bytes used of %lu\n",
                (unsigned long)stat_bytes, (unsigned long)peak, (unsigned long)(stat_bytes + peak),
                (unsigned long)ram);
}
#endif

/* The demo's second part: the manifold of a box resting on a slab.
 * Returns the number of cases that answered an error. */
static int print_resting(void)
{
    static resting_case c;
    int k, i, errors = 0;
    port_printf("\n== contact manifolds (fxc_manifold): a box 1.5 x 1 x 1 (B) resting on a slab 4 x 4 x 0.5 (A),\n"
                "   top face at z = 0; points on the box, separation in LSB (negative: penetration), feature ids\n"
                "   of A and B (kind 0 vertex, 1 edge, 2 face, then two vertex numbers)\n");
    for (k = 0; k < RESTING_CASES; k++) {
        int st = resting_run(k, &ws, &c);
        errors += st < 0;
        port_printf("%-32s %-15s %d point%s, normal", c.what, fxc_status_name(st), c.m.count, c.m.count == 1 ? " " : "s");
        print_vec(" ", c.m.contact.normal, 1);
        port_printf("\n");
        for (i = 0; i < c.m.count; i++) {
            const fxc_manifold_point *q = &c.m.point[i];
            uint32_t ia = q->id & 0xFFFFu, ib = q->id >> 16;
            print_vec("    ", q->point_b, 1);
            port_printf("  %6ld LSB  A %u:%u,%u  B %u:%u,%u\n", (long)q->separation, FXC_FEATURE_KIND(ia), ia & 0x7Fu,
                        (ia >> 7) & 0x7Fu, FXC_FEATURE_KIND(ib), ib & 0x7Fu, (ib >> 7) & 0x7Fu);
        }
    }
    return errors;
}

/* The wrist link's motion from frame f's pose to frame f + 1's: a turn
 * about its base joint (the wrist), which moves from its place in f to its
 * place in f + 1. The turn is Q = R1 R0^T: its axis the skew part of Q
 * (2 sin(angle) times the unit axis), its angle atan2 of that length over
 * the trace less 1 (2 cos(angle)). */
static void wrist_motion(const fxc_transform *t0, fxc_vec3 pivot0, const fxc_transform *t1, fxc_vec3 pivot1,
                         fxc_motion *m)
{
    fxc_mat3 r0t, q;
    int i, j;
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) r0t.m[i][j] = t0->rot.m[j][i];
    fxc_mat3_mul(&t1->rot, &r0t, &q);
    m->pivot = pivot0;
    m->translation = fxc_v3_sub(pivot1, pivot0);
    m->axis = fxc_v3(q.m[2][1] - q.m[1][2], q.m[0][2] - q.m[2][0], q.m[1][0] - q.m[0][1]);
    m->angle = fix16_atan2(fxc_v3_length(m->axis), q.m[0][0] + q.m[1][1] + q.m[2][2] - FXC_ONE);
    if (m->axis.x == 0 && m->axis.y == 0 && m->axis.z == 0) m->angle = 0;
}

/* The demo's third part: the wrist link moved from its pose in each frame
 * to its pose in the next, turning about the wrist joint as the joint
 * moves (fxc_shapecast_motion, the obstacle as A); where would it first
 * touch one? Returns the number of casts that answered an error. */
static int print_sweeps(uint32_t overhead)
{
    scene_body *link = &sc.link[SCENE_LINKS - 1];
    int f, j, errors = 0;
    port_printf("\n== sweeps (fxc_shapecast_motion): link %d turned about the wrist from its pose in each frame to "
                "its pose in the next\n",
                SCENE_LINKS);
    for (f = 0; f + 1 < SCENE_FRAMES; f++) {
        fxc_transform from, to;
        fxc_vec3 pivot_to;
        fxc_motion m;
        fxc_cast_result first, r;
        int first_st = FXC_SEPARATED, first_j = -1;
        uint32_t cost = 0;
        if (scene_pose(&sc, f + 1) != 0) return errors + 1;
        to = link->xf;
        pivot_to = sc.joint[SCENE_LINKS - 1];
        if (scene_pose(&sc, f) != 0) return errors + 1;
        from = link->xf;
        wrist_motion(&from, sc.joint[SCENE_LINKS - 1], &to, pivot_to, &m);
        first.fraction = FXC_ONE;
        for (j = 0; j < SCENE_OBSTACLES; j++) {
            uint32_t t0 = port_counter(), t1;
            int st = fxc_shapecast_motion(&sc.obstacle[j].shape, &sc.obstacle[j].xf, &link->shape, &from, &m, &ws, &r);
            t1 = port_counter();
            cost += (t1 - t0) > overhead ? (t1 - t0) - overhead : 0;
            errors += st < 0;
            if (st == FXC_SEPARATED || st < 0) continue;
            if (first_j < 0 || r.fraction < first.fraction) {
                first = r;
                first_st = st;
                first_j = j;
            }
        }
        port_printf("  frames %2d -> %2d: turn %s deg", f + 1, f + 2, fmt_deg(m.angle));
        print_vec(", wrist moves ", m.translation, 1);
        if (first_j < 0) {
            port_printf(": clear of every obstacle");
        } else {
            port_printf(": %s %s at %s of the move, point", fxc_status_name(first_st), sc.obstacle[first_j].name,
                        fmt_fix(first.fraction, 3, 0));
            print_vec(" ", first.point_b, 1);
            print_vec(", normal ", first.normal, 1);
        }
        port_printf("; %lu %s for %d casts\n", (unsigned long)cost, port_counter_unit(), SCENE_OBSTACLES);
    }
    return errors;
}

static int run_frame(int frame, uint32_t overhead)
{
    if (scene_pose(&sc, frame) != 0) {
        port_printf("frame %d: cannot build a rotation\n", frame);
        return -1;
    }
    return scene_query(&sc, &ws, overhead);
}

static int demo(void)
{
    qstat dist = { 0, 0, 0 }, coll = { 0, 0, 0 }, all = { 0, 0, 0 }, frame = { 0, 0, 0 };
    uint32_t overhead;
    int f, i, j, st, errors = 0, contacts = 0;
    int slow_frame = 0, slow_link = 0, slow_obstacle = 0, slow_collide = 0;

#ifdef FXC_BOARD_NAME
    (void)port_stack_mark();
#endif
    port_init();
    overhead = port_counter_overhead();
    port_printf("fxcollide %s demo on %s: a 3-link arm sweeps over a box, a sphere and a rock\n", fxc_version(),
                port_name());
    port_printf("top view, x right, y up, 1 char = 0.25 x 0.5 units, x -1..9, y -4.5..4.5;\n"
                "B box, S sphere, R rock, 1-3 arm links (1 at the shoulder), * contact\n"
                "clearance in units (minus the depth on contact); normals from link (A) to obstacle (B)\n");
    st = scene_init(&sc);
    if (st == FXC_OK) st = fxc_shape_segment(&probe_line, fxc_v3(0, 0, MU(-20000)), fxc_v3(0, 0, MU(20000)), 0);
    if (st == FXC_OK)
        st = fxc_shape_segment(&probe_thick, fxc_v3(0, 0, MU(-20000)), fxc_v3(0, 0, MU(20000)), MAP_DY / 4);
    if (st != FXC_OK) {
        port_printf("scene set-up failed: %s\n", fxc_status_name(st));
        return 1;
    }
    for (f = 0; f < SCENE_FRAMES; f++) {
        uint32_t frame_cost = 0;
        st = run_frame(f, overhead);
        if (st != 0) errors += st < 0 ? 1 : st;
        for (i = 0; i < SCENE_LINKS; i++) {
            for (j = 0; j < SCENE_OBSTACLES; j++) {
                const scene_pair *p = &sc.pair[i][j];
                if (p->dist_status < 0 || p->coll_status < 0)
                    port_printf("frame %d, link %d x %s: %s %s\n", f + 1, i + 1, sc.obstacle[j].name,
                                fxc_status_name(p->dist_status), fxc_status_name(p->coll_status));
                if (p->dist_cost > all.max || (p->coll_status != 0 && p->coll_cost > all.max)) {
                    slow_frame = f;
                    slow_link = i;
                    slow_obstacle = j;
                    slow_collide = p->coll_status != 0 && p->coll_cost > p->dist_cost;
                }
                stat_add(&dist, p->dist_cost);
                stat_add(&all, p->dist_cost);
                frame_cost += p->dist_cost;
                if (p->coll_status != 0) {
                    stat_add(&coll, p->coll_cost);
                    stat_add(&all, p->coll_cost);
                    frame_cost += p->coll_cost;
                }
                contacts += scene_hit(p);
            }
        }
        stat_add(&frame, frame_cost);
        print_frame();
    }

    port_printf("\n== summary on %s: %d frames, %lu queries (%lu fxc_distance + %lu fxc_collide), %d contacts, "
                "%d errors\n",
                port_name(), SCENE_FRAMES, (unsigned long)all.count, (unsigned long)dist.count,
                (unsigned long)coll.count, contacts, errors);
    port_printf("  (each query timed alone with port_counter(), timing overhead %lu %s removed; "
                "the map's fxc_intersect probes are not counted)\n",
                (unsigned long)overhead, port_counter_unit());
    print_stat("fxc_distance", &dist);
    print_stat("fxc_collide", &coll);
    print_stat("all queries", &all);
    port_printf("  %-14s %4lu frames,  mean %7lu, max %7lu %s/frame\n", "per frame", (unsigned long)frame.count,
                (unsigned long)stat_mean(&frame), (unsigned long)frame.max, port_counter_unit());
    port_printf("  slowest query: %s, frame %d, link %d x %s\n", slow_collide ? "fxc_collide" : "fxc_distance",
                slow_frame + 1, slow_link + 1, sc.obstacle[slow_obstacle].name);
#ifdef FXC_BOARD_NAME
    port_printf("  counter resolution: one SysTick tick = %lu.%lu instr (QEMU -icount shift=0)\n",
                (unsigned long)(FXC_BOARD_TICK_NUM / FXC_BOARD_TICK_DEN),
                (unsigned long)(FXC_BOARD_TICK_NUM * 10 / FXC_BOARD_TICK_DEN % 10));
#endif
    if (same(port_counter_unit(), "instr")) {
        port_printf("budget: 48 MHz Cortex-M0 at 60 frames/s = %lu cycles/frame; assuming 1 instruction ~ 1 cycle\n"
                    "  (optimistic: on a real M0 loads, stores and taken branches take 2-3 cycles, flash may add "
                    "wait states)\n",
                    (unsigned long)FRAME_BUDGET);
        print_share("mean query", stat_mean(&all));
        print_share("max query", all.max);
        print_share("mean frame", stat_mean(&frame));
        print_share("max frame", frame.max);
        if (!same(port_name(), "microbit"))
            port_printf("  (instructions of this board's CPU; `make demo BOARD=microbit` counts Cortex-M0 ones)\n");
    } else {
        port_printf("budget: host times in %s (ASan+UBSan build), not comparable with the 800000-cycle Cortex-M0 "
                    "frame budget;\n  `make demo BOARD=microbit` counts Cortex-M0 instructions\n",
                    port_counter_unit());
    }
    errors += print_resting();
    errors += print_sweeps(overhead);
#ifdef FXC_BOARD_NAME
    print_ram();
#endif
    port_printf("demo %s\n", errors ? "FAILED" : "done");
    return errors ? 1 : 0;
}

#ifdef FXC_BOARD_NAME
int main(void)
{
    return demo();
}
#else
/* Host: `demo` runs the demo; `demo --svg FRAME out.svg` writes frame FRAME
 * (1..SCENE_FRAMES) as an SVG picture, `demo --manifold-svg out.svg` the
 * resting boxes' manifolds. */
int main(int argc, char **argv)
{
    int frame;
    if (argc == 1) return demo();
    if (argc == 3 && strcmp(argv[1], "--manifold-svg") == 0) {
        if (svg_write_resting(&ws, argv[2]) != 0) {
            port_printf("cannot write %s\n", argv[2]);
            return 1;
        }
        port_printf("wrote the resting boxes' manifolds to %s\n", argv[2]);
        return 0;
    }
    if (argc != 4 || strcmp(argv[1], "--svg") != 0 || (frame = atoi(argv[2])) < 1 || frame > SCENE_FRAMES) {
        port_printf("usage: %s [--svg FRAME(1..%d) out.svg | --manifold-svg out.svg]\n", argv[0], SCENE_FRAMES);
        return 2;
    }
    port_init();
    if (scene_init(&sc) != FXC_OK || run_frame(frame - 1, 0) != 0) {
        port_printf("frame %d: query failed\n", frame);
        return 1;
    }
    if (svg_write_frame(&sc, argv[3]) != 0) {
        port_printf("cannot write %s\n", argv[3]);
        return 1;
    }
    port_printf("wrote frame %d to %s\n", frame, argv[3]);
    return 0;
}
#endif
