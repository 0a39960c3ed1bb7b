/* Widening 32 x 32 -> 64-bit multiplies for cores without a long multiply
 * (see fxc_smull in src/exact.h). Each operand is split into 16-bit
 * halves, a = ah * 2^16 + al with al in [0, 2^16), so that the four partial
 * products fit a 32-bit multiply:
 *   a * b = ah*bh * 2^32 + (al*bh + ah*bl) * 2^16 + al*bl.
 * The two middle products are added one at a time, each split into the
 * words of its value times 2^16. Signed: ah, bh carry the signs, so
 * |ah*bh| <= 2^30 and the middle products lie within 2^31; al*bl < 2^32.
 * On ARMv6-M the routines are written in assembly (19 instructions; gcc
 * makes 30 of the C, which cannot use the carry flag). They push 8 bytes
 * (fxc_dot2_soft and fxc_dot3_soft 20), which -fstack-usage does not
 * report for a naked function (tools/stack_report.py adds them). */
#include "exact.h"

#if defined(__GNUC__) && defined(__ARM_ARCH_6M__)

__attribute__((naked)) int64_t fxc_smull_soft(int32_t a, int32_t b)
{
    (void)a;
    (void)b;
    __asm__ volatile(".syntax unified\n\t"
                     "push  {r4, lr}\n\t"
                     "uxth  r2, r0\n\t"      /* al */
                     "asrs  r0, r0, #16\n\t" /* ah */
                     "uxth  r3, r1\n\t"      /* bl */
                     "asrs  r1, r1, #16\n\t" /* bh */
                     "movs  r4, r2\n\t"
                     "muls  r4, r3\n\t"      /* al*bl: the low word */
                     "muls  r2, r1\n\t"      /* al*bh */
                     "muls  r3, r0\n\t"      /* ah*bl */
                     "muls  r1, r0\n\t"      /* ah*bh: the high word */
                     "lsls  r0, r2, #16\n\t" /* + al*bh * 2^16 */
                     "asrs  r2, r2, #16\n\t"
                     "adds  r4, r4, r0\n\t"
                     "adcs  r1, r2\n\t"
                     "lsls  r0, r3, #16\n\t" /* + ah*bl * 2^16 */
                     "asrs  r3, r3, #16\n\t"
                     "adds  r0, r4, r0\n\t"
                     "adcs  r1, r3\n\t"
                     "pop   {r4, pc}\n\t");
}

/* The same with logical shifts: every half and product is unsigned. */
__attribute__((naked)) uint64_t fxc_umull_soft(uint32_t a, uint32_t b)
{
    (void)a;
    (void)b;
    __asm__ volatile(".syntax unified\n\t"
                     "push  {r4, lr}\n\t"
                     "uxth  r2, r0\n\t"
                     "lsrs  r0, r0, #16\n\t"
                     "uxth  r3, r1\n\t"
                     "lsrs  r1, r1, #16\n\t"
                     "movs  r4, r2\n\t"
                     "muls  r4, r3\n\t"
                     "muls  r2, r1\n\t"
                     "muls  r3, r0\n\t"
                     "muls  r1, r0\n\t"
                     "lsls  r0, r2, #16\n\t"
                     "lsrs  r2, r2, #16\n\t"
                     "adds  r4, r4, r0\n\t"
                     "adcs  r1, r2\n\t"
                     "lsls  r0, r3, #16\n\t"
                     "lsrs  r3, r3, #16\n\t"
                     "adds  r0, r4, r0\n\t"
                     "adcs  r1, r3\n\t"
                     "pop   {r4, pc}\n\t");
}

/* a * b + c * d: the two products of fxc_smull_soft in one call, summed
 * (a 2D dot or cross product: the call and the 64-bit add of two calls
 * cost about as much as one product). Each product as above, in its own
 * registers, then the sum. Pushes 20 bytes. */
