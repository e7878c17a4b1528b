# sim/web/web.mk: the browser page (sim/web/): the firmware's own build/<board>/grundy.hex on
# avr8js in a static site under build/web/. Included by the top-level Makefile, which defines
# BUILD, Q, MAKE and VALID_BOARDS. Targets: web (build the site), serve (serve it on
# 127.0.0.1), _web_test (the browser suite, in make test: WEB_TEST_SUITES, appended to TEST_SUITES,
# of class wait: it runs in real time), _web_bench (in make bench).
# The npm packages (sim/web/package-lock.json) and Debian's chromium come from
# `tools/deps.sh web`, which only these targets (and test, bench) call.

WEB_SAVED_DEFAULT_GOAL := $(.DEFAULT_GOAL)

WEB_SRC := sim/web
WEB_DIR := $(BUILD)/web
WEB_NODE_STAMP := $(WEB_SRC)/node_modules/.package-lock.json
WEB_JS := $(wildcard $(WEB_SRC)/src/*.js $(WEB_SRC)/src/parts/*.js)
WEB_STATIC := $(WEB_DIR)/index.html $(WEB_DIR)/style.css
WEB_PORT ?= 8014

$(WEB_NODE_STAMP): $(WEB_SRC)/package.json $(WEB_SRC)/package-lock.json
	$(Q)sh tools/deps.sh web

# one file, no source maps: the page fetches nothing but its board's .hex at run time
$(WEB_DIR)/app.js: $(WEB_JS) $(WEB_NODE_STAMP) $(WEB_SRC)/web.mk
	@mkdir -p $(@D)
	@echo "  ESBUILD $@"
	$(Q)$(WEB_SRC)/node_modules/.bin/esbuild $(WEB_SRC)/src/app.js --bundle --format=iife \
		--target=es2020 --minify --legal-comments=none --log-level=warning --outfile=$@

$(WEB_DIR)/%: $(WEB_SRC)/%
	@mkdir -p $(@D)
	$(Q)cp $< $@

# Each board's wiring drawing (boards/<b>/wiring.svg), for the Build one part.
WEB_WIRING := $(patsubst boards/%/wiring.svg,$(WEB_DIR)/wiring/%.svg,$(wildcard boards/*/wiring.svg))
$(WEB_DIR)/wiring/%.svg: boards/%/wiring.svg
	@mkdir -p $(@D)
	$(Q)cp $< $@

# Each board's .hex, built as `make BOARD=<board>` builds it, copied in when it changed.
_web: $(WEB_DIR)/app.js $(WEB_STATIC) $(WEB_WIRING)
	$(Q)mkdir -p $(WEB_DIR)/hex
	$(Q)for b in $(VALID_BOARDS); do \
		$(MAKE) --no-print-directory -s BOARD=$$b $(BUILD)/$$b/grundy.hex || exit 1; \
		cmp -s $(BUILD)/$$b/grundy.hex $(WEB_DIR)/hex/$$b.hex || \
			cp $(BUILD)/$$b/grundy.hex $(WEB_DIR)/hex/$$b.hex || exit 1; \
	done

_web_test: _web
	$(Q)node $(WEB_SRC)/test/run.mjs $(WEB_DIR)

_web_bench: _web
	$(Q)node $(WEB_SRC)/test/bench.mjs $(WEB_DIR)

web-deps:
	@sh tools/deps.sh web

web: web-deps
	$(Q)$(MAKE) --no-print-directory _web
	@echo "web: the site is in $(WEB_DIR)/ (make serve to open it)"

serve: web
	$(Q)node $(WEB_SRC)/serve.mjs $(WEB_DIR) $(WEB_PORT)

WEB_TEST_SUITES = "[wait] browser page (avr8js in headless Chromium, every board): \
	$(MAKE) --no-print-directory -s _web_test"
TEST_SUITES += $(WEB_TEST_SUITES)

# make test and make bench run the browser suite and benchmark: they need chromium and npm
test bench: web-deps

.PHONY: web serve web-deps _web _web_test _web_bench

.DEFAULT_GOAL := $(WEB_SAVED_DEFAULT_GOAL)
