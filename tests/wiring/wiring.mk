# tests/wiring/wiring.mk: the boards' pin tables (boards/<b>/wiring.yaml), the one truth of each
# board's wiring, and the suites that hold every copy to them. Included by the top Makefile, which
# defines BUILD, GEN, Q and VALID_BOARDS. tools/wiring.py makes, at build time, the header of
# X-macro lists that each board.c proves itself against (static assertions, no code) and that
# the simulator's board models take their parts from; the committed copies (the README Pins
# tables, the drawings boards/<b>/wiring.svg, the page's sim/web/src/wiring.js) are checked to be
# what it makes now. `make wiring` writes the committed copies again after a table changed.

WIRING_GEN := $(GEN)/wiring
WIRING_TOOL := tools/wiring.py tools/wiring_svg.py

$(WIRING_GEN)/wiring_%.h: boards/%/wiring.yaml $(WIRING_TOOL)
	@mkdir -p $(@D)
	@echo "  GEN     $@"
	$(Q)python3 tools/wiring.py header $* $@

wiring:
	$(Q)python3 tools/wiring.py write

WIRING_TEST_DEPS := $(foreach b,$(VALID_BOARDS),$(WIRING_GEN)/wiring_$(b).h)
WIRING_TEST_SUITES := \
	"pin tables (the README Pins tables, drawings, page module and build.md parts are what \
		tools/wiring.py makes; each drawing read back): python3 tools/wiring.py check" \
	"pin tables (each board_config.h against its table): sh tests/wiring/test_config.sh $(WIRING_GEN)" \
	"pin tables (a doctored table fails the checks or changes every copy): sh tests/wiring/test_doctored.sh" \
	"[wait] the page's Build one part (parts and drawing of every board, headless Chromium): \
		$(MAKE) --no-print-directory -s _web && node sim/web/test/build_part.mjs $(WEB_DIR)"

TEST_PROGRAMS += $(WIRING_TEST_DEPS)
TEST_SUITES += $(WIRING_TEST_SUITES)

.PHONY: wiring
