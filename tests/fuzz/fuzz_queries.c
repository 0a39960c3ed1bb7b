/* libFuzzer harness for every public query of fxcollide.
 *
 * The input bytes are decoded into two shapes of any kind, each with a
 * transform and a margin; every decoded value is fed to the constructors
 * unchanged, so invalid parameters are exercised too. Then fxc_intersect,
 * fxc_distance and fxc_collide run on (A, B), on (B, A) and on the pair
 * translated by a common offset, and the invariants below are checked; a
 * violation prints the decoded input and calls abort(), which libFuzzer
 * reports as a crash.
 *
 * ---- Decoding (a read past the end yields zero bytes) --------------------
 *   byte    workspace fill pattern
 *   shape A, transform A, shape B, transform B
 *   vec     common offset for the translation check (clamped so that both
 *           positions stay in range)
 * With the environment variable FXC_FUZZ_DESCRIBE set, every input's
 * decoding and results are printed to stderr (for reproducers).
 *
 * value (a fix16_t): a tag byte t, then by t & 7:
 *   0 int8 units   1 int16 / 256 units   2 int8 raw   3 int16 raw
 *   4 int32 raw    5 special value (table below)   6 int16 * 4096 raw
 *   7 int24 raw
 *   plus a nudge of ((t >> 3) ^ 16) - 16 raw LSB (0 when t < 8), to reach
 *   every value next to a boundary.
 * vec: three values.
 * points (hull, segment, triangle, callback vertices): per point an op byte:
 *   0 new vec   1 copy of an earlier point   2 midpoint of two earlier
 *   points (collinear)   3 new (x, y) in the plane z = z of point 0.
 * shape: kind byte k: k % 10 = point, sphere, segment, capsule, triangle,
 *   box, cylinder, cone, hull, custom; k >= 240 also changes the struct
 *   after construction (type, margin, any parameter or hull vertex to any
 *   value, hull count, NULL pointers: every query checks the fields again;
 *   only memory-safe changes).
 *   Then the constructor's parameters (values) in its order, the margin
 *   last. Hull: count byte (1..64, 65..96, 0..-15, or NULL vertices),
 *   points. Custom: mode byte, seed byte, mode data, bound byte (declared
 *   bound: true bound + slack, or an arbitrary value), margin.
 * transform: mode byte m: m & 7 = identity, quaternion, axis-angle, nine
 *   raw entries, quaternion with one entry perturbed, signed permutation,
 *   diag(scale) * quaternion, rank-1 outer product; then the position (a
 *   vec), relative to A's position when m & 0x80 (B only).
 *
 * ---- Callback modes (the user support function) ------------------------
 *   honest:     vertices (max dot), ellipsoid, box of the declared bound
 *   misbehaving: vertices but the n-th call returns an arbitrary point;
 *               vertices but one octant of directions returns an arbitrary
 *               point; anti-support (min dot: deterministic but not a
 *               support function); pseudo-random points within the bound
 *               (stateful). The call counter is reset before every query,
 *               so every query is a deterministic function of its input.
 *
 * ---- Invariants ----------------------------------------------------------
 *  1. Constructors return FXC_OK iff the parameters are valid per the
 *     header; an error code must be justified by a parameter (NEGATIVE_SIZE
 *     by a negative size, ZERO_SIZE by a zero size that must be positive,
 *     RANGE by a value beyond 4096 units, ...).
 *  2. Statuses: intersect returns SEPARATED / OVERLAPPING, distance
 *     SEPARATED / TOUCHING / OVERLAPPING, collide SEPARATED / TOUCHING /
 *     PENETRATING, or a documented query error (not a constructor-only
 *     code). A query on an invalid shape, a rotation entry beyond +-2 units
 *     or a position out of range must fail; BAD_SHAPE needs an invalid
 *     shape, BAD_TRANSFORM a rotation entry beyond +-2; a callback point
 *     beyond the shape's bound during the query must give CALLBACK, and
 *     CALLBACK needs such a point or a misbehaving (inconsistent) callback:
 *     an honest callback is never blamed. A pair must fail when a point of
 *     either shape lies more than 2^FXC_RANGE_BITS units from the pair's centre
 *     or FXC_WORLD_LIMIT from the world origin (true extents, see
 *     reach_bad), or a size or margin is beyond the range. A callback never
 *     sees a zero direction, and a collide on the running query's
 *     workspace from inside a callback returns FXC_ERR_BUSY (callbacks
 *     whose seed has bit 7 set try it).
 *  3. Success results: unit normal, | |n| - 65536 | <= UNIT_TOL raw; a zero
 *     normal only from fxc_distance's OVERLAPPING and TOUCHING ("valid when
 *     it could be determined"); depth, distance >= 0; SEPARATED: distance >
 *     FXC_TOUCH_TOL (collide: depth 0); TOUCHING: distance (and depth) <=
 *     FXC_TOUCH_TOL; PENETRATING: depth > FXC_TOUCH_TOL, distance 0;
 *     OVERLAPPING: distance 0; witness points in range (fxc_v3_in_range).
 *     collide's CAPACITY / NO_CONVERGENCE come "with the best answer (all
 *     fields valid)": unit normal, points in range.
 *  4. Iterations: 0 <= gjk <= FXC_GJK_MAX_ITERATIONS, 0 <= epa <=
 *     FXC_EPA_MAX_VERTICES - 4 (or FXC_EPA_MAX_ITERATIONS where defined);
 *     support calls <= FXC_MAX_SUPPORT_CALLS where defined.
 *  5. Output fully written and deterministic: the same query run with two
 *     different fills of the output struct (and a used workspace) gives
 *     identical fields. NULL arguments give FXC_ERR_NULL.
 *  6. Translation of both shapes by one offset (both positions staying
 *     within FXC_WORLD_LIMIT): identical statuses and fields, witness
 *     points shifted by exactly the offset (bit-exact; skipped when either
 *     run is RANGE).
 *  For "honest" pairs only (every callback a true support function):
 *  7. intersect, distance and collide agree on SEPARATED; fxc_clearance
 *     with a clearance of 0 answers as intersect, and fxc_intersect_cached
 *     (its cache holding distance's normal) too, but near contact; so
 *     does a second fxc_intersect_cached with the cache the first left;
 *     where the cache's tetrahedron answered it, the answer is an overlap
 *     and the plain one too, but near contact.
 *  8. Swap A and B: same statuses (except a flip across the touching band
 *     when both contacts are within FXC_TOUCH_TOL + SWAP_TOL of contact:
 *     the values are only good to SWAP_TOL, see band_flip; and
 *     FXC_ERR_CAPACITY / NO_CONVERGENCE against a converged contact, see
 *     capacity_flip, and GJK's cap in one order when the other order
 *     needed nearly as many iterations, see gjk_cap_near); depth and
 *     distance within SWAP_TOL raw, plus twice GJK's tilt allowance far
 *     from the origin (sqrt(3) W / 2^25 raw: nothing below 2^20 raw);
 *     normals negated: for SEPARATED with distance d > WELL_DEFINED
 *     within 4 + 2 * 65536 * (sqrt(2 E / d) + E / d) raw per component (E =
 *     SWAP_TOL; a distance within E of the minimum admits directions
 *     within sqrt(2 E / d) radians of the true one). PENETRATING normals
 *     are not compared directly, since several directions can be equally
 *     deep (identical boxes, a point at a cylinder's centre); each normal
 *     is judged by check 9 instead.
 *  9. Reference (double-precision support functions of the same shapes):
 *     own normal, for pairs whose support points are exact (polytope cores
 *     under signed-permutation rotations): the overlap of A - B along the
 *     reported normal equals the signed depth within REF_TOL + 2^-15 * W
 *     raw (W: radius of A - B around the origin; 2^-15 * W covers the
 *     Q16.16 rounding of the unit normal). Minimality, all pairs: the
 *     depth is at most the overlap along any of ~20 candidate directions
 *     (axes, centre line, box face normals), the distance at least the gap
 *     along any of them, within REF_TOL + 0.87 |R|_F per shape + 1 (the
 *     rounding of rotated support points).
 * 10. The manifold (speculative distance MANIFOLD_SPEC) answers as
 *     fxc_collide: the same status and contact, bit for bit; 1 to 4
 *     points when the pair is within the speculative distance plus the
 *     touching band, none beyond it; in range, the deepest first, none
 *     separated by more than MANIFOLD_SPEC + FXC_TOUCH_TOL (checks 5 and 6
 *     cover its fields too).
 * 11. Casts (fxc_shapecast of B along a move decoded after the offset, or
 *     through A's position when the input ends there; fxc_raycast from B's
 *     position along the same move): a documented status; fraction within
 *     [0, 1], steps within FXC_CAST_MAX_ITERATIONS; FXC_ERR_RANGE only when
 *     the end pose is out of range; overlapping at the start exactly when
 *     fxc_collide says PENETRATING, with its depth. Honest pairs also: never
 *     late, so at a quarter, half and three quarters of the way to the
 *     fraction returned (the whole move for a miss) fxc_collide finds no
 *     penetration beyond CAST_SLACK; at a hit, fxc_distance at the
 *     fraction is within FXC_CAST_TOL + CAST_SLACK plus the fraction's
 *     rounding.
 * 12. A hull prepared (fxc_hull_prepare, fxc_shape_hull_graph) answers
 *     as the plain one, bit for bit: every query's status and results
 *     (check_same), whenever both bodies that are valid hulls can be
 *     prepared.
 * 13. The turning cast (fxc_shapecast_motion, a motion decoded after the
 *     casts' move): a documented status (FXC_ERR_ZERO_SIZE only for a zero
 *     axis with a nonzero angle); fraction within [0, 1], steps within
 *     4 FXC_CAST_MAX_ITERATIONS; for honest pairs, overlapping at the start
 *     exactly when fxc_collide says PENETRATING (unless the motion itself
 *     is refused), with its depth.
 *
 * ---- Waivers -------------------------------------------------------------
 * FXC_FUZZ_WAIVE=key,... skips the checks of known findings while
 * exploring: epa-iter, gjk-cap, gjk-stall, cache, swap-status, swap-value, swap-normal,
 * agree, callback, ref-normal, ref-min; hull-intmin keeps INT32_MIN out of
 * hull vertices. Default: everything enforced.
 */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fxcollide.h"
#include "fuzz_bytes.h"

#define LIMIT FXC_RAW_LIMIT
#define CB_MAX_VERTS 8
#define UNIT_TOL 4       /* raw LSB on the length of a unit normal */
#define SWAP_TOL 8       /* raw LSB: |depth(A,B) - depth(B,A)|, same for distance */
#define WELL_DEFINED 16  /* raw LSB: SEPARATED normals compared on swap above this */
#define REF_TOL 8        /* raw LSB: reference consistency */
/* EPA iteration cap: FXC_EPA_MAX_VERTICES - 4 as fxc_config.h documents it
 * at 52d00c3, or FXC_EPA_MAX_ITERATIONS where defined. */
#ifdef FXC_EPA_MAX_ITERATIONS
#define EPA_CAP FXC_EPA_MAX_ITERATIONS
#else
#define EPA_CAP (FXC_EPA_MAX_VERTICES - 4)
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
static void fail(int line, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));

/* The workspace of every collide, and whether one is running (the busy
 * probe of cb_support). */
static fxc_workspace ws;
static int in_collide;

/* The library's FXC_ASSERT hook: a "cannot happen" path was reached. */
void fxc_assert_failed(const char *file, int line)
{
    fail(line, "FXC_ASSERT failed in %s", file);
}

/* ---- Values (the byte reader and the decoder: fuzz_bytes.h) ------------ */

static const int32_t specials[] = {
    FUZZ_SPECIALS
};
#define N_SPECIALS ((int)(sizeof specials / sizeof specials[0]))

static fix16_t val(rd *r)
{
    return fuzz_value(r, specials, N_SPECIALS);
}

