#!/usr/bin/env python3
"""tools/check_includes.py on small doctored trees: a clean tree passes; a planted include
circle, a circle of calls through a shared internal header, and a header included from a
layer below are each caught and named; a function every board (or program) implements links
nobody; the known-circles list tolerates exactly its circles and fails when one is gone.
Ends with "N passed, M failed"."""
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "..", "..", "tools", "check_includes.py")

# A tiny tree in Grundy's layers: main -> console -> game -> runtime/display -> engine/board.
CLEAN = {
    "firmware/main.c": '#include "console.h"\nint main(void) { console_poll(); return 0; }\n',
    "firmware/console/console.h": "void console_poll(void);\n",
    "firmware/console/console.c": '#include "console.h"\n#include "console_out.h"\n#include "play.h"\n'
                                  "void console_poll(void) { play_step(); console_out_char(1); }\n",
    "firmware/console/console_out.h": "void console_out_char(char c);\n",
    "firmware/console/console_out_uart.c": '#include "console_out.h"\n#include "uart.h"\n'
                                           "void console_out_char(char c) { uart_put(c); }\n",
    "firmware/game/play.h": '#include "engine.h"\nvoid play_step(void);\n',
    "firmware/game/play.c": '#include "play.h"\n#include "tick.h"\n'
                            "static int turns;\nvoid play_step(void) { turns += engine_value(tick_now()); }\n",
    "firmware/runtime/tick.h": "unsigned tick_now(void);\n",
    "firmware/runtime/tick.c": '#include "tick.h"\n#include "board.h"\n'
                               "static unsigned ms;\nunsigned tick_now(void) { board_show(); return ms; }\n",
    "firmware/runtime/uart.h": "void uart_put(char c);\n",
    "firmware/runtime/uart.c": '#include "uart.h"\nvoid uart_put(char c) { (void)c; }\n',
    "firmware/board/board.h": '#include "board_config.h"\nvoid board_show(void);\n',
    "boards/one/board_config.h": "#define BOARD_ROWS 3\n",
    "boards/one/board.c": '#include "board.h"\nvoid board_show(void) { }\n',
    "boards/two/board_config.h": "#define BOARD_ROWS 4\n",
    "boards/two/board.c": '#include "board.h"\nvoid board_show(void) { }\n',
    "firmware/engine/engine.h": "unsigned engine_value(unsigned n);\n",
    "firmware/engine/engine_internal.h": '#include "engine.h"\n'
                                         "extern unsigned char engine_work[16];\n"
                                         "unsigned engine_mex(unsigned n);\n"
                                         "unsigned nim_value(unsigned n);\n"
                                         "unsigned king_value(unsigned n);\n",
    "firmware/engine/engine.c": '#include "engine_internal.h"\n'
                                "unsigned char engine_work[16];\n"
                                "unsigned engine_mex(unsigned n) { return n; }\n"
                                "unsigned engine_value(unsigned n) { return nim_value(n) + king_value(n); }\n",
    "firmware/engine/games/nim.c": '#include "../engine_internal.h"\n'
                                   "unsigned nim_value(unsigned n) { return n; }\n",
    "firmware/engine/games/king.c": '#include "../engine_internal.h"\n'
                                    "unsigned king_value(unsigned n) { return n & 1; }\n",
    # a program on the computer with its own reply output: console_out_char defined twice
    "host/prog.c": '#include "console.h"\n#include "console_out.h"\n'
                   "void console_out_char(char c) { (void)c; }\n"
                   "int main(void) { console_poll(); return 0; }\n",
    "host/prog2.c": '#include "console.h"\n#include "console_out.h"\n'
                    "void console_out_char(char c) { (void)c; }\n"
                    "int main(void) { console_poll(); return 0; }\n",
}

passed = failed = 0


def check(what, ok, output=""):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {what}\n{output}")


def run(files, known=None):
    """(exit status, output) of check_includes.py on a tree of these files."""
    with tempfile.TemporaryDirectory() as root:
        for path, text in files.items():
            os.makedirs(os.path.join(root, os.path.dirname(path)), exist_ok=True)
            with open(os.path.join(root, path), "w") as f:
                f.write(text)
        args = [sys.executable, SCRIPT, "--root", root]
        if known is not None:
            with open(os.path.join(root, "known.txt"), "w") as f:
                f.write(known)
            args += ["--known", os.path.join(root, "known.txt")]
        p = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        return p.returncode, p.stdout


