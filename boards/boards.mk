# Real-board firmware images, their memory-map check, flashing, and QEMU
# runs of those images. Included by the top-level Makefile after its
# board_template section; see boards/README.md.
#
#   make boards                          demo images for every real board + memory-map check
#   make boards BOARD_APPS="demo tests"  also the test images (bench too)
#   make run-board-microbit [APP=demo]   the micro:bit .hex in QEMU -M microbit, console on UART0
#   make run-board-nucleo-f103rb-smoke   the Nucleo image's code on QEMU's STM32F100, console on USART2
#   make flash BOARD=microbit            copy to the MICROBIT drive, else openocd + CMSIS-DAP
#   make flash BOARD=nucleo-f103rb       copy to the NODE_F103RB drive, else openocd + ST-LINK
#   make flash-check                     install openocd, parse both flash configurations
#
# The semihosted QEMU images (boards/mps2-an385, boards/microbit through
# board_template) are untouched: real-board images are built separately,
# under build/boards/<board>/, with a UART console port instead of
# semihosting (a BKPT 0xAB without a debugger hard-faults).

REAL_BOARDS := microbit nucleo-f103rb
BOARD_APPS ?= demo
APP ?= demo
BOARDS_OUT := $(BUILD)/boards
ARM_OBJCOPY := arm-none-eabi-objcopy

# Per board: console port, image formats, and the chip's memory as the
# datasheet gives it (base size, in bytes). The memory-map check compares
# the images against these numbers, not against link.ld, so a wrong link.ld
# is caught.
microbit_PORT := uart_nrf51
microbit_FORMATS := elf hex
microbit_CHIP_FLASH := 0x00000000 262144
microbit_CHIP_RAM := 0x20000000 16384

nucleo-f103rb_PORT := uart_stm32f1
nucleo-f103rb_FORMATS := elf hex bin
nucleo-f103rb_CHIP_FLASH := 0x08000000 131072
nucleo-f103rb_CHIP_RAM := 0x20000000 20480

# real_board_template(name): objects and images of one real board. Same
# compiler options as the QEMU boards; only the port differs.
define real_board_template
BOARD_CPU :=
BOARD_TEST_PARTS :=
include boards/$(1)/board.mk
$(1)_RB_CPU := $$(BOARD_CPU)
# The test suite in parts, where it outgrows the board's flash (board.mk).
$(1)_TEST_PARTS := $$(BOARD_TEST_PARTS)
# The UART ports' counters count CPU cycles directly: one tick = 1 cycle.
$(1)_RB_DEFS := -DFXC_BOARD_NAME='"$(1)"' -DFXC_BOARD_TICK_NUM=1 -DFXC_BOARD_TICK_DEN=1
$(1)_RB_OBJS := $(LIB_SRCS:%.c=$(BOARDS_OUT)/$(1)/obj/%.o) \
                $(patsubst %,$(BOARDS_OUT)/$(1)/fixmath/%,$(notdir $(FIXMATH_SRCS:.c=.o))) \
                $(BOARDS_OUT)/$(1)/obj/port/$$($(1)_PORT).o $(BOARDS_OUT)/$(1)/obj/port/uart_console.o $(BOARDS_OUT)/$(1)/obj/port/print.o $(BOARDS_OUT)/$(1)/obj/port/timing.o \
                $(BOARDS_OUT)/$(1)/obj/boards/common/startup.o $(BOARDS_OUT)/$(1)/obj/boards/common/stack.o

$(BOARDS_OUT)/$(1)/obj/%.o: %.c | deps
	@mkdir -p $$(dir $$@)
	$(ARM_CC) $$($(1)_RB_CPU) $(ARM_CFLAGS) $$($(1)_RB_DEFS) $$(RB_TEST_OPT) -c $$< -o $$@

# The test suite is built for size (the library keeps -O2): at -O2 the
# tests image outgrows the Nucleo's 128 KB of flash.
$(BOARDS_OUT)/$(1)/obj/tests/%.o: RB_TEST_OPT := -Os

$(BOARDS_OUT)/$(1)/fixmath/%.o: $(FIXMATH_DIR)/%.c | deps
	@mkdir -p $$(dir $$@)
	$(ARM_CC) $$($(1)_RB_CPU) $(ARM_FIXMATH_CFLAGS) -c $$< -o $$@