static fxc_vec3 vec(rd *r)
{
    fxc_vec3 v;
    v.x = val(r);
    v.y = val(r);
    v.z = val(r);
    return v;
}

static int32_t sat32(int64_t v) { return v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : (int32_t)v; }
static int32_t clamp32(int32_t v, int32_t lo, int32_t hi) { return v < lo ? lo : v > hi ? hi : v; }
static int in_range1(fix16_t v) { return v >= -LIMIT && v <= LIMIT; }
static int in_range3(fxc_vec3 p) { return in_range1(p.x) && in_range1(p.y) && in_range1(p.z); }
/* A result point of a shape within the world limit (plus its rounding). */
static int in_world1(fix16_t v) { return v >= -FXC_WORLD_LIMIT - 64 && v <= FXC_WORLD_LIMIT + 64; }
static int in_world3(fxc_vec3 p) { return in_world1(p.x) && in_world1(p.y) && in_world1(p.z); }
static int64_t abs64(int64_t v) { return v < 0 ? -v : v; }

static void decode_points(rd *r, fxc_vec3 *v, int n)
{
    int i;
    for (i = 0; i < n; i++) {
        int op = u8(r) % 4;
        if (i == 0 && op != 3) op = 0;
        switch (op) {
        case 0: v[i] = vec(r); break;
        case 1: v[i] = v[u8(r) % i]; break;
        case 2: {
            fxc_vec3 a = v[u8(r) % i], c = v[u8(r) % i];
            v[i].x = (fix16_t)(((int64_t)a.x + c.x) >> 1);
            v[i].y = (fix16_t)(((int64_t)a.y + c.y) >> 1);
            v[i].z = (fix16_t)(((int64_t)a.z + c.z) >> 1);
            break;
        }
        default:
            v[i].x = val(r);
            v[i].y = val(r);
            v[i].z = i > 0 ? v[0].z : 0;
            break;
        }
    }
}

/* ---- Shapes ----------------------------------------------------------------- */
enum { K_POINT, K_SPHERE, K_SEGMENT, K_CAPSULE, K_TRIANGLE, K_BOX, K_CYLINDER, K_CONE, K_HULL, K_CUSTOM, K_COUNT };
static const char *kind_names[K_COUNT] = { "point", "sphere", "segment", "capsule", "triangle",
                                           "box", "cylinder", "cone", "hull", "custom" };

enum { CB_HULL, CB_ELLIPSOID, CB_BOX, CB_BAD_CALL, CB_BAD_DIR, CB_ANTI, CB_RANDOM, CB_COUNT };
static const char *cb_names[CB_COUNT] = { "vertices", "ellipsoid", "bound-box", "bad-on-call-n",
                                          "bad-in-octant", "anti-support", "random" };

typedef struct {
    int mode;
    fxc_vec3 v[CB_MAX_VERTS];
    int n;
    fix16_t er[3];           /* ellipsoid radii, raw, 0..LIMIT */
    fix16_t bound0;          /* declared bound at construction */
    int64_t true_bound;      /* max |coordinate| an honest mode returns */
    fxc_vec3 bad;            /* point returned by the misbehaving modes */
    unsigned trigger;        /* call number or direction octant */
    uint32_t seed;
    const fxc_shape *shape;  /* its bound is what the library checks */
    unsigned calls;          /* since the last reset (one query) */
    int violated;            /* returned a point beyond shape->bound since the reset */
} cb_user;

static fxc_vec3 points_support(const fxc_vec3 *v, int n, fxc_vec3 d, int sign)
{
    int64_t best = 0;
    int i, k = 0;
    for (i = 0; i < n; i++) {
        int64_t t = sign * ((int64_t)d.x * v[i].x + (int64_t)d.y * v[i].y + (int64_t)d.z * v[i].z);
        if (i == 0 || t > best) { best = t; k = i; }
    }
    return v[k];
}

static fxc_vec3 cb_support(fxc_vec3 d, void *user)
{
    cb_user *u = (cb_user *)user;
    unsigned call = u->calls++;
    fxc_vec3 p = fxc_v3(0, 0, 0);
    fix16_t b = u->shape->u.custom.bound;
    /* the header promises a nonzero direction */
    if (d.x == 0 && d.y == 0 && d.z == 0) fail(__LINE__, "a support callback was given a zero direction");
    switch (u->mode) {
    case CB_HULL: case CB_BAD_CALL: case CB_BAD_DIR:
        p = points_support(u->v, u->n, d, 1);
        break;
    case CB_ANTI:
        p = points_support(u->v, u->n, d, -1);
        break;
    case CB_ELLIPSOID: {
        double t[3], s = 0;
        int i;
        double dd[3] = { d.x, d.y, d.z }, er[3] = { u->er[0], u->er[1], u->er[2] };
        fix16_t c[3];
        for (i = 0; i < 3; i++) {
            t[i] = er[i] * er[i] * dd[i];
            s += t[i] * dd[i];
        }
        for (i = 0; i < 3; i++) {
            double x = s > 0 ? t[i] / sqrt(s) : 0;
            if (x > er[i]) x = er[i];
            if (x < -er[i]) x = -er[i];
            c[i] = (fix16_t)llround(x);
        }
        p = fxc_v3(c[0], c[1], c[2]);
        break;
    }
    case CB_BOX:
        p.x = d.x >= 0 ? u->bound0 : -u->bound0;
        p.y = d.y >= 0 ? u->bound0 : -u->bound0;
        p.z = d.z >= 0 ? u->bound0 : -u->bound0;
        break;
    default: { /* CB_RANDOM: within the bound, different on every call */
        uint64_t h = u->seed * 0x9E3779B97F4A7C15ull + call * 0xBF58476D1CE4E5B9ull;
        uint64_t span = (uint64_t)u->bound0 * 2 + 1;
        h ^= (uint64_t)(uint32_t)d.x * 0x94D049BB133111EBull ^ (uint64_t)(uint32_t)d.y * 31 ^ (uint32_t)d.z;
        h ^= h >> 29; h *= 0xBF58476D1CE4E5B9ull; h ^= h >> 32;
        p.x = (fix16_t)((int64_t)(h % span) - u->bound0);
        h = h * 0x9E3779B97F4A7C15ull + 1; h ^= h >> 31;
        p.y = (fix16_t)((int64_t)(h % span) - u->bound0);
        h = h * 0x9E3779B97F4A7C15ull + 1; h ^= h >> 31;
        p.z = (fix16_t)((int64_t)(h % span) - u->bound0);
        break;
    }
    }
    if ((u->seed & 0x80) && in_collide && call == 0) {
        /* a query on the caller's workspace from inside the callback */
        fxc_shape pt;
        fxc_transform t0;
        fxc_contact c;
        int st;
        (void)fxc_shape_point(&pt, FXC_ONE);
        (void)fxc_transform_set(&t0, NULL, fxc_v3(0, 0, 0));
        st = fxc_collide(&pt, &t0, &pt, &t0, &ws, &c);
        if (st != FXC_ERR_BUSY) fail(__LINE__, "collide on a busy workspace returned %s", fxc_status_name(st));
    }
    if (u->mode == CB_BAD_CALL && call == u->trigger) p = u->bad;
    if (u->mode == CB_BAD_DIR && (unsigned)((d.x > 0) | (d.y > 0) << 1 | (d.z > 0) << 2) == u->trigger) p = u->bad;
    if (p.x > b || p.x < -b || p.y > b || p.y < -b || p.z > b || p.z < -b) u->violated = 1;
    return p;
}

typedef struct {
    int kind;
    fix16_t prm[4];          /* scalar parameters, constructor order, margin last */
    int nprm;
    int ctor_status;
    unsigned allowed;        /* constructor errors justified by the parameters (bit -status) */
    int corrupt;             /* 0 none, else 1 + corruption kind */
    int built_type;          /* the type the constructor wrote */
    int valid;               /* usable per the header after construction and corruption */
    int honest;              /* a true support function (consistency invariants apply) */
    fxc_shape s;
    fxc_vec3 *verts;         /* hull vertices, malloc'd with the exact count */
    int count;               /* hull count passed to the constructor */
    int null_verts;
    int fn_null;
    cb_user cb;
    int rot_mode;
    fxc_transform t;
    int rot_bad;
    double ext[3];           /* world half-extent of the core about pos, per axis, raw */
    int exact;               /* polytope core and signed-permutation rotation: support points exact */
} body;

#define EB(st) (1u << (unsigned)(-(st)))

static void size_param(body *b, fix16_t v, int zero_ok)
{
    b->prm[b->nprm++] = v;
    if (v < 0) b->allowed |= EB(FXC_ERR_NEGATIVE_SIZE);
    else if (v == 0 && !zero_ok) b->allowed |= EB(FXC_ERR_ZERO_SIZE);
    else if (v > LIMIT) b->allowed |= EB(FXC_ERR_RANGE);
}

static void point_param(body *b, fxc_vec3 p)
{
    if (!in_range3(p)) b->allowed |= EB(FXC_ERR_RANGE);
}

static int64_t vec_bound(fxc_vec3 p)
{
    int64_t m = abs64(p.x);
    if (abs64(p.y) > m) m = abs64(p.y);
    if (abs64(p.z) > m) m = abs64(p.z);
    return m;
}

static void decode_custom(rd *r, body *b)
{
    cb_user *u = &b->cb;
    uint8_t bb;
    int i;
    memset(u, 0, sizeof *u);
    u->mode = u8(r) % CB_COUNT;
    u->seed = u8(r);
    b->fn_null = u->seed == 0xFF;
    if (u->mode == CB_ELLIPSOID) {
        for (i = 0; i < 3; i++) {
            int64_t e = abs64(val(r));
            u->er[i] = (fix16_t)(e > LIMIT ? LIMIT : e);
            if (u->er[i] > u->true_bound) u->true_bound = u->er[i];
        }
    } else if (u->mode != CB_BOX) {
        u->n = 1 + u8(r) % CB_MAX_VERTS;
        decode_points(r, u->v, u->n);
        for (i = 0; i < u->n; i++)
            if (vec_bound(u->v[i]) > u->true_bound) u->true_bound = vec_bound(u->v[i]);
    }
    if (u->mode == CB_BAD_CALL || u->mode == CB_BAD_DIR) {
        u->bad = vec(r);
        u->trigger = u8(r);
        u->trigger = u->mode == CB_BAD_CALL ? u->trigger % 64 : u->trigger & 7;
    }
    bb = u8(r);
    if (bb & 1) u->bound0 = val(r);
    else u->bound0 = (fix16_t)(u->true_bound + (bb >> 1) > INT32_MAX ? INT32_MAX : u->true_bound + (bb >> 1));
    if (u->mode == CB_BOX) u->true_bound = u->bound0 < 0 ? 0 : u->bound0;
    u->shape = &b->s;
    if (b->fn_null) b->allowed |= EB(FXC_ERR_NULL);
    size_param(b, u->bound0, 1);
    size_param(b, val(r), 1);
    b->ctor_status = fxc_shape_custom(&b->s, b->fn_null ? NULL : cb_support, u, u->bound0, b->prm[1]);
    b->honest = (u->mode == CB_HULL || u->mode == CB_ELLIPSOID || u->mode == CB_BOX) && u->true_bound <= u->bound0;
}

