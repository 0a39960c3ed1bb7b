/* libFuzzer harness for the 2D API (fxcollide2d.h).
 *
 * The input bytes are decoded into two 2D shapes of any kind, each with a
 * transform, a speculative distance, a common offset and a ray; every
 * query runs on (A, B), on (B, A) and on the pair translated by the
 * offset, and the invariants below are checked. A violation prints the
 * decoded input as C values and calls abort(), which libFuzzer reports as
 * a crash. With FXC_FUZZ_DESCRIBE set, every input's decoding is printed.
 *
 * ---- Decoding (a read past the end yields zero bytes) --------------------
 *   shape A, transform A, shape B, transform B, speculative (value),
 *   offset (vec2), ray mode byte, ray origin (vec2), ray translation (vec2)
 * value: as fuzz_queries.c (tag byte t; t & 7: int8 units, int16/256 units,
 *   int8 raw, int16 raw, int32 raw, special, int16 * 4096 raw, int24 raw;
 *   plus a nudge of ((t >> 3) ^ 16) - 16 raw when t >= 8).
 * shape: kind byte k, k % 8 = point (margin), circle (radius), segment
 *   (a, b, margin), capsule (half length, radius), box (half extents),
 *   rounded box (half extents, margin), convex polygon, raw polygon.
 *   Convex polygon: count byte (1..32 points), points (op byte: new vec2,
 *   copy of an earlier point, a point on the line through two earlier ones,
 *   a small step from the previous one), then the exact convex hull (int128
 *   cross products, CCW, collinear points dropped); then a decoration byte
 *   list (count byte): duplicate a vertex, or insert an exact lattice point
 *   of an edge (collinear), while there is room; then the margin. A flat
 *   point set gives a 1- or 2-vertex hull. Raw polygon: count byte (0..20),
 *   points as above, margin: handed to fxc2_shape_polygon unchanged.
 * transform: mode byte m, m & 3 = identity, angle (value, through
 *   fxc2_transform_angle), raw (c, s) values, angle then (c, s) each nudged
 *   by an int8 raw; position (vec2), relative to A's when m & 0x80 (B only).
 * ray mode byte: bit 0 origin relative to A's position; bit 1 translation
 *   aimed at the shape's position (plus the decoded vec as an offset).
 *
 * ---- Invariants (keys in [brackets]; FXC_FUZZ_WAIVE=key,... waives) ------
 *  1. [status] every status is one the header's table lists for the query
 *     (or an argument error); [zeroed] outputs all zero on an error status
 *     (but FXC_ERR_CAPACITY / NO_CONVERGENCE, which carry an answer);
 *     [args] valid shapes, transforms and speculative give no argument
 *     error, and a failed constructor (but a polygon's convexity, checked by
 *     its constructor only) or a bad transform gives one; small pairs near
 *     the origin never give FXC_ERR_RANGE; [ctor] constructors accept valid
 *     parameters (every hull the harness builds) and refuse invalid ones;
 *     a raw polygon accepted has no right turn; [transform] transform_set's
 *     verdict is |c^2 + s^2 - 1| <= 2^-8; [determinism] a rerun with another
 *     fill of the output structs gives the same bytes.
 *  2. [agree] fxc2_intersect says SEPARATED iff fxc2_distance does.
 *  3. [collide] collide SEPARATED iff distance SEPARATED; collide
 *     PENETRATING implies distance OVERLAPPING; SEPARATED / TOUCHING give
 *     distance's distance.
 *  4. [manifold] status and contact those of fxc2_collide (bit for bit);
 *     count 0..2; separation <= speculative + FXC_TOUCH_TOL; unused points
 *     zero.
 *  5. [translation] both shapes (and the ray) moved by the offset (clamped
 *     to keep both positions within FXC_WORLD_LIMIT): every field the same,
 *     points moved by exactly the offset (skipped when a run is RANGE).
 *  6. [swap-status] collide(B, A) has collide(A, B)'s status; [swap-value]
 *     depth and distance within 3 LSB + W / 2^26 (W: largest world
 *     coordinate of the pair); [swap-normal] the normal reversed within
 *     SWAP_NORMAL_TOL per component, or else (a tie) both normals giving
 *     the same overlap of the two shapes (double-precision supports) within
 *     TIE_TOL + W / 2^15.
 *  7. [cast] raycast statuses and fields as documented: fraction in
 *     [0, FXC_ONE], iterations in 0..FXC_CAST_MAX_ITERATIONS, a miss and
 *     FXC_INSIDE with fraction 0 and a zero normal, FXC_INSIDE's point the
 *     origin; [cast-inside] FXC_INSIDE iff a point shape at the origin is
 *     PENETRATING; [cast-late] at HIT / GRAZING fraction f, a point shape at
 *     origin + g * translation, g = f * k / 4 (k = 0..3, f - g > 4 raw), is
 *     never PENETRATING; [cast-miss] on a miss, the points at 0, 1/4 .. 1
 *     of the way are never PENETRATING; [cast-miss-near] nor TOUCHING ("a
 *     ray that reaches the surface is never a miss"; one that only passes
 *     near it may be).
 *  8. No crash, sanitizer report or FXC_ASSERT (fxc_assert_failed aborts).
 */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fxcollide2d.h"
#include "fuzz_bytes.h"

#define LIMIT FXC_RAW_LIMIT
#define MAXV FXC2_POLYGON_MAX_VERTICES
#define SWAP_NORMAL_TOL 4 /* raw LSB per component */
#define TIE_TOL 6         /* raw LSB: overlap along two tied normals */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
static void fail(int line, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));

/* The library's FXC_ASSERT hook (the build defines FXC_ASSERT_HOOK). */
void fxc_assert_failed(const char *file, int line)
{
    fail(line, "FXC_ASSERT failed in %s", file);
}

/* ---- Values (the byte reader and the decoder: fuzz_bytes.h) ------------ */

static const int32_t specials[] = {
    FUZZ_SPECIALS, FXC_WORLD_LIMIT, -FXC_WORLD_LIMIT, 65536 + 256, 65536 - 256, 65536 + 257, 46341 + 91
};
#define N_SPECIALS ((int)(sizeof specials / sizeof specials[0]))

static fix16_t val(rd *r)
{
    return fuzz_value(r, specials, N_SPECIALS);
}

static fxc2_vec vec2(rd *r)
{
    fxc2_vec v;
    v.x = val(r);
    v.y = val(r);
    return v;
}