__attribute__((naked)) int64_t fxc_dot2_soft(int32_t a, int32_t b, int32_t c, int32_t d)
{
    (void)a;
    (void)b;
    (void)c;
    (void)d;
    __asm__ volatile(".syntax unified\n\t"
                     "push  {r4, r5, r6, r7, lr}\n\t"
                     "uxth  r4, r0\n\t"      /* a * b into r6 (low), r1 (high) */
                     "asrs  r0, r0, #16\n\t"
                     "uxth  r5, r1\n\t"
                     "asrs  r1, r1, #16\n\t"
                     "movs  r6, r4\n\t"
                     "muls  r6, r5\n\t"
                     "muls  r4, r1\n\t"
                     "muls  r5, r0\n\t"
                     "muls  r1, r0\n\t"
                     "lsls  r0, r4, #16\n\t"
                     "asrs  r4, r4, #16\n\t"
                     "adds  r6, r6, r0\n\t"
                     "adcs  r1, r4\n\t"
                     "lsls  r0, r5, #16\n\t"
                     "asrs  r5, r5, #16\n\t"
                     "adds  r6, r6, r0\n\t"
                     "adcs  r1, r5\n\t"
                     "uxth  r4, r2\n\t"      /* c * d into r7 (low), r3 (high) */
                     "asrs  r2, r2, #16\n\t"
                     "uxth  r5, r3\n\t"
                     "asrs  r3, r3, #16\n\t"
                     "movs  r7, r4\n\t"
                     "muls  r7, r5\n\t"
                     "muls  r4, r3\n\t"
                     "muls  r5, r2\n\t"
                     "muls  r3, r2\n\t"
                     "lsls  r0, r4, #16\n\t"
                     "asrs  r4, r4, #16\n\t"
                     "adds  r7, r7, r0\n\t"
                     "adcs  r3, r4\n\t"
                     "lsls  r0, r5, #16\n\t"
                     "asrs  r5, r5, #16\n\t"
                     "adds  r7, r7, r0\n\t"
                     "adcs  r3, r5\n\t"
                     "adds  r0, r6, r7\n\t"  /* the sum */
                     "adcs  r1, r3\n\t"
                     "pop   {r4, r5, r6, r7, pc}\n\t");
}

/* a * b + c * d + e * f: three products summed in one call (a 3D dot
 * product, or a row of a rotation: three calls and their 64-bit adds cost
 * about as much as the products). The first two as in fxc_dot2_soft, the
 * third from the stack (e, f: at sp + 20 and + 24 once 20 bytes are
 * pushed), each added into r1:r6. Pushes 20 bytes. */
