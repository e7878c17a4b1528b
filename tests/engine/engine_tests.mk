# tests/engine/engine_tests.mk: the engine's test suite, natively and on the AVR under simavr.
# Included by the top Makefile, which defines BUILD, GEN, HOST_CC, HOST_CFLAGS, AVR_CC,
# AVR_CFLAGS, AVR_LDFLAGS, ENGINE_INC, ENGINE_HOST_OBJS, ENGINE_AVR_OBJS (with their rules) and
# SIM_RUN. Provides ENGINE_TEST_HOST, ENGINE_TEST_ELF and the targets test-engine-host and
# test-engine-avr, and ENGINE_TEST_PROGRAMS, ENGINE_TEST_SUITES and ENGINE_CHECK_SUITES (the host
# suites in both profiles), appended to TEST_PROGRAMS, TEST_SUITES, CHECK_PROGRAMS, CHECK_SUITES.
#
# The AVR's 32 KB of flash hold the engine (~14 KB) and only a part of the suite, so
# ENGINE_TEST_ELF names eight firmwares, one per ENGINE_SUITE_PART (engine_suite.c says which
# checks each part runs); test-engine-avr runs them one after the other.

ENGINE_TEST_SAVED_DEFAULT_GOAL := $(.DEFAULT_GOAL)

ENGINE_TEST_PARTS := 1 2 3 4 5 6 7 8
ENGINE_TEST_HOST := $(BUILD)/tests/engine_host
ENGINE_TEST_ELF := $(ENGINE_TEST_PARTS:%=$(BUILD)/tests/engine_avr%.elf)
# Simulated cycles allowed per firmware (each needs under 7e8; avr-run exits 124 past this).
ENGINE_TEST_AVR_CYCLES ?= 2000000000

# -mcall-prologues and -mrelax (perhaps in AVR_CFLAGS already) are needed to fit the flash.
ENGINE_TEST_AVR_CFLAGS := $(AVR_CFLAGS) -mcall-prologues $(ENGINE_INC) -Itests/engine -Isim \
	$(shell pkg-config --cflags simavr-avr)
ENGINE_TEST_AVR_LDFLAGS := $(AVR_LDFLAGS) -mrelax

ENGINE_TEST_HOST_OBJS := $(patsubst %,$(BUILD)/tests/host/%.o,check brute engine_suite main_host)
ENGINE_TEST_AVR_COMMON := $(patsubst %,$(BUILD)/tests/avr/%.o,check brute main_avr)
ENGINE_TEST_AVR_SUITES := $(ENGINE_TEST_PARTS:%=$(BUILD)/tests/avr/engine_suite_%.o)
# The parts test the engine as the largest images ship it (the Makefile's AVR_ENGINE_OMIT_direct):
# with all the games past line, the engine and a part of the suite overflow the flash.
ENGINE_TEST_AVR_OMIT = $(AVR_ENGINE_OMIT_direct:%=-DENGINE_OMIT_%=1)
ENGINE_TEST_AVR_ENGINE := $(ENGINE_SRCS:%.c=$(BUILD)/tests/avr-engine/%.o)
ENGINE_TEST_Q = $(if $(filter 1,$(V)),,@)

$(ENGINE_TEST_HOST_OBJS): $(BUILD)/tests/host/%.o: tests/engine/%.c tests/engine/engine_tests.mk \
		| $(GEN)/engine_tables_gen.h
	@mkdir -p $(@D)
	@$(if $(ENGINE_TEST_Q),echo "  HOSTCC  $@")
	$(ENGINE_TEST_Q)$(HOST_CC) $(HOST_CFLAGS) $(ENGINE_INC) -Itests/engine -c -o $@ $<

$(ENGINE_TEST_AVR_COMMON): $(BUILD)/tests/avr/%.o: tests/engine/%.c tests/engine/engine_tests.mk \
		| $(GEN)/engine_tables_gen.h
	@mkdir -p $(@D)
	@$(if $(ENGINE_TEST_Q),echo "  AVRCC   $@")
	$(ENGINE_TEST_Q)$(AVR_CC) $(ENGINE_TEST_AVR_CFLAGS) -c -o $@ $<

$(ENGINE_TEST_AVR_SUITES): $(BUILD)/tests/avr/engine_suite_%.o: tests/engine/engine_suite.c \
		tests/engine/engine_tests.mk | $(GEN)/engine_tables_gen.h
	@mkdir -p $(@D)
	@$(if $(ENGINE_TEST_Q),echo "  AVRCC   $@")
	$(ENGINE_TEST_Q)$(AVR_CC) $(ENGINE_TEST_AVR_CFLAGS) $(ENGINE_TEST_AVR_OMIT) \
		-DENGINE_SUITE_PART=$* -c -o $@ $<

$(ENGINE_TEST_AVR_ENGINE): $(BUILD)/tests/avr-engine/%.o: %.c tests/engine/engine_tests.mk Makefile \
		| $(GEN)/engine_tables_gen.h
	@mkdir -p $(@D)
	@$(if $(ENGINE_TEST_Q),echo "  AVRCC   $@")
	$(ENGINE_TEST_Q)$(AVR_CC) $(AVR_CFLAGS) $(ENGINE_TEST_AVR_OMIT) $(ENGINE_INC) -c -o $@ $<

