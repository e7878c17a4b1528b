// The page: loads hex/<board>.hex (the same build/<board>/grundy.hex `make flash` writes),
// runs it on the simulated Uno in real time, draws the board, drives the buttons from
// pointer, touch and keys, and shows the serial port with a console line.
import { flashImage } from './hex.js';
import { F_CPU, FLASH_BYTES, Machine } from './machine.js';
import { BOARD_INFO, BOARD_NAMES, BUTTONS, createBoard } from './boards.js';
import { eraseEeprom, openEeprom, saveEeprom } from './storage.js';
import { Sound } from './sound.js';
import { DeviceStatus } from './status.js';
import { showBuild } from './build.js';
import { mountFlasher } from './flasher.js';

const MS = F_CPU / 1000;
const MIN_PRESS_MS = 40; // a click shorter than this still holds the button this long
const MIN_GAP_MS = 40; // and a press right after a release waits this long
const LONG_HOLD_MS = 1200; // m and h hold B and A this long, as in `make play`
const FRAME_BUDGET_MS = 12; // real time per animation frame the simulation may take
const MAX_BACKLOG_MS = 100; // simulated time the page may owe; more is dropped (slow or hidden)
const MAX_LINES = 400; // lines the pane shows (it scrolls inside itself; older lines go)
const MAX_KEPT_LINES = 20000; // lines window.grundy.lines keeps
const VIEW_B_MS = 30; // the view's gesture: B down this long (debounced) before A's press
const VIEW_ANSWER_MS = 300; // and @view within this long, or the firmware refused it
const WAKE_SWALLOW_MS = 50; // ui.h's UI_SWALLOW_MS: presses after a wake-up count again
const QUIET_MS = 400; // a reply is over when the line is quiet this long (simulated)

const $ = (sel) => document.querySelector(sel);
const params = new URLSearchParams(location.search);

function fail(message) {
  const el = $('#error');
  el.textContent = message;
  el.hidden = false;
}

/** A button pin: pressed while any source (pointer, key) holds it, with a minimum press. */
class ButtonLine {
  constructor(machine, spec, element) {
    this.machine = machine;
    this.spec = spec;
    this.element = element;
    this.sources = new Set();
    this.pressedAt = -Infinity;
    this.releasedAt = -Infinity;
  }

  hold(source) {
    if (this.sources.has(source)) return;
    this.sources.add(source);
    if (this.sources.size > 1) return;
    const m = this.machine;
    const at = Math.max(m.cycles, this.releasedAt + MIN_GAP_MS * MS);
    this.pressedAt = at;
    m.at(at, () => {
      m.drive('C', this.spec.bit, 0);
      this.onPress?.(at);
    });
    this.element?.classList.add('pressed');
  }

  release(source) {
    if (!this.sources.delete(source) || this.sources.size) return;
    const m = this.machine;
    const at = Math.max(m.cycles, this.pressedAt + MIN_PRESS_MS * MS);
    this.releasedAt = at;
    m.at(at, () => m.drive('C', this.spec.bit, null));
    this.element?.classList.remove('pressed');
  }

  releaseAll() {
    for (const s of [...this.sources]) this.release(s);
  }
}

/** The serial pane: bytes from the USART become lines; '@' lines are events. A fixed height
 * that scrolls inside itself, at most MAX_LINES lines, following new lines unless the visitor
 * scrolled up to read. */
class SerialPane {
  constructor(element, onLine) {
    this.element = element;
    this.onLine = onLine;
    this.lines = [];
    this.partial = '';
    this.partialEl = null;
  }

  atBottom() {
    const e = this.element;
    return e.scrollHeight - e.scrollTop - e.clientHeight < 24;
  }

  byte(b) {
    if (b === 0x0a) {
      this.finish();
    } else if (b !== 0x0d) {
      this.partial += b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : `\\x${b.toString(16).padStart(2, '0')}`;
      this.dirty = true;
    }
  }

  finish() {
    const text = this.partial;
    this.partial = '';
    this.dirty = false;
    this.lines.push(text);
    if (this.lines.length > MAX_KEPT_LINES) this.lines.splice(0, this.lines.length - MAX_KEPT_LINES / 2);
    this.add(text, text.startsWith('@') ? 'event' : 'reply', this.takePartialEl());
    this.onLine?.(text);
  }

