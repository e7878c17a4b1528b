// Intel HEX to a flash image: the same file `make flash` writes, checked record by record
// (checksums, extended addresses) so a truncated or corrupt download gives a clear error
// instead of a CPU running garbage.

/** Parse Intel HEX text into `flash` (bytes); returns the highest address written + 1. */
export function parseHex(text, flash) {
  let base = 0;
  let end = 0;
  let sawEnd = false;
  const lines = text.split(/\r?\n/);
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n].trim();
    if (!line) continue;
    const where = `line ${n + 1}`;
    if (line[0] !== ':' || line.length < 11 || line.length % 2 === 0) {
      throw new Error(`${where}: not an Intel HEX record`);
    }
    const bytes = [];
    for (let i = 1; i < line.length; i += 2) {
      const b = parseInt(line.substr(i, 2), 16);
      if (Number.isNaN(b)) throw new Error(`${where}: not hexadecimal`);
      bytes.push(b);
    }
    const count = bytes[0];
    if (bytes.length !== count + 5) throw new Error(`${where}: length ${count} does not match`);
    if (bytes.reduce((s, b) => s + b, 0) & 0xff) throw new Error(`${where}: bad checksum`);
    const addr = (bytes[1] << 8) | bytes[2];
    const type = bytes[3];
    const data = bytes.slice(4, 4 + count);
    if (type === 0x00) {
      const at = base + addr;
      if (at + count > flash.length) {
        throw new Error(`${where}: address 0x${at.toString(16)} is past the ${flash.length}-byte flash`);
      }
      flash.set(data, at);
      end = Math.max(end, at + count);
    } else if (type === 0x01) {
      sawEnd = true;
      break;
    } else if (type === 0x02) {
      base = ((data[0] << 8) | data[1]) << 4;
    } else if (type === 0x04) {
      base = ((data[0] << 8) | data[1]) << 16;
    } // 0x03 and 0x05 (start addresses) mean nothing to the chip: it starts at 0
  }
  if (!sawEnd) throw new Error('no end-of-file record: the file is truncated');
  return end;
}

/** A `bytes`-byte flash image (erased cells 0xFF) holding the program in `text`; `size` is
 * the highest address written + 1. Throws as parseHex does. */
export function flashImage(text, bytes) {
  const flash = new Uint8Array(bytes).fill(0xff);
  const size = parseHex(text, flash);
  return { flash, size };
}