static int64_t abs64(int64_t v) { return v < 0 ? -v : v; }
static int32_t clamp64(int64_t v, int64_t lo, int64_t hi) { return (int32_t)(v < lo ? lo : v > hi ? hi : v); }
static int in_range1(int64_t v) { return v >= -LIMIT && v <= LIMIT; }
static int vzero(fxc2_vec v) { return v.x == 0 && v.y == 0; }
static int veq(fxc2_vec a, fxc2_vec b) { return a.x == b.x && a.y == b.y; }
static fxc2_vec vadd(fxc2_vec a, fxc2_vec b) { return fxc2_v(s32((uint32_t)a.x + (uint32_t)b.x), s32((uint32_t)a.y + (uint32_t)b.y)); }
static fxc2_vec vsub(fxc2_vec a, fxc2_vec b) { return fxc2_v(s32((uint32_t)a.x - (uint32_t)b.x), s32((uint32_t)a.y - (uint32_t)b.y)); }

typedef __int128 i128;
static i128 cross3(fxc2_vec o, fxc2_vec a, fxc2_vec b)
{
    return (i128)((int64_t)a.x - o.x) * ((int64_t)b.y - o.y) - (i128)((int64_t)a.y - o.y) * ((int64_t)b.x - o.x);
}

/* ---- Points and polygons -------------------------------------------------- */
static int64_t gcd64(int64_t a, int64_t b)
{
    a = abs64(a);
    b = abs64(b);
    while (b != 0) { int64_t t = a % b; a = b; b = t; }
    return a;
}

static void decode_points(rd *r, fxc2_vec *v, int n)
{
    int i;
    for (i = 0; i < n; i++) {
        int op = u8(r) % 4;
        if (i == 0) op = 0;
        switch (op) {
        case 0: v[i] = vec2(r); break;
        case 1: v[i] = v[u8(r) % i]; break;
        case 2: { /* on the line through two earlier points: a + (b - a) * t */
            fxc2_vec a = v[u8(r) % i], b = v[u8(r) % i];
            int t = (int8_t)u8(r);
            int64_t x = a.x + ((int64_t)b.x - a.x) * t / 4, y = a.y + ((int64_t)b.y - a.y) * t / 4;
            if (((int64_t)b.x - a.x) * t % 4 != 0 || ((int64_t)b.y - a.y) * t % 4 != 0) { x = a.x; y = a.y; }
            v[i] = fxc2_v(clamp64(x, INT32_MIN, INT32_MAX), clamp64(y, INT32_MIN, INT32_MAX));
            break;
        }
        default: { /* a small step from the previous point */
            int dx = (int8_t)u8(r), dy = (int8_t)u8(r), sh = u8(r) % 20;
            v[i] = fxc2_v(clamp64((int64_t)v[i - 1].x + (int64_t)dx * ((int64_t)1 << sh), INT32_MIN, INT32_MAX),
                          clamp64((int64_t)v[i - 1].y + (int64_t)dy * ((int64_t)1 << sh), INT32_MIN, INT32_MAX));
            break;
        }
        }
    }
}

static int pt_less(fxc2_vec a, fxc2_vec b) { return a.x < b.x || (a.x == b.x && a.y < b.y); }

/* Exact convex hull (Andrew's monotone chain), CCW, collinear points
 * dropped; h needs room for n + 1 points. Returns the vertex count. */
static int hull(fxc2_vec *p, int n, fxc2_vec *h)
{
    int i, j, k = 0, lo;
    for (i = 1; i < n; i++) { /* insertion sort */
        fxc2_vec t = p[i];
        for (j = i; j > 0 && pt_less(t, p[j - 1]); j--) p[j] = p[j - 1];
        p[j] = t;
    }
    for (i = 0, j = 0; i < n; i++) /* unique */
        if (j == 0 || !veq(p[i], p[j - 1])) p[j++] = p[i];
    n = j;
    if (n <= 2) {
        for (i = 0; i < n; i++) h[i] = p[i];
        return n;
    }
    for (i = 0; i < n; i++) {
        while (k >= 2 && cross3(h[k - 2], h[k - 1], p[i]) <= 0) k--;
        h[k++] = p[i];
    }
    lo = k + 1;
    for (i = n - 2; i >= 0; i--) {
        while (k >= lo && cross3(h[k - 2], h[k - 1], p[i]) <= 0) k--;
        h[k++] = p[i];
    }
    return k - 1;
}

/* Insert v at position at of the n points of h. */
static void insert_at(fxc2_vec *h, int n, int at, fxc2_vec v)
{
    int i;
    for (i = n; i > at; i--) h[i] = h[i - 1];
    h[at] = v;
}

/* ---- Bodies --------------------------------------------------------------- */
enum { K_POINT, K_CIRCLE, K_SEGMENT, K_CAPSULE, K_BOX, K_RBOX, K_POLY, K_RAWPOLY, K_COUNT };
static const char *kind_names[K_COUNT] = { "point", "circle", "segment", "capsule", "box",
                                           "rounded box", "polygon (hull)", "polygon (raw)" };

typedef struct {
    int kind;
    fix16_t prm[3];
    fxc2_vec a, b;             /* segment ends, box half extents (a) */
    fxc2_vec v[40];            /* polygon vertices (a hull of up to 32 points + 1) */
    int count;
    int ctor;                  /* constructor status */
    int ctor_expect;           /* -1: any refusal allowed (raw polygon) */
    int usable;                /* constructed (FXC_OK): the queries' invariants apply */
    int must_fail;             /* a query must give an argument error */
    fxc2_shape s;
    int tmode;
    fix16_t angle, tc, ts;
    int tstatus;
    fxc2_transform t;
} body;

static body A, B;
static const char *stage = "decode";
static fix16_t spec;
static fxc2_vec off, ray_o, ray_d;
static int ray_mode;

static int size_st(fix16_t v, int zero_ok)
{
    if (v < 0) return FXC_ERR_NEGATIVE_SIZE;
    if (v == 0 && !zero_ok) return FXC_ERR_ZERO_SIZE;
    if (v > LIMIT) return FXC_ERR_RANGE;
    return FXC_OK;
}
static int pt_in_range(fxc2_vec p) { return in_range1(p.x) && in_range1(p.y); }

static int struct_valid(const fxc2_shape *s)
{
    int i;
    if (size_st(s->margin, 1) != FXC_OK) return 0;
    switch (s->type) {
    case FXC2_SHAPE_POINT: return 1;
    case FXC2_SHAPE_SEGMENT: return pt_in_range(s->u.segment.a) && pt_in_range(s->u.segment.b);
    case FXC2_SHAPE_BOX: return size_st(s->u.box.half.x, 0) == FXC_OK && size_st(s->u.box.half.y, 0) == FXC_OK;
    case FXC2_SHAPE_POLYGON:
        if (s->u.polygon.vertices == NULL || s->u.polygon.count < 1 || s->u.polygon.count > MAXV) return 0;
        for (i = 0; i < s->u.polygon.count; i++)
            if (!pt_in_range(s->u.polygon.vertices[i])) return 0;
        return 1;
    default: return 0;
    }
}

