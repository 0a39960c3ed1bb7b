/* Writes the seed corpus of fuzz_queries.c: meaningful shape pairs encoded
 * in the harness's input format (see the comment at the top of
 * fuzz_queries.c). Usage: gen_corpus <directory>. Host-only tool. */
#include <stdint.h>
#include <stdio.h>
#define FUZZ_BYTES_WRITER
#include "fuzz_bytes.h"
#include <string.h>

#define ONE 65536
#define LIMIT ((1 << 28) - 1)

static const char *outdir;
static int nfiles;
/* value: small integer units (tag 0) */
static void units(int k) { put(0); put((uint8_t)(int8_t)k); }
static void vec_u(double x, double y, double z) { fu(x); fu(y); fu(z); }
/* one point of a point list: op 0 (new) */
static void pt(double x, double y, double z) { put(0); vec_u(x, y, z); }

enum { K_POINT, K_SPHERE, K_SEGMENT, K_CAPSULE, K_TRIANGLE, K_BOX, K_CYLINDER, K_CONE, K_HULL, K_CUSTOM };
enum { CB_HULL, CB_ELLIPSOID, CB_BOX, CB_BAD_CALL, CB_BAD_DIR, CB_ANTI, CB_RANDOM };

static void begin(void)
{
    cur.n = 0;
    put(0); /* workspace fill */
}

static void finish(const char *name)
{
    char path[512];
    FILE *f;
    /* translation offset */
    vec_u(123.25, -1000.5, 7.0);
    snprintf(path, sizeof path, "%s/seed-%02d-%s", outdir, nfiles++, name);
    f = fopen(path, "wb");
    if (f == NULL || fwrite(cur.b, 1, cur.n, f) != cur.n) {
        perror(path);
        return;
    }
    fclose(f);
}

static void sphere(double r) { put(K_SPHERE); fu(r); }
static void box(double x, double y, double z, double r) { put(K_BOX); vec_u(x, y, z); fu(r); }
static void capsule(double hh, double r) { put(K_CAPSULE); fu(hh); fu(r); }
static void cylinder(double hh, double cr, double r) { put(K_CYLINDER); fu(hh); fu(cr); fu(r); }
static void cone(double hh, double cr, double r) { put(K_CONE); fu(hh); fu(cr); fu(r); }

/* transforms: identity, quaternion, axis permutation, raw entries */
static void at(double x, double y, double z) { put(0); vec_u(x, y, z); }
static void at_i(int x, int y, int z) { put(0); units(x); units(y); units(z); }
static void quat_at(double w, double qx, double qy, double qz, double x, double y, double z)
{
    put(1); vec_u(w, qx, qy); fu(qz); vec_u(x, y, z);
}
static void perm_at(int perm, int signs, double x, double y, double z) { put(5); put((uint8_t)perm); put((uint8_t)signs); vec_u(x, y, z); }

static void cube_hull(double h)
{
    int i;
    put(K_HULL);
    put(8 - 1);
    for (i = 0; i < 8; i++) pt(i & 1 ? h : -h, i & 2 ? h : -h, i & 4 ? h : -h);
}

