#!/usr/bin/env python3
"""The figures README.md and docs/ quote are what the project's commands print now.

tests/docs/figures.txt lists each quoted figure with the command that prints it: each command
runs once, and every figure quoted must be found in its file and equal the command's (a doc
may round: 97.3 for 97.34). Also: the README's package list is exactly what tools/deps.sh
installs. Each check is also tried on a doctored copy (a figure changed, a package dropped),
which must fail. Ends with "N passed, M failed".
Usage: python3 tests/docs/figures.py [--update] [TABLE]   (from the top of the tree, after the
builds). --update writes the figures the commands print now into the docs (each in the doc's own
style: its decimals, its thousands commas), for a person to read over and commit; make test never
updates.
"""
import re
import subprocess
import sys

NUMBER = r"([0-9][0-9,]*(?:\.[0-9]+)?)"


def parse_table(path):
    """(commands, figures): commands by name; figures as (file, quote, name, regex, scale)."""
    commands, figures = {}, []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            if line.startswith("cmd "):
                name, _, command = line[4:].partition(":")
                commands[name.strip()] = command.strip()
                continue
            parts = [p.strip() for p in line.split(" ;; ")]
            if len(parts) not in (4, 5):
                raise SystemExit(f"{path}:{n}: want FILE ;; QUOTE ;; COMMAND ;; REGEX [;; SCALE]")
            scale = float(parts[4]) if len(parts) == 5 else 1.0
            figures.append((parts[0], parts[1], parts[2], parts[3], scale, n))
    return commands, figures


def quote_pattern(quote):
    """The quote as a regular expression: {} a number, any run of spaces a run of white space
    (a line end included), backticks and the rest literal."""
    out = []
    for i, piece in enumerate(quote.split("{}")):
        if i:
            out.append(NUMBER)
        words = piece.split()
        lead = piece[:1].isspace() and piece != ""
        trail = piece[-1:].isspace() and piece != ""
        body = r"\s+".join(re.escape(w) for w in words)
        out.append((r"\s+" if lead else "") + body + (r"\s+" if trail and words else ""))
    return "".join(out)


def as_number(text):
    return float(text.replace(",", ""))


def agrees(doc, printed, scale):
    """The doc's figure is the printed one times scale, given to the doc's own decimals."""
    decimals = len(doc.split(".")[1]) if "." in doc else 0
    value = as_number(printed) * scale
    return abs(as_number(doc) - round(value, decimals)) < 10 ** -(decimals + 3)


def check_figure(text, quote, output, regex, scale):
    """None when the quote is in text and its figures are the output's; else what is wrong."""
    found = re.search(quote_pattern(quote), text)
    if not found:
        return f"quote not found: {quote!r}"
    printed = re.search(regex, output, re.S)
    if not printed:
        return f"the command no longer prints /{regex}/"
    docs, outs = found.groups(), printed.groups()
    if len(docs) != len(outs):
        return f"{len(docs)} figures quoted, {len(outs)} taken from the output"
    wrong = [f"{d} (prints {o})" for d, o in zip(docs, outs) if not agrees(d, o, scale)]
    return ("quoted " + ", ".join(wrong)) if wrong else None


def restyle(doc, printed, scale):
    """The printed figure times scale, written as the doc wrote its old one (decimals, commas)."""
    decimals = len(doc.split(".")[1]) if "." in doc else 0
    value = round(as_number(printed) * scale, decimals)
    text = f"{value:,.{decimals}f}" if "," in doc or (decimals == 0 and "," in printed) else f"{value:.{decimals}f}"
    return text


def update_figure(text, quote, output, regex, scale):
    """text with the quote's figures set to the output's (unchanged when either is not found)."""
    found = re.search(quote_pattern(quote), text)
    printed = re.search(regex, output, re.S)
    if not found or not printed or len(found.groups()) != len(printed.groups()):
        return text
    for k in range(len(found.groups()), 0, -1):  # from the last, so the spans stay put
        start, end = found.span(k)
        new = restyle(found.group(k), printed.group(k), scale)
        if not agrees(found.group(k), printed.group(k), scale):
            text = text[:start] + new + text[end:]
    return text