static void decode_shape(rd *r, body *b)
{
    int k = u8(r) % K_COUNT, i;
    b->kind = k;
    b->ctor_expect = FXC_OK;
    switch (k) {
    case K_POINT:
        b->prm[0] = val(r);
        b->ctor = fxc2_shape_point(&b->s, b->prm[0]);
        b->ctor_expect = size_st(b->prm[0], 1);
        break;
    case K_CIRCLE:
        b->prm[0] = val(r);
        b->ctor = fxc2_shape_circle(&b->s, b->prm[0]);
        b->ctor_expect = size_st(b->prm[0], 0);
        break;
    case K_SEGMENT:
        b->a = vec2(r);
        b->b = vec2(r);
        b->prm[0] = val(r);
        b->ctor = fxc2_shape_segment(&b->s, b->a, b->b, b->prm[0]);
        b->ctor_expect = size_st(b->prm[0], 1);
        if (b->ctor_expect == FXC_OK && !(pt_in_range(b->a) && pt_in_range(b->b))) b->ctor_expect = FXC_ERR_RANGE;
        break;
    case K_CAPSULE:
        b->prm[0] = val(r);
        b->prm[1] = val(r);
        b->ctor = fxc2_shape_capsule(&b->s, b->prm[0], b->prm[1]);
        b->ctor_expect = size_st(b->prm[0], 0);
        if (b->ctor_expect == FXC_OK) b->ctor_expect = size_st(b->prm[1], 0);
        break;
    case K_BOX: case K_RBOX:
        b->a = vec2(r);
        b->prm[0] = k == K_RBOX ? val(r) : 0;
        b->ctor = fxc2_shape_box(&b->s, b->a, b->prm[0]);
        b->ctor_expect = size_st(b->a.x, 0);
        if (b->ctor_expect == FXC_OK) b->ctor_expect = size_st(b->a.y, 0);
        if (b->ctor_expect == FXC_OK) b->ctor_expect = size_st(b->prm[0], 1);
        break;
    case K_POLY: {
        fxc2_vec p[33];
        int n = 1 + u8(r) % 32, m, d, nd;
        decode_points(r, p, n);
        m = hull(p, n, b->v);
        nd = u8(r) % 16;
        for (d = 0; d < nd; d++) {
            int op = u8(r), at = u8(r) % m;
            if (m >= MAXV) break;
            if (op & 1) {
                insert_at(b->v, m, at, b->v[at]); /* duplicate */
            } else {
                fxc2_vec e0 = b->v[at], e1 = b->v[(at + 1) % m];
                int64_t dx = (int64_t)e1.x - e0.x, dy = (int64_t)e1.y - e0.y;
                int64_t g = gcd64(dx, dy), j;
                if (g <= 1) continue;
                j = 1 + (op >> 1) % (g - 1);
                insert_at(b->v, m, at + 1, fxc2_v((fix16_t)(e0.x + dx / g * j), (fix16_t)(e0.y + dy / g * j)));
            }
            m++;
        }
        b->count = m;
        b->prm[0] = val(r);
        for (i = 0; i < m; i++)
            if (!pt_in_range(b->v[i])) b->ctor_expect = FXC_ERR_RANGE;
        if (m > MAXV) b->ctor_expect = FXC_ERR_TOO_MANY_VERTICES;
        if (b->ctor_expect == FXC_OK) b->ctor_expect = size_st(b->prm[0], 1);
        b->ctor = fxc2_shape_polygon(&b->s, b->v, m, b->prm[0]);
        break;
    }
    default: {
        b->count = u8(r) % 21;
        decode_points(r, b->v, b->count);
        b->prm[0] = val(r);
        b->ctor = fxc2_shape_polygon(&b->s, b->v, b->count, b->prm[0]);
        b->ctor_expect = -1;
        break;
    }
    }
    b->usable = b->ctor == FXC_OK;
    /* queries recheck everything but a polygon's convexity: a struct no
     * constructor would write must be refused (a circle of radius 0 is a
     * valid point, a capsule of length 0 a valid segment) */
    b->must_fail = !struct_valid(&b->s);
}

static int rot_ok(fix16_t c, fix16_t s)
{
    uint64_t q = (uint64_t)((int64_t)c * c) + (uint64_t)((int64_t)s * s);
    uint64_t one = (uint64_t)1 << 32, tol = (uint64_t)1 << 24;
    return q >= one - tol && q <= one + tol;
}

static void decode_transform(rd *r, body *b, const body *rel)
{
    int m = u8(r);
    fxc2_vec pos;
    b->tmode = m;
    switch (m & 3) {
    case 0: b->tc = FXC_ONE; b->ts = 0; break;
    case 1: b->angle = val(r); break;
    case 2: b->tc = val(r); b->ts = val(r); break;
    default: b->angle = val(r); break;
    }
    pos = vec2(r);
    if (rel != NULL && (m & 0x80)) pos = vadd(pos, rel->t.pos);
    if ((m & 3) == 1 || (m & 3) == 3) {
        fix16_t s, c;
        int st = fxc2_transform_angle(&b->t, pos, b->angle);
        fxc_sincos(b->angle, &s, &c);
        if (st != FXC_OK || b->t.c != c || b->t.s != s || !veq(b->t.pos, pos))
            fail(__LINE__, "[transform] fxc2_transform_angle(%d) gave %s, (c, s) = (%d, %d), fxc_sincos (%d, %d)",
                 (int)b->angle, fxc_status_name(st), (int)b->t.c, (int)b->t.s, (int)c, (int)s);
        b->tc = c;
        b->ts = s;
        if ((m & 3) == 3) {
            b->tc = s32((uint32_t)b->tc + (uint32_t)(int32_t)(int8_t)u8(r));
            b->ts = s32((uint32_t)b->ts + (uint32_t)(int32_t)(int8_t)u8(r) * (uint32_t)((m >> 2) & 7));
        }
    }
    b->tstatus = fxc2_transform_set(&b->t, pos, b->tc, b->ts);
}