$(1)_demo_OBJS := $$($(1)_RB_OBJS) $(DEMO_SRCS:%.c=$(BOARDS_OUT)/$(1)/obj/%.o)
$(1)_demo2d_OBJS := $$($(1)_RB_OBJS) $(DEMO2D_SRCS:%.c=$(BOARDS_OUT)/$(1)/obj/%.o)
$(1)_tests_OBJS := $$($(1)_RB_OBJS) $(TEST_SRCS:%.c=$(BOARDS_OUT)/$(1)/obj/%.o)
$(1)_bench_OBJS := $$($(1)_RB_OBJS) $(BOARDS_OUT)/$(1)/obj/bench/bench.o
$(BOARDS_OUT)/$(1)/demo.elf: $$($(1)_demo_OBJS)
$(BOARDS_OUT)/$(1)/demo2d.elf: $$($(1)_demo2d_OBJS)
$(BOARDS_OUT)/$(1)/tests.elf: $$($(1)_tests_OBJS)
$(BOARDS_OUT)/$(1)/bench.elf: $$($(1)_bench_OBJS)
$(BOARDS_OUT)/$(1)/demo.elf $(BOARDS_OUT)/$(1)/demo2d.elf $(BOARDS_OUT)/$(1)/tests.elf $(BOARDS_OUT)/$(1)/bench.elf: boards/$(1)/link.ld boards/common/sections.ld
	$(ARM_CC) $$($(1)_RB_CPU) $(ARM_LDFLAGS) -T boards/$(1)/link.ld -Wl,-Map=$$(@:.elf=.map) \
	    $$(filter %.o,$$^) -lm -o $$@

# The board's apps: BOARD_APPS, with "tests" cut into its parts where the
# board has them.
$(1)_APPS := $$(foreach a,$$(BOARD_APPS),$$(if $$(and $$(filter tests,$$(a)),$$($(1)_TEST_PARTS)),$$(addprefix tests-,$$($(1)_TEST_PARTS)),$$(a)))
$(1)_IMAGES := $$(foreach a,$$($(1)_APPS),$$(foreach f,$$($(1)_FORMATS),$(BOARDS_OUT)/$(1)/$$(a).$$(f)))
# Memory-map check arguments: image, chip flash base and size, RAM base and size.
$(1)_CHECK_ARGS := $$(foreach a,$$($(1)_APPS),$(BOARDS_OUT)/$(1)/$$(a).elf $$($(1)_CHIP_FLASH) $$($(1)_CHIP_RAM))
endef
$(foreach b,$(REAL_BOARDS),$(eval $(call real_board_template,$(b))))

# rb_test_part(board, K): image tests-K, the suite's part K (its runner
# built with FXC_TEST_PART=K).
define rb_test_part
$(1)_tests-$(2)_OBJS := $$($(1)_RB_OBJS) $$(filter-out %/runner.o,$(TEST_SRCS:%.c=$(BOARDS_OUT)/$(1)/obj/%.o)) \
                        $(BOARDS_OUT)/$(1)/obj/tests/runner-part$(2).o
$(BOARDS_OUT)/$(1)/obj/tests/runner-part$(2).o: tests/runner.c | deps
	@mkdir -p $$(dir $$@)
	$(ARM_CC) $$($(1)_RB_CPU) $(ARM_CFLAGS) $$($(1)_RB_DEFS) -Os -DFXC_TEST_PART=$(2) -c $$< -o $$@
$(BOARDS_OUT)/$(1)/tests-$(2).elf: $$($(1)_tests-$(2)_OBJS) boards/$(1)/link.ld boards/common/sections.ld
	$(ARM_CC) $$($(1)_RB_CPU) $(ARM_LDFLAGS) -T boards/$(1)/link.ld -Wl,-Map=$$(@:.elf=.map) \
	    $$(filter %.o,$$^) -lm -o $$@
endef
$(foreach b,$(REAL_BOARDS),$(foreach k,$($(b)_TEST_PARTS),$(eval $(call rb_test_part,$(b),$(k)))))

$(BOARDS_OUT)/%.hex: $(BOARDS_OUT)/%.elf
	$(ARM_OBJCOPY) -O ihex $< $@
$(BOARDS_OUT)/%.bin: $(BOARDS_OUT)/%.elf
	$(ARM_OBJCOPY) -O binary $< $@

# The check runs once on a deliberately wrong chip (the micro:bit image
# against the STM32's memory) and must reject it, so it cannot pass by
# checking nothing.
.PHONY: boards check-memory-map flash flash-microbit flash-nucleo-f103rb flash-check
## boards: demo firmware for every real board (micro:bit, Nucleo-F103RB) in build/boards/, memory-map check
boards: check-memory-map