__attribute__((naked)) int64_t fxc_dot3_soft(int32_t a, int32_t b, int32_t c, int32_t d, int32_t e, int32_t f)
{
    (void)a;
    (void)b;
    (void)c;
    (void)d;
    (void)e;
    (void)f;
    __asm__ volatile(".syntax unified\n\t"
                     "push  {r4, r5, r6, r7, lr}\n\t"
                     "uxth  r4, r0\n\t"      /* a * b into r6 (low), r1 (high) */
                     "asrs  r0, r0, #16\n\t"
                     "uxth  r5, r1\n\t"
                     "asrs  r1, r1, #16\n\t"
                     "movs  r6, r4\n\t"
                     "muls  r6, r5\n\t"
                     "muls  r4, r1\n\t"
                     "muls  r5, r0\n\t"
                     "muls  r1, r0\n\t"
                     "lsls  r0, r4, #16\n\t"
                     "asrs  r4, r4, #16\n\t"
                     "adds  r6, r6, r0\n\t"
                     "adcs  r1, r4\n\t"
                     "lsls  r0, r5, #16\n\t"
                     "asrs  r5, r5, #16\n\t"
                     "adds  r6, r6, r0\n\t"
                     "adcs  r1, r5\n\t"
                     "uxth  r4, r2\n\t"      /* c * d into r7 (low), r3 (high) */
                     "asrs  r2, r2, #16\n\t"
                     "uxth  r5, r3\n\t"
                     "asrs  r3, r3, #16\n\t"
                     "movs  r7, r4\n\t"
                     "muls  r7, r5\n\t"
                     "muls  r4, r3\n\t"
                     "muls  r5, r2\n\t"
                     "muls  r3, r2\n\t"
                     "lsls  r0, r4, #16\n\t"
                     "asrs  r4, r4, #16\n\t"
                     "adds  r7, r7, r0\n\t"
                     "adcs  r3, r4\n\t"
                     "lsls  r0, r5, #16\n\t"
                     "asrs  r5, r5, #16\n\t"
                     "adds  r7, r7, r0\n\t"
                     "adcs  r3, r5\n\t"
                     "adds  r6, r6, r7\n\t"  /* the sum so far */
                     "adcs  r1, r3\n\t"
                     "ldr   r2, [sp, #20]\n\t" /* e * f into r7 (low), r3 (high) */
                     "ldr   r3, [sp, #24]\n\t"
                     "uxth  r4, r2\n\t"
                     "asrs  r2, r2, #16\n\t"
                     "uxth  r5, r3\n\t"
                     "asrs  r3, r3, #16\n\t"
                     "movs  r7, r4\n\t"
                     "muls  r7, r5\n\t"
                     "muls  r4, r3\n\t"
                     "muls  r5, r2\n\t"
                     "muls  r3, r2\n\t"
                     "lsls  r0, r4, #16\n\t"
                     "asrs  r4, r4, #16\n\t"
                     "adds  r7, r7, r0\n\t"
                     "adcs  r3, r4\n\t"
                     "lsls  r0, r5, #16\n\t"
                     "asrs  r5, r5, #16\n\t"
                     "adds  r7, r7, r0\n\t"
                     "adcs  r3, r5\n\t"
                     "adds  r0, r6, r7\n\t"  /* the sum */
                     "adcs  r1, r3\n\t"
                     "pop   {r4, r5, r6, r7, pc}\n\t");
}

#else

/* Adds m * 2^16 to the 64-bit value hi:lo; m_hi is m >> 16 (arithmetic
 * for a signed m), and the carry out of the low word goes to hi. */
static void add_shifted(uint32_t *hi, uint32_t *lo, uint32_t m, uint32_t m_hi)
{
    uint32_t t = *lo + (m << 16);
    *hi += m_hi + (t < *lo);
    *lo = t;
}

int64_t fxc_smull_soft(int32_t a, int32_t b)
{
    uint32_t al = (uint32_t)a & 0xFFFFu, bl = (uint32_t)b & 0xFFFFu;
    int32_t ah = a >> 16, bh = b >> 16;
    int32_t m1 = (int32_t)al * bh, m2 = ah * (int32_t)bl;
    uint32_t lo = al * bl, hi = (uint32_t)(ah * bh);
    add_shifted(&hi, &lo, (uint32_t)m1, (uint32_t)(m1 >> 16));
    add_shifted(&hi, &lo, (uint32_t)m2, (uint32_t)(m2 >> 16));
    return (int64_t)(((uint64_t)hi << 32) | lo);
}

uint64_t fxc_umull_soft(uint32_t a, uint32_t b)
{
    uint32_t al = a & 0xFFFFu, bl = b & 0xFFFFu, ah = a >> 16, bh = b >> 16;
    uint32_t m1 = al * bh, m2 = ah * bl;
    uint32_t lo = al * bl, hi = ah * bh;
    add_shifted(&hi, &lo, m1, m1 >> 16);
    add_shifted(&hi, &lo, m2, m2 >> 16);
    return ((uint64_t)hi << 32) | lo;
}

int64_t fxc_dot2_soft(int32_t a, int32_t b, int32_t c, int32_t d)
{
    return (int64_t)((uint64_t)fxc_smull_soft(a, b) + (uint64_t)fxc_smull_soft(c, d));
}

int64_t fxc_dot3_soft(int32_t a, int32_t b, int32_t c, int32_t d, int32_t e, int32_t f)
{
    return (int64_t)((uint64_t)fxc_dot2_soft(a, b, c, d) + (uint64_t)fxc_smull_soft(e, f));
}

#endif
