# tests/fuzz/fuzz.mk: fuzzing under libFuzzer (clang) with AddressSanitizer and UBSan. Included by
# the top Makefile after grundy's and the judges' rules (BUILD, WARN, Q, ENGINE_SRCS, ENGINE_INC,
# TABLES_H, CLI_CFLAGS, JUDGE_SRCS, JUDGE_INC). Provides FUZZ_ALL, fuzz_suites, FUZZ_TEST_SUITES
# (about 61 s in make test) and FUZZ_CHECK_SUITES (CHECK_FUZZ_SECONDS: 5 s of grundy's whole
# answer path in make check); `make fuzz` runs them longer.

# --- fuzzing under libFuzzer (clang), AddressSanitizer and UBSan (tests/fuzz) ---
# fuzz_console: the console's parser alone. fuzz_grundy: the whole answer path grundy runs for a
# line (host/grundy_answer.c: dag, digits, the console's parse, answer and explain), with a
# dictionary of the command words and games and seeds from the docs' command lines (both made
# here by tests/fuzz/fuzz_inputs.py from the sources and the docs). fuzz_judge: grundy judge's
# 18 problems, the first input byte picking one, seeded with tests/judge/samples, with a dictionary
# of the numbers' separators and the integers at the edges of 32 and 64 bits (tests/fuzz/judge.dict).
# make test runs fuzz_grundy on printable text for FUZZ_TEST_SECONDS_TEXT, on any bytes for
# FUZZ_TEST_SECONDS_BYTES, and the other two for FUZZ_TEST_SECONDS each (61 s in all); make fuzz
# runs all four for FUZZ_SECONDS each.
# fuzz_grundy's inputs stay under 128 bytes: a line of 16 heaps fits, and short inputs find the
# answer path's faults sooner.
FUZZ_DIR := $(BUILD)/fuzz
FUZZ_CONSOLE := $(FUZZ_DIR)/fuzz_console
FUZZ_GRUNDY := $(FUZZ_DIR)/fuzz_grundy
FUZZ_JUDGE := $(FUZZ_DIR)/fuzz_judge
FUZZ_TEST_SECONDS_TEXT ?= 25
FUZZ_TEST_SECONDS_BYTES ?= 20
FUZZ_TEST_SECONDS ?= 8
FUZZ_SECONDS ?= 300
FUZZ_CC := clang -std=gnu99 -O1 -g $(WARN) -fsanitize=fuzzer,address,undefined \
	-fno-sanitize-recover=undefined
FUZZ_SRCS := tests/fuzz/fuzz_console.c firmware/console/console_parse.c $(ENGINE_SRCS)
FUZZ_GRUNDY_SRCS := tests/fuzz/fuzz_grundy.c host/grundy_answer.c host/grundy_dag.c host/grundy_digits.c \
	firmware/console/console_answer.c firmware/console/console_explain.c \
	firmware/console/console_parse.c $(JUDGE_SRCS) $(ENGINE_SRCS)
