/* Writes the seed corpus of fuzz_2d.c: meaningful 2D shape pairs encoded in
 * the harness's input format (see the comment at the top of fuzz_2d.c).
 * Usage: gen_corpus2d <directory>. Host-only tool. */
#include <stdint.h>
#include <stdio.h>
#define FUZZ_BYTES_WRITER
#include "fuzz_bytes.h"

#define ONE 65536

static const char *outdir;
static int nfiles;

static void v2(double x, double y) { fu(x); fu(y); }
/* one point of a point list: op 0 (new) */
static void pt(double x, double y) { put(0); v2(x, y); }

enum { K_POINT, K_CIRCLE, K_SEGMENT, K_CAPSULE, K_BOX, K_RBOX, K_POLY, K_RAWPOLY };

static void circle(double r) { put(K_CIRCLE); fu(r); }
static void point(double m) { put(K_POINT); fu(m); }
static void segment(double ax, double ay, double bx, double by, double m) { put(K_SEGMENT); v2(ax, ay); v2(bx, by); fu(m); }
static void capsule(double h, double r) { put(K_CAPSULE); fu(h); fu(r); }
static void box(double hx, double hy) { put(K_BOX); v2(hx, hy); }
static void rbox(double hx, double hy, double m) { put(K_RBOX); v2(hx, hy); fu(m); }
/* convex polygon: the hull of n points, decorations (dup / collinear) */
static void poly(const double *xy, int n, int ndec, double m)
{
    int i;
    put(K_POLY);
    put((uint8_t)(n - 1));
    for (i = 0; i < n; i++) pt(xy[2 * i], xy[2 * i + 1]);
    put((uint8_t)ndec);
    for (i = 0; i < ndec; i++) { put((uint8_t)(i * 7)); put((uint8_t)(i * 3)); }
    fu(m);
}
/* raw polygon of n vertices, cycling through the have points of xy */
static void rawpoly(const double *xy, int n, int have, double m)
{
    int i;
    put(K_RAWPOLY);
    put((uint8_t)n);
    for (i = 0; i < n; i++) pt(xy[2 * (i % have)], xy[2 * (i % have) + 1]);
    fu(m);
}
/* transforms: identity / angle / raw (c, s) */
static void t_id(double x, double y) { put(0); v2(x, y); }
static void t_ang(double a, double x, double y) { put(1); fu(a); v2(x, y); }
static void t_cs(int32_t c, int32_t s, double x, double y) { put(2); raw(c); raw(s); v2(x, y); }

/* the tail: speculative, offset, ray mode, origin, translation */
static void finish(const char *name, double spec, double ox, double oy, double dx, double dy)
{
    char path[512];
    FILE *f;
    fu(spec);
    v2(123.25, -1000.5);
    put(0);
    v2(ox, oy);
    v2(dx, dy);
    snprintf(path, sizeof path, "%s/seed-%02d-%s", outdir, nfiles++, name);
    f = fopen(path, "wb");
    if (f == NULL || fwrite(cur.b, 1, cur.n, f) != cur.n) {
        perror(path);
        if (f != NULL) fclose(f);
        return;
    }
    fclose(f);
    cur.n = 0;
}

