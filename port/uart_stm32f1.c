/* STM32F103 port for real boards (Nucleo-F103RB): console on USART2,
 * TX on PA2, 115200 baud 8N1; on the Nucleo, PA2 goes to the ST-LINK's
 * virtual COM port on the same USB cable as the debugger.
 *
 * Clock: the reset default, HSI 8 MHz, untouched (no PLL set-up), so
 * BRR = 8000000 / 115200 = 69.4 -> 69: 115942 baud, +0.6 %.
 *
 * Counter: the DWT cycle counter (CYCCNT), 32 bits, CPU cycles. If the
 * core has none (DWT_CTRL.NOCYCCNT) or it does not advance, SysTick is
 * used instead, extended to 32 bits in software; it counts CPU cycles too.
 *
 * No interrupts, no heap, no floating point: every wait is a polling loop.
 */
#include "port.h"
#include "uart.h"

#ifndef FXC_BOARD_NAME
#define FXC_BOARD_NAME "stm32f103"
#endif

#define REG(addr) (*(volatile uint32_t *)(addr))

/* RCC: peripheral clock enables. */
#define RCC_BASE 0x40021000u
#define RCC_APB2ENR REG(RCC_BASE + 0x18u)
#define RCC_APB1ENR REG(RCC_BASE + 0x1Cu)
#define RCC_APB2ENR_IOPAEN (1u << 2)
#define RCC_APB1ENR_USART2EN (1u << 17)

/* GPIOA: PA2 is configured by bits 11:8 of CRL (pins 0-7). */
#define GPIOA_BASE 0x40010800u
#define GPIOA_CRL REG(GPIOA_BASE + 0x00u)
#define PA2_SHIFT 8u
/* CNF = 10 (alternate function push-pull), MODE = 11 (output, 50 MHz). */
#define PA2_AF_PUSH_PULL 0xBu

/* USART2. */
#define USART2_BASE 0x40004400u
#define USART2_SR REG(USART2_BASE + 0x00u)
#define USART2_DR REG(USART2_BASE + 0x04u)
#define USART2_BRR REG(USART2_BASE + 0x08u)
#define USART2_CR1 REG(USART2_BASE + 0x0Cu)
#define USART_SR_TC (1u << 6)
#define USART_SR_TXE (1u << 7)
#define USART_CR1_TE (1u << 3)
#define USART_CR1_UE (1u << 13)

#define PCLK1_HZ 8000000u /* HSI after reset, APB1 prescaler 1 */
#define BAUD 115200u

/* Debug and trace: DWT cycle counter. */
#define DEMCR REG(0xE000EDFCu)
#define DEMCR_TRCENA (1u << 24)
#define DWT_CTRL REG(0xE0001000u)
#define DWT_CYCCNT REG(0xE0001004u)
#define DWT_CTRL_CYCCNTENA (1u << 0)
#define DWT_CTRL_NOCYCCNT (1u << 25)

/* SysTick, the fallback counter. */
#define SYST_CSR REG(0xE000E010u)
#define SYST_RVR REG(0xE000E014u)
#define SYST_CVR REG(0xE000E018u)

static int uart_ready, use_dwt;
static uint32_t ticks_high, ticks_last;

static void uart_setup(void)
{
    RCC_APB2ENR |= RCC_APB2ENR_IOPAEN;
    RCC_APB1ENR |= RCC_APB1ENR_USART2EN;
    (void)RCC_APB1ENR; /* read back: the clock is on before the first access */
    USART2_BRR = (PCLK1_HZ + BAUD / 2) / BAUD; /* 69 */
    USART2_CR1 = USART_CR1_UE | USART_CR1_TE;  /* 8 data bits, no parity */
    /* Hand PA2 to the USART last, once its TX line idles high. */
    GPIOA_CRL = (GPIOA_CRL & ~(0xFu << PA2_SHIFT)) | (PA2_AF_PUSH_PULL << PA2_SHIFT);
    uart_ready = 1;
}

void uart_send(char c)
{
    if (!uart_ready) uart_setup();
    while ((USART2_SR & USART_SR_TXE) == 0) {
    }
    USART2_DR = (uint8_t)c;
}

void port_init(void)
{
    if (!uart_ready) uart_setup();

    DEMCR |= DEMCR_TRCENA;
    use_dwt = 0;
    if ((DWT_CTRL & DWT_CTRL_NOCYCCNT) == 0) {
        uint32_t a, b;
        DWT_CYCCNT = 0;
        DWT_CTRL |= DWT_CTRL_CYCCNTENA;
        a = DWT_CYCCNT;
        __asm__ volatile("nop\n nop\n nop\n nop");
        b = DWT_CYCCNT;
        use_dwt = (b != a);
    }
    if (!use_dwt) {
        SYST_RVR = 0x00FFFFFFu;
        SYST_CVR = 0;
        SYST_CSR = 5u; /* enable, processor clock, no interrupt */
    }
}

/* Nobody receives an exit status on a board: print it as the last line,
 * wait until the last bit has left the shift register, then sleep for
 * ever. */
void port_exit(int code)
{
    port_printf("\n--- exit status %d ---\n", code);
    while ((USART2_SR & USART_SR_TC) == 0) {
    }
    for (;;) {
        __asm__ volatile("wfi");
    }
}

/* With the SysTick fallback, call at least once every 2^24 cycles (2 s at
 * 8 MHz) so no wrap is missed; the tests, demo and benchmark read the
 * counter around every query. */
uint32_t port_counter(void)
{
    uint32_t now;
    if (use_dwt) return DWT_CYCCNT;
    now = 0x00FFFFFFu - (SYST_CVR & 0x00FFFFFFu);
    if (now < ticks_last) ticks_high += 0x01000000u;
    ticks_last = now;
    return ticks_high + now;
}

const char *port_counter_unit(void) { return "cycles"; }
const char *port_name(void) { return FXC_BOARD_NAME; }
