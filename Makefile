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

# The engine's device profile (engine.h's ENGINE_DEVICE: the handheld boards' images) has its own
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

include sim/sim.mk
include sim/web/web.mk
include tests/engine/engine_tests.mk
include host/judge/judge.mk
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
# (engine.h's ENGINE_DEVICE: 16-bit heaps, the handheld's limits), a calculator board's (uno) the
# calculator's whole engine.
ENGINE_PROFILE := $(BOARD_KIND)
FW_ENGINE_INC := $(if $(filter device,$(ENGINE_PROFILE)),$(ENGINE_DEVICE_INC),$(ENGINE_INC))
FW_TABLES_H := $(if $(filter device,$(ENGINE_PROFILE)),$(TABLES_DEVICE_H),$(TABLES_H))
FW_INC := -Iboards/$(BOARD) -Ifirmware/board -Ifirmware/runtime -Ifirmware/display \
	-Ifirmware/game -Ifirmware/console $(FW_ENGINE_INC) -DGRUNDY_VERSION='"$(VERSION)"' \
	-DGRUNDY_HOME='"board $(BOARD)"' $(FW_HOME)
FW_OBJS := $(FW_SRCS:%.c=$(FW_DIR)/obj/%.o)
# The games past line that a board's image leaves out (engine.h's ENGINE_OMIT_; the host, the
# engine's AVR tests and the benchmark have them all): the course's games are the calculator's.
# EXACT: the exact misere search, which matrix8's menu does not need (no misere variant but Nim's
# fits its 64 tokens). A board's engine is its own build.
AVR_ENGINE_OMIT_matrix8 ?= LASKER DAG MULT CALENDAR EXACT
AVR_ENGINE_OMIT_direct ?= LASKER DAG MULT CALENDAR
AVR_ENGINE_OMIT_shift595 ?= LASKER DAG MULT CALENDAR
FW_OMIT := $(AVR_ENGINE_OMIT_$(BOARD):%=-DENGINE_OMIT_%=1)
FW_ENGINE_OBJS := $(ENGINE_SRCS:%.c=$(FW_DIR)/obj/%.o)

$(FW_DIR)/obj/%.o: %.c Makefile | $(FW_TABLES_H)
	@mkdir -p $(@D)
	@echo "  AVR-CC  $@"
	$(Q)$(AVR_CC) $(AVR_CFLAGS) $(FW_OMIT) $(FW_INC) -c $< -o $@


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
CLI_SRCS := host/grundy.c host/grundy_digits.c host/grundy_dag.c firmware/console/console_answer.c \
	firmware/console/console_explain.c \
	firmware/console/console_parse.c $(JUDGE_SRCS)
CLI_CFLAGS := -Ihost -Ihost/judge -Ifirmware/console $(ENGINE_INC) -DGRUNDY_VERSION='"$(VERSION)"' \
	-DGRUNDY_HOME='"on a computer"' -DCONSOLE_HAS_GAME=0 -DCONSOLE_HAS_EXPLAIN=1

