// What the device is doing, in words, from its own event lines (docs/console.md, "Events"):
// the game and its rules in a sentence, whose turn, who won and the score, standby, and the
// menu's line and value while the menu is open, the binary view and why it was refused. Pure:
// fed lines (and the page's word that the view's gesture went unanswered), asked for text;
// the page shows it beside the board, so a visitor never has to read an '@' line.

const SET = (s) => s.split(',').join(', ');

/** One sentence for the game the engine calls `name` (as @game and @settings print it). */
export function gameRules(name, grid = false) {
  const misere = name.startsWith('misere:') || name === 'misere';
  const base = name === 'misere' ? 'nim' : name.replace(/^misere:/, '');
  const [kind, arg] = base.split(':');
  const end = (thing) => `whoever takes the last ${thing} ${misere ? 'loses' : 'wins'}`;
  const heap = (title, take) => `${misere ? 'Misère ' : ''}${title}: take ${take} from one row; ${end('token')}.`;
  const line = (title, take) =>
    `${misere ? 'Misère ' : ''}${title}: knock down ${take} side by side in one row (a row may split in two); ${end('pin')}.`;
  switch (kind) {
    case 'nim': return heap('Nim', 'one or more tokens');
    case 'bash': return heap(`Bash (1 to ${arg})`, `1 to ${arg} tokens`);
    case 'sub': return heap(`Subtraction game {${SET(arg)}}`, `exactly ${SET(arg).replace(/, (\d+)$/, ' or $1')} tokens`);
    case 'pow2': return heap('Powers of two', 'a power of two (1, 2, 4, 8…) of tokens');
    case 'fib': return heap('Fibonacci', 'a Fibonacci number (1, 2, 3, 5, 8…) of tokens');
    case 'kayles': return line('Kayles', '1 pin or 2 pins');
    case 'dawson': return line("Dawson's Kayles", '2 pins');
    case 'line': return line(`Line game {${SET(arg)}}`, `exactly ${SET(arg).replace(/, (\d+)$/, ' or $1')} pins`);
    case 'wythoff':
      return grid
        ? 'Corner the Queen (Wythoff): move the queen left, down, or diagonally down-left as far as you like; whoever puts her in the bottom-left corner wins.'
        : 'Wythoff: take any number of tokens from one of the two rows, or the same number from both; whoever takes the last token wins.';
    case 'king':
      return grid
        ? 'The king walk: move the king one step left, down, or diagonally down-left; whoever puts him in the bottom-left corner wins.'
        : 'The king walk: take one token from one of the two rows, or one from each; whoever takes the last token wins.';
    case 'moore': return `Moore's Nim (k = ${arg}): take one or more tokens from each of 1 to ${arg} rows at once; ${end('token')}.`;
    default: return `${name}.`;
  }
}

const MENU_LINES = {
  game: 'game',
  misere: 'misère (last move loses)',
  bash: 'Bash: the most a move takes',
  set: 'the set of moves',
  start: 'start position',
  first: 'who begins',
  level: 'difficulty',
  players: 'players',
  sound: 'sound',
  bright: 'brightness',
  standby: 'standby after',
};

const MENU_VALUES = {
  misere: { off: 'off', on: 'on' },
  start: { classic: 'classic (every row full)', random: 'random', marienbad: 'Marienbad (1, 3, 5, 7)' },
  first: { you: 'you', device: 'the device', alternate: 'take turns, game by game' },
  level: { perfect: 'Perfect (never misses a win)', equalizer: 'Equalizer (gives you one chance)', casual: 'Casual (a random move one time in three)' },
  players: { 1: 'one (you against the device)', 2: 'two (the device referees)' },
  sound: { off: 'off', on: 'on' },
  standby: { 1: '1 minute', 2: '2 minutes', 5: '5 minutes', never: 'never' },
};

const GAME_TITLES = {
  nim: 'Nim', bash: 'Bash', pow2: 'Powers of two', fib: 'Fibonacci', wythoff: 'Wythoff',
  kayles: 'Kayles', dawson: "Dawson's Kayles",
};

function gameTitle(name) {
  const [kind, arg] = name.split(':');
  if (kind === 'bash') return `Bash (take 1 to ${arg})`;
  if (kind === 'sub') return `Subtraction {${SET(arg)}}`;
  if (kind === 'line') return `Line game {${SET(arg)}}`;
  return GAME_TITLES[kind] ?? name;
}

