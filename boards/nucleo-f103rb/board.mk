# ST Nucleo-F103RB (STM32F103RB, Cortex-M3, HSI 8 MHz after reset): a real
# board only, no QEMU model. Its images, console port (port/uart_stm32f1.c)
# and flashing are in boards/boards.mk.
BOARD_CPU  := -mcpu=cortex-m3 -mthumb
