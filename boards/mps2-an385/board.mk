# ARM MPS2 + AN385 (Cortex-M3, 25 MHz), emulated by QEMU only.
BOARD_CPU  := -mcpu=cortex-m3 -mthumb
BOARD_QEMU := -M mps2-an385
# SysTick counts the CPU clock; under QEMU -icount shift=0 one instruction
# takes 1 ns, so instructions per tick = clock period in ns (25 MHz CPU clock: 40 ns,
# measured with a 200000-instruction loop).
BOARD_TICK_NUM := 40
BOARD_TICK_DEN := 1
