/* The fuzz harnesses' input format, read side, shared by fuzz_queries.c
 * (3D) and fuzz_2d.c: a byte reader that yields zeros past the end, a
 * value decoder (a tag byte picks a magnitude class, a special value or
 * raw bits, and nudges the result by a few LSB), and the waiver list of
 * FXC_FUZZ_WAIVE. gen_corpus.c and gen_corpus2d.c write the same format. */
#ifndef FXC_FUZZ_BYTES_H
#define FXC_FUZZ_BYTES_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <fix16.h>

typedef struct {
    const uint8_t *p;
    size_t n, i;
} rd;

static inline uint8_t u8(rd *r) { return r->i < r->n ? r->p[r->i++] : 0; }
static inline uint32_t u16(rd *r) { uint32_t v = u8(r); return v | (uint32_t)u8(r) << 8; }
static inline uint32_t u32(rd *r) { uint32_t v = u16(r); return v | u16(r) << 16; }

/* two's complement reinterpretation without implementation-defined casts */
static inline int32_t s32(uint32_t u)
{
    return u < 0x80000000u ? (int32_t)u : (int32_t)(u - 0x80000000u) - 0x7FFFFFFF - 1;
}

/* The special values both harnesses draw from (their LIMIT: the range);
 * fuzz_2d.c adds a few of its own after them. */
#define FUZZ_SPECIALS \
    0, 1, -1, 2, FXC_TOUCH_TOL + 1, 0x8000, 0x10000, -0x10000, 0x20000, -0x20000, 0x20001, -0x20001, \
    46341, -46341, 0x7FFF, LIMIT, -LIMIT, LIMIT + 1, -LIMIT - 1, LIMIT / 2, -(LIMIT / 2), 1 << 27, \
    4095 << 16, -(4095 << 16), 2048 << 16, 100 << 16, INT32_MAX, INT32_MIN, INT32_MIN + 1, 0x40000000, \
    -0x40000000, 0x100

/* One value: the tag's low 3 bits pick its class, its high 5 bits a nudge
 * of -16..15 LSB; class 5 takes one of the harness's special values. */
static inline fix16_t fuzz_value(rd *r, const int32_t *specials, int n_specials)
{
    uint8_t t = u8(r);
    int32_t v, nudge = (int32_t)((t >> 3) ^ 16) - 16;
    switch (t & 7) {
    case 0: v = (int32_t)(int8_t)u8(r) * 65536; break;
    case 1: v = (int32_t)(int16_t)u16(r) * 256; break;
    case 2: v = (int8_t)u8(r); break;
    case 3: v = (int16_t)u16(r); break;
    case 4: v = s32(u32(r)); break;
    case 5: v = specials[u8(r) % n_specials]; break;
    case 6: v = (int32_t)(int16_t)u16(r) * 4096; break;
    default: { uint32_t u = u16(r) | (uint32_t)u8(r) << 16; v = (int32_t)(u & 0x7FFFFF) - (int32_t)(u & 0x800000); break; }
    }
    return s32((uint32_t)v + (uint32_t)nudge);
}

/* Is key in the comma-separated list FXC_FUZZ_WAIVE (known findings)? */
static inline int waived(const char *key)
{
    static const char *list;
    static int init;
    const char *p;
    size_t n = strlen(key);
    if (!init) {
        list = getenv("FXC_FUZZ_WAIVE");
        init = 1;
    }
    for (p = list; p != NULL && (p = strstr(p, key)) != NULL; p += n)
        if ((p == list || p[-1] == ',') && (p[n] == ',' || p[n] == 0)) return 1;
    return 0;
}

/* The write side, for the seed generators (define FUZZ_BYTES_WRITER before
 * including): bytes into one seed, and values in the tag-4 (raw int32)
 * form the reader's class 4 decodes exactly. */
#ifdef FUZZ_BYTES_WRITER
typedef struct {
    uint8_t b[4096];
    size_t n;
} buf;

static buf cur;

static void put(uint8_t v) { if (cur.n < sizeof cur.b) cur.b[cur.n++] = v; }

/* value: int32 raw (tag 4) */
static void raw(int32_t v)
{
    uint32_t u = (uint32_t)v;
    put(4);
    put((uint8_t)u); put((uint8_t)(u >> 8)); put((uint8_t)(u >> 16)); put((uint8_t)(u >> 24));
}

/* value: units with a fraction, as raw */
static void fu(double u) { raw((int32_t)(u * 65536 + (u < 0 ? -0.5 : 0.5))); }
#endif

#endif /* FXC_FUZZ_BYTES_H */
