#!/usr/bin/env python3
"""The boards' wiring, from one table per board (boards/<b>/wiring.yaml) to every copy of it.

Reads the table, checks it against the Uno's hardware (the SPI, Timer1 and UART pins), and makes:
  header BOARD OUT   a C header of X-macro lists for the firmware's static assertions and the
                     simulator's pin tables (build/gen/wiring/wiring_<b>.h)
  js OUT             the page's module of every board's pins and parts (sim/web/src/wiring.js)
  readme BOARD       the Pins table of boards/<b>/README.md, between its markers
  svg BOARD OUT      the wiring drawing (boards/<b>/wiring.svg)
  write              writes every committed copy (READMEs, SVGs, wiring.js) from the tables
  check              checks that every committed copy is what the tables make now, and reads each
                     drawing back: every connection of the table drawn, and no other
--boards DIR reads the tables from DIR/<b>/wiring.yaml instead of boards/ (the doctored-table
test). Only python3-yaml beyond the standard library.
"""
import argparse
import json
import os
import sys
import xml.etree.ElementTree as ET

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOARDS = ["direct", "matrix8", "shift595", "uno"]
BUTTON_ORDER = ["UP", "DOWN", "LEFT", "RIGHT", "A", "B"]  # firmware/board/board.h's bit order
STATUS_NAMES = ["your move", "my move", "you win", "I win"]


# ---- the Uno's pins ----

def uno_pin(name):
    """An Uno pin name (D0..D13, A0..A5) as (port letter, bit)."""
    if name.startswith("D") and name[1:].isdigit() and int(name[1:]) <= 13:
        n = int(name[1:])
        return ("D", n) if n < 8 else ("B", n - 8)
    if name.startswith("A") and name[1:].isdigit() and int(name[1:]) <= 5:
        return ("C", int(name[1:]))
    raise ValueError(f"'{name}' is not an Uno pin (D0..D13, A0..A5)")


PIN_ROLE = {"D0": "RX", "D1": "TX", "D9": "OC1A", "D10": "SS", "D11": "MOSI", "D12": "MISO",
            "D13": "SCK"}


def avr_name(pin):
    port, bit = uno_pin(pin)
    return f"P{port}{bit}"


# ---- the table ----