/* ---- Description ---------------------------------------------------------- */
static void describe_body(const char *name, const body *b)
{
    int i;
    fprintf(stderr, "  %s: %s, constructor %s", name, kind_names[b->kind], fxc_status_name(b->ctor));
    switch (b->kind) {
    case K_POINT: fprintf(stderr, "\n    fxc2_shape_point(&s, %d);", (int)b->prm[0]); break;
    case K_CIRCLE: fprintf(stderr, "\n    fxc2_shape_circle(&s, %d);", (int)b->prm[0]); break;
    case K_SEGMENT:
        fprintf(stderr, "\n    fxc2_shape_segment(&s, fxc2_v(%d, %d), fxc2_v(%d, %d), %d);", (int)b->a.x, (int)b->a.y,
                (int)b->b.x, (int)b->b.y, (int)b->prm[0]);
        break;
    case K_CAPSULE: fprintf(stderr, "\n    fxc2_shape_capsule(&s, %d, %d);", (int)b->prm[0], (int)b->prm[1]); break;
    case K_BOX: case K_RBOX:
        fprintf(stderr, "\n    fxc2_shape_box(&s, fxc2_v(%d, %d), %d);", (int)b->a.x, (int)b->a.y, (int)b->prm[0]);
        break;
    default:
        fprintf(stderr, "\n    static const fxc2_vec v[%d] = {", b->count > 0 ? b->count : 1);
        for (i = 0; i < b->count; i++) fprintf(stderr, "%s{ %d, %d }", i ? ", " : " ", (int)b->v[i].x, (int)b->v[i].y);
        fprintf(stderr, " };\n    fxc2_shape_polygon(&s, v, %d, %d);", b->count, (int)b->prm[0]);
        break;
    }
    fprintf(stderr, "\n    fxc2_transform_set(&t, fxc2_v(%d, %d), %d, %d); /* %s, mode %d", (int)b->t.pos.x, (int)b->t.pos.y,
            (int)b->tc, (int)b->ts, fxc_status_name(b->tstatus), b->tmode & 3);
    if ((b->tmode & 3) == 1 || (b->tmode & 3) == 3) fprintf(stderr, ", angle %d", (int)b->angle);
    fprintf(stderr, " */\n");
}

static void fail(int line, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "\n==== fxcollide fuzz invariant failed (fuzz_2d.c:%d, %s) ====\n  ", line, stage);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\n");
    describe_body("A", &A);
    describe_body("B", &B);
    fprintf(stderr, "  speculative %d, offset (%d, %d), ray mode %d origin (%d, %d) translation (%d, %d)\n", (int)spec,
            (int)off.x, (int)off.y, ray_mode, (int)ray_o.x, (int)ray_o.y, (int)ray_d.x, (int)ray_d.y);
    fflush(stderr);
    abort();
}


#define REQUIRE_K(key, c, ...) do { if (!(c) && !waived(key)) fail(__LINE__, "[" key "] " __VA_ARGS__); } while (0)

/* ---- Running the queries ------------------------------------------------- */
typedef struct {
    int is, ds, cs, ms, rs[2];
    fxc2_distance_result d;
    fxc2_contact c;
    fxc2_manifold m;
    fxc2_ray_hit h[2]; /* ray against the first, the second shape */
} results;

static void run(const body *a, const fxc2_transform *ta, const body *b, const fxc2_transform *tb, fxc2_vec o,
                fxc2_vec d, uint8_t fill, results *r)
{
    memset(r, fill, sizeof *r);
    r->is = fxc2_intersect(&a->s, ta, &b->s, tb);
    r->ds = fxc2_distance(&a->s, ta, &b->s, tb, &r->d);
    r->cs = fxc2_collide(&a->s, ta, &b->s, tb, &r->c);
    r->ms = fxc2_collide_manifold(&a->s, ta, &b->s, tb, spec, &r->m);
    r->rs[0] = fxc2_raycast(&a->s, ta, o, d, &r->h[0]);
    r->rs[1] = fxc2_raycast(&b->s, tb, o, d, &r->h[1]);
}

static int is_arg_err(int st)
{
    return st == FXC_ERR_NULL || st == FXC_ERR_BAD_SHAPE || st == FXC_ERR_BAD_TRANSFORM || st == FXC_ERR_RANGE ||
           st == FXC_ERR_NEGATIVE_SIZE;
}
static int is_err(int st) { return st < 0; }
static int carries_answer(int st) { return st == FXC_ERR_CAPACITY || st == FXC_ERR_NO_CONVERGENCE; }

static int all_zero(const void *p, size_t n)
{
    const uint8_t *b = (const uint8_t *)p;
    size_t i;
    for (i = 0; i < n; i++)
        if (b[i] != 0) return 0;
    return 1;
}

/* Largest |world coordinate| any point of the body reaches (core about its
 * position, plus margin), raw; and its overlap support in double. */
static int core_points(const body *b, fxc2_vec *p)
{
    int i;
    switch (b->s.type) {
    case FXC2_SHAPE_POINT: p[0] = fxc2_v(0, 0); return 1;
    case FXC2_SHAPE_SEGMENT: p[0] = b->s.u.segment.a; p[1] = b->s.u.segment.b; return 2;
    case FXC2_SHAPE_BOX: {
        fxc2_vec h = b->s.u.box.half;
        p[0] = fxc2_v(-h.x, -h.y); p[1] = fxc2_v(h.x, -h.y); p[2] = fxc2_v(h.x, h.y); p[3] = fxc2_v(-h.x, h.y);
        return 4;
    }
    default:
        for (i = 0; i < b->s.u.polygon.count; i++) p[i] = b->s.u.polygon.vertices[i];
        return b->s.u.polygon.count;
    }
}

static double support(const body *b, const fxc2_transform *t, double nx, double ny)
{
    fxc2_vec p[40];
    int n = core_points(b, p), i;
    double best = -1e300, c = t->c / 65536.0, s = t->s / 65536.0, len = sqrt(nx * nx + ny * ny);
    for (i = 0; i < n; i++) {
        double x = c * p[i].x - s * p[i].y + t->pos.x, y = s * p[i].x + c * p[i].y + t->pos.y;
        double dd = (x * nx + y * ny) / len;
        if (dd > best) best = dd;
    }
    return best + b->s.margin;
}

static double reach(const body *b, const fxc2_transform *t)
{
    double w = 0;
    w = fmax(w, fabs(support(b, t, 1, 0)));
    w = fmax(w, fabs(support(b, t, -1, 0)));
    w = fmax(w, fabs(support(b, t, 0, 1)));
    w = fmax(w, fabs(support(b, t, 0, -1)));
    return w;
}

/* Overlap of a and b along n (from a to b): positive = penetration. */
static double overlap(const body *a, const fxc2_transform *ta, const body *b, const fxc2_transform *tb, fxc2_vec n)
{
    return support(a, ta, n.x, n.y) + support(b, tb, -(double)n.x, -(double)n.y);
}

/* ---- Checks ---------------------------------------------------------------- */
static void check_status(const char *q, int st, unsigned allowed)
{
    int ok = is_arg_err(st) || st == FXC_ERR_NO_CONVERGENCE;
    if (st >= 0 && st <= 7 && (allowed & (1u << st))) ok = 1;
    if (st == FXC_ERR_CAPACITY && (allowed & (1u << 8))) ok = 1;
    if (st == FXC_ERR_NEGATIVE_SIZE && !(allowed & (1u << 9))) ok = 0;
    REQUIRE_K("status", ok, "%s returned %s, not in the header's table", q, fxc_status_name(st));
}
#define S(x) (1u << (x))
#define CAP S(8)
#define NEG S(9)

