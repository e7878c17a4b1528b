"""wiring_svg.py: a board's wiring drawing (SVG) from its table, for tools/wiring.py.

The Uno is drawn from above with its USB socket on the right, so that its digital header runs
along the bottom edge D0 -> D13 from left to right and the parts hang below it in the order the
game reads them; the buttons sit above the analog pins. Every wire is an orthogonal path in its
own track, a <path class="wire"> whose data-from and data-to name its two ends in words, so that
`tools/wiring.py check` can read the drawing back. Ground and 5 V are breadboard rails.
"""
from xml.sax.saxutils import escape as _escape


def escape(t):
    return _escape(t, {'"': "&quot;"})

P = 34            # pin pitch in the drawing
UX, UY = 40, 190  # the Uno's top-left corner
UW = 30 + round(18.6 * P) + 30
UH = 210
COL = {"gnd": "#202020", "5v": "#d32f2f", "led": "#ef8a00", "btn": "#2e7d32", "data": "#1565c0",
       "clk": "#7b1fa2", "latch": "#00838f", "oe": "#8d6e63", "buzz": "#c2185b"}


class Svg:
    def __init__(self):
        self.back, self.wires, self.front = [], [], []

    def text(self, x, y, s, size=11, anchor="middle", rot=False, weight=None, fill="#222"):
        t = f' transform="rotate(-90 {x:g} {y:g})"' if rot else ""
        w = f' font-weight="{weight}"' if weight else ""
        self.front.append(f'<text x="{x:g}" y="{y:g}" font-size="{size}" text-anchor="{anchor}"'
                          f' fill="{fill}"{w}{t}>{escape(s)}</text>')

    def wire(self, a, b, pts, kind):
        d = "M" + " L".join(f"{x:g} {y:g}" for x, y in pts)
        self.wires.append(f'<path class="wire" data-from="{escape(a)}" data-to="{escape(b)}" d="{d}"'
                          f' stroke="{COL[kind]}"><title>{escape(a)} to {escape(b)}</title></path>')

    def rail(self, name, pts, kind, label):
        d = "M" + " L".join(f"{x:g} {y:g}" for x, y in pts)
        self.back.append(f'<path class="rail" data-net="{name}" d="{d}" stroke="{COL[kind]}"'
                         f' stroke-width="5" fill="none" opacity="{0.8 if kind == "gnd" else 0.6}"/>')
        x, y = pts[0]
        self.text(x + 4, y - 7, label, 11, "start", weight="bold", fill=COL[kind])

    def dot(self, x, y, kind):
        self.front.append(f'<circle cx="{x:g}" cy="{y:g}" r="3.2" fill="{COL[kind]}"/>')

    def raw(self, s, back=False):
        (self.back if back else self.front).append(s)

    def render(self, w, h, title):
        return "\n".join(
            [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}"'
             ' font-family="DejaVu Sans, Arial, Helvetica, sans-serif">',
             f"<title>{escape(title)}</title>",
             f'<rect width="{w}" height="{h}" fill="#ffffff"/>',
             '<g class="rails">'] + self.back +
            ['</g>', '<g class="wires" fill="none" stroke-width="2.2" stroke-linejoin="round">'] +
            self.wires + ['</g>', '<g class="parts">'] + self.front + ["</g>", "</svg>", ""])


# ---- the Uno ----

BOTTOM = [f"D{i}" for i in range(14)] + ["GND", "AREF", "SDA", "SCL"]
TOP = ["A5", "A4", "A3", "A2", "A1", "A0", None, "VIN", "GND", "GND ", "5V", "3V3", "RESET", "IOREF"]


