/* Stack high-water mark on the boards (see port.h): the free RAM between
 * the end of .bss and the stack pointer is filled with a pattern, and the
 * lowest word no longer holding it marks the deepest the stack has been.
 * The stack grows down from _estack (boards/common/sections.ld). */
#include "port.h"

extern uint32_t _ebss, _estack;

#define STACK_FILL 0x5AA5C33Cu
/* Words right below the stack pointer left alone: this function's own
 * frame and whatever an interrupt may push meanwhile. */
#define STACK_SPARE_WORDS 16

static uint32_t depth(const uint32_t *p)
{
    return (uint32_t)((const char *)&_estack - (const char *)p);
}

uint32_t port_stack_mark(void)
{
    uint32_t *p = &_ebss, *sp;
    __asm__ volatile("mov %0, sp" : "=r"(sp));
    while (p < sp - STACK_SPARE_WORDS) *p++ = STACK_FILL;
    return depth(sp);
}

uint32_t port_stack_peak(void)
{
    const uint32_t *p = &_ebss;
    while (p < &_estack && *p == STACK_FILL) p++;
    return depth(p);
}

uint32_t port_stack_room(void)
{
    return depth(&_ebss);
}
