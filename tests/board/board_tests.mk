# tests/board/board_tests.mk: the boards' own tests on their real images (shift595's status
# lights, brightness and latching; matrix8's MAX7219, sounds and letters, and its refresh flag
# read with interrupts off in the disassembly). Included by the top Makefile after sim/sim.mk
# (SIM_TEST_SHIFT595, SIM_TEST_MATRIX8). Provides SHIFT595_ELF, MATRIX8_ELF, BOARD_TEST_PROGRAMS
# and BOARD_TEST_SUITES, appended to TEST_PROGRAMS and TEST_SUITES.

# Each board's own test needs its firmware, whatever BOARD is (_test_build builds every board).
SHIFT595_ELF := $(BUILD)/shift595/grundy.elf
_shift595_elf:
	$(Q)$(MAKE) --no-print-directory -s BOARD=shift595 $(SHIFT595_ELF)

MATRIX8_ELF := $(BUILD)/matrix8/grundy.elf
_matrix8_elf:
	$(Q)$(MAKE) --no-print-directory -s BOARD=matrix8 $(MATRIX8_ELF)

BOARD_TEST_PROGRAMS := $(SIM_TEST_SHIFT595) $(SIM_TEST_MATRIX8)
BOARD_TEST_SUITES = \
	"shift595 board (status lights, brightness, latching): $(SIM_TEST_SHIFT595) $(SHIFT595_ELF)" \
	"matrix8 board (MAX7219 set up and kept, brightness, sounds, letters, flash size): \
		$(SIM_TEST_MATRIX8) $(MATRIX8_ELF)" \
	"matrix8's refresh flag read and cleared with interrupts off (disassembly): \
		python3 tests/board/test_atomic_flags.py $(MATRIX8_ELF) board_refresh"

TEST_PROGRAMS += $(BOARD_TEST_PROGRAMS)
TEST_SUITES += $(BOARD_TEST_SUITES)
