# tests/tools/tools.mk: the tools around the firmware as a newcomer meets them (make flash, make
# play and make console in a terminal, the CI workflow) and the source's include rules
# (tools/check_includes.py: the layers and the known import circles). Included by the top Makefile
# (BUILD, DEVICE_BOARDS, SIM_PLAY, SIM_SERIAL). Provides TOOLS_TEST_PROGRAMS, TOOLS_TEST_SUITES and
# TOOLS_CHECK_SUITES, appended to TEST_PROGRAMS, TEST_SUITES and CHECK_SUITES.

TOOLS_TEST_PROGRAMS := $(SIM_PLAY) $(SIM_SERIAL)
# The include check, and the check's own test on a small doctored tree.
INCLUDES_TEST_SUITES = \
	"the include layers one way, no import circle but the known ones (tools/check_includes.py): \
		python3 tools/check_includes.py --known tests/tools/include_circles_known.txt" \
	"tools/check_includes.py on a doctored tree (a planted circle, a layer broken): \
		python3 tests/tools/test_check_includes.py"
TOOLS_TEST_SUITES = \
	"[wait] make flash for a newcomer (avrdude installed for it, the port checked): sh tests/tools/test_flash.sh" \
	"make play at 80x24 on every board, standby, make console, make help: \
		python3 tests/tools/test_terminal.py $(BUILD) $(DEVICE_BOARDS)" \
	"the CI workflow for forks parses and runs .ci/run: python3 tests/tools/check_ci.py" \
	$(INCLUDES_TEST_SUITES)
TOOLS_CHECK_SUITES = $(INCLUDES_TEST_SUITES)

TEST_PROGRAMS += $(TOOLS_TEST_PROGRAMS)
TEST_SUITES += $(TOOLS_TEST_SUITES)
CHECK_SUITES += $(TOOLS_CHECK_SUITES)