static void decode_hull(rd *r, body *b)
{
    uint8_t c = u8(r);
    int n, i;
    if (c < 192) b->count = 1 + c % 64;
    else if (c < 224) b->count = FXC_HULL_MAX_VERTICES + 1 + (c - 192);
    else if (c < 240) b->count = -(c - 224);
    else { b->count = 1 + (c - 240); b->null_verts = 1; }
    n = b->count > 0 ? b->count : 0;
    if (!b->null_verts) {
        b->verts = (fxc_vec3 *)malloc(sizeof(fxc_vec3) * (size_t)(n > 0 ? n : 1));
        if (b->verts == NULL) abort();
        memset(b->verts, 0, sizeof(fxc_vec3) * (size_t)(n > 0 ? n : 1));
        decode_points(r, b->verts, n > FXC_HULL_MAX_VERTICES ? FXC_HULL_MAX_VERTICES : n);
        for (i = 0; i < n; i++) {
            if (waived("hull-intmin")) {
                /* keep clear of the known INT32_MIN overflow in fxc_shape_hull */
                if (b->verts[i].x == INT32_MIN) b->verts[i].x++;
                if (b->verts[i].y == INT32_MIN) b->verts[i].y++;
                if (b->verts[i].z == INT32_MIN) b->verts[i].z++;
            }
            point_param(b, b->verts[i]);
        }
    } else {
        b->allowed |= EB(FXC_ERR_NULL);
    }
    if (b->count <= 0) b->allowed |= EB(FXC_ERR_EMPTY_HULL);
    if (b->count > FXC_HULL_MAX_VERTICES) b->allowed |= EB(FXC_ERR_TOO_MANY_VERTICES);
    size_param(b, val(r), 1);
    b->ctor_status = fxc_shape_hull(&b->s, b->verts, b->count, b->prm[0]);
}

/* The header's validity of a (possibly corrupted) shape struct: the
 * constructors' rules on its fields as they are now (range aside: a shape
 * reaching too far gets FXC_ERR_RANGE, see reach_bad). */
static int struct_valid(const body *b)
{
    const fxc_shape *s = &b->s;
    int t = (int)s->type;
    /* a type changed after construction, even to another valid one, no
     * longer matches the code the constructor chose for the shape */
    if (t < FXC_SHAPE_POINT || t > FXC_SHAPE_CUSTOM || t != b->built_type) return 0;
    if (s->margin < 0) return 0;
    switch (t) {
    case FXC_SHAPE_BOX: return s->u.box.half.x > 0 && s->u.box.half.y > 0 && s->u.box.half.z > 0;
    case FXC_SHAPE_CYLINDER: case FXC_SHAPE_CONE: return s->u.cylinder.radius > 0 && s->u.cylinder.half_height > 0;
    case FXC_SHAPE_HULL: return s->u.hull.vertices != NULL && s->u.hull.count >= 1 && s->u.hull.count <= FXC_HULL_MAX_VERTICES;
    case FXC_SHAPE_CUSTOM: return s->u.custom.fn != NULL && s->u.custom.bound >= 0;
    default: return 1;
    }
}

/* Largest |local coordinate| of the core's defining points, and whether
 * it or the margin is beyond the range (an error the query must give). */
static int64_t core_reach(const fxc_shape *s)
{
    int64_t m = 0;
    int i;
    switch ((int)s->type) {
    case FXC_SHAPE_SEGMENT: m = vec_bound(s->u.segment.a); if (vec_bound(s->u.segment.b) > m) m = vec_bound(s->u.segment.b); break;
    case FXC_SHAPE_TRIANGLE: for (i = 0; i < 3; i++) if (vec_bound(s->u.triangle.v[i]) > m) m = vec_bound(s->u.triangle.v[i]); break;
    case FXC_SHAPE_BOX: m = vec_bound(s->u.box.half); break;
    case FXC_SHAPE_CYLINDER: case FXC_SHAPE_CONE:
        m = abs64(s->u.cylinder.radius) > abs64(s->u.cylinder.half_height) ? abs64(s->u.cylinder.radius) : abs64(s->u.cylinder.half_height);
        break;
    case FXC_SHAPE_HULL: for (i = 0; i < s->u.hull.count; i++) if (vec_bound(s->u.hull.vertices[i]) > m) m = vec_bound(s->u.hull.vertices[i]); break;
    case FXC_SHAPE_CUSTOM: m = abs64(s->u.custom.bound); break;
    default: break;
    }
    return m;
}

static fix16_t *comp(fxc_vec3 *v, unsigned i) { return i % 3 == 0 ? &v->x : i % 3 == 1 ? &v->y : &v->z; }

/* A parameter of the shape's type, by number k (NULL if it has none). */
static fix16_t *param_field(fxc_shape *s, unsigned k)
{
    switch ((int)s->type) {
    case FXC_SHAPE_SEGMENT: return comp(k & 8 ? &s->u.segment.b : &s->u.segment.a, k);
    case FXC_SHAPE_TRIANGLE: return comp(&s->u.triangle.v[(k >> 2) % 3], k);
    case FXC_SHAPE_BOX: return comp(&s->u.box.half, k);
    case FXC_SHAPE_CYLINDER: case FXC_SHAPE_CONE: return k & 1 ? &s->u.cylinder.radius : &s->u.cylinder.half_height;
    case FXC_SHAPE_CUSTOM: return &s->u.custom.bound;
    default: return NULL;
    }
}

/* Changes after construction: to any field, valid or not (the queries
 * check the fields again), memory safe (a hull count only shrinks). */
static void corrupt_shape(rd *r, body *b)
{
    static const int bad_types[] = { 0, 9, 10, -1, 0x7FFFFFFF, INT32_MIN, FXC_SHAPE_BOX, FXC_SHAPE_CYLINDER };
    uint8_t c = u8(r);
    fxc_shape *s = &b->s;
    b->corrupt = 1 + c % 4;
    switch (c % 4) {
    case 0: s->type = (fxc_shape_type)bad_types[u8(r) % 8]; break;
    case 1: s->margin = val(r); break;
    case 2: {
        unsigned k = u8(r);
        fix16_t *f = param_field(s, k);
        if (s->type == FXC_SHAPE_HULL && s->u.hull.count > 0 && s->u.hull.vertices == b->verts)
            f = comp(&b->verts[k % (unsigned)s->u.hull.count], k >> 6);
        if (f != NULL) *f = val(r);
        break;
    }
    default:
        if (s->type == FXC_SHAPE_HULL) {
            uint8_t k = u8(r);
            if (k & 1) s->u.hull.vertices = NULL;
            else if (k & 2) s->u.hull.count = FXC_HULL_MAX_VERTICES + 1 + (k >> 2);
            else if (s->u.hull.count > 0) s->u.hull.count = (int)(k >> 2) % (s->u.hull.count + 1) - (k >> 7);
        } else if (s->type == FXC_SHAPE_CUSTOM) {
            s->u.custom.fn = NULL;
        } else {
            s->type = (fxc_shape_type)0;
        }
        break;
    }
}

static void decode_shape(rd *r, body *b)
{
    uint8_t k = u8(r);
    fxc_vec3 pt[3];
    memset(&b->s, 0xA5, sizeof b->s);
    b->kind = k % K_COUNT;
    switch (b->kind) {
    case K_POINT:
        size_param(b, val(r), 1);
        b->ctor_status = fxc_shape_point(&b->s, b->prm[0]);
        break;
    case K_SPHERE:
        size_param(b, val(r), 0);
        b->ctor_status = fxc_shape_sphere(&b->s, b->prm[0]);
        break;
    case K_SEGMENT:
        decode_points(r, pt, 2);
        point_param(b, pt[0]);
        point_param(b, pt[1]);
        size_param(b, val(r), 1);
        b->ctor_status = fxc_shape_segment(&b->s, pt[0], pt[1], b->prm[0]);
        break;
    case K_CAPSULE:
        size_param(b, val(r), 0);
        size_param(b, val(r), 0);
        b->ctor_status = fxc_shape_capsule(&b->s, b->prm[0], b->prm[1]);
        break;
    case K_TRIANGLE:
        decode_points(r, pt, 3);
        point_param(b, pt[0]);
        point_param(b, pt[1]);
        point_param(b, pt[2]);
        size_param(b, val(r), 1);
        b->ctor_status = fxc_shape_triangle(&b->s, pt[0], pt[1], pt[2], b->prm[0]);
        break;
    case K_BOX:
        size_param(b, val(r), 0);
        size_param(b, val(r), 0);
        size_param(b, val(r), 0);
        size_param(b, val(r), 1);
        b->ctor_status = fxc_shape_box(&b->s, fxc_v3(b->prm[0], b->prm[1], b->prm[2]), b->prm[3]);
        break;
    case K_CYLINDER:
    case K_CONE:
        size_param(b, val(r), 0);
        size_param(b, val(r), 0);
        size_param(b, val(r), 1);
        b->ctor_status = b->kind == K_CYLINDER ? fxc_shape_cylinder(&b->s, b->prm[0], b->prm[1], b->prm[2])
                                               : fxc_shape_cone(&b->s, b->prm[0], b->prm[1], b->prm[2]);
        break;
    case K_HULL:
        decode_hull(r, b);
        break;
    default:
        decode_custom(r, b);
        break;
    }
    if (b->kind != K_CUSTOM) b->honest = 1;
    b->built_type = (int)b->s.type;
    if (k >= 240) corrupt_shape(r, b);
    b->valid = b->ctor_status == FXC_OK && struct_valid(b);
    /* a callback is honest only within the bound the struct declares now
     * (a corruption may have lowered it below the callback's points) */
    if (b->kind == K_CUSTOM && b->s.type == FXC_SHAPE_CUSTOM && b->cb.true_bound > b->s.u.custom.bound) b->honest = 0;
}

/* ---- Transforms ------------------------------------------------------------- */
static fix16_t clamp2(fix16_t v) { return clamp32(v, -2 * FXC_ONE, 2 * FXC_ONE); }

static void quat_rot(rd *r, fxc_mat3 *m)
{
    fxc_quat q;
    q.w = val(r); q.x = val(r); q.y = val(r); q.z = val(r);
    (void)fxc_mat3_from_quat(q, m);
}

static void decode_transform(rd *r, body *b, const body *a)
{
    uint8_t mode = u8(r);
    fxc_mat3 *m = &b->t.rot;
    int i, j;
    b->rot_mode = mode;
    switch (mode & 7) {
    case 0:
        fxc_mat3_identity(m);
        break;
    case 1:
        quat_rot(r, m);
        break;
    case 2: {
        fxc_vec3 ax = vec(r);
        fix16_t ang = val(r);
        ax = fxc_v3(clamp32(ax.x, -LIMIT, LIMIT), clamp32(ax.y, -LIMIT, LIMIT), clamp32(ax.z, -LIMIT, LIMIT));
        (void)fxc_mat3_from_axis_angle(ax, ang, m);
        break;
    }
    case 3:
        for (i = 0; i < 3; i++)
            for (j = 0; j < 3; j++) m->m[i][j] = val(r);
        break;
    case 4: {
        uint8_t k;
        quat_rot(r, m);
        k = u8(r) % 9;
        m->m[k / 3][k % 3] += (int16_t)u16(r);
        break;
    }
    case 5: {
        static const int perm[6][3] = { { 0, 1, 2 }, { 0, 2, 1 }, { 1, 0, 2 }, { 1, 2, 0 }, { 2, 0, 1 }, { 2, 1, 0 } };
        uint8_t p = u8(r), sg = u8(r);
        memset(m, 0, sizeof *m);
        for (i = 0; i < 3; i++) m->m[i][perm[p % 6][i]] = (sg >> i) & 1 ? -FXC_ONE : FXC_ONE;
        break;
    }
    case 6: {
        fxc_mat3 d, q;
        memset(&d, 0, sizeof d);
        for (i = 0; i < 3; i++) d.m[i][i] = clamp2(val(r));
        quat_rot(r, &q);
        fxc_mat3_mul(&d, &q, m);
        break;
    }
    default: {
        fxc_vec3 u = vec(r), v = vec(r);
        fix16_t uu[3] = { clamp2(u.x), clamp2(u.y), clamp2(u.z) }, vv[3] = { clamp2(v.x), clamp2(v.y), clamp2(v.z) };
        for (i = 0; i < 3; i++)
            for (j = 0; j < 3; j++) m->m[i][j] = (fix16_t)(((int64_t)uu[i] * vv[j] + 0x8000) >> 16);
        break;
    }
    }
    b->t.pos = vec(r);
    if ((mode & 0x80) && a != NULL)
        b->t.pos = fxc_v3(sat32((int64_t)a->t.pos.x + b->t.pos.x), sat32((int64_t)a->t.pos.y + b->t.pos.y),
                          sat32((int64_t)a->t.pos.z + b->t.pos.z));
    b->rot_bad = 0;
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++)
            if (m->m[i][j] > 2 * FXC_ONE || m->m[i][j] < -2 * FXC_ONE) b->rot_bad = 1;
}

