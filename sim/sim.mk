# sim/sim.mk: builds the simavr harness library, the avr-run runner and the harness self-test.
# Included by the top-level Makefile, which defines BUILD, HOST_CC and HOST_CFLAGS.
# Provides: SIM_RUN (the runner), SIM_LIB_OBJS + SIM_HOST_CFLAGS + SIM_HOST_LIBS (to link other
# harnesses against the library), SIM_SCENARIO_OBJS (board models, chip models and
# sim/scenario.h, linked together with SIM_LIB_OBJS), SIM_PLAY (the terminal player), target
# sim-test and SIM_TEST_SUITES (its suite line, appended to TEST_SUITES).

SIM_SAVED_DEFAULT_GOAL := $(.DEFAULT_GOAL)

SIM_BUILD := $(BUILD)/sim
SIM_RUN := $(SIM_BUILD)/avr-run
SIM_Q = $(if $(filter 1,$(V)),,@)

# -isystem: simavr's headers are not -Wextra clean. sim/ comes first because simavr installs
# its own sim_core.h.
SIM_HOST_CFLAGS := -Isim -I$(BUILD)/gen/wiring $(patsubst -I%,-isystem %,$(shell pkg-config --cflags simavr libelf))
SIM_HOST_LIBS := $(shell pkg-config --libs simavr libelf)

SIM_LIB_OBJS := $(SIM_BUILD)/sim_core.o
SIM_RUN_OBJS := $(SIM_BUILD)/avr_run.o
# Chip models a board's attach() wires up (MAX7219, 74HC595 chain) and their shared pin hooks.
SIM_PART_OBJS := $(addprefix $(SIM_BUILD)/,part_io.o max7219.o hc595.o)
# One file per board model (board_<name>.c) plus the generic LED and button models.
SIM_SCENARIO_OBJS := $(addprefix $(SIM_BUILD)/,leds.o buttons.o boards.o board_direct.o board_uno.o scenario.o) \
	$(SIM_BUILD)/board_shift595.o $(SIM_BUILD)/board_matrix8.o $(SIM_BUILD)/wiring_faults.o $(SIM_PART_OBJS)
# The Arduino Uno around the chip (bootloader, fuses, a pty for its serial port): sim/uno.h.
SIM_UNO_OBJS := $(SIM_BUILD)/uno.o
# grundy-uno: that Uno kept running on its pty for the page's flasher tests (sim/uno_serve.c).
SIM_UNO_SERVE := $(SIM_BUILD)/grundy-uno
SIM_PLAY := $(SIM_BUILD)/grundy-play
SIM_PLAY_OBJS := $(SIM_BUILD)/play.o $(SIM_BUILD)/eeprom_file.o
SIM_SERIAL := $(SIM_BUILD)/grundy-serial
SIM_SERIAL_OBJS := $(SIM_BUILD)/serial.o $(SIM_BUILD)/eeprom_file.o

SIM_HOST_OBJS := $(SIM_LIB_OBJS) $(SIM_RUN_OBJS) $(SIM_SCENARIO_OBJS) \
	$(sort $(SIM_PLAY_OBJS) $(SIM_SERIAL_OBJS) $(SIM_UNO_OBJS) $(SIM_BUILD)/uno_serve.o)

$(SIM_HOST_OBJS): $(SIM_BUILD)/%.o: sim/%.c sim/sim.mk
	@mkdir -p $(@D)
	@$(if $(SIM_Q),echo "  HOSTCC  $@")
	$(SIM_Q)$(HOST_CC) $(HOST_CFLAGS) $(SIM_HOST_CFLAGS) -c -o $@ $<

$(SIM_RUN): $(SIM_RUN_OBJS) $(SIM_LIB_OBJS)
	@$(if $(SIM_Q),echo "  HOSTLD  $@")
	$(SIM_Q)$(HOST_CC) -o $@ $^ $(SIM_HOST_LIBS)

$(SIM_PLAY): $(SIM_PLAY_OBJS) $(SIM_SCENARIO_OBJS) $(SIM_LIB_OBJS)
	@$(if $(SIM_Q),echo "  HOSTLD  $@")
	$(SIM_Q)$(HOST_CC) -o $@ $^ $(SIM_HOST_LIBS)

$(SIM_UNO_SERVE): $(SIM_BUILD)/uno_serve.o $(SIM_UNO_OBJS) $(SIM_SCENARIO_OBJS) $(SIM_LIB_OBJS)
	@$(if $(SIM_Q),echo "  HOSTLD  $@")
	$(SIM_Q)$(HOST_CC) -o $@ $^ $(SIM_HOST_LIBS)

