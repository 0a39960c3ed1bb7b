/* What differs per platform for the tests, demo and benchmark (never for the
 * library itself): console output, exit status, and an instruction or time
 * counter. One implementation per platform:
 *   port/host.c      stdio, exit(), clock_gettime (nanoseconds)
 *   port/semihost.c  QEMU/debugger semihosting, SysTick (instructions under
 *                    QEMU -icount shift=0, CPU cycles on real silicon)
 *   port/uart_nrf51.c, port/uart_stm32f1.c
 *                    real boards: a UART console (port_write is shared, in
 *                    port/uart_console.c) and a cycle counter
 */
#ifndef FXC_PORT_H
#define FXC_PORT_H

#include <stdint.h>

/* Set up the console and the counter. Call once at the start of main. */
void port_init(void);
/* Write n bytes to the console. */
void port_write(const char *s, unsigned n);
/* Flush buffered output and end the program with `code` as exit status. */
void port_exit(int code);
/* Free-running 32-bit counter (wraps); unit given by port_counter_unit(). */
uint32_t port_counter(void);
/* Cost of reading the counter twice (the least of 64 tries): subtract it
 * from every timed interval (port/timing.c). */
uint32_t port_counter_overhead(void);
/* "ns" on the host, "instr" in QEMU with -icount shift=0, "cycles" on chips. */
const char *port_counter_unit(void);
/* Name of the platform, e.g. "host", "mps2-an385". */
const char *port_name(void);

/* Stack use in bytes below the top of the stack (boards/common/stack.c;
 * the host returns 0: not measured). port_stack_mark fills the free stack
 * below the caller with a pattern and returns the current depth;
 * port_stack_peak returns the deepest point reached since, and
 * port_stack_room the most the stack can take before it runs into .bss: a
 * peak that reaches it means the stack overflowed. */
uint32_t port_stack_mark(void);
uint32_t port_stack_peak(void);
uint32_t port_stack_room(void);

/* printf subset, the same on every platform so outputs compare byte for
 * byte: %d %i %u %x %X %s %c %% with the l and ll length modifiers, a
 * field width, '-' and '0' flags, and %.Nf for doubles (tests only). */
void port_printf(const char *fmt, ...);

#endif /* FXC_PORT_H */