/* ---- Reference geometry (double, raw LSB units) --------------------------- */
static double dot3(const double *a, const double *b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
static void v3d(fxc_vec3 v, double *o) { o[0] = v.x; o[1] = v.y; o[2] = v.z; }

/* Support height of the core along a local direction d. */
static double core_support(const body *b, const double *d)
{
    const fxc_shape *s = &b->s;
    double best = 0, p[3], rxy;
    int i;
    switch ((int)s->type) {
    case FXC_SHAPE_POINT: return 0;
    case FXC_SHAPE_SEGMENT: {
        double x, y;
        v3d(s->u.segment.a, p); x = dot3(p, d);
        v3d(s->u.segment.b, p); y = dot3(p, d);
        return x > y ? x : y;
    }
    case FXC_SHAPE_TRIANGLE:
        for (i = 0; i < 3; i++) {
            double x;
            v3d(s->u.triangle.v[i], p);
            x = dot3(p, d);
            if (i == 0 || x > best) best = x;
        }
        return best;
    case FXC_SHAPE_BOX:
        return fabs(d[0]) * s->u.box.half.x + fabs(d[1]) * s->u.box.half.y + fabs(d[2]) * s->u.box.half.z;
    case FXC_SHAPE_CYLINDER:
        rxy = sqrt(d[0] * d[0] + d[1] * d[1]);
        return s->u.cylinder.radius * rxy + s->u.cylinder.half_height * fabs(d[2]);
    case FXC_SHAPE_CONE: {
        double apex = s->u.cone.half_height * d[2], base;
        rxy = sqrt(d[0] * d[0] + d[1] * d[1]);
        base = -s->u.cone.half_height * d[2] + s->u.cone.radius * rxy;
        return apex > base ? apex : base;
    }
    case FXC_SHAPE_HULL:
        for (i = 0; i < s->u.hull.count; i++) {
            double x;
            v3d(s->u.hull.vertices[i], p);
            x = dot3(p, d);
            if (i == 0 || x > best) best = x;
        }
        return best;
    default: {
        const cb_user *u = &b->cb;
        if (u->mode == CB_ELLIPSOID) {
            double a = (double)u->er[0] * d[0], c = (double)u->er[1] * d[1], e = (double)u->er[2] * d[2];
            return sqrt(a * a + c * c + e * e);
        }
        if (u->mode == CB_BOX) return (fabs(d[0]) + fabs(d[1]) + fabs(d[2])) * u->bound0;
        for (i = 0; i < u->n; i++) {
            double x;
            v3d(u->v[i], p);
            x = dot3(p, d);
            if (i == 0 || x > best) best = x;
        }
        return best;
    }
    }
}

/* World support height of a body along unit n: pos.n + core(R^T n) + margin. */
static double body_support(const body *b, const double *n)
{
    double d[3], pos[3];
    int i;
    for (i = 0; i < 3; i++)
        d[i] = (b->t.rot.m[0][i] * n[0] + b->t.rot.m[1][i] * n[1] + b->t.rot.m[2][i] * n[2]) / 65536.0;
    v3d(b->t.pos, pos);
    return dot3(pos, n) + core_support(b, d) + b->s.margin;
}

/* Overlap of A - B along unit n (positive: overlapping by that much). */
static double overlap(const body *a, const body *b, const double *n)
{
    double m[3] = { -n[0], -n[1], -n[2] };
    return body_support(a, n) + body_support(b, m);
}

/* Support points are computed exactly (no rounding) for polytope cores
 * under a signed permutation: then GJK and EPA work on the exact Minkowski
 * difference and their normals are exact feature normals. */
static int body_exact(const body *b)
{
    int i, j, nz;
    int k = b->kind;
    if (k == K_CYLINDER || k == K_CONE) return 0;
    if (k == K_CUSTOM && b->cb.mode != CB_HULL && b->cb.mode != CB_BOX) return 0;
    for (i = 0; i < 3; i++) {
        for (j = nz = 0; j < 3; j++) {
            fix16_t e = b->t.rot.m[i][j];
            if (e != 0 && e != FXC_ONE && e != -FXC_ONE) return 0;
            nz += e != 0;
        }
        if (nz != 1) return 0;
    }
    for (j = 0; j < 3; j++) {
        for (i = nz = 0; i < 3; i++) nz += b->t.rot.m[i][j] != 0;
        if (nz != 1) return 0;
    }
    return 1;
}

/* Frobenius norm of a rotation, in units. */
static double frob(const body *b)
{
    double s2 = 0;
    int i, j;
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) s2 += ((double)b->t.rot.m[i][j] / 65536.0) * ((double)b->t.rot.m[i][j] / 65536.0);
    return sqrt(s2);
}

/* World half-extent of the core about pos, per axis (raw): the larger
 * support height along +axis and -axis. Custom shapes: the bound box, the
 * most the library can assume. */
static void extents(body *b)
{
    int i, k;
    for (i = 0; i < 3; i++) {
        double d[3], dm[3], neg;
        b->ext[i] = 0;
        if (!b->valid) continue;
        for (k = 0; k < 3; k++) {
            d[k] = b->t.rot.m[i][k] / 65536.0;
            dm[k] = -d[k];
        }
        if (b->s.type == FXC_SHAPE_CUSTOM) {
            b->ext[i] = (fabs(d[0]) + fabs(d[1]) + fabs(d[2])) * b->s.u.custom.bound;
            continue;
        }
        b->ext[i] = core_support(b, d);
        neg = core_support(b, dm);
        if (neg > b->ext[i]) b->ext[i] = neg;
    }
}

/* Invariant 12: b's shape, when a valid hull, prepared into g. Returns 1
 * when it was (the copy then answers through its graph). */
static int prepared_copy(const body *b, fxc_hull_graph *g, body *copy)
{
    fxc_shape s;
    *copy = *b;
    if (!b->valid || b->s.type != FXC_SHAPE_HULL) return 0;
    if (fxc_hull_prepare(g, b->s.u.hull.vertices, b->s.u.hull.count) != FXC_OK) return 0;
    if (fxc_shape_hull_graph(&s, g, b->s.margin) != FXC_OK) return 0;
    copy->s = s;
    return 1;
}

/* ---- Queries and results ---------------------------------------------------- */
typedef struct {
    int is, ds, cs;
    int viol_is, viol_ds, viol_cs;
    fxc_distance_result d;
    fxc_contact c;
    int clear0;   /* fxc_clearance with a clearance of 0 */
    int cached;   /* fxc_intersect_cached, the cache holding distance's normal */
    int cached2;  /* the same again, with the cache the first call left */
    int warm;     /* the second call answered by the cache's tetrahedron */
    int ms;       /* fxc_manifold with a speculative distance of MANIFOLD_SPEC */
    fxc_contact_manifold m;
} results;

/* The manifold's speculative distance in the fuzzed queries: 1/16 unit. */
#define MANIFOLD_SPEC 4096

static body A, B;
static const char *stage = "";
static fxc_hull_graph graph_a, graph_b;

static void reset_cb(void)
{
    A.cb.calls = B.cb.calls = 0;
    A.cb.violated = B.cb.violated = 0;
}

static int cb_violated(void) { return A.cb.violated || B.cb.violated; }

static void run(const body *a, const fxc_transform *ta, const body *b, const fxc_transform *tb, int fill, results *o)
{
    reset_cb();
    o->is = fxc_intersect(&a->s, ta, &b->s, tb);
    o->viol_is = cb_violated();
    reset_cb();
    memset(&o->d, fill, sizeof o->d);
    o->ds = fxc_distance(&a->s, ta, &b->s, tb, &o->d);
    o->viol_ds = cb_violated();
    reset_cb();
    memset(&o->c, fill, sizeof o->c);
    in_collide = 1;
    o->cs = fxc_collide(&a->s, ta, &b->s, tb, &ws, &o->c);
    in_collide = 0;
    o->viol_cs = cb_violated();
    reset_cb();
    memset(&o->m, fill, sizeof o->m);
    o->ms = fxc_manifold(&a->s, ta, &b->s, tb, MANIFOLD_SPEC, &ws, &o->m);
    reset_cb();
    o->clear0 = fxc_clearance(&a->s, ta, &b->s, tb, 0);
    reset_cb();
    {
        fxc_cache cache;
        (void)fxc_cache_init(&cache);
        cache.axis = o->d.normal;
        o->cached = fxc_intersect_cached(&a->s, ta, &b->s, tb, &cache);
        reset_cb();
        o->cached2 = fxc_intersect_cached(&a->s, ta, &b->s, tb, &cache);
        o->warm = cache.warm_hits == 1;
    }
}

/* ---- Failure report ----------------------------------------------------------- */
static void print_v(const char *name, fxc_vec3 v)
{
    fprintf(stderr, "%s (%d, %d, %d) = (%.6f, %.6f, %.6f)", name, (int)v.x, (int)v.y, (int)v.z, v.x / 65536.0,
            v.y / 65536.0, v.z / 65536.0);
}

static void describe_body(const char *name, const body *b)
{
    int i, j;
    fprintf(stderr, "  %s: %s, constructor %s%s, valid %d, honest %d\n", name, kind_names[b->kind],
            fxc_status_name(b->ctor_status), b->corrupt ? " (then corrupted)" : "", b->valid, b->honest);
    fprintf(stderr, "    params (raw):");
    for (i = 0; i < b->nprm; i++) fprintf(stderr, " %d", (int)b->prm[i]);
    fprintf(stderr, "\n    struct: type %d margin %d\n", (int)b->s.type, (int)b->s.margin);
    switch (b->kind) {
    case K_SEGMENT: case K_CAPSULE:
        if (b->ctor_status == FXC_OK) {
            fprintf(stderr, "    ");
            print_v("a", b->s.u.segment.a);
            fprintf(stderr, " ");
            print_v("b", b->s.u.segment.b);
            fprintf(stderr, "\n");
        }
        break;
    case K_TRIANGLE:
        if (b->ctor_status == FXC_OK)
            for (i = 0; i < 3; i++) {
                fprintf(stderr, "    ");
                print_v("v", b->s.u.triangle.v[i]);
                fprintf(stderr, "\n");
            }
        break;
    case K_HULL:
        fprintf(stderr, "    count %d%s\n", b->count, b->null_verts ? " (NULL vertices)" : "");
        for (i = 0; b->verts != NULL && i < b->count && i < FXC_HULL_MAX_VERTICES; i++) {
            fprintf(stderr, "    ");
            print_v("v", b->verts[i]);
            fprintf(stderr, "\n");
        }
        break;
    case K_CUSTOM:
        fprintf(stderr, "    callback %s%s, declared bound %d (now %d), true bound %lld, trigger %u\n", cb_names[b->cb.mode],
                b->fn_null ? " (NULL fn)" : "", (int)b->cb.bound0, (int)b->s.u.custom.bound, (long long)b->cb.true_bound,
                b->cb.trigger);
        if (b->cb.mode == CB_ELLIPSOID) fprintf(stderr, "    radii %d %d %d\n", (int)b->cb.er[0], (int)b->cb.er[1], (int)b->cb.er[2]);
        for (i = 0; i < b->cb.n; i++) {
            fprintf(stderr, "    ");
            print_v("v", b->cb.v[i]);
            fprintf(stderr, "\n");
        }
        if (b->cb.mode == CB_BAD_CALL || b->cb.mode == CB_BAD_DIR) {
            fprintf(stderr, "    ");
            print_v("bad", b->cb.bad);
            fprintf(stderr, "\n");
        }
        break;
    default:
        break;
    }
    fprintf(stderr, "    rotation (mode %d, raw):", b->rot_mode & 7);
    for (i = 0; i < 3; i++) {
        fprintf(stderr, " [");
        for (j = 0; j < 3; j++) fprintf(stderr, "%s%d", j ? " " : "", (int)b->t.rot.m[i][j]);
        fprintf(stderr, "]");
    }
    fprintf(stderr, "\n    ");
    print_v("pos", b->t.pos);
    fprintf(stderr, "\n");
}

