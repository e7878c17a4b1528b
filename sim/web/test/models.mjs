// The page's models in Node, without a browser: the hex reader, the MAX7219 and 74HC595
// against their datasheets, and the machine's additions to avr8js (USART level flags and
// FIFO, resets, sleep, pin-change wake) on tiny assembled programs and on the real firmware.
import { assemble } from 'avr8js/dist/esm/utils/assembler.js';
import { parseHex } from '../src/hex.js';
import { F_CPU, FLASH_BYTES, Machine } from '../src/machine.js';
import { Max7219 } from '../src/parts/max7219.js';
import { Hc595Chain } from '../src/parts/hc595.js';
import { createBoard } from '../src/boards.js';
import { DeviceStatus } from '../src/status.js';
import { MS, firmware } from './firmware.mjs';

function hexChecks(t) {
  const flash = new Uint8Array(16);
  const end = parseHex(':0400000001020304F2\n:00000001FF\n', flash);
  t.check('hex: a data record lands at its address', end === 4 && flash[3] === 4, `${end} ${flash}`);
  const bad = (text) => {
    try {
      parseHex(text, new Uint8Array(16));
      return '';
    } catch (e) {
      return e.message;
    }
  };
  t.check('hex: a bad checksum is refused', /checksum/.test(bad(':0400000001020304F3\n:00000001FF\n')), bad(':0400000001020304F3\n'));
  t.check('hex: a file cut short (no end record) is refused', /truncated/.test(bad(':0400000001020304F2\n')), '');
  t.check('hex: data past the flash is refused', /past/.test(bad(':0400100001020304E2\n:00000001FF\n')), '');
}

function frame(chip, addr, data) {
  chip.spiByte(addr, false);
  chip.spiByte(data, false);
  chip.latch();
}

function max7219Checks(t) {
  const m = new Max7219();
  t.check('MAX7219: powers up shut down and blank', m.levels().every((v) => v === 0) && !m.normal, '');
  frame(m, 0x0c, 1);
  frame(m, 0x0b, 7);
  m.spiByte(0x01, false);
  m.spiByte(0x80, false);
  t.check('MAX7219: nothing changes before LOAD rises', m.digits[0] === 0, `${m.digits[0]}`);
  m.latch();
  let lv = m.levels();
  t.check('MAX7219: digit 1, bit 7 lights row 0, column 0 (FC-16 wiring)', lv[0] > 0 && lv.filter(Boolean).length === 1, '');
  frame(m, 0x0a, 8);
  t.check('MAX7219: intensity 8 is duty 17/32', Math.abs(m.levels()[0] - 17 / 32) < 1e-9, `${m.levels()[0]}`);
  frame(m, 0x08, 0xff);
  frame(m, 0x0a, 2);
  frame(m, 0x0b, 3);
  lv = m.levels();
  t.check("MAX7219: scan limit 3 darkens rows 4..7 and doubles each scanned digit's time",
    lv.slice(32).every((v) => v === 0) && Math.abs(lv[0] - (5 / 32) * 2) < 1e-9, `${lv[0]}`);
  frame(m, 0x0b, 7);
  frame(m, 0x0c, 0);
  t.check('MAX7219: shutdown blanks the display', m.levels().every((v) => v === 0), '');
  frame(m, 0x0f, 1);
  t.check('MAX7219: display test lights all 64 at 31/32 even in shutdown', m.levels().every((v) => v === 31 / 32), '');
  frame(m, 0x0f, 0);
  frame(m, 0x0c, 1);
  frame(m, 0x09, 0x01);
  frame(m, 0x01, 0x01);
  lv = m.levels();
  t.check('MAX7219: Code B decodes digit 1 value 1 to segments B and C',
    lv.slice(0, 8).map((v) => (v ? 1 : 0)).join('') === '00110000', lv.slice(0, 8).join(','));
  m.spiByte(0x0a, true);
  t.check('MAX7219: a byte sent with LOAD high is shifted and counted as stray', m.strayBytes === 1 && (m.shift & 0xff) === 0x0a, '');
}