$(SIM_SERIAL): $(SIM_SERIAL_OBJS) $(SIM_SCENARIO_OBJS) $(SIM_LIB_OBJS)
	@$(if $(SIM_Q),echo "  HOSTLD  $@")
	$(SIM_Q)$(HOST_CC) -o $@ $^ $(SIM_HOST_LIBS)

-include $(SIM_HOST_OBJS:.o=.d)

# each board model's parts come from its pin table (tests/wiring/wiring.mk)
$(SIM_BUILD)/board_direct.o: $(BUILD)/gen/wiring/wiring_direct.h
$(SIM_BUILD)/board_matrix8.o: $(BUILD)/gen/wiring/wiring_matrix8.h
$(SIM_BUILD)/board_shift595.o: $(BUILD)/gen/wiring/wiring_shift595.h

# Self-test firmware: one source, one ELF per way of ending a run.
SIM_AVR_CC ?= avr-gcc
SIM_AVR_CFLAGS := -mmcu=atmega328p -Os -DF_CPU=16000000UL -std=gnu99 -Wall -Wextra -Werror \
	$(shell pkg-config --cflags simavr-avr)
SIM_AVR_LDFLAGS := $(shell pkg-config --libs simavr-avr)

SIM_TEST_VARIANTS := exit0 exit3 done crash hang echo
SIM_TEST_ELFS := $(SIM_TEST_VARIANTS:%=$(SIM_BUILD)/test/probe_%.elf)

$(SIM_BUILD)/test/probe_exit3.elf: SIM_FW_DEFS := -DEXIT_CODE=3
$(SIM_BUILD)/test/probe_done.elf: SIM_FW_DEFS := -DPROBE_VARIANT=VARIANT_DONE
$(SIM_BUILD)/test/probe_crash.elf: SIM_FW_DEFS := -DPROBE_VARIANT=VARIANT_CRASH
$(SIM_BUILD)/test/probe_hang.elf: SIM_FW_DEFS := -DPROBE_VARIANT=VARIANT_HANG
$(SIM_BUILD)/test/probe_echo.elf: SIM_FW_DEFS := -DPROBE_VARIANT=VARIANT_ECHO

$(SIM_TEST_ELFS): $(SIM_BUILD)/test/probe_%.elf: sim/test/probe_fw.c sim/sim_probe.h sim/sim.mk
	@mkdir -p $(@D)
	@$(if $(SIM_Q),echo "  AVRCC   $@")
	$(SIM_Q)$(SIM_AVR_CC) $(SIM_AVR_CFLAGS) $(SIM_FW_DEFS) -o $@ $< $(SIM_AVR_LDFLAGS)

# Each test firmware sim/test/NAME_fw.c, and each host test sim/test/test_NAME.c, the same way.
$(SIM_BUILD)/test/%_fw.elf: sim/test/%_fw.c sim/sim.mk
	@mkdir -p $(@D)
	@$(if $(SIM_Q),echo "  AVRCC   $@")
	$(SIM_Q)$(SIM_AVR_CC) $(SIM_AVR_CFLAGS) -o $@ $< $(SIM_AVR_LDFLAGS)

$(SIM_BUILD)/test/test_%.o: sim/test/test_%.c sim/sim.mk
	@mkdir -p $(@D)
	@$(if $(SIM_Q),echo "  HOSTCC  $@")
	$(SIM_Q)$(HOST_CC) $(HOST_CFLAGS) $(SIM_HOST_CFLAGS) -c -o $@ $<

# Host-side test of the library API.
SIM_TEST_CORE := $(SIM_BUILD)/test/test_core

$(SIM_TEST_CORE): $(SIM_TEST_CORE).o $(SIM_LIB_OBJS)
	@$(if $(SIM_Q),echo "  HOSTLD  $@")
	$(SIM_Q)$(HOST_CC) -o $@ $^ $(SIM_HOST_LIBS)

-include $(SIM_TEST_CORE).d

# Board model and scenario test: a firmware that mirrors buttons onto LEDs, and its host side.
SIM_BOARD_FW := $(SIM_BUILD)/test/board_fw.elf
SIM_TEST_BOARD := $(SIM_BUILD)/test/test_board

$(SIM_TEST_BOARD): $(SIM_TEST_BOARD).o $(SIM_SCENARIO_OBJS) $(SIM_LIB_OBJS)
	@$(if $(SIM_Q),echo "  HOSTLD  $@")
	$(SIM_Q)$(HOST_CC) -o $@ $^ $(SIM_HOST_LIBS) -lm

-include $(SIM_TEST_BOARD).d

# EEPROM and reset test: a firmware that writes EEPROM with avr-libc, and its host side.
SIM_EEPROM_FW := $(SIM_BUILD)/test/eeprom_fw.elf
SIM_TEST_EEPROM := $(SIM_BUILD)/test/test_eeprom