def uno(s, used):
    """Draws the Uno; returns {pin name: (x, y)} for the bottom header and {name: (x, y)} for the top."""
    s.raw(f'<rect x="{UX}" y="{UY}" width="{UW}" height="{UH}" rx="10" fill="#1e6f9f" stroke="#0d4a6b"/>', True)
    s.raw(f'<rect x="{UX + UW - 6}" y="{UY + 40}" width="40" height="46" fill="#b0b0b0" stroke="#777"/>', True)
    s.raw(f'<rect x="{UX + UW - 6}" y="{UY + UH - 80}" width="34" height="38" fill="#333" stroke="#111"/>', True)
    s.text(UX + UW + 16, UY + 100, "USB", 10, fill="#fff")
    s.text(UX + UW / 2, UY + UH / 2 - 6, "Arduino Uno", 20, weight="bold", fill="#fff")
    s.text(UX + UW / 2, UY + UH / 2 + 16, "seen from above, USB socket on the right", 11, fill="#dfefff")
    bottom, top = {}, {}
    yb, yt = UY + UH - 14, UY + 14
    for i, n in enumerate(BOTTOM):
        x = UX + 30 + (i + (0.6 if i >= 8 else 0)) * P
        bottom[n] = (x, yb + 7)
        on = (n if n != "GND" else "GND bottom") in used and n not in ("D0", "D1")
        s.raw(f'<rect x="{x - 5}" y="{yb - 5}" width="10" height="10" fill="{"#ffd54f" if on else "#111"}"/>')
        s.text(x, yb - 11, n, 10 if len(n) < 4 else 8, fill="#fff", weight="bold" if on else None)
    for j, n in enumerate(TOP):
        if n is None:
            continue
        x = UX + 30 + j * P
        top[n] = (x, yt - 7)
        on = n in used or n.strip() in used
        s.raw(f'<rect x="{x - 5}" y="{yt - 5}" width="10" height="10" fill="{"#ffd54f" if on else "#111"}"/>')
        s.text(x, yt + 19, n.strip(), 10 if len(n.strip()) < 4 else 8, fill="#fff", weight="bold" if on else None)
    s.text(UX + 30 + 3.5 * P, yb - 26, "DIGITAL (PWM ~)", 9, fill="#cfe")
    s.text(UX + 16, yb - 42, "D0, D1: the USB serial line; leave them free", 9, "start", fill="#ffe")
    s.text(UX + 30 + 2.5 * P, yt + 34, "ANALOG IN", 9, fill="#cfe")
    s.text(UX + 30 + 10 * P, yt + 34, "POWER", 9, fill="#cfe")
    return bottom, top


# ---- parts ----

def resistor(s, x, y, value, label):
    """A resistor from (x, y) to (x, y + 44), its value written along it."""
    s.raw(f'<rect x="{x - 6}" y="{y}" width="12" height="44" rx="3" fill="#e8d3a9" stroke="#8a6d3b">'
          f"<title>{escape(label)}</title></rect>")
    s.text(x + 3.5, y + 22, value, 8.5, rot=True)
    return y + 44


def led(s, x, y, words, colour="#e53935"):
    """An LED standing with its anode (+, the long leg) at (x, y), its cathode at (x, y + 26)."""
    s.raw(f'<g><title>LED {escape(words)}: + (anode, long leg) up, cathode (short leg, flat side) down</title>'
          f'<line x1="{x}" y1="{y}" x2="{x}" y2="{y + 26}" stroke="#444" stroke-width="1.5"/>'
          f'<path d="M{x - 8} {y + 6} L{x + 8} {y + 6} L{x} {y + 19} Z" fill="{colour}" stroke="#7f0000"/>'
          f'<line x1="{x - 8}" y1="{y + 19}" x2="{x + 8}" y2="{y + 19}" stroke="#7f0000" stroke-width="2"/></g>')
    s.text(x - 10, y + 8, "+", 10, weight="bold")
    return y + 26


def button(s, x, y, name):
    """A push button between (x, y) (to ground) and (x, y + 44) (to its pin)."""
    s.raw(f'<g><title>button {escape(name)}</title>'
          f'<line x1="{x}" y1="{y}" x2="{x}" y2="{y + 12}" stroke="#444" stroke-width="1.5"/>'
          f'<line x1="{x}" y1="{y + 32}" x2="{x}" y2="{y + 44}" stroke="#444" stroke-width="1.5"/>'
          f'<circle cx="{x}" cy="{y + 12}" r="2.5" fill="#fff" stroke="#444"/>'
          f'<circle cx="{x}" cy="{y + 32}" r="2.5" fill="#fff" stroke="#444"/>'
          f'<line x1="{x - 9}" y1="{y + 8}" x2="{x - 9}" y2="{y + 36}" stroke="#444" stroke-width="2"/>'
          f'<line x1="{x - 9}" y1="{y + 22}" x2="{x - 15}" y2="{y + 22}" stroke="#444" stroke-width="2"/></g>')
    s.raw(f'<rect x="{x - 17}" y="{y + 50}" width="34" height="14" fill="#fff" stroke="#2e7d32" rx="3"/>')
    s.text(x, y + 61, name, 9, weight="bold", fill="#2e7d32")