check-memory-map: $(foreach b,$(REAL_BOARDS),$($(b)_IMAGES))
	@sh tools/check_memory_map.sh --must-fail $(BOARDS_OUT)/microbit/$(firstword $(BOARD_APPS)).elf $(nucleo-f103rb_CHIP_FLASH) $(nucleo-f103rb_CHIP_RAM) \
	    $(foreach b,$(REAL_BOARDS),$($(b)_CHECK_ARGS)) | tee $(BOARDS_OUT)/check-memory-map.log

# ---- real-board images in QEMU ------------------------------------------------
# The UART goes to stdout (live) and to a log. Without semihosting QEMU never
# exits by itself, so the run ends when port_exit()'s last line
# '--- exit status N ---' appears (success if N is 0), or fails after
# RUN_BOARD_TIMEOUT seconds (QEMU runs under `timeout`).
RUN_BOARD_TIMEOUT ?= 300

# run_uart_qemu(label, log, QEMU machine and serial arguments, image arguments)
define run_uart_qemu
	@log=$(2); rm -f $$log; \
	echo "$(1): $(QEMU) $(3) $(4), UART -> stdout and $$log"; \
	timeout $(RUN_BOARD_TIMEOUT) $(QEMU) $(3) -display none -monitor none \
	    -chardev stdio,id=uart,signal=off,logfile=$$log $(4) < /dev/null 2> $$log.stderr & pid=$$!; \
	while kill -0 $$pid 2>/dev/null && ! grep -q -- '^--- exit status' $$log 2>/dev/null; do sleep 0.2; done; \
	kill $$pid 2>/dev/null; wait $$pid 2>/dev/null; \
	end=$$(tr -d '\r' < $$log 2>/dev/null | grep -E -- '^--- exit status -?[0-9]+ ---$$$$' | tail -n1); \
	if [ -z "$$end" ]; then cat $$log.stderr; \
	    echo "$(1): FAIL: QEMU stopped or timed out ($(RUN_BOARD_TIMEOUT) s) before a '--- exit status' line"; exit 1; fi; \
	if [ "$$end" != "--- exit status 0 ---" ]; then echo "$(1): FAIL: $$end"; exit 1; fi; \
	echo "$(1): OK, $(APP) ran to its end, console on the emulated UART"
endef

# The micro:bit image exactly as flashed: QEMU -M microbit loads the .hex and
# emulates UART0 (chardev 'uart' = the first serial port). -icount shift=6:
# 64 ns of emulated time per instruction, so TIMER0 (16 MHz) gives 1.024
# ticks per instruction, reproducibly, instead of following the host's clock.
.PHONY: run-board-microbit run-board-nucleo-f103rb-smoke
## run-board-microbit: run the real-board micro:bit image (APP=demo|demo2d|tests-1278|tests-356|tests-4|bench) in QEMU -M microbit, console on UART0
run-board-microbit: $(BOARDS_OUT)/microbit/$(APP).hex | deps
	$(call run_uart_qemu,run-board-microbit,$(BOARDS_OUT)/microbit/$(APP).uart.log,-M microbit -icount shift=6 -serial chardev:uart,-device loader$(comma)file=$<)

# QEMU has no STM32F103. Its stm32vldiscovery (STM32F100RB: Cortex-M3, flash
# at 0x08000000, USART2 at the same address with the same registers, RCC and
# GPIO ignored) runs the Nucleo image's objects, relinked for its 8 KB of RAM:
# a smoke test of port/uart_stm32f1.c and the start-up, not of the image.
# The demo fits; the tests (APP=tests) need more RAM than 8 KB.
comma := ,
$(BOARDS_OUT)/nucleo-f103rb/qemu-f100/link.ld: boards/boards.mk
	@mkdir -p $(dir $@)
	printf 'MEMORY\n{\n    FLASH (rx) : ORIGIN = 0x08000000, LENGTH = 128K\n    RAM (rwx) : ORIGIN = 0x20000000, LENGTH = 8K\n}\nINCLUDE sections.ld\n' > $@
$(BOARDS_OUT)/nucleo-f103rb/qemu-f100/%.elf: $(BOARDS_OUT)/nucleo-f103rb/%.elf $(BOARDS_OUT)/nucleo-f103rb/qemu-f100/link.ld
	$(ARM_CC) $(nucleo-f103rb_RB_CPU) $(ARM_LDFLAGS) -T $(BOARDS_OUT)/nucleo-f103rb/qemu-f100/link.ld \
	    $(nucleo-f103rb_$*_OBJS) -lm -o $@
