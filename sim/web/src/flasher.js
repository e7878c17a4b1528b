// flasher.js: "Put it on my Uno". In a browser with Web Serial (Chrome, Edge on a computer),
// the page writes the board's image (hex/<board>.hex, the file `make flash` writes) or a .hex
// the person picks to an Uno on a USB port, through its bootloader (stk500.js), reads it back
// and starts it. Every failure is one plain sentence (flash_words.js); "Done" only after the
// read-back matched. The section builds itself, so the page's markup stays the simulator's.
import { flashImage } from './hex.js';
import { APP_BYTES, FLASH_BYTES, checkImage, flashUno } from './stk500.js';
import { NO_PORT, NO_WEB_SERIAL, PORT_BUSY, explain } from './flash_words.js';

const BAUD = 115200;

const HOW_TO_PLAY = {
  direct: 'Wire its LEDs and buttons as boards/direct/README.md shows and play as on this page.',
  matrix8: 'Wire the MAX7219 matrix and the buttons as boards/matrix8/README.md shows and play as on this page.',
  shift595: 'Wire the 74HC595 chain and the buttons as boards/shift595/README.md shows and play as on this page.',
  uno: 'It is the calculator: open a serial monitor at 115,200 baud (the Arduino IDE\'s, or `make console`) and type help.',
};

function section(board) {
  const el = document.createElement('section');
  el.className = 'flasher';
  el.id = 'flasher';
  el.setAttribute('aria-label', 'put it on an Uno');
  el.dataset.state = 'idle';
  el.innerHTML = `
    <h2>Put it on my Uno <span class="sub">(Chrome or Edge on a computer, the Uno on a USB cable)</span></h2>
    <p class="flash-what">Writes the <b class="flash-name"></b> image to an Arduino Uno through its bootloader,
      reads it back to check, and starts it. Its EEPROM (settings and score) is left as it is.</p>
    <div class="flash-tools">
      <button type="button" id="flash-start">Put it on my Uno</button>
      <label class="flash-file">or your own .hex <input type="file" id="flash-file" accept=".hex,.ihex,text/plain"></label>
    </div>
    <progress id="flash-progress" max="1" value="0" hidden></progress>
    <p id="flash-message" class="flash-message" role="status" aria-live="polite"></p>
    <button type="button" id="flash-again" hidden>Write again</button>`;
  el.querySelector('.flash-name').textContent = board;
  return el;
}

/** Mount the section for board (before the footer) and wire it up. */
export function mountFlasher(board) {
  const el = section(board);
  document.body.insertBefore(el, document.querySelector('footer'));
  const $ = (s) => el.querySelector(s);
  const message = $('#flash-message');
  const progress = $('#flash-progress');
  const start = $('#flash-start');
  const again = $('#flash-again');
  let chosen = null; // {name, flash, size}: a .hex the person picked
  let lastPort = null;

  const say = (text, state) => {
    message.textContent = text;
    el.dataset.state = state;
  };

  async function image() {
    if (chosen) return chosen;
    const url = `hex/${board}.hex`;
    const res = await fetch(url, { cache: 'no-cache' });
    if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
    const { flash, size } = flashImage(await res.text(), FLASH_BYTES);
    return { name: `the ${board} image`, flash, size, board };
  }

  async function pickPort(reuse) {
    if (reuse && lastPort) return lastPort;
    try {
      return await navigator.serial.requestPort();
    } catch (e) {
      if (e?.name === 'NotFoundError' || e?.name === 'AbortError') return null;
      throw e;
    }
  }

  async function write(reuse) {
    again.hidden = true;
    delete el.dataset.detail;
    el.dataset.state = 'busy'; // until a sentence says how it ended
    if (!navigator.serial) {
      say(NO_WEB_SERIAL, 'failed');
      return;
    }
    let img;
    try {
      img = await image();
      checkImage(img.flash, img.size);
    } catch (e) {
      say(e.kind ? explain(e) : `The image could not be loaded: ${e.message}.`, 'failed');
      return;
    }
    let port;
    try {
      port = await pickPort(reuse);
    } catch (e) {
      say(`The browser did not let the page use a serial port (${e.message}). ${NO_PORT}`, 'failed');
      return;
    }
    if (!port) {
      say(NO_PORT, 'failed');
      return;
    }
    lastPort = port;
    try {
      await port.open({ baudRate: BAUD });
    } catch (e) {
      lastPort = null; // unplugged and plugged in again: a new port object next time
      say(`${PORT_BUSY} (${e.message})`, 'failed');
      again.hidden = false;
      return;
    }
    const reader = port.readable.getReader();
    const writer = port.writable.getWriter();
    const link = {
      read: () => reader.read(),
      write: (bytes) => writer.write(bytes),
      setSignals: (s) => port.setSignals(s),
    };
    start.disabled = true;
    progress.hidden = false;
    progress.value = 0;
    say(`Resetting the Uno and waiting for its bootloader…`, 'writing');
    let outcome;
    try {
      const r = await flashUno(link, img.flash, img.size, ({ phase, done, total }) => {
        progress.value = (phase === 'write' ? done : total + done) / (2 * total);
        say(`${phase === 'write' ? 'Writing' : 'Reading back'}: page ${done} of ${total}…`, 'writing');
      });
      const how = img.board ? HOW_TO_PLAY[img.board] : 'Your program has started.';
      outcome = [`Done: ${img.name} is on your Uno, written and read back the same (${r.bytes.toLocaleString('en')} ` +
        `bytes in ${r.pages} pages, Optiboot ${r.version}), and it has started. ${how}`, 'done', true];
    } catch (e) {
      if (e.kind === 'closed') lastPort = null;
      el.dataset.detail = e.message; // what went wrong in the protocol's words, for a bug report
      outcome = [explain(e), 'failed', e.kind === 'signature' || e.kind === 'image'];
    }
    // the port let go before the page says anything: a click on Write again finds it free
    await reader.cancel().catch(() => {});
    reader.releaseLock();
    writer.releaseLock();
    await port.close().catch(() => {});
    progress.hidden = true;
    start.disabled = false;
    say(outcome[0], outcome[1]);
    again.hidden = outcome[2];
  }

  start.addEventListener('click', () => write(false));
  again.addEventListener('click', () => write(true));
  $('#flash-file').addEventListener('change', async (ev) => {
    const file = ev.target.files?.[0];
    chosen = null;
    again.hidden = true;
    if (!file) {
      say('', 'idle');
      return;
    }
    try {
      const { flash, size } = flashImage(await file.text(), 0x10000); // too big: said by checkImage
      checkImage(flash, size);
      chosen = { name: file.name, flash, size };
      say(`${file.name}: ${size.toLocaleString('en')} bytes of program, of the ${APP_BYTES.toLocaleString('en')} ` +
        'an Uno has. Put it on my Uno writes this file instead of the board\'s image.', 'idle');
    } catch (e) {
      ev.target.value = '';
      say(e.kind ? `${file.name}: ${explain(e)}` : `${file.name} is not an Intel HEX file (${e.message}). Nothing will be written.`, 'failed');
    }
  });
}