static const double tri[] = { 0, 0, 2, 0, 1, 1.5 };
static const double quad[] = { -1, -1, 1, -1, 1, 1, -1, 1 };
static const double hexa[] = { 2, 0, 1, 1.7, -1, 1.7, -2, 0, -1, -1.7, 1, -1.7 };
static const double col[] = { 0, 0, 1, 0, 2, 0, 3, 0 };
static const double dup[] = { 1, 1, 1, 1, 1, 1 };
static const double cw[] = { 0, 0, 0, 1, 1, 0 };
static const double many[] = { 1, 0, 0.92, 0.38, 0.71, 0.71, 0.38, 0.92, 0, 1, -0.38, 0.92, -0.71, 0.71, -0.92, 0.38,
                               -1, 0, -0.92, -0.38, -0.71, -0.71, -0.38, -0.92, 0, -1, 0.38, -0.92, 0.71, -0.71, 0.92, -0.38 };

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: gen_corpus2d <directory>\n");
        return 2;
    }
    outdir = argv[1];
    box(1, 1); t_id(0, 0); box(1, 1); t_id(2, 0); finish("boxes-touching", 0, -5, 0.5, 10, 0);
    box(1, 1); t_id(0, 0); box(1, 1); t_id(1.5, 0.25); finish("boxes-penetrating", 0.1, -5, 5, 10, -10);
    box(1, 1); t_id(0, 0); box(1, 1); t_id(3, 0); finish("boxes-separated", 0.5, 5, 5, -10, -10);
    box(1, 1); t_id(0, 0); box(1, 1); t_id(0, 0); finish("boxes-identical", 0, 0, 0, 3, 0);
    box(1, 0.5); t_id(0, 0); box(1, 1); t_ang(0.785398, 0, 2.2); finish("box-rotated-corner", 0, 0, 5, 0, -10);
    rbox(1, 1, 0.25); t_id(0, 0); rbox(0.5, 2, 0.5); t_ang(0.3, 1.5, 0.5); finish("rounded-boxes", 0.25, -4, 0, 8, 0);
    circle(1); t_id(0, 0); circle(1); t_id(3, 0); finish("circles-separated", 0, -3, 0, 6, 0);
    circle(1); t_id(0, 0); circle(1); t_id(2, 0); finish("circles-touching", 0, 0, 3, 0, -6);
    circle(1); t_id(0, 0); circle(1); t_id(1, 0.5); finish("circles-penetrating", 0, 0.5, 0, 1, 0);
    circle(1); t_id(0, 0); circle(0.5); t_id(0, 0); finish("circles-concentric", 0, 0, 0, 1, 1);
    point(0); t_id(0, 0); box(1, 1); t_id(0.5, 0.5); finish("point-in-box", 0, 0.5, 0.5, 0, 0);
    point(0); t_id(1, 0); box(1, 1); t_id(0, 0); finish("point-on-box-edge", 0, 1, -3, 0, 6);
    segment(-1, 0, 1, 0, 0); t_id(0, 0); segment(0, -1, 0, 1, 0); t_id(0, 0); finish("segments-crossing", 0, -2, 0.5, 4, 0);
    segment(-1, 0, 1, 0, 0); t_id(0, 0); segment(-1, 0, 1, 0, 0); t_id(0, 1); finish("segments-parallel", 1, -2, 1, 4, 0);
    segment(-1, 0, 1, 0, 0); t_id(0, 0); segment(-3, 0, -1, 0, 0); t_id(0, 0); finish("segments-collinear-touching", 0, -5, 0, 10, 0);
    capsule(1, 0.5); t_id(0, 0); capsule(1, 0.5); t_ang(1.5708, 0.5, 0.8); finish("capsules-cross", 0.1, -3, 0.2, 6, 0);
    capsule(2, 0.25); t_id(0, 0); box(1, 1); t_id(0, 1.25); finish("capsule-on-box", 0.05, -4, 0.25, 8, 0);
    poly(tri, 3, 0, 0); t_id(0, 0); poly(tri, 3, 0, 0); t_id(1, 1); finish("triangles", 0, -2, 0.5, 5, 0.2);
    poly(quad, 4, 0, 0); t_ang(0.2, 0, 0); box(1, 1); t_id(1.9, 0.1); finish("quad-box", 0.1, -3, -3, 6, 6);
    poly(hexa, 6, 0, 0.1); t_id(0, 0); circle(0.5); t_id(2.5, 0); finish("hexagon-circle", 0, 4, 0.5, -8, 0);
    poly(hexa, 6, 6, 0); t_id(0, 0); poly(hexa, 6, 4, 0); t_ang(0.5, 3.5, 1); finish("hexagons-decorated", 0.2, 0, 4, 0, -8);
    poly(col, 4, 2, 0); t_id(0, 0); box(1, 1); t_id(1.5, 1); finish("flat-polygon-box", 0, 1.5, 3, 0, -6);
    poly(dup, 3, 3, 0.5); t_id(0, 0); circle(0.5); t_id(1.5, 1); finish("point-polygon-circle", 0, -2, 1, 4, 0);
    poly(many, 16, 0, 0); t_id(0, 0); poly(many, 16, 0, 0); t_ang(0.1, 1.95, 0.1); finish("16-gons", 0.1, -3, 0, 6, 0);
    poly(quad, 4, 0, 0); t_id(0, 0); poly(quad, 4, 0, 0); t_id(2, 2); finish("quads-corner-touch", 0, -3, -3, 6, 6);
    rawpoly(quad, 4, 4, 0); t_id(0, 0); box(1, 1); t_id(1, 1); finish("raw-ccw-quad", 0, -3, 0, 6, 0);
    rawpoly(cw, 3, 3, 0); t_id(0, 0); box(1, 1); t_id(1, 1); finish("raw-clockwise", 0, -3, 0, 6, 0);
    rawpoly(col, 4, 4, 0); t_id(0, 0); circle(1); t_id(1, 1); finish("raw-flat", 0, 1, 3, 0, -6);
    rawpoly(quad, 0, 4, 0); t_id(0, 0); circle(1); t_id(1, 1); finish("raw-empty", 0, 0, 0, 1, 0);
    rawpoly(many, 17, 16, 0); t_id(0, 0); circle(1); t_id(1, 1); finish("raw-too-many", 0, 0, 0, 1, 0);
    box(1, 1); t_cs(ONE, 1, 0, 0); box(1, 1); t_cs(ONE + 256, 0, 1.5, 0); finish("transform-edge", 0, -3, 0, 6, 0);
    box(1, 1); t_cs(ONE + 257, 0, 0, 0); box(1, 1); t_cs(0, 0, 1.5, 0); finish("transform-bad", 0, -3, 0, 6, 0);
    box(1, 1); t_cs(46341, 46341, 0, 0); box(1, 1); t_cs(-46341, 46341, 2.4, 0); finish("transform-diagonal", 0, -3, 0.1, 6, 0);
    box(4095, 4095); t_id(0, 0); circle(1); t_id(4095, 4095); finish("range-limit", 0, -4000, -4000, 8000, 8000);
    box(4096, 1); t_id(0, 0); circle(1); t_id(0, 0); finish("range-beyond", 0, 0, 0, 1, 0);
    box(1, 1); t_id(32000, -32000); box(1, 1); t_id(32001.5, -32000); finish("far-from-origin", 0, 31995, -32000, 10, 0);
    circle(4000); t_id(-4000, 0); circle(4000); t_id(4000, 0); finish("huge-circles-touching", 0, -4000, 5000, 0, -10000);
    circle(1); t_id(0, 0); point(0); t_id(0, 0); finish("ray-inside", 0, 0.25, 0, 1, 0);
    box(1, 1); t_id(0, 0); point(0); t_id(0, 0); finish("ray-grazing-edge", 0, -3, 1, 6, 0);
    box(1, 1); t_id(0, 0); point(0); t_id(0, 0); finish("ray-through-vertex", 0, -3, -1, 6, 6);
    return 0;
}
