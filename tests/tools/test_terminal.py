#!/usr/bin/env python3
"""The terminal front-ends as a newcomer meets them, in an 80x24 pseudo-terminal:
make play's screen (grundy-play) fits 80 columns and 24 rows on every board, with the board,
the key line, event lines (the @settings line whole) and the status lines all on it; at 70x20 it
still says how to quit; a game played to its end says in words who won and what the score's
numbers are, and the binary view says that it is on; in standby it says that a key wakes
the board, and a key does; make console (grundy-serial) says first what it is and how to leave,
leaves on `quit`, and keeps the EEPROM between runs (--eeprom, as make console passes it);
`make help` and the README's table of targets name the same targets.
Usage: test_terminal.py BUILD_DIR BOARD...  (BUILD_DIR/sim/grundy-play, BUILD_DIR/<board>/grundy.elf)
Ends with "N passed, M failed"."""
import codecs
import fcntl
import os
import pty
import re
import select
import shutil
import struct
import subprocess
import sys
import tempfile
import termios
import time

ROWS, COLS = 24, 80
from tally import check, finish as tally_finish


class Screen:
    """Just enough of a VT100 for grundy-play: cursor moves, erase line/below, text."""
    SEQ = re.compile(r"\x1b\[([?0-9;]*)([A-Za-z])|\x1b.|([^\x1b]+)", re.S)

    def __init__(self):
        self.text = {}
        self.row = self.col = 1
        self.widest = 0     # the furthest column any text reached
        self.lowest = 0     # the lowest row addressed
        self.pending = ""
        self.frame = ""     # the screen as the last complete frame (ended by ESC [ J) left it
        self.settings = []  # each frame's @settings line, joined with the row after it
        self.said = set()   # every state line shown (the second row)
        self.decoder = codecs.getincrementaldecoder("utf-8")("replace")

    def feed_bytes(self, data):
        self.feed(self.decoder.decode(data))

    def feed(self, data):
        data = self.pending + data
        cut = data.rfind("\x1b")
        if cut >= 0 and len(data) - cut < 16 and not re.match(r"\x1b\[[?0-9;]*[A-Za-z]", data[cut:]):
            data, self.pending = data[:cut], data[cut:]  # an escape split across reads
        else:
            self.pending = ""
        for m in self.SEQ.finditer(data):
            params, final, run = m.group(1), m.group(2), m.group(3)
            if run is not None:
                for ch in run:
                    if ch == "\r":
                        self.col = 1
                        continue
                    if ch == "\n":
                        self.row += 1
                        continue
                    line = self.text.get(self.row, "")
                    line = line.ljust(self.col - 1)
                    self.text[self.row] = line[: self.col - 1] + ch + line[self.col:]
                    self.widest = max(self.widest, self.col)
                    self.col += 1
            elif final == "H":
                parts = (params or "1;1").split(";")
                self.row, self.col = int(parts[0] or 1), int(parts[1] if len(parts) > 1 else 1)
                self.lowest = max(self.lowest, self.row)
            elif final == "K":
                self.text[self.row] = self.text.get(self.row, "")[: self.col - 1]
            elif final == "J":
                if params == "2":
                    self.text = {}
                else:
                    self.text[self.row] = self.text.get(self.row, "")[: self.col - 1]
                    for r in [r for r in self.text if r > self.row]:
                        del self.text[r]
                    self.frame = self.dump()
                    rows = self.frame.split("\n")
                    if len(rows) > 1:
                        self.said.add(rows[1].strip())  # the state line, under the header
                    for i, r in enumerate(rows):  # a long @settings line, with its next row
                        if r.strip().startswith("@settings "):
                            self.settings.append(r.strip() + (rows[i + 1].strip() if i + 1 < len(rows) else ""))

    def dump(self):
        return "\n".join(self.text.get(r, "") for r in range(1, max(self.text or [1]) + 1))


