#!/usr/bin/env python3
"""The GitHub Actions workflow for forks parses as YAML and runs what .ci/run runs: a job on
ubuntu-latest whose steps check the code out and run .ci/run, which runs `make test`. A
syntax error or a workflow that stopped running the tests fails here, before a push finds it.
Usage: check_ci.py [WORKFLOW.yml...]  (default .github/workflows/*.yml). Ends with
"N passed, M failed"."""
import glob
import sys

import yaml

from tally import check, finish


files = sys.argv[1:] or sorted(glob.glob(".github/workflows/*.yml") + glob.glob(".github/workflows/*.yaml"))
check(files, "no workflow in .github/workflows")
runs_tests = False
for path in files:
    try:
        with open(path, encoding="utf-8") as f:
            flow = yaml.safe_load(f)
    except (OSError, yaml.YAMLError) as e:
        check(False, f"{path}: {e}")
        continue
    check(isinstance(flow, dict), f"{path}: not a mapping")
    if not isinstance(flow, dict):
        continue
    triggers = flow.get("on", flow.get(True))  # YAML 1.1 reads a bare `on` as true
    check(triggers is not None, f"{path}: no 'on' (when it runs)")
    jobs = flow.get("jobs")
    if not check(isinstance(jobs, dict) and jobs, f"{path}: no jobs"):
        continue
    for name, job in jobs.items():
        steps = job.get("steps") or []
        check(job.get("runs-on") == "ubuntu-latest", f"{path}: job {name} runs on {job.get('runs-on')!r}")
        check(all(isinstance(s, dict) and ("run" in s or "uses" in s) for s in steps),
              f"{path}: job {name} has a step with neither run nor uses")
        uses = [s.get("uses", "") for s in steps]
        runs = [s.get("run", "") for s in steps]
        if any(".ci/run" in r for r in runs):
            runs_tests = True
            check(any(u.startswith("actions/checkout@") for u in uses), f"{path}: job {name} never checks the code out")
check(runs_tests, "no workflow step runs .ci/run")
# the release workflow: make dist builds the files; on a version tag, a release carries the four
# images and SHA256SUMS, and the page (build/web) goes to GitHub Pages (docs/flashing.md)
flows = {}
for path in files:
    try:
        with open(path, encoding="utf-8") as f:
            flows[path] = f.read()
    except OSError:
        pass
release = [p for p, text in flows.items() if "make dist" in text]
check(release, "no workflow runs make dist (the release's files and the page)")
for path in release:
    text = flows[path]
    check("refs/tags/v" in text, f"{path}: nothing happens only on a version tag")
    check("gh release create" in text and "grundy-*.hex" in text and "SHA256SUMS" in text,
          f"{path}: no release with the .hex files and SHA256SUMS")
    check("actions/upload-pages-artifact" in text and "path: build/web/" in text and "actions/deploy-pages" in text,
          f"{path}: the page (build/web) is not deployed to GitHub Pages")
with open(".ci/run", encoding="utf-8") as f:
    check("make test" in f.read(), ".ci/run does not run make test")
print(f"ci: {len(files)} workflow(s) parsed")
sys.exit(finish("ci"))