function hc595Checks(t) {
  const c = new Hc595Chain(4);
  const before = [...c.latched];
  for (const b of [0x33, 0x22, 0x11, 0x80]) c.spiByte(b);
  t.check('74HC595: outputs hold until RCLK rises', before.join() === [...c.latched].join(), `${before} then ${[...c.latched]}`);
  c.latch();
  t.check('74HC595: the first byte sent ends in the last chip', [...c.latched].join() === [0x80, 0x11, 0x22, 0x33].join(), [...c.latched].join());
  t.check('74HC595: Q7 of chip 0 drives its LED while OE is low', c.output(0, 7, false) && !c.output(0, 6, false), '');
  t.check('74HC595: OE high turns every output off', [0, 1, 2, 3].every((ch) => [...Array(8).keys()].every((k) => !c.output(ch, k, true))), '');
}

/** A program with a vector table: `vectors` maps vector numbers to labels. */
function program(vectors, body) {
  const lines = [];
  for (let v = 0; v < 26; v++) lines.push(v === 0 ? 'rjmp main' : vectors[v] ? `rjmp ${vectors[v]}` : 'rjmp main', 'nop');
  const { bytes, errors } = assemble([...lines, ...body].join('\n'));
  if (errors.length) throw new Error(errors.join('; '));
  const flash = new Uint8Array(FLASH_BYTES).fill(0xff);
  flash.set(bytes);
  return flash;
}

function machineChecks(t, siteDir) {
  // a watchdog reset resets the I/O registers, keeps SRAM and says so in MCUSR
  const wdt = new Machine(program({}, [
    'main:', 'lds r16, 0x0100', 'inc r16', 'sts 0x0100, r16', 'ldi r16, 0xff', 'out 0x04, r16',
    'ldi r16, 0x18', 'sts 0x60, r16', 'ldi r16, 0x08', 'sts 0x60, r16', 'loop:', 'rjmp loop',
  ]));
  const count0 = wdt.cpu.data[0x100];
  let atReset = null;
  wdt.resetListeners.push(() => {
    atReset = { ddrb: wdt.cpu.data[0x24], mcusr: wdt.cpu.data[0x54] };
  });
  wdt.run(20 * MS);
  t.check('machine: a watchdog reset clears DDRB, sets WDRF, keeps SRAM',
    wdt.resets.watchdog === 1 && atReset?.ddrb === 0 && (atReset.mcusr & 0x08) && wdt.cpu.data[0x100] === ((count0 + 2) & 0xff),
    JSON.stringify({ resets: wdt.resets, atReset, count: [count0, wdt.cpu.data[0x100]] }));

  // SLEEP halts until an interrupt; a pin change on RX (PD0) or a button (PC0) wakes it
  const body = [
    'main:', 'ldi r16, 0x3f', 'out 0x08, r16', 'ldi r16, 0x06', 'sts 0x68, r16', 'ldi r16, 0x01',
    'sts 0x6d, r16', 'ldi r16, 0x3f', 'sts 0x6c, r16', 'ldi r16, 0x05', 'out 0x33, r16', 'sei',
    'loop:', 'sleep', 'inc r22', 'rjmp loop',
    'rxisr:', 'inc r20', 'reti', 'btnisr:', 'inc r21', 'reti',
  ];
  const pc = new Machine(program({ 4: 'btnisr', 5: 'rxisr' }, body));
  pc.run(5 * MS);
  const idle = { slept: pc.sleptCycles / pc.cycles, wakes: pc.cpu.data[22] };
  t.check('machine: SLEEP with nothing to wake it halts the CPU', idle.slept > 0.99 && idle.wakes === 0, JSON.stringify(idle));
  pc.sendSerial([0x55]); // the receiver is off: the byte is lost, its edges are not
  pc.run(pc.cycles + 1 * MS);
  t.check('machine: a byte on RX with the receiver off toggles PD0 and wakes the CPU through PCINT2',
    pc.cpu.data[20] >= 1 && pc.cpu.data[22] >= 1 && pc.rxLost === 1, `${pc.cpu.data[20]} pin changes, ${pc.rxLost} lost`);
  pc.drive('C', 0, 0);
  pc.run(pc.cycles + 1 * MS);
  pc.drive('C', 0, null);
  pc.run(pc.cycles + 1 * MS);
  t.check('machine: pressing and releasing a button on PC0 fires PCINT1 twice', pc.cpu.data[21] === 2, `${pc.cpu.data[21]}`);

  // an interrupt pending at SEI waits for the next instruction, and one more runs after RETI
  const delayed = (mode) => {
    const m = new Machine(program({ 4: 'isr1', 5: 'isr2' }, [
      'main:', 'cli', 'ldi r16, 0x3f', 'out 0x08, r16', 'ldi r16, 0x06', 'sts 0x68, r16', 'ldi r16, 0x01',
      'sts 0x6c, r16', 'sts 0x6d, r16', 'ldi r24, 0xff', 'ldi r25, 0x03', 'wait:', 'sbiw r24, 1', 'brne wait',
      'sei', 'inc r20', 'inc r20', 'loop:', 'rjmp loop',
      'isr1:', 'mov r21, r20', 'reti', 'isr2:', 'mov r22, r20', 'reti',
    ]));
    m.sleepMode = mode;
    m.run(1000);
    m.drive('C', 0, 0); // PCINT1 and PCINT2 pending while interrupts are off
    m.drive('D', 0, 0);
    m.run(10000);
    return [m.cpu.data[21], m.cpu.data[22]].join(', ');
  };
  const halt = delayed('halt');
  t.check('machine: one instruction runs after SEI and after RETI before a pending interrupt (as the chip does)',
    halt === '1, 2', `the handlers saw r20 = ${halt}`);
  const spin = delayed('spin');
  t.check('machine: sleep=spin is avr8js as it is (no instruction after SEI and RETI)', spin === '0, 0', spin);

  // the real firmware: a console command after the boot lines, in both sleep modes
  for (const [board, mode] of [['direct', 'halt'], ['matrix8', 'halt'], ['shift595', 'spin']]) {
    const { m, output } = firmware(siteDir, board, mode);
    m.run(300 * MS);
    m.sendSerial([...'solve nim 3 4 5\n'].map((c) => c.charCodeAt(0)));
    m.run(m.cycles + 400 * MS);
    const lines = output().split('\r\n');
    t.check(`machine: ${board} (SLEEP ${mode}) boots and answers solve nim 3 4 5 with N 1 4 5, no byte lost`,
      lines.find((l) => l.startsWith('@eeprom')) === '@eeprom blank' && lines.includes('N 1 4 5') && m.rxLost === 0, `${JSON.stringify(lines.slice(-3))} lost ${m.rxLost}`);
  }
}

