# tests/bench/bench.mk: make bench's quick form as a suite of make test (the same steps as make
# bench on every board and home, fewer repetitions), so that make bench cannot break unseen.
# Included by the top Makefile after the bench rules (BENCH_*_ELF, LATENCY, CONSOLE_BENCH,
# POWER_BENCH, CLI). Provides BENCH_TEST_PROGRAMS and BENCH_TEST_SUITES, appended to
# TEST_PROGRAMS and TEST_SUITES.

BENCH_TEST_PROGRAMS := $(BENCH_ELF) $(BENCH_DEVICE_ELF) $(BENCH_QUICK_ELF) $(BENCH_QUICK_DEVICE_ELF) \
	$(LATENCY) $(CONSOLE_BENCH) $(POWER_BENCH) $(CLI)
BENCH_TEST_SUITES = "make bench's quick form, every step on every board (make bench-quick): \
	$(MAKE) --no-print-directory -s _bench BENCH_QUICK=1"

TEST_PROGRAMS += $(BENCH_TEST_PROGRAMS)
TEST_SUITES += $(BENCH_TEST_SUITES)