static void describe_results(const char *label, const results *r)
{
    fprintf(stderr, "  %s: intersect %s; distance %s d=%d it=%d ", label, fxc_status_name(r->is), fxc_status_name(r->ds),
            (int)r->d.distance, r->d.gjk_iterations);
    print_v("n", r->d.normal);
    fprintf(stderr, "\n     ");
    print_v("pa", r->d.point_a);
    fprintf(stderr, " ");
    print_v("pb", r->d.point_b);
    fprintf(stderr, "\n    collide %s dist=%d depth=%d gjk=%d epa=%d ", fxc_status_name(r->cs), (int)r->c.distance,
            (int)r->c.depth, r->c.gjk_iterations, r->c.epa_iterations);
    print_v("n", r->c.normal);
    fprintf(stderr, "\n     ");
    print_v("pa", r->c.point_a);
    fprintf(stderr, " ");
    print_v("pb", r->c.point_b);
    fprintf(stderr, "\n");
}

static const results *shown[3];
static const char *shown_label[3] = { "A,B", "B,A", "A,B translated" };

static void fail(int line, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));
static void fail(int line, const char *fmt, ...)
{
    va_list ap;
    int i;
    fprintf(stderr, "\n==== fxcollide fuzz invariant failed (fuzz_queries.c:%d, %s) ====\n  ", line, stage);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\n");
    describe_body("A", &A);
    describe_body("B", &B);
    for (i = 0; i < 3; i++)
        if (shown[i] != NULL) describe_results(shown_label[i], shown[i]);
    fflush(stderr);
    abort();
}

#define REQUIRE(c, ...) do { if (!(c)) fail(__LINE__, __VA_ARGS__); } while (0)

/* Known findings can be waived while exploring, so that the fuzzer keeps
 * looking for new ones: FXC_FUZZ_WAIVE=key,key,... (keys below in
 * REQUIRE_K). Without it every invariant is enforced. */

#define REQUIRE_K(key, c, ...) do { if (!(c) && !waived(key)) fail(__LINE__, "[" key "] " __VA_ARGS__); } while (0)

/* ---- Checks ------------------------------------------------------------------ */
static int is_success(int st) { return st >= FXC_SEPARATED && st <= FXC_PENETRATING; }
static int is_zero(fxc_vec3 v) { return v.x == 0 && v.y == 0 && v.z == 0; }

static int is_unit(fxc_vec3 n)
{
    int64_t s = (int64_t)n.x * n.x + (int64_t)n.y * n.y + (int64_t)n.z * n.z;
    int64_t lo = (int64_t)(FXC_ONE - UNIT_TOL) * (FXC_ONE - UNIT_TOL), hi = (int64_t)(FXC_ONE + UNIT_TOL) * (FXC_ONE + UNIT_TOL);
    return s >= lo && s <= hi;
}

static int query_error_ok(int st)
{
    return st == FXC_ERR_NULL || st == FXC_ERR_RANGE || st == FXC_ERR_BAD_SHAPE || st == FXC_ERR_BAD_TRANSFORM ||
           st == FXC_ERR_CALLBACK || st == FXC_ERR_CAPACITY || st == FXC_ERR_NO_CONVERGENCE;
}

/* Does body b reach beyond the range of its pair with o: a point of its
 * core (true extent, ext) plus margin more than FXC_RAW_LIMIT from the
 * pair's centre (the midpoint of the positions, rounded down) or
 * FXC_WORLD_LIMIT from the world origin on some axis, or a size or margin
 * no query accepts? `slack` raw LSB are allowed for the rounding of the
 * library's own bound. */
static int reach_bad(const body *b, const body *o, double slack)
{
    int i;
    if (core_reach(&b->s) > LIMIT || b->s.margin > LIMIT) return 1;
    for (i = 0; i < 3; i++) {
        double pb = i == 0 ? b->t.pos.x : i == 1 ? b->t.pos.y : b->t.pos.z;
        double po = i == 0 ? o->t.pos.x : i == 1 ? o->t.pos.y : o->t.pos.z;
        double c = floor((pb + po) / 2), e = b->ext[i] + b->s.margin;
        if (fabs(pb - c) + e > LIMIT + slack || fabs(pb) + e > FXC_WORLD_LIMIT + slack) return 1;
    }
    return 0;
}

/* Invariant 2 for one query status. */
static void check_status(const char *q, int st, int viol, const body *a, const body *b)
{
    int must_fail = !a->valid || !b->valid || a->rot_bad || b->rot_bad || reach_bad(a, b, 1.0) || reach_bad(b, a, 1.0);
    REQUIRE(strcmp(fxc_status_name(st), "unknown status") != 0, "%s: undocumented status %d", q, st);
    REQUIRE(st > 0 || query_error_ok(st), "%s: status %s is not a query status", q, fxc_status_name(st));
    if (must_fail) REQUIRE(st < 0, "%s: invalid input (shape/rotation/position) accepted: %s", q, fxc_status_name(st));
    if (st == FXC_ERR_BAD_SHAPE) REQUIRE(!a->valid || !b->valid, "%s: FXC_ERR_BAD_SHAPE on valid shapes", q);
    if (st == FXC_ERR_BAD_TRANSFORM) REQUIRE(a->rot_bad || b->rot_bad, "%s: FXC_ERR_BAD_TRANSFORM on rotations within +-2", q);
    if (st == FXC_ERR_NULL) REQUIRE(0, "%s: FXC_ERR_NULL without a NULL argument", q);
    /* A callback beyond its bound must be reported; since ff122b6 the
     * library also reports inconsistent answers, which only the
     * misbehaving modes give: an honest callback must never be blamed. */
    if (viol) REQUIRE_K("callback", st == FXC_ERR_CALLBACK, "%s: a callback returned a point beyond its bound, status %s", q, fxc_status_name(st));
    if (st == FXC_ERR_CALLBACK)
        REQUIRE_K("callback", viol || (a->kind == K_CUSTOM && !a->honest) || (b->kind == K_CUSTOM && !b->honest),
                "%s: FXC_ERR_CALLBACK but every callback is an honest support function within its bound", q);
}

static void check_intersect(int st, int viol, const body *a, const body *b)
{
    check_status("intersect", st, viol, a, b);
    REQUIRE(st < 0 || st == FXC_SEPARATED || st == FXC_OVERLAPPING, "intersect returned %s", fxc_status_name(st));
}

static void check_distance(int st, int viol, const fxc_distance_result *r, const body *a, const body *b)
{
    check_status("distance", st, viol, a, b);
    REQUIRE(st < 0 || st == FXC_SEPARATED || st == FXC_TOUCHING || st == FXC_OVERLAPPING, "distance returned %s", fxc_status_name(st));
    REQUIRE(r->gjk_iterations >= 0 && r->gjk_iterations <= FXC_GJK_MAX_ITERATIONS, "distance: %d GJK iterations", r->gjk_iterations);
#ifdef FXC_MAX_SUPPORT_CALLS
    REQUIRE(r->support_calls >= 0 && r->support_calls <= FXC_MAX_SUPPORT_CALLS, "distance: %d support calls", r->support_calls);
#endif
    if (!is_success(st)) return;
    REQUIRE(r->distance >= 0, "distance: negative distance %d", (int)r->distance);
    if (st == FXC_SEPARATED) REQUIRE(r->distance > FXC_TOUCH_TOL, "distance: SEPARATED with distance %d", (int)r->distance);
    if (st == FXC_TOUCHING) REQUIRE(r->distance <= FXC_TOUCH_TOL, "distance: TOUCHING with distance %d", (int)r->distance);
    if (st == FXC_OVERLAPPING) REQUIRE(r->distance == 0, "distance: OVERLAPPING with distance %d", (int)r->distance);
    if (st == FXC_SEPARATED) REQUIRE(is_unit(r->normal), "distance: %s with a non-unit normal", fxc_status_name(st));
    else REQUIRE(is_unit(r->normal) || is_zero(r->normal), "distance: %s with a non-unit nonzero normal", fxc_status_name(st));
    REQUIRE(in_world3(r->point_a) && in_world3(r->point_b), "distance: witness point out of range");
}

static void check_contact(int st, int viol, const fxc_contact *c, const body *a, const body *b)
{
    check_status("collide", st, viol, a, b);
    REQUIRE(st < 0 || st == FXC_SEPARATED || st == FXC_TOUCHING || st == FXC_PENETRATING, "collide returned %s", fxc_status_name(st));
    REQUIRE(c->gjk_iterations >= 0 && c->gjk_iterations <= FXC_GJK_MAX_ITERATIONS, "collide: %d GJK iterations", c->gjk_iterations);
    REQUIRE_K("epa-iter", c->epa_iterations >= 0 && c->epa_iterations <= EPA_CAP, "collide: %d EPA iterations (cap %d)",
              c->epa_iterations, EPA_CAP);
#ifdef FXC_MAX_SUPPORT_CALLS
    REQUIRE(c->support_calls >= 0 && c->support_calls <= FXC_MAX_SUPPORT_CALLS, "collide: %d support calls", c->support_calls);
#endif
    if (!is_success(st) && st != FXC_ERR_CAPACITY && st != FXC_ERR_NO_CONVERGENCE) return;
    REQUIRE(c->distance >= 0 && c->depth >= 0, "collide %s: distance %d depth %d", fxc_status_name(st), (int)c->distance, (int)c->depth);
    if (st == FXC_SEPARATED)
        REQUIRE(c->distance > FXC_TOUCH_TOL && c->depth == 0, "collide: SEPARATED with distance %d depth %d", (int)c->distance, (int)c->depth);
    if (st == FXC_TOUCHING)
        REQUIRE(c->distance <= FXC_TOUCH_TOL && c->depth <= FXC_TOUCH_TOL, "collide: TOUCHING with distance %d depth %d", (int)c->distance,
                (int)c->depth);
    if (st == FXC_PENETRATING)
        REQUIRE(c->depth > FXC_TOUCH_TOL && c->distance == 0, "collide: PENETRATING with distance %d depth %d", (int)c->distance, (int)c->depth);
    REQUIRE(is_unit(c->normal), "collide: %s with a non-unit normal", fxc_status_name(st));
    REQUIRE(in_world3(c->point_a) && in_world3(c->point_b), "collide: %s with a witness point out of range", fxc_status_name(st));
}

static int same_v(fxc_vec3 a, fxc_vec3 b) { return a.x == b.x && a.y == b.y && a.z == b.z; }
static int shifted_v(fxc_vec3 a, fxc_vec3 b, fxc_vec3 off)
{
    return (int64_t)b.x - a.x == off.x && (int64_t)b.y - a.y == off.y && (int64_t)b.z - a.z == off.z;
}
static int has_points(int st) { return is_success(st) || st == FXC_ERR_NO_CONVERGENCE || st == FXC_ERR_CAPACITY; }

/* Invariant 10: the manifold answers as fxc_collide (status, normal,
 * distance, depth, iterations: the same computation), then 1 to 4 points
 * in range, the deepest first, when the pair is within the speculative
 * distance, and none beyond it. */