def doctor(text, quote):
    """text with the quote's first figure changed by one in its last digit."""
    found = re.search(quote_pattern(quote), text)
    start, end = found.span(1)
    figure = found.group(1)
    last = figure[-1]
    changed = figure[:-1] + ("0" if last == "9" else str(int(last) + 1))
    return text[:start] + changed + text[end:]


def deps_packages(path="tools/deps.sh"):
    """Every package tools/deps.sh may install: its `need PACKAGE` lines, any mode, and clang's
    libFuzzer package (named by clang's version: libclang-rt-<version>-dev)."""
    with open(path, encoding="utf-8") as f:
        source = f.read()
    packages = set(re.findall(r"^\s*need\s+(\S+)\s", source, re.M))
    if "libclang-rt-$v-dev" in source:
        packages.add("libclang-rt-<version>-dev")
    return packages - {"make", "gcc"}  # the README's premise: make and a C compiler


def readme_packages(text):
    """The README's list: the code span after 'install missing packages themselves'."""
    found = re.search(r"install missing packages themselves\s*\(`([^`]*)`", text)
    return set(found.group(1).split()) if found else set()


def main():
    args = sys.argv[1:]
    update = "--update" in args
    args = [a for a in args if a != "--update"]
    table = args[0] if args else "tests/docs/figures.txt"
    commands, figures = parse_table(table)
    passed = failed = 0

    def result(ok, message):
        nonlocal passed, failed
        if ok:
            passed += 1
        else:
            failed += 1
            print("FAIL " + message)

    outputs = {}
    for name in sorted({f[2] for f in figures}):
        if name not in commands:
            result(False, f"{table}: no command named {name}")
            continue
        run = subprocess.run(commands[name], shell=True, capture_output=True, text=True)
        outputs[name] = run.stdout
        result(run.returncode == 0, f"command {name} exited {run.returncode}: {run.stderr.strip()[-300:]}")
    texts = {}
    for file, quote, name, regex, scale, line in figures:
        if name not in outputs:
            continue
        if file not in texts:
            with open(file, encoding="utf-8") as f:
                texts[file] = f.read()
        if update:
            texts[file] = update_figure(texts[file], quote, outputs[name], regex, scale)
        wrong = check_figure(texts[file], quote, outputs[name], regex, scale)
        result(wrong is None, f"{file} ({table}:{line}): {wrong}")
        if wrong is None:  # the same check on a doctored copy must fail
            doctored = doctor(texts[file], quote)
            result(check_figure(doctored, quote, outputs[name], regex, scale) is not None,
                   f"{file} ({table}:{line}): a changed figure went unnoticed")
    print(f"figures: {len(figures)} quoted in {len(texts)} files, from {len(outputs)} commands")
    if update:
        for file, text in texts.items():
            with open(file, "w", encoding="utf-8") as f:
                f.write(text)
        print(f"figures: written into {', '.join(sorted(texts))}: read them over")

    # the README's package list is tools/deps.sh's
    with open("README.md", encoding="utf-8") as f:
        readme = f.read()
    listed, installed = readme_packages(readme), deps_packages()
    result(listed == installed, "README.md's packages differ from tools/deps.sh's: "
           f"only in README {sorted(listed - installed)}, only in deps.sh {sorted(installed - listed)}")
    found = re.search(r"install missing packages themselves\s*\(`([^`]*)`", readme)
    doctored = readme
    if found and listed:  # the list with its last package left out
        start, end = found.span(1)
        doctored = readme[:start] + " ".join(found.group(1).split()[:-1]) + readme[end:]
    result(readme_packages(doctored) != installed, "a package dropped from the README went unnoticed")
    print(f"packages: {len(listed)} in README.md, {len(installed)} in tools/deps.sh")
    print(f"docs figures: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
