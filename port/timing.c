/* Timing helper shared by the demo and the benchmark: the same on every
 * platform, built on port_counter. */
#include "port.h"

uint32_t port_counter_overhead(void)
{
    uint32_t best = 0xFFFFFFFFu;
    int i;
    for (i = 0; i < 64; i++) {
        uint32_t t0 = port_counter();
        uint32_t t1 = port_counter();
        if (t1 - t0 < best) best = t1 - t0;
    }
    return best;
}