static void check_manifold(int st, const fxc_contact_manifold *m, int cs, const fxc_contact *c)
{
    int k;
    REQUIRE(st == cs, "manifold: status %s, collide's %s", fxc_status_name(st), fxc_status_name(cs));
    REQUIRE(m->count >= 0 && m->count <= FXC_MANIFOLD_MAX_POINTS, "manifold: %d points", m->count);
    if (!has_points(st)) {
        REQUIRE(m->count == 0, "manifold: %d points with %s", m->count, fxc_status_name(st));
        return;
    }
    REQUIRE(memcmp(&m->contact, c, sizeof *c) == 0, "manifold: its contact differs from fxc_collide's (depth %d vs %d)",
            (int)m->contact.depth, (int)c->depth);
    if (m->contact.distance > MANIFOLD_SPEC + FXC_TOUCH_TOL)
        REQUIRE(m->count == 0, "manifold: %d points %d apart", m->count, (int)m->contact.distance);
    else REQUIRE(m->count >= 1, "manifold: no point %d apart", (int)m->contact.distance);
    for (k = 0; k < m->count; k++) {
        const fxc_manifold_point *q = &m->point[k];
        REQUIRE(in_world3(q->point_a) && in_world3(q->point_b), "manifold: point %d out of range", k);
        REQUIRE(q->separation >= m->point[0].separation, "manifold: point %d deeper than the first", k);
        REQUIRE(q->separation <= MANIFOLD_SPEC + FXC_TOUCH_TOL, "manifold: point %d separated by %d", k, (int)q->separation);
    }
}

static void check_all(const results *r, const body *a, const body *b)
{
    check_intersect(r->is, r->viol_is, a, b);
    check_distance(r->ds, r->viol_ds, &r->d, a, b);
    check_contact(r->cs, r->viol_cs, &r->c, a, b);
    check_manifold(r->ms, &r->m, r->cs, &r->c);
}

/* Invariant 5 (off = 0) and 6: identical results, points shifted by off. */
static void check_same(const char *what, const results *r, const results *t, fxc_vec3 off)
{
    fxc_vec3 zero = fxc_v3(0, 0, 0);
    fxc_vec3 od = has_points(r->ds) ? off : zero, oc = has_points(r->cs) ? off : zero;
    REQUIRE(r->is == t->is && r->ds == t->ds && r->cs == t->cs, "%s: statuses %s/%s/%s vs %s/%s/%s", what, fxc_status_name(r->is),
            fxc_status_name(r->ds), fxc_status_name(r->cs), fxc_status_name(t->is), fxc_status_name(t->ds), fxc_status_name(t->cs));
    REQUIRE(r->d.distance == t->d.distance && same_v(r->d.normal, t->d.normal) && r->d.gjk_iterations == t->d.gjk_iterations &&
                shifted_v(r->d.point_a, t->d.point_a, od) && shifted_v(r->d.point_b, t->d.point_b, od),
            "%s: fxc_distance results differ (distance %d vs %d, iterations %d vs %d)", what, (int)r->d.distance, (int)t->d.distance,
            r->d.gjk_iterations, t->d.gjk_iterations);
    REQUIRE(r->c.distance == t->c.distance && r->c.depth == t->c.depth && same_v(r->c.normal, t->c.normal) &&
                r->c.gjk_iterations == t->c.gjk_iterations && r->c.epa_iterations == t->c.epa_iterations &&
                shifted_v(r->c.point_a, t->c.point_a, oc) && shifted_v(r->c.point_b, t->c.point_b, oc),
            "%s: fxc_collide results differ (depth %d vs %d, distance %d vs %d)", what, (int)r->c.depth, (int)t->c.depth,
            (int)r->c.distance, (int)t->c.distance);
    REQUIRE(r->ms == t->ms && r->m.count == t->m.count, "%s: manifold %s with %d points vs %s with %d", what, fxc_status_name(r->ms),
            r->m.count, fxc_status_name(t->ms), t->m.count);
    {
        int k;
        for (k = 0; k < r->m.count && k < t->m.count; k++)
            REQUIRE(r->m.point[k].separation == t->m.point[k].separation && r->m.point[k].id == t->m.point[k].id &&
                        shifted_v(r->m.point[k].point_a, t->m.point[k].point_a, oc) &&
                        shifted_v(r->m.point[k].point_b, t->m.point[k].point_b, oc),
                    "%s: manifold point %d differs", what, k);
    }
#ifdef FXC_MAX_SUPPORT_CALLS
    REQUIRE(r->d.support_calls == t->d.support_calls && r->c.support_calls == t->c.support_calls, "%s: support calls %d/%d vs %d/%d",
            what, r->d.support_calls, r->c.support_calls, t->d.support_calls, t->c.support_calls);
#endif
}

/* Radius of A - B around the origin (raw): bounds how much the overlap
 * along n changes when n turns. */
static double minkowski_radius(const body *a, const body *b)
{
    double dp[3] = { (double)b->t.pos.x - a->t.pos.x, (double)b->t.pos.y - a->t.pos.y, (double)b->t.pos.z - a->t.pos.z };
    double ra = sqrt(a->ext[0] * a->ext[0] + a->ext[1] * a->ext[1] + a->ext[2] * a->ext[2]) + a->s.margin;
    double rb = sqrt(b->ext[0] * b->ext[0] + b->ext[1] * b->ext[1] + b->ext[2] * b->ext[2]) + b->s.margin;
    return sqrt(dot3(dp, dp)) + ra + rb;
}

static void unit_d(fxc_vec3 v, double *o)
{
    double l;
    v3d(v, o);
    l = sqrt(dot3(o, o));
    o[0] /= l; o[1] /= l; o[2] /= l;
}

/* Candidate directions for the minimality check. */
static int candidates(const body *a, const body *b, double (*c)[3])
{
    int n = 0, i, k;
    const body *bs[2] = { a, b };
    for (i = 0; i < 3; i++) {
        c[n][0] = i == 0; c[n][1] = i == 1; c[n][2] = i == 2; n++;
        c[n][0] = -(i == 0); c[n][1] = -(i == 1); c[n][2] = -(i == 2); n++;
    }
    c[n][0] = (double)b->t.pos.x - a->t.pos.x;
    c[n][1] = (double)b->t.pos.y - a->t.pos.y;
    c[n][2] = (double)b->t.pos.z - a->t.pos.z;
    n++;
    for (k = 0; k < 2; k++) {
        const fxc_mat3 *m = &bs[k]->t.rot;
        for (i = 0; i < 3; i++) {
            int j = (i + 1) % 3, l = (i + 2) % 3;
            double u[3] = { m->m[0][i], m->m[1][i], m->m[2][i] };
            double p[3] = { m->m[0][j], m->m[1][j], m->m[2][j] }, q[3] = { m->m[0][l], m->m[1][l], m->m[2][l] };
            c[n][0] = u[0]; c[n][1] = u[1]; c[n][2] = u[2]; n++;
            c[n][0] = p[1] * q[2] - p[2] * q[1];
            c[n][1] = p[2] * q[0] - p[0] * q[2];
            c[n][2] = p[0] * q[1] - p[1] * q[0];
            n++;
        }
    }
    for (i = k = 0; i < n; i++) {
        double l = sqrt(dot3(c[i], c[i]));
        if (l < 1e-9) continue;
        c[k][0] = c[i][0] / l; c[k][1] = c[i][1] / l; c[k][2] = c[i][2] / l;
        k++;
    }
    return k;
}

/* Invariant 9 for one result: signed distance sd (negative: depth) along n.
 * Own normal (exact pairs only): the overlap of A - B along n must be the
 * reported depth (or minus the distance) within REF_TOL plus the Q16.16
 * rounding of the unit normal (2^-15 rad times W). For rounded support
 * points (rotations, curved cores) the feature normals GJK/EPA compute
 * carry an error that depends on the feature size, which the harness
 * cannot bound, so that part is skipped there.
 * Minimality (all pairs): the depth is at most the overlap along any
 * candidate direction (the true depth is the minimum over all directions),
 * the distance at least the gap along any; allowance REF_TOL plus the
 * rounding of each shape's support points (0.5 LSB per local component
 * through the rotation: <= 0.87 * |R|_F LSB). */
static void check_reference(const char *q, int st, double sd, fxc_vec3 n, const body *a, const body *b)
{
    double u[3], cand[24][3], W = minkowski_radius(a, b), tol = REF_TOL + 2.0 / 65536 * W, ov;
    double tol_min = REF_TOL + 0.87 * (frob(a) + frob(b)) + 1;
    int i, nc;
    if (!is_zero(n) && a->exact && b->exact) {
        unit_d(n, u);
        ov = overlap(a, b, u);
        REQUIRE_K("ref-normal", fabs(ov + sd) <= tol,
                  "%s %s: overlap along the normal %.2f raw, reported signed distance %.0f (tol %.2f)", q, fxc_status_name(st), ov,
                  sd, tol);
    }
    nc = candidates(a, b, cand);
    for (i = 0; i < nc; i++) {
        double o = overlap(a, b, cand[i]);
        /* every direction: overlap >= true depth; gap <= true distance */
        REQUIRE_K("ref-min", -sd <= o + tol_min, "%s %s: reported %s %.0f but %s %.2f raw along (%.6f, %.6f, %.6f) (tol %.2f)", q,
                  fxc_status_name(st), sd < 0 ? "depth" : "distance", fabs(sd), o >= 0 ? "overlap only" : "gap", fabs(o), cand[i][0],
                  cand[i][1], cand[i][2], tol_min);
    }
}

static void check_pair_reference(const results *r, const body *a, const body *b)
{
    if (r->ds == FXC_SEPARATED || (r->ds == FXC_TOUCHING && !is_zero(r->d.normal)))
        check_reference("distance", r->ds, r->d.distance, r->d.normal, a, b);
    if (is_success(r->cs))
        check_reference("collide", r->cs, r->cs == FXC_SEPARATED ? (double)r->c.distance : -(double)r->c.depth, r->c.normal, a, b);
}

/* Invariant 7. */
static int near_contact(const results *r);

static void check_agreement(const results *r)
{
    /* fxc_clearance(0) is fxc_intersect; with a cache only the path
     * changes: the same verdict but within the touching band */
    REQUIRE(r->clear0 == r->is, "fxc_clearance(0) %s but fxc_intersect %s", fxc_status_name(r->clear0), fxc_status_name(r->is));
    REQUIRE_K("cache", r->cached == r->is || r->is < 0 || r->cached < 0 || near_contact(r),
              "fxc_intersect_cached %s but fxc_intersect %s", fxc_status_name(r->cached), fxc_status_name(r->is));
    REQUIRE_K("cache", r->cached2 == r->is || r->is < 0 || r->cached2 < 0 || near_contact(r),
              "fxc_intersect_cached again %s but fxc_intersect %s", fxc_status_name(r->cached2), fxc_status_name(r->is));
    /* the tetrahedron proves an overlap exactly: the plain verdict, which
     * rounds, may differ only within the touching band */
    REQUIRE(!r->warm || (r->cached2 == FXC_OVERLAPPING && (r->is == FXC_OVERLAPPING || near_contact(r))),
            "the cache's tetrahedron answered %s but fxc_intersect %s", fxc_status_name(r->cached2), fxc_status_name(r->is));
    if (r->is < 0 || r->ds < 0 || r->cs < 0) return;
    REQUIRE_K("agree", (r->is == FXC_SEPARATED) == (r->cs == FXC_SEPARATED), "intersect %s but collide %s", fxc_status_name(r->is),
            fxc_status_name(r->cs));
    REQUIRE_K("agree", (r->is == FXC_SEPARATED) == (r->ds == FXC_SEPARATED), "intersect %s but distance %s", fxc_status_name(r->is),
            fxc_status_name(r->ds));
}