def capacitor(s, x, y, label):
    """A capacitor between (x, y) and (x, y + 24)."""
    s.raw(f'<g><title>{escape(label)}</title>'
          f'<line x1="{x}" y1="{y}" x2="{x}" y2="{y + 10}" stroke="#444" stroke-width="1.5"/>'
          f'<line x1="{x - 9}" y1="{y + 10}" x2="{x + 9}" y2="{y + 10}" stroke="#444" stroke-width="2.5"/>'
          f'<line x1="{x - 9}" y1="{y + 14}" x2="{x + 9}" y2="{y + 14}" stroke="#444" stroke-width="2.5"/>'
          f'<line x1="{x}" y1="{y + 14}" x2="{x}" y2="{y + 24}" stroke="#444" stroke-width="1.5"/></g>')
    s.text(x - 11, y + 16, "100 nF", 8.5, "end")


def buttons_above(s, b, top, rail_y):
    """The six buttons straight above their analog pins, each to the top ground rail."""
    for btn in b.buttons:
        x, y = top[btn["pin"]]
        button(s, x, rail_y + 24, btn["name"])
        s.wire(f"Uno {btn['pin']}", btn["words"], [(x, y), (x, rail_y + 68)], "btn")
        s.wire(btn["words"], "GND", [(x, rail_y + 24), (x, rail_y)], "gnd")
        s.dot(x, rail_y, "gnd")
    x, y = top["GND"]
    s.wire("Uno GND", "GND", [(x, y), (x, rail_y)], "gnd")
    s.dot(x, rail_y, "gnd")


def tracks(s, routes, y0, step):
    """Routes (from, to, (x1, y1), (x2, y2), kind), each down from its start to a track of its own,
    across, and down to its end, in the order that keeps them apart: of the wires going right the
    one starting furthest right runs highest, of those going left the one starting furthest left."""
    right = sorted([r for r in routes if r[3][0] > r[2][0]], key=lambda r: -r[2][0])
    left = sorted([r for r in routes if r[3][0] < r[2][0]], key=lambda r: r[2][0])
    y = y0
    for group in (right, left):
        for a, b, (x1, y1), (x2, y2), kind in group:
            s.wire(a, b, [(x1, y1), (x1, y), (x2, y), (x2, y2)], kind)
            y += step
    for a, b, (x1, y1), (x2, y2), kind in routes:
        if x1 == x2:
            s.wire(a, b, [(x1, y1), (x2, y2)], kind)
    return y


def front(s, b, x, y):
    """The front as the player sees it: the rows of LEDs (and status lights) above a d-pad and A, B."""
    s.text(x, y + 12, "Lay out the front like this:", 11, "start", weight="bold")
    yy = y + 30
    if b.status:
        for i, st in enumerate(b.status):
            s.raw(f'<circle cx="{x + 8 + i * 70}" cy="{yy}" r="5" fill="#43a047"/>')
            s.text(x + 16 + i * 70, yy + 4, st["name"], 9, "start")
        yy += 18
    big = max(b.rows) > 7
    step = 11 if big else 16
    for r, n in enumerate(b.rows):
        s.text(x, yy + 4 + r * step, f"row {r}", 9, "start")
        for i in range(n):
            s.raw(f'<circle cx="{x + 46 + i * step}" cy="{yy + r * step}" r="{4 if big else 5}" fill="#e53935"/>')
    yy += len(b.rows) * step + 14
    for name, dx, dy in (("UP", 40, 0), ("LEFT", 0, 22), ("RIGHT", 80, 22), ("DOWN", 40, 44), ("B", 140, 22),
                         ("A", 180, 22)):
        s.raw(f'<rect x="{x + dx}" y="{yy + dy}" width="36" height="18" rx="4" fill="#fff" stroke="#2e7d32"/>')
        s.text(x + dx + 18, yy + dy + 13, name, 9, weight="bold", fill="#2e7d32")
    return yy + 66


