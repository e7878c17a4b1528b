# tests/scenario/scenario.mk: the scenario suites (the firmware played through the simulated
# board, tests/scenario/*.c), run on every board against that board's image, and the Uno
# suite (make flash through Optiboot into a simulated Uno, in real time). Included by the top
# Makefile after the firmware's and the simulator's variables (BUILD, HOST_CC, HOST_CFLAGS,
# AVR_CC, AVR_SIZE, AVR_OBJCOPY, Q, VERSION, DEVICE_BOARDS, CALC_BOARDS, CLI, SIM_*).
# Provides the test programs (SCENARIO_TEST_PROGRAMS), SCENARIO_TEST_SUITES and
# SCENARIO_CHECK_SUITES, appended to the Makefile's TEST_SUITES and CHECK_SUITES.

TEST_NIM := $(BUILD)/tests/test_nim
TEST_GAMES := $(BUILD)/tests/test_games
TEST_STORE := $(BUILD)/tests/test_store
TEST_CONSOLE := $(BUILD)/tests/test_console
TEST_WATCHDOG := $(BUILD)/tests/test_watchdog
TEST_POWER := $(BUILD)/tests/test_power
TEST_STORM := $(BUILD)/tests/test_storm
TEST_VIEW := $(BUILD)/tests/test_view
TEST_SELFTEST := $(BUILD)/tests/test_selftest
SCENARIO_BRUTE := $(BUILD)/tests/host/brute.o
SCENARIO_TALLY := $(BUILD)/tests/scenario/tally.o
SCENARIO_ROWS := $(BUILD)/tests/scenario/rows_pos.o

$(BUILD)/tests/scenario/%.o: tests/scenario/%.c tests/scenario/scenario.mk
	@mkdir -p $(@D)
	@echo "  CC      $@"
	$(Q)$(HOST_CC) $(HOST_CFLAGS) -Itests/engine $(SIM_HOST_CFLAGS) -c $< -o $@

$(TEST_NIM): $(BUILD)/tests/scenario/test_nim.o $(SCENARIO_TALLY) $(SCENARIO_BRUTE) $(SIM_SCENARIO_OBJS) $(SIM_LIB_OBJS)
	$(Q)$(HOST_CC) $^ -o $@ $(SIM_HOST_LIBS)

$(TEST_GAMES): $(BUILD)/tests/scenario/test_games.o $(SCENARIO_TALLY) $(SCENARIO_ROWS) $(SCENARIO_BRUTE) $(SIM_SCENARIO_OBJS) $(SIM_LIB_OBJS)
	$(Q)$(HOST_CC) $^ -o $@ $(SIM_HOST_LIBS)

$(TEST_CONSOLE): $(BUILD)/tests/scenario/test_console.o $(SCENARIO_TALLY) $(SCENARIO_BRUTE) $(SIM_SCENARIO_OBJS) $(SIM_LIB_OBJS)
	$(Q)$(HOST_CC) $^ -o $@ $(SIM_HOST_LIBS)

# The same console suite through a pipe to grundy (tests/scenario/scn_pipe.c: the scenario API
# over a program's standard input and output).
TEST_CONSOLE_PIPE := $(BUILD)/tests/test_console_pipe
$(TEST_CONSOLE_PIPE): $(BUILD)/tests/scenario/test_console.o $(BUILD)/tests/scenario/scn_pipe.o \
		$(SCENARIO_TALLY) $(SCENARIO_BRUTE)
	$(Q)$(HOST_CC) $^ -o $@

$(TEST_WATCHDOG): $(BUILD)/tests/scenario/test_watchdog.o $(SCENARIO_TALLY) $(SCENARIO_BRUTE) $(SIM_SCENARIO_OBJS) $(SIM_LIB_OBJS)
	$(Q)$(HOST_CC) $^ -o $@ $(SIM_HOST_LIBS)

$(TEST_POWER): $(BUILD)/tests/scenario/test_power.o $(SCENARIO_TALLY) $(SIM_SCENARIO_OBJS) $(SIM_LIB_OBJS)
	$(Q)$(HOST_CC) $^ -o $@ $(SIM_HOST_LIBS)

$(TEST_STORM): $(BUILD)/tests/scenario/test_storm.o $(SCENARIO_TALLY) $(SCENARIO_ROWS) $(SCENARIO_BRUTE) $(SIM_SCENARIO_OBJS) $(SIM_LIB_OBJS)
	$(Q)$(HOST_CC) $^ -o $@ $(SIM_HOST_LIBS)

$(TEST_VIEW): $(BUILD)/tests/scenario/test_view.o $(SCENARIO_TALLY) $(SCENARIO_ROWS) $(SCENARIO_BRUTE) $(SIM_SCENARIO_OBJS) $(SIM_LIB_OBJS)
	$(Q)$(HOST_CC) $^ -o $@ $(SIM_HOST_LIBS)

$(TEST_SELFTEST): $(BUILD)/tests/scenario/test_selftest.o $(SCENARIO_TALLY) $(SIM_SCENARIO_OBJS) $(SIM_LIB_OBJS)
	$(Q)$(HOST_CC) $^ -o $@ $(SIM_HOST_LIBS)

