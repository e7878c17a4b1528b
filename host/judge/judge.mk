# host/judge/judge.mk: `grundy judge`, the course's HDU problems answered as their judges expect
# (host only), and its test binary under AddressSanitizer and UBSan. Included by the top
# Makefile, which defines BUILD, HOST_CC, WARN and Q. Provides JUDGE_SRCS (for the grundy host
# program), JUDGE_INC, JUDGE_TEST and JUDGE_TEST_SUITES, appended to TEST_SUITES and CHECK_SUITES
# (its program to TEST_PROGRAMS and CHECK_PROGRAMS).

JUDGE_SRCS := $(wildcard host/judge/*.c)
JUDGE_INC := -Ihost/judge
JUDGE_TEST := $(BUILD)/tests/test_judge
JUDGE_TEST_SRCS := $(wildcard tests/judge/*.c) tests/engine/check.c
JUDGE_SANITIZE := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

$(JUDGE_TEST): $(JUDGE_SRCS) $(JUDGE_TEST_SRCS) $(wildcard host/judge/*.h tests/judge/*.h) \
		tests/engine/check.h host/judge/judge.mk
	@mkdir -p $(@D)
	@echo "  CC      $@"
	$(Q)$(HOST_CC) -std=gnu99 -O1 -g $(WARN) $(JUDGE_SANITIZE) $(JUDGE_INC) -Itests/engine \
		$(filter %.c,$^) -o $@

# (a suite's name ends at its first ": ", so the name has none)
JUDGE_TEST_SUITES := "grundy judge, 18 HDU problems (samples, brute force, bad input; ASan and UBSan): \
	$(JUDGE_TEST) tests/judge/samples"

TEST_PROGRAMS += $(JUDGE_TEST)
TEST_SUITES += $(JUDGE_TEST_SUITES)
CHECK_PROGRAMS += $(JUDGE_TEST)
CHECK_SUITES += $(JUDGE_TEST_SUITES)

.PHONY: test-judge
test-judge: $(JUDGE_TEST)
	$(JUDGE_TEST) tests/judge/samples