class Board:
    """One board's table, checked, with every part named in words."""

    def __init__(self, name, path):
        with open(path, encoding="utf-8") as f:
            t = yaml.safe_load(f)
        if t.get("board") != name:
            raise ValueError(f"{path}: board: is '{t.get('board')}', not '{name}'")
        self.name = name
        self.summary = t.get("summary", "")
        self.leds = []    # dicts: row, led, words, and pin or (chip, q)
        self.status = []  # dicts: index, name, chip, q
        self.buttons = []
        self.max7219 = t.get("max7219")
        self.hc595 = t.get("hc595")
        self.buzzer = t.get("buzzer")
        self.serial = t.get("serial")
        self.led_resistor = None
        used = {}

        def use(pin, what):
            uno_pin(pin)
            if pin in used:
                raise ValueError(f"{path}: {pin} is both {used[pin]} and {what}")
            used[pin] = what

        if self.serial != {"rx": "D0", "tx": "D1"}:
            raise ValueError(f"{path}: the serial line is the UART's, D0 (rx) and D1 (tx)")
        use("D0", "the serial line (RX)")
        use("D1", "the serial line (TX)")
        if "leds" in t:
            self.led_resistor = t["leds"]["resistor"]
            for p in t["leds"]["parts"]:
                words = f"row {p['row']}, LED {p['led']}"
                use(p["pin"], words)
                self.leds.append({"row": p["row"], "led": p["led"], "pin": p["pin"],
                                  "words": words, "note": p.get("note")})
        if self.max7219:
            m = self.max7219
            for sig, hw in (("DIN", "D11"), ("CLK", "D13")):
                if m[sig] != hw:
                    raise ValueError(f"{path}: the MAX7219's {sig} must be on the SPI's {hw}")
            for sig in ("DIN", "CLK", "LOAD"):
                use(m[sig], f"the MAX7219's {sig}")
            for r in range(m["rows"]):
                for i in range(len(m["columns"])):
                    self.leds.append({"row": r, "led": i, "digit": m["digits"][r],
                                      "bit": m["columns"][i], "words": f"row {r}, LED {i}"})
        if self.hc595:
            h = self.hc595
            for sig, hw in (("SER", "D11"), ("SRCLK", "D13")):
                if h[sig] != hw:
                    raise ValueError(f"{path}: the 74HC595's {sig} must be on the SPI's {hw}")
            for sig in ("SER", "SRCLK", "RCLK", "OE"):
                use(h[sig], f"the 74HC595s' {sig}")
            self.led_resistor = h["led_resistor"]
            outs = set()
            for o in h["outputs"]:
                key = (o["chip"], o["q"])
                if key in outs or not (0 <= o["chip"] < h["chips"] and 0 <= o["q"] < 8):
                    raise ValueError(f"{path}: chip {o['chip']} Q{o['q']} twice or out of range")
                outs.add(key)
                if "status" in o:
                    self.status.append({"index": o["status"], "name": o["name"], "chip": o["chip"],
                                        "q": o["q"], "words": f"status light \"{o['name']}\""})
                else:
                    self.leds.append({"row": o["row"], "led": o["led"], "chip": o["chip"],
                                      "q": o["q"], "words": f"row {o['row']}, LED {o['led']}"})
            self.status.sort(key=lambda s: s["index"])
        if self.buzzer:
            if self.buzzer["pin"] != "D9":
                raise ValueError(f"{path}: the buzzer is on Timer1's OC1A, D9")
            use(self.buzzer["pin"], "the buzzer")
        for b in t.get("buttons", []):
            use(b["pin"], f"button {b['name']}")
            self.buttons.append({"name": b["name"], "pin": b["pin"], "note": b.get("note"),
                                 "words": f"button {b['name']}"})
        if self.buttons and [b["name"] for b in self.buttons] != BUTTON_ORDER:
            raise ValueError(f"{path}: the buttons are {', '.join(BUTTON_ORDER)}, in that order")
        self.leds.sort(key=lambda e: (e["row"], e["led"]))
        self.rows = []
        for e in self.leds:
            if e["row"] == len(self.rows):
                self.rows.append(0)
            if e["row"] != len(self.rows) - 1 or e["led"] != self.rows[-1]:
                raise ValueError(f"{path}: LEDs must fill rows from LED 0 up: {e['words']}")
            self.rows[-1] += 1
        self.used = used


def load(boards_dir, name):
    return Board(name, os.path.join(boards_dir, name, "wiring.yaml"))


# ---- the connections a builder makes, in words (what the drawing must show, and no more) ----

def chip_pin_names():
    """74HC595 pin number -> name (data sheet, DIP-16)."""
    names = {15: "QA", 1: "QB", 2: "QC", 3: "QD", 4: "QE", 5: "QF", 6: "QG", 7: "QH", 8: "GND",
             9: "QH'", 10: "SRCLR", 11: "SRCLK", 12: "RCLK", 13: "OE", 14: "SER", 16: "VCC"}
    return names


HC595_PIN = {v: k for k, v in chip_pin_names().items()}
Q_PIN = [15, 1, 2, 3, 4, 5, 6, 7]  # Qk's pin number


def chip_end(c, name):
    return f"chip {c} pin {HC595_PIN[name]} {name}"


