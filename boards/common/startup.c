/* Minimal Cortex-M startup shared by every board: vector table, .data copy,
 * .bss clear, then main(); a fault ends the program with exit status 255
 * instead of hanging. Works on ARMv6-M (Cortex-M0) and ARMv7-M. */
#include <stdint.h>
#include "port.h"

extern uint32_t _sidata, _sdata, _edata, _sbss, _ebss, _estack;
int main(void);
void Reset_Handler(void);

static void Fault_Handler(void)
{
    port_printf("\nFAULT: hard fault or unexpected exception\n");
    port_exit(255);
}

__attribute__((section(".isr_vector"), used))
static void (*const vector_table[16])(void) = {
    (void (*)(void))(uintptr_t)&_estack,
    Reset_Handler,
    Fault_Handler, /* NMI */
    Fault_Handler, /* HardFault */
    Fault_Handler, /* MemManage (v7-M) */
    Fault_Handler, /* BusFault (v7-M) */
    Fault_Handler, /* UsageFault (v7-M) */
    0, 0, 0, 0,
    Fault_Handler, /* SVCall */
    Fault_Handler, /* DebugMonitor */
    0,
    Fault_Handler, /* PendSV */
    Fault_Handler, /* SysTick: not used */
};

void Reset_Handler(void)
{
    uint32_t *src = &_sidata, *dst = &_sdata;
    while (dst < &_edata) *dst++ = *src++;
    for (dst = &_sbss; dst < &_ebss; dst++) *dst = 0;
    port_exit(main());
}
