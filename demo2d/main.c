/* fxcollide 2D demo: a ball bounces in a room of static shapes (box walls,
 * a triangular ramp, an octagon bumper, a capsule ledge, a rounded pillar,
 * a thin rail) while a box character slides down the ramp, and an eye in
 * the upper right corner watches the ball. Each frame (demo2d/room.c) the
 * ball is resolved with fxc2_collide, the box with fxc2_collide_manifold,
 * and the line of sight is one fxc2_raycast per shape. The demo prints a
 * line per frame (where things are, what the eye sees, the cost of the
 * frame's queries), the contacts, an ASCII picture every few frames
 * (drawn with fxc2_intersect: a small circle per character cell), and at
 * the end the cost per query and its share of a 60 Hz frame on a 48 MHz
 * Cortex-M0.
 *
 * Same source on the host and the boards; no float, no heap, about 2 KB of
 * static data (the micro:bit has 16 KB of RAM). On the host only,
 * `demo2d --svg FRAME out.svg` writes the room after frame FRAME as an SVG
 * picture (demo2d/svg_host.c). Exit status 0, or 1 when a query answered
 * an error. */
#include "port.h"
#include "fxcollide.h"
#include "fxcollide2d.h"
#include "room.h"
#ifndef FXC_BOARD_NAME
#include <stdlib.h>
#include <string.h>
#endif

/* The picture: MAP_W x MAP_H characters of CELL x CELL units, the room's
 * lower left corner at the bottom left. */
#define MAP_W 40
#define MAP_H 20
#define CELL MU(500)
#define PICTURE_EVERY 15

/* 48 MHz / 60 frames per second. */
#define FRAME_BUDGET 800000u

static room world;
static char map[MAP_H][MAP_W + 1];
static fxc2_shape probe;

/* ---- numbers without float ---------------------------------------------- */

#define TEXT_SLOTS 8
static char text[TEXT_SLOTS][16];
static int text_slot;

/* v with three decimals (rounded half away from zero), '+' before a
 * positive value when `sign`; in one of TEXT_SLOTS buffers used in turn,
 * so one port_printf can take up to TEXT_SLOTS of them. */
static const char *num(fix16_t v, int sign)
{
    char *s = text[text_slot], rev[12];
    int64_t mag = v < 0 ? -(int64_t)v : (int64_t)v;
    uint32_t milli = (uint32_t)((mag * 1000 + 32768) >> 16), whole = milli / 1000;
    int n = 0, k = 0, d;
    text_slot = (text_slot + 1) % TEXT_SLOTS;
    if (v < 0 && milli != 0) s[n++] = '-';
    else if (sign) s[n++] = '+';
    do {
        rev[k++] = (char)('0' + whole % 10);
        whole /= 10;
    } while (whole != 0);
    while (k > 0) s[n++] = rev[--k];
    s[n++] = '.';
    for (d = 100; d >= 1; d /= 10) s[n++] = (char)('0' + milli % 1000 / (uint32_t)d % 10);
    s[n] = '\0';
    return s;
}

static void print_point(const char *before, fxc2_vec p, int sign)
{
    port_printf("%s(%s,%s)", before, num(p.x, sign), num(p.y, sign));
}

static int same(const char *a, const char *b)
{
    while (*a != '\0' && *a == *b) {
        a++;
        b++;
    }
    return *a == *b;
}

/* ---- the picture ----------------------------------------------------------- */

/* Cell of world point p, or 0 outside the picture. */
static char *cell_at(fxc2_vec p)
{
    int32_t c, r;
    if (p.x < 0 || p.y < 0) return 0;
    c = p.x / CELL;
    r = MAP_H - 1 - p.y / CELL;
    if (c >= MAP_W || r < 0) return 0;
    return &map[r][c];
}

/* Marks every cell whose small circle (a quarter cell in radius, at the
 * cell's centre) fxc2_intersect finds overlapping body b. Cells beyond the
 * body's reach are skipped. Returns the number of queries that answered an
 * error. These queries draw the picture and are not timed. */
static int paint(const room_body *b)
{
    int r, c, errors = 0;
    int64_t reach = (int64_t)b->reach + probe.margin;
    for (r = 0; r < MAP_H; r++) {
        for (c = 0; c < MAP_W; c++) {
            fxc2_transform at;
            fxc2_vec centre = fxc2_v(c * CELL + CELL / 2, (MAP_H - 1 - r) * CELL + CELL / 2);
            int64_t dx = centre.x - b->xf.pos.x, dy = centre.y - b->xf.pos.y;
            int st;
            if (dx * dx + dy * dy > reach * reach) continue;
            (void)fxc2_transform_set(&at, centre, FXC_ONE, 0);
            st = fxc2_intersect(&probe, &at, &b->shape, &b->xf);
            if (st == FXC_OVERLAPPING) map[r][c] = b->glyph;
            errors += st < 0;
        }
    }
    return errors;
}

/* The line of sight: dots from the eye to where it ends (the ball, or the
 * first thing in the way, marked x). */
