# tests/docs/docs.mk: the console's replies that README.md and docs/ quote, checked against the
# firmware's own error templates (tests/docs/readme_replies.sh). Included by the top Makefile
# (BUILD, HOST_CC, WARN, Q, ENGINE_INC, ENGINE_HOST_OBJS). Provides DOCS_TEST_PROGRAMS and
# DOCS_TEST_SUITES, appended to TEST_PROGRAMS and TEST_SUITES and to CHECK_PROGRAMS and
# CHECK_SUITES.

# The console's error replies as templates, for the README's quotes.
CONSOLE_TEMPLATES := $(BUILD)/tests/console_templates

$(CONSOLE_TEMPLATES): tests/docs/console_templates.c firmware/console/console_parse.c \
		$(wildcard firmware/console/*.h) $(ENGINE_HOST_OBJS) tests/docs/docs.mk
	@mkdir -p $(@D)
	$(Q)$(HOST_CC) -std=gnu99 -O1 $(WARN) -DCONSOLE_ALL_MESSAGES -DCONSOLE_HAS_EXPLAIN=1 -Ifirmware/console \
		$(ENGINE_INC) $< $(ENGINE_HOST_OBJS) -o $@

DOCS_TEST_PROGRAMS := $(CONSOLE_TEMPLATES)
DOCS_TEST_SUITES = \
	"the console replies README.md and docs/ quote are the firmware's: sh tests/docs/readme_replies.sh $(CONSOLE_TEMPLATES)"

# The figures they quote, run through the commands that print them (tests/docs/figures.txt; the
# device engine's whole benchmark among them: make test only, not make check).
DOCS_FIGURES_SUITES = \
	"the figures README.md and docs/ quote are what make bench's commands print, and README's packages \
		are tools/deps.sh's (tests/docs/figures.txt): python3 tests/docs/figures.py"

TEST_PROGRAMS += $(DOCS_TEST_PROGRAMS)
TEST_SUITES += $(DOCS_TEST_SUITES) $(DOCS_FIGURES_SUITES)
CHECK_PROGRAMS += $(DOCS_TEST_PROGRAMS)
CHECK_SUITES += $(DOCS_TEST_SUITES)
