/* Cortex-M port for QEMU (and a debugger): console and exit through ARM
 * semihosting, counter from SysTick.
 *
 * Under QEMU with -icount shift=0 the emulated clock advances by one
 * nanosecond per executed instruction, so SysTick, clocked by the CPU,
 * counts instructions in units of the board's clock period; port_counter()
 * converts back to instructions with the board's FXC_BOARD_TICK_NUM/DEN.
 */
#include "port.h"

#ifndef FXC_BOARD_NAME
#error "FXC_BOARD_NAME must be defined by the board's board.mk"
#endif
/* Instructions per SysTick tick under -icount shift=0 = clock period in ns,
 * as a fraction NUM/DEN (62.5 = 125/2 for a 16 MHz clock). */
#ifndef FXC_BOARD_TICK_NUM
#define FXC_BOARD_TICK_NUM 1
#endif
#ifndef FXC_BOARD_TICK_DEN
#define FXC_BOARD_TICK_DEN 1
#endif

#define SYS_WRITE0 0x04
#define SYS_EXIT_EXTENDED 0x20
#define ADP_STOPPED_APPLICATION_EXIT 0x20026

#define SYST_CSR (*(volatile uint32_t *)0xE000E010u)
#define SYST_RVR (*(volatile uint32_t *)0xE000E014u)
#define SYST_CVR (*(volatile uint32_t *)0xE000E018u)

static int semihost_call(int op, const void *arg)
{
    register int r0 __asm__("r0") = op;
    register const void *r1 __asm__("r1") = arg;
    __asm__ volatile("bkpt 0xAB" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}

/* Output is buffered per line: one semihosting call per line, not per byte. */
static char line[128];
static unsigned line_len;

static void flush_line(void)
{
    if (line_len == 0) return;
    line[line_len] = '\0';
    semihost_call(SYS_WRITE0, line);
    line_len = 0;
}

void port_write(const char *s, unsigned n)
{
    unsigned i;
    for (i = 0; i < n; i++) {
        line[line_len++] = s[i];
        if (s[i] == '\n' || line_len == sizeof line - 1) flush_line();
    }
}

void port_exit(int code)
{
    uint32_t block[2];
    flush_line();
    block[0] = ADP_STOPPED_APPLICATION_EXIT;
    block[1] = (uint32_t)code;
    semihost_call(SYS_EXIT_EXTENDED, block);
    for (;;) {
    }
}

/* SysTick is a 24-bit down-counter. Software extends it to 32 bits by
 * noticing each wrap, so port_counter() must be called at least once every
 * 2^24 ticks (0.4 s of emulated time at 40 ns per tick); the tests, demo
 * and benchmark read it around every query. No interrupt is used: an
 * interrupt would add its own instructions to the counts. */
static uint32_t ticks_high, ticks_last;

void port_init(void)
{
    SYST_RVR = 0x00FFFFFFu;
    SYST_CVR = 0;
    SYST_CSR = 5u; /* enable, processor clock, no interrupt */
}

uint32_t port_counter(void)
{
    uint32_t now = 0x00FFFFFFu - (SYST_CVR & 0x00FFFFFFu);
    if (now < ticks_last) ticks_high += 0x01000000u;
    ticks_last = now;
    return (uint32_t)((uint64_t)(ticks_high + now) * FXC_BOARD_TICK_NUM / FXC_BOARD_TICK_DEN);
}

const char *port_counter_unit(void) { return "instr"; }
const char *port_name(void) { return FXC_BOARD_NAME; }
