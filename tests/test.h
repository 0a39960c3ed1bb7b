/* The test framework shared by the host and the Cortex-M builds. */
#ifndef FXC_TEST_H
#define FXC_TEST_H

#include <stdint.h>
#include "port.h"
#include "fxcollide.h"

/* Records a failed check in the running test and prints where (the first
 * few per test, so one bug does not flood a QEMU console). */
void t_fail(const char *file, int line, const char *expr);

#define CHECK(c) do { if (!(c)) t_fail(__FILE__, __LINE__, #c); } while (0)
/* CHECK with a printf-style explanation printed on failure. */
#define CHECK_MSG(c, ...) do { if (!(c)) { t_fail(__FILE__, __LINE__, #c); \
    port_printf("      "); port_printf(__VA_ARGS__); port_printf("\n"); } } while (0)

/* Number of failed checks so far in the running test. */
int t_failures(void);

/* Runs one test and prints its verdict, counting it into *passed or
 * *failed (tests/check.c). */
void t_run(const char *name, void (*test)(void), int *passed, int *failed);

/* The EPA workspace every test uses (tests/check.c): one, not one per
 * file, so the suite's RAM fits the real boards (16 KB on the micro:bit). */
extern fxc_workspace t_ws;
/* Two hull graphs every test may use (one image's RAM holds few). */
extern fxc_hull_graph t_graph[2];

/* Random cases per test: the same on every platform unless a test asks for
 * fewer on the (slow, emulated, soft-float) targets with T_TARGET_CASES. */
#ifdef FXC_BOARD_NAME
#define T_ON_TARGET 1
#else
#define T_ON_TARGET 0
#endif
#define T_TARGET_CASES(host, target) (T_ON_TARGET ? (target) : (host))

/* Deterministic integer PRNG (splitmix64): the same numbers everywhere. */
typedef struct { uint64_t s; } t_rng;
static inline uint64_t t_next(t_rng *r)
{
    uint64_t z = (r->s += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}
/* Uniform integer in [lo, hi] (hi - lo < 2^32). */
static inline int32_t t_range(t_rng *r, int32_t lo, int32_t hi)
{
    uint64_t span = (uint64_t)((int64_t)hi - lo) + 1;
    return (int32_t)(lo + (int64_t)(t_next(r) % span));
}
/* Vector with components uniform in [lo, hi], drawn x, then y, then z (the
 * order of evaluation of function arguments is unspecified in C, so never
 * draw random numbers inside one call's argument list). */
/* A fraction in [0, 1] in steps of 2^-16 (one t_range draw). */
static inline double t_unit(t_rng *r)
{
    return t_range(r, 0, 65536) / 65536.0;
}

static inline fxc_vec3 t_vec(t_rng *r, int32_t lo, int32_t hi)
{
    fxc_vec3 v;
    v.x = t_range(r, lo, hi);
    v.y = t_range(r, lo, hi);
    v.z = t_range(r, lo, hi);
    return v;
}

/* FNV-1a over a value's four bytes, low byte first on every platform: the
 * determinism hashes (3D and 2D) fold every result field in with it. */
static inline uint64_t t_fnv_mix(uint64_t h, int32_t v)
{
    uint32_t u = (uint32_t)v;
    int i;
    for (i = 0; i < 4; i++) {
        h ^= (u >> (8 * i)) & 0xFFu;
        h *= UINT64_C(0x100000001B3);
    }
    return h;
}

/* Raw value with a random magnitude class: uniform in +-2^bits, with a
 * random number of bits in [0, bits], so small and large values both occur. */
static inline int32_t t_raw(t_rng *r, int bits)
{
    int b = (int)(t_next(r) % (uint64_t)(bits + 1));
    int32_t m = (int32_t)((1L << b) - 1);
    return t_range(r, -m, m);
}

/* Does p come before q in a hull's order along d (the farthest; among
 * those, the greatest x, then y, then z)? Written out here as the rule in
 * include/fxcollide.h states it, for d < 2^31 and points < 2^28. */
static inline int t_hull_before(fxc_vec3 d, fxc_vec3 p, fxc_vec3 q)
{
    int64_t a = (int64_t)d.x * p.x + (int64_t)d.y * p.y + (int64_t)d.z * p.z;
    int64_t b = (int64_t)d.x * q.x + (int64_t)d.y * q.y + (int64_t)d.z * q.z;
    if (a != b) return a > b;
    if (p.x != q.x) return p.x > q.x;
    return p.y != q.y ? p.y > q.y : p.z > q.z;
}

/* Prototypes of every test function (defined across tests/test_*.c). */
#define T1(name) void test_##name(void);
#define T2(name) void test_##name(void);
#define T3(name) void test_##name(void);
#define T4(name) void test_##name(void);
#define T5(name) void test_##name(void);
#define T6(name) void test_##name(void);
#define T7(name) void test_##name(void);
#define T8(name) void test_##name(void);
#include "test_list.h"
#undef T1
#undef T2
#undef T3
#undef T4
#undef T5
#undef T6
#undef T7
#undef T8

static inline double t_d(fix16_t v) { return (double)v / 65536.0; }

#endif /* FXC_TEST_H */
