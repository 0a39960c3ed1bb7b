# fxcollide: one entry point for set-up, host and Cortex-M builds, tests,
# QEMU runs and the demo. `make help` lists the targets.

BOARD ?= mps2-an385
QEMU_BOARDS := mps2-an385 microbit
BUILD := build
# Pipelines through tee must fail when the test program fails.
SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -c

# ---- libfixmath: one source, the same options on every platform ----------
# LIBFIXMATH_SRC may point at a user's checkout (its root or its libfixmath/
# folder); otherwise tools/setup.sh fetches Debian's upstream tarball into
# .deps/libfixmath.
LIBFIXMATH_SRC ?=
FIXMATH_DIR := $(if $(LIBFIXMATH_SRC),$(if $(wildcard $(LIBFIXMATH_SRC)/libfixmath/fix16.h),$(LIBFIXMATH_SRC)/libfixmath,$(LIBFIXMATH_SRC)),.deps/libfixmath)
# NO_CACHE: the caches take 112 KB of RAM and are not reentrant.
# Rounding and overflow detection stay ON (fix16_mul rounds to nearest and
# reports overflow), and the 64-bit multiply path stays ON: see README.
FIXMATH_DEFS := -DFIXMATH_NO_CACHE
FIXMATH_SRCS := $(addprefix $(FIXMATH_DIR)/,fix16.c fix16_sqrt.c fix16_trig.c)

