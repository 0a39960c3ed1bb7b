# Fuzzing the public queries with libFuzzer (clang), included by the
# top-level Makefile. Targets:
#   make fuzz [FUZZ_TIME=600]   run the fuzzer for FUZZ_TIME seconds on one core;
#                               new inputs go to build/fuzz/corpus, crashes to
#                               build/fuzz/artifacts/
#   make fuzz-smoke             short fixed-seed runs over the seed corpora:
#                               fuzz3d-smoke (FUZZ_SMOKE_RUNS inputs, log
#                               build/fuzz/smoke.log) and fuzz2d-smoke
#                               (FUZZ2D_SMOKE_RUNS inputs, log
#                               build/fuzz/smoke2d.log), each log ending
#                               'N passed, N failed'
#   make fuzz2d [FUZZ_TIME=600] the 2D harness (fuzz_2d.c) for FUZZ_TIME
#                               seconds; corpus build/fuzz/corpus2d, crashes
#                               to build/fuzz/artifacts2d/
#   make fuzz2d-corpus          regenerate tests/fuzz/corpus2d from gen_corpus2d.c
#   make fuzz2d-repro FUZZ_INPUT=file   run one input through the 2D harness
#   make fuzz-corpus            regenerate tests/fuzz/corpus from gen_corpus.c
#   make fuzz-repro FUZZ_INPUT=file   run one input and print its decoding
# FXC_FUZZ_WAIVE=key,... (environment) waives known findings, see
# fuzz_queries.c (2D keys: fuzz_2d.c; FUZZ2D_SMOKE_WAIVE for its smoke run).
# Needs clang-14 and libclang-rt-14-dev (Debian), or FUZZ_CC=another clang.

FUZZ_CC ?= $(shell command -v clang-14 2>/dev/null || command -v clang 2>/dev/null || echo clang-14)
FUZZ_TIME ?= 600
FUZZ_SMOKE_RUNS ?= 30000
# FUZZ_SMOKE_WAIVE=key,... waives known findings in the smoke run (see
# fuzz_queries.c); empty: every invariant is enforced.
FUZZ_SMOKE_WAIVE ?=
FUZZ_MAX_LEN ?= 4096
FUZZ_DIR := $(BUILD)/fuzz
FUZZ_BIN := $(FUZZ_DIR)/fuzz_queries
FUZZ_SEEDS := tests/fuzz/corpus
FUZZ_SAN := -fsanitize=address,undefined -fno-sanitize-recover=all
# The library and libfixmath get coverage instrumentation (fuzzer-no-link);
# the library keeps its warnings visible but not fatal under clang.
FUZZ_CFLAGS := $(CSTD) -O1 -g -fno-omit-frame-pointer $(FUZZ_SAN) $(INCLUDES) $(FIXMATH_DEFS) $(HOST_DEFS)
FUZZ_LIB_OBJS := $(LIB_SRCS:%.c=$(FUZZ_DIR)/obj/%.o) \
                 $(patsubst %,$(FUZZ_DIR)/fixmath/%,$(notdir $(FIXMATH_SRCS:.c=.o)))
FUZZ_FLAGS := -max_len=$(FUZZ_MAX_LEN) -artifact_prefix=$(FUZZ_DIR)/artifacts/ -print_final_stats=1

$(FUZZ_DIR)/obj/src/%.o: src/%.c | deps
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -MMD -MP $(filter-out -Werror,$(WARN)) -fsanitize=fuzzer-no-link -c $< -o $@

$(FUZZ_DIR)/fixmath/%.o: $(FIXMATH_DIR)/%.c | deps
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c $< -o $@

$(FUZZ_DIR)/obj/fuzz_queries.o: tests/fuzz/fuzz_queries.c | deps
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -MMD -MP $(WARN) -fsanitize=fuzzer -c $< -o $@

$(FUZZ_BIN): $(FUZZ_LIB_OBJS) $(FUZZ_DIR)/obj/fuzz_queries.o
	$(FUZZ_CC) -fsanitize=fuzzer,address,undefined $^ -lm -o $@