static void check_args(const char *q, int st, int spec_used)
{
    int bad = A.must_fail || B.must_fail || A.tstatus != FXC_OK || B.tstatus != FXC_OK ||
              (spec_used && (spec < 0 || spec > LIMIT));
    if (bad) {
        REQUIRE_K("args", is_arg_err(st), "%s on a refused shape / transform / speculative gave %s", q, fxc_status_name(st));
    } else {
        REQUIRE_K("args", st != FXC_ERR_NULL && st != FXC_ERR_BAD_SHAPE && st != FXC_ERR_BAD_TRANSFORM &&
                  st != FXC_ERR_NEGATIVE_SIZE, "%s on valid arguments gave %s", q, fxc_status_name(st));
    }
}

static void check_one(const results *r, const body *a, const fxc2_transform *ta, const body *b, const fxc2_transform *tb,
                      int full)
{
    int i, k;
    check_status("intersect", r->is, S(FXC_SEPARATED) | S(FXC_OVERLAPPING));
    check_status("distance", r->ds, S(FXC_SEPARATED) | S(FXC_TOUCHING) | S(FXC_OVERLAPPING));
    check_status("collide", r->cs, S(FXC_SEPARATED) | S(FXC_TOUCHING) | S(FXC_PENETRATING) | CAP);
    check_status("manifold", r->ms, S(FXC_SEPARATED) | S(FXC_TOUCHING) | S(FXC_PENETRATING) | CAP | NEG);
    for (k = 0; k < 2; k++)
        check_status("raycast", r->rs[k], S(FXC_SEPARATED) | S(FXC_TOUCHING) | S(FXC_HIT) | S(FXC_GRAZING) | S(FXC_INSIDE));
    if (is_err(r->ds) && !carries_answer(r->ds))
        REQUIRE_K("zeroed", all_zero(&r->d, sizeof r->d), "distance: output not zeroed on %s", fxc_status_name(r->ds));
    if (is_err(r->cs) && !carries_answer(r->cs))
        REQUIRE_K("zeroed", all_zero(&r->c, sizeof r->c), "collide: output not zeroed on %s", fxc_status_name(r->cs));
    if (is_err(r->ms) && !carries_answer(r->ms))
        REQUIRE_K("zeroed", all_zero(&r->m, sizeof r->m), "manifold: output not zeroed on %s", fxc_status_name(r->ms));
    for (k = 0; k < 2; k++)
        if (is_err(r->rs[k]) && !carries_answer(r->rs[k]))
            REQUIRE_K("zeroed", all_zero(&r->h[k], sizeof r->h[k]), "raycast %d: output not zeroed on %s", k,
                      fxc_status_name(r->rs[k]));
    if (full) {
        check_args("intersect", r->is, 0);
        check_args("distance", r->ds, 0);
        check_args("collide", r->cs, 0);
        check_args("manifold", r->ms, 1);
        for (k = 0; k < 2; k++) {
            /* a raycast has one shape: only its arguments count */
            const body *x = k == 0 ? a : b;
            int st = r->rs[k];
            if (x->must_fail || x->tstatus != FXC_OK)
                REQUIRE_K("args", is_arg_err(st), "raycast %d on a refused shape / transform gave %s", k, fxc_status_name(st));
            else
                REQUIRE_K("args", st != FXC_ERR_NULL && st != FXC_ERR_BAD_SHAPE && st != FXC_ERR_BAD_TRANSFORM &&
                          st != FXC_ERR_NEGATIVE_SIZE, "raycast %d on valid arguments gave %s", k, fxc_status_name(st));
        }
    }
    if (a->usable && b->usable && a->tstatus == FXC_OK && b->tstatus == FXC_OK) {
        /* small pairs near the origin are never out of range */
        double w = fmax(reach(a, ta), reach(b, tb));
        REQUIRE_K("args", !(w < 1000.0 * 65536 && (r->is == FXC_ERR_RANGE || r->ds == FXC_ERR_RANGE || r->cs == FXC_ERR_RANGE)),
                  "FXC_ERR_RANGE for a pair within %.0f raw of the origin", w);
    }
    /* 2. intersect vs distance */
    if (!is_err(r->is) && !is_err(r->ds))
        REQUIRE_K("agree", (r->is == FXC_SEPARATED) == (r->ds == FXC_SEPARATED), "intersect %s but distance %s",
                  fxc_status_name(r->is), fxc_status_name(r->ds));
    if (is_arg_err(r->is) || is_arg_err(r->ds) || is_arg_err(r->cs))
        REQUIRE_K("agree", r->is == r->ds && r->ds == r->cs, "argument errors differ: intersect %s, distance %s, collide %s",
                  fxc_status_name(r->is), fxc_status_name(r->ds), fxc_status_name(r->cs));
    /* 3. collide vs distance */
    if (!is_err(r->cs) && !is_err(r->ds)) {
        REQUIRE_K("collide", (r->cs == FXC_SEPARATED) == (r->ds == FXC_SEPARATED), "collide %s but distance %s",
                  fxc_status_name(r->cs), fxc_status_name(r->ds));
        REQUIRE_K("collide", r->cs != FXC_PENETRATING || r->ds == FXC_OVERLAPPING, "collide PENETRATING but distance %s",
                  fxc_status_name(r->ds));
        if (r->cs == FXC_SEPARATED || r->cs == FXC_TOUCHING)
            REQUIRE_K("collide", r->c.distance == r->d.distance, "collide %s distance %d, fxc2_distance %s %d",
                      fxc_status_name(r->cs), (int)r->c.distance, fxc_status_name(r->ds), (int)r->d.distance);
    }
    /* 4. manifold */
    if (spec >= 0 && spec <= LIMIT) {
        REQUIRE_K("manifold", r->ms == r->cs, "manifold %s, collide %s", fxc_status_name(r->ms), fxc_status_name(r->cs));
        REQUIRE_K("manifold", memcmp(&r->m.contact, &r->c, sizeof r->c) == 0 || (is_err(r->ms) && !carries_answer(r->ms)),
                  "manifold contact differs from collide's (depth %d / %d, distance %d / %d, normal (%d, %d) / (%d, %d))",
                  (int)r->m.contact.depth, (int)r->c.depth, (int)r->m.contact.distance, (int)r->c.distance,
                  (int)r->m.contact.normal.x, (int)r->m.contact.normal.y, (int)r->c.normal.x, (int)r->c.normal.y);
    }
    REQUIRE_K("manifold", r->m.count >= 0 && r->m.count <= FXC2_MANIFOLD_MAX_POINTS, "manifold count %d", r->m.count);
    if (r->m.count >= 0 && r->m.count <= FXC2_MANIFOLD_MAX_POINTS) {
        for (i = 0; i < r->m.count; i++)
            REQUIRE_K("manifold", (int64_t)r->m.point[i].separation <= (int64_t)spec + FXC_TOUCH_TOL,
                      "manifold point %d separation %d > speculative %d + FXC_TOUCH_TOL", i, (int)r->m.point[i].separation, (int)spec);
        for (i = r->m.count; i < FXC2_MANIFOLD_MAX_POINTS; i++)
            REQUIRE_K("manifold", all_zero(&r->m.point[i], sizeof r->m.point[i]), "manifold unused point %d not zero", i);
    }
}