def netlist(b):
    """The table's connections as (end, end) pairs, each a wire on the breadboard."""
    n = []
    led_lines = [e for e in b.leds if "pin" in e or "chip" in e]
    for e in led_lines:
        w = e["words"]
        src = f"Uno {e['pin']}" if "pin" in e else chip_end(e["chip"], "Q" + "ABCDEFGH"[e["q"]])
        n += [(src, f"resistor of {w}"), (f"resistor of {w}", f"anode of {w}"),
              (f"cathode of {w}", "GND")]
    for s in b.status:
        w = s["words"]
        n += [(chip_end(s["chip"], "Q" + "ABCDEFGH"[s["q"]]), f"resistor of {w}"),
              (f"resistor of {w}", f"anode of {w}"), (f"cathode of {w}", "GND")]
    if b.max7219:
        m = b.max7219
        n += [("Uno " + m["DIN"], "module DIN"), ("Uno " + m["LOAD"], "module CS"),
              ("Uno " + m["CLK"], "module CLK"), ("Uno 5V", "module VCC"), ("Uno GND", "module GND")]
    if b.buzzer:
        n += [("Uno " + b.buzzer["pin"], "buzzer resistor"), ("buzzer resistor", "buzzer +"),
              ("buzzer -", "GND")]
    if b.hc595:
        h = b.hc595
        n += [("Uno " + h["SER"], chip_end(0, "SER"))]
        for sig in ("SRCLK", "RCLK", "OE"):
            n += [("Uno " + h[sig], chip_end(0, sig))]
        for c in range(h["chips"]):
            n += [(chip_end(c, "VCC"), "5V"), (chip_end(c, "SRCLR"), "5V"),
                  (chip_end(c, "GND"), "GND"), (f"capacitor of chip {c}", "5V"),
                  (f"capacitor of chip {c}", "GND")]
            if c + 1 < h["chips"]:
                n += [(chip_end(c, "QH'"), chip_end(c + 1, "SER"))]
                for sig in ("SRCLK", "RCLK", "OE"):
                    n += [(chip_end(c, sig), chip_end(c + 1, sig))]
        n += [(chip_end(0, "OE"), "pull-up resistor"), ("pull-up resistor", "5V")]
        # two chips to a breadboard: each further breadboard's 5V line joined to the one before
        n += [("5V", "5V")] * ((h["chips"] + 1) // 2 - 1)
    for btn in b.buttons:
        n += [("Uno " + btn["pin"], btn["words"]), (btn["words"], "GND")]
    if any("GND" in e for e in n):
        n += [("Uno GND", "GND")]
    if any("5V" in e for e in n):
        n += [("Uno 5V", "5V")]
    return sorted(tuple(sorted(e)) for e in n)


# ---- the C header ----

def c_header(b):
    P = f"WIRING_{b.name.upper()}_"
    out = [f"/* wiring_{b.name}.h: made by tools/wiring.py from boards/{b.name}/wiring.yaml; do not edit.",
           " * X-macro lists of the board's parts, for the firmware's static assertions and the",
           " * simulator's pin tables; each part's Uno pin and words as the board's README says them. */",
           f"#ifndef {P}H", f"#define {P}H", ""]
    out.append(f"#define {P}ROWS {len(b.rows)}")
    out.append(f"#define {P}ROW_LENGTHS {{{', '.join(map(str, b.rows))}}}")
    pin_leds = [e for e in b.leds if "pin" in e]
    if pin_leds:
        out.append("/* X(row, index, port, bit, uno pin, words): an LED lit when its pin is high */")
        out.append(f"#define {P}LEDS(X) \\")
        for e in pin_leds:
            port, bit = uno_pin(e["pin"])
            out.append(f"    X({e['row']}, {e['led']}, '{port}', {bit}, \"{e['pin']}\", \"{e['words']}\") \\")
        out.append("")
    if b.max7219:
        m = b.max7219
        for sig in ("DIN", "CLK", "LOAD"):
            port, bit = uno_pin(m[sig])
            out.append(f"#define {P}MAX7219_{sig} '{port}', {bit} /* {m[sig]} */")
        out.append(f"#define {P}MAX7219_LOAD_PULLED_UP {int(bool(m.get('load_pulled_up')))}")
        out.append("/* X(row, digit register) and X(led, data bit) of the matrix */")
        out.append(f"#define {P}MAX7219_DIGITS(X) " + " ".join(f"X({r}, {d})" for r, d in enumerate(m["digits"])))
        out.append(f"#define {P}MAX7219_COLUMNS(X) " + " ".join(f"X({i}, {c})" for i, c in enumerate(m["columns"])))
    if b.hc595:
        h = b.hc595
        out.append(f"#define {P}HC595_CHIPS {h['chips']}")
        for sig in ("SER", "SRCLK", "RCLK", "OE"):
            port, bit = uno_pin(h[sig])
            out.append(f"#define {P}HC595_{sig} '{port}', {bit} /* {h[sig]} */")
        out.append(f"#define {P}HC595_OE_PULLED_UP {int(bool(h.get('oe_pullup')))}")
        out.append("/* X(row, index, chip, output, words): an LED lit when its chip output is high */")
        out.append(f"#define {P}HC595_LEDS(X) \\")
        for e in b.leds:
            out.append(f"    X({e['row']}, {e['led']}, {e['chip']}, {e['q']}, \"{e['words']}\") \\")
        out.append("")
        out.append("/* X(light, chip, output, name, words): the status lights */")
        out.append(f"#define {P}HC595_STATUS(X) \\")
        for s in b.status:
            words = s["words"].replace('"', '\\"')
            out.append(f"    X({s['index']}, {s['chip']}, {s['q']}, \"{s['name']}\", \"{words}\") \\")
        out.append("")
    if b.buzzer:
        port, bit = uno_pin(b.buzzer["pin"])
        out.append(f"#define {P}BUZZER '{port}', {bit} /* {b.buzzer['pin']} */")
    if b.buttons:
        out.append("/* X(name, port, bit, uno pin, words): a button to ground, pressed when low */")
        out.append(f"#define {P}BUTTONS(X) \\")
        for btn in b.buttons:
            port, bit = uno_pin(btn["pin"])
            out.append(f"    X({btn['name']}, '{port}', {bit}, \"{btn['pin']}\", \"{btn['words']}\") \\")
        out.append("")
    out.append(f"#define {P}HAS_BUZZER {int(bool(b.buzzer))}")
    out.append(f"#define {P}STATUS_LIGHTS {len(b.status)}")
    out.append(f"#define {P}SERIAL_RX 'D', 0 /* D0 */")
    out.append(f"#define {P}SERIAL_TX 'D', 1 /* D1 */")
    out += ["", f"#endif /* {P}H */", ""]
    return "\n".join(out)


# ---- the page's module ----

def js_board(b):
    d = {"rows": b.rows, "summary": b.summary}
    pins = {}
    if any("pin" in e for e in b.leds):
        d["ledPins"] = [list(uno_pin(e["pin"])) for e in b.leds]
    if b.max7219:
        m = b.max7219
        for sig in ("DIN", "CLK", "LOAD"):
            pins[sig] = list(uno_pin(m[sig]))
        d["loadPulledUp"] = bool(m.get("load_pulled_up"))
        d["digits"] = m["digits"]
        d["columns"] = m["columns"]
    if b.hc595:
        h = b.hc595
        for sig in ("SER", "SRCLK", "RCLK", "OE"):
            pins[sig] = list(uno_pin(h[sig]))
        d["chips"] = h["chips"]
        d["oePulledUp"] = bool(h.get("oe_pullup"))
        d["ledOutputs"] = [[e["chip"], e["q"]] for e in b.leds]
        d["statusOutputs"] = [[s["chip"], s["q"]] for s in b.status]
        d["status"] = [s["name"] for s in b.status]
    if b.buzzer:
        pins["buzzer"] = list(uno_pin(b.buzzer["pin"]))
    d["pins"] = pins
    d["buttons"] = [{"name": x["name"], "pin": x["pin"], "bit": uno_pin(x["pin"])[1]} for x in b.buttons]
    d["parts"] = parts_list(b)
    return d


def js_module(boards):
    data = {b.name: js_board(b) for b in boards}
    return ("// wiring.js: made by tools/wiring.py from boards/<board>/wiring.yaml; do not edit.\n"
            "// Each board's pins (as [port, bit]), chip outputs and parts list, for boards.js and\n"
            "// the Build one part of the page.\n"
            "export const WIRING = {\n" + "".join(
                f"  {name}: {{\n" + "".join(f"    {k}: {json.dumps(v, ensure_ascii=False)},\n" for k, v in d.items())
                + "  },\n" for name, d in data.items()) + "};\n")


def parts_list(b):
    """(quantity, part) for the board, from the table."""
    p = [(1, "Arduino Uno R3 (or a compatible board) and its USB cable")]
    if b.max7219:
        p.append((1, "MAX7219 8×8 LED matrix module (FC-16 type)"))
        p.append((5, "female–male jumper wires (the module's header to the Uno)"))
    if b.hc595:
        p.append((b.hc595["chips"], "74HC595 shift register (DIP-16)"))
        p.append((b.hc595["chips"], "100 nF ceramic capacitor"))
    nled = len(b.leds) if not b.max7219 else 0
    if nled:
        p.append((nled, "LED, 3 or 5 mm (the game's lights)"))
    if b.status:
        p.append((len(b.status), "LED of another colour (the status lights)"))
    if nled:
        p.append((nled + len(b.status), f"resistor {b.led_resistor} Ω (one per LED)"))
    if b.hc595 and b.hc595.get("oe_pullup"):
        p.append((1, f"resistor {b.hc595['oe_pullup'] // 1000} kΩ (pull-up on OE)"))
    if b.buzzer:
        p.append((1, "passive piezo buzzer"))
        p.append((1, f"resistor {b.buzzer['resistor']} Ω (for the buzzer)"))
    if b.buttons:
        p.append((len(b.buttons), "push button, 6×6 mm tactile"))
    if b.name != "uno":
        p.append((2 if b.hc595 else 1, "breadboard, 830 points"))
        p.append((1, "jumper wires (a mixed box)"))
    return [list(x) for x in p]


# ---- docs/build.md's parts table for the first board ----

GUIDE_BOARD = "direct"
GUIDE_BEGIN = "<!-- wiring: the direct board's parts, made by tools/wiring.py from its wiring.yaml; do not edit -->"
GUIDE_END = "<!-- wiring: end of the parts -->"
SUBSTITUTES = [  # (the part's first words, what else does)
    ("Arduino Uno", "any Uno-compatible board with an ATmega328P at 16 MHz (many clones use a CH340 USB "
                    "chip: see below); the cable must carry data, not only charge"),
    ("LED", "any colour; red, yellow and green are the easiest (they need the least voltage); one "
            "colour per row looks best"),
    ("resistor", "anything from 220 Ω to 470 Ω (brighter or dimmer); 1 kΩ works but is dim"),
    ("push button", "any momentary push button that closes when pressed"),
    ("breadboard", "two half-size (400-point) breadboards"),
    ("jumper wires", "male–male jumpers of a few lengths; solid-core wire cut to length is neater"),
]


def guide_parts(b):
    rows = ["| qty | part | substitutes |", "|---|---|---|"]
    for qty, part in parts_list(b):
        sub = next((w for k, w in SUBSTITUTES if part.startswith(k)), "")
        rows.append(f"| {qty} | {part} | {sub} |")
    return "\n".join(rows)


def guide_with_parts(text, b):
    head, rest = text.split(GUIDE_BEGIN, 1)
    _, tail = rest.split(GUIDE_END, 1)
    return head + GUIDE_BEGIN + "\n" + guide_parts(b) + "\n" + GUIDE_END + tail


# ---- the README's Pins table ----

BEGIN = "<!-- wiring: the Pins table, made by tools/wiring.py from wiring.yaml; do not edit -->"
END = "<!-- wiring: end of the Pins table -->"


def readme_table(b):
    rows = ["| Uno pin | AVR pin | part | active |", "|---|---|---|---|"]

    def pin(p):
        role = PIN_ROLE.get(p)
        return f"{p} ({role})" if role and role not in ("RX", "TX") else p

    for e in b.leds:
        if "pin" in e:
            note = f" ({e['note']})" if e.get("note") else ""
            rows.append(f"| {pin(e['pin'])} | {avr_name(e['pin'])} | {e['words']}{note}: pin → "
                        f"{b.led_resistor} Ω → LED anode (long leg); cathode → GND | high = lit |")
    if b.max7219:
        m = b.max7219
        rows.append(f"| {pin(m['LOAD'])} | {avr_name(m['LOAD'])} | module CS (the MAX7219's LOAD) "
                    "| low while a frame shifts in; rising edge latches |")
        rows.append(f"| {pin(m['DIN'])} | {avr_name(m['DIN'])} | module DIN | data, MSB first |")
        rows.append(f"| {pin(m['CLK'])} | {avr_name(m['CLK'])} | module CLK | SPI mode 0, 4 MHz |")
        rows.append("| 5V | — | module VCC | — |")
    if b.hc595:
        h = b.hc595
        rows.append(f"| {pin(h['SER'])} | {avr_name(h['SER'])} | SER (pin 14) of chip 0 | data, MSB first |")
        rows.append(f"| {pin(h['SRCLK'])} | {avr_name(h['SRCLK'])} | SRCLK (pin 11) of every chip | rising edge shifts |")
        rows.append(f"| {pin(h['RCLK'])} | {avr_name(h['RCLK'])} | RCLK (pin 12) of every chip | rising edge latches |")
        rows.append(f"| {pin(h['OE'])} | {avr_name(h['OE'])} | OE (pin 13) of every chip, "
                    f"{h['oe_pullup'] // 1000} kΩ pull-up to 5V | low = outputs on |")
        rows.append("| — | — | QH' (pin 9) of chip c → SER (pin 14) of chip c + 1; the last chip's QH' open | the chain |")
        rows.append("| 5V | — | VCC (pin 16) and SRCLR (pin 10) of every chip; a 100 nF capacitor from 5V to GND beside each chip | — |")
    if b.buzzer:
        rows.append(f"| {pin(b.buzzer['pin'])} | {avr_name(b.buzzer['pin'])} | buzzer + through "
                    f"{b.buzzer['resistor']} Ω; buzzer − → GND | a square wave while a note sounds |")
    for btn in b.buttons:
        note = f" ({btn['note']})" if btn.get("note") else ""
        rows.append(f"| {btn['pin']} | {avr_name(btn['pin'])} | {btn['words']}{note}: pin → button → GND | low = pressed |")
    if b.name != "uno":
        grounds = (["the module's GND"] if b.max7219 else []) + (["the buzzer's −"] if b.buzzer else []) \
            + (["every chip's GND (pin 8) and capacitor"] if b.hc595 else []) \
            + (["every LED's cathode"] if b.leds and not b.max7219 else []) + ["the six buttons"]
        rows.append(f"| GND | — | {', '.join(grounds)} | — |")
    rows.append("| D0, D1 | PD0, PD1 | the USB serial line (RX, TX), 115200 baud | — |")
    free = [p for p in [f"D{i}" for i in range(2, 14)] if p not in b.used]
    if free and b.name != "uno":
        rows.append(f"| {', '.join(free)} | | not connected (the firmware pulls them up) | — |")
    if b.hc595:
        rows += ["", "Chip outputs (chip 0 is the one whose SER is on the Uno; each output → "
                 f"{b.led_resistor} Ω → LED anode, cathode → GND; high = lit):", "",
                 "| chip | " + " | ".join(f"Q{k} ({'ABCDEFGH'[k] and 'Q' + 'ABCDEFGH'[k]}, pin {Q_PIN[k]})"
                                          for k in range(8)) + " |",
                 "|---" * 9 + "|"]
        for c in range(b.hc595["chips"]):
            cells = []
            for k in range(8):
                hit = [e["words"] for e in b.leds + b.status if e.get("chip") == c and e.get("q") == k]
                cells.append(hit[0] if hit else "open")
            rows.append(f"| {c} | " + " | ".join(cells) + " |")
    return "\n".join(rows)


def readme_with_table(text, b):
    if BEGIN not in text or END not in text:
        raise ValueError(f"boards/{b.name}/README.md has no Pins table markers")
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    return head + BEGIN + "\n" + readme_table(b) + "\n" + END + tail


# ---- the drawing ----

from wiring_svg import drawing  # noqa: E402  (tools/wiring_svg.py: the layout and the router)


def drawn_connections(svg_text):
    """The wires of a drawing, read back: each <path class="wire"> names its two ends."""
    root = ET.fromstring(svg_text)
    got = []
    for el in root.iter():
        if el.get("class", "").split()[:1] == ["wire"]:
            got.append(tuple(sorted((el.get("data-from"), el.get("data-to")))))
    return sorted(got)


# ---- commands ----

def committed(boards_dir):
    """Every committed copy: (path, what the tables make now)."""
    bs = [load(boards_dir, n) for n in BOARDS]
    out = [(os.path.join(ROOT, "sim/web/src/wiring.js"), js_module(bs))]
    guide = os.path.join(ROOT, "docs", "build.md")
    with open(guide, encoding="utf-8") as f:
        out.append((guide, guide_with_parts(f.read(), next(b for b in bs if b.name == GUIDE_BOARD))))
    for b in bs:
        if b.name == "uno":
            continue
        rd = os.path.join(ROOT, "boards", b.name, "README.md")
        with open(rd, encoding="utf-8") as f:
            out.append((rd, readme_with_table(f.read(), b)))
        try:
            svg = drawing(b, netlist)
        except (KeyError, ValueError) as e:
            raise ValueError(f"boards/{b.name}: no drawing for this table ({e!r}: the drawing puts "
                             "LEDs and chips on the digital pins, buttons on A0..A5)")
        out.append((os.path.join(ROOT, "boards", b.name, "wiring.svg"), svg))
    return bs, out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--boards", default=os.path.join(ROOT, "boards"))
    ap.add_argument("cmd", choices=["header", "js", "readme", "svg", "write", "check", "netlist"])
    ap.add_argument("args", nargs="*")
    a = ap.parse_args()
    if a.cmd == "header":
        b = load(a.boards, a.args[0])
        text = c_header(b)
        os.makedirs(os.path.dirname(os.path.abspath(a.args[1])), exist_ok=True)
        with open(a.args[1], "w", encoding="utf-8") as f:
            f.write(text)
    elif a.cmd == "js":
        sys.stdout.write(js_module([load(a.boards, n) for n in BOARDS]))
    elif a.cmd == "readme":
        print(readme_table(load(a.boards, a.args[0])))
    elif a.cmd == "netlist":
        for e in netlist(load(a.boards, a.args[0])):
            print(" -- ".join(e))
    elif a.cmd == "svg":
        text = drawing(load(a.boards, a.args[0]), netlist)
        with open(a.args[1], "w", encoding="utf-8") as f:
            f.write(text)
    elif a.cmd == "write":
        _, copies = committed(a.boards)
        for path, text in copies:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            print("wrote", os.path.relpath(path, ROOT))
    elif a.cmd == "check":
        passed = failed = 0

        def check(ok, what):
            nonlocal passed, failed
            print(("ok   " if ok else "FAIL ") + what)
            passed += bool(ok)
            failed += not ok

        try:
            bs, copies = committed(a.boards)
        except ValueError as e:
            check(False, f"the tables: {e}")
            print(f"{passed} passed, {failed} failed")
            return 1
        for path, text in copies:
            rel = os.path.relpath(path, ROOT)
            with open(path, encoding="utf-8") as f:
                now = f.read()
            check(now == text, f"{rel} is what tools/wiring.py makes from the tables now"
                  + ("" if now == text else " (run python3 tools/wiring.py write)"))
        for b in bs:
            if b.name == "uno":
                continue
            path = os.path.join(ROOT, "boards", b.name, "wiring.svg")
            with open(path, encoding="utf-8") as f:
                got = drawn_connections(f.read())
            want = netlist(b)
            missing = [e for e in want if e not in got or want.count(e) > got.count(e)]
            extra = [e for e in got if e not in want or got.count(e) > want.count(e)]
            check(not missing and not extra,
                  f"boards/{b.name}/wiring.svg draws the table's {len(want)} connections and no other"
                  + "".join(f"\n     not drawn: {x} -- {y}" for x, y in sorted(set(missing)))
                  + "".join(f"\n     drawn, not in the table: {x} -- {y}" for x, y in sorted(set(extra))))
            with open(os.path.join(ROOT, "boards", b.name, "README.md"), encoding="utf-8") as f:
                check("(wiring.svg)" in f.read(), f"boards/{b.name}/README.md shows wiring.svg")
        print(f"{passed} passed, {failed} failed")
        return 1 if failed else 0
    return 0


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    sys.exit(main())