$(TEST_STORE): $(BUILD)/tests/scenario/test_store.o $(SCENARIO_TALLY) $(SIM_SCENARIO_OBJS) $(SIM_LIB_OBJS)
	$(Q)$(HOST_CC) $^ -o $@ $(SIM_HOST_LIBS)

# --- the Uno's bootloader, for the Uno suite only (never committed, never flashed by us) ---
# Optiboot 4.4 from Debian's arduino-core-avr (tools/deps.sh installs it). The package's
# prebuilt optiboot_atmega328.hex is broken with Debian's avr-gcc 5.4, which lacks
# -mshort-calls: 532 bytes from 0x7E00, past the end of flash. Built here with the package's
# Makefile's defines and -mrelax plus flags that keep -Os from growing the code, and
# -fno-inline-functions-called-once (appStart keeps its call to watchdogConfig instead of a
# copy, among others), it is 484 bytes, so its version word (4.4) at 0x7FFE fits as on a real
# Uno; without that flag it is exactly 512 bytes and its last instruction sits where the
# version word goes. The build fails if the code would reach 0x7FFE.
OPTIBOOT_SRC ?= /usr/share/arduino/hardware/arduino/avr/bootloaders/optiboot
OPTIBOOT_ELF := $(BUILD)/optiboot/optiboot_atmega328.elf
OPTIBOOT_HEX := $(BUILD)/optiboot/optiboot_atmega328.hex
OPTIBOOT_CFLAGS := -Os -fno-inline-small-functions -fno-split-wide-types -mrelax -fno-caller-saves \
	-fno-tree-loop-optimize -fno-move-loop-invariants -fno-peephole2 -ffreestanding -fno-jump-tables \
	-fno-inline-functions-called-once -mmcu=atmega328p -DF_CPU=16000000L -DBAUD_RATE=115200 \
	-DLED_START_FLASHES=3
OPTIBOOT_LDFLAGS := -Wl,--section-start=.text=0x7e00 -Wl,--section-start=.version=0x7ffe \
	-Wl,--relax -Wl,--gc-sections -nostartfiles -nostdlib

$(OPTIBOOT_ELF): $(OPTIBOOT_SRC)/optiboot.c tests/scenario/scenario.mk
	@mkdir -p $(@D)
	@echo "  AVR-CC  $@"
	$(Q)$(AVR_CC) $(OPTIBOOT_CFLAGS) -I$(OPTIBOOT_SRC) $(OPTIBOOT_LDFLAGS) $< -o $@
	$(Q)size=$$($(AVR_SIZE) -A $@ | awk '$$1 == ".text" { print $$2 }'); \
		if [ "$$size" -gt 510 ]; then echo "optiboot: $$size bytes of code reach its version word" >&2; \
		rm -f $@; exit 1; fi

$(OPTIBOOT_HEX): $(OPTIBOOT_ELF)
	$(Q)$(AVR_OBJCOPY) -O ihex -j .text -j .version --set-section-flags .version=alloc,load $< $@

# The Uno suite (tests/scenario/test_uno.c): each board in UNO_BOARDS flashed by make flash
# through Optiboot into a simulated Uno, then reset every way an Uno is. It runs in real time
# (avrdude's and the bootloader's timeouts): about 45 s simulated a board, 55-100 s of wall
# clock on a busy 2-core machine (avrdude's write and verify alone 10-25 s), but little CPU
# (15 s): one suite per board, each of class wait (tests/run_suites.sh), so that it runs beside
# the CPU-bound suites without holding one of their TEST_JOBS slots.
UNO_BOARDS ?= direct matrix8 shift595 uno
TEST_UNO := $(BUILD)/tests/test_uno
$(TEST_UNO): $(BUILD)/tests/scenario/test_uno.o $(SCENARIO_TALLY) $(SIM_UNO_OBJS) $(SIM_SCENARIO_OBJS) $(SIM_LIB_OBJS)
	$(Q)$(HOST_CC) $^ -o $@ $(SIM_HOST_LIBS)

SCENARIO_TEST_PROGRAMS := $(TEST_NIM) $(TEST_GAMES) $(TEST_STORE) $(TEST_CONSOLE) $(TEST_CONSOLE_PIPE) \
	$(TEST_WATCHDOG) $(TEST_POWER) $(TEST_STORM) $(TEST_VIEW) $(TEST_SELFTEST) $(TEST_UNO) $(OPTIBOOT_HEX)

# The scenario suites are written once and run on every board in boards/, each against that
# board's firmware (build/<board>/grundy.elf). Nim's random games: NIM_GAMES on every board
# but those named below, whose games are longer (and whose firmware once redrew every
# millisecond, which made simavr several times slower; it now sleeps ~98 % there too):
# fewer there, to keep `make test` short on 2 cores; the full count runs on direct.
NIM_GAMES ?= 200
NIM_GAMES_matrix8 ?= 30
NIM_GAMES_shift595 ?= 100
nim_games = $(or $(NIM_GAMES_$(1)),$(NIM_GAMES))
# The binary view's suite (tests/scenario/test_view.c): games of each sum game of the menu from
# random positions; matrix8's 8 rows take longest to sample (50 s for 3 beside another suite).
VIEW_GAMES ?= 3
VIEW_GAMES_matrix8 ?= 2
view_games = $(or $(VIEW_GAMES_$(1)),$(VIEW_GAMES))