static void check_cast_fields(const char *which, int st, const fxc2_ray_hit *h, fxc2_vec o)
{
    if (is_err(st) && !carries_answer(st)) return;
    REQUIRE_K("cast", h->fraction >= 0 && h->fraction <= FXC_ONE, "raycast %s: fraction %d with %s", which, (int)h->fraction,
              fxc_status_name(st));
    REQUIRE_K("cast", h->iterations >= 0 && h->iterations <= FXC_CAST_MAX_ITERATIONS, "raycast %s: %d iterations", which,
              h->iterations);
    if (st == FXC_SEPARATED)
        REQUIRE_K("cast", h->fraction == 0 && vzero(h->point) && vzero(h->normal),
                  "raycast %s: miss with fraction %d point (%d, %d) normal (%d, %d)", which, (int)h->fraction,
                  (int)h->point.x, (int)h->point.y, (int)h->normal.x, (int)h->normal.y);
    if (st == FXC_INSIDE)
        REQUIRE_K("cast", h->fraction == 0 && veq(h->point, o) && vzero(h->normal),
                  "raycast %s: INSIDE with fraction %d point (%d, %d) normal (%d, %d)", which, (int)h->fraction,
                  (int)h->point.x, (int)h->point.y, (int)h->normal.x, (int)h->normal.y);
}

/* fxc2_collide of b's shape and a point shape at p; -100 when p is
 * beyond int32. */
static int collide_point(const body *b, const fxc2_transform *t, int64_t px, int64_t py, fxc2_contact *c)
{
    fxc2_shape pt;
    fxc2_transform tp;
    if (px < INT32_MIN || px > INT32_MAX || py < INT32_MIN || py > INT32_MAX) return -100;
    (void)fxc2_shape_point(&pt, 0);
    (void)fxc2_transform_set(&tp, fxc2_v((fix16_t)px, (fix16_t)py), FXC_ONE, 0);
    return fxc2_collide(&b->s, t, &pt, &tp, c);
}

static int64_t along(fix16_t o, fix16_t d, int64_t g)
{
    /* o + g * d / 65536, rounded to nearest */
    int64_t p = (int64_t)d * g;
    return (int64_t)o + (p >= 0 ? (p + 32768) >> 16 : -((-p + 32768) >> 16));
}

static void check_cast(const char *which, const body *b, int st, const fxc2_ray_hit *h)
{
    fxc2_contact c;
    int cs, k;
    if (!b->usable || b->tstatus != FXC_OK) return;
    check_cast_fields(which, st, h, ray_o);
    if (is_err(st)) return;
    cs = collide_point(b, &b->t, ray_o.x, ray_o.y, &c);
    if (cs >= 0)
        REQUIRE_K("cast-inside", (st == FXC_INSIDE) == (cs == FXC_PENETRATING),
                  "raycast %s: %s, but the origin against the shape: collide %s depth %d", which, fxc_status_name(st),
                  fxc_status_name(cs), (int)c.depth);
    if ((st == FXC_HIT || st == FXC_GRAZING) && cs != FXC_PENETRATING) {
        for (k = 0; k < 4; k++) {
            int64_t g = (int64_t)h->fraction * k / 4;
            if (h->fraction - g <= 4) continue;
            cs = collide_point(b, &b->t, along(ray_o.x, ray_d.x, g), along(ray_o.y, ray_d.y, g), &c);
            if (cs < 0) continue;
            REQUIRE_K("cast-late", cs != FXC_PENETRATING,
                      "raycast %s: %s at fraction %d, but at %d/4 of it (g = %d) the ray point penetrates by %d", which,
                      fxc_status_name(st), (int)h->fraction, k, (int)g, (int)c.depth);
        }
    }
    if (st == FXC_SEPARATED) {
        /* reached[k]: at k/4 of the way the ray point touches or enters the
         * shape (collide's exact status; -1: no answer) */
        int reached[5];
        for (k = 0; k <= 4; k++) {
            int64_t g = (int64_t)FXC_ONE * k / 4;
            cs = collide_point(b, &b->t, along(ray_o.x, ray_d.x, g), along(ray_o.y, ray_d.y, g), &c);
            reached[k] = cs < 0 ? -1 : cs != FXC_SEPARATED;
            if (cs < 0) continue;
            REQUIRE_K("cast-miss", cs != FXC_PENETRATING,
                      "raycast %s: a miss, but at %d/4 of the way the ray point penetrates by %d", which, k, (int)c.depth);
        }
        /* touching at k/4: the ray reached the surface */
        for (k = 0; k <= 4; k++) {
            REQUIRE_K("cast-miss-near", reached[k] != 1,
                      "raycast %s: a miss, but at %d/4 of the way the ray point touches the surface", which, k);
        }
    }
}

static int shifted(fxc2_vec p0, fxc2_vec p1, fxc2_vec o)
{
    return veq(p1, vadd(p0, o)) || (vzero(p0) && vzero(p1));
}