static void paint_sight(void)
{
    const room *w = &world;
    fxc2_vec d = fxc2_v(w->los_hit.x - w->eye.x, w->los_hit.y - w->eye.y);
    int k, steps = 64;
    char *m;
    for (k = 1; k < steps; k++) {
        fxc2_vec p = fxc2_v(w->eye.x + (fix16_t)((int64_t)d.x * k / steps), w->eye.y + (fix16_t)((int64_t)d.y * k / steps));
        if ((m = cell_at(p)) != 0 && *m == ' ') *m = '.';
    }
    if ((m = cell_at(w->eye)) != 0) *m = 'E';
    if (w->los_blocker >= 0 && (m = cell_at(w->los_hit)) != 0) *m = 'x';
}

static int draw_map(void)
{
    const room *w = &world;
    int r, c, k, errors = 0;
    char *m;
    for (r = 0; r < MAP_H; r++) {
        for (c = 0; c < MAP_W; c++) map[r][c] = ' ';
        map[r][MAP_W] = '\0';
    }
    for (k = 0; k < ROOM_WALLS; k++) errors += paint(&w->wall[k]);
    errors += paint(&w->box);
    errors += paint(&w->ball);
    paint_sight();
    for (k = 0; k < w->contacts; k++)
        if ((m = cell_at(w->contact[k].point)) != 0) *m = '*';
    port_printf("  +----------------------------------------+\n");
    for (r = 0; r < MAP_H; r++) port_printf("  |%s|\n", map[r]);
    port_printf("  +----------------------------------------+\n");
    return errors;
}

/* ---- per frame ---------------------------------------------------------- */

static void print_frame(void)
{
    const room *w = &world;
    int k;
    port_printf("frame %2d", w->frame);
    print_point(" ball ", w->ball.xf.pos, 0);
    print_point(" v", w->ball_v, 1);
    print_point("  box ", w->box.xf.pos, 0);
    if (w->los_blocker < 0) port_printf("  eye sees the ball");
    else port_printf("  eye blocked by the %s", room_other_name(w, w->los_blocker));
    port_printf("\n         instr/query: %2lu collide %5lu avg %5lu max, %2lu manifold %5lu avg %5lu max, "
                "%2lu raycast %5lu avg %5lu max\n",
                (unsigned long)w->f_collide.count, (unsigned long)room_stat_mean(&w->f_collide),
                (unsigned long)w->f_collide.max, (unsigned long)w->f_manifold.count,
                (unsigned long)room_stat_mean(&w->f_manifold), (unsigned long)w->f_manifold.max,
                (unsigned long)w->f_ray.count, (unsigned long)room_stat_mean(&w->f_ray), (unsigned long)w->f_ray.max);
    for (k = 0; k < w->contacts; k++) {
        const room_contact *c = &w->contact[k];
        port_printf("         %s x %-10s %-11s depth %s", c->mover ? "box " : "ball", room_other_name(w, c->other),
                    c->status == FXC_TOUCHING ? "touching" : "penetrating", num(c->depth, 0));
        print_point(" normal ", c->normal, 1);
        print_point(" at ", c->point, 0);
        if (c->mover) port_printf(", %d manifold point%s", c->points, c->points == 1 ? "" : "s");
        port_printf("\n");
    }
    if (w->contacts_seen > w->contacts)
        port_printf("         (%d more contacts)\n", w->contacts_seen - w->contacts);
    if (w->frame_errors)
        port_printf("         %d queries answered an error, the last %s (%s x %s)\n", w->frame_errors,
                    fxc_status_name(w->error_status), w->error_what, w->error_with);
}

/* ---- summary -------------------------------------------------------------- */

static void print_stat(const char *label, const room_stat *s)
{
    port_printf("  %-22s %5lu queries, mean %6lu, max %6lu %s/query\n", label, (unsigned long)s->count,
                (unsigned long)room_stat_mean(s), (unsigned long)s->max, port_counter_unit());
}

/* v / FRAME_BUDGET as a percentage with two decimals. */
static void print_share(const char *label, uint32_t v)
{
    uint32_t bp = (uint32_t)(((uint64_t)v * 10000u + FRAME_BUDGET / 2) / FRAME_BUDGET);
    port_printf("  %-11s %7lu %s = %lu.%02lu %% of the frame budget\n", label, (unsigned long)v, port_counter_unit(),
                (unsigned long)(bp / 100), (unsigned long)(bp % 100));
}

#ifdef FXC_BOARD_NAME
/* RAM on the boards: the linker's section symbols (boards/common/
 * sections.ld) and the stack's high-water mark since start-up. */
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

