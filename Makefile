# Grundy: Sprague-Grundy game firmware for the Arduino Uno (ATmega328P), and the
# simulator, tests and benchmarks around it. `make help` lists the targets.
#
# The public targets first make sure the toolchain is installed (tools/deps.sh),
# then run make again, so that flags found with pkg-config see the fresh install.

.DEFAULT_GOAL := all
BOARD ?= direct
VERSION := 0.5.0
BUILD := build
GEN := $(BUILD)/gen
VALID_BOARDS := $(notdir $(wildcard boards/*))

ifeq ($(V),1)
Q :=
else
Q := @
endif

HOST_CC ?= cc
AVR_CC := avr-gcc
AVR_OBJCOPY := avr-objcopy
AVR_SIZE := avr-size
MCU := atmega328p
F_CPU := 16000000UL
WARN := -Wall -Wextra -Werror
HOST_CFLAGS := -std=gnu99 -O2 $(WARN) -MMD -MP
# -mcall-prologues and -mrelax: shared register save/restore and short calls (-1.5 KB); the
# next three keep -Os from trading size for speed (-600 bytes). The image is linked with
# link-time optimisation (-900 bytes); the objects are fat, so the test and benchmark
# firmwares link their plain code as before. The update functions main() calls are kept out
# of line (noinline), or main's frame would sit under every engine search.
# -fno-peephole: avr-gcc 5.4's "cpse" peephole emits cpse + rjmp where it counted one word,
# so a short branch back over a loop can land one word out of reach ("relocation truncated
# to fit: R_AVR_7_PCREL"; it broke the shift595 image once menu_draw's loop grew); costs
# about 60 bytes.
# -fshort-enums: an enum takes the smallest integer type that holds its values (one byte for
# all of ours), so enum arguments, returns and locals are 8-bit (-400 to -450 bytes an image).
# No struct, table or EEPROM record has an enum member (they are uint8_t), so no layout changes;
# every AVR object (engine, firmware, test firmwares) is built with it, as the ABI requires.
AVR_SIZE_FLAGS := -mcall-prologues -mrelax -fno-inline-small-functions -mstrict-X \
	-fno-move-loop-invariants -fno-peephole -fshort-enums
AVR_CFLAGS := -std=gnu99 -Os $(WARN) -mmcu=$(MCU) -DF_CPU=$(F_CPU) $(AVR_SIZE_FLAGS) \
	-flto -ffat-lto-objects -ffunction-sections -fdata-sections -MMD -MP $(shell pkg-config --cflags simavr-avr 2>/dev/null)
AVR_LDFLAGS := -mmcu=$(MCU) -mrelax -Wl,--gc-sections \
	-Wl,--undefined=_mmcu,--section-start=.mmcu=0x910000

# --- the engine, for the host and for the AVR ---
ENGINE_SRCS := $(wildcard firmware/engine/*.c firmware/engine/games/*.c)
ENGINE_INC := -Ifirmware/engine -I$(GEN)
ENGINE_HOST_OBJS := $(ENGINE_SRCS:%.c=$(BUILD)/host/%.o)
ENGINE_AVR_OBJS := $(ENGINE_SRCS:%.c=$(BUILD)/avr/%.o)
TABLES_H := $(GEN)/engine_tables_gen.h
TABLEGEN := $(BUILD)/tablegen/tablegen

$(TABLEGEN): firmware/tablegen/tablegen.c firmware/engine/rules.c firmware/engine/engine.h \
		firmware/engine/engine_tables.h firmware/engine/engine_pgm.h Makefile
	@mkdir -p $(@D)
	$(Q)$(HOST_CC) -std=gnu99 -O2 $(WARN) -DENGINE_TABLEGEN -Ifirmware/engine \
		firmware/tablegen/tablegen.c firmware/engine/rules.c -o $@

$(TABLES_H): $(TABLEGEN)
	@mkdir -p $(@D)
	@echo "  GEN     $@"
	$(Q)$(TABLEGEN) $@

# The engine's device profile (engine_config.h's ENGINE_DEVICE: the handheld boards' images) has its own
# tables: the fib table to 255, not 4095.
TABLEGEN_DEVICE := $(BUILD)/tablegen/tablegen_device
TABLES_DEVICE_H := $(GEN)/device/engine_tables_gen.h
ENGINE_DEVICE_INC := -DENGINE_DEVICE=1 -Ifirmware/engine -I$(GEN)/device

$(TABLEGEN_DEVICE): $(TABLEGEN)
	$(Q)$(HOST_CC) -std=gnu99 -O2 $(WARN) -DENGINE_TABLEGEN -DENGINE_DEVICE=1 -Ifirmware/engine \
		firmware/tablegen/tablegen.c firmware/engine/rules.c -o $@

$(TABLES_DEVICE_H): $(TABLEGEN_DEVICE)
	@mkdir -p $(@D)
	@echo "  GEN     $@"
	$(Q)$(TABLEGEN_DEVICE) $@

$(BUILD)/host/%.o: %.c Makefile | $(TABLES_H)
	@mkdir -p $(@D)
	@echo "  CC      $@"
	$(Q)$(HOST_CC) $(HOST_CFLAGS) $(ENGINE_INC) -c $< -o $@

$(BUILD)/avr/%.o: %.c Makefile | $(TABLES_H)
	@mkdir -p $(@D)
	@echo "  AVR-CC  $@"
	$(Q)$(AVR_CC) $(AVR_CFLAGS) $(ENGINE_INC) -c $< -o $@

# the generated tables are an input of every engine object
$(ENGINE_HOST_OBJS) $(ENGINE_AVR_OBJS): $(TABLES_H)

# The test suites and the programs they need: each .mk file included below appends its own
# (see "the tests" further down).
TEST_SUITES =
TEST_PROGRAMS =
CHECK_SUITES =
CHECK_PROGRAMS =

include sim/sim.mk
include sim/web/web.mk
include host/judge/judge.mk
include tests/wiring/wiring.mk
-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

# --- the firmware image for BOARD ---
ifeq ($(filter $(BOARD),$(VALID_BOARDS)),)
$(error unknown BOARD '$(BOARD)': choose one of $(VALID_BOARDS))
endif
FW_DIR := $(BUILD)/$(BOARD)
FW_ELF := $(FW_DIR)/grundy.elf
FW_HEX := $(FW_DIR)/grundy.hex
# A board folder may hold a board.mk; BOARD_KIND := calculator there makes an image with no
# LEDs, buttons or game (boards/uno): its own main, the console and the whole engine.
BOARD_KIND := device
-include boards/$(BOARD)/board.mk
board_kind = $(if $(filter calculator,$(shell sed -n 's/^BOARD_KIND *:= *//p' boards/$(1)/board.mk 2>/dev/null)),calculator,device)
DEVICE_BOARDS := $(foreach b,$(VALID_BOARDS),$(if $(filter device,$(call board_kind,$(b))),$(b)))
CALC_BOARDS := $(filter-out $(DEVICE_BOARDS),$(VALID_BOARDS))
ifeq ($(BOARD_KIND),calculator)
FW_SRCS := $(wildcard boards/$(BOARD)/*.c) firmware/runtime/uart.c firmware/console/console_answer.c \
	firmware/console/console_explain.c \
	firmware/console/console_parse.c firmware/console/console_line.c firmware/console/console_out_uart.c
FW_HOME := -DCONSOLE_HAS_GAME=0 -DCONSOLE_HAS_EXPLAIN=1 -DUART_WAKES=0
else
FW_SRCS := firmware/main.c $(wildcard firmware/runtime/*.c firmware/display/*.c \
	firmware/game/*.c firmware/console/*.c boards/$(BOARD)/*.c)
FW_HOME :=
endif
# The engine's profile follows the board's kind: a device board's image takes the device profile
# (engine_config.h's ENGINE_DEVICE: 16-bit heaps, the handheld's limits), a calculator board's (uno) the
# calculator's whole engine.
ENGINE_PROFILE := $(BOARD_KIND)
FW_ENGINE_INC := $(if $(filter device,$(ENGINE_PROFILE)),$(ENGINE_DEVICE_INC),$(ENGINE_INC))
FW_TABLES_H := $(if $(filter device,$(ENGINE_PROFILE)),$(TABLES_DEVICE_H),$(TABLES_H))
FW_INC := -Iboards/$(BOARD) -I$(WIRING_GEN) -Ifirmware/board -Ifirmware/runtime -Ifirmware/display \
	-Ifirmware/game -Ifirmware/console $(FW_ENGINE_INC) -DGRUNDY_VERSION='"$(VERSION)"' \
	-DGRUNDY_HOME='"board $(BOARD)"' $(FW_HOME)
FW_OBJS := $(FW_SRCS:%.c=$(FW_DIR)/obj/%.o)
# The games past line that a board's image leaves out (engine_config.h's ENGINE_OMIT_; the host, the
# engine's AVR tests and the benchmark have them all): ENGINE_OMIT in each boards/<board>/board.mk,
# as AVR_ENGINE_OMIT_<board> for every board (the engine's tests and the bench use direct's and
# shift595's whatever BOARD is). A board's engine is its own build.
board_engine_omit = $(shell sed -n 's/^ENGINE_OMIT *:= *//p' boards/$(1)/board.mk 2>/dev/null)
$(foreach b,$(VALID_BOARDS),$(eval AVR_ENGINE_OMIT_$(b) ?= $(call board_engine_omit,$(b))))
FW_OMIT := $(AVR_ENGINE_OMIT_$(BOARD):%=-DENGINE_OMIT_%=1)
FW_ENGINE_OBJS := $(ENGINE_SRCS:%.c=$(FW_DIR)/obj/%.o)

$(FW_DIR)/obj/%.o: %.c Makefile $(wildcard boards/$(BOARD)/board.mk) | $(FW_TABLES_H)
	@mkdir -p $(@D)
	@echo "  AVR-CC  $@"
	$(Q)$(AVR_CC) $(AVR_CFLAGS) $(FW_OMIT) $(FW_INC) -c $< -o $@

# a board's code is checked against its pin table when it compiles (tests/wiring/wiring.mk)
$(patsubst %.c,$(FW_DIR)/obj/%.o,$(wildcard boards/$(BOARD)/*.c)) \
$(patsubst %.c,$(FW_DIR)/faults/obj/%.o,$(wildcard boards/$(BOARD)/*.c)): $(WIRING_GEN)/wiring_$(BOARD).h


# -ffunction-sections -fdata-sections on the link step too: LTO's own output then goes to
# sections that --gc-sections can drop.
$(FW_ELF): $(FW_OBJS) $(FW_ENGINE_OBJS)
	$(Q)$(AVR_CC) $(AVR_LDFLAGS) -flto -Os $(AVR_SIZE_FLAGS) -ffunction-sections -fdata-sections \
		$(WARN) $^ -o $@

# The faults image, for the watchdog's tests only (firmware/runtime/fault.h): the same sources
# with GRUNDY_FAULTS, whose console takes "fault loop|tick|save". Never flashed.
FAULTS_ELF := $(FW_DIR)/faults/grundy.elf
FAULTS_OBJS := $(FW_SRCS:%.c=$(FW_DIR)/faults/obj/%.o) $(FW_ENGINE_OBJS)

$(FW_DIR)/faults/obj/%.o: %.c Makefile | $(FW_TABLES_H)
	@mkdir -p $(@D)
	@echo "  AVR-CC  $@"
	$(Q)$(AVR_CC) $(AVR_CFLAGS) $(FW_OMIT) $(FW_INC) -DGRUNDY_FAULTS -c $< -o $@

$(FAULTS_ELF): $(FAULTS_OBJS)
	$(Q)$(AVR_CC) $(AVR_LDFLAGS) -flto -Os $(AVR_SIZE_FLAGS) -ffunction-sections -fdata-sections \
		$(WARN) $^ -o $@

$(FW_HEX): $(FW_ELF)
	$(Q)$(AVR_OBJCOPY) -O ihex -R .eeprom -R .mmcu $< $@

# The image's proven worst-case stack (tools/stack_depth.py), which the scenario suites hold
# their painted high-water marks to. No file when the tool cannot prove one: the suites then
# fail, and the stack suite says why.
STACK_DEPTH := python3 tools/stack_depth.py
FW_STACK := $(FW_DIR)/stack.txt
$(FW_STACK): $(FW_ELF) tools/stack_depth.py
	$(Q)rm -f $@; $(STACK_DEPTH) --quiet --reserve 0 --out $@ $< || true

# --- grundy: the console on a computer (host/), from the same engine and answering code ---
CLI := $(BUILD)/host/grundy
CLI_SRCS := host/grundy.c host/grundy_answer.c host/grundy_digits.c host/grundy_dag.c firmware/console/console_answer.c \
	firmware/console/console_explain.c \
	firmware/console/console_parse.c $(JUDGE_SRCS)
CLI_CFLAGS := -Ihost -Ihost/judge -Ifirmware/console $(ENGINE_INC) -DGRUNDY_VERSION='"$(VERSION)"' \
	-DGRUNDY_HOME='"on a computer"' -DCONSOLE_HAS_GAME=0 -DCONSOLE_HAS_EXPLAIN=1
# the prompt's line editing and history: Debian's libedit (BSD licence; libedit-dev)
CLI_LIBS := -ledit

$(CLI): $(CLI_SRCS) $(ENGINE_HOST_OBJS) $(wildcard host/*.h host/judge/*.h firmware/console/*.h) Makefile
	@mkdir -p $(@D)
	@echo "  HOSTLD  $@"
	$(Q)$(HOST_CC) $(HOST_CFLAGS) $(CLI_CFLAGS) $(filter %.c,$^) $(ENGINE_HOST_OBJS) -o $@ $(CLI_LIBS)

# The host-side benches (tests/bench/NAME.c), each driving the firmware under the simulator.
LATENCY := $(BUILD)/bench/latency
POWER_BENCH := $(BUILD)/bench/power
CONSOLE_BENCH := $(BUILD)/bench/console_bench
HOST_BENCHES := $(LATENCY) $(POWER_BENCH) $(CONSOLE_BENCH)
$(HOST_BENCHES:=.o): $(BUILD)/bench/%.o: tests/bench/%.c Makefile
	@mkdir -p $(@D)
	$(Q)$(HOST_CC) $(HOST_CFLAGS) $(SIM_HOST_CFLAGS) -c $< -o $@

$(HOST_BENCHES): %: %.o $(SIM_SCENARIO_OBJS) $(SIM_LIB_OBJS)
	$(Q)$(HOST_CC) $^ -o $@ $(SIM_HOST_LIBS)

# The faults image as a hex, for the Uno suite to flash through the bootloader.
FAULTS_HEX := $(FW_DIR)/faults/grundy.hex
$(FAULTS_HEX): $(FAULTS_ELF)
	$(Q)$(AVR_OBJCOPY) -O ihex -R .eeprom -R .mmcu $< $@

# --- benchmark firmware ---
BENCH_ELF := $(BUILD)/bench/bench.elf

$(BUILD)/bench/bench_fw.o: tests/bench/bench_fw.c Makefile | $(TABLES_H)
	@mkdir -p $(@D)
	@echo "  AVR-CC  $@"
	$(Q)$(AVR_CC) $(AVR_CFLAGS) $(ENGINE_INC) -Isim -c $< -o $@

# Linked without LTO, so that every engine function keeps its own symbol: the engine's
# flash is the sum of those (LTO would fold them into the benchmark's code).
$(BENCH_ELF): $(BUILD)/bench/bench_fw.o $(ENGINE_AVR_OBJS)
	$(Q)$(AVR_CC) $(AVR_LDFLAGS) -fno-lto $^ -o $@

# The same benchmark on the engine's device profile, as the handheld boards build it (shift595's
# games: the exact misere search, king, moore:k): the decisions the device images make.
BENCH_DEVICE_ELF := $(BUILD)/bench/device/bench.elf
BENCH_DEVICE_FLAGS := $(ENGINE_DEVICE_INC) $(AVR_ENGINE_OMIT_shift595:%=-DENGINE_OMIT_%=1)
BENCH_DEVICE_ENGINE_OBJS := $(ENGINE_SRCS:%.c=$(BUILD)/bench/device/%.o)

$(BUILD)/bench/device/%.o: %.c Makefile | $(TABLES_DEVICE_H)
	@mkdir -p $(@D)
	@echo "  AVR-CC  $@"
	$(Q)$(AVR_CC) $(AVR_CFLAGS) $(BENCH_DEVICE_FLAGS) -Isim -c $< -o $@

$(BENCH_DEVICE_ELF): $(BUILD)/bench/device/tests/bench/bench_fw.o $(BENCH_DEVICE_ENGINE_OBJS)
	$(Q)$(AVR_CC) $(AVR_LDFLAGS) -fno-lto $^ -o $@

# The quick form of both (make bench-quick, and a suite of make test): the same decisions,
# fewer of them (tests/bench/bench_fw.c's BENCH_QUICK).
BENCH_QUICK_ELF := $(BUILD)/bench/quick/bench.elf
BENCH_QUICK_DEVICE_ELF := $(BUILD)/bench/quick/device/bench.elf

$(BUILD)/bench/quick/bench_fw.o: tests/bench/bench_fw.c Makefile | $(TABLES_H)
	@mkdir -p $(@D)
	@echo "  AVR-CC  $@"
	$(Q)$(AVR_CC) $(AVR_CFLAGS) $(ENGINE_INC) -DBENCH_QUICK=1 -Isim -c $< -o $@

$(BUILD)/bench/quick/device/bench_fw.o: tests/bench/bench_fw.c Makefile | $(TABLES_DEVICE_H)
	@mkdir -p $(@D)
	@echo "  AVR-CC  $@"
	$(Q)$(AVR_CC) $(AVR_CFLAGS) $(BENCH_DEVICE_FLAGS) -DBENCH_QUICK=1 -Isim -c $< -o $@

$(BENCH_QUICK_ELF): $(BUILD)/bench/quick/bench_fw.o $(ENGINE_AVR_OBJS)
	$(Q)$(AVR_CC) $(AVR_LDFLAGS) -fno-lto $^ -o $@

$(BENCH_QUICK_DEVICE_ELF): $(BUILD)/bench/quick/device/bench_fw.o $(BENCH_DEVICE_ENGINE_OBJS)
	$(Q)$(AVR_CC) $(AVR_LDFLAGS) -fno-lto $^ -o $@

# make bench: each step a "name: command" (tests/bench/steps.sh runs them all, goes on past a
# failed one and ends with "N passed, M failed"); one more figure is one more line here. Each
# board's image (the handhelds and uno) at its own limits, which the console bench reads from
# the image's own refusals.
# BENCH_QUICK=1 (make bench-quick, a suite of make test): the same steps, fewer repetitions.
BENCH_QUICK ?= 0
bench_fw_elf = $(if $(filter 1,$(BENCH_QUICK)),$(BENCH_QUICK_$(1)ELF),$(BENCH_$(1)ELF))
BENCH_STEPS = \
	"flash, static RAM and proven stack of each board's image (tools/stack_depth.py): \
		for b in $(VALID_BOARDS); do $(STACK_DEPTH) $(BUILD)/\$$b/grundy.elf || exit 1; done" \
	"the calculator's engine (32-bit heaps; the host's and the uno image's): \
		sh tests/bench/bench.sh $(SIM_RUN) $(call bench_fw_elf,) $(ENGINE_AVR_OBJS)" \
	"the device profile's engine (16-bit heaps; direct, matrix8, shift595 as shift595 builds it): \
		sh tests/bench/bench.sh $(SIM_RUN) $(call bench_fw_elf,DEVICE_) $(BENCH_DEVICE_ENGINE_OBJS)" \
	$(foreach b,$(DEVICE_BOARDS),"input latency on the $(b) board: $(LATENCY) $(BUILD)/$(b)/grundy.elf $(b)") \
	$(foreach b,$(VALID_BOARDS),"console replies on the $(b) board, at its limits: \
		$(CONSOLE_BENCH) $(BUILD)/$(b)/grundy.elf $(b)") \
	$(foreach b,$(DEVICE_BOARDS),"power on the $(b) board: $(POWER_BENCH) $(BUILD)/$(b)/grundy.elf $(b)") \
	"the browser page: $(MAKE) --no-print-directory -s _web_bench" \
	"the page's flasher beside avrdude on the simulated Uno: $(MAKE) --no-print-directory -s _flash_bench" \
	"grundy on a computer (each judge on its largest input, the heaviest replies): \
		sh tests/bench/host_bench.sh $(CLI)"

_bench: $(call bench_fw_elf,) $(call bench_fw_elf,DEVICE_) $(SIM_RUN) $(LATENCY) $(CONSOLE_BENCH) \
		$(POWER_BENCH) $(BENCH_ELF) $(BENCH_DEVICE_ELF) $(CLI)
	$(Q)for b in $(VALID_BOARDS); do $(MAKE) --no-print-directory -s BOARD=$$b $(BUILD)/$$b/grundy.elf || exit 1; done
	$(Q)BENCH_QUICK=$(BENCH_QUICK) sh tests/bench/steps.sh $(BENCH_STEPS)

# --- public targets ---
.PHONY: all deps firmware cli test bench bench-quick play console size flash help clean fuzz check _firmware _test _test_build _check _check_build _bench _play \
	_faults _stack _fuzz _console _shift595_elf _matrix8_elf soak _soak

all: firmware

deps:
	@sh tools/deps.sh

firmware: deps
	$(Q)$(MAKE) --no-print-directory _firmware

_firmware: $(FW_HEX)
	$(Q)$(AVR_SIZE) $(FW_ELF)

_faults: $(FAULTS_ELF) $(FAULTS_HEX)
_stack: $(FW_STACK)

size: firmware

# grundy, the console on this computer: build/host/grundy
cli: deps
	$(Q)$(MAKE) --no-print-directory $(CLI)
	@echo "built $(CLI): try $(CLI) solve nim 3 4 5, or $(CLI) judge"

# The build runs TEST_JOBS at a time too; the suites then run with tests/run_suites.sh.
test: deps
	$(Q)$(MAKE) --no-print-directory -j$(TEST_JOBS) _test_build
	$(Q)$(MAKE) --no-print-directory _test

# --- the tests: each area's suites and their build rules live beside its tests ---
# Each file below (and sim/sim.mk, sim/web/web.mk and host/judge/judge.mk above) defines one list of suite lines, <AREA>_TEST_SUITES, and appends it
# to TEST_SUITES, and its programs to TEST_PROGRAMS (what _test_build builds); the suites of
# make check go to CHECK_SUITES and CHECK_PROGRAMS the same way. A new suite is a line in its
# area's list. A suite line is "name: command"; "[wait] name: command" marks a suite that waits
# on real time (tests/run_suites.sh runs it beside the CPU-bound suites, outside TEST_JOBS).
# The suites start in this order (the longest CPU-bound first) and are shown in it.
include tests/scenario/scenario.mk
include tests/engine/engine_tests.mk
include tests/store/store.mk
include tests/board/board_tests.mk
include tests/runtime/runtime.mk
include tests/host/host.mk
include tests/docs/docs.mk
include tests/fuzz/fuzz.mk
include tests/stack/stack.mk
include tests/tools/tools.mk
include tests/bench/bench.mk
include sim/web/flash.mk

# Suites run TEST_JOBS at a time (their outputs still in this order).
TEST_JOBS ?= $(shell nproc 2>/dev/null || echo 1)
# SUITES='pattern ...': run only the suites whose names match one of the patterns, as SQLite's
# test runner takes them: a word or a glob found anywhere in the name, case ignored
# (make test SUITES='nim*direct console').
SUITES ?=
RUN_SUITES = sh tests/run_suites.sh -j $(TEST_JOBS) -k '$(SUITES)'

# Every board's firmware, one board per make run (FW_DIR follows BOARD), one after the other
# so that the objects the boards share are built once; then the page, once, before the suites
# that read build/web (the page's and the bench's).
_test_build: $(TEST_PROGRAMS)
	$(Q)for b in $(DEVICE_BOARDS); do $(MAKE) --no-print-directory BOARD=$$b _firmware _faults _stack || exit 1; done
	$(Q)for b in $(CALC_BOARDS); do $(MAKE) --no-print-directory BOARD=$$b _firmware _stack || exit 1; done
	$(Q)$(MAKE) --no-print-directory -s _web

_test: _test_build
	$(Q)$(RUN_SUITES) $(TEST_SUITES)

# make check: the suites that need no simulator in real time, and one board's quick scenario
# (CHECK_BOARD's image only).
check: deps
	$(Q)$(MAKE) --no-print-directory -j$(TEST_JOBS) _check_build
	$(Q)$(MAKE) --no-print-directory _check

_check_build: $(CHECK_PROGRAMS)
	$(Q)$(MAKE) --no-print-directory -s BOARD=$(CHECK_BOARD) $(BUILD)/$(CHECK_BOARD)/grundy.elf _stack

_check: _check_build
	$(Q)$(RUN_SUITES) $(CHECK_SUITES)

bench: deps
	$(Q)$(MAKE) --no-print-directory _bench

# the same steps as make bench with fewer repetitions (a suite of make test: about a minute)
bench-quick: deps web-deps
	$(Q)$(MAKE) --no-print-directory _bench BENCH_QUICK=1

# The button storm on BOARD for SOAK_MINUTES simulated minutes (make soak BOARD=matrix8
# SOAK_MINUTES=60); STORM_SEED=N replays a run.
soak: deps
	$(Q)$(MAKE) --no-print-directory _soak

_soak: $(FW_ELF) $(FW_STACK) $(TEST_STORM)
	$(Q)sh tests/run_suites.sh "button storm on the $(BOARD) board ($(SOAK_MINUTES) min simulated): \
		$(TEST_STORM) $(FW_ELF) $(BOARD) --seconds $$(($(SOAK_MINUTES) * 60))"

# make fuzz: every fuzz run for FUZZ_SECONDS (300) each, longer than make test's;
# FUZZ_SECONDS=3600 make fuzz for an hour each
fuzz: deps
	$(Q)$(MAKE) --no-print-directory _fuzz

_fuzz: $(FUZZ_ALL)
	$(Q)sh tests/run_suites.sh -j $(TEST_JOBS) $(call fuzz_suites,$(FUZZ_SECONDS),$(FUZZ_SECONDS),$(FUZZ_SECONDS))

play: deps
	$(Q)$(MAKE) --no-print-directory _play

# The console on the simulated board: type command lines, read the answers (and '@' events);
# the EEPROM is the one make play keeps.
console: deps
	$(Q)$(MAKE) --no-print-directory _console

_console: $(FW_ELF) $(SIM_SERIAL)
	$(Q)$(SIM_SERIAL) --board $(BOARD) --eeprom $(FW_DIR)/eeprom.bin $(FW_ELF)

# The simulated EEPROM persists in $(FW_DIR)/eeprom.bin; PLAY_FLAGS=--fresh-eeprom starts blank.
PLAY_FLAGS ?=
ifeq ($(BOARD_KIND),calculator)
_play:
	@echo "make play: the $(BOARD) board has no LEDs or buttons to play on; talk to it with make console BOARD=$(BOARD)" >&2
	@exit 2
else
_play: $(FW_ELF) $(SIM_PLAY)
	$(Q)$(SIM_PLAY) --board $(BOARD) --eeprom $(FW_DIR)/eeprom.bin $(PLAY_FLAGS) $(FW_ELF)
endif

# avrdude is installed for this target only (tools/deps.sh flash); tools/flash.sh checks the
# port first and names the ports that look like an Uno.
PORT ?= /dev/ttyACM0
flash: firmware
	@sh tools/deps.sh flash
	$(Q)sh tools/flash.sh "$(PORT)" $(FW_HEX)

help:
	@echo "Grundy - targets (BOARD=$(BOARD); boards: $(VALID_BOARDS)):"
	@echo "  make [BOARD=b]     build $(BUILD)/<board>/grundy.elf and .hex, print its size"
	@echo "  make play          play on the simulated board in this terminal (BOARD=$(BOARD))"
	@echo "                     EEPROM kept in $(BUILD)/<board>/eeprom.bin; PLAY_FLAGS=--fresh-eeprom"
	@echo "  make console       the serial console of the simulated board: type commands (help)"
	@echo "                     EEPROM shared with make play; Ctrl-D or quit leaves"
	@echo "  make cli           build $(BUILD)/host/grundy: the console on this computer (grundy judge too)"
	@echo "  make wiring        after a boards/<b>/wiring.yaml changed: write what is made"
	@echo "                     from it (Pins tables, drawings, the page's wiring.js)"
	@echo "  make test          install what is missing, build every board, run every test"
	@echo "                     (the scenario suites once per board; TEST_JOBS=$(TEST_JOBS) at a time;"
	@echo "                     SUITES='nim console' runs only the suites whose names match)"
	@echo "  make check         the quick tests: engine, host, judge, fuzz 5 s, one board's Nim"
	@echo "  make bench         benchmarks: engine, latency, console, power, the page, grundy"
	@echo "  make bench-quick   the same, fewer repetitions (make test runs it)"
	@echo "  make fuzz          fuzz the console, grundy and its judges (FUZZ_SECONDS=$(FUZZ_SECONDS))"
	@echo "  make web           build the browser page (avr8js) into $(BUILD)/web"
	@echo "  make serve         serve $(BUILD)/web on 127.0.0.1 (WEB_PORT=8014) and print its address"
	@echo "  make soak          the button storm on BOARD for SOAK_MINUTES=$(SOAK_MINUTES) simulated"
	@echo "                     minutes, a new seed each run (STORM_SEED=N replays one)"
	@echo "  make flash PORT=/dev/ttyACM0   flash an Uno through its bootloader"
	@echo "  make dist          the release's files: $(BUILD)/dist/grundy-<board>.hex, SHA256SUMS, the page"
	@echo "  make clean         remove $(BUILD)/"
	@echo "  make help          this list"
	@echo "  V=1                show full commands"

clean:
	rm -rf $(BUILD)
