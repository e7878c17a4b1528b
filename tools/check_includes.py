#!/usr/bin/env python3
"""Checks the #include lines of firmware/, boards/ and host/ for two rules, and ends with
"N passed, M failed" (exit status 1 on any failure).

1. Layers one way: main -> console -> game -> runtime/display -> engine/board. A file may
   include a header of its own layer or of a layer below (LAYERS; docs/internals.md).
2. No import circles between modules. A module is a .c and its .h (same name, same folder).
   Module A imports module B when a file of A includes B's header, or uses a function or
   variable that B's .c alone defines (not static) and that a header A includes names (so
   engine_internal.h, which declares what engine.c and the game files each define, links
   them; a function defined in several .c files, an interface each board or program
   implements, links nobody). Each strongly connected group of two or more modules is one
   circle, reported as the list of its files.

--known FILE lists the circles tolerated for now, one a line (its files, space-separated;
# starts a comment): a circle not in it fails, and so does a listed circle that is gone (take
its line out), so the list can only shrink. --root DIR checks another tree (the tests).
Usage: check_includes.py [--root DIR] [--known FILE] [-v]
"""
import os
import re
import sys

DIRS = ("firmware", "boards", "host")
# Layer of a file, by its folder: higher may include lower or equal, never higher.
LAYERS = [
    ("main", 5, None),  # firmware/main.c, any */main.c, host/, firmware/tablegen/: programs
    ("console", 4, "firmware/console/"),
    ("game", 3, "firmware/game/"),
    ("runtime", 2, "firmware/runtime/"),
    ("display", 2, "firmware/display/"),
    ("engine", 1, "firmware/engine/"),
    ("board", 1, "firmware/board/"),
    ("board", 1, "boards/"),
]


def layer_of(path):
    """(name, rank) of a file's layer; programs (a main.c, host/, tablegen) are the top."""
    if os.path.basename(path) == "main.c" or path.startswith(("host/", "firmware/tablegen/")):
        return ("main", 5)
    for name, rank, prefix in LAYERS:
        if prefix and path.startswith(prefix):
            return (name, rank)
    return ("main", 5)


IDENT = re.compile(r"[A-Za-z_]\w*")
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


