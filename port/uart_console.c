/* port_write for the real boards' UART consoles (port/uart.h). */
#include "port.h"
#include "uart.h"

/* Terminals expect CR LF: each '\n' goes out as "\r\n". */
void port_write(const char *s, unsigned n)
{
    unsigned i;
    for (i = 0; i < n; i++) {
        if (s[i] == '\n') uart_send('\r');
        uart_send(s[i]);
    }
}
