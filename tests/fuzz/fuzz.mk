# tests/fuzz/fuzz.mk: the console's parser under libFuzzer (clang) with AddressSanitizer and
# UBSan. Included by the top Makefile (BUILD, WARN, Q, ENGINE_SRCS, ENGINE_INC, TABLES_H).
# Provides FUZZ_CONSOLE, FUZZ_TEST_SUITES (FUZZ_SECONDS: 30 s in make test) and
# FUZZ_CHECK_SUITES (CHECK_FUZZ_SECONDS: 5 s in make check); `make fuzz` runs it longer.

FUZZ_DIR := $(BUILD)/fuzz
FUZZ_CONSOLE := $(FUZZ_DIR)/fuzz_console
FUZZ_SECONDS ?= 30
CHECK_FUZZ_SECONDS ?= 5
FUZZ_SRCS := tests/fuzz/fuzz_console.c firmware/console/console_parse.c $(ENGINE_SRCS)

$(FUZZ_CONSOLE): $(FUZZ_SRCS) $(wildcard firmware/console/*.h firmware/engine/*.h) $(TABLES_H) \
		tests/fuzz/fuzz.mk Makefile
	@mkdir -p $(@D)
	@echo "  CLANG   $@"
	$(Q)clang -std=gnu99 -O1 -g $(WARN) -fsanitize=fuzzer,address,undefined \
		-fno-sanitize-recover=undefined -DCONSOLE_HAS_EXPLAIN=1 -Ifirmware/console $(ENGINE_INC) \
		$(FUZZ_SRCS) -o $@

fuzz_suite = "console parser fuzzing ($(1) s): sh tests/fuzz/run.sh $(FUZZ_CONSOLE) $(1) tests/fuzz/corpus $(FUZZ_DIR)"
FUZZ_TEST_SUITES = $(call fuzz_suite,$(FUZZ_SECONDS))
FUZZ_CHECK_SUITES = $(call fuzz_suite,$(CHECK_FUZZ_SECONDS))

TEST_PROGRAMS += $(FUZZ_CONSOLE)
TEST_SUITES += $(FUZZ_TEST_SUITES)
CHECK_PROGRAMS += $(FUZZ_CONSOLE)
CHECK_SUITES += $(FUZZ_CHECK_SUITES)