## run-board-nucleo-f103rb-smoke: the Nucleo image's code, relinked for 8 KB RAM, on QEMU's STM32F100 (USART2)
run-board-nucleo-f103rb-smoke: $(BOARDS_OUT)/nucleo-f103rb/qemu-f100/$(APP).elf | deps
	$(call run_uart_qemu,run-board-nucleo-f103rb-smoke,$(BOARDS_OUT)/nucleo-f103rb/qemu-f100/$(APP).uart.log,-M stm32vldiscovery -serial null -serial chardev:uart,-kernel $<)

# ---- flashing -----------------------------------------------------------------
# openocd is installed (apt) only here, never for `make boards`.
OPENOCD ?= openocd
OPENOCD_MICROBIT := -f interface/cmsis-dap.cfg -c "transport select swd" -f target/nrf51.cfg
OPENOCD_NUCLEO := -f board/st_nucleo_f103rb.cfg
# USB drives the boards' interface firmware mounts (DAPLink, ST-LINK/V2-1).
MICROBIT_DRIVE ?=
NUCLEO_DRIVE ?=
MICROBIT_DRIVE_GLOB := /media/*/MICROBIT /media/MICROBIT /run/media/*/MICROBIT /mnt/MICROBIT /Volumes/MICROBIT
NUCLEO_DRIVE_GLOB := /media/*/NODE_F103RB /media/NODE_F103RB /run/media/*/NODE_F103RB /mnt/NODE_F103RB /Volumes/NODE_F103RB

define ensure_openocd
command -v $(OPENOCD) >/dev/null 2>&1 || { \
    echo "flash: installing openocd"; SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
    $$SUDO apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q openocd >/dev/null; }
endef

# find_drive(given, globs): the given mount point, else the first existing glob match.
define find_drive
drive="$(1)"; if [ -z "$$drive" ]; then for d in $(2); do [ -d "$$d" ] && { drive=$$d; break; }; done; fi
endef

## flash: BOARD=microbit or BOARD=nucleo-f103rb [APP=demo|demo2d|tests-...|bench]: flash the image (USB drive or openocd)
flash:
	@case "$(BOARD)" in microbit|nucleo-f103rb) ;; \
	    *) echo "flash: say which board: make flash BOARD=microbit or BOARD=nucleo-f103rb (BOARD=$(BOARD))"; exit 2;; esac
	@$(MAKE) --no-print-directory flash-$(BOARD)

flash-microbit: $(BOARDS_OUT)/microbit/$(APP).hex
	@$(call find_drive,$(MICROBIT_DRIVE),$(MICROBIT_DRIVE_GLOB)); \
	if [ -n "$$drive" ]; then \
	    [ -d "$$drive" ] || { echo "flash: $$drive is not a directory"; exit 1; }; \
	    echo "flash: copying $< to $$drive (DAPLink programs the chip, then resets it)"; \
	    cp $< "$$drive/" && sync; \
	else \
	    echo "flash: no MICROBIT drive found (set MICROBIT_DRIVE=/path); using openocd over CMSIS-DAP"; \
	    $(ensure_openocd); \
	    echo '$(OPENOCD) $(OPENOCD_MICROBIT) -c "program $< verify reset exit"'; \
	    $(OPENOCD) $(OPENOCD_MICROBIT) -c "program $< verify reset exit"; \
	fi

flash-nucleo-f103rb: $(BOARDS_OUT)/nucleo-f103rb/$(APP).hex $(BOARDS_OUT)/nucleo-f103rb/$(APP).bin
	@$(call find_drive,$(NUCLEO_DRIVE),$(NUCLEO_DRIVE_GLOB)); \
	if [ -n "$$drive" ]; then \
	    [ -d "$$drive" ] || { echo "flash: $$drive is not a directory"; exit 1; }; \
	    echo "flash: copying $(BOARDS_OUT)/nucleo-f103rb/$(APP).bin to $$drive (the ST-LINK programs the chip)"; \
	    cp $(BOARDS_OUT)/nucleo-f103rb/$(APP).bin "$$drive/" && sync; \
	else \
	    echo "flash: using openocd over the on-board ST-LINK"; \
	    $(ensure_openocd); \
	    echo '$(OPENOCD) $(OPENOCD_NUCLEO) -c "program $< verify reset exit"'; \
	    $(OPENOCD) $(OPENOCD_NUCLEO) -c "program $< verify reset exit"; \
	fi

## flash-check: install openocd and check both flash configurations parse (no board needed)
flash-check:
	@$(ensure_openocd)
	$(OPENOCD) $(OPENOCD_MICROBIT) -c shutdown
	$(OPENOCD) $(OPENOCD_NUCLEO) -c shutdown
	@echo "flash-check: openocd finds interface/cmsis-dap.cfg, target/nrf51.cfg and board/st_nucleo_f103rb.cfg"