int main(int argc, char **argv)
{
    int i;
    if (argc != 2) {
        fprintf(stderr, "usage: gen_corpus <dir>\n");
        return 2;
    }
    outdir = argv[1];

    /* boxes face to face: touching, penetrating, separated */
    begin(); box(1, 1, 1, 0); at_i(0, 0, 0); box(1, 1, 1, 0); at_i(2, 0, 0); finish("boxes-touching");
    begin(); box(1, 1, 1, 0); at(0, 0, 0); box(1, 1, 1, 0); at(1.75, 0.1, -0.2); finish("boxes-penetrating");
    begin(); box(1, 1, 1, 0); at(0, 0, 0); box(1, 1, 1, 0); at(2.5, 0.3, 0.1); finish("boxes-separated");
    begin(); box(1, 2, 3, 0); at(5, 5, 5); box(1, 2, 3, 0); at(5, 5, 5); finish("boxes-identical");
    begin(); box(0.5, 0.5, 0.5, 0); quat_at(0.92388, 0, 0, 0.38268, 0, 0, 0); box(1, 1, 1, 0); at(1.6, 0, 0); finish("box-rotated-edge");
    begin(); box(1, 1, 1, 0.25); at(0, 0, 0); box(1, 1, 1, 0.25); perm_at(3, 5, 2.4, 0.5, 0.5); finish("rounded-boxes");
    /* spheres */
    begin(); sphere(1); at(0, 0, 0); sphere(1); at(3, 0, 0); finish("spheres-separated");
    begin(); sphere(1); at(0, 0, 0); sphere(1); at(2, 0, 0); finish("spheres-touching");
    begin(); sphere(1); at(0, 0, 0); sphere(0.5); at(0.3, 0.4, 0); finish("spheres-penetrating");
    begin(); sphere(2); at(1, 1, 1); sphere(2); at(1, 1, 1); finish("spheres-concentric");
    /* capsules crossing */
    begin(); capsule(2, 0.5); at(0, 0, 0); capsule(2, 0.5); perm_at(1, 0, 0.8, 0, 0); finish("capsules-crossing");
    begin(); capsule(2, 0.5); at(0, 0, 0); capsule(2, 0.5); perm_at(1, 0, 1.5, 0, 0); finish("capsules-apart");
    begin(); capsule(1, 0.25); at(0, 0, 0); capsule(1, 0.25); at(0.5, 0, 0.5); finish("capsules-parallel");
    /* flat hulls, one-point hull */
    begin(); put(K_HULL); put(3); pt(-1, -1, 0); put(3); fu(1); fu(-1); put(3); fu(1); fu(1); put(3); fu(-1); fu(1); fu(0);
    at(0, 0, 0.9); box(1, 1, 1, 0); at(0, 0, 0); finish("flat-hull-on-box");
    begin(); put(K_HULL); put(0); pt(0, 0, 0); fu(0); at(0, 0, 1); box(1, 1, 1, 0); at(0, 0, 0); finish("point-hull-on-face");
    begin(); put(K_HULL); put(0); pt(0.1, 0.2, 0.3); fu(0); at(0, 0, 0); box(1, 1, 1, 0); at(0, 0, 0); finish("point-hull-inside");
    begin(); put(K_HULL); put(2); pt(-1, 0, 0); pt(1, 0, 0); put(2); put(0); put(1); fu(0); at(0, 0, 0); box(1, 1, 1, 0); at(0, 0.5, 0);
    finish("collinear-hull");
    begin(); cube_hull(1); fu(0); at(0, 0, 0); cube_hull(1); fu(0); quat_at(0.8, 0.36, 0.48, 0, 1.5, 0.5, 0.5); finish("hull-cubes");
    /* tiny vs huge */
    begin(); put(K_SPHERE); raw(1); at(0, 0, 0); box(4000, 4000, 4000, 0); at(0, 0, 0); finish("tiny-in-huge");
    begin(); put(K_SPHERE); raw(1); at(100, 100, 100); box(50, 50, 50, 0); at(0, 0, 0); finish("tiny-near-big");
    begin(); box(2000, 2000, 2000, 0); at(-2000, 0, 0); put(K_POINT); raw(3); at(1, 0, 0); finish("huge-vs-point");
    /* round solids */
    begin(); cylinder(1, 1, 0); at(0, 0, 0); cone(1, 1, 0); at(0, 1.5, 0.2); finish("cylinder-cone");
    begin(); cone(1, 0.5, 0.1); quat_at(0.7071, 0.7071, 0, 0, 0, 0, 0); box(1, 1, 1, 0); at(0.5, 1.2, 0); finish("cone-box");
    begin(); cylinder(2, 0.5, 0); at(0, 0, 0); cylinder(2, 0.5, 0); perm_at(4, 0, 0.9, 0, 0); finish("cylinders-crossing");
    /* triangles and segments */
    begin(); put(K_TRIANGLE); pt(0, 0, 0); pt(1, 0, 0); pt(0, 1, 0); fu(0); at(0, 0, 0);
    put(K_TRIANGLE); pt(0, 0, 0); pt(1, 0, 0); pt(0, 1, 0); fu(0); at(0.2, 0.2, 0); finish("coplanar-triangles");
    begin(); put(K_SEGMENT); pt(-1, 0, 0); pt(1, 0, 0); fu(0); at(0, 0, 0); put(K_SEGMENT); pt(-1, 0, 0); pt(1, 0, 0); fu(0); at(0, 0.5, 0);
    finish("parallel-segments");
    begin(); put(K_TRIANGLE); pt(0, 0, 0); pt(2, 0, 0); pt(0, 2, 0); fu(0.1); at(0, 0, 0); sphere(0.5); at(0.5, 0.5, 0.55); finish("rounded-triangle-sphere");
    /* custom callbacks: honest and misbehaving */
    begin(); put(K_CUSTOM); put(CB_HULL); put(1); put(3); pt(0, 0, 1); pt(1, 0, 0); pt(0, 1, 0); pt(-1, -1, -1); put(0); fu(0);
    at(0, 0, 0); box(1, 1, 1, 0); at(1.5, 0, 0); finish("custom-tetra-box");
    begin(); put(K_CUSTOM); put(CB_ELLIPSOID); put(2); vec_u(2, 1, 0.5); put(2); fu(0); at(0, 0, 0); sphere(1); at(2.5, 0, 0);
    finish("custom-ellipsoid-sphere");
    begin(); put(K_CUSTOM); put(CB_BOX); put(3); put(1); fu(1); fu(0); at(0, 0, 0); box(1, 1, 1, 0); at(1.5, 0.5, 0); finish("custom-box");
    begin(); put(K_CUSTOM); put(CB_BAD_CALL); put(4); put(0); pt(0.5, 0.5, 0.5); vec_u(100, 0, 0); put(2); put(0); fu(0);
    at(0, 0, 0); box(1, 1, 1, 0); at(2, 0, 0); finish("custom-bad-call");
    begin(); put(K_CUSTOM); put(CB_BAD_DIR); put(5); put(1); pt(0.5, 0.5, 0.5); pt(-0.5, -0.5, -0.5); vec_u(0, 0, 9); put(1); put(0); fu(0);
    at(0, 0, 0); sphere(1); at(0.5, 0, 0); finish("custom-bad-octant");
    begin(); put(K_CUSTOM); put(CB_ANTI); put(6); put(3); pt(0, 0, 1); pt(1, 0, 0); pt(0, 1, 0); pt(-1, -1, -1); put(0); fu(0);
    at(0, 0, 0); box(1, 1, 1, 0); at(0.5, 0, 0); finish("custom-anti-support");
    begin(); put(K_CUSTOM); put(CB_RANDOM); put(7); put(0); pt(0, 0, 0); put(1); fu(1); fu(0); at(0, 0, 0); box(1, 1, 1, 0);
    at(1, 0, 0); finish("custom-random");
    /* invalid parameters and transforms */
    begin(); put(K_SPHERE); fu(-1); at(0, 0, 0); sphere(1); at(0, 0, 0); finish("negative-radius");
    begin(); box(0, 1, 1, 0); at(0, 0, 0); sphere(1); at(0, 0, 0); finish("zero-box");
    begin(); put(K_HULL); put(224); fu(0); at(0, 0, 0); sphere(1); at(0, 0, 0); finish("empty-hull");
    begin(); put(K_HULL); put(192); for (i = 0; i < 64; i++) pt(i % 4, i / 4 % 4, i / 16); fu(0); at(0, 0, 0); sphere(1); at(0, 0, 0);
    finish("hull-65");
    begin(); put(K_HULL); put(244); fu(0); at(0, 0, 0); sphere(1); at(0, 0, 0); finish("hull-null");
    begin(); sphere(1); at(4095.5, 0, 0); sphere(1); at(0, 0, 0); finish("extent-out-of-range");
    begin(); sphere(1); put(0); raw(LIMIT + 1); fu(0); fu(0); sphere(1); at(0, 0, 0); finish("position-out-of-range");
    begin(); box(1, 1, 1, 0); put(3); for (i = 0; i < 9; i++) fu(i == 4 ? 2.5 : i % 4 == 0); vec_u(0, 0, 0); box(1, 1, 1, 0); at(1, 0, 0);
    finish("rotation-entry-2.5");
    begin(); box(1, 1, 1, 0); put(6); vec_u(2, 0.5, 1); fu(0.9); fu(0.1); fu(0.3); fu(0.2); vec_u(0, 0, 0); box(1, 1, 1, 0); at(1.5, 0.2, 0);
    finish("scaled-rotation");
    begin(); box(1, 1, 1, 0); put(7); vec_u(1, 0.5, 0); vec_u(0.5, 1, 0.25); vec_u(0, 0, 0); sphere(0.5); at(1, 0, 0); finish("rank1-rotation");
    begin(); put(240 + K_BOX); vec_u(1, 1, 1); fu(0); put(0); put(3); at(0, 0, 0); sphere(1); at(0, 0, 0); finish("corrupt-type");
    /* big hulls */
    begin(); put(K_HULL); put(63); for (i = 0; i < 64; i++) pt((i * 37 % 64) / 16.0 - 2, (i * 11 % 64) / 16.0 - 2, (i * 23 % 64) / 16.0 - 2);
    fu(0); at(0, 0, 0); put(K_HULL); put(63); for (i = 0; i < 64; i++) pt((i * 13 % 64) / 16.0 - 2, (i * 29 % 64) / 16.0 - 2, (i * 7 % 64) / 16.0 - 2);
    fu(0.01); quat_at(0.6, 0.8, 0, 0, 2.5, 1, 0); finish("hull-64-pair");
    /* B placed relative to A (transform mode with bit 7) near the range limit */
    begin(); box(10, 10, 10, 0); at(4000, -4000, 4000); box(1, 1, 1, 0); put(0x80); vec_u(11, 0.5, 0); finish("far-corner-touch");
    printf("gen_corpus: wrote %d files to %s\n", nfiles, outdir);
    return 0;
}