  takePartialEl() {
    const el = this.partialEl;
    this.partialEl = null;
    return el;
  }

  /** The chip restarted: a line cut off there ends, so the next one starts its own. */
  cut() {
    if (this.partial) this.finish();
  }

  /** A line of the page's own (an echo, a reset): before a line still being received. */
  note(text, kind) {
    const el = document.createElement('div');
    if (this.partialEl) this.element.insertBefore(el, this.partialEl);
    this.add(text, kind, el);
  }

  add(text, kind, el) {
    const atBottom = this.atBottom();
    el = el ?? document.createElement('div');
    el.className = `line ${kind}`;
    el.textContent = text;
    if (!el.parentNode) this.element.appendChild(el);
    while (this.element.childElementCount > MAX_LINES) this.element.firstElementChild.remove();
    if (atBottom) this.element.scrollTop = this.element.scrollHeight;
  }

  /** Show a line still being received. */
  render() {
    if (!this.dirty) return;
    this.dirty = false;
    if (!this.partialEl) {
      this.partialEl = document.createElement('div');
      this.element.appendChild(this.partialEl);
    }
    const atBottom = this.atBottom();
    this.partialEl.className = 'line partial';
    this.partialEl.textContent = this.partial;
    while (this.element.childElementCount > MAX_LINES) this.element.firstElementChild.remove();
    if (atBottom) this.element.scrollTop = this.element.scrollHeight;
  }
}

function buildLeds(info) {
  const host = $('#leds');
  host.className = `leds ${info.grid ? 'grid' : 'rows'}`;
  const leds = [];
  info.rows.forEach((n, r) => {
    const row = document.createElement('div');
    row.className = 'led-row';
    for (let c = 0; c < n; c++) {
      const led = document.createElement('span');
      led.className = 'led';
      led.dataset.row = r;
      led.dataset.col = c;
      led.dataset.level = '0.00';
      row.appendChild(led);
      leds.push(led);
    }
    host.appendChild(row);
  });
  const status = [];
  if (info.status) {
    const box = $('#status-lights');
    box.hidden = false;
    info.status.forEach((label, i) => {
      const item = document.createElement('span');
      item.className = 'status';
      const light = document.createElement('span');
      light.className = 'led status-light';
      light.dataset.index = i;
      light.dataset.level = '0.00';
      light.title = label;
      item.append(light, document.createTextNode(label));
      box.appendChild(item);
      status.push(light);
    });
  }
  return { leds, status };
}

/** Show a light at `level` (0..1 of the time lit): DOM attribute for tests, glow for eyes. */
function showLevel(el, level) {
  const text = level.toFixed(2);
  if (el.dataset.level === text) return;
  el.dataset.level = text;
  el.style.setProperty('--glow', Math.cbrt(level).toFixed(3)); // perceived lightness ~ cube root
}

function buildButtons(machine) {
  const lines = {};
  for (const spec of BUTTONS) {
    const el = document.querySelector(`#pad [data-button="${spec.id}"]`);
    const line = new ButtonLine(machine, spec, el);
    lines[spec.id] = line;
    el.addEventListener('pointerdown', (e) => {
      e.preventDefault();
      el.setPointerCapture?.(e.pointerId);
      line.hold(`p${e.pointerId}`);
    });
    const up = (e) => line.release(`p${e.pointerId}`);
    el.addEventListener('pointerup', up);
    el.addEventListener('pointercancel', up);
    el.addEventListener('lostpointercapture', up);
    el.addEventListener('contextmenu', (e) => e.preventDefault()); // a long touch is a hold
  }
  return lines;
}

const KEYS = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
  z: 'a',
  Z: 'a',
  Enter: 'a',
  x: 'b',
  X: 'b',
  Backspace: 'b',
};
const LONG_KEYS = { m: 'b', M: 'b', h: 'a', H: 'a' };