/** "@menu <line> <value>" in words: [line, value]. */
export function menuWords(line, value) {
  const name = MENU_LINES[line] ?? line;
  if (line === 'game') return [name, gameTitle(value)];
  if (line === 'bash') return [name, `${value} token${value === '1' ? '' : 's'}`];
  if (line === 'bright') return [name, `${value} of 4`];
  if (line === 'set') {
    const m = /^([\d,]+) at (\d+)( refused.*)?$/.exec(value);
    if (!m) return [name, value];
    const extra = m[3] ? ' — refused: no move from the start' : '';
    return [name, `{${SET(m[1])}}, the cursor on ${m[2]} (A adds or removes it)${extra}`];
  }
  return [name, MENU_VALUES[line]?.[value] ?? value];
}

const LEVELS = { perfect: 'Perfect', equalizer: 'Equalizer', casual: 'Casual' };

/** The game's name in a sentence ("the king walk", "misère Kayles"). */
function gameCalled(name) {
  const misere = name.startsWith('misere');
  const base = name === 'misere' ? 'nim' : name.replace(/^misere:/, '');
  const kind = base.split(':')[0];
  const title = kind === 'king' ? 'the king walk' : kind === 'moore' ? `Moore's Nim (k = ${base.split(':')[1]})` : gameTitle(base);
  return misere ? `misère ${title}` : title;
}

/** One "@test" line of the self-test (without "@test ") in words, or null for none worth showing. */
export function selftestWords(rest) {
  const [kind, ...more] = rest.split(' ');
  const part = more.join(' ');
  switch (kind) {
    case 'open': return `${part}: reads high, so no LED holds it low — the LED is missing, in backwards (long leg to the resistor), or a wire or its resistor is loose.`;
    case 'short': return `${part.replace(' / ', ' and ')}: the two pins are joined — look for a solder bridge or two wires in one breadboard row.`;
    case 'held': return `${part}: held down all through the test — a button stuck, wired across the wrong legs, or its pin touching ground.`;
    case 'chain':
      if (part === 'ok') return 'the chain read back what was sent: its data and clock wires are right.';
      if (part === 'not checked') return 'the chain was not checked (no read-back wire on D12).';
      return `the chain did not read back what was sent (${part.replace(/^broken: /, '')}): check its data and clock wires, and the read-back wire.`;
    default: return null;
  }
}

/** The device's state, followed line by line. */
export class DeviceStatus {
  constructor(grid = false) {
    this.grid = grid;
    this.view = false; // @view on/off; the firmware keeps it through a @resume only (ui.c)
    this.notSums = new Set(); // games in which the firmware refused the view
    this.reset();
  }

  reset() {
    this.selftest = null; // the last self-test's result, shown until the next reset
    this.game = null;
    this.players = 1;
    this.level = null;
    this.turn = null;
    this.over = null;
    this.score = null;
    this.asleep = false;
    this.menu = null;
    this.hint = null;
    this.refused = null; // the game in which the view's gesture got no @view line
    this.kept = this.view; // the view as it was before a reset: back only with @resume
    this.view = false;
  }

  /** Follow one line the device printed. */
  line(text) {
    const w = text.split(' ');
    switch (w[0]) {
      case '@reset': this.reset(); if (w[1] === 'power') this.kept = false; break;
      case '@settings':
        this.players = /players=2/.test(text) ? 2 : 1;
        this.level = /level=(\w+)/.exec(text)?.[1] ?? null;
        this.menu = null;
        break;
      case '@game': this.game = w[1]; this.turn = this.over = this.hint = this.refused = null; this.score = null; this.menu = null; break;
      case '@resume':
        this.game = w[1];
        this.view = this.kept;
        if (w.includes('over')) this.over = w[w.length - 1];
        else this.turn = w[w.length - 1];
        break;
      case '@turn': this.turn = w[1]; this.hint = null; break;
      case '@move': this.hint = null; break;
      case '@hint': this.hint = w[2] === 'none' ? 'none' : 'move'; break;
      case '@over': this.over = w[1]; this.turn = null; this.hint = null; break;
      case '@score': this.score = w.slice(1).map(Number); break;
      case '@sleep': this.asleep = true; break;
      case '@wake': this.asleep = false; break;
      case '@view': this.view = w[1] === 'on'; this.refused = null; break;
      case '@test': this.selftestLine(text.slice(6)); break;
      case '@menu': this.refused = null; this.menu = w[1] === 'back' ? null : [w[1], w.slice(2).join(' ')]; break;
      default: break;
    }
  }