def spawn(argv, rows=ROWS, cols=COLS):
    """argv in a rows x cols pseudo-terminal; returns (pid, master fd)."""
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(sys.stdout.fileno(), termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        os.execv(argv[0], argv)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    return pid, fd


def read_until(fd, screen, cond, seconds):
    """Feed the screen from fd until cond(screen) holds or seconds pass; whether it held."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if cond(screen):
            return True
        r, _, _ = select.select([fd], [], [], 0.2)
        if r:
            try:
                data = os.read(fd, 1 << 16)
            except OSError:
                return cond(screen)
            if not data:
                return cond(screen)
            screen.feed_bytes(data)
    return cond(screen)


def finish(pid, fd, screen, seconds=10):
    """Read to the end; the exit status, or None if it did not end."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        r, _, _ = select.select([fd], [], [], 0.2)
        if r:
            try:
                data = os.read(fd, 1 << 16)
            except OSError:
                data = b""
            if not data:
                break
            screen.feed_bytes(data)
    for _ in range(50):
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            os.close(fd)
            return os.waitstatus_to_exitcode(status)
        time.sleep(0.1)
    os.kill(pid, 9)
    os.waitpid(pid, 0)
    os.close(fd)
    return None


def play_fits(build, board, tmp):
    s = Screen()
    pid, fd = spawn([f"{build}/sim/grundy-play", "--board", board, "--fast", "--fresh-eeprom",
                     "--eeprom", f"{tmp}/{board}.bin", f"{build}/{board}/grundy.elf"])
    shown = read_until(fd, s, lambda sc: "@turn human" in sc.frame, 60)
    screen = s.frame
    os.write(fd, b"q")
    rc = finish(pid, fd, s)
    check(shown, f"{board}: '@turn human' never on the 80x24 screen:\n{screen}")
    check(s.widest <= COLS, f"{board}: text reached column {s.widest} of {COLS}")
    check(s.lowest <= ROWS, f"{board}: row {s.lowest} addressed on a {ROWS}-row terminal")
    for want in ("q quit", "m menu", "@game nim", " events", "EEPROM ", " other output"):
        check(want in screen, f"{board}: '{want}' not on the 80x24 screen:\n{screen}")
    board_seen = "row 0" in screen or "\u2502" in screen  # rows, or the matrix's frame
    check(board_seen, f"{board}: no board on the screen")
    # the @settings line whole in every frame that shows it, a long one going on on the next row
    cut = [l for l in s.settings if not re.search(r"standby=\d", l)]
    check(s.settings and not cut, f"{board}: the @settings line is cut: {cut[:1] or 'never shown'}")
    check(rc == 0, f"{board}: grundy-play exit status {rc}")
    print(f"terminal: make play on {board} at 80x24: widest column {s.widest}, lowest row {s.lowest}")


def play_small(build, board, tmp):
    """At 70x20 the key line still says how to quit, and nothing goes past the edges."""
    s = Screen()
    pid, fd = spawn([f"{build}/sim/grundy-play", "--board", board, "--fast", "--fresh-eeprom",
                     "--eeprom", f"{tmp}/{board}-small.bin", f"{build}/{board}/grundy.elf"], 20, 70)
    shown = read_until(fd, s, lambda sc: "@game " in sc.frame and "q quit" in sc.frame, 60)
    screen = s.frame
    os.write(fd, b"q")
    rc = finish(pid, fd, s)
    check(shown, f"{board}: 'q quit' not on the 70x20 screen:\n{screen}")
    check(s.widest <= 70 and s.lowest <= 20, f"{board} at 70x20: column {s.widest}, row {s.lowest} reached")
    check(rc == 0, f"{board}: grundy-play exit status {rc} at 70x20")


def play_words(build, board, tmp):
    """A game played to its end through the keys (the person takes the top row every turn):
    the state line says in words who won and what @score's numbers are; 'v' switches the binary
    view on, and the state line says so."""
    s = Screen()
    pid, fd = spawn([f"{build}/sim/grundy-play", "--board", board, "--fast", "--fresh-eeprom",
                     "--eeprom", f"{tmp}/{board}-words.bin", f"{build}/{board}/grundy.elf"])
    read_until(fd, s, lambda sc: "@turn human" in sc.frame, 60)
    os.write(fd, b"v")
    viewed = read_until(fd, s, lambda sc: "@view on" in sc.frame and any("Binary view on" in l for l in sc.said), 20)
    check(viewed, f"{board}: 'v' gave no '@view on', or the screen does not say the view is on:\n{s.frame}")
    def last_event(sc):
        part = sc.frame.split(" events", 1)[-1].split(" other output", 1)[0]
        lines = [l.strip() for l in part.split("\n") if l.strip()]
        return lines[-1] if lines else ""
    over = False
    for _ in range(40):
        read_until(fd, s, lambda sc: last_event(sc) in ("@turn human", "@sleep") or "@over " in sc.frame, 20)
        if "@over " in s.frame:
            over = read_until(fd, s, lambda sc: "@score " in sc.frame, 5)
            break
        if last_event(s) == "@sleep":  # a key wakes it; the wake swallows that press
            os.write(fd, b"a")
            read_until(fd, s, lambda sc: last_event(sc) == "@wake", 10)
            time.sleep(0.3)
        for key in [b"\x1b[C"] * 8 + [b"z"]:
            os.write(fd, key)
            time.sleep(0.03)
        read_until(fd, s, lambda sc: last_event(sc).startswith("@move human"), 5)
    screen = s.frame
    os.write(fd, b"q")
    finish(pid, fd, s)
    if not check(over, f"{board}: no @over and @score after 40 turns:\n{screen}"):
        return
    won = re.search(r"@over (human|cpu)", screen).group(1)
    wins, losses, hints = re.search(r"@score (\d+) (\d+) (\d+)", screen).groups()
    said = "You won." if won == "human" else "The device won."
    words = f"Score at this game and level: {wins} won, {losses} lost, {hints} hint"
    told = [l for l in s.said if said in l and words in l]
    check(told, f"{board}: the result not in words ('{said}', '{words}'), only {sorted(s.said)}:\n{screen}")
    print(f"terminal: make play on {board}: '{said}' and '{words}...' on the screen")


def standby_says(build, tmp):
    s = Screen()
    pid, fd = spawn([f"{build}/sim/grundy-play", "--board", "direct", "--fast", "--fresh-eeprom",
                     "--eeprom", f"{tmp}/standby.bin", f"{build}/direct/grundy.elf"])
    asleep = read_until(fd, s, lambda sc: "@sleep" in sc.frame, 120)
    screen = s.frame
    check(asleep, "no @sleep within 120 s of fast play")
    check("press any key to wake" in screen, f"standby: the screen does not say a key wakes it:\n{screen}")
    os.write(fd, b"a")  # no button of its own
    woke = read_until(fd, s, lambda sc: "@wake" in sc.frame and "asleep" not in sc.frame, 20)
    check(woke, f"standby: 'a' did not wake the board:\n{s.frame}")
    os.write(fd, b"q")
    finish(pid, fd, s)


def console_says(build, tmp):
    s = Screen()
    eeprom = f"{tmp}/console.bin"
    pid, fd = spawn([f"{build}/sim/grundy-serial", "--board", "direct", "--eeprom", eeprom,
                     f"{build}/direct/grundy.elf"])
    shown = read_until(fd, s, lambda sc: "@turn" in sc.dump(), 30)
    first = s.dump().split("\n")[0]
    check(shown, "make console: no game line")
    check("console" in first and "Ctrl-D" in first + s.dump().split("\n")[1],
          f"make console's first lines do not say what it is and how to leave: {s.dump()[:300]!r}")
    # three whole lines at 80 columns: a longer one would wrap onto the next row
    head = [l.rstrip() for l in s.dump().split("\n")[:3]]
    check(len(head) == 3 and head[0].startswith("Grundy's serial console") and
          head[1].startswith("Type a command") and head[2].startswith("(") and head[2].endswith(")")
          and all(len(l) < 80 for l in head), f"make console's first lines do not fit 80 columns: {head!r}")
    os.write(fd, b"quit\n")
    rc = finish(pid, fd, s, 15)
    check(rc == 0, f"make console: 'quit' did not leave (status {rc})")
    # the EEPROM between runs: a game started in one run is the settings of the next
    def run(cmd):
        return subprocess.run([f"{build}/sim/grundy-serial", "--board", "direct", "--eeprom", eeprom,
                               f"{build}/direct/grundy.elf"], input=cmd, capture_output=True,
                              text=True, timeout=60).stdout
    out = run("new kayles 3 4 5\n")
    check("ok" in out.split("\n"), f"make console: 'new kayles 3 4 5' not ok: {out[-200:]!r}")
    out = run("show\n")
    check("@eeprom loaded" in out and "kayles 3 4 5 turn human" in out,
          f"make console: the next run did not keep the EEPROM: {out[:300]!r}")
    piped = out.split("\n")[0]
    check(piped.startswith("@reset"), f"make console from a pipe: first line {piped!r}, not the firmware's")


def targets_agree():
    helped = subprocess.run(["make", "--no-print-directory", "-s", "help"], capture_output=True,
                            text=True).stdout
    in_help = {t.strip() or "(make)" for t in re.findall(r"^  make((?: [a-z]+)?)\b", helped, re.M)}
    readme = open("README.md", encoding="utf-8").read()
    table = readme.split("## Every target", 1)[-1].split("\n## ", 1)[0]
    in_readme = {t.strip() or "(make)" for t in re.findall(r"^\| `make((?: [a-z]+)?)`", table, re.M)}
    check(in_help and in_help == in_readme,
          f"make help lists {sorted(in_help)}, the README's table {sorted(in_readme)}")
    print(f"terminal: make help and the README both list {len(in_help)} targets")


def main():
    build = sys.argv[1] if len(sys.argv) > 1 else "build"
    boards = sys.argv[2:] or ["direct", "matrix8", "shift595"]
    tmp = tempfile.mkdtemp()
    try:
        for board in boards:
            play_fits(build, board, tmp)
            play_small(build, board, tmp)
            play_words(build, board, tmp)
        standby_says(build, tmp)
        console_says(build, tmp)
        targets_agree()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return tally_finish("terminal")


if __name__ == "__main__":
    sys.exit(main())