function bindKeys(lines) {
  const typing = (e) => e.target.closest?.('input, textarea, select, [contenteditable]');
  document.addEventListener('keydown', (e) => {
    if (typing(e) || e.ctrlKey || e.altKey || e.metaKey) return;
    const id = KEYS[e.key];
    if (id) {
      e.preventDefault();
      if (!e.repeat) lines[id].hold(`k${e.code}`);
      return;
    }
    const long = LONG_KEYS[e.key];
    if (long && !e.repeat) {
      e.preventDefault();
      const src = `long${e.code}`;
      lines[long].hold(src);
      setTimeout(() => lines[long].release(src), LONG_HOLD_MS);
    }
  });
  document.addEventListener('keyup', (e) => {
    const id = KEYS[e.key];
    if (id) lines[id].release(`k${e.code}`);
    // a key let go while another key's meaning was in force (shift changed z to Z): any hold
    // by this physical key ends
    for (const line of Object.values(lines)) line.release(`k${e.code}`);
  });
  window.addEventListener('blur', () => {
    for (const line of Object.values(lines)) {
      for (const s of [...line.sources]) if (s.startsWith('k')) line.release(s);
    }
  });
}

function bindConsole(machine, pane, stop, sent) {
  const input = $('#console-input');
  const history = [];
  let back = 0;
  const send = (text) => {
    const clean = text.replace(/[^\x20-\x7e]/g, '?');
    pane.note(`> ${clean}`, 'echo');
    machine.sendSerial([...clean].map((c) => c.charCodeAt(0)).concat([0x0a]));
    sent();
  };
  $('#console').addEventListener('submit', (e) => {
    e.preventDefault();
    const text = input.value;
    if (!text.trim()) return;
    send(text);
    if (history[history.length - 1] !== text) history.push(text);
    back = 0;
    input.value = '';
  });
  input.addEventListener('keydown', (e) => {
    // Ctrl-C with nothing selected to copy: stop, as in a terminal
    if (e.ctrlKey && (e.key === 'c' || e.key === 'C') && input.selectionStart === input.selectionEnd) {
      e.preventDefault();
      stop();
      return;
    }
    if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
    e.preventDefault();
    back = Math.max(0, Math.min(history.length, back + (e.key === 'ArrowUp' ? 1 : -1)));
    input.value = back ? history[history.length - back] : '';
  });
  $('#help').addEventListener('click', () => send('help'));
  $('#selftest').addEventListener('click', () => send('selftest'));
  $('#stop').addEventListener('click', stop);
}