$(CLI): $(CLI_SRCS) $(ENGINE_HOST_OBJS) $(wildcard host/*.h host/judge/*.h firmware/console/*.h) Makefile
	@mkdir -p $(@D)
	@echo "  HOSTLD  $@"
	$(Q)$(HOST_CC) $(HOST_CFLAGS) $(CLI_CFLAGS) $(filter %.c,$^) $(ENGINE_HOST_OBJS) -o $@

# The same program under AddressSanitizer and UBSan, for the tests that feed it bad input.
CLI_ASAN := $(BUILD)/host/grundy-asan
$(CLI_ASAN): $(CLI_SRCS) $(ENGINE_SRCS) $(wildcard host/*.h host/judge/*.h firmware/console/*.h) $(TABLES_H) Makefile
	@mkdir -p $(@D)
	@echo "  HOSTLD  $@"
	$(Q)$(HOST_CC) -std=gnu99 -O1 -g $(WARN) -fsanitize=address,undefined -fno-sanitize-recover=all \
		$(CLI_CFLAGS) $(filter %.c,$^) -o $@

# --- host tests of the firmware's pure modules ---
TEST_DEBOUNCE := $(BUILD)/tests/test_debounce

$(TEST_DEBOUNCE): tests/runtime/test_debounce.c firmware/runtime/debounce.c \
		firmware/runtime/debounce.h Makefile
	@mkdir -p $(@D)
	$(Q)$(HOST_CC) -std=gnu99 -O2 $(WARN) -Ifirmware/runtime $(filter %.c,$^) -o $@

# The tick's button rule (debounce, then presses and auto-repeat) every millisecond.
TEST_PRESS := $(BUILD)/tests/test_press

$(TEST_PRESS): tests/runtime/test_press.c firmware/runtime/press.c firmware/runtime/debounce.c \
		tests/engine/check.c firmware/runtime/press.h firmware/runtime/debounce.h tests/engine/check.h Makefile
	@mkdir -p $(@D)
	$(Q)$(HOST_CC) -std=gnu99 -O2 $(WARN) -Ifirmware/runtime -Itests/engine $(filter %.c,$^) -o $@

# The display's text on a grid board (matrix8's), with AddressSanitizer watching its writes.
TEST_DISPLAY := $(BUILD)/tests/test_display

$(TEST_DISPLAY): tests/runtime/test_display.c firmware/display/display.c tests/engine/check.c \
		tests/engine/check.h firmware/display/display.h \
		firmware/board/board.h boards/matrix8/board_config.h tests/runtime/host_avr/avr/pgmspace.h Makefile
	@mkdir -p $(@D)
	$(Q)$(HOST_CC) -std=gnu99 -O1 -g $(WARN) -fsanitize=address,undefined -fno-sanitize-recover=all \
		-fno-omit-frame-pointer -Iboards/matrix8 -Ifirmware/board -Ifirmware/display -Ifirmware/engine \
		-Itests/engine \
		-Itests/runtime/host_avr $(filter %.c,$^) -o $@

# --- scenario tests: the firmware played through the simulated board ---
TEST_NIM := $(BUILD)/tests/test_nim
TEST_GAMES := $(BUILD)/tests/test_games
TEST_STORE := $(BUILD)/tests/test_store
TEST_CONSOLE := $(BUILD)/tests/test_console
TEST_WATCHDOG := $(BUILD)/tests/test_watchdog
TEST_POWER := $(BUILD)/tests/test_power
TEST_STORM := $(BUILD)/tests/test_storm
TEST_VIEW := $(BUILD)/tests/test_view
SCENARIO_BRUTE := $(BUILD)/tests/host/brute.o
SCENARIO_TALLY := $(BUILD)/tests/scenario/tally.o
SCENARIO_ROWS := $(BUILD)/tests/scenario/rows_pos.o

$(BUILD)/tests/scenario/%.o: tests/scenario/%.c Makefile
	@mkdir -p $(@D)
	@echo "  CC      $@"
	$(Q)$(HOST_CC) $(HOST_CFLAGS) -Itests/engine $(SIM_HOST_CFLAGS) -c $< -o $@

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

$(OPTIBOOT_ELF): $(OPTIBOOT_SRC)/optiboot.c Makefile
	@mkdir -p $(@D)
	@echo "  AVR-CC  $@"
	$(Q)$(AVR_CC) $(OPTIBOOT_CFLAGS) -I$(OPTIBOOT_SRC) $(OPTIBOOT_LDFLAGS) $< -o $@
	$(Q)size=$$($(AVR_SIZE) -A $@ | awk '$$1 == ".text" { print $$2 }'); \
		if [ "$$size" -gt 510 ]; then echo "optiboot: $$size bytes of code reach its version word" >&2; \
		rm -f $@; exit 1; fi

$(OPTIBOOT_HEX): $(OPTIBOOT_ELF)
	$(Q)$(AVR_OBJCOPY) -O ihex -j .text -j .version --set-section-flags .version=alloc,load $< $@

# The faults image as a hex, for the Uno suite to flash through the bootloader.
FAULTS_HEX := $(FW_DIR)/faults/grundy.hex
$(FAULTS_HEX): $(FAULTS_ELF)
	$(Q)$(AVR_OBJCOPY) -O ihex -R .eeprom -R .mmcu $< $@

# The Uno suite (tests/scenario/test_uno.c): each board in UNO_BOARDS flashed by make flash
# through Optiboot into a simulated Uno, then reset every way an Uno is. It runs in real time
# (avrdude's and the bootloader's timeouts): about 45 s simulated a board, 55-100 s of wall
# clock on a busy 2-core machine (avrdude's write and verify alone 10-25 s), but little CPU
# (15 s): one suite per board, so that make test runs them beside the others.
UNO_BOARDS ?= direct matrix8 shift595 uno
TEST_UNO := $(BUILD)/tests/test_uno
$(TEST_UNO): $(BUILD)/tests/scenario/test_uno.o $(SCENARIO_TALLY) $(SIM_UNO_OBJS) $(SIM_SCENARIO_OBJS) $(SIM_LIB_OBJS)
	$(Q)$(HOST_CC) $^ -o $@ $(SIM_HOST_LIBS)

# --- the shift595 board's own tests need its firmware, whatever BOARD is ---
SHIFT595_ELF := $(BUILD)/shift595/grundy.elf
_shift595_elf:
	$(Q)$(MAKE) --no-print-directory -s BOARD=shift595 $(SHIFT595_ELF)

# --- the matrix8 board's own test needs its firmware, whatever BOARD is ---
MATRIX8_ELF := $(BUILD)/matrix8/grundy.elf
_matrix8_elf:
	$(Q)$(MAKE) --no-print-directory -s BOARD=matrix8 $(MATRIX8_ELF)

# --- the console's error replies as templates, for the README's quotes (tests/docs) ---
CONSOLE_TEMPLATES := $(BUILD)/tests/console_templates

$(CONSOLE_TEMPLATES): tests/docs/console_templates.c firmware/console/console_parse.c \
		$(wildcard firmware/console/*.h) $(ENGINE_HOST_OBJS) Makefile
	@mkdir -p $(@D)
	$(Q)$(HOST_CC) -std=gnu99 -O1 $(WARN) -DCONSOLE_ALL_MESSAGES -DCONSOLE_HAS_EXPLAIN=1 -Ifirmware/console \
		$(ENGINE_INC) $< $(ENGINE_HOST_OBJS) -o $@

# --- the console parser under libFuzzer (clang) ---
FUZZ_DIR := $(BUILD)/fuzz
FUZZ_CONSOLE := $(FUZZ_DIR)/fuzz_console
FUZZ_SECONDS ?= 30
FUZZ_SRCS := tests/fuzz/fuzz_console.c firmware/console/console_parse.c $(ENGINE_SRCS)

$(FUZZ_CONSOLE): $(FUZZ_SRCS) $(wildcard firmware/console/*.h firmware/engine/*.h) $(TABLES_H) Makefile
	@mkdir -p $(@D)
	@echo "  CLANG   $@"
	$(Q)clang -std=gnu99 -O1 -g $(WARN) -fsanitize=fuzzer,address,undefined \
		-fno-sanitize-recover=undefined -DCONSOLE_HAS_EXPLAIN=1 -Ifirmware/console $(ENGINE_INC) \
		$(FUZZ_SRCS) -o $@

# --- the store on the AVR, driven directly (tests/store/store_suite.c), with the firmware's
# objects; store.c itself with 137 bytes a poll (a sum in three polls; a poll that programs a
# byte ends there, the EEPROM busy 3.4 ms) ---
TEST_STORE_AVR := $(BUILD)/tests/store_avr.elf
TEST_STORE_AVR_CFLAGS := $(AVR_CFLAGS) $(FW_OMIT) $(FW_INC) -DSTORE_STEPS=137
TEST_STORE_AVR_OBJS := $(BUILD)/tests/avr/store_suite.o $(BUILD)/tests/avr/store_steps.o \
	$(BUILD)/tests/avr/check.o $(addprefix $(FW_DIR)/obj/,firmware/game/settings.o \
		firmware/game/games.o firmware/runtime/uart.o firmware/runtime/watchdog.o \
		firmware/runtime/tick.o firmware/runtime/debounce.o firmware/runtime/press.o firmware/display/display.o) \
	$(patsubst %.c,$(FW_DIR)/obj/%.o,$(wildcard boards/$(BOARD)/*.c)) $(FW_ENGINE_OBJS)

$(BUILD)/tests/avr/store_suite.o: tests/store/store_suite.c Makefile | $(FW_TABLES_H)
	@mkdir -p $(@D)
	@echo "  AVR-CC  $@"
	$(Q)$(AVR_CC) $(TEST_STORE_AVR_CFLAGS) -Itests/engine -Isim -c $< -o $@

$(BUILD)/tests/avr/store_steps.o: firmware/game/store.c Makefile | $(FW_TABLES_H)
	@mkdir -p $(@D)
	@echo "  AVR-CC  $@"
	$(Q)$(AVR_CC) $(TEST_STORE_AVR_CFLAGS) -c $< -o $@

$(TEST_STORE_AVR): $(TEST_STORE_AVR_OBJS)
	$(Q)$(AVR_CC) $(AVR_LDFLAGS) $^ -o $@

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

# The power figures (sleep, wake-ups, standby, interrupts-off time) for every board.
_bench: $(BENCH_ELF) $(BENCH_DEVICE_ELF) $(SIM_RUN) $(LATENCY) $(CONSOLE_BENCH) $(POWER_BENCH) $(FW_ELF)
	$(Q)echo "Flash, static RAM and the proven worst-case stack of each board's image"
	$(Q)echo "(tools/stack_depth.py: from the disassembly; interrupts on top; 256 bytes must stay free)."
	$(Q)for b in $(VALID_BOARDS); do $(MAKE) --no-print-directory -s BOARD=$$b $(BUILD)/$$b/grundy.elf && \
		{ $(STACK_DEPTH) $(BUILD)/$$b/grundy.elf || true; }; done
	$(Q)echo
	$(Q)echo "The calculator's engine (32-bit heaps; the host's and the uno image's):"
	$(Q)sh tests/bench/bench.sh $(SIM_RUN) $(BENCH_ELF) $(ENGINE_AVR_OBJS)
	$(Q)echo
	$(Q)echo "The device profile's engine (16-bit heaps; direct, matrix8, shift595 as shift595 builds it):"
	$(Q)sh tests/bench/bench.sh $(SIM_RUN) $(BENCH_DEVICE_ELF) $(BENCH_DEVICE_ENGINE_OBJS)
	$(Q)$(LATENCY) $(FW_ELF) $(BOARD)
	$(Q)$(CONSOLE_BENCH) $(FW_ELF) $(BOARD)
	$(Q)for b in $(CALC_BOARDS); do $(MAKE) --no-print-directory -s BOARD=$$b $(BUILD)/$$b/grundy.elf || exit 1; \
		$(CONSOLE_BENCH) $(BUILD)/$$b/grundy.elf $$b || exit 1; done
	$(Q)for b in $(DEVICE_BOARDS); do $(MAKE) --no-print-directory -s BOARD=$$b $(BUILD)/$$b/grundy.elf || exit 1; \
		$(POWER_BENCH) $(BUILD)/$$b/grundy.elf $$b || exit 1; done
	$(Q)$(MAKE) --no-print-directory -s _web_bench

# --- public targets ---
.PHONY: all deps firmware cli test bench play console size flash help clean fuzz _firmware _test _bench _play _faults _stack \
	_fuzz _console _shift595_elf _matrix8_elf soak _soak

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

test: deps
	$(Q)$(MAKE) --no-print-directory _test

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
board_suites = \
	"nim on the $(1) board: $(TEST_NIM) $(BUILD)/$(1)/grundy.elf $(1) $(call nim_games,$(1))" \
	"every game on the $(1) board: $(TEST_GAMES) $(BUILD)/$(1)/grundy.elf $(1)" \
	"settings and score in EEPROM on the $(1) board: $(TEST_STORE) $(BUILD)/$(1)/grundy.elf $(1)" \
	"serial console on the $(1) board: $(TEST_CONSOLE) $(BUILD)/$(1)/grundy.elf $(1) $(VERSION)" \
	"watchdog (hangs, resets, resume) on the $(1) board: $(TEST_WATCHDOG) $(BUILD)/$(1)/grundy.elf \
		$(BUILD)/$(1)/faults/grundy.elf $(1)" \
	"the binary view on the $(1) board ($(call view_games,$(1)) games of each kind): $(TEST_VIEW) $(BUILD)/$(1)/grundy.elf \
		$(BUILD)/$(1)/faults/grundy.elf $(1) $(call view_games,$(1))" \
	"standby and interrupt time on the $(1) board: $(TEST_POWER) $(BUILD)/$(1)/grundy.elf $(1)" \
	"button storm on the $(1) board ($(call storm_seconds,$(1)) s simulated): $(TEST_STORM) \
		$(BUILD)/$(1)/grundy.elf $(1) --seconds $(call storm_seconds,$(1)) --seed $(STORM_TEST_SEED)"

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

# Suites run TEST_JOBS at a time (their outputs still in this order).
TEST_JOBS ?= $(shell nproc 2>/dev/null || echo 1)
TEST_SUITES = \
	$(foreach b,$(DEVICE_BOARDS),$(call board_suites,$(b))) \
	$(foreach b,$(CALC_BOARDS),"serial console on the $(b) board (the calculator): \
		$(TEST_CONSOLE) $(BUILD)/$(b)/grundy.elf $(b) $(VERSION)") \
	"grundy on a computer, the console suite through a pipe: $(TEST_CONSOLE_PIPE) $(CLI) host $(VERSION)" \
	"grundy's ways in (arguments, pipe, prompt, exit statuses): sh tests/host/test_cli.sh $(CLI) $(CLI_ASAN)" \
	"stack and RAM budget, proven from each image (tools/stack_depth.py): \
		sh tests/stack/test_stack.sh $(foreach b,$(VALID_BOARDS),$(BUILD)/$(b)/grundy.elf)" \
	$(foreach b,$(UNO_BOARDS),"the Uno with its bootloader on the $(b) board (make flash, resets; real time): \
		$(TEST_UNO) $(OPTIBOOT_HEX) $(BUILD) $(b)") \
	"simulator: $(MAKE) --no-print-directory -s sim-test" \
	"debounce: $(TEST_DEBOUNCE)" \
	"presses and auto-repeat: $(TEST_PRESS)" \
	"the console replies README.md and docs/ quote are the firmware's: sh tests/docs/readme_replies.sh $(CONSOLE_TEMPLATES)" \
	"make flash for a newcomer (avrdude installed for it, the port checked): sh tests/tools/test_flash.sh" \
	"make play at 80x24 on every board, standby, make console, make help: \
		python3 tests/tools/test_terminal.py $(BUILD) $(DEVICE_BOARDS)" \
	"the CI workflow for forks parses and runs .ci/run: python3 tests/tools/check_ci.py" \
	"the display's text on a grid (AddressSanitizer): $(TEST_DISPLAY)" \
	"the store on the AVR, driven directly: $(SIM_RUN) --stack $(TEST_STORE_AVR)" \
	"shift595 board (status lights, brightness, latching): $(SIM_TEST_SHIFT595) $(SHIFT595_ELF)" \
	"matrix8 board (MAX7219 set up and kept, brightness, sounds, letters, flash size): \
		$(SIM_TEST_MATRIX8) $(MATRIX8_ELF)" \
	"matrix8's refresh flag read and cleared with interrupts off (disassembly): \
		python3 tests/board/test_atomic_flags.py $(MATRIX8_ELF) board_refresh" \
	"engine on the host: $(ENGINE_TEST_HOST)" \
	"engine on the host (device profile): $(ENGINE_TEST_DEVICE)" \
	$(JUDGE_TEST_SUITES) \
	"browser page (avr8js in headless Chromium, every board): $(MAKE) --no-print-directory -s _web_test" \
	"console parser fuzzing ($(FUZZ_SECONDS) s): sh tests/fuzz/run.sh $(FUZZ_CONSOLE) $(FUZZ_SECONDS) tests/fuzz/corpus $(FUZZ_DIR)" \
	$(foreach elf,$(ENGINE_TEST_ELF),"engine on the AVR ($(notdir $(elf))): \
		$(SIM_RUN) --cycles $(ENGINE_TEST_AVR_CYCLES) --stack $(elf)")

# Every board's firmware, one board per make run (FW_DIR follows BOARD), one after the other
# so that the objects the boards share are built once.
_test: $(ENGINE_TEST_HOST) $(ENGINE_TEST_DEVICE) $(JUDGE_TEST) $(ENGINE_TEST_ELF) $(SIM_RUN) $(TEST_DEBOUNCE) $(TEST_PRESS) $(TEST_DISPLAY) $(TEST_NIM) $(TEST_GAMES) $(TEST_STORE) \
		$(TEST_STORE_AVR) $(CONSOLE_TEMPLATES) $(TEST_CONSOLE) $(TEST_CONSOLE_PIPE) $(CLI) $(CLI_ASAN) $(TEST_WATCHDOG) $(TEST_POWER) $(TEST_STORM) $(TEST_VIEW) $(FUZZ_CONSOLE) $(SIM_TEST_SHIFT595) $(SIM_TEST_MATRIX8) \
		$(SIM_PLAY) $(SIM_SERIAL) $(TEST_UNO) $(OPTIBOOT_HEX)
	$(Q)for b in $(DEVICE_BOARDS); do $(MAKE) --no-print-directory BOARD=$$b _firmware _faults _stack || exit 1; done
	$(Q)for b in $(CALC_BOARDS); do $(MAKE) --no-print-directory BOARD=$$b _firmware _stack || exit 1; done
	$(Q)sh tests/run_suites.sh -j $(TEST_JOBS) $(TEST_SUITES)

bench: deps
	$(Q)$(MAKE) --no-print-directory _bench

# The button storm on BOARD for SOAK_MINUTES simulated minutes (make soak BOARD=matrix8
# SOAK_MINUTES=60); STORM_SEED=N replays a run.
soak: deps
	$(Q)$(MAKE) --no-print-directory _soak

_soak: $(FW_ELF) $(FW_STACK) $(TEST_STORM)
	$(Q)sh tests/run_suites.sh "button storm on the $(BOARD) board ($(SOAK_MINUTES) min simulated): \
		$(TEST_STORM) $(FW_ELF) $(BOARD) --seconds $$(($(SOAK_MINUTES) * 60))"

# FUZZ_SECONDS=600 make fuzz: a longer run than the one make test does
fuzz: deps
	$(Q)$(MAKE) --no-print-directory _fuzz

_fuzz: $(FUZZ_CONSOLE)
	$(Q)sh tests/fuzz/run.sh $(FUZZ_CONSOLE) $(FUZZ_SECONDS) tests/fuzz/corpus $(FUZZ_DIR)

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
	@echo "  make test          install what is missing, build every board, run every test"
	@echo "                     (the scenario suites once per board; TEST_JOBS=$(TEST_JOBS) at a time)"
	@echo "  make bench         cycle-exact engine benchmarks, latency and power under simavr"
	@echo "  make fuzz          fuzz the console's parser (FUZZ_SECONDS=$(FUZZ_SECONDS))"
	@echo "  make web           build the browser page (avr8js) into $(BUILD)/web"
	@echo "  make serve         serve $(BUILD)/web on 127.0.0.1 (WEB_PORT=8014) and print its address"
	@echo "  make soak          the button storm on BOARD for SOAK_MINUTES=$(SOAK_MINUTES) simulated"
	@echo "                     minutes, a new seed each run (STORM_SEED=N replays one)"
	@echo "  make flash PORT=/dev/ttyACM0   flash an Uno through its bootloader"
	@echo "  make clean         remove $(BUILD)/"
	@echo "  make help          this list"
	@echo "  V=1                show full commands"

clean:
	rm -rf $(BUILD)