LIB_SRCS := $(wildcard src/*.c)
TEST_SRCS := $(wildcard tests/*.c)
DEMO_SRCS := $(wildcard demo/*.c)
DEMO2D_SRCS := $(wildcard demo2d/*.c)

INCLUDES := -Iinclude -I$(FIXMATH_DIR) -Iport
WARN := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes
CSTD := -std=c99

# ---- host -----------------------------------------------------------------
HOST_CC ?= gcc
HOST_SAN := -fsanitize=address,undefined -fno-sanitize-recover=all
# FXC_ASSERT_HOOK: every "cannot happen" fallback of the library aborts the
# host runs (port/host.c) instead of passing silently.
HOST_DEFS := -DFXC_ASSERT_HOOK
HOST_CFLAGS := $(CSTD) -O1 -g -MMD -MP $(WARN) $(HOST_SAN) $(INCLUDES) $(FIXMATH_DEFS) $(HOST_DEFS)
HOST_FIXMATH_CFLAGS := $(CSTD) -O1 -g $(HOST_SAN) -I$(FIXMATH_DIR) $(FIXMATH_DEFS)

$(BUILD)/host/obj/%.o: %.c | deps
	@mkdir -p $(dir $@)
	$(HOST_CC) $(HOST_CFLAGS) -c $< -o $@

$(BUILD)/host/fixmath/%.o: $(FIXMATH_DIR)/%.c | deps
	@mkdir -p $(dir $@)
	$(HOST_CC) $(HOST_FIXMATH_CFLAGS) -c $< -o $@

HOST_LIB_OBJS := $(LIB_SRCS:%.c=$(BUILD)/host/obj/%.o) \
                 $(patsubst %,$(BUILD)/host/fixmath/%,$(notdir $(FIXMATH_SRCS:.c=.o)))
HOST_PORT_OBJS := $(BUILD)/host/obj/port/host.o $(BUILD)/host/obj/port/print.o $(BUILD)/host/obj/port/timing.o

$(BUILD)/host/tests: $(HOST_LIB_OBJS) $(HOST_PORT_OBJS) $(TEST_SRCS:%.c=$(BUILD)/host/obj/%.o)
	$(HOST_CC) $(HOST_SAN) $^ -lm -o $@

$(BUILD)/host/demo: $(HOST_LIB_OBJS) $(HOST_PORT_OBJS) $(DEMO_SRCS:%.c=$(BUILD)/host/obj/%.o)
	$(HOST_CC) $(HOST_SAN) $^ -lm -o $@

$(BUILD)/host/demo2d: $(HOST_LIB_OBJS) $(HOST_PORT_OBJS) $(DEMO2D_SRCS:%.c=$(BUILD)/host/obj/%.o)
	$(HOST_CC) $(HOST_SAN) $^ -lm -o $@

# Host variants for the determinism check: the same tests built by other
# compilers and optimisation levels must print the same result hash.
# host_variant(name, cc, opt): build/<name>/tests, and build/<name>/bench.
define host_variant
$(BUILD)/$(1)/obj/%.o: %.c | deps
	@mkdir -p $$(dir $$@)
	$(2) $(CSTD) $(3) -g -MMD -MP $(WARN) $(INCLUDES) $(FIXMATH_DEFS) $(HOST_DEFS) -c $$< -o $$@
$(BUILD)/$(1)/fixmath/%.o: $(FIXMATH_DIR)/%.c | deps
	@mkdir -p $$(dir $$@)
	$(2) $(CSTD) $(3) -I$(FIXMATH_DIR) $(FIXMATH_DEFS) -c $$< -o $$@
$(1)_OBJS := $(LIB_SRCS:%.c=$(BUILD)/$(1)/obj/%.o) \
        $(patsubst %,$(BUILD)/$(1)/fixmath/%,$(notdir $(FIXMATH_SRCS:.c=.o))) \
        $(BUILD)/$(1)/obj/port/host.o $(BUILD)/$(1)/obj/port/print.o $(BUILD)/$(1)/obj/port/timing.o
$(BUILD)/$(1)/tests: $$($(1)_OBJS) $(TEST_SRCS:%.c=$(BUILD)/$(1)/obj/%.o)
	$(2) $$^ -lm -o $$@
$(BUILD)/$(1)/bench: $$($(1)_OBJS) $(BUILD)/$(1)/obj/bench/bench.o
	$(2) $$^ -lm -o $$@
test-$(1): $(BUILD)/$(1)/tests
	$(BUILD)/$(1)/tests | tee $(BUILD)/$(1)/tests.log
endef
# host-O0 also sends every product through src/mul.c's C multiply (the
# Cortex-M0 runs its assembly twin), so its hash checks that path too.
HOST_VARIANTS := host-O0 host-O2 host-clang
$(eval $(call host_variant,host-O0,gcc,-O0 -DFXC_SOFT_MULTIPLY=1))
$(eval $(call host_variant,host-O2,gcc,-O2))
$(eval $(call host_variant,host-clang,clang,-O2))
# The benchmark once more, counting the filters' exact fallbacks (the
# decisions are the same on every platform, so the host's counts are the
# boards'); not a test variant.
$(eval $(call host_variant,host-count,gcc,-O2 -DFXC_COUNT_FALLBACKS))

# ---- Cortex-M boards ------------------------------------------------------
ARM_CC := arm-none-eabi-gcc
ARM_NM := arm-none-eabi-nm
ARM_OPT ?= -O2
ARM_CFLAGS := $(CSTD) $(ARM_OPT) -g -MMD -MP $(WARN) -ffunction-sections -fdata-sections $(INCLUDES) $(FIXMATH_DEFS)
ARM_FIXMATH_CFLAGS := $(CSTD) $(ARM_OPT) -g -ffunction-sections -fdata-sections -I$(FIXMATH_DIR) $(FIXMATH_DEFS)
ARM_LDFLAGS := -nostartfiles --specs=nano.specs --specs=nosys.specs -Wl,--gc-sections -Lboards/common
QEMU := qemu-system-arm
QEMU_FLAGS := -nographic -monitor none -semihosting-config enable=on,target=native -icount shift=0
QEMU_TIMEOUT := 900
PROFILE_WORKLOAD ?= 1
PROFILE_CASES ?= 20

# The small configuration of the benchmark's appended rows (make bench) and
# of make size's row of that name: a smaller EPA polytope.
FXC_SMALL_DEFS := -DFXC_EPA_MAX_VERTICES=8

# The small configuration's own tests on the host (tests/small/): the
# library built with FXC_SMALL_DEFS against what the README says of it.
SMALL_SRCS := tests/small/test_small.c tests/check.c tests/scene.c tests/refgeom.c
$(BUILD)/host-small/obj/%.o: %.c | deps
	@mkdir -p $(dir $@)
	$(HOST_CC) $(HOST_CFLAGS) $(FXC_SMALL_DEFS) -Itests -c $< -o $@
$(BUILD)/host-small/tests: $(LIB_SRCS:%.c=$(BUILD)/host-small/obj/%.o) $(SMALL_SRCS:%.c=$(BUILD)/host-small/obj/%.o) \
                           $(patsubst %,$(BUILD)/host/fixmath/%,$(notdir $(FIXMATH_SRCS:.c=.o))) $(HOST_PORT_OBJS)
	$(HOST_CC) $(HOST_SAN) $^ -lm -o $@
## test-host-small: the small configuration's tests on the host (FXC_SMALL_DEFS), log in build/host-small/tests.log
test-host-small: $(BUILD)/host-small/tests
	$(BUILD)/host-small/tests | tee $(BUILD)/host-small/tests.log

# board_template(name): objects, library archive and images of one board.
define board_template
BOARD_TEST_PARTS :=
include boards/$(1)/board.mk
$(1)_CPU := $$(BOARD_CPU)
$(1)_TEST_PARTS := $$(BOARD_TEST_PARTS)
$(1)_QEMU := $$(BOARD_QEMU)
$(1)_DEFS := -DFXC_BOARD_NAME='"$(1)"' -DFXC_BOARD_TICK_NUM=$$(BOARD_TICK_NUM) -DFXC_BOARD_TICK_DEN=$$(BOARD_TICK_DEN)
$(1)_LIB_OBJS := $(LIB_SRCS:%.c=$(BUILD)/$(1)/obj/%.o)
$(1)_FIXMATH_OBJS := $(patsubst %,$(BUILD)/$(1)/fixmath/%,$(notdir $(FIXMATH_SRCS:.c=.o)))
$(1)_PORT_OBJS := $(BUILD)/$(1)/obj/port/semihost.o $(BUILD)/$(1)/obj/port/print.o $(BUILD)/$(1)/obj/port/timing.o $(BUILD)/$(1)/obj/boards/common/startup.o \
                  $(BUILD)/$(1)/obj/boards/common/stack.o

$(BUILD)/$(1)/obj/%.o: %.c | deps
	@mkdir -p $$(dir $$@)
	$(ARM_CC) $$($(1)_CPU) $(ARM_CFLAGS) $$(BOARD_OPT) $$($(1)_DEFS) -c $$< -o $$@

# The tests are built for size (the suite outgrew the micro:bit's 256 KB at
# -O2); the library keeps -O2, as benchmarked.
$(TEST_SRCS:%.c=$(BUILD)/$(1)/obj/%.o): BOARD_OPT := -Os

$(BUILD)/$(1)/fixmath/%.o: $(FIXMATH_DIR)/%.c | deps
	@mkdir -p $$(dir $$@)
	$(ARM_CC) $$($(1)_CPU) $(ARM_FIXMATH_CFLAGS) -c $$< -o $$@

$(BUILD)/$(1)/tests.elf: $$($(1)_LIB_OBJS) $$($(1)_FIXMATH_OBJS) $$($(1)_PORT_OBJS) $(TEST_SRCS:%.c=$(BUILD)/$(1)/obj/%.o)
	$(ARM_CC) $$($(1)_CPU) $(ARM_LDFLAGS) -T boards/$(1)/link.ld $$^ -lm -o $$@

$(BUILD)/$(1)/demo.elf: $$($(1)_LIB_OBJS) $$($(1)_FIXMATH_OBJS) $$($(1)_PORT_OBJS) $(DEMO_SRCS:%.c=$(BUILD)/$(1)/obj/%.o)
	$(ARM_CC) $$($(1)_CPU) $(ARM_LDFLAGS) -T boards/$(1)/link.ld $$^ -lm -o $$@

$(BUILD)/$(1)/demo2d.elf: $$($(1)_LIB_OBJS) $$($(1)_FIXMATH_OBJS) $$($(1)_PORT_OBJS) $(DEMO2D_SRCS:%.c=$(BUILD)/$(1)/obj/%.o)
	$(ARM_CC) $$($(1)_CPU) $(ARM_LDFLAGS) -T boards/$(1)/link.ld $$^ -lm -o $$@

$(BUILD)/$(1)/bench.elf: $$($(1)_LIB_OBJS) $$($(1)_FIXMATH_OBJS) $$($(1)_PORT_OBJS) $(BUILD)/$(1)/obj/bench/bench.o
	$(ARM_CC) $$($(1)_CPU) $(ARM_LDFLAGS) -T boards/$(1)/link.ld $$^ -lm -o $$@

# Workload 1 once more with query.c built with FXC_BOX_SAT 0 (every box
# overlap through GJK+EPA): a row appended to the board's table.
$(BUILD)/$(1)/obj/forced-epa/%.o: %.c | deps
	@mkdir -p $$(dir $$@)
	$(ARM_CC) $$($(1)_CPU) $(ARM_CFLAGS) $$($(1)_DEFS) -DFXC_BOX_SAT=0 -DFXC_BENCH_FORCED_EPA -DFXC_BENCH_ONLY=1 \
	    -DFXC_BENCH_KERNELS=0 -c $$< -o $$@
$(BUILD)/$(1)/bench-epa.elf: $$(filter-out %/src/query.o,$$($(1)_LIB_OBJS)) $(BUILD)/$(1)/obj/forced-epa/src/query.o \
        $$($(1)_FIXMATH_OBJS) $$($(1)_PORT_OBJS) $(BUILD)/$(1)/obj/forced-epa/bench/bench.o
	$(ARM_CC) $$($(1)_CPU) $(ARM_LDFLAGS) -T boards/$(1)/link.ld $$^ -lm -o $$@

# The 3D workloads once more with everything built in the small
# configuration (FXC_SMALL_DEFS: a smaller EPA polytope): rows appended too.
$(BUILD)/$(1)/obj/small/%.o: %.c | deps
	@mkdir -p $$(dir $$@)
	$(ARM_CC) $$($(1)_CPU) $(ARM_CFLAGS) $$($(1)_DEFS) $(FXC_SMALL_DEFS) -DFXC_BENCH_SMALL -DFXC_BENCH_KERNELS=0 -c $$< -o $$@
$(BUILD)/$(1)/bench-small.elf: $(LIB_SRCS:%.c=$(BUILD)/$(1)/obj/small/%.o) \
        $$($(1)_FIXMATH_OBJS) $$($(1)_PORT_OBJS) $(BUILD)/$(1)/obj/small/bench/bench.o
	$(ARM_CC) $$($(1)_CPU) $(ARM_LDFLAGS) -T boards/$(1)/link.ld $$^ -lm -o $$@

bench-$(1): $(BUILD)/$(1)/bench.elf $(BUILD)/$(1)/bench-epa.elf $(BUILD)/$(1)/bench-small.elf
	timeout 600 $(QEMU) $$($(1)_QEMU) $(QEMU_FLAGS) -kernel $(BUILD)/$(1)/bench.elf 2>&1 | tee $(BUILD)/$(1)/bench.log
	timeout 600 $(QEMU) $$($(1)_QEMU) $(QEMU_FLAGS) -kernel $(BUILD)/$(1)/bench-epa.elf 2>&1 | tee -a $(BUILD)/$(1)/bench.log
	timeout 600 $(QEMU) $$($(1)_QEMU) $(QEMU_FLAGS) -kernel $(BUILD)/$(1)/bench-small.elf 2>&1 | tee -a $(BUILD)/$(1)/bench.log

# Per-function profile of one workload: the benchmark built for it alone,
# traced one instruction at a time.
$(BUILD)/$(1)/obj/bench/profile-w$(PROFILE_WORKLOAD).o: bench/bench.c | deps
	@mkdir -p $$(dir $$@)
	$(ARM_CC) $$($(1)_CPU) $(ARM_CFLAGS) $$($(1)_DEFS) -DCASES=$(PROFILE_CASES) -DFXC_BENCH_ONLY=$(PROFILE_WORKLOAD) \
	    -DFXC_BENCH_KERNELS=0 -c $$< -o $$@
$(BUILD)/$(1)/profile-w$(PROFILE_WORKLOAD).elf: $$($(1)_LIB_OBJS) $$($(1)_FIXMATH_OBJS) $$($(1)_PORT_OBJS) \
        $(BUILD)/$(1)/obj/bench/profile-w$(PROFILE_WORKLOAD).o
	$(ARM_CC) $$($(1)_CPU) $(ARM_LDFLAGS) -T boards/$(1)/link.ld $$^ -lm -o $$@
# The trace goes to a file (-D, about 1 GB for 50 cases of workload 3):
# through a pipe on stderr QEMU lost trace lines, and totals varied by up to
# 2x between runs.
profile-$(1): $(BUILD)/$(1)/profile-w$(PROFILE_WORKLOAD).elf
	timeout 900 $(QEMU) $$($(1)_QEMU) $(QEMU_FLAGS) -singlestep -d exec,nochain -D $(BUILD)/$(1)/profile.trace \
	    -kernel $$< > /dev/null
	python3 tools/profile.py $(PROFILE_CASES) < $(BUILD)/$(1)/profile.trace; st=$$$$?; rm -f $(BUILD)/$(1)/profile.trace; exit $$$$st

# A board whose flash holds the suite in parts (BOARD_TEST_PARTS) runs one
# image per part, each with its runner built for those parts; their logs
# are joined into tests.log, closed by the summed result line.
.SECONDARY: $$($(1)_TEST_PARTS:%=$(BUILD)/$(1)/obj/tests/runner-part%.o)
$(BUILD)/$(1)/obj/tests/runner-part%.o: tests/runner.c | deps
	@mkdir -p $$(dir $$@)
	$(ARM_CC) $$($(1)_CPU) $(ARM_CFLAGS) -Os $$($(1)_DEFS) -DFXC_TEST_PART=$$* -c $$< -o $$@
$(BUILD)/$(1)/tests-%.elf: $$($(1)_LIB_OBJS) $$($(1)_FIXMATH_OBJS) $$($(1)_PORT_OBJS) \
        $(filter-out %/runner.o,$(TEST_SRCS:%.c=$(BUILD)/$(1)/obj/%.o)) $(BUILD)/$(1)/obj/tests/runner-part%.o
	$(ARM_CC) $$($(1)_CPU) $(ARM_LDFLAGS) -T boards/$(1)/link.ld $$^ -lm -o $$@

test-$(1): $$(if $$($(1)_TEST_PARTS),$$($(1)_TEST_PARTS:%=$(BUILD)/$(1)/tests-%.elf),$(BUILD)/$(1)/tests.elf)
	@st=0; logs=; for elf in $$^; do log=$$$${elf%.elf}.log; logs="$$$$logs $$$$log"; \
	    timeout $(QEMU_TIMEOUT) $(QEMU) $$($(1)_QEMU) $(QEMU_FLAGS) -kernel $$$$elf 2>&1 | tee $$$$log || st=1; done; \
	if [ "$$$$logs" != " $(BUILD)/$(1)/tests.log" ]; then \
	    cat $$$$logs > $(BUILD)/$(1)/tests.log; sh tools/sum_results.sh $$$$logs | tail -n1 >> $(BUILD)/$(1)/tests.log; fi; \
	exit $$$$st

demo-$(1): $(BUILD)/$(1)/demo.elf
	timeout 120 $(QEMU) $$($(1)_QEMU) $(QEMU_FLAGS) -kernel $$< 2>&1

demo2d-$(1): $(BUILD)/$(1)/demo2d.elf
	timeout 120 $(QEMU) $$($(1)_QEMU) $(QEMU_FLAGS) -kernel $$< 2>&1
endef
$(foreach b,$(QEMU_BOARDS),$(eval $(call board_template,$(b))))

# Real-board images and flashing (boards/boards.mk), fuzzing (tests/fuzz/fuzz.mk),
# install, the Arduino zip and the packaging check (packaging/packaging.mk).
-include boards/boards.mk
-include tests/fuzz/fuzz.mk
-include packaging/packaging.mk

# Header dependencies written by -MMD. They are never remade: without the
# empty rule, make's built-in rule %: %.o would try to build x.d from
# x.d.o, through the pattern rules of the objects (runner-part12.d.o).
-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
%.d: ;

# ---- top-level targets ----------------------------------------------------
.PHONY: $(HOST_VARIANTS:%=test-%)
.PHONY: all deps test test-host test-host-small lint size stack accuracy check-accuracy check-readme check-nofloat demo demo-host demo2d demo2d-host bench bench-host profile clean distclean help \
        $(QEMU_BOARDS:%=test-%) $(QEMU_BOARDS:%=demo-%) $(QEMU_BOARDS:%=demo2d-%) $(QEMU_BOARDS:%=bench-%) $(QEMU_BOARDS:%=profile-%)

all: $(BUILD)/host/tests $(QEMU_BOARDS:%=$(BUILD)/%/tests.elf)

## deps: install the toolchain and QEMU if missing, fetch libfixmath's source
deps:
	@sh tools/setup.sh

## test: host tests (ASan+UBSan; also gcc -O0/-O2 and clang -O2), the same tests on QEMU Cortex-M3 and M0,
##       determinism hash, no-float/no-heap check, lint, stack limits, README example, the demo and the 2D
##       demo on both emulated boards, the real-board images (demo, tests and bench built for both boards, memory map
##       checked, micro:bit demo run in QEMU),
##       the packaging check (CMake with ctest on host and QEMU, make install, pkg-config, C++, Arduino,
##       PlatformIO, Zephyr), and a fixed-seed libFuzzer smoke run
test: deps
	@$(MAKE) --no-print-directory test-host test-host-small check-accuracy $(HOST_VARIANTS:%=test-%) $(QEMU_BOARDS:%=test-%) check-nofloat lint stack check-readme check-packaging fuzz-smoke \
	    demo-mps2-an385 demo-microbit demo2d-mps2-an385 demo2d-microbit boards run-board-microbit BOARD_APPS="demo demo2d tests bench"
	@sh tools/check_determinism.sh $(BUILD)/host/tests.log $(HOST_VARIANTS:%=$(BUILD)/%/tests.log) \
	    $(QEMU_BOARDS:%=$(BUILD)/%/tests.log) | tee $(BUILD)/determinism.log
	@sh tools/sum_results.sh $(BUILD)/host/tests.log $(BUILD)/host-small/tests.log $(HOST_VARIANTS:%=$(BUILD)/%/tests.log) \
	    $(QEMU_BOARDS:%=$(BUILD)/%/tests.log) $(BUILD)/accuracy.log $(BUILD)/check-nofloat.log $(BUILD)/lint.log $(BUILD)/stack.log $(BUILD)/readme.log $(BUILD)/packaging.log $(BUILD)/boards/check-memory-map.log $(BUILD)/fuzz/smoke.log $(BUILD)/fuzz/smoke2d.log $(BUILD)/determinism.log

## test-host: the unit tests on the host alone (ASan+UBSan), log in build/host/tests.log
test-host: $(BUILD)/host/tests
	$(BUILD)/host/tests | tee $(BUILD)/host/tests.log

## check-nofloat: fail if the Cortex-M library references float/double helpers or the heap
check-nofloat: $(foreach b,$(QEMU_BOARDS),$($(b)_LIB_OBJS) $($(b)_FIXMATH_OBJS)) $(BUILD)/mps2-an385/obj/tests/canary/float_canary.o
	@sh tools/check_nofloat.sh $(ARM_NM) $(BUILD)/mps2-an385/obj/tests/canary/float_canary.o \
	    -- $(foreach b,$(QEMU_BOARDS),$($(b)_LIB_OBJS) $($(b)_FIXMATH_OBJS)) | tee $(BUILD)/check-nofloat.log

## lint: cppcheck and clang-tidy on src/ (must be clean), MISRA C:2012 report against docs/misra.md
lint: deps
	@sh tools/lint.sh $(FIXMATH_DIR) $(BUILD)/lint | tee $(BUILD)/lint.log

## accuracy: write docs/accuracy.md (every error statistic of the host tests) from a fresh host test run
accuracy: test-host
	@sh tools/accuracy_report.sh $(BUILD)/host/tests.log > docs/accuracy.md
	@echo "accuracy: wrote docs/accuracy.md"

## check-accuracy: run the host tests, fail if docs/accuracy.md differs from what they printed
# test-host writes the log this reads: a prerequisite, so that make -j cannot
# read it before it is written (or a stale one from an earlier run).
check-accuracy: test-host
	@if sh tools/accuracy_report.sh $(BUILD)/host/tests.log | diff -q - docs/accuracy.md > /dev/null; then \
	    echo "accuracy: docs/accuracy.md matches the host test log"; echo "1 passed, 0 failed"; \
	else \
	    echo "accuracy: docs/accuracy.md is stale (run make accuracy)"; echo "0 passed, 1 failed"; \
	fi > $(BUILD)/accuracy.log; cat $(BUILD)/accuracy.log; grep -q "^1 passed" $(BUILD)/accuracy.log

## check-readme: compile and run the README's code example
check-readme: deps
	@sh tools/check_readme.sh $(FIXMATH_DIR) $(BUILD)/readme > $(BUILD)/readme.log; st=$$?; cat $(BUILD)/readme.log; exit $$st

## size: flash and RAM of the library on M0/M3 at -Os/-O2 (fxcollide, libfixmath, libgcc)
size: deps
	@sh tools/size_report.sh $(FIXMATH_DIR) $(BUILD)/size "$(FXC_SMALL_DEFS)" | tee $(BUILD)/size.log

## stack: worst-case stack per public function on M0/M3 from the call graph; fails above the limits
stack: deps
	@sh tools/stack_check.sh $(FIXMATH_DIR) $(BUILD)/stack > $(BUILD)/stack.log; st=$$?; cat $(BUILD)/stack.log; exit $$st

## demo: run the demo on the emulated BOARD (default mps2-an385; BOARD=microbit for the M0)
demo: deps
	@$(MAKE) --no-print-directory demo-$(BOARD)

demo-host: $(BUILD)/host/demo
	$(BUILD)/host/demo

## demo2d: run the 2D demo (a ball bouncing in a polygon room) on the emulated BOARD (default mps2-an385;
##         BOARD=microbit for the M0); demo2d-host on the PC, `build/host/demo2d --svg N out.svg` draws frame N
demo2d: deps
	@$(MAKE) --no-print-directory demo2d-$(BOARD)

demo2d-host: $(BUILD)/host/demo2d
	$(BUILD)/host/demo2d

## bench: instructions per query on QEMU Cortex-M3 and M0, ns per query on the host, flash size
##        -> bench/results.md and the README's figures block
bench: deps
	@$(MAKE) --no-print-directory bench-host $(QEMU_BOARDS:%=bench-%) size
	@sh tools/bench_report.sh $(BUILD)/host-O2/bench.log $(QEMU_BOARDS:%=$(BUILD)/%/bench.log) > bench/results.md
	@(echo; echo "## exact fallbacks of the filters (per query; the same decisions on every platform)"; \
	  cat $(BUILD)/host-count/bench.log) >> bench/results.md
	@(echo; echo "## size (\`make size\`: bytes; 'everything 3D' links every shape and query, the other rows only the named query on the named shapes)"; \
	  cat $(BUILD)/size.log) >> bench/results.md
	@sh tools/readme_figures.sh bench/results.md README.md
	@echo "bench: wrote bench/results.md and the README's figures block"

## profile: instructions per function of one benchmark workload on QEMU
##          (PROFILE_BOARD=mps2-an385|microbit, PROFILE_WORKLOAD=1..20, PROFILE_CASES=20)
PROFILE_BOARD ?= mps2-an385
profile: deps
	@$(MAKE) --no-print-directory profile-$(PROFILE_BOARD)

bench-host: $(BUILD)/host-O2/bench $(BUILD)/host-count/bench
	$(BUILD)/host-O2/bench | tee $(BUILD)/host-O2/bench.log
	$(BUILD)/host-count/bench | sed -n '/box sign/,$$p' | tee $(BUILD)/host-count/bench.log

clean:
	rm -rf $(BUILD)

distclean: clean
	rm -rf .deps

help:
	@grep -hE '^## ' Makefile $(wildcard boards/boards.mk tests/fuzz/fuzz.mk packaging/packaging.mk) | sed -e 's/^## \([a-z]\)/  make \1/' -e 's/^##  */           /'