static int64_t max_mismatch(fxc_vec3 n1, fxc_vec3 n2)
{
    int64_t m = abs64((int64_t)n1.x + n2.x);
    if (abs64((int64_t)n1.y + n2.y) > m) m = abs64((int64_t)n1.y + n2.y);
    if (abs64((int64_t)n1.z + n2.z) > m) m = abs64((int64_t)n1.z + n2.z);
    return m;
}

static void check_swap_normal(const char *q, int st, int64_t v1, int64_t v2, fxc_vec3 n1, fxc_vec3 n2)
{
    int64_t v = v1 < v2 ? v1 : v2, mm;
    if (v <= WELL_DEFINED || is_zero(n1) || is_zero(n2)) return;
    mm = max_mismatch(n1, n2);
    if (st == FXC_SEPARATED) {
        double e = SWAP_TOL, tol = 4 + 2 * 65536.0 * (sqrt(2 * e / (double)v) + e / (double)v);
        REQUIRE_K("swap-normal", mm <= tol, "swap %s SEPARATED: normals not opposite, mismatch %lld raw (tol %.1f at distance %lld)", q, (long long)mm, tol,
                (long long)v);
    }
    /* PENETRATING: see invariant 8 */
}

/* Validation errors may come in another order once A and B swap. */
static int validation_error(int st) { return st == FXC_ERR_RANGE || st == FXC_ERR_BAD_TRANSFORM || st == FXC_ERR_BAD_SHAPE; }
static int same_status(int a, int b) { return a == b || (validation_error(a) && validation_error(b)); }

/* Touching band: depth and distance are only good to SWAP_TOL raw (EPA
 * stops within FXC_EPA_TOL = 2 LSB of the boundary, plus rounding), which
 * is wider than the FXC_TOUCH_TOL = 1 LSB band, so a contact within
 * SWAP_TOL of the band may be classified TOUCHING one way and SEPARATED /
 * PENETRATING the other. Allowed when both results are within
 * FXC_TOUCH_TOL + SWAP_TOL of contact (fxc_collide's values measure it for
 * all three queries: same input, same GJK run). */
#define BAND (FXC_TOUCH_TOL + SWAP_TOL)
static int near_contact(const results *r)
{
    /* A capacity / cap answer counts too: its depth is the support height
     * along its normal, never below the true depth. */
    int best = r->cs == FXC_ERR_CAPACITY || r->cs == FXC_ERR_NO_CONVERGENCE;
    return (is_success(r->cs) || best) && (r->cs == FXC_SEPARATED ? r->c.distance : r->c.depth) <= BAND;
}

static int band_flip(int a, int b, const results *r, const results *s)
{
    return a != b && a > 0 && b > 0 && near_contact(r) && near_contact(s);
}

/* EPA capacity: a curved core may need more than FXC_EPA_MAX_VERTICES
 * vertices in one order and not in the other. FXC_ERR_CAPACITY (and
 * NO_CONVERGENCE) come with a best answer of unstated accuracy (seen up to
 * 0.01 % off a converged depth), so its value is not compared. */
static int capacity_flip(int a, int b)
{
    int ea = a == FXC_ERR_CAPACITY || a == FXC_ERR_NO_CONVERGENCE, eb = b == FXC_ERR_CAPACITY || b == FXC_ERR_NO_CONVERGENCE;
    return (ea && (b == FXC_PENETRATING || b == FXC_TOUCHING || eb)) || (eb && (a == FXC_PENETRATING || a == FXC_TOUCHING));
}

/* GJK's iteration cap (FXC_ERR_NO_CONVERGENCE) on one side only. */
static int gjk_cap_flip(int a, int b) { return a != b && (a == FXC_ERR_NO_CONVERGENCE || b == FXC_ERR_NO_CONVERGENCE); }

/* A large curved pair may need close to FXC_GJK_MAX_ITERATIONS in either
 * order (GJK converges linearly on them; the most seen is about 50, see
 * gjk_large_ellipsoids in tests/test_gjk.c): a capacity question,
 * accepted when the order that converged needed at least
 * FXC_GJK_MAX_ITERATIONS - 8. A pair that converges in a few iterations
 * one way and hits the cap the other way is cycling. */
static int gjk_cap_near(const results *r, const results *s)
{
    int it = r->ds == FXC_ERR_NO_CONVERGENCE ? s->d.gjk_iterations : r->d.gjk_iterations;
    return it >= FXC_GJK_MAX_ITERATIONS - 8;
}

/* GJK stopped unconverged before its cap: it stalled (no measurable
 * progress, bounds apart), an honest FXC_ERR_NO_CONVERGENCE. Seen on very
 * flat hulls whose vertex touches the other shape, where each step gains
 * far less than the distance measure resolves (2^-8 LSB). */
static int gjk_stalled(const results *r)
{
    return (r->ds == FXC_ERR_NO_CONVERGENCE && r->d.gjk_iterations < FXC_GJK_MAX_ITERATIONS) ||
           (r->cs == FXC_ERR_NO_CONVERGENCE && r->c.gjk_iterations < FXC_GJK_MAX_ITERATIONS && r->c.epa_iterations == 0);
}

/* Invariant 8. */
static void check_swap(const results *r, const results *s)
{
    /* GJK converges far from the origin with its bounds apart by the
     * measure's tilt (gjk.c: |P|_1 / 2^25 raw for a feature point P, up to
     * 12 LSB at 2^28 raw): each order may be off by that much more */
    int64_t swap_tol = SWAP_TOL + (int64_t)(2.0 * sqrt(3.0) * minkowski_radius(&A, &B) / 33554432.0);
    if ((gjk_cap_flip(r->ds, s->ds) || (gjk_cap_flip(r->cs, s->cs) && r->c.epa_iterations == 0 && s->c.epa_iterations == 0)) &&
        !gjk_cap_near(r, s)) {
        if (gjk_stalled(r) || gjk_stalled(s))
            REQUIRE_K("gjk-stall", 0, "swap: GJK stalled unconverged in one order only: statuses %s/%s/%s vs %s/%s/%s",
                      fxc_status_name(r->is), fxc_status_name(r->ds), fxc_status_name(r->cs), fxc_status_name(s->is),
                      fxc_status_name(s->ds), fxc_status_name(s->cs));
        else
            REQUIRE_K("gjk-cap", 0, "swap: GJK reached its cap (%d iterations) in one order only: statuses %s/%s/%s vs %s/%s/%s",
                      FXC_GJK_MAX_ITERATIONS, fxc_status_name(r->is), fxc_status_name(r->ds), fxc_status_name(r->cs),
                      fxc_status_name(s->is), fxc_status_name(s->ds), fxc_status_name(s->cs));
    }
    if (gjk_cap_flip(r->ds, s->ds) || gjk_cap_flip(r->cs, s->cs)) return;
    REQUIRE_K("swap-status",
              (same_status(r->is, s->is) || band_flip(r->is, s->is, r, s)) &&
                  (same_status(r->ds, s->ds) || band_flip(r->ds, s->ds, r, s)) &&
                  (same_status(r->cs, s->cs) || band_flip(r->cs, s->cs, r, s) || capacity_flip(r->cs, s->cs)),
              "swap: statuses %s/%s/%s vs %s/%s/%s", fxc_status_name(r->is),
            fxc_status_name(r->ds), fxc_status_name(r->cs), fxc_status_name(s->is), fxc_status_name(s->ds), fxc_status_name(s->cs));
    if (is_success(r->ds) && is_success(s->ds)) {
        REQUIRE_K("swap-value", abs64((int64_t)r->d.distance - s->d.distance) <= swap_tol, "swap: fxc_distance distance %d vs %d", (int)r->d.distance,
                (int)s->d.distance);
        check_swap_normal("distance", r->ds, r->d.distance, s->d.distance, r->d.normal, s->d.normal);
    }
    if (is_success(r->cs) && is_success(s->cs)) {
        REQUIRE_K("swap-value", abs64((int64_t)r->c.distance - s->c.distance) <= swap_tol, "swap: fxc_collide distance %d vs %d", (int)r->c.distance,
                (int)s->c.distance);
        REQUIRE_K("swap-value", abs64((int64_t)r->c.depth - s->c.depth) <= swap_tol, "swap: fxc_collide depth %d vs %d", (int)r->c.depth, (int)s->c.depth);
        if (r->cs == FXC_SEPARATED) check_swap_normal("collide", r->cs, r->c.distance, s->c.distance, r->c.normal, s->c.normal);
        else check_swap_normal("collide", r->cs, r->c.depth, s->c.depth, r->c.normal, s->c.normal);
    }
}

/* Invariant 5, NULL part. */
static void check_nulls(void)
{
    fxc_distance_result d;
    fxc_contact c;
    int st;
    REQUIRE(fxc_intersect(NULL, &A.t, &B.s, &B.t) == FXC_ERR_NULL, "intersect(NULL shape)");
    REQUIRE(fxc_intersect(&A.s, &A.t, &B.s, NULL) == FXC_ERR_NULL, "intersect(NULL transform)");
    REQUIRE(fxc_distance(&A.s, &A.t, &B.s, &B.t, NULL) == FXC_ERR_NULL, "distance(NULL out)");
    memset(&d, 0x5A, sizeof d);
    st = fxc_distance(&A.s, NULL, &B.s, &B.t, &d);
    REQUIRE(st == FXC_ERR_NULL && d.gjk_iterations == 0 && d.distance == 0, "distance(NULL transform): %s", fxc_status_name(st));
    REQUIRE(fxc_collide(&A.s, &A.t, &B.s, &B.t, &ws, NULL) == FXC_ERR_NULL, "collide(NULL out)");
    memset(&c, 0x5A, sizeof c);
    st = fxc_collide(&A.s, &A.t, &B.s, &B.t, NULL, &c);
    REQUIRE(st == FXC_ERR_NULL && c.depth == 0 && c.gjk_iterations == 0 && c.epa_iterations == 0, "collide(NULL workspace): %s",
            fxc_status_name(st));
    memset(&c, 0x5A, sizeof c);
    st = fxc_collide(&A.s, &A.t, NULL, &B.t, &ws, &c);
    REQUIRE(st == FXC_ERR_NULL && c.depth == 0 && c.gjk_iterations == 0, "collide(NULL shape): %s", fxc_status_name(st));
}

static void check_constructor(const char *name, const body *b)
{
    int st = b->ctor_status;
    REQUIRE(st == FXC_OK || (st < 0 && strcmp(fxc_status_name(st), "unknown status") != 0), "%s constructor: status %d", name, st);
    REQUIRE((st == FXC_OK) == (b->allowed == 0), "%s constructor: %s but the parameters are %s", name, fxc_status_name(st),
            b->allowed ? "invalid" : "valid");
    if (st < 0) REQUIRE(st >= -31 && (b->allowed & EB(st)), "%s constructor: %s is not justified by any parameter", name, fxc_status_name(st));
    if (st != FXC_OK) REQUIRE(b->s.type == (fxc_shape_type)0 || b->corrupt, "%s constructor failed but left type %d", name, (int)b->s.type);
}

static void free_body(body *b)
{
    free(b->verts);
    memset(b, 0, sizeof *b);
}

/* ---- Invariant 11: casts ------------------------------------------------------- */
/* GJK's rounding and B's placement at a fraction, raw LSB. */
#define CAST_SLACK 8

/* B's pose after fraction f (Q16.16) of the move: 1 when it is within the
 * world (the casts check both ends). */
static int pose_at(const fxc_transform *tb, fxc_vec3 v, fix16_t f, fxc_transform *out)
{
    int64_t x = tb->pos.x + (((int64_t)v.x * f) >> 16), y = tb->pos.y + (((int64_t)v.y * f) >> 16);
    int64_t z = tb->pos.z + (((int64_t)v.z * f) >> 16);
    *out = *tb;
    if (abs64(x) > FXC_WORLD_LIMIT || abs64(y) > FXC_WORLD_LIMIT || abs64(z) > FXC_WORLD_LIMIT) return 0;
    out->pos = fxc_v3((fix16_t)x, (fix16_t)y, (fix16_t)z);
    return 1;
}

