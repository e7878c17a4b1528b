// wiring.js: made by tools/wiring.py from boards/<board>/wiring.yaml; do not edit.
// Each board's pins (as [port, bit]), chip outputs and parts list, for boards.js and
// the Build one part of the page.
export const WIRING = {
  direct: {
    rows: [3, 4, 5],
    summary: "twelve LEDs and six buttons straight on the Uno's pins",
    ledPins: [["D", 2], ["D", 3], ["D", 4], ["D", 5], ["D", 6], ["D", 7], ["B", 0], ["B", 1], ["B", 2], ["B", 3], ["B", 4], ["B", 5]],
    pins: {},
    buttons: [{"name": "UP", "pin": "A0", "bit": 0}, {"name": "DOWN", "pin": "A1", "bit": 1}, {"name": "LEFT", "pin": "A2", "bit": 2}, {"name": "RIGHT", "pin": "A3", "bit": 3}, {"name": "A", "pin": "A4", "bit": 4}, {"name": "B", "pin": "A5", "bit": 5}],
    parts: [[1, "Arduino Uno R3 (or a compatible board) and its USB cable"], [12, "LED, 3 or 5 mm (the game's lights)"], [12, "resistor 330 Ω (one per LED)"], [6, "push button, 6×6 mm tactile"], [1, "breadboard, 830 points"], [1, "jumper wires (a mixed box)"]],
  },
  matrix8: {
    rows: [8, 8, 8, 8, 8, 8, 8, 8],
    summary: "an 8x8 LED matrix on a MAX7219 module, a passive buzzer and six buttons",
    loadPulledUp: true,
    digits: [1, 2, 3, 4, 5, 6, 7, 8],
    columns: [7, 6, 5, 4, 3, 2, 1, 0],
    pins: {"DIN": ["B", 3], "CLK": ["B", 5], "LOAD": ["B", 2], "buzzer": ["B", 1]},
    buttons: [{"name": "UP", "pin": "A0", "bit": 0}, {"name": "DOWN", "pin": "A1", "bit": 1}, {"name": "LEFT", "pin": "A2", "bit": 2}, {"name": "RIGHT", "pin": "A3", "bit": 3}, {"name": "A", "pin": "A4", "bit": 4}, {"name": "B", "pin": "A5", "bit": 5}],
    parts: [[1, "Arduino Uno R3 (or a compatible board) and its USB cable"], [1, "MAX7219 8×8 LED matrix module (FC-16 type)"], [5, "female–male jumper wires (the module's header to the Uno)"], [1, "passive piezo buzzer"], [1, "resistor 100 Ω (for the buzzer)"], [6, "push button, 6×6 mm tactile"], [1, "breadboard, 830 points"], [1, "jumper wires (a mixed box)"]],
  },
  shift595: {
    rows: [7, 7, 7, 7],
    summary: "four rows of seven LEDs and four status lights on four chained 74HC595",
    chips: 4,
    oePulledUp: true,
    ledOutputs: [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4], [0, 5], [0, 6], [1, 0], [1, 1], [1, 2], [1, 3], [1, 4], [1, 5], [1, 6], [2, 0], [2, 1], [2, 2], [2, 3], [2, 4], [2, 5], [2, 6], [3, 0], [3, 1], [3, 2], [3, 3], [3, 4], [3, 5], [3, 6]],
    statusOutputs: [[0, 7], [1, 7], [2, 7], [3, 7]],
    status: ["your move", "my move", "you win", "I win"],
    pins: {"SER": ["B", 3], "SRCLK": ["B", 5], "RCLK": ["B", 2], "OE": ["B", 1]},
    buttons: [{"name": "UP", "pin": "A0", "bit": 0}, {"name": "DOWN", "pin": "A1", "bit": 1}, {"name": "LEFT", "pin": "A2", "bit": 2}, {"name": "RIGHT", "pin": "A3", "bit": 3}, {"name": "A", "pin": "A4", "bit": 4}, {"name": "B", "pin": "A5", "bit": 5}],
    parts: [[1, "Arduino Uno R3 (or a compatible board) and its USB cable"], [4, "74HC595 shift register (DIP-16)"], [4, "100 nF ceramic capacitor"], [28, "LED, 3 or 5 mm (the game's lights)"], [4, "LED of another colour (the status lights)"], [32, "resistor 470 Ω (one per LED)"], [1, "resistor 10 kΩ (pull-up on OE)"], [6, "push button, 6×6 mm tactile"], [2, "breadboard, 830 points"], [1, "jumper wires (a mixed box)"]],
  },
  uno: {
    rows: [],
    summary: "a bare Uno; the console on its USB serial line",
    pins: {},
    buttons: [],
    parts: [[1, "Arduino Uno R3 (or a compatible board) and its USB cable"]],
  },
};