FUZZ_GRUNDY_DICT := $(FUZZ_DIR)/grundy.dict
FUZZ_GRUNDY_SEEDS := $(FUZZ_DIR)/grundy-seeds
FUZZ_JUDGE_SRCS := tests/fuzz/fuzz_judge.c $(JUDGE_SRCS)
FUZZ_JUDGE_SEEDS := $(FUZZ_DIR)/judge-seeds
FUZZ_HEADERS := $(wildcard host/*.h host/judge/*.h firmware/console/*.h firmware/engine/*.h)

$(FUZZ_CONSOLE): $(FUZZ_SRCS) $(FUZZ_HEADERS) $(TABLES_H) tests/fuzz/fuzz.mk Makefile
	@mkdir -p $(@D)
	@echo "  CLANG   $@"
	$(Q)$(FUZZ_CC) -DCONSOLE_HAS_EXPLAIN=1 -Ifirmware/console $(ENGINE_INC) $(FUZZ_SRCS) -o $@

$(FUZZ_GRUNDY): $(FUZZ_GRUNDY_SRCS) $(FUZZ_HEADERS) $(TABLES_H) tests/fuzz/fuzz.mk Makefile
	@mkdir -p $(@D)
	@echo "  CLANG   $@"
	$(Q)$(FUZZ_CC) $(CLI_CFLAGS) $(FUZZ_GRUNDY_SRCS) -o $@

$(FUZZ_JUDGE): $(FUZZ_JUDGE_SRCS) $(FUZZ_HEADERS) tests/fuzz/fuzz.mk Makefile
	@mkdir -p $(@D)
	@echo "  CLANG   $@"
	$(Q)$(FUZZ_CC) $(JUDGE_INC) $(FUZZ_JUDGE_SRCS) -o $@

# the dictionary and the seeds, from the sources' word tables and the docs' command lines
$(FUZZ_GRUNDY_DICT): tests/fuzz/fuzz_inputs.py firmware/console/console_parse.c firmware/engine/engine.h \
		docs/console.md Makefile
	@mkdir -p $(@D)
	$(Q)python3 tests/fuzz/fuzz_inputs.py dict $@ firmware/console/console_parse.c \
		firmware/engine/engine.h docs/console.md

$(FUZZ_GRUNDY_SEEDS): tests/fuzz/fuzz_inputs.py README.md $(wildcard docs/*.md) Makefile
	@mkdir -p $(@D)
	$(Q)rm -rf $@ && python3 tests/fuzz/fuzz_inputs.py seeds $@ README.md docs/*.md

$(FUZZ_JUDGE_SEEDS): tests/fuzz/fuzz_inputs.py host/judge/judge.c $(wildcard tests/judge/samples/*.in) Makefile
	@mkdir -p $(@D)
	$(Q)rm -rf $@ && python3 tests/fuzz/fuzz_inputs.py judge-seeds $@ host/judge/judge.c tests/judge/samples

# the suites: "name: command" for run_suites.sh; fuzz_grundy twice: on printable text only
# (-only_ascii=1: the command language itself, where a long position is put together sooner) for
# $(1) seconds, and on any bytes (a NUL, a serial line's garbage) for $(2); the others for $(3)
fuzz_suites = "console parser fuzzing ($(3) s): sh tests/fuzz/run.sh $(FUZZ_CONSOLE) $(3) \
		tests/fuzz/corpus $(FUZZ_DIR)/console -max_len=300" \
	"grundy's whole answer path fuzzing, any bytes ($(2) s): \
		sh tests/fuzz/run.sh $(FUZZ_GRUNDY) $(2) $(FUZZ_GRUNDY_SEEDS) $(FUZZ_DIR)/grundy-bytes \
		-max_len=128 -dict=$(FUZZ_GRUNDY_DICT)" \
	"grundy's whole answer path fuzzing, printable text ($(1) s): \
		sh tests/fuzz/run.sh $(FUZZ_GRUNDY) $(1) $(FUZZ_GRUNDY_SEEDS) $(FUZZ_DIR)/grundy-text \
		-max_len=128 -dict=$(FUZZ_GRUNDY_DICT) -only_ascii=1" \
	"grundy judge fuzzing, 18 problems from their samples ($(3) s): sh tests/fuzz/run.sh $(FUZZ_JUDGE) $(3) \
		$(FUZZ_JUDGE_SEEDS) $(FUZZ_DIR)/judge -max_len=4096 -dict=tests/fuzz/judge.dict"
FUZZ_ALL := $(FUZZ_CONSOLE) $(FUZZ_GRUNDY) $(FUZZ_JUDGE) $(FUZZ_GRUNDY_DICT) $(FUZZ_GRUNDY_SEEDS) \
	$(FUZZ_JUDGE_SEEDS)

CHECK_FUZZ_SECONDS ?= 5
FUZZ_TEST_SUITES = $(call fuzz_suites,$(FUZZ_TEST_SECONDS_TEXT),$(FUZZ_TEST_SECONDS_BYTES),$(FUZZ_TEST_SECONDS))
FUZZ_CHECK_SUITES = "grundy's whole answer path fuzzing, any bytes ($(CHECK_FUZZ_SECONDS) s): \
	sh tests/fuzz/run.sh $(FUZZ_GRUNDY) $(CHECK_FUZZ_SECONDS) $(FUZZ_GRUNDY_SEEDS) $(FUZZ_DIR)/grundy-bytes \
	-max_len=128 -dict=$(FUZZ_GRUNDY_DICT)"

TEST_PROGRAMS += $(FUZZ_ALL)
TEST_SUITES += $(FUZZ_TEST_SUITES)
CHECK_PROGRAMS += $(FUZZ_GRUNDY) $(FUZZ_GRUNDY_DICT) $(FUZZ_GRUNDY_SEEDS)
CHECK_SUITES += $(FUZZ_CHECK_SUITES)
