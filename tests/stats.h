/* Error statistics in LSB: max and p99.9 from a histogram (no big arrays,
 * so it also fits the 16 KB Cortex-M0). */
#ifndef FXC_STATS_H
#define FXC_STATS_H

#include "port.h"

#define STATS_BINS 128 /* quarter-LSB bins up to 32 LSB, last bin = beyond */

typedef struct {
    const char *name;
    long n;
    double max;
    long bins[STATS_BINS];
} stats;

static inline void stats_init(stats *s, const char *name)
{
    int i;
    s->name = name;
    s->n = 0;
    s->max = 0;
    for (i = 0; i < STATS_BINS; i++) s->bins[i] = 0;
}

static inline void stats_add(stats *s, double err_lsb)
{
    int b = (int)(err_lsb * 4.0);
    if (b < 0) b = 0;
    if (b >= STATS_BINS) b = STATS_BINS - 1;
    s->bins[b]++;
    s->n++;
    if (err_lsb > s->max) s->max = err_lsb;
}

/* Upper edge of the bin holding the 99.9th percentile (the maximum when
 * that is the last bin, which holds everything beyond 32 LSB). */
static inline double stats_p999(const stats *s)
{
    long need = s->n - s->n / 1000, acc = 0;
    int i;
    for (i = 0; i < STATS_BINS - 1; i++) {
        acc += s->bins[i];
        if (acc >= need) return (i + 1) / 4.0;
    }
    return s->max;
}

static inline void stats_print(const stats *s)
{
    port_printf("       %-34s n=%-6ld max %8.3f  p99.9 <= %6.2f LSB\n", s->name, s->n, s->max, stats_p999(s));
}

#endif /* FXC_STATS_H */
