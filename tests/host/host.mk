# tests/host/host.mk: grundy on a computer as a person uses it (arguments, pipe, prompt, exit
# statuses; tests/host/test_cli.sh), with its AddressSanitizer build for bad input. Included by
# the top Makefile after grundy's own rule (CLI, CLI_SRCS, CLI_CFLAGS, ENGINE_SRCS, TABLES_H).
# Provides CLI_ASAN, HOST_TEST_PROGRAMS and HOST_TEST_SUITES, appended to TEST_PROGRAMS and
# TEST_SUITES, and the same to CHECK_PROGRAMS and CHECK_SUITES.

# The same program under AddressSanitizer and UBSan, for the tests that feed it bad input.
CLI_ASAN := $(BUILD)/host/grundy-asan
$(CLI_ASAN): $(CLI_SRCS) $(ENGINE_SRCS) $(wildcard host/*.h host/judge/*.h firmware/console/*.h) $(TABLES_H) \
		tests/host/host.mk Makefile
	@mkdir -p $(@D)
	@echo "  HOSTLD  $@"
	$(Q)$(HOST_CC) -std=gnu99 -O1 -g $(WARN) -fsanitize=address,undefined -fno-sanitize-recover=all \
		$(CLI_CFLAGS) $(filter %.c,$^) -o $@ $(CLI_LIBS)

HOST_TEST_PROGRAMS := $(CLI) $(CLI_ASAN)
HOST_TEST_SUITES = \
	"grundy's ways in (arguments, pipe, prompt, exit statuses): sh tests/host/test_cli.sh $(CLI) $(CLI_ASAN)"

TEST_PROGRAMS += $(HOST_TEST_PROGRAMS)
TEST_SUITES += $(HOST_TEST_SUITES)
CHECK_PROGRAMS += $(HOST_TEST_PROGRAMS)
CHECK_SUITES += $(HOST_TEST_SUITES)
