# tests/runtime/runtime.mk: host tests of the firmware's pure modules (debounce, presses and
# auto-repeat, the display's text on a grid). Included by the top Makefile (BUILD, HOST_CC, WARN,
# Q). Provides RUNTIME_TEST_PROGRAMS and RUNTIME_TEST_SUITES, appended to TEST_PROGRAMS and
# TEST_SUITES, and the same to CHECK_PROGRAMS and CHECK_SUITES (all three are quick).

TEST_DEBOUNCE := $(BUILD)/tests/test_debounce

$(TEST_DEBOUNCE): tests/runtime/test_debounce.c firmware/runtime/debounce.c \
		firmware/runtime/debounce.h tests/runtime/runtime.mk
	@mkdir -p $(@D)
	$(Q)$(HOST_CC) -std=gnu99 -O2 $(WARN) -Ifirmware/runtime $(filter %.c,$^) -o $@

# The tick's button rule (debounce, then presses and auto-repeat) every millisecond.
TEST_PRESS := $(BUILD)/tests/test_press

$(TEST_PRESS): tests/runtime/test_press.c firmware/runtime/press.c firmware/runtime/debounce.c \
		tests/engine/check.c firmware/runtime/press.h firmware/runtime/debounce.h tests/engine/check.h \
		tests/runtime/runtime.mk
	@mkdir -p $(@D)
	$(Q)$(HOST_CC) -std=gnu99 -O2 $(WARN) -Ifirmware/runtime -Itests/engine $(filter %.c,$^) -o $@

# The display's text on a grid board (matrix8's), with AddressSanitizer watching its writes.
TEST_DISPLAY := $(BUILD)/tests/test_display

$(TEST_DISPLAY): tests/runtime/test_display.c firmware/display/display.c tests/engine/check.c \
		tests/engine/check.h firmware/display/display.h \
		firmware/board/board.h boards/matrix8/board_config.h tests/runtime/host_avr/avr/pgmspace.h tests/runtime/host_avr/util/atomic.h \
		tests/runtime/runtime.mk
	@mkdir -p $(@D)
	$(Q)$(HOST_CC) -std=gnu99 -O1 -g $(WARN) -fsanitize=address,undefined -fno-sanitize-recover=all \
		-fno-omit-frame-pointer -Iboards/matrix8 -Ifirmware/board -Ifirmware/display -Ifirmware/engine \
		-Itests/engine \
		-Itests/runtime/host_avr $(filter %.c,$^) -o $@

RUNTIME_TEST_PROGRAMS := $(TEST_DEBOUNCE) $(TEST_PRESS) $(TEST_DISPLAY)
RUNTIME_TEST_SUITES = \
	"debounce: $(TEST_DEBOUNCE)" \
	"presses and auto-repeat: $(TEST_PRESS)" \
	"the display's text on a grid (AddressSanitizer): $(TEST_DISPLAY)"

TEST_PROGRAMS += $(RUNTIME_TEST_PROGRAMS)
TEST_SUITES += $(RUNTIME_TEST_SUITES)
CHECK_PROGRAMS += $(RUNTIME_TEST_PROGRAMS)
CHECK_SUITES += $(RUNTIME_TEST_SUITES)