$(SIM_TEST_EEPROM): $(SIM_TEST_EEPROM).o $(SIM_SCENARIO_OBJS) $(SIM_LIB_OBJS)
	@$(if $(SIM_Q),echo "  HOSTLD  $@")
	$(SIM_Q)$(HOST_CC) -o $@ $^ $(SIM_HOST_LIBS)

-include $(SIM_TEST_EEPROM).d

# Chip model tests: one firmware driving SPI, LOAD/RCLK and OE on command, one host test per
# model.
SIM_SPI_FW := $(SIM_BUILD)/test/spi_fw.elf
SIM_TEST_PARTS := $(SIM_BUILD)/test/test_max7219 $(SIM_BUILD)/test/test_hc595

$(SIM_TEST_PARTS): %: %.o $(SIM_SCENARIO_OBJS) $(SIM_LIB_OBJS)
	@$(if $(SIM_Q),echo "  HOSTLD  $@")
	$(SIM_Q)$(HOST_CC) -o $@ $^ $(SIM_HOST_LIBS) -lm

-include $(SIM_TEST_PARTS:=.d)

# Power accounting test: a firmware of known duty cycle, one that sleeps in power-down with a
# serial wake-up, and the host side.
SIM_DUTY_FW := $(SIM_BUILD)/test/duty_fw.elf $(SIM_BUILD)/test/rxwake_fw.elf
SIM_TEST_POWER := $(SIM_BUILD)/test/test_power

$(SIM_TEST_POWER): $(SIM_TEST_POWER).o $(SIM_LIB_OBJS)
	@$(if $(SIM_Q),echo "  HOSTLD  $@")
	$(SIM_Q)$(HOST_CC) -o $@ $^ $(SIM_HOST_LIBS)

-include $(SIM_TEST_POWER).d

# The shift595 board's own test (status lights, brightness, latching) on the real firmware;
# the top Makefile runs it on build/shift595/grundy.elf.
SIM_TEST_SHIFT595 := $(SIM_BUILD)/test/test_shift595

$(SIM_TEST_SHIFT595): $(SIM_TEST_SHIFT595).o $(SIM_SCENARIO_OBJS) $(SIM_LIB_OBJS)
	@$(if $(SIM_Q),echo "  HOSTLD  $@")
	$(SIM_Q)$(HOST_CC) -o $@ $^ $(SIM_HOST_LIBS) -lm

-include $(SIM_TEST_SHIFT595).d

# The matrix8 board's own test, on its real firmware (build/matrix8/grundy.elf, made by the
# top Makefile with BOARD=matrix8).
SIM_TEST_MATRIX8 := $(SIM_BUILD)/test/test_matrix8

$(SIM_TEST_MATRIX8): $(SIM_TEST_MATRIX8).o $(SIM_SCENARIO_OBJS) $(SIM_LIB_OBJS)
	@$(if $(SIM_Q),echo "  HOSTLD  $@")
	$(SIM_Q)$(HOST_CC) -o $@ $^ $(SIM_HOST_LIBS)

-include $(SIM_TEST_MATRIX8).d

# The seven suites, then one total line ("sim total: N passed, M failed").
.PHONY: sim-test
sim-test: $(SIM_RUN) $(SIM_TEST_CORE) $(SIM_TEST_ELFS) $(SIM_BOARD_FW) $(SIM_TEST_BOARD) \
		$(SIM_EEPROM_FW) $(SIM_TEST_EEPROM) $(SIM_SPI_FW) $(SIM_TEST_PARTS) $(SIM_PLAY) \
		$(SIM_DUTY_FW) $(SIM_TEST_POWER) \
		sim/test/test_sim.sh sim/test/test_play.sh sim/test/sum_suites.sh
	sh sim/test/sum_suites.sh \
		"sh sim/test/test_sim.sh $(SIM_RUN) $(SIM_BUILD)/test $(SIM_TEST_CORE)" \
		"$(SIM_TEST_BOARD) $(SIM_BUILD)/test" \
		"$(SIM_TEST_EEPROM) $(SIM_BUILD)/test" \
		"$(SIM_BUILD)/test/test_max7219 $(SIM_BUILD)/test" \
		"$(SIM_BUILD)/test/test_hc595 $(SIM_BUILD)/test" \
		"$(SIM_TEST_POWER) $(SIM_BUILD)/test" \
		"sh sim/test/test_play.sh $(SIM_PLAY) $(SIM_EEPROM_FW)"

SIM_TEST_SUITES = "simulator: $(MAKE) --no-print-directory -s sim-test"
TEST_PROGRAMS += $(SIM_RUN)
TEST_SUITES += $(SIM_TEST_SUITES)

.DEFAULT_GOAL := $(SIM_SAVED_DEFAULT_GOAL)
