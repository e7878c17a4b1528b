/* Host runner for the engine's test suite: runs it natively, prints the summary and exits 1
 * on any failure, so `make test-engine-host` fails loudly. */
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "engine_suite.h"

int main(void) {
    setvbuf(stdout, NULL, _IOLBF, 0);
    engine_suite_run();
    return check_summary("engine") ? EXIT_FAILURE : EXIT_SUCCESS;
}
