// The EEPROM's 1,024 bytes per board in localStorage (as hex text), so settings and score
// survive a reload as they survive a power cut on the device. Where storage is refused
// (private windows, file: pages in some browsers) the EEPROM lives in memory and the page
// says so.
import { EEPROM_BYTES, EepromMemory } from './machine.js';

const key = (board) => `grundy.eeprom.${board}`;

function storage() {
  try {
    const s = window.localStorage;
    const probe = 'grundy.probe';
    s.setItem(probe, '1');
    s.removeItem(probe);
    return s;
  } catch {
    return null;
  }
}

/** This board's EEPROM backend; `note` says what was found when it is worth telling. */
export function openEeprom(board) {
  const s = storage();
  const eeprom = new EepromMemory();
  eeprom.board = board;
  eeprom.store = s;
  let note = '';
  if (!s) {
    note = 'this browser refuses local storage: the EEPROM is kept only until the page closes';
  } else {
    const text = s.getItem(key(board));
    if (text !== null) {
      if (text.length === 2 * EEPROM_BYTES && /^[0-9a-f]*$/.test(text)) {
        for (let i = 0; i < EEPROM_BYTES; i++) eeprom.memory[i] = parseInt(text.substr(2 * i, 2), 16);
      } else {
        note = 'the stored EEPROM was unreadable: starting from a blank one';
      }
    }
  }
  return { eeprom, note, persistent: s !== null };
}

/** Write the EEPROM out if the firmware changed it. */
export function saveEeprom(eeprom) {
  if (!eeprom.dirty || !eeprom.store) return;
  let text = '';
  for (let i = 0; i < EEPROM_BYTES; i++) text += eeprom.memory[i].toString(16).padStart(2, '0');
  try {
    eeprom.store.setItem(key(eeprom.board), text);
    eeprom.dirty = false;
  } catch {
    // quota or a revoked permission: keep it dirty, the next frame tries again
  }
}

/** Blank the EEPROM (all 0xFF), as a freshly programmed chip has it. */
export function eraseEeprom(eeprom) {
  eeprom.memory.fill(0xff);
  eeprom.dirty = true;
  saveEeprom(eeprom);
}
