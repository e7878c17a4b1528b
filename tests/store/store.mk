# tests/store/store.mk: the store on the AVR, driven directly (tests/store/store_suite.c), with
# BOARD's firmware objects; store.c itself with 137 bytes a poll (a sum in three polls; a poll
# that programs a byte ends there, the EEPROM busy 3.4 ms). Included by the top Makefile after
# the firmware's variables (FW_DIR, FW_OMIT, FW_INC, FW_TABLES_H, FW_ENGINE_OBJS, AVR_*, SIM_RUN).
# Provides STORE_TEST_PROGRAMS and STORE_TEST_SUITES, appended to TEST_PROGRAMS and TEST_SUITES.

TEST_STORE_AVR := $(BUILD)/tests/store_avr.elf
TEST_STORE_AVR_CFLAGS := $(AVR_CFLAGS) $(FW_OMIT) $(FW_INC) -DSTORE_STEPS=137
TEST_STORE_AVR_OBJS := $(BUILD)/tests/avr/store_suite.o $(BUILD)/tests/avr/store_steps.o \
	$(BUILD)/tests/avr/check.o $(addprefix $(FW_DIR)/obj/,firmware/game/settings.o \
		firmware/game/games.o firmware/runtime/uart.o firmware/runtime/watchdog.o \
		firmware/runtime/tick.o firmware/runtime/debounce.o firmware/runtime/press.o firmware/display/display.o) \
	$(patsubst %.c,$(FW_DIR)/obj/%.o,$(wildcard boards/$(BOARD)/*.c)) $(FW_ENGINE_OBJS)

$(BUILD)/tests/avr/store_suite.o: tests/store/store_suite.c tests/store/store.mk Makefile | $(FW_TABLES_H)
	@mkdir -p $(@D)
	@echo "  AVR-CC  $@"
	$(Q)$(AVR_CC) $(TEST_STORE_AVR_CFLAGS) -Itests/engine -Isim -c $< -o $@

$(BUILD)/tests/avr/store_steps.o: firmware/game/store.c tests/store/store.mk Makefile | $(FW_TABLES_H)
	@mkdir -p $(@D)
	@echo "  AVR-CC  $@"
	$(Q)$(AVR_CC) $(TEST_STORE_AVR_CFLAGS) -c $< -o $@

$(TEST_STORE_AVR): $(TEST_STORE_AVR_OBJS)
	$(Q)$(AVR_CC) $(AVR_LDFLAGS) $^ -o $@

STORE_TEST_PROGRAMS := $(TEST_STORE_AVR)
STORE_TEST_SUITES = "the store on the AVR, driven directly: $(SIM_RUN) --stack $(TEST_STORE_AVR)"

TEST_PROGRAMS += $(STORE_TEST_PROGRAMS)
TEST_SUITES += $(STORE_TEST_SUITES)