def legend(s, x, y, lines):
    s.raw(f'<rect x="{x}" y="{y}" width="{max(len(t) for t in lines) * 6.3 + 20:g}" height="{len(lines) * 16 + 12}"'
          ' fill="#f7f7f2" stroke="#bbb" rx="6"/>', True)
    for i, t in enumerate(lines):
        s.text(x + 10, y + 20 + 16 * i, t, 11, "start")


LEGEND = ["How to read this: each coloured line is one jumper wire; a dot joins a wire to a rail.",
          "Lines that cross without a dot are not joined: the wires lie over each other.",
          "LED: + is the anode, the longer leg, towards the resistor; the shorter leg (flat rim) to GND.",
          "A button joins its pin to GND when pressed: use two legs on opposite sides of the button.",
          "Black rails are ground (GND, the breadboard's blue − line); red is 5V (the red + line)."]


def title(s, b, y=24):
    s.text(UX, y, f"The {b.name} board: how to wire it", 17, "start", weight="bold")
    s.text(UX, y + 18, f"{b.summary}; made from boards/{b.name}/wiring.yaml by tools/wiring.py", 11, "start",
           fill="#555")


def row_labels(s, groups, y):
    """Brackets under the LED stacks: (first x, last x, words)."""
    for x1, x2, words in groups:
        s.raw(f'<path d="M{x1 - 8} {y} L{x1 - 8} {y + 6} L{x2 + 8} {y + 6} L{x2 + 8} {y}" fill="none" stroke="#555"/>')
        s.text((x1 + x2) / 2, y + 20, words, 11, weight="bold")


# ---- the boards ----

def draw_direct(b):
    s = Svg()
    title(s, b)
    used = {e["pin"] for e in b.leds} | {x["pin"] for x in b.buttons} | {"GND", "D0", "D1"}
    bottom, top = uno(s, used)
    rail_top = 78
    rail_bot = UY + UH + 150
    xr = UX + UW + 60
    s.rail("GND", [(top["A5"][0] - 20, rail_top), (xr, rail_top), (xr, rail_bot),
                   (bottom["D2"][0] - 20, rail_bot)], "gnd", "GND rail")
    buttons_above(s, b, top, rail_top)
    y0 = UY + UH + 30
    groups = {}
    for e in b.leds:
        x, y = bottom[e["pin"]]
        s.wire(f"Uno {e['pin']}", f"resistor of {e['words']}", [(x, y), (x, y0)], "led")
        r_end = resistor(s, x, y0, f"{b.led_resistor} Ω", f"resistor of {e['words']}")
        s.wire(f"resistor of {e['words']}", f"anode of {e['words']}", [(x, r_end), (x, r_end + 12)], "led")
        k = led(s, x, r_end + 12, e["words"])
        s.wire(f"cathode of {e['words']}", "GND", [(x, k), (x, rail_bot)], "gnd")
        s.dot(x, rail_bot, "gnd")
        s.text(x, rail_bot + 18, f"LED {e['led']}", 9)
        groups.setdefault(e["row"], []).append(x)
    row_labels(s, [(min(v), max(v), f"row {r}") for r, v in groups.items()], rail_bot + 26)
    xl = bottom["D2"][0] - 14
    s.text(xl, y0 + 22, "330 Ω resistor", 9, "end")
    s.text(xl, y0 + 58, "+ long leg (anode)", 9, "end", weight="bold")
    s.text(xl, y0 + 80, "short leg (cathode)", 9, "end")
    s.text(xl, y0 + 92, "to the GND rail", 9, "end")
    s.text(bottom["D13"][0] + 24, y0 + 60, "D13 also lights", 9, "start")
    s.text(bottom["D13"][0] + 24, y0 + 72, "the Uno's LED \"L\"", 9, "start")
    legend(s, UX, rail_bot + 62, LEGEND[:4])
    yf = front(s, b, UX + 640, rail_bot + 50)
    return s.render(max(xr + 40, UX + 640 + 240), max(rail_bot + 62 + 4 * 16 + 24, yf + 10), f"{b.name} wiring")