  /** The self-test: running (its findings so far), then its result until the next one. */
  selftestLine(rest) {
    if (rest.startsWith('start')) this.selftest = { running: true, found: [], chain: null, done: 0 };
    if (!this.selftest) return;
    const t = this.selftest;
    if (rest.startsWith('done ')) {
      t.running = false;
      t.done = Number(rest.slice(5));
      return;
    }
    const words = selftestWords(rest);
    if (!words) return;
    if (rest.startsWith('chain ok') || rest.startsWith('chain not')) t.chain = words;
    else t.found.push(words);
  }

  /** The self-test in words, or '' when none ran since the reset. */
  selftestText() {
    const t = this.selftest;
    if (!t) return '';
    const found = t.found.length ? ` Problems: ${t.found.join(' ')}` : '';
    const chain = t.chain ? ` Also: ${t.chain}` : '';
    if (t.running) {
      return `Self-test: each LED lights in turn — check every one lights, alone; then press each button (its LED lights); hold B 2 s to leave.${found}${chain}`;
    }
    const verdict = t.done === 0 ? 'Self-test done: no problem found.' : `Self-test done: ${t.done} problem${t.done === 1 ? '' : 's'} found.`;
    return `${verdict}${found}${chain}`;
  }

  /** The view's gesture (B held, A pressed) went to the game and no @view line came: the
   * firmware refused it, as it does only in a game that is not a sum (play.c, play_view). */
  viewRefused() {
    if (this.game && !this.menu && !this.asleep) this.notSums.add((this.refused = this.game));
  }

  /** Whose move, or who won, in words. */
  situation() {
    const two = this.players === 2;
    const who = { human: 'you', cpu: 'the device', p1: 'player 1', p2: 'player 2' };
    if (this.over) {
      if (two) return `${this.over === 'p1' ? 'Player 1' : 'Player 2'} wins! Press A for a new game.`;
      return `${this.over === 'human' ? 'You win!' : 'I win.'} Press A for a new game.`;
    }
    if (!this.turn) return 'Starting…';
    if (this.turn === 'cpu') return 'My move: thinking…';
    const mover = two ? `${who[this.turn] === 'player 1' ? 'Player 1' : 'Player 2'}'s move` : 'Your move';
    if (this.hint === 'move') return `${mover}: the slowly blinking tokens are a winning move.`;
    if (this.hint === 'none') return `${mover}: there is no winning move from here (the tokens blink in a checkerboard).`;
    return `${mover}: ▲▼ pick a row, ▶ marks tokens to take, A takes them.`;
  }

  /** The status line: standby, the menu, or the game, its rules, the turn and the score. */
  text() {
    if (this.selftest?.running) return this.selftestText();
    const test = this.selftest ? `${this.selftestText()} ` : '';
    return test + this.gameText();
  }

  /** The status line without the self-test. */
  gameText() {
    if (this.asleep) return 'Asleep (standby) — press a button to wake it.';
    if (this.menu) return 'Menu open; the game waits. ▲▼ pick a line, ◀▶ change it, A starts a new game, B goes back.';
    if (!this.game) return 'Starting…';
    let s = `${gameRules(this.game, this.grid)} ${this.situation()}`;
    const not = this.refused ?? (this.view && this.notSums.has(this.game) ? this.game : null);
    if (not) s += ` The binary view${this.view ? ' is on but' : ''} needs a sum game; ${gameCalled(not)} is not one.`;
    else if (this.view) s += ' Binary view on: each row shows its Grundy value in binary (hold B, press A for the tokens).';
    if (this.over && this.score && this.players === 1) {
      const [w, l, h] = this.score;
      const level = LEVELS[this.level] ?? this.level ?? '';
      s += ` Score at this game${level ? ` on ${level}` : ''}: ${w} win${w === 1 ? '' : 's'}, ${l} loss${l === 1 ? '' : 'es'}, ${h} hint${h === 1 ? '' : 's'}.`;
    }
    return s;
  }

  /** The menu's line and value in words, or null when the menu is closed. */
  menuText() {
    if (!this.menu || this.asleep) return null;
    const [line, value] = menuWords(this.menu[0], this.menu[1]);
    return { line, value };
  }
}
