/* What a real board's UART console port (port/uart_<chip>.c) gives to
 * port/uart_console.c, which turns text into bytes the same way on every
 * chip. Not part of port.h: the host and semihosted ports have no UART. */
#ifndef FXC_PORT_UART_H
#define FXC_PORT_UART_H

/* Sends one byte, setting the UART up first if port_init() has not run
 * yet (e.g. a fault handler printing before it). */
void uart_send(char c);

#endif /* FXC_PORT_UART_H */