static void check_translation(const results *r0, const results *r1, fxc2_vec o)
{
    int i, k;
    if (r0->is == FXC_ERR_RANGE || r1->is == FXC_ERR_RANGE || r0->ds == FXC_ERR_RANGE || r1->ds == FXC_ERR_RANGE ||
        r0->cs == FXC_ERR_RANGE || r1->cs == FXC_ERR_RANGE)
        return;
    REQUIRE_K("translation", r0->is == r1->is && r0->ds == r1->ds && r0->cs == r1->cs && r0->ms == r1->ms,
              "statuses %s %s %s %s became %s %s %s %s", fxc_status_name(r0->is), fxc_status_name(r0->ds),
              fxc_status_name(r0->cs), fxc_status_name(r0->ms), fxc_status_name(r1->is), fxc_status_name(r1->ds),
              fxc_status_name(r1->cs), fxc_status_name(r1->ms));
    REQUIRE_K("translation", r0->d.distance == r1->d.distance && veq(r0->d.normal, r1->d.normal) &&
              r0->d.iterations == r1->d.iterations && shifted(r0->d.point_a, r1->d.point_a, o) &&
              shifted(r0->d.point_b, r1->d.point_b, o),
              "distance: %d (%d, %d) pa (%d, %d) pb (%d, %d) became %d (%d, %d) pa (%d, %d) pb (%d, %d)", (int)r0->d.distance,
              (int)r0->d.normal.x, (int)r0->d.normal.y, (int)r0->d.point_a.x, (int)r0->d.point_a.y, (int)r0->d.point_b.x,
              (int)r0->d.point_b.y, (int)r1->d.distance, (int)r1->d.normal.x, (int)r1->d.normal.y, (int)r1->d.point_a.x,
              (int)r1->d.point_a.y, (int)r1->d.point_b.x, (int)r1->d.point_b.y);
    REQUIRE_K("translation", r0->c.distance == r1->c.distance && r0->c.depth == r1->c.depth && veq(r0->c.normal, r1->c.normal) &&
              r0->c.gjk_iterations == r1->c.gjk_iterations && r0->c.epa_iterations == r1->c.epa_iterations &&
              shifted(r0->c.point_a, r1->c.point_a, o) && shifted(r0->c.point_b, r1->c.point_b, o),
              "collide: distance %d depth %d normal (%d, %d) pa (%d, %d) became %d %d (%d, %d) pa (%d, %d)", (int)r0->c.distance,
              (int)r0->c.depth, (int)r0->c.normal.x, (int)r0->c.normal.y, (int)r0->c.point_a.x, (int)r0->c.point_a.y,
              (int)r1->c.distance, (int)r1->c.depth, (int)r1->c.normal.x, (int)r1->c.normal.y, (int)r1->c.point_a.x,
              (int)r1->c.point_a.y);
    REQUIRE_K("translation", veq(r0->m.normal, r1->m.normal) && r0->m.count == r1->m.count, "manifold normal / count changed");
    for (i = 0; i < FXC2_MANIFOLD_MAX_POINTS; i++) {
        const fxc2_manifold_point *p0 = &r0->m.point[i], *p1 = &r1->m.point[i];
        REQUIRE_K("translation", p0->separation == p1->separation && p0->id == p1->id && shifted(p0->point_a, p1->point_a, o) &&
                  shifted(p0->point_b, p1->point_b, o),
                  "manifold point %d: sep %d id %x pa (%d, %d) became sep %d id %x pa (%d, %d)", i, (int)p0->separation,
                  (unsigned)p0->id, (int)p0->point_a.x, (int)p0->point_a.y, (int)p1->separation, (unsigned)p1->id,
                  (int)p1->point_a.x, (int)p1->point_a.y);
    }
    for (k = 0; k < 2; k++) {
        if (r0->rs[k] == FXC_ERR_RANGE || r1->rs[k] == FXC_ERR_RANGE) continue;
        REQUIRE_K("translation", r0->rs[k] == r1->rs[k] && r0->h[k].fraction == r1->h[k].fraction &&
                  veq(r0->h[k].normal, r1->h[k].normal) && r0->h[k].iterations == r1->h[k].iterations &&
                  shifted(r0->h[k].point, r1->h[k].point, o),
                  "raycast %d: %s fraction %d point (%d, %d) became %s %d (%d, %d)", k, fxc_status_name(r0->rs[k]),
                  (int)r0->h[k].fraction, (int)r0->h[k].point.x, (int)r0->h[k].point.y, fxc_status_name(r1->rs[k]),
                  (int)r1->h[k].fraction, (int)r1->h[k].point.x, (int)r1->h[k].point.y);
    }
}

static void check_swap(const results *r0, const results *r1)
{
    double w, tol;
    const fxc2_contact *c0 = &r0->c, *c1 = &r1->c;
    if (is_err(r0->cs) || is_err(r1->cs)) {
        REQUIRE_K("swap-status", r0->cs == r1->cs || carries_answer(r0->cs) || carries_answer(r1->cs),
                  "collide(A, B) %s, collide(B, A) %s", fxc_status_name(r0->cs), fxc_status_name(r1->cs));
        return;
    }
    w = fmax(reach(&A, &A.t), reach(&B, &B.t));
    tol = 3 + w / 67108864.0;
    REQUIRE_K("swap-status", r0->cs == r1->cs, "collide(A, B) %s depth %d distance %d, collide(B, A) %s depth %d distance %d",
              fxc_status_name(r0->cs), (int)c0->depth, (int)c0->distance, fxc_status_name(r1->cs), (int)c1->depth,
              (int)c1->distance);
    REQUIRE_K("swap-value", fabs((double)c0->depth - c1->depth) <= tol && fabs((double)c0->distance - c1->distance) <= tol,
              "depth %d / %d, distance %d / %d (tolerance %.1f)", (int)c0->depth, (int)c1->depth, (int)c0->distance,
              (int)c1->distance, tol);
    if (abs64((int64_t)c0->normal.x + c1->normal.x) > SWAP_NORMAL_TOL ||
        abs64((int64_t)c0->normal.y + c1->normal.y) > SWAP_NORMAL_TOL) {
        /* a tie: both directions must be as good */
        fxc2_vec n1 = fxc2_v(-c1->normal.x, -c1->normal.y);
        double o0, o1, ttol = TIE_TOL + w / 32768.0;
        int ok = !vzero(c0->normal) && !vzero(c1->normal);
        o0 = ok ? overlap(&A, &A.t, &B, &B.t, c0->normal) : 0;
        o1 = ok ? overlap(&A, &A.t, &B, &B.t, n1) : 0;
        REQUIRE_K("swap-normal", ok && fabs(o0 - o1) <= ttol,
                  "%s: normal (%d, %d), swapped (%d, %d); overlap along them %.2f / %.2f raw (tie tolerance %.1f)",
                  fxc_status_name(r0->cs), (int)c0->normal.x, (int)c0->normal.y, (int)c1->normal.x, (int)c1->normal.y, o0, o1,
                  ttol);
    }
}