# The button storm (tests/scenario/test_storm.c): in `make test`, a few simulated minutes per
# board with a fixed seed (STORM_SEED=N in the environment replays another); `make soak` storms
# BOARD for SOAK_MINUTES with a new seed each time (printed). The stack bound is the image's
# proven worst stack (stack.txt beside it, from tools/stack_depth.py).
STORM_SECONDS ?= 240
# shift595's rows are slower to simulate (its SPI): fewer simulated seconds there.
STORM_SECONDS_shift595 ?= 150
storm_seconds = $(or $(STORM_SECONDS_$(1)),$(STORM_SECONDS))
STORM_TEST_SEED ?= 1
SOAK_MINUTES ?= 10

# (a suite's name ends at its first ": ", so the name has none; "[wait] " before it: the suite
# waits on real time, tests/run_suites.sh runs it beside the others)
scenario_suite.console = "serial console on the $(1) board: $(TEST_CONSOLE) $(BUILD)/$(1)/grundy.elf $(1) $(VERSION)"
scenario_suite.nim = "nim on the $(1) board: $(TEST_NIM) $(BUILD)/$(1)/grundy.elf $(1) $(call nim_games,$(1))"
scenario_suite.games = "every game on the $(1) board: $(TEST_GAMES) $(BUILD)/$(1)/grundy.elf $(1)"
scenario_suite.store = "settings and score in EEPROM on the $(1) board: $(TEST_STORE) $(BUILD)/$(1)/grundy.elf $(1)"
scenario_suite.view = "the binary view on the $(1) board ($(call view_games,$(1)) games of each kind): \
	$(TEST_VIEW) $(BUILD)/$(1)/grundy.elf $(BUILD)/$(1)/faults/grundy.elf $(1) $(call view_games,$(1))"
scenario_suite.watchdog = "watchdog (hangs, resets, resume) on the $(1) board: $(TEST_WATCHDOG) \
	$(BUILD)/$(1)/grundy.elf $(BUILD)/$(1)/faults/grundy.elf $(1)"
scenario_suite.power = "standby and interrupt time on the $(1) board: $(TEST_POWER) $(BUILD)/$(1)/grundy.elf $(1)"
scenario_suite.storm = "button storm on the $(1) board ($(call storm_seconds,$(1)) s simulated): $(TEST_STORM) \
	$(BUILD)/$(1)/grundy.elf $(1) --seconds $(call storm_seconds,$(1)) --seed $(STORM_TEST_SEED)"
scenario_suite.selftest = "the self-test with wiring faults on the $(1) board: $(TEST_SELFTEST) \
	$(BUILD)/$(1)/grundy.elf $(1)"
# Each kind on every device board, the kinds that took longest first (one make test on 2 cores:
# the console 69-199 s a board, Nim 90-111, every game 51-110, the store 49-66, the rest 8-47).
SCENARIO_KINDS := console nim games store view watchdog power storm selftest

SCENARIO_TEST_SUITES = \
	$(foreach b,$(UNO_BOARDS),"[wait] the Uno with its bootloader on the $(b) board (make flash, resets; real time): \
		$(TEST_UNO) $(OPTIBOOT_HEX) $(BUILD) $(b)") \
	$(foreach b,$(CALC_BOARDS),"serial console on the $(b) board (the calculator): \
		$(TEST_CONSOLE) $(BUILD)/$(b)/grundy.elf $(b) $(VERSION)") \
	$(foreach k,$(SCENARIO_KINDS),$(foreach b,$(DEVICE_BOARDS),$(call scenario_suite.$(k),$(b)))) \
	"grundy on a computer, the console suite through a pipe: $(TEST_CONSOLE_PIPE) $(CLI) host $(VERSION)"

# make check: one board's quick scenario, a few of Nim's random games on CHECK_BOARD.
CHECK_BOARD ?= direct
CHECK_NIM_GAMES ?= 20
SCENARIO_CHECK_PROGRAMS := $(TEST_NIM)
SCENARIO_CHECK_SUITES = "nim on the $(CHECK_BOARD) board ($(CHECK_NIM_GAMES) random games): $(TEST_NIM) \
	$(BUILD)/$(CHECK_BOARD)/grundy.elf $(CHECK_BOARD) $(CHECK_NIM_GAMES)"

TEST_PROGRAMS += $(SCENARIO_TEST_PROGRAMS)
TEST_SUITES += $(SCENARIO_TEST_SUITES)
CHECK_PROGRAMS += $(SCENARIO_CHECK_PROGRAMS)
CHECK_SUITES += $(SCENARIO_CHECK_SUITES)
