/* The checks' bookkeeping (tests/test.h), shared by the suite's runner
 * (tests/runner.c) and the small configuration's (tests/small/): the
 * running test's failed checks, the test-wide workspace and hull graphs,
 * and running one test. */
#include "test.h"

static int failures_in_test;

fxc_workspace t_ws;
fxc_hull_graph t_graph[2];

void t_fail(const char *file, int line, const char *expr)
{
    if (failures_in_test < 5) port_printf("    check failed: %s:%d: %s\n", file, line, expr);
    failures_in_test++;
}

int t_failures(void) { return failures_in_test; }

void t_run(const char *name, void (*test)(void), int *passed, int *failed)
{
    failures_in_test = 0;
    test();
    if (failures_in_test == 0) {
        (*passed)++;
        port_printf("  ok   %s\n", name);
    } else {
        (*failed)++;
        port_printf("  FAIL %s (%d failed checks)\n", name, failures_in_test);
    }
}