/** SPI out of r16, waiting for SPIF. */
const spiSend = (label, value) => [`ldi r16, ${value}`, 'out 0x2e, r16', `${label}:`, 'in r17, 0x2d', 'sbrs r17, 7', `rjmp ${label}`];

function boardWiringChecks(t) {
  // matrix8: one frame, LOAD low, 2 bytes, LOAD high and left high: latched on the rising edge
  const m8 = new Machine(program({}, [
    'main:', 'ldi r16, 0x04', 'out 0x05, r16', 'ldi r16, 0x2e', 'out 0x04, r16', 'ldi r16, 0x50',
    'out 0x2c, r16', 'cbi 0x05, 2', ...spiSend('w1', 0x0a), ...spiSend('w2', 0x05), 'sbi 0x05, 2',
    'loop:', 'rjmp loop',
  ]));
  const b8 = createBoard('matrix8', m8);
  m8.run(1 * MS);
  const f8 = b8.frame(m8.cycles);
  t.check('matrix8 wiring: a frame is latched when LOAD rises (intensity 5, one frame, none stray)',
    f8.intensity === 5 && b8.chip.frames === 1 && f8.strayBytes === 0, JSON.stringify({ ...f8, leds: undefined, frames: b8.chip.frames }));
  // shift595: 4 bytes, RCLK raised and left high, OE driven low: chip 0's Q7 is status light 0
  const s5 = new Machine(program({}, [
    'main:', 'ldi r16, 0x2e', 'out 0x04, r16', 'ldi r16, 0x00', 'out 0x05, r16', 'ldi r16, 0x50',
    'out 0x2c, r16', ...spiSend('w1', 0x01), ...spiSend('w2', 0x00), ...spiSend('w3', 0x00),
    ...spiSend('w4', 0x80), 'sbi 0x05, 2', 'loop:', 'rjmp loop',
  ]));
  const b5 = createBoard('shift595', s5);
  s5.run(1 * MS);
  b5.frame(s5.cycles);
  s5.run(2 * MS);
  const f5 = b5.frame(s5.cycles);
  t.check('shift595 wiring: RCLK rising latches; the last byte sent lights row 0 LED 7 = status "your move", the first row 3 LED 0',
    [...f5.status].join() === '1,0,0,0' && f5.leds[21] === 1 && f5.leds.filter(Boolean).length === 1,
    JSON.stringify({ status: [...f5.status], lit: [...f5.leds.keys()].filter((i) => f5.leds[i]) }));
}

