# BBC micro:bit v1 (nRF51822, Cortex-M0, 16 MHz), in QEMU (-M microbit) or
# on the real board.
BOARD_CPU  := -mcpu=cortex-m0 -mthumb
BOARD_QEMU := -M microbit
# SysTick counts the CPU clock; under QEMU -icount shift=0 one instruction
# takes 1 ns, so instructions per tick = clock period in ns (16 MHz CPU clock: 62.5 ns,
# measured with a 200000-instruction loop).
BOARD_TICK_NUM := 125
BOARD_TICK_DEN := 2
# The test suite outgrows its 256 KB of flash: three images, the 3D parts
# 1, 2, 7 and 8 of tests/test_list.h, the 3D parts 3, 5 and 6, then the
# 2D part 4 (FXC_TEST_PART's digits).
BOARD_TEST_PARTS := 1278 356 4