def draw_matrix8(b):
    s = Svg()
    title(s, b)
    m = b.max7219
    used = {m["DIN"], m["CLK"], m["LOAD"], b.buzzer["pin"], "GND", "GND bottom", "5V"} | {x["pin"] for x in b.buttons}
    bottom, top = uno(s, used)
    rail_top = 78
    y_mod = UY + UH + 110          # the module's header pins
    rail_bot = y_mod + 296
    xr = bottom["SCL"][0] + 30 + 4 * P + 70
    s.rail("GND", [(top["A5"][0] - 20, rail_top), (xr, rail_top), (xr, rail_bot),
                   (bottom[b.buzzer["pin"]][0] - 20, rail_bot)], "gnd", "GND rail")
    buttons_above(s, b, top, rail_top)
    # the module, turned so that its input header faces the Uno: CLK CS DIN GND VCC from the left
    order = ["CLK", "CS", "DIN", "GND", "VCC"]
    x0 = bottom["SCL"][0] + 30
    pins = {n: (x0 + i * P, y_mod) for i, n in enumerate(order)}
    mx, mw = x0 - 24, 4 * P + 48
    s.raw(f'<rect x="{mx}" y="{y_mod + 6}" width="{mw}" height="{mw + 40}" rx="4" fill="#2b2b2b" stroke="#000"/>', True)
    cell = (mw - 20) / 8
    for r in range(8):
        for c in range(8):
            s.raw(f'<circle cx="{mx + 10 + cell * (c + 0.5):.1f}" cy="{y_mod + 46 + cell * (r + 0.5):.1f}"'
                  f' r="{cell * 0.36:.1f}" fill="#7a1d1d"/>', True)
    for n, (x, y) in pins.items():
        s.raw(f'<rect x="{x - 5}" y="{y + 2}" width="10" height="10" fill="#ffd54f"/>')
        s.text(x, y + 28, n, 10, fill="#fff", weight="bold")
    s.text(mx + mw / 2, y_mod + mw + 62, "MAX7219 8×8 module", 12, weight="bold")
    s.text(mx + mw / 2, y_mod + mw + 76, "input header towards the Uno", 10)
    s.text(mx + mw / 2, y_mod + mw + 90, "(CS is also marked LOAD)", 10)
    routes = [(f"Uno {m['LOAD']}", "module CS", bottom[m["LOAD"]], pins["CS"], "latch"),
              (f"Uno {m['DIN']}", "module DIN", bottom[m["DIN"]], pins["DIN"], "data"),
              (f"Uno {m['CLK']}", "module CLK", bottom[m["CLK"]], pins["CLK"], "clk"),
              ("Uno GND", "module GND", bottom["GND"], pins["GND"], "gnd")]
    ty = tracks(s, routes, UY + UH + 22, 12)
    # 5V from the power header, around the Uno's right side, down to the module's VCC
    x5, y5 = top["5V"]
    xa = pins["VCC"][0] + 26
    s.wire("Uno 5V", "module VCC", [(x5, y5), (x5, y5 - 18), (xa, y5 - 18), (xa, ty),
                                     (pins["VCC"][0], ty), pins["VCC"]], "5v")
    # the buzzer under D9
    x, y = bottom[b.buzzer["pin"]]
    y0 = UY + UH + 30
    s.wire(f"Uno {b.buzzer['pin']}", "buzzer resistor", [(x, y), (x, y0)], "buzz")
    r_end = resistor(s, x, y0, f"{b.buzzer['resistor']} Ω", "buzzer resistor")
    s.wire("buzzer resistor", "buzzer +", [(x, r_end), (x, r_end + 14)], "buzz")
    s.raw(f'<g><title>passive buzzer: + up, − down</title><circle cx="{x}" cy="{r_end + 30}" r="16" fill="#222"/>'
          f'<circle cx="{x}" cy="{r_end + 30}" r="4" fill="#555"/></g>')
    s.text(x - 20, r_end + 22, "+", 11, weight="bold")
    s.text(x - 20, r_end + 46, "−", 11, weight="bold")
    s.text(x + 20, r_end + 34, "passive buzzer", 10, "start")
    s.wire("buzzer -", "GND", [(x, r_end + 46), (x, rail_bot)], "gnd")
    s.dot(x, rail_bot, "gnd")
    legend(s, UX, rail_bot + 30, LEGEND[:2] + LEGEND[3:])
    yf = front(s, b, UX + 640, rail_bot + 24)
    return s.render(max(xr + 40, UX + 640 + 240), max(rail_bot + 30 + 4 * 16 + 24, yf + 10), f"{b.name} wiring")