/** matrix8's click on a move: Timer1 toggling D9 in CTC mode, measured on the pin. */
function buzzerCheck(t, siteDir) {
  const { m, model: b, output, press } = firmware(siteDir, 'matrix8');
  // the person's turn: after the device's first move (it begins where 8x8 is lost for the mover)
  for (let t0 = 0; t0 < 50 && !output().includes('@turn human'); t0++) m.run(m.cycles + 100 * MS);
  m.run(m.cycles + 100 * MS);
  press(3); // RIGHT: mark a token
  b.frame(m.cycles);
  press(4); // A: take it; the click sounds
  const tone = b.frame(m.cycles).tone;
  m.run(m.cycles + 50 * MS);
  const after = b.frame(m.cycles).tone;
  const want = F_CPU / 16 / 370; // BOARD_NOTE(2700): OCR1A 369, clk/8, toggling
  t.check('matrix8 buzzer: a move clicks at 2.7 kHz on D9, then silence',
    Math.abs(tone - want) < 1 && after === 0, `${tone.toFixed(1)} Hz then ${after.toFixed(1)} Hz`);
}

/** shift595's brightness: Timer1's inverting PWM on OE, seen as the LEDs' time-averaged level. */
function dimCheck(t, siteDir) {
  const { m, model: b, output, press } = firmware(siteDir, 'shift595');
  m.run(300 * MS);
  press(5, 1100); // hold B: the menu
  const lastMenu = () => output().split('\r\n').filter((l) => l.startsWith('@menu ')).pop() ?? '';
  for (let i = 0; i < 12 && !lastMenu().startsWith('@menu bright'); i++) press(1); // DOWN to it
  press(2); // LEFT: brightness 3 of 4
  b.frame(m.cycles);
  m.run(m.cycles + 100 * MS);
  const lit = [...b.frame(m.cycles).leds].filter((v) => v > 0);
  t.check('shift595: brightness 3 of 4 shows as OE low half the time (Timer1 inverting PWM)',
    /@menu bright 3\b/.test(output()) && lit.length > 0 && lit.every((v) => Math.abs(v - 0.5) < 0.01),
    `${lastMenu()}; levels ${[...new Set(lit.map((v) => v.toFixed(3)))]}`);
}

/** The firmware's self-test on the page's boards: a board wired right (direct's LED pins read
 * low as inputs, D12 pulled up on the chain boards) reports no problem, and the status line says
 * so in words. */
function selftestCheck(t, siteDir) {
  const pictures = { direct: 12, matrix8: 17, shift595: 32 };
  for (const board of ['direct', 'matrix8', 'shift595']) {
    const { m, output, press } = firmware(siteDir, board);
    m.run(300 * MS);
    m.sendSerial([...'selftest\n'].map((c) => c.charCodeAt(0)));
    m.run(m.cycles + (pictures[board] + 1) * 400 * MS);
    press(5, 2300); // hold B 2 s: leave
    const lines = output().split('\r\n');
    const test = lines.filter((l) => l.startsWith('@test '));
    const status = new DeviceStatus(board === 'matrix8');
    lines.forEach((l) => status.line(l));
    const want = board === 'direct' ? ['@test start direct', '@test button B', '@test done 0']
      : [`@test start ${board}`, '@test chain not checked', '@test button B', '@test done 0'];
    t.check(`self-test on the page's ${board}: no problem on a board wired right, said in words`,
      JSON.stringify(test) === JSON.stringify(want) && /^Self-test done: no problem found\./.test(status.text()),
      `${JSON.stringify(test)} / ${status.text()}`);
  }
  const s = new DeviceStatus();
  for (const l of ['@test start direct', '@test open D7 row 1, LED 2', '@test short D9 row 2, LED 0 / D11 row 2, LED 2', '@test done 2']) s.line(l);
  t.check('self-test words: each problem named by its pin and place, with what to check',
    /^Self-test done: 2 problems found\. Problems: D7 row 1, LED 2: reads high.*in backwards.* D9 row 2, LED 0 and D11 row 2, LED 2: the two pins are joined/.test(s.text()), s.text());
}

export function modelChecks(t, siteDir) {
  selftestCheck(t, siteDir);
  dimCheck(t, siteDir);
  buzzerCheck(t, siteDir);
  boardWiringChecks(t);
  hexChecks(t);
  max7219Checks(t);
  hc595Checks(t);
  machineChecks(t, siteDir);
}