/* No penetration beyond CAST_SLACK at fractions k/4 of `upto`. */
static void check_no_overlap_before(const char *q, fix16_t upto, fxc_vec3 v)
{
    int k;
    for (k = 1; k <= 3 + (upto == FXC_ONE); k++) {
        fxc_transform t;
        fxc_contact c;
        int st;
        if (!pose_at(&B.t, v, (fix16_t)((int64_t)upto * k / 4), &t)) continue;
        reset_cb();
        st = fxc_collide(&A.s, &A.t, &B.s, &t, &ws, &c);
        REQUIRE(st != FXC_PENETRATING || c.depth <= CAST_SLACK, "%s late: depth %d at %d/4 of fraction %d", q,
                (int)c.depth, k, (int)upto);
    }
}

/* Invariant 13: the turning cast of B, about a pivot decoded as an
 * offset from B, along a decoded axis, angle and translation. */
static void check_motion(rd *r, const results *base, int honest)
{
    fxc_cast_result c;
    fxc_motion m;
    fxc_vec3 off = vec(r);
    int st;
    m.pivot = fxc_v3(sat32((int64_t)B.t.pos.x + off.x), sat32((int64_t)B.t.pos.y + off.y),
                     sat32((int64_t)B.t.pos.z + off.z));
    m.axis = vec(r);
    m.angle = val(r);
    m.translation = vec(r);
    reset_cb();
    memset(&c, 0x5A, sizeof c);
    st = fxc_shapecast_motion(&A.s, &A.t, &B.s, &B.t, &m, &ws, &c);
    REQUIRE(st == FXC_SEPARATED || st == FXC_HIT || st == FXC_GRAZING || st == FXC_TOUCHING || st == FXC_PENETRATING ||
                st == FXC_ERR_RANGE || st == FXC_ERR_NO_CONVERGENCE || st == FXC_ERR_CAPACITY || st == FXC_ERR_CALLBACK ||
                st == FXC_ERR_BUSY || st == FXC_ERR_BAD_SHAPE || st == FXC_ERR_BAD_TRANSFORM || st == FXC_ERR_NULL ||
                st == FXC_ERR_ZERO_SIZE,
            "turning cast: status %s", fxc_status_name(st));
    REQUIRE(c.fraction >= 0 && c.fraction <= FXC_ONE && c.iterations >= 0 && c.iterations <= 4 * FXC_CAST_MAX_ITERATIONS,
            "turning cast: fraction %d, %d steps", (int)c.fraction, c.iterations);
    REQUIRE(st != FXC_ERR_ZERO_SIZE || (m.angle != 0 && m.axis.x == 0 && m.axis.y == 0 && m.axis.z == 0),
            "turning cast: ZERO_SIZE with axis (%d, %d, %d), angle %d", (int)m.axis.x, (int)m.axis.y, (int)m.axis.z,
            (int)m.angle);
    if (!honest || !is_success(base->cs)) return;
    /* overlapping at the start: fxc_collide's answer, once the motion's
     * own inputs pass */
    if (st == FXC_PENETRATING)
        REQUIRE(base->cs == FXC_PENETRATING && c.depth == base->c.depth, "turning cast: PENETRATING, collide %s",
                fxc_status_name(base->cs));
    if (base->cs == FXC_PENETRATING && st >= 0)
        REQUIRE(st == FXC_PENETRATING, "turning cast: %s, collide PENETRATING", fxc_status_name(st));
}

static void check_casts(rd *r, const results *base, int honest)
{
    fxc_cast_result c;
    fxc_ray_hit h;
    fxc_transform end;
    int st, end_ok;
    fxc_vec3 v = vec(r);
    if (v.x == 0 && v.y == 0 && v.z == 0) {
        /* no move decoded: through A's position */
        v = fxc_v3(sat32(2 * ((int64_t)A.t.pos.x - B.t.pos.x)), sat32(2 * ((int64_t)A.t.pos.y - B.t.pos.y)),
                   sat32(2 * ((int64_t)A.t.pos.z - B.t.pos.z)));
    }
    end_ok = pose_at(&B.t, v, FXC_ONE, &end);
    if (end_ok) {
        reset_cb();
        end_ok = fxc_intersect(&A.s, &A.t, &B.s, &end) != FXC_ERR_RANGE;
    }
    reset_cb();
    memset(&c, 0x5A, sizeof c);
    st = fxc_shapecast(&A.s, &A.t, &B.s, &B.t, v, &ws, &c);
    REQUIRE(st == FXC_SEPARATED || st == FXC_HIT || st == FXC_GRAZING || st == FXC_TOUCHING || st == FXC_PENETRATING ||
                st == FXC_ERR_RANGE || st == FXC_ERR_NO_CONVERGENCE || st == FXC_ERR_CAPACITY || st == FXC_ERR_CALLBACK ||
                st == FXC_ERR_BUSY || st == FXC_ERR_BAD_SHAPE || st == FXC_ERR_BAD_TRANSFORM || st == FXC_ERR_NULL,
            "shapecast: status %s", fxc_status_name(st));
    REQUIRE(c.fraction >= 0 && c.fraction <= FXC_ONE && c.iterations >= 0 && c.iterations <= FXC_CAST_MAX_ITERATIONS,
            "shapecast: fraction %d, %d steps", (int)c.fraction, c.iterations);
    if (st == FXC_ERR_RANGE && is_success(base->cs)) REQUIRE(!end_ok, "shapecast: RANGE with both ends in range");
    if (!honest || !is_success(base->cs) || !end_ok) return;
    REQUIRE((st == FXC_PENETRATING) == (base->cs == FXC_PENETRATING), "shapecast: %s, collide %s",
            fxc_status_name(st), fxc_status_name(base->cs));
    if (st == FXC_PENETRATING) REQUIRE(c.depth == base->c.depth, "shapecast: depth %d, collide's %d", (int)c.depth,
                                       (int)base->c.depth);
    if (st == FXC_SEPARATED) check_no_overlap_before("shapecast", FXC_ONE, v);
    if (st == FXC_HIT || st == FXC_GRAZING) {
        fxc_transform t;
        fxc_distance_result d;
        int64_t len = abs64(v.x) + abs64(v.y) + abs64(v.z);
        check_no_overlap_before("shapecast", c.fraction, v);
        if (pose_at(&B.t, v, c.fraction, &t)) {
            reset_cb();
            if (fxc_distance(&A.s, &A.t, &B.s, &t, &d) == FXC_SEPARATED)
                REQUIRE(d.distance <= FXC_CAST_TOL + CAST_SLACK + (len >> 16) + 1,
                        "shapecast: %d apart at its fraction %d", (int)d.distance, (int)c.fraction);
        }
    }
    /* the ray from B's position along the same move, at A */
    reset_cb();
    memset(&h, 0x5A, sizeof h);
    st = fxc_raycast(&A.s, &A.t, B.t.pos, v, &h);
    REQUIRE(st == FXC_SEPARATED || st == FXC_HIT || st == FXC_GRAZING || st == FXC_TOUCHING || st == FXC_INSIDE ||
                st == FXC_ERR_RANGE || st == FXC_ERR_NO_CONVERGENCE || st == FXC_ERR_CALLBACK || st == FXC_ERR_BUSY ||
                st == FXC_ERR_BAD_SHAPE || st == FXC_ERR_BAD_TRANSFORM || st == FXC_ERR_NULL,
            "raycast: status %s", fxc_status_name(st));
    REQUIRE(h.fraction >= 0 && h.fraction <= FXC_ONE && (st != FXC_INSIDE || h.fraction == 0),
            "raycast: fraction %d with %s", (int)h.fraction, fxc_status_name(st));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    rd r;
    results base, again, sw, tr;
    fxc_vec3 off;
    fxc_transform ta, tb;
    int honest, i;
    uint8_t fill;

    r.p = data;
    r.n = size;
    r.i = 0;
    memset(&A, 0, sizeof A);
    memset(&B, 0, sizeof B);
    shown[0] = shown[1] = shown[2] = NULL;
    fill = u8(&r);
    memset(&ws, fill, sizeof ws);
    stage = "decode";
    decode_shape(&r, &A);
    decode_transform(&r, &A, NULL);
    decode_shape(&r, &B);
    decode_transform(&r, &B, &A);
    off = vec(&r);
    extents(&A);
    extents(&B);
    A.exact = body_exact(&A);
    B.exact = body_exact(&B);

    stage = "constructors";
    check_constructor("A", &A);
    check_constructor("B", &B);

    stage = "A,B";
    run(&A, &A.t, &B, &B.t, 0xA5, &base);
    shown[0] = &base;
    check_all(&base, &A, &B);
    stage = "A,B again (other output fill, used workspace)";
    run(&A, &A.t, &B, &B.t, 0x3C, &again);
    check_same("rerun", &base, &again, fxc_v3(0, 0, 0));
    {
        static body pa, pb;
        int na = prepared_copy(&A, &graph_a, &pa), nb = prepared_copy(&B, &graph_b, &pb);
        if (na || nb) {
            stage = "A,B prepared hulls";
            run(&pa, &A.t, &pb, &B.t, 0x5A, &again);
            check_same("prepared hulls", &base, &again, fxc_v3(0, 0, 0));
        }
    }
    stage = "NULL arguments";
    check_nulls();

    honest = A.valid && B.valid && A.honest && B.honest;
    if (honest) {
        stage = "A,B agreement";
        check_agreement(&base);
        stage = "A,B reference";
        check_pair_reference(&base, &A, &B);
    }

    stage = "B,A";
    run(&B, &B.t, &A, &A.t, fill, &sw);
    shown[1] = &sw;
    check_all(&sw, &B, &A);
    if (honest) {
        check_agreement(&sw);
        check_pair_reference(&sw, &B, &A);
        check_swap(&base, &sw);
    }

    if (in_world3(A.t.pos) && in_world3(B.t.pos)) {
        /* both positions stay within the world limit */
        int32_t o[3] = { off.x, off.y, off.z }, pa[3] = { A.t.pos.x, A.t.pos.y, A.t.pos.z }, pb[3] = { B.t.pos.x, B.t.pos.y, B.t.pos.z };
        for (i = 0; i < 3; i++) {
            int64_t lo = -(int64_t)FXC_WORLD_LIMIT - (pa[i] < pb[i] ? pa[i] : pb[i]), hi = FXC_WORLD_LIMIT - (int64_t)(pa[i] > pb[i] ? pa[i] : pb[i]);
            o[i] = lo <= hi ? clamp32(o[i], sat32(lo), sat32(hi)) : 0;
        }
        off = fxc_v3(o[0], o[1], o[2]);
        ta = A.t;
        tb = B.t;
        ta.pos = fxc_v3_add(ta.pos, off);
        tb.pos = fxc_v3_add(tb.pos, off);
        stage = "A,B translated";
        run(&A, &ta, &B, &tb, 0xA5, &tr);
        shown[2] = &tr;
        if (base.is != FXC_ERR_RANGE && tr.is != FXC_ERR_RANGE && base.ds != FXC_ERR_RANGE && tr.ds != FXC_ERR_RANGE &&
            base.cs != FXC_ERR_RANGE && tr.cs != FXC_ERR_RANGE)
            check_same("translation", &base, &tr, off);
    }

    stage = "casts";
    check_casts(&r, &base, honest);
    stage = "turning cast";
    check_motion(&r, &base, honest);

    if (getenv("FXC_FUZZ_DESCRIBE") != NULL) {
        /* print the decoded input and every result, for reproducers */
        describe_body("A", &A);
        describe_body("B", &B);
        for (i = 0; i < 3; i++)
            if (shown[i] != NULL) describe_results(shown_label[i], shown[i]);
    }
    free_body(&A);
    free_body(&B);
    return 0;
}