$(FUZZ_DIR)/gen_corpus: tests/fuzz/gen_corpus.c
	@mkdir -p $(dir $@)
	$(HOST_CC) $(CSTD) -O1 $(WARN) -Iinclude -I$(FIXMATH_DIR) $< -o $@

.PHONY: fuzz fuzz-smoke fuzz3d-smoke fuzz-corpus fuzz-repro fuzz-check-cc

fuzz-check-cc:
	@command -v $(FUZZ_CC) >/dev/null 2>&1 || { echo "fuzz: $(FUZZ_CC) not found (apt-get install clang-14 libclang-rt-14-dev)"; exit 1; }

## fuzz: run the libFuzzer harness for FUZZ_TIME seconds (default 600) on one core
fuzz: fuzz-check-cc $(FUZZ_BIN)
	@mkdir -p $(FUZZ_DIR)/corpus $(FUZZ_DIR)/artifacts
	$(FUZZ_BIN) $(FUZZ_FLAGS) -max_total_time=$(FUZZ_TIME) $(FUZZ_DIR)/corpus $(FUZZ_SEEDS)

## fuzz-smoke: fixed-seed fuzz runs of the 3D and the 2D harness over their seed corpora (both run; fails if either fails)
fuzz-smoke: fuzz-check-cc
	@rc=0; $(MAKE) --no-print-directory fuzz3d-smoke || rc=1; $(MAKE) --no-print-directory fuzz2d-smoke || rc=1; exit $$rc

## fuzz3d-smoke: fixed-seed 3D fuzz run (FUZZ_SMOKE_RUNS inputs) over the seed corpus; ends 'N passed, N failed'
fuzz3d-smoke: fuzz-check-cc $(FUZZ_BIN)
	@rm -rf $(FUZZ_DIR)/smoke && mkdir -p $(FUZZ_DIR)/smoke/corpus $(FUZZ_DIR)/smoke/artifacts
	@if FXC_FUZZ_WAIVE=$(FUZZ_SMOKE_WAIVE) $(FUZZ_BIN) -max_len=$(FUZZ_MAX_LEN) -artifact_prefix=$(FUZZ_DIR)/smoke/artifacts/ -seed=1 -runs=$(FUZZ_SMOKE_RUNS) \
	        $(FUZZ_DIR)/smoke/corpus $(FUZZ_SEEDS) > $(FUZZ_DIR)/smoke.log 2>&1; then \
	    grep -E '^(Done|stat::number_of_executed_units)' $(FUZZ_DIR)/smoke.log; \
	    echo "1 passed, 0 failed" | tee -a $(FUZZ_DIR)/smoke.log; \
	else \
	    sed -n '/==== fxcollide fuzz invariant failed\|ERROR: AddressSanitizer\|runtime error/,/ERROR: libFuzzer\|^SUMMARY/p' \
	        $(FUZZ_DIR)/smoke.log | grep -v 'ERROR: libFuzzer' | head -n 60; \
	    grep -A1 -m1 '^0x' $(FUZZ_DIR)/smoke.log | head -n 1; \
	    echo "fuzz-smoke: crash input in $(FUZZ_DIR)/smoke/artifacts/ (make fuzz-repro FUZZ_INPUT=...), log $(FUZZ_DIR)/smoke.log"; \
	    echo "0 passed, 1 failed" | tee -a $(FUZZ_DIR)/smoke.log; exit 1; \
	fi

## fuzz-corpus: regenerate the seed corpus tests/fuzz/corpus
fuzz-corpus: $(FUZZ_DIR)/gen_corpus
	$(FUZZ_DIR)/gen_corpus $(FUZZ_SEEDS)

## fuzz-repro: run one input (FUZZ_INPUT=file) through the harness
fuzz-repro: fuzz-check-cc $(FUZZ_BIN)
	FXC_FUZZ_DESCRIBE=1 $(FUZZ_BIN) $(FUZZ_INPUT)

# ---- The 2D harness (fuzz_2d.c, seeds from gen_corpus2d.c) -----------------
FUZZ2D_BIN := $(FUZZ_DIR)/fuzz_2d
FUZZ2D_SEEDS := tests/fuzz/corpus2d
FUZZ2D_SMOKE_RUNS ?= 30000
# FUZZ2D_SMOKE_WAIVE=key,... waives known findings in the 2D smoke run (keys
# in fuzz_2d.c); empty: every invariant is enforced.
FUZZ2D_SMOKE_WAIVE ?=

