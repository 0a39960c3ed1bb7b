/* Runs every test of tests/test_list.h and ends with 'N passed, N failed'.
 * The exit status is the number of failed tests (at most 255). */
#include "test.h"

static int failures_in_test;

void t_fail(const char *file, int line, const char *expr)
{
    if (failures_in_test < 5)
        port_printf("    check failed: %s:%d: %s\n", file, line, expr);
    failures_in_test++;
}

int t_failures(void) { return failures_in_test; }

int main(void)
{
    int passed = 0, failed = 0;
    port_init();
    port_printf("fxcollide %s tests on %s\n", fxc_version(), port_name());
#define T(name) \
    failures_in_test = 0; \
    test_##name(); \
    if (failures_in_test == 0) { passed++; port_printf("  ok   %s\n", #name); } \
    else { failed++; port_printf("  FAIL %s (%d failed checks)\n", #name, failures_in_test); }
#include "test_list.h"
#undef T
    port_printf("%d passed, %d failed\n", passed, failed);
    return failed > 255 ? 255 : failed;
}