static void check_ctor(const body *b)
{
    int i;
    if (b->kind != K_RAWPOLY) {
        REQUIRE_K("ctor", b->ctor == b->ctor_expect, "%s constructor: %s, expected %s", kind_names[b->kind],
                  fxc_status_name(b->ctor), fxc_status_name(b->ctor_expect));
    }
    if (b->kind == K_RAWPOLY && b->ctor == FXC_OK) {
        /* accepted: every turn between nonzero edges left or straight-on */
        fxc2_vec e[40];
        int m = 0;
        REQUIRE_K("ctor", b->count >= 1 && b->count <= MAXV, "polygon of %d vertices accepted", b->count);
        for (i = 0; i < b->count; i++) {
            fxc2_vec p = b->v[i], q = b->v[(i + 1) % b->count];
            REQUIRE_K("ctor", pt_in_range(p), "polygon vertex %d (%d, %d) out of range accepted", i, (int)p.x, (int)p.y);
            if (!veq(p, q)) e[m++] = fxc2_v(q.x - p.x, q.y - p.y);
        }
        if (m >= 3) {
            int all_collinear = 1;
            for (i = 1; i < m; i++)
                if ((i128)e[0].x * e[i].y - (i128)e[0].y * e[i].x != 0) all_collinear = 0;
            if (!all_collinear)
                for (i = 0; i < m; i++) {
                    fxc2_vec f = e[(i + 1) % m];
                    i128 t = (i128)e[i].x * f.y - (i128)e[i].y * f.x;
                    REQUIRE_K("ctor", t > 0 || (t == 0 && (int64_t)e[i].x * f.x + (int64_t)e[i].y * f.y > 0),
                              "non-convex or clockwise polygon accepted (turn %d)", i);
                }
        }
    }
}

static void check_determinism(const results *r0, const results *r1)
{
    REQUIRE_K("determinism", memcmp(r0, r1, sizeof *r0) == 0, "a rerun with another output fill differs");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    rd r;
    results base, again, sw, tr;
    fxc2_transform ta, tb;
    fxc2_vec o, d;
    int good;

    r.p = data;
    r.n = size;
    r.i = 0;
    memset(&A, 0, sizeof A);
    memset(&B, 0, sizeof B);
    spec = 0;
    off = ray_o = ray_d = fxc2_v(0, 0);
    ray_mode = 0;
    stage = "decode";
    decode_shape(&r, &A);
    decode_transform(&r, &A, NULL);
    decode_shape(&r, &B);
    decode_transform(&r, &B, &A);
    spec = val(&r);
    off = vec2(&r);
    ray_mode = u8(&r);
    o = vec2(&r);
    d = vec2(&r);
    if (ray_mode & 1) o = vadd(o, A.t.pos);
    if (ray_mode & 2) d = vadd(d, vsub(A.t.pos, o));
    ray_o = o;
    ray_d = d;

    stage = "constructors";
    check_ctor(&A);
    check_ctor(&B);
    REQUIRE_K("transform", (A.tstatus == FXC_OK) == rot_ok(A.tc, A.ts), "A: fxc2_transform_set gave %s",
              fxc_status_name(A.tstatus));
    REQUIRE_K("transform", (B.tstatus == FXC_OK) == rot_ok(B.tc, B.ts), "B: fxc2_transform_set gave %s",
              fxc_status_name(B.tstatus));

    stage = "A,B";
    run(&A, &A.t, &B, &B.t, o, d, 0xA5, &base);
    check_one(&base, &A, &A.t, &B, &B.t, 1);
    check_cast("A", &A, base.rs[0], &base.h[0]);
    check_cast("B", &B, base.rs[1], &base.h[1]);
    stage = "A,B again";
    run(&A, &A.t, &B, &B.t, o, d, 0x00, &again);
    check_determinism(&base, &again);
    stage = "NULL arguments";
    REQUIRE_K("status", fxc2_collide(&A.s, &A.t, &B.s, &B.t, NULL) == FXC_ERR_NULL, "collide with a NULL output");
    REQUIRE_K("status", fxc2_intersect(NULL, &A.t, &B.s, &B.t) == FXC_ERR_NULL, "intersect with a NULL shape");

    good = A.usable && B.usable && A.tstatus == FXC_OK && B.tstatus == FXC_OK;
    stage = "B,A";
    run(&B, &B.t, &A, &A.t, o, d, 0x5A, &sw);
    check_one(&sw, &B, &B.t, &A, &A.t, 0);
    if (good) check_swap(&base, &sw);

    {
        /* the common offset, clamped so that both positions stay within the
         * world limit */
        int64_t lo, hi, ox = off.x, oy = off.y;
        lo = -(int64_t)FXC_WORLD_LIMIT - (A.t.pos.x < B.t.pos.x ? A.t.pos.x : B.t.pos.x);
        hi = (int64_t)FXC_WORLD_LIMIT - (A.t.pos.x > B.t.pos.x ? A.t.pos.x : B.t.pos.x);
        ox = lo <= hi ? clamp64(ox, lo, hi) : 0;
        lo = -(int64_t)FXC_WORLD_LIMIT - (A.t.pos.y < B.t.pos.y ? A.t.pos.y : B.t.pos.y);
        hi = (int64_t)FXC_WORLD_LIMIT - (A.t.pos.y > B.t.pos.y ? A.t.pos.y : B.t.pos.y);
        oy = lo <= hi ? clamp64(oy, lo, hi) : 0;
        lo = -(int64_t)FXC_WORLD_LIMIT - o.x;
        hi = (int64_t)FXC_WORLD_LIMIT - o.x;
        ox = clamp64(ox, lo, hi);
        lo = -(int64_t)FXC_WORLD_LIMIT - o.y;
        hi = (int64_t)FXC_WORLD_LIMIT - o.y;
        oy = clamp64(oy, lo, hi);
        if (!(ox == 0 && oy == 0)) {
            fxc2_vec ov = fxc2_v((fix16_t)ox, (fix16_t)oy);
            ta = A.t;
            tb = B.t;
            ta.pos = vadd(ta.pos, ov);
            tb.pos = vadd(tb.pos, ov);
            stage = "A,B translated";
            run(&A, &ta, &B, &tb, vadd(o, ov), d, 0xA5, &tr);
            check_one(&tr, &A, &ta, &B, &tb, 0);
            check_translation(&base, &tr, ov);
        }
    }

    if (getenv("FXC_FUZZ_DESCRIBE") != NULL) {
        describe_body("A", &A);
        describe_body("B", &B);
        fprintf(stderr, "  speculative %d, offset (%d, %d), ray origin (%d, %d) translation (%d, %d)\n", (int)spec, (int)off.x,
                (int)off.y, (int)o.x, (int)o.y, (int)d.x, (int)d.y);
        fprintf(stderr, "  intersect %s, distance %s %d, collide %s distance %d depth %d normal (%d, %d), manifold %s count %d, "
                "raycast A %s f %d, B %s f %d\n", fxc_status_name(base.is), fxc_status_name(base.ds), (int)base.d.distance,
                fxc_status_name(base.cs), (int)base.c.distance, (int)base.c.depth, (int)base.c.normal.x, (int)base.c.normal.y,
                fxc_status_name(base.ms), base.m.count, fxc_status_name(base.rs[0]), (int)base.h[0].fraction,
                fxc_status_name(base.rs[1]), (int)base.h[1].fraction);
    }
    return 0;
}
