#!/usr/bin/env python3
"""The fuzz targets' inputs, made at build time from the sources and the docs, so that they
follow them: a new command word, game or documented example reaches the fuzzer with no list to
keep by hand.

  fuzz_inputs.py dict OUT CONSOLE_PARSE_C ENGINE_H CONSOLE_MD
      libFuzzer dictionary for fuzz_grundy: the verbs of console_parse.c's console_verb_names,
      the games of engine.h's ENGINE_GAME_LIST, the game words of docs/console.md's table of homes
      (digits, misere:digits, dag:@...), and the bytes and numbers where the console's limits lie.
  fuzz_inputs.py seeds OUTDIR FILE.md...
      one seed file per command line the docs quote (`> solve nim 3 4 5` in a quoted session,
      `grundy solve nim 3 4 5` or `solve digits 1020` in running text), each ended by a line
      end as a pipe gives it to grundy (the fuzzer joins them into inputs of several lines).
  fuzz_inputs.py judge-seeds OUTDIR JUDGE_C SAMPLES_DIR
      one seed per judge sample (tests/judge/samples/<number>.in): a byte that picks the
      problem (its index in judge.c's table, the order judge_list prints), then the sample.
"""
import hashlib
import os
import re
import shlex
import sys

VERBS_RE = r"(solve|moves|grundy|explain|new|show|help|version)"


def c_string_escape(b):
    return "".join(chr(c) if 32 <= c < 127 and chr(c) not in '"\\' else "\\x%02x" % c for c in b)


def make_dict(out, parse_c, rules_c, console_md):
    words = []

    def add(w):
        if w and w not in words:
            words.append(w)

    src = open(parse_c).read()
    m = re.search(r"console_verb_names\[[^]]*\]\[[^]]*\][^=]*=\s*\{([^}]*)\}", src)
    if not m:
        sys.exit("fuzz_inputs: no console_verb_names table in " + parse_c)
    verbs = re.findall(r'"([^"]*)"', m.group(1))
    for v in verbs:
        add(v)
    # engine.h's registry: X(ID, name, ...) per game
    m = re.search(r"#define ENGINE_GAME_LIST\(X\)(.*?)\n\n", open(rules_c).read(), re.S)
    games = re.findall(r"\bX\(\w+, (\w+),", m.group(1)) if m else []
    if not games:
        sys.exit("fuzz_inputs: no ENGINE_GAME_LIST in " + rules_c)
    for g in games:
        add(g)
    # docs/console.md's table of where each game is answered: its first column's game words
    table = 0
    for line in open(console_md):
        if line.startswith("| game |"):
            table = 1
            continue
        if table and not line.startswith("|"):
            break
        if table:
            for w in re.findall(r"`([^`]*)`", line.split("|")[1]):
                name, colon, rest = w.partition(":")
                if re.fullmatch(r"[a-z0-9]+", name):
                    add(name + colon)
                    add(name)
                if colon and rest in words:  # misere:digits; not bash:M, dag:@file, misere:<game>
                    add(w)
    if not table:
        sys.exit("fuzz_inputs: no '| game |' table in " + console_md)
    # the grammar's own pieces: parameters, a graph file in the fuzzer's folder (tests/fuzz/files)
    for w in ["misere:", "dag:@", "dag:@graph.txt", "0.", ">", ",", "@", "#"]:
        add(w)
    # the bytes that split or end words and lines
    for w in [" ", "\t", "\r", "\n", "\x00"]:
        add(w)
    # the limits: heaps (16 of them), nodes, tables, 16 and 32 bits
    for n in [0, 1, 7, 15, 16, 63, 64, 255, 256, 999, 1000, 4095, 4096, 65535, 65536,
              4294967295, 4294967296]:
        add(str(n))
    with open(out, "w") as f:
        f.write("# made by tests/fuzz/fuzz_inputs.py from %s, %s and %s\n" % (parse_c, rules_c, console_md))
        for w in words:
            f.write('"%s"\n' % c_string_escape(w.encode()))
    print("fuzz dictionary: %d words (%d verbs, %d games) in %s" % (len(words), len(verbs), len(games), out))


def command_of(text):
    """The console line a quoted piece of the docs holds, or None."""
    text = text.strip()
    m = re.match(r"^(\$ )?(build/host/)?grundy(\s+(.*))?$", text)
    if m:
        args = m.group(4) or ""
        if re.match(VERBS_RE + r"\b", args, re.I):  # the program given a command: its words
            try:
                words = shlex.split(args, comments=True)
            except ValueError:
                return None
            return " ".join(words)
        if m.group(1) or m.group(2) or not args or re.match(r"(judge\b|<version>)", args):
            return None  # the program itself, grundy judge, or a reply
        return text  # the console's own `grundy <game> <n>`
    if re.match(VERBS_RE + r"(\s|$)", text, re.I):
        return text
    return None


def make_seeds(outdir, files):
    commands = []
    for path in files:
        fence = False
        for line in open(path, encoding="utf-8"):
            if line.lstrip().startswith("```"):
                fence = not fence
                continue
            if fence:
                s = line.strip()
                m = re.match(r"^(>|grundy>)\s+(.*)$", s)
                c = m.group(2) if m else command_of(s) if s.startswith("$ ") else None
                if c:
                    commands.append(c)
                continue
            for span in re.findall(r"`([^`\n]+)`", line):
                c = command_of(span)
                if c:
                    commands.append(c)
    seen = []
    for c in commands:
        if c not in seen:
            seen.append(c)
    if len(seen) < 20:
        sys.exit("fuzz_inputs: only %d command lines found in %s" % (len(seen), " ".join(files)))
    os.makedirs(outdir, exist_ok=True)
    for c in seen:
        data = c.encode()
        with open(os.path.join(outdir, "doc-" + hashlib.sha1(data).hexdigest()[:12]), "wb") as f:
            f.write(data + b"\n")
    print("fuzz seeds: %d command lines from %s in %s" % (len(seen), " ".join(files), outdir))


def make_judge_seeds(outdir, judge_c, samples):
    problems = re.findall(r'^\s*\{"(\d+)",', open(judge_c).read(), re.M)
    if len(problems) < 2:
        sys.exit("fuzz_inputs: no problem table in " + judge_c)
    os.makedirs(outdir, exist_ok=True)
    n = 0
    for name in sorted(os.listdir(samples)):
        if not name.endswith(".in"):
            continue
        number = name[:-3]
        if number not in problems:
            sys.exit("fuzz_inputs: sample %s is no problem of %s" % (name, judge_c))
        with open(os.path.join(samples, name), "rb") as f:
            data = f.read()
        with open(os.path.join(outdir, "sample-" + number), "wb") as f:
            f.write(bytes([problems.index(number)]) + data)
        n += 1
    missing = [p for p in problems if not os.path.exists(os.path.join(samples, p + ".in"))]
    if missing:
        sys.exit("fuzz_inputs: no sample for problem(s) " + " ".join(missing))
    print("fuzz seeds: %d judge samples of %d problems in %s" % (n, len(problems), outdir))


if __name__ == "__main__":
    if len(sys.argv) == 6 and sys.argv[1] == "dict":
        make_dict(*sys.argv[2:])
    elif len(sys.argv) >= 4 and sys.argv[1] == "seeds":
        make_seeds(sys.argv[2], sys.argv[3:])
    elif len(sys.argv) == 5 and sys.argv[1] == "judge-seeds":
        make_judge_seeds(*sys.argv[2:])
    else:
        sys.exit(__doc__)