static void print_summary(uint32_t overhead, int contacts, int errors)
{
    const room *w = &world;
    room_stat all = w->collide;
    all.count += w->manifold.count + w->ray.count;
    all.sum += w->manifold.sum + w->ray.sum;
    if (w->manifold.max > all.max) all.max = w->manifold.max;
    if (w->ray.max > all.max) all.max = w->ray.max;
    port_printf("\n== summary on %s: %d frames, %lu queries, %d contacts, %d errors\n", port_name(), w->frame,
                (unsigned long)all.count, contacts, errors);
    port_printf("  (each query timed alone with port_counter(), timing overhead %lu %s removed; pairs whose\n"
                "  bounding circles are apart are not queried; the pictures' fxc2_intersect probes are not counted)\n",
                (unsigned long)overhead, port_counter_unit());
    print_stat("fxc2_collide (ball)", &w->collide);
    print_stat("fxc2_collide_manifold", &w->manifold);
    print_stat("fxc2_raycast (sight)", &w->ray);
    print_stat("all queries", &all);
    port_printf("  %-22s %5lu frames,  mean %6lu, max %6lu %s/frame\n", "per frame", (unsigned long)w->frame_cost.count,
                (unsigned long)room_stat_mean(&w->frame_cost), (unsigned long)w->frame_cost.max,
                port_counter_unit());
    if (same(port_counter_unit(), "cycles")) {
        port_printf("budget: 48 MHz Cortex-M0 at 60 frames/s = %lu cycles/frame (cycles counted on this board)\n",
                    (unsigned long)FRAME_BUDGET);
    } else if (same(port_counter_unit(), "instr")) {
        port_printf("budget: 48 MHz Cortex-M0 at 60 frames/s = %lu cycles/frame; assuming 1 instruction ~ 1 cycle\n"
                    "  (optimistic: on a real M0 loads, stores and taken branches take 2-3 cycles)\n",
                    (unsigned long)FRAME_BUDGET);
    }
    if (same(port_counter_unit(), "instr") || same(port_counter_unit(), "cycles")) {
        print_share("mean query", room_stat_mean(&all));
        print_share("max query", all.max);
        print_share("mean frame", room_stat_mean(&w->frame_cost));
        print_share("max frame", w->frame_cost.max);
        if (!same(port_name(), "microbit") && same(port_counter_unit(), "instr"))
            port_printf("  (instructions of this board's CPU; `make demo2d BOARD=microbit` counts Cortex-M0 ones)\n");
    } else {
        port_printf("budget: host times in %s (ASan+UBSan build); `make demo2d BOARD=microbit` counts Cortex-M0 "
                    "instructions\n",
                    port_counter_unit());
    }
}

/* ---- the run ---------------------------------------------------------------- */

static int set_up(void)
{
    int st = room_init(&world);
    if (st == FXC_OK) st = fxc2_shape_circle(&probe, CELL / 4);
    if (st != FXC_OK) port_printf("room set-up failed: %s\n", fxc_status_name(st));
    return st;
}

static int demo(void)
{
    uint32_t overhead;
    int f, errors = 0, contacts = 0;

#ifdef FXC_BOARD_NAME
    (void)port_stack_mark();
#endif
    port_init();
    overhead = port_counter_overhead();
    port_printf("fxcollide %s 2D demo on %s: a ball bounces in a room, a box slides down a ramp, an eye watches\n",
                fxc_version(), port_name());
    port_printf("the ball. Room x 0..20 right, y 0..10 up; a picture every %d frames, 1 char = 0.5 x 0.5 units:\n"
                "# walls, / ramp, O bumper, = ledge, H pillar, - rail, o ball, C box, E eye, . sight line,\n"
                "x what blocks it, * contact. Normals point from the wall (or the box) to the ball or the box.\n",
                PICTURE_EVERY);
    if (set_up() != FXC_OK) return 1;
    for (f = 0; f < ROOM_FRAMES; f++) {
        errors += room_frame(&world, overhead);
        contacts += world.contacts_seen;
        print_frame();
        if (world.frame == 1 || world.frame % PICTURE_EVERY == 0) errors += draw_map();
    }
    print_summary(overhead, contacts, errors);
#ifdef FXC_BOARD_NAME
    print_ram();
#endif
    port_printf("demo2d %s\n", errors ? "FAILED" : "done");
    return errors ? 1 : 0;
}

#ifdef FXC_BOARD_NAME
int main(void)
{
    return demo();
}
#else
/* Host: `demo2d` runs the demo; `demo2d --svg FRAME out.svg` writes the
 * room after frame FRAME (1..ROOM_FRAMES) as an SVG picture. */
int main(int argc, char **argv)
{
    int frame, f;
    if (argc == 1) return demo();
    if (argc != 4 || strcmp(argv[1], "--svg") != 0 || (frame = atoi(argv[2])) < 1 || frame > ROOM_FRAMES) {
        port_printf("usage: %s [--svg FRAME(1..%d) out.svg]\n", argv[0], ROOM_FRAMES);
        return 2;
    }
    port_init();
    if (set_up() != FXC_OK) return 1;
    for (f = 0; f < frame; f++) {
        if (room_frame(&world, 0) != 0) {
            port_printf("frame %d: %s (%s x %s)\n", f + 1, fxc_status_name(world.error_status), world.error_what,
                        world.error_with);
            return 1;
        }
    }
    if (room_svg(&world, argv[3]) != 0) {
        port_printf("cannot write %s\n", argv[3]);
        return 1;
    }
    port_printf("wrote frame %d to %s\n", frame, argv[3]);
    return 0;
}
#endif
