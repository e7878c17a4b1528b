// flash_words.js: what the page (flasher.js) and the node tool (tools/flash_uno.mjs) say when
// writing to an Uno goes wrong, one plain sentence or three per failure, in one place. The
// checks for a silent board are the ones `make flash` names (tools/flash.sh).

export const NO_WEB_SERIAL =
  'This browser cannot reach a USB serial port: putting Grundy on an Uno from this page needs the ' +
  'Web Serial API, which Chrome and Edge have on a desktop or laptop computer (Windows, macOS, ' +
  'Linux, ChromeOS). Firefox, Safari and browsers on phones and tablets do not have it. Open this ' +
  'page in Chrome or Edge, or use one of the other ways in docs/flashing.md.';

export const NO_PORT =
  'No port was chosen, so nothing was written. Click the button again and pick the Uno in the list ' +
  '(plug it in first; it shows as "Arduino Uno", "USB Serial", "ttyACM0" or a COM port).';

export const PORT_BUSY =
  'The port could not be opened: another program probably has it (the Arduino IDE or its serial ' +
  'monitor, another tab of this page). Close that program and try again.';

export const SILENT =
  'The board did not answer: its bootloader never replied. Check that the board is an Uno (or has ' +
  'its bootloader, at 115,200 baud), that the USB cable carries data (some only charge), that you ' +
  'picked the board\'s port (unplug it: which one goes away?), and that no other program (a serial ' +
  'monitor, the Arduino IDE) has the port open; then try again (press the reset button as it starts).';

export const CLOSED =
  'The port closed in the middle of writing (was the Uno unplugged?). The Uno does not hold a ' +
  'working image now. Its bootloader is untouched: plug it in and write again.';

/** The sentence for an error thrown while flashing (a FlashError from stk500.js, or anything). */
export function explain(e) {
  switch (e?.kind) {
    case 'silent':
      return SILENT;
    case 'closed':
      return CLOSED;
    case 'signature':
      return `This is not an ATmega328P, the chip of an Uno. ${e.message}`;
    case 'verify':
      return `Writing did not take: ${e.message} The Uno does not hold this image correctly, so do ` +
        'not rely on it. Write again; if it fails at the same place again, the chip\'s flash may be worn.';
    case 'image':
      return `This file cannot go on an Uno: ${e.message}`;
    default:
      return `Writing stopped: ${e?.message || e}.`;
  }
}