$(ENGINE_TEST_HOST): $(ENGINE_TEST_HOST_OBJS) $(ENGINE_HOST_OBJS)
	@mkdir -p $(@D)
	@$(if $(ENGINE_TEST_Q),echo "  HOSTLD  $@")
	$(ENGINE_TEST_Q)$(HOST_CC) -o $@ $^

# The same suite natively on the engine's device profile (engine_config.h's ENGINE_DEVICE, as the
# handheld boards' images build it, with shift595's games: the exact misere search and moore).
ENGINE_TEST_DEVICE := $(BUILD)/tests/engine_host_device
ENGINE_TEST_DEVICE_FLAGS = $(ENGINE_DEVICE_INC) $(AVR_ENGINE_OMIT_shift595:%=-DENGINE_OMIT_%=1)
ENGINE_TEST_DEVICE_OBJS := $(patsubst %,$(BUILD)/tests/host-device/tests/engine/%.o,check brute \
	engine_suite main_host) $(ENGINE_SRCS:%.c=$(BUILD)/tests/host-device/%.o)

$(ENGINE_TEST_DEVICE_OBJS): $(BUILD)/tests/host-device/%.o: %.c tests/engine/engine_tests.mk Makefile \
		| $(TABLES_DEVICE_H)
	@mkdir -p $(@D)
	@$(if $(ENGINE_TEST_Q),echo "  HOSTCC  $@")
	$(ENGINE_TEST_Q)$(HOST_CC) $(HOST_CFLAGS) $(ENGINE_TEST_DEVICE_FLAGS) -Itests/engine -c -o $@ $<

$(ENGINE_TEST_DEVICE): $(ENGINE_TEST_DEVICE_OBJS)
	@mkdir -p $(@D)
	@$(if $(ENGINE_TEST_Q),echo "  HOSTLD  $@")
	$(ENGINE_TEST_Q)$(HOST_CC) -o $@ $^

$(ENGINE_TEST_ELF): $(BUILD)/tests/engine_avr%.elf: $(BUILD)/tests/avr/engine_suite_%.o \
		$(ENGINE_TEST_AVR_COMMON) $(ENGINE_TEST_AVR_ENGINE)
	@mkdir -p $(@D)
	@$(if $(ENGINE_TEST_Q),echo "  AVRLD   $@")
	$(ENGINE_TEST_Q)$(AVR_CC) $(ENGINE_TEST_AVR_LDFLAGS) -o $@ $^
	@avr-size $@ | awk 'NR == 2 { printf "  %s: flash %d of 32768 bytes, RAM %d of 2048 before the stack\n", \
		"$(@F)", $$1 + $$2, $$2 + $$3 }'

-include $(ENGINE_TEST_DEVICE_OBJS:.o=.d) $(ENGINE_TEST_HOST_OBJS:.o=.d) $(ENGINE_TEST_AVR_COMMON:.o=.d) $(ENGINE_TEST_AVR_SUITES:.o=.d)

.PHONY: test-engine-host test-engine-avr
test-engine-host: $(ENGINE_TEST_HOST)
	$(ENGINE_TEST_HOST)

# Runs every part even when one fails; fails if any did.
test-engine-avr: $(ENGINE_TEST_ELF) $(SIM_RUN)
	@status=0; for elf in $(ENGINE_TEST_ELF); do \
		echo "  SIM     $$elf"; \
		$(SIM_RUN) --cycles $(ENGINE_TEST_AVR_CYCLES) --stack $$elf || status=1; \
	done; exit $$status

ENGINE_CHECK_PROGRAMS := $(ENGINE_TEST_HOST) $(ENGINE_TEST_DEVICE)
ENGINE_TEST_PROGRAMS := $(ENGINE_CHECK_PROGRAMS) $(ENGINE_TEST_ELF)
ENGINE_CHECK_SUITES = \
	"engine on the host: $(ENGINE_TEST_HOST)" \
	"engine on the host (device profile): $(ENGINE_TEST_DEVICE)"
# The parts that took longest first (one make test on 2 cores: parts 8 and 7 117-149 s, the host
# suites 84-92 s, the other parts 1-30 s).
engine_avr_suite = "engine on the AVR (engine_avr$(1).elf): \
	$(SIM_RUN) --cycles $(ENGINE_TEST_AVR_CYCLES) --stack $(BUILD)/tests/engine_avr$(1).elf"
ENGINE_TEST_SUITES = \
	$(foreach p,$(filter $(ENGINE_TEST_PARTS),8 7),$(call engine_avr_suite,$(p))) \
	$(ENGINE_CHECK_SUITES) \
	$(foreach p,$(filter-out 8 7,$(ENGINE_TEST_PARTS)),$(call engine_avr_suite,$(p)))

TEST_PROGRAMS += $(ENGINE_TEST_PROGRAMS)
TEST_SUITES += $(ENGINE_TEST_SUITES)
CHECK_PROGRAMS += $(ENGINE_CHECK_PROGRAMS)
CHECK_SUITES += $(ENGINE_CHECK_SUITES)

.DEFAULT_GOAL := $(ENGINE_TEST_SAVED_DEFAULT_GOAL)
