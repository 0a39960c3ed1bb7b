/* Host port: stdio console, process exit status, nanosecond clock. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "port.h"
#include "fxc_config.h"

void port_init(void) {}

void port_write(const char *s, unsigned n)
{
    fwrite(s, 1, n, stdout);
}

void port_exit(int code)
{
    fflush(stdout);
    exit(code);
}

uint32_t port_counter(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint32_t)((uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec);
}

const char *port_counter_unit(void) { return "ns"; }
const char *port_name(void) { return "host"; }
/* Stack use is not measured on the host. */
uint32_t port_stack_mark(void) { return 0; }
uint32_t port_stack_peak(void) { return 0; }
uint32_t port_stack_room(void) { return 0; }

/* The library's FXC_ASSERT hook (host builds define FXC_ASSERT_HOOK): a
 * "cannot happen" path was reached, so the run must fail loudly. */
void fxc_assert_failed(const char *file, int line)
{
    fflush(stdout);
    fprintf(stderr, "FXC_ASSERT failed at %s:%d\n", file, line);
    abort();
}
