# tests/stack/stack.mk: the stack and RAM budget proven from each board's image by
# tools/stack_depth.py (tests/stack/test_stack.sh). Included by the top Makefile (BUILD,
# VALID_BOARDS; the images are built by _test_build). Provides STACK_TEST_SUITES, appended to
# TEST_SUITES.

STACK_TEST_SUITES = "stack and RAM budget, proven from each image (tools/stack_depth.py): \
	sh tests/stack/test_stack.sh $(foreach b,$(VALID_BOARDS),$(BUILD)/$(b)/grundy.elf)"

TEST_SUITES += $(STACK_TEST_SUITES)
