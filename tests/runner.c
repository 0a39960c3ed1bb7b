/* Runs every test of tests/test_list.h (or some of its parts: FXC_TEST_PART
 * holds their digits, as 3 or 123) and ends with 'N passed, N failed'.
 * The exit status is the number of failed tests (at most 255). */
#include "test.h"

#ifndef FXC_TEST_PART
#define FXC_TEST_PART 0 /* every part */
#endif
/* Is part k (1..8) one of FXC_TEST_PART's digits (at most four; 0: every part)? */
#define IN_PART(k) (FXC_TEST_PART == 0 || FXC_TEST_PART % 10 == (k) || FXC_TEST_PART / 10 % 10 == (k) || \
                    FXC_TEST_PART / 100 % 10 == (k) || FXC_TEST_PART / 1000 % 10 == (k))

/* Least free stack the suite must leave on a board. A frame that runs into
 * .bss need not write the very first word past it (an array left partly
 * unwritten), so coming this close already counts as an overflow. */
#define STACK_GUARD 256

/* On a board, the stack's high-water mark; a stack that reached .bss has
 * overwritten the tests' static data, so no verdict stands. Returns 1 if
 * so. (The host measures nothing: 0.) */
static int stack_overflowed(void)
{
    uint32_t peak = port_stack_peak(), room = port_stack_room();
    if (room == 0) return 0;
    port_printf("stack peak %u of %u bytes\n", (unsigned)peak, (unsigned)room);
    if (peak + STACK_GUARD <= room) return 0;
    port_printf("  FAIL stack: within %d bytes of .bss or into it; the tests need more RAM than this board has\n",
                STACK_GUARD);
    return 1;
}

int main(void)
{
    int passed = 0, failed = 0;
    port_init();
    (void)port_stack_mark();
    port_printf("fxcollide %s tests on %s\n", fxc_version(), port_name());
#define RUN(name) t_run(#name, test_##name, &passed, &failed);
#if IN_PART(1)
#define T1(name) RUN(name)
#else
#define T1(name)
#endif
#if IN_PART(2)
#define T2(name) RUN(name)
#else
#define T2(name)
#endif
#if IN_PART(3)
#define T3(name) RUN(name)
#else
#define T3(name)
#endif
#if IN_PART(4)
#define T4(name) RUN(name)
#else
#define T4(name)
#endif
#if IN_PART(5)
#define T5(name) RUN(name)
#else
#define T5(name)
#endif
#if IN_PART(6)
#define T6(name) RUN(name)
#else
#define T6(name)
#endif
#if IN_PART(7)
#define T7(name) RUN(name)
#else
#define T7(name)
#endif
#if IN_PART(8)
#define T8(name) RUN(name)
#else
#define T8(name)
#endif
#include "test_list.h"
#undef T1
#undef T2
#undef T3
#undef T4
#undef T5
#undef T6
#undef T7
#undef T8
    failed += stack_overflowed();
    port_printf("%d passed, %d failed\n", passed, failed);
    return failed > 255 ? 255 : failed;
}