def doctored(**changes):
    files = dict(CLEAN)
    files.update(changes)
    return files


# the clean tree passes: no circle, every include within the layers
rc, out = run(CLEAN)
check("clean tree passes", rc == 0 and "0 circles" in out and out.rstrip().endswith(" 0 failed"), out)

# a planted include circle in the runtime: tick.c includes uart.h, uart.c includes tick.h
circle = ("firmware/runtime/tick.c firmware/runtime/tick.h "
          "firmware/runtime/uart.c firmware/runtime/uart.h")
tick_uart = '#include "tick.h"\n#include "uart.h"\n' \
    "static unsigned ms;\nunsigned tick_now(void) { uart_put(0); return ms; }\n"
planted = doctored(**{"firmware/runtime/tick.c": tick_uart,
                      "firmware/runtime/uart.c": '#include "uart.h"\n#include "tick.h"\n'
                                                 "void uart_put(char c) { (void)c; tick_now(); }\n"})
rc, out = run(planted)
check("planted include circle fails", rc == 1, out)
check("planted include circle named by its files", "FAIL import circle: " + circle in out, out)

# the same circle through a header: uart.h includes tick.h (uart.c itself does not)
through = doctored(**{"firmware/runtime/tick.c": tick_uart,
                      "firmware/runtime/uart.h": '#include "tick.h"\nvoid uart_put(char c);\n',
                      "firmware/runtime/uart.c": '#include "uart.h"\n'
                                                 "void uart_put(char c) { (void)c; tick_now(); }\n"})
rc, out = run(through)
check("circle through a header's include caught", rc == 1 and "FAIL import circle: " + circle in out, out)

# a circle of calls through a shared internal header: nim.c calls engine.c's kernel,
# engine.c calls nim.c; king.c only defines what engine.c calls, so it is not in it
calls = doctored(**{"firmware/engine/games/nim.c": '#include "../engine_internal.h"\n'
                    "unsigned nim_value(unsigned n) { engine_work[0] = 1; return engine_mex(n); }\n"})
rc, out = run(calls)
check("circle of calls through engine_internal.h caught",
      rc == 1 and "FAIL import circle: firmware/engine/engine.c firmware/engine/engine.h "
      "firmware/engine/games/nim.c\n" in out, out)

# an interface several programs implement (console_out_char in console_out_uart.c, host/prog.c
# and host/prog2.c) links nobody: each program uses console.c, which calls console_out_char,
# and there is no circle
rc, out = run(CLEAN)
check("an interface implemented three times links nobody", "host/prog" not in out, out)

# a layer broken: the engine includes the game's header
broken = doctored(**{"firmware/engine/games/king.c": '#include "../engine_internal.h"\n#include "play.h"\n'
                     "unsigned king_value(unsigned n) { return n & 1; }\n"})
rc, out = run(broken)
check("an engine file including a game header fails", rc == 1 and
      "FAIL layer: firmware/engine/games/king.c (engine) includes firmware/game/play.h (game)" in out, out)
# and a board including the runtime
broken = doctored(**{"boards/two/board.c": '#include "board.h"\n#include "tick.h"\nvoid board_show(void) { }\n'})
rc, out = run(broken)
check("a board including the runtime fails", rc == 1 and "FAIL layer: boards/two/board.c (board)" in out, out)
# a same-layer include (runtime and display) and a downward one pass
same = doctored(**{"firmware/display/display.h": "void display_draw(void);\n",
                   "firmware/display/display.c": '#include "display.h"\n#include "tick.h"\n'
                                                 "void display_draw(void) { tick_now(); }\n"})
rc, out = run(same)
check("display including the runtime (one layer) passes", rc == 0, out)

# the known list: the planted circle listed passes; listed and gone fails; a second new one fails
rc, out = run(planted, known="# comment\n" + circle + "\n")
check("a known circle is tolerated", rc == 0 and out.rstrip().endswith(" 0 failed"), out)
rc, out = run(CLEAN, known=circle + "\n")
check("a known circle that is gone fails", rc == 1 and "FAIL known circle gone" in out, out)
both = dict(planted)
both.update(calls)
both["firmware/runtime/uart.c"] = planted["firmware/runtime/uart.c"]
rc, out = run(both, known=circle + "\n")
check("a new circle beside a known one fails", rc == 1 and "FAIL import circle: firmware/engine/engine.c" in out
      and circle not in out.split("FAIL import circle: firmware/engine/engine.c")[0], out)

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