def draw_shift595(b):
    """Two chips to a row of the drawing (two breadboards): chips 0 and 1 on the first, their LEDs
    under them, chips 2 and 3 on the second; each row has its 5V rail above the chips and its
    ground rail under the LEDs. The signals that go on from chip 1 to chip 2 run down the right."""
    s = Svg()
    title(s, b)
    h = b.hc595
    used = {h[k] for k in ("SER", "SRCLK", "RCLK", "OE")} | {"GND", "5V"} | {x["pin"] for x in b.buttons}
    bottom, top = uno(s, used)
    rail_top = 78
    per_row = 2
    nchips = h["chips"]
    nrows = (nchips + per_row - 1) // per_row
    X0 = UX + 3 * P                 # chip 0's capacitor; its LED 0 one pitch right, its pin 1 two
    pitch_chip = 11 * P
    xl = X0 - 2 * P - 6             # the rails' left end
    xch = X0 + per_row * pitch_chip - P // 2   # the channel down the right, from one row to the next
    xr = xch + 5 * 12 + 16          # the ground rail down the right side
    xa = UX + UW + 60               # 5V comes down the Uno's right side
    sig_kind = {"SER": "data", "SRCLK": "clk", "RCLK": "latch", "OE": "oe", "chain": "data"}
    t_uno = UY + UH + 22            # the Uno's wires to chip 0: 4 tracks
    ch = 56
    row_h = 96 + ch + 40 + 44 + 12 + 26 + 34 + 84
    rows = []
    for r in range(nrows):
        y5 = t_uno + 4 * 12 + 14 + r * row_h
        order = ["SRCLK", "RCLK", "OE", "chain"] if r % 2 == 0 else ["chain", "OE", "RCLK", "SRCLK"]
        bus = {n: y5 + 24 + 12 * k for k, n in enumerate(order)}
        bus["QA"] = y5 + 72
        y_chip = y5 + 96
        y_led = y_chip + ch + 40
        rows.append({"y5": y5, "bus": bus, "y_chip": y_chip, "y_led": y_led,
                     "gnd": y_led + 44 + 12 + 26 + 34})
    last = rows[-1]["gnd"]
    s.rail("GND", [(top["A5"][0] - 20, rail_top), (xr, rail_top), (xr, last), (xl, last)], "gnd", "GND rail")
    for r, row in enumerate(rows):
        if r + 1 < nrows:
            s.rail("GND", [(xl, row["gnd"]), (xr, row["gnd"])], "gnd", "GND rail")
        x_end = X0 + (min(nchips - r * per_row, per_row) - 1) * pitch_chip + 2 * P + 6 * P + 14  # past pin 10
        s.rail("5V", [(xl, row["y5"]), (max(x_end, xa + 20) if r == 0 else x_end, row["y5"])], "5v", "5V rail")
    buttons_above(s, b, top, rail_top)
    x5, yt = top["5V"]
    s.wire("Uno 5V", "5V", [(x5, yt), (x5, yt - 18), (xa, yt - 18), (xa, rows[0]["y5"])], "5v")
    s.dot(xa, rows[0]["y5"], "5v")
    for r in range(1, nrows):       # each row's 5V rail joined to the one above, round the left
        ya, yb = rows[r - 1]["y5"], rows[r]["y5"]
        s.wire("5V", "5V", [(xl, ya), (xl - 14, ya), (xl - 14, yb), (xl, yb)], "5v")
    chips = []
    for c in range(nchips):
        row = rows[c // per_row]
        x1 = X0 + (c % per_row) * pitch_chip + 2 * P        # pin 1's x
        y_chip = row["y_chip"]
        pin = {}
        for k in range(8):
            pin[1 + k] = (x1 + k * P, y_chip + ch)       # pins 1..8 along the bottom
            pin[16 - k] = (x1 + k * P, y_chip)           # pins 16..9 along the top
        chips.append(pin)
        s.raw(f'<rect x="{x1 - P / 2}" y="{y_chip}" width="{8 * P}" height="{ch}" rx="3" fill="#303030"/>', True)
        s.raw(f'<path d="M{x1 - P / 2} {y_chip + ch / 2 - 7} A7 7 0 0 1 {x1 - P / 2} {y_chip + ch / 2 + 7}"'
              ' fill="#888"/>', True)
        s.text(x1 + 3.5 * P, y_chip + ch / 2 + 5, f"chip {c}: 74HC595", 12, fill="#fff", weight="bold")
        for n, (x, y) in pin.items():
            nm = {v: k for k, v in HC_NAMES.items()}[n]
            s.raw(f'<rect x="{x - 4}" y="{y - 4}" width="8" height="8" fill="#bbb"/>')
            s.text(x, y + 14 if n > 8 else y - 7, str(n), 8, fill="#fff")
            s.text(x, y - 8 if n > 8 else y + 16, nm, 8)
    # the Uno's four wires to chip 0
    routes = [(f"Uno {h[sig]}", chip_end(0, sig), bottom[h[sig]], chips[0][HC_NAMES[sig]], sig_kind[sig])
              for sig in ("SER", "SRCLK", "RCLK", "OE")]
    tracks(s, routes, t_uno, 12)
    # each signal from chip to chip: along the row's bus tracks, or down the right to the next row
    for c in range(nchips - 1):
        ra, rb = rows[c // per_row], rows[(c + 1) // per_row]
        for k, sig in enumerate(("SRCLK", "RCLK", "OE", "chain")):
            a = chips[c][9 if sig == "chain" else HC_NAMES[sig]]
            z = chips[c + 1][14 if sig == "chain" else HC_NAMES[sig]]
            ends = (chip_end(c, "QH'"), chip_end(c + 1, "SER")) if sig == "chain" else \
                (chip_end(c, sig), chip_end(c + 1, sig))
            if ra is rb:
                pts = [a, (a[0], ra["bus"][sig]), (z[0], ra["bus"][sig]), z]
            else:
                xk = xch + 12 * (4 - k)     # the top track of the row above takes the outer lane
                pts = [a, (a[0], ra["bus"][sig]), (xk, ra["bus"][sig]), (xk, rb["bus"][sig]),
                       (z[0], rb["bus"][sig]), z]
            s.wire(*ends, pts, sig_kind[sig])
    for c in range(nchips):
        pin, row = chips[c], rows[c // per_row]
        for sig in ("VCC", "SRCLR"):
            x, y = pin[HC_NAMES[sig]]
            s.wire(chip_end(c, sig), "5V", [(x, y), (x, row["y5"])], "5v")
            s.dot(x, row["y5"], "5v")
        x, y = pin[8]
        s.wire(chip_end(c, "GND"), "GND", [(x, y), (x, row["gnd"])], "gnd")
        s.dot(x, row["gnd"], "gnd")
        xc = pin[1][0] - 2 * P
        capacitor(s, xc, row["y_chip"] + 10, f"100 nF for chip {c}")
        s.wire(f"capacitor of chip {c}", "5V", [(xc, row["y_chip"] + 10), (xc, row["y5"])], "5v")
        s.dot(xc, row["y5"], "5v")
        s.wire(f"capacitor of chip {c}", "GND", [(xc, row["y_chip"] + 34), (xc, row["gnd"])], "gnd")
        s.dot(xc, row["gnd"], "gnd")
    # the LEDs: Q0 (pin 15) comes round the chip's left side, Q1..Q7 hang below their pins
    for e in b.leds + b.status:
        c, q = e["chip"], e["q"]
        pin, row = chips[c], rows[c // per_row]
        src = chip_end(c, "Q" + "ABCDEFGH"[q])
        if q == 0:
            x = pin[1][0] - P
            a = pin[15]
            pts = [a, (a[0], row["bus"]["QA"]), (x, row["bus"]["QA"]), (x, row["y_led"])]
        else:
            x = pin[q][0]
            pts = [pin[q], (x, row["y_led"])]
        s.wire(src, f"resistor of {e['words']}", pts, "led")
        r_end = resistor(s, x, row["y_led"], f"{h['led_resistor']} Ω", f"resistor of {e['words']}")
        s.wire(f"resistor of {e['words']}", f"anode of {e['words']}", [(x, r_end), (x, r_end + 12)], "led")
        k = led(s, x, r_end + 12, e["words"], "#43a047" if "index" in e else "#e53935")
        s.wire(f"cathode of {e['words']}", "GND", [(x, k), (x, row["gnd"])], "gnd")
        s.dot(x, row["gnd"], "gnd")
        s.text(x, row["gnd"] + 16, str(e["led"]) if "led" in e else "◆", 9)
    for c in range(nchips):
        gnd = rows[c // per_row]["gnd"]
        row = [e for e in b.leds if e["chip"] == c]
        xs = [chips[c][1][0] - P] + [chips[c][q][0] for q in range(1, 7)]
        if row:
            row_labels(s, [(min(xs), max(xs), f"row {row[0]['row']}, LEDs 0–6")], gnd + 22)
        st = [x for x in b.status if x["chip"] == c]
        if st:
            s.text(chips[c][7][0], gnd + 58, f"◆ status light: {st[0]['name']}", 10, "middle",
                   fill="#2e7d32", weight="bold")
    # the pull-up on OE, left of chip 0, hanging from the 5V rail
    xo, yo = chips[0][HC_NAMES["OE"]]
    bus0, y5 = rows[0]["bus"]["OE"], rows[0]["y5"]
    xp = X0 - P
    s.wire(chip_end(0, "OE"), "pull-up resistor", [(xo, yo), (xo, bus0 + 6), (xp, bus0 + 6),
                                                    (xp, y5 + 40)], "oe")
    s.raw(f'<rect x="{xp - 6}" y="{y5 + 8}" width="12" height="32" rx="3" fill="#e8d3a9" stroke="#8a6d3b">'
          "<title>10 kΩ pull-up on OE</title></rect>")
    s.text(xp + 3.5, y5 + 24, f"{h['oe_pullup'] // 1000} kΩ", 8, rot=True)
    s.wire("pull-up resistor", "5V", [(xp, y5 + 8), (xp, y5)], "5v")
    s.dot(xp, y5, "5v")
    s.text(xp - 10, y5 + 22, "pull-up", 9, "end")
    s.text(xp - 10, y5 + 34, "on OE", 9, "end")
    yl = last + 74
    legend(s, UX, yl, LEGEND + ["Chip pins by number: pin 1 is left of the notch, along the bottom; "
                                "16 to 9 run along the top."])
    yf = front(s, b, UX, yl + 6 * 16 + 40)
    return s.render(xr + 30, yf + 10, f"{b.name} wiring")


HC_NAMES = {"QA": 15, "QB": 1, "QC": 2, "QD": 3, "QE": 4, "QF": 5, "QG": 6, "QH": 7, "GND": 8, "QH'": 9,
            "SRCLR": 10, "SRCLK": 11, "RCLK": 12, "OE": 13, "SER": 14, "VCC": 16}


def chip_end(c, name):
    return f"chip {c} pin {HC_NAMES[name]} {name}"


def drawing(b, netlist=None):
    """The board's drawing as SVG text."""
    return {"direct": draw_direct, "matrix8": draw_matrix8, "shift595": draw_shift595}[b.name](b)