def strip_code(text):
    """The text without comments, string and character literals, and preprocessor lines."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("\n" * text.count("\n", i, j))
            i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(c + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    lines, cont = [], False
    for line in "".join(out).split("\n"):
        if cont or line.lstrip().startswith("#"):
            cont = line.endswith("\\")
            lines.append("")
        else:
            lines.append(line)
    return "\n".join(lines)


ATTR = re.compile(r"__attribute__\s*\(\((?:[^()]|\([^()]*\))*\)\)")


def definitions(code):
    """Names of the functions and variables a .c file defines with external linkage."""
    code = ATTR.sub(" ", code)
    names, chunk, i, n = set(), [], 0, len(code)

    def var_name(text):
        text = re.sub(r"\[[^\]]*\]", " ", text.split("=")[0])
        words = [w for w in IDENT.findall(text) if w not in ("PROGMEM", "EEMEM")]
        return words[-1] if words else None

    def skip_body(k):
        depth = 0
        while k < n:
            depth += {"{": 1, "}": -1}.get(code[k], 0)
            k += 1
            if depth == 0:
                break
        return k

    while i < n:
        c = code[i]
        if c == "{":
            head = "".join(chunk)
            words = set(IDENT.findall(head))
            i = skip_body(i)
            if "(" in head and "=" not in head and not words & {"struct", "union", "enum"}:
                if "static" not in words:
                    name = IDENT.findall(head.split("(")[0])
                    if name:
                        names.add(name[-1])
                chunk = []
            else:
                chunk.append(" {} ")
        elif c == ";":
            head = "".join(chunk)
            words = set(IDENT.findall(head))
            chunk = []
            i += 1
            if words & {"extern", "typedef", "static"} or not words:
                continue
            if "(" in head.split("=")[0]:
                continue  # a prototype
            if head.strip().startswith(("struct", "union", "enum")) and "{}" in head and "=" not in head:
                if head.rstrip().endswith("}"):
                    continue
            name = var_name(head.replace("{}", ""))
            if name:
                names.add(name)
        else:
            chunk.append(c)
            i += 1
    return names


class Tree:
    def __init__(self, root):
        self.root = root
        self.files = []
        for d in DIRS:
            for base, dirs, names in os.walk(os.path.join(root, d)):
                dirs.sort()
                for name in sorted(names):
                    if name.endswith((".c", ".h")):
                        self.files.append(os.path.relpath(os.path.join(base, name), root))
        self.by_name = {}
        for f in self.files:
            self.by_name.setdefault(os.path.basename(f), []).append(f)
        self.text = {f: open(os.path.join(root, f), encoding="utf-8", errors="replace").read()
                     for f in self.files}
        self.code = {f: strip_code(t) for f, t in self.text.items()}
        self.includes = {f: [self.resolve(f, h) for h in INCLUDE.findall(t)]
                         for f, t in self.text.items()}
        self.include_names = {f: INCLUDE.findall(t) for f, t in self.text.items()}

    def resolve(self, src, header):
        """The file an #include "header" in src names: beside src, else found by name in the
        tree (the include path: firmware/<layer>/, boards/<board>/, host/); [] outside it."""
        near = os.path.normpath(os.path.join(os.path.dirname(src), header))
        if near in self.text:
            return [near]
        return self.by_name.get(os.path.basename(header), [])

    def module(self, f):
        """A module's name: its path without .c/.h when the .c exists, else None (a header
        of its own: an interface)."""
        stem = f[:-2]
        return stem if stem + ".c" in self.text else None

    def headers_seen(self, f):
        """Every header f includes, directly or through other headers."""
        seen, todo = set(), [h for hs in self.includes[f] for h in hs]
        while todo:
            h = todo.pop()
            if h in seen:
                continue
            seen.add(h)
            todo.extend(x for xs in self.includes.get(h, []) for x in xs)
        return seen

    def graph(self):
        """Module -> the modules it imports."""
        definer = {}
        for f in self.files:
            if f.endswith(".c"):
                for name in definitions(self.code[f]):
                    definer.setdefault(name, set()).add(f[:-2])
        unique = {name: next(iter(m)) for name, m in definer.items() if len(m) == 1}
        edges = {}
        for f in self.files:
            a = self.module(f)
            if a is None:
                continue
            out = edges.setdefault(a, set())
            headers = self.headers_seen(f)
            for hs in self.includes[f]:
                for h in hs:
                    b = self.module(h)
                    if b and b != a:
                        out.add(b)
            declared = set()
            for h in headers:
                declared |= set(IDENT.findall(self.code[h]))
            for name in set(IDENT.findall(self.code[f])) & declared:
                b = unique.get(name)
                if b and b != a:
                    out.add(b)
        return edges


def circles(edges):
    """Strongly connected groups of two or more modules (Tarjan), each a sorted list."""
    index, low, stack, on, found = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    sys.setrecursionlimit(10000)
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return sorted(found)


def module_files(tree, group):
    """A circle as the list of its files: each module's .c (and .h where there is one)."""
    files = []
    for m in group:
        files += [m + ext for ext in (".c", ".h") if m + ext in tree.text]
    return files


def main(argv):
    root, known_path, verbose = ".", None, False
    args = list(argv)
    while args:
        a = args.pop(0)
        if a == "--root":
            root = args.pop(0)
        elif a == "--known":
            known_path = args.pop(0)
        elif a == "-v":
            verbose = True
        else:
            print("usage: check_includes.py [--root DIR] [--known FILE] [-v]", file=sys.stderr)
            return 2
    tree = Tree(root)
    passed = failed = 0

    # 1. layers
    for f in tree.files:
        lname, rank = layer_of(f)
        for header, hs in zip(tree.include_names[f], tree.includes[f]):
            for h in hs:
                hname, hrank = layer_of(h)
                if hrank > rank:
                    failed += 1
                    print(f"FAIL layer: {f} ({lname}) includes {h} ({hname}), a layer above it")
                else:
                    passed += 1

    # 2. circles
    found = [module_files(tree, g) for g in circles(tree.graph())]
    known = []
    if known_path:
        for line in open(known_path, encoding="utf-8"):
            line = line.split("#")[0].split()
            if line:
                known.append(sorted(line))
    found_keys = {" ".join(sorted(c)) for c in found}
    known_keys = {" ".join(c) for c in known}
    for c in found:
        key = " ".join(sorted(c))
        if key in known_keys:
            passed += 1
            if verbose:
                print("known circle: " + " ".join(c))
        else:
            failed += 1
            print("FAIL import circle: " + " ".join(c))
    for key in sorted(known_keys - found_keys):
        failed += 1
        print(f"FAIL known circle gone (take its line out of {known_path}): {key}")
    if not (known_keys - found_keys) and not [c for c in found if " ".join(sorted(c)) not in known_keys]:
        passed += 1  # the circles are exactly the known ones
    print(f"includes: {len(tree.files)} files, {len(found)} circles ({len(known)} known)")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
