# sim/web/flash.mk: the page's flasher ("Put it on my Uno", sim/web/src/stk500.js) against the
# real bootloader, and what a release carries. Included by the top Makefile after the Uno
# suite's rules (tests/scenario/scenario.mk: OPTIBOOT_*), sim/sim.mk (SIM_UNO_SERVE) and
# sim/web/web.mk (_web, WEB_DIR). Provides _flash_bench (a step of make bench), dist/_dist,
# FLASH_TEST_PROGRAMS and FLASH_TEST_SUITES, appended to TEST_PROGRAMS and TEST_SUITES.

# The same Optiboot built for an ATmega328 (no P): the same chip but for its signature,
# 1E 95 14, which the page's flasher must refuse as not an ATmega328P (sim/web/test/flash.mjs).
OPTIBOOT_328_ELF := $(BUILD)/optiboot/optiboot_atmega328_nop.elf
OPTIBOOT_328_HEX := $(BUILD)/optiboot/optiboot_atmega328_nop.hex
$(OPTIBOOT_328_ELF): $(OPTIBOOT_SRC)/optiboot.c sim/web/flash.mk
	@mkdir -p $(@D)
	$(Q)$(AVR_CC) $(filter-out -mmcu=%,$(OPTIBOOT_CFLAGS)) -mmcu=atmega328 -I$(OPTIBOOT_SRC) $(OPTIBOOT_LDFLAGS) $< -o $@

$(OPTIBOOT_328_HEX): $(OPTIBOOT_328_ELF)
	$(Q)$(AVR_OBJCOPY) -O ihex -j .text -j .version --set-section-flags .version=alloc,load $< $@

# From node (sim/web/test/flash.mjs) and clicked through in Chromium (flash_page.mjs), each on
# grundy-uno, a simulated Uno kept running on its pty; make bench times it beside avrdude.
FLASH_TEST_PROGRAMS := $(SIM_UNO_SERVE) $(OPTIBOOT_HEX) $(OPTIBOOT_328_HEX)
_flash_bench: _web $(FLASH_TEST_PROGRAMS)
	@sh tools/deps.sh flash
	$(Q)node sim/web/test/flash_bench.mjs $(BUILD)

FLASH_TEST_SUITES = \
	"[wait] the page's flasher on the real bootloader (node, four images, faults, the doc's avrdude \
		line; real time): node sim/web/test/flash.mjs $(BUILD)" \
	"[wait] Put it on my Uno clicked through in Chromium (served from /grundy/; real time): \
		node sim/web/test/flash_page.mjs $(BUILD)/web $(BUILD)" \
	"the release's files (make dist, four .hex, SHA256SUMS, the page): sh tests/tools/test_dist.sh $(BUILD)"

TEST_PROGRAMS += $(FLASH_TEST_PROGRAMS)
TEST_SUITES += $(FLASH_TEST_SUITES)

# What a release carries (.github/workflows/release.yml): each board's image as
# grundy-<board>.hex with SHA256SUMS in build/dist/, and the page in build/web/.
DIST_DIR := $(BUILD)/dist
dist: deps web-deps
	$(Q)$(MAKE) --no-print-directory _dist

_dist: _web
	$(Q)mkdir -p $(DIST_DIR)
	$(Q)for b in $(VALID_BOARDS); do cp $(BUILD)/$$b/grundy.hex $(DIST_DIR)/grundy-$$b.hex || exit 1; done
	$(Q)cd $(DIST_DIR) && sha256sum $(VALID_BOARDS:%=grundy-%.hex) > SHA256SUMS
	@echo "dist: $(DIST_DIR)/ holds $(VALID_BOARDS:%=grundy-%.hex) and SHA256SUMS; the page is in $(WEB_DIR)/"

.PHONY: _flash_bench dist _dist