async function start() {
  const boardName = params.get('board') ?? 'direct';
  const select = $('#board');
  for (const name of BOARD_NAMES) {
    const opt = document.createElement('option');
    opt.value = name;
    opt.textContent = BOARD_INFO[name].short;
    select.appendChild(opt);
  }
  if (!BOARD_NAMES.includes(boardName)) {
    // the choice shows no board (not the first one, which is not running) and the status says so
    select.add(new Option('(choose one)', '', true, true), 0);
    select.options[0].disabled = true;
    $('#status').textContent = `No board is running: there is no board '${boardName}'. Choose one above.`;
    fail(`There is no board '${boardName}'. Pick one of: ${BOARD_NAMES.join(', ')}.`);
  }
  select.addEventListener('change', () => {
    const q = new URLSearchParams(location.search);
    q.set('board', select.value);
    location.search = q.toString();
  });
  if (!BOARD_NAMES.includes(boardName)) return;
  select.value = boardName;
  mountFlasher(boardName);
  const info = BOARD_INFO[boardName];
  document.title = `Grundy (${boardName}) in the browser`;
  $('#board-info').textContent = `The ${boardName} board: ${info.title}.`;
  $('#device').dataset.board = boardName;
  showBuild(boardName);
  if (info.calculator) { // the calculator: no LEDs, buttons or game; the serial pane is all
    document.body.dataset.calculator = 'true'; // style.css hides the board, status and help
  }

  const hexUrl = `hex/${boardName}.hex`;
  let hexText;
  try {
    const res = await fetch(hexUrl, { cache: 'no-cache' });
    if (!res.ok) throw new Error(`HTTP ${res.status} ${res.statusText}`);
    hexText = await res.text();
  } catch (e) {
    fail(
      `Could not load ${hexUrl} (${e.message}). Serve this folder over HTTP, e.g. with ` +
        '`make serve`; browsers do not let a page opened as a file read other files.',
    );
    return;
  }
  let flash;
  let size;
  try {
    ({ flash, size } = flashImage(hexText, FLASH_BYTES));
  } catch (e) {
    fail(`${hexUrl} is not a usable Intel HEX file: ${e.message}.`);
    return;
  }
  $('#hex-info').textContent = `${hexUrl}: ${size.toLocaleString('en')} bytes of flash`;

  const { eeprom, note, persistent } = openEeprom(boardName);
  const machine = new Machine(flash, eeprom);
  if (params.get('sleep') === 'spin') machine.sleepMode = 'spin';
  const board = createBoard(boardName, machine);
  const status = new DeviceStatus(Boolean(info.grid));
  let statusDirty = true;
  const pane = new SerialPane($('#serial'), (line) => {
    if (/^@(view|menu|wake|sleep|reset)/.test(line)) gesture = null;
    if (line === '@wake') wokeAt = machine.cycles;
    status.line(line);
    statusDirty = true;
  });
  if (note) pane.note(note, 'note');
  let lastTx = -Infinity;
  machine.txListeners.push((b) => {
    lastTx = machine.cycles;
    pane.byte(b);
  });
  machine.resetListeners.push((cause) => {
    pane.cut();
    pane.note(`(${cause === 'power' ? 'power cycled' : `${cause} reset`})`, 'note');
  });
  const { leds, status: lights } = buildLeds(info);
  const lines = buildButtons(machine);
  bindKeys(lines);
  // The view's gesture reached the game (B held, A pressed): the firmware answers @view on or
  // off, or refuses it without a word (play.c's play_view: only a game that is not a sum).
  // After a wake-up every press is swallowed while a button is held and 50 ms after (ui.c):
  // a B that went down in that time makes no gesture.
  let gesture = null;
  let wokeAt = -Infinity;
  lines.a.onPress = (at) => {
    const c = machine.wiring.C;
    const b = lines.b.pressedAt;
    const bDown = c.driveMask & ~c.driveValue & (1 << lines.b.spec.bit);
    if (bDown && at - b >= VIEW_B_MS * MS && b > wokeAt + WAKE_SWALLOW_MS * MS && status.game && !status.menu && !status.asleep)
      gesture = at + VIEW_ANSWER_MS * MS;
  };
  // Nothing the firmware reads ends a reply (it reads no line until the reply is out): Stop is
  // the reset button, as on the Uno; the page drops what it had not yet sent.
  let replying = false;
  const stop = () => {
    if (!replying && !machine.serialPending) return;
    machine.rxQueue.length = 0;
    replying = false;
    pane.note('(stopped with the reset button: no command ends a reply)', 'note');
    machine.reset('external');
  };
  bindConsole(machine, pane, stop, () => {
    replying = true;
    lastTx = machine.cycles;
  });

  const sound = info.buzzer ? new Sound($('#mute')) : null;
  $('#reset').addEventListener('click', () => machine.reset('external'));
  $('#power').addEventListener('click', () => machine.reset('power'));
  const erase = $('#erase');
  let armed = 0;
  erase.addEventListener('click', () => {
    if (!armed) {
      erase.textContent = 'Click again to erase';
      armed = setTimeout(() => {
        armed = 0;
        erase.textContent = 'Erase EEPROM';
      }, 3000);
      return;
    }
    clearTimeout(armed);
    armed = 0;
    erase.textContent = 'Erase EEPROM';
    eraseEeprom(eeprom);
    machine.reset('power');
  });
  if (!persistent) $('#erase').title = 'the EEPROM is not kept by this browser';
  addEventListener('pagehide', () => saveEeprom(eeprom));

  // ---- time ----
  const pace = params.get('pace') === 'max' ? 'max' : 'real';
  const speedEl = $('#speed');
  const samples = []; // simulated seconds per real second, one per real second
  let window0 = { t: performance.now(), cycles: machine.cycles, slept: machine.sleptCycles };
  let target = machine.cycles;
  let last = performance.now();
  let stopped = false;

  const api = {
    board: boardName,
    machine,
    lines: pane.lines,
    status,
    samples,
    pace,
    get speed() {
      return samples.length ? samples[samples.length - 1] : 0;
    },
  };
  window.grundy = api;

  function account(now) {
    const span = now - window0.t;
    if (span < 1000) return;
    const cycles = machine.cycles - window0.cycles;
    const speed = cycles / F_CPU / (span / 1000);
    const busy = cycles ? 1 - (machine.sleptCycles - window0.slept) / cycles : 0;
    samples.push(speed);
    if (samples.length > 600) samples.shift();
    speedEl.textContent =
      `${speed.toFixed(2)}× real time` +
      (machine.sleepMode === 'halt' ? `, CPU awake ${(busy * 100).toFixed(0)} %` : '') +
      `, ${machine.seconds.toFixed(1)} s simulated`;
    speedEl.dataset.speed = speed.toFixed(3);
    window0 = { t: now, cycles: machine.cycles, slept: machine.sleptCycles };
  }

  function render() {
    const f = board.frame(machine.cycles);
    for (let i = 0; i < leds.length; i++) showLevel(leds[i], f.leds[i]);
    for (let i = 0; i < lights.length; i++) showLevel(lights[i], f.status[i]);
    if (f.intensity !== undefined) {
      const host = $('#leds');
      host.dataset.intensity = f.intensity;
      host.dataset.shutdown = f.shutdown;
      host.dataset.displayTest = f.displayTest;
      host.dataset.strayBytes = f.strayBytes;
      host.dataset.shortFrames = f.shortFrames;
    }
    if (sound) {
      sound.play(f.tone);
      $('#device').dataset.tone = Math.round(f.tone);
      $('#note').hidden = !f.tone;
    }
    pane.render();
    if (gesture !== null && machine.cycles >= gesture) {
      gesture = null;
      status.viewRefused();
      statusDirty = true;
    }
    if (replying && !machine.serialPending && machine.cycles - lastTx > QUIET_MS * MS) replying = false;
    $('#stop').hidden = !replying;
    if (statusDirty) showStatus();
    saveEeprom(eeprom);
    $('#serial-busy').hidden = !machine.serialPending;
  }

  function showStatus() {
    statusDirty = false;
    const text = status.text();
    const line = $('#status');
    if (line.textContent !== text) line.textContent = text;
    const menu = status.menuText();
    $('#menu-view').hidden = !menu;
    if (menu) {
      $('#menu-line').textContent = menu.line[0].toUpperCase() + menu.line.slice(1);
      $('#menu-value').textContent = menu.value;
    }
  }

  function guarded(fn) {
    return (...args) => {
      if (stopped) return;
      try {
        fn(...args);
      } catch (e) {
        stopped = true;
        fail(`The simulator stopped: ${e.message}`);
        throw e;
      }
    };
  }

  const frame = guarded((now) => {
    let dt = now - last;
    last = now;
    if (dt > MAX_BACKLOG_MS) dt = MAX_BACKLOG_MS; // back from a hidden tab: no fast-forward
    target += dt * MS;
    const deadline = now + FRAME_BUDGET_MS;
    while (machine.cycles < target && performance.now() < deadline) {
      machine.run(Math.min(target, machine.cycles + 2 * MS));
    }
    if (target - machine.cycles > MAX_BACKLOG_MS * MS) target = machine.cycles + MAX_BACKLOG_MS * MS;
    render();
    account(performance.now());
    requestAnimationFrame(frame);
  });

  // pace=max (make bench): as fast as the browser can, drawing now and then
  const channel = new MessageChannel();
  let drawn = 0;
  const flat = guarded(() => {
    const deadline = performance.now() + 20;
    while (performance.now() < deadline) machine.run(machine.cycles + 2 * MS);
    const now = performance.now();
    if (now - drawn > 100) {
      render();
      drawn = now;
    }
    account(now);
    channel.port2.postMessage(0);
  });
  channel.port1.onmessage = flat;

  document.addEventListener('visibilitychange', () => {
    last = performance.now();
  });
  if (pace === 'max') flat();
  else requestAnimationFrame((t) => {
    last = t;
    frame(t);
  });
  $('#device').dataset.ready = 'true';
}

start().catch((e) => fail(`The page failed to start: ${e.message}`));
