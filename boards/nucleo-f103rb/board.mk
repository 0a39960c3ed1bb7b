# ST Nucleo-F103RB (STM32F103RB, Cortex-M3, HSI 8 MHz after reset): a real
# board only, no QEMU model. Its images, console port (port/uart_stm32f1.c)
# and flashing are in boards/boards.mk.
BOARD_CPU  := -mcpu=cortex-m3 -mthumb
# The test suite outgrows its 128 KB of flash: eight images, tests-1 to
# tests-8, each running one part of tests/test_list.h (FXC_TEST_PART).
BOARD_TEST_PARTS := 1 2 3 4 5 6 7 8
