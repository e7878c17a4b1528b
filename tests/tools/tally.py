"""The Python suites' tally (tests/tools/*.py), as tests/scenario/tally.c is the C suites':
check() counts, a failure prints one FAIL line, finish() prints "<name>: N passed, M failed"
and gives the exit status."""

counts = {"passed": 0, "failed": 0}


def check(ok, what):
    """Count ok; print 'FAIL what' when it is false. Returns ok."""
    counts["passed" if ok else "failed"] += 1
    if not ok:
        print("FAIL " + what)
    return ok


def finish(name):
    """Print the suite's last line; 1 when anything failed, else 0."""
    print(f"{name}: {counts['passed']} passed, {counts['failed']} failed")
    return 1 if counts["failed"] else 0