$(FUZZ_DIR)/obj/fuzz_2d.o: tests/fuzz/fuzz_2d.c | deps
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -MMD -MP $(WARN) -fsanitize=fuzzer -c $< -o $@

$(FUZZ2D_BIN): $(FUZZ_LIB_OBJS) $(FUZZ_DIR)/obj/fuzz_2d.o
	$(FUZZ_CC) -fsanitize=fuzzer,address,undefined $^ -lm -o $@

$(FUZZ_DIR)/gen_corpus2d: tests/fuzz/gen_corpus2d.c
	@mkdir -p $(dir $@)
	$(HOST_CC) $(CSTD) -O1 $(WARN) $< -o $@

.PHONY: fuzz2d fuzz2d-smoke fuzz2d-corpus fuzz2d-repro

## fuzz2d: run the 2D libFuzzer harness for FUZZ_TIME seconds (default 600) on one core
fuzz2d: fuzz-check-cc $(FUZZ2D_BIN)
	@mkdir -p $(FUZZ_DIR)/corpus2d $(FUZZ_DIR)/artifacts2d
	$(FUZZ2D_BIN) $(FUZZ_FLAGS:$(FUZZ_DIR)/artifacts/=$(FUZZ_DIR)/artifacts2d/) -max_total_time=$(FUZZ_TIME) $(FUZZ_DIR)/corpus2d $(FUZZ2D_SEEDS)

## fuzz2d-smoke: fixed-seed 2D fuzz run (FUZZ2D_SMOKE_RUNS inputs) over its seed corpus; log build/fuzz/smoke2d.log
fuzz2d-smoke: fuzz-check-cc $(FUZZ2D_BIN)
	@rm -rf $(FUZZ_DIR)/smoke2d $(FUZZ_DIR)/smoke2d.log && mkdir -p $(FUZZ_DIR)/smoke2d/corpus $(FUZZ_DIR)/smoke2d/artifacts
	@if FXC_FUZZ_WAIVE=$(FUZZ2D_SMOKE_WAIVE) $(FUZZ2D_BIN) -max_len=$(FUZZ_MAX_LEN) -artifact_prefix=$(FUZZ_DIR)/smoke2d/artifacts/ -seed=1 -runs=$(FUZZ2D_SMOKE_RUNS) \
	        $(FUZZ_DIR)/smoke2d/corpus $(FUZZ2D_SEEDS) > $(FUZZ_DIR)/smoke2d.log 2>&1; then \
	    grep -E '^(Done|stat::number_of_executed_units)' $(FUZZ_DIR)/smoke2d.log; \
	    echo "1 passed, 0 failed" | tee -a $(FUZZ_DIR)/smoke2d.log; \
	else \
	    sed -n '/==== fxcollide fuzz invariant failed\|ERROR: AddressSanitizer\|runtime error/,/ERROR: libFuzzer\|^SUMMARY/p' \
	        $(FUZZ_DIR)/smoke2d.log | grep -v 'ERROR: libFuzzer' | head -n 60; \
	    echo "fuzz2d-smoke: crash input in $(FUZZ_DIR)/smoke2d/artifacts/ (make fuzz2d-repro FUZZ_INPUT=...), log $(FUZZ_DIR)/smoke2d.log"; \
	    echo "0 passed, 1 failed" | tee -a $(FUZZ_DIR)/smoke2d.log; exit 1; \
	fi

## fuzz2d-corpus: regenerate the 2D seed corpus tests/fuzz/corpus2d
fuzz2d-corpus: $(FUZZ_DIR)/gen_corpus2d
	$(FUZZ_DIR)/gen_corpus2d $(FUZZ2D_SEEDS)

## fuzz2d-repro: run one input (FUZZ_INPUT=file) through the 2D harness
fuzz2d-repro: fuzz-check-cc $(FUZZ2D_BIN)
	FXC_FUZZ_DESCRIBE=1 $(FUZZ2D_BIN) $(FUZZ_INPUT)
