/* nRF51822 port for real boards (BBC micro:bit v1): console on UART0,
 * 115200 baud 8N1, TXD on P0.24, which the micro:bit's interface chip
 * forwards to its USB serial port. Also runs in QEMU -M microbit, whose
 * UART0 model prints to -serial.
 *
 * Counter: TIMER0 in 32-bit timer mode, prescaler 0. The nRF51's Cortex-M0
 * has no SysTick (QEMU emulates one anyway, the chip does not), so TIMER0
 * is used instead: it counts the 16 MHz HFCLK that also clocks the CPU, so
 * its unit is CPU cycles on the chip. Under QEMU it follows emulated time
 * (16 ticks per virtual microsecond); `make run-board-microbit` runs QEMU
 * with -icount shift=6 (64 ns per instruction), so there one tick is 1/1.024
 * instruction and the counts are reproducible.
 *
 * No interrupts, no heap, no floating point: every wait is a polling loop.
 */
#include "port.h"
#include "uart.h"

#ifndef FXC_BOARD_NAME
#define FXC_BOARD_NAME "nrf51"
#endif

#define REG(addr) (*(volatile uint32_t *)(addr))

/* CLOCK: start the 16 MHz crystal so the baud rate is exact. */
#define CLOCK_BASE 0x40000000u
#define CLOCK_TASKS_HFCLKSTART REG(CLOCK_BASE + 0x000u)
#define CLOCK_EVENTS_HFCLKSTARTED REG(CLOCK_BASE + 0x100u)

/* GPIO: TXD idles high; drive it high before the UART takes the pin. */
#define GPIO_BASE 0x50000000u
#define GPIO_OUTSET REG(GPIO_BASE + 0x508u)
#define GPIO_DIRSET REG(GPIO_BASE + 0x518u)

/* UART0 (nRF51 Reference Manual, UART chapter; QEMU hw/char/nrf51_uart.c). */
#define UART_BASE 0x40002000u
#define UART_TASKS_STARTTX REG(UART_BASE + 0x008u)
#define UART_EVENTS_TXDRDY REG(UART_BASE + 0x11Cu)
#define UART_ENABLE REG(UART_BASE + 0x500u)
#define UART_PSELTXD REG(UART_BASE + 0x50Cu)
#define UART_TXD REG(UART_BASE + 0x51Cu)
#define UART_BAUDRATE REG(UART_BASE + 0x524u)
#define UART_CONFIG REG(UART_BASE + 0x56Cu)

#define UART_ENABLE_ENABLED 4u
#define UART_BAUDRATE_115200 0x01D7E000u
#define MICROBIT_TX_PIN 24u

/* TIMER0: the only nRF51 timer with a 32-bit mode. */
#define TIMER0_BASE 0x40008000u
#define TIMER0_TASKS_START REG(TIMER0_BASE + 0x000u)
#define TIMER0_TASKS_STOP REG(TIMER0_BASE + 0x004u)
#define TIMER0_TASKS_CLEAR REG(TIMER0_BASE + 0x00Cu)
#define TIMER0_TASKS_CAPTURE0 REG(TIMER0_BASE + 0x040u)
#define TIMER0_MODE REG(TIMER0_BASE + 0x504u)
#define TIMER0_BITMODE REG(TIMER0_BASE + 0x508u)
#define TIMER0_PRESCALER REG(TIMER0_BASE + 0x510u)
#define TIMER0_CC0 REG(TIMER0_BASE + 0x540u)

/* The crystal starts in well under 1 ms; give up after ~100 ms at 16 MHz
 * and keep the internal RC oscillator (a board without crystal still
 * prints, with a less exact baud rate). */
#define HFXO_WAIT_LOOPS 400000u

static int uart_ready;

static void uart_setup(void)
{
    GPIO_OUTSET = 1u << MICROBIT_TX_PIN;
    GPIO_DIRSET = 1u << MICROBIT_TX_PIN;
    UART_PSELTXD = MICROBIT_TX_PIN;
    UART_BAUDRATE = UART_BAUDRATE_115200;
    UART_CONFIG = 0; /* no parity, no flow control */
    UART_ENABLE = UART_ENABLE_ENABLED;
    UART_TASKS_STARTTX = 1;
    uart_ready = 1;
}

void uart_send(char c)
{
    if (!uart_ready) uart_setup();
    UART_EVENTS_TXDRDY = 0;
    UART_TXD = (uint8_t)c;
    /* TXDRDY: the byte has left TXD; the next one may be written. */
    while (UART_EVENTS_TXDRDY == 0) {
    }
}

void port_init(void)
{
    uint32_t i;
    CLOCK_EVENTS_HFCLKSTARTED = 0;
    CLOCK_TASKS_HFCLKSTART = 1;
    for (i = 0; i < HFXO_WAIT_LOOPS && CLOCK_EVENTS_HFCLKSTARTED == 0; i++) {
    }
    if (!uart_ready) uart_setup();

    TIMER0_TASKS_STOP = 1;
    TIMER0_MODE = 0;      /* timer, not counter */
    TIMER0_BITMODE = 3;   /* 32 bit */
    TIMER0_PRESCALER = 0; /* 16 MHz */
    TIMER0_TASKS_CLEAR = 1;
    TIMER0_TASKS_START = 1;
}

/* Nobody receives an exit status on a board: print it as the last line
 * (run-board-microbit waits for it), then sleep for ever. uart_send()
 * returns only once its byte has left TXD, so the output is flushed. */
void port_exit(int code)
{
    port_printf("\n--- exit status %d ---\n", code);
    for (;;) {
        __asm__ volatile("wfi");
    }
}

uint32_t port_counter(void)
{
    TIMER0_TASKS_CAPTURE0 = 1;
    return TIMER0_CC0;
}

const char *port_counter_unit(void) { return "cycles"; }
const char *port_name(void) { return FXC_BOARD_NAME; }
