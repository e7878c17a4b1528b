#!/usr/bin/env python3
"""Worst-case stack depth of an ATmega328P image, proven from its own disassembly.

Every function reachable from the reset vector and from each interrupt vector is walked
instruction by instruction (avr-objdump -d of the linked image, so LTO's real frames), with
the stack depth tracked on every path: pushes and pops, `rcall .+0` (2 bytes), frames set up
through `in r28,SP` .. `sbiw`/`subi`+`sbci` .. `out SP,r28`, -mcall-prologues' jumps into
__prologue_saves__ (its pushes plus the frame in r26:r27) and out through __epilogue_restores__,
2 bytes of return address per call and per interrupt. The result is the deepest chain from
the reset vector (startup code, then main) plus the deepest interrupt handler on top of it.

Anything it cannot prove is an error (exit status 1), never a guess: an indirect call not in
INDIRECT below (or whose pointer it cannot trace to the table named there), recursion, a stack
pointer write it cannot follow, a path that returns with bytes still pushed, or a depth that
differs between two paths reaching one instruction. What it takes on trust: the calling
convention (a callee gives back r2..r17, r28, r29 and the stack as it found them, which the
walk of that callee checks for the stack), and that a store through a pointer other than the
frame pointer never lands in a register spilled to the frame (C takes no spill's address).
A handler re-enables interrupts when it (or a function it calls) executes sei or writes SREG
from a constant with the I bit; then every handler is stacked once on top of main's chain,
otherwise only the deepest.

Usage: stack_depth.py IMAGE.elf [--reserve BYTES] [--flash-limit BYTES] [--out FILE] [--quiet]
  --out FILE     write the proven worst-case depth there (one number, for the scenario suites)
  --reserve N    fail unless static RAM + worst stack + N <= 2048 (default 256)
"""
import fnmatch
import re
import subprocess
import sys

RAM_START = 0x100  # ATmega328P: SRAM 0x100..0x8FF
RAMEND = 0x8FF
RAM_SIZE = RAMEND + 1 - RAM_START
SPL, SPH, SREG = 0x3D, 0x3E, 0x3F

# Indirect calls (icall) and jumps (ijmp) resolved by hand: (functions, targets, why).
# functions: names (or fnmatch patterns) of the functions whose icall/ijmp these are, without
# GCC's clone suffixes (.lto_priv.N, .constprop.N, .isra.N, .part.N). LTO inlines the engine
# into its callers, so a heap-ops call shows up wherever that happened.
# targets: function names, or '&symbol' (a pattern) for tables of function pointers: the call's
# pointer must then be traced (through registers and frame spills) to words of such a table,
# and the functions in those words are its targets (read from the image: function pointers
# are word addresses), so that a table that grows or a new table is followed without touching
# this list; a pointer that cannot be traced is an error.
INDIRECT = [
    # The engine's per-heap operations (engine_internal.h, engine_heap_ops_t), called through
    # engine_ops(r)->grundy, ->next_option, ->check_option, ->next_option_to: every function of
    # every engine_ops_<family> table. The console and the game call the engine, inlined.
    (['engine_*', 'exact_*', 'octal_*', 'takeaway_*', 'console_*', 'play_*'],
     ['&engine_ops_*'],
     'engine heap operations'),
    # console_print_error(cmd, line, put, put_u32) and console_print_text(pgm, put): every image
    # passes console_out_put and console_out_u32, which are uart_putc and uart_put_u32 (LTO
    # specialises the calls in the handheld's images; in uno's they are inlined into main).
    (['console_print_error', 'console_print_text', 'console_put_*', 'main'],
     ['uart_putc', 'uart_put_u32', 'console_out_put', 'console_out_u32'],
     "console_print_error's put and put_u32"),
]

CALL_USED = ['r0', 'r18', 'r19', 'r20', 'r21', 'r22', 'r23', 'r24', 'r25', 'r26', 'r27',
             'r30', 'r31']
SKIPS = {'cpse', 'sbrc', 'sbrs', 'sbic', 'sbis'}
# instructions whose first operand is not a register they write (any other instruction not
# handled one by one is taken to write its first operand, which then holds an unknown value)
NO_DEST = {'st', 'std', 'sts', 'out', 'push', 'cp', 'cpc', 'cpi', 'cpse', 'sbrc', 'sbrs',
           'sbic', 'sbis', 'sbi', 'cbi', 'tst', 'bst', 'nop', 'sleep', 'wdr', 'cli', 'sei',
           'break', 'clt', 'set', 'clc', 'sec', 'spm'}


class StackError(Exception):
    pass


def base_name(name):
    return re.sub(r'(\.(lto_priv|constprop|isra|part|cold)\.?\d*)+$', '', name)


def run(args):
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout


class Image:
    """The image's symbols, sections and disassembly."""

    def __init__(self, path):
        self.path = path
        self.funcs = {}  # address -> name of every code entry point (functions, libgcc, crt)
        self.objects = {}  # name -> (address, size) of data symbols
        self.sections = {}  # name -> (vma, lma, size)
        self.section_flags = {}
        self._read_symbols()
        self._read_sections()
        self._read_code()

    def _read_symbols(self):
        rows = []
        for line in run(['avr-readelf', '-W', '-s', self.path]).splitlines():
            f = line.split()
            if len(f) < 8 or not f[0][:-1].isdigit() or f[6] in ('UND', 'ABS'):
                continue
            rows.append((int(f[1], 16), int(f[2]), f[3], f[7], f[4]))
        names = {}
        for value, size, kind, name, bind in rows:
            if kind == 'OBJECT':
                self.objects[name] = (value, size)
            elif kind in ('FUNC', 'NOTYPE') and value < 0x800000 and not name.startswith('.'):
                # __vector_N: the handlers' FUNC symbols name them; the rest are weak aliases
                # of __bad_interrupt. Other NOTYPE code symbols: libgcc's and the startup's.
                if kind == 'NOTYPE' and (name.startswith('__vector') or
                                         (bind == 'LOCAL' and not name.startswith('_'))):
                    continue
                rank = (kind == 'FUNC', name == '__ctors_end', 'tors' not in name
                        and 'trampolines' not in name)
                prev = names.get(value)
                if prev is None or rank > prev[1]:
                    names[value] = (name, rank)
        self.funcs = {a: n for a, (n, _) in names.items()}
        self.by_name = {n: a for a, n in self.funcs.items()}

    def _read_sections(self):
        for line in run(['avr-objdump', '-h', self.path]).splitlines():
            f = line.split()
            if len(f) >= 6 and f[0].isdigit():
                self.sections[f[1]] = (int(f[3], 16), int(f[4], 16), int(f[2], 16))

    def section_size(self, name):
        return self.sections.get(name, (0, 0, 0))[2]

    def _read_code(self):
        self.code = {}  # address -> (size, mnemonic, operands)
        pat = re.compile(r'^\s*([0-9a-f]+):\t((?:[0-9a-f]{2} )+)\s*\t?([^\t;]*)\t?([^;]*)')
        for line in run(['avr-objdump', '-d', '-z', self.path]).splitlines():
            m = pat.match(line)
            if not m:
                continue
            addr = int(m.group(1), 16)
            size = len(m.group(2).split())
            mnem = m.group(3).strip()
            ops = [o.strip() for o in m.group(4).split(',')] if m.group(4).strip() else []
            self.code[addr] = (size, mnem, ops)
        self.data_bytes = {}
        for line in run(['avr-objdump', '-s', '-j', '.data', '-j', '.text', self.path]).splitlines():
            m = re.match(r'^ ([0-9a-f]{4,8}) ((?:[0-9a-f]{2,8} ?){1,4})', line)
            if not m:
                continue
            addr = int(m.group(1), 16)
            hexes = ''.join(m.group(2).split())
            for i in range(0, len(hexes), 2):
                self.data_bytes[addr + i // 2] = int(hexes[i:i + 2], 16)

    def table_targets(self, pattern, slots):
        """The functions a call reaches whose pointer was read from the data addresses slots,
        which must all be words of the tables named like pattern."""
        tables = [(n, a, z) for n, (a, z) in sorted(self.objects.items())
                  if fnmatch.fnmatch(base_name(n), pattern)]
        ram = {s | 0x800000 for s in slots or ()}
        if not ram or not all(any(a <= s < a + z and (s - a) % 2 == 0 for _, a, z in tables)
                              for s in ram):
            raise StackError(f'its pointer is not traced to a word of a {pattern} table')
        found = []
        for s in sorted(ram):
            lo, hi = self.data_bytes.get(s), self.data_bytes.get(s + 1)
            if lo is None or hi is None:
                raise StackError(f'cannot read the table word at 0x{s:x} from the image')
            target = (lo | hi << 8) * 2
            if target not in self.funcs:
                raise StackError(f'the table word at 0x{s:x} holds 0x{target:x}, not a function')
            found.append(target)
        return found

    def vectors(self):
        """Handler address of each interrupt vector (the vector table's jmp targets)."""
        out = []
        for n in range(26):  # ATmega328P: 26 vectors of 4 bytes
            ins = self.code.get(n * 4)
            if not ins or ins[1] not in ('jmp', 'rjmp'):
                raise StackError(f'vector {n} at 0x{n * 4:x} is not a jump')
            out.append(target_of(n * 4, ins))
        return out


def target_of(addr, ins):
    size, mnem, ops = ins
    if mnem in ('jmp', 'call'):
        return int(ops[0], 16)
    # rjmp/rcall/branches: objdump writes ".+N" relative to the next instruction
    rel = ops[-1]
    if not re.match(r'^\.[+-]\d+$', rel):
        raise StackError(f'0x{addr:x}: cannot read the target of {mnem} {",".join(ops)}')
    return addr + 2 + int(rel[1:])


def merge(a, b):
    """What a register holds where two paths meet: a few constants or table bytes together."""
    if a == b:
        return a
    if isinstance(a, frozenset) and isinstance(b, frozenset) and len(a | b) <= 8:
        return a | b
    if isinstance(a, tuple) and isinstance(b, tuple) and a[0] == b[0] == 'mem' \
            and len(a[1] | b[1]) <= 8:
        return ('mem', a[1] | b[1])
    return None


def shift(callee, base, chain):
    """The chain through callee, whose frame starts base bytes deep: (function, depth) pairs."""
    return [(callee, base)] + [(a, b + base) for a, b in chain]


def reg_num(op):
    m = re.match(r'^r(\d+)$', op)
    return int(m.group(1)) if m else None


def io_addr(op):
    return int(op, 0)


class Analysis:
    def __init__(self, image):
        self.img = image
        self.memo = {}  # entry -> (depth, chain, enables_interrupts)
        self.active = []
        self.pro = image.by_name.get('__prologue_saves__')
        self.epi = image.by_name.get('__epilogue_restores__')

    def name(self, addr):
        return self.img.funcs.get(addr, f'0x{addr:x}')

    def indirect_targets(self, func, addr, mnem, regs=None):
        base = base_name(self.name(func))
        exact = self.table_slots(regs) if regs is not None else None
        targets = []
        for funcs, wanted, _ in INDIRECT:
            if not any(fnmatch.fnmatch(base, p) for p in funcs):
                continue
            for t in wanted:
                if t.startswith('&'):
                    try:
                        targets += self.img.table_targets(t[1:], exact)
                    except StackError as e:
                        raise StackError(f'{mnem} at 0x{addr:x} in {self.name(func)}: {e}: '
                                         'resolve it in INDIRECT in tools/stack_depth.py')
                elif t in self.img.by_name:
                    targets.append(self.img.by_name[t])
                else:
                    cands = [a for a, n in self.img.funcs.items() if base_name(n) == t]
                    targets += cands
        if not targets and 'tablejump' in base:
            raise StackError(f'a switch statement compiled to a jump table ({self.name(func)}, '
                             f'{mnem} at 0x{addr:x}): its cases cannot be followed; build with '
                             '-fno-jump-tables or teach tools/stack_depth.py the table')
        if not targets:
            raise StackError(f'unknown indirect call ({mnem}) at 0x{addr:x} in {self.name(func)}: '
                             f'add it to INDIRECT in tools/stack_depth.py')
        return sorted(set(targets))

    def table_slots(self, regs):
        """Where Z was loaded from when both its bytes came from one table word, else None."""
        lo, hi = regs.get('r30'), regs.get('r31')
        if not (isinstance(lo, tuple) and isinstance(hi, tuple) and lo[0] == hi[0] == 'mem'):
            return None
        if hi[1] != frozenset(a + 1 for a in lo[1]):
            return None
        return lo[1]

    def callee(self, entry):
        """(deepest bytes this function and its callees push, chain, whether it executes sei,
        what it returns in r24, r25 when that is known)."""
        if entry in self.memo:
            return self.memo[entry]
        if entry in self.active:
            cycle = self.active[self.active.index(entry):] + [entry]
            raise StackError('recursion: ' + ' -> '.join(self.name(a) for a in cycle))
        if entry not in self.img.code:
            raise StackError(f'call to 0x{entry:x}, where no code is')
        self.active.append(entry)
        try:
            result = self.walk(entry)
        finally:
            self.active.pop()
        self.memo[entry] = result
        return result

    def walk(self, entry):
        img = self.img
        best = (0, [])  # deepest depth and the chain below this function
        sei = False
        returns = {}  # what r24, r25 hold on every way out (a table pointer engine_ops returns)
        returned = False

        def give_back(vals):
            nonlocal returns, returned
            vals = {k: vals.get(k) for k in ('r24', 'r25')}
            returns = vals if not returned else {k: merge(returns[k], vals[k]) for k in vals}
            returned = True
        seen = {}  # address -> (depth, regs)
        work = [(entry, 0, ())]
        fname = self.name(entry)

        def deeper(d, chain):
            nonlocal best
            if d > best[0]:
                best = (d, chain)

        while work:
            pc, depth, regs_t = work.pop()
            regs = dict(regs_t)
            if pc in seen:
                d0, r0 = seen[pc]
                if d0 != depth:
                    raise StackError(f'{fname}: stack depth {d0} and {depth} at 0x{pc:x} on two '
                                     'paths (a push in a loop?)')
                merged = tuple(sorted((k, m) for k, v in r0
                                      for m in [merge(v, regs.get(k))] if m is not None))
                if merged == r0:
                    continue
                regs = dict(merged)
                regs_t = merged
            seen[pc] = (depth, tuple(sorted(regs.items())))
            if pc == self.pro and pc != entry:
                raise StackError(f'{fname}: fell into __prologue_saves__')
            ins = img.code.get(pc)
            if ins is None:
                raise StackError(f'{fname}: no instruction at 0x{pc:x}')
            size, mnem, ops = ins
            nxt = pc + size
            deeper(depth, [])

            def go(to, d=depth, r=None):
                work.append((to, d, tuple(sorted((regs if r is None else r).items()))))

            def clobber(*names):
                for n in names:
                    regs.pop(n, None)

            if mnem in ('ret', 'reti'):
                if depth != 0:
                    raise StackError(f'{fname}: {mnem} at 0x{pc:x} with {depth} bytes still on '
                                     'the stack')
                give_back(regs)
                continue
            if mnem == 'push':
                go(nxt, depth + 1)
                continue
            if mnem == 'pop':
                clobber(ops[0])
                if depth < 1:
                    raise StackError(f'{fname}: pop at 0x{pc:x} below its frame')
                go(nxt, depth - 1)
                continue
            if mnem in ('call', 'rcall'):
                to = target_of(pc, ins)
                if mnem == 'rcall' and to == nxt:  # rcall .+0: 2 bytes of frame
                    go(nxt, depth + 2)
                    continue
                d, chain, s, rv = self.callee(to)
                sei |= s
                deeper(depth + 2 + d, shift(to, depth + 2, chain))
                clobber(*CALL_USED)
                regs.update({k: v for k, v in rv.items() if v is not None})
                go(nxt)
                continue
            if mnem in ('icall', 'eicall'):
                for to in self.indirect_targets(entry, pc, mnem, regs):
                    d, chain, s, _ = self.callee(to)
                    sei |= s
                    deeper(depth + 2 + d, shift(to, depth + 2, chain))
                clobber(*CALL_USED)
                go(nxt)
                continue
            if mnem in ('jmp', 'rjmp'):
                to = target_of(pc, ins)
                if self.pro is not None and self.pro <= to < self.pro + 36:
                    # -mcall-prologues: push r2..r17, r28, r29 from the entry point on, then
                    # the frame of r26:r27 bytes, Y = SP, and on at Z (a word address)
                    pushed = 18 - (to - self.pro) // 2
                    x = self.pair(regs, 'r26', 'r27')
                    z = self.pair(regs, 'r30', 'r31')
                    if x is None or z is None:
                        raise StackError(f'{fname}: __prologue_saves__ at 0x{pc:x} without a '
                                         'known frame size (r26:r27) or return (r30:r31)')
                    nd = depth + pushed + x
                    r = {k: v for k, v in regs.items() if k not in ('r0', 'r28', 'r29')}
                    r['r28'] = ('sp', nd, 0)
                    r['r29'] = ('sp', nd, 1)
                    go(z * 2, nd, r)
                    continue
                if self.epi is not None and self.epi <= to < self.epi + 54:
                    give_back(regs)  # __epilogue_restores__ unwinds the frame and returns
                    continue
                if to in img.funcs and to != entry:
                    d, chain, s, rv = self.callee(to)  # tail call: no return address
                    sei |= s
                    give_back(rv)
                    deeper(depth + d, shift(to, depth, chain))
                    continue
                go(to)
                continue
            if mnem == 'ijmp' or mnem == 'eijmp':
                if entry == self.pro:
                    continue  # __prologue_saves__ itself: followed at its callers
                for to in self.indirect_targets(entry, pc, mnem):
                    d, chain, s, rv = self.callee(to)
                    sei |= s
                    give_back(rv)
                    deeper(depth + d, shift(to, depth, chain))
                continue
            if mnem.startswith('br') and mnem not in ('break',):
                go(target_of(pc, ins))
                go(nxt)
                continue
            if mnem in SKIPS:
                go(nxt)
                go(nxt + img.code[nxt][0] if nxt in img.code else nxt)
                continue
            if mnem == 'sei' or (mnem == 'bset' and ops == ['7']):
                sei = True
                go(nxt)
                continue
            if mnem == 'out' and io_addr(ops[0]) == SREG:
                # SREG written back: from the value read in this function (its own I bit) or
                # from a constant, which re-enables interrupts when it holds I (bit 7)
                v = regs.get(ops[1])
                if isinstance(v, frozenset) and any(c & 0x80 for c in v):
                    sei = True
                go(nxt)
                continue
            if mnem == 'out':
                port = io_addr(ops[0])
                if port in (SPL, SPH):
                    v = regs.get(ops[1])
                    if isinstance(v, tuple) and v[0] == 'sp':
                        if port == SPL:
                            depth = v[1]
                    elif isinstance(v, frozenset) and len(v) == 1:
                        v = next(iter(v))
                        if port == SPH:
                            regs['sph'] = v
                        else:
                            if regs.get('sph') is None or (regs['sph'] << 8 | v) != RAMEND:
                                raise StackError(f'{fname}: SP set to an unknown constant at '
                                                 f'0x{pc:x}')
                            depth = 0
                    else:
                        raise StackError(f'{fname}: SP written at 0x{pc:x} from {ops[1]}, '
                                         'whose value is not known')
                go(nxt, depth)
                continue
            if mnem in ('sts',) and int(ops[0], 16) in (SPL + 0x20, SPH + 0x20):
                raise StackError(f'{fname}: SP written by sts at 0x{pc:x}')
            if mnem == '.word' or mnem.startswith('.') or mnem == '':
                raise StackError(f'{fname}: not an instruction at 0x{pc:x}')
            self.track(mnem, ops, regs, depth, pc, fname)
            go(nxt)
        return best[0], best[1], sei, returns

    @staticmethod
    def pair(regs, lo, hi):
        """The 16-bit constant in lo:hi, or None when it is not one known value."""
        a, b = regs.get(lo), regs.get(hi)
        if isinstance(a, frozenset) and isinstance(b, frozenset) and len(a) == len(b) == 1:
            return next(iter(a)) | next(iter(b)) << 8
        return None

    @staticmethod
    def frame_slot(regs, op):
        """The frame byte Y+k names while Y is the frame pointer (a key of regs), else None."""
        m = re.match(r'^Y\+(\d+)$', op)
        lo, hi = regs.get('r28'), regs.get('r29')
        if m and isinstance(lo, tuple) and isinstance(hi, tuple) and lo[0] == hi[0] == 'sp' \
                and lo[1] == hi[1]:
            return f'@{lo[1] - int(m.group(1))}'
        return None

    @staticmethod
    def pointers(regs, lo, hi):
        """The addresses lo:hi may hold (a few known constants), or None."""
        a, b = regs.get(lo), regs.get(hi)
        if isinstance(a, frozenset) and isinstance(b, frozenset) and len(a) * len(b) <= 16:
            return {x | y << 8 for x in a for y in b}
        return None

    @staticmethod
    def set_pointers(regs, lo, hi, addrs):
        if addrs is None:
            regs[lo] = regs[hi] = None
        else:
            regs[lo] = frozenset(a & 0xFF for a in addrs)
            regs[hi] = frozenset((a >> 8) & 0xFF for a in addrs)

    def track(self, mnem, ops, regs, depth, pc, fname):
        """Follow the registers a frame set-up needs: constants, SP copies, Y arithmetic."""
        dst = ops[0] if ops else None
        if mnem == 'ldi':
            regs[dst] = frozenset([int(ops[1], 0) & 0xFF])
        elif mnem in ('eor', 'sub', 'sbc') and ops[0] == ops[1]:
            regs[dst] = frozenset([0])
        elif mnem in ('st', 'std'):
            # spills to the frame (std Y+k with Y = SP) are remembered, so that a table pointer
            # parked there is still known when it is loaded back. A store through another
            # pointer is taken not to reach a spill slot (C takes no spill's address); a store
            # through Y that is not a known frame slot forgets them all.
            slot = self.frame_slot(regs, ops[0])
            if slot is not None:
                regs[slot] = regs.get(ops[1])
            elif 'Y' in ops[0]:
                for k in [k for k in regs if k.startswith('@')]:
                    del regs[k]
        elif mnem == 'ldd' and self.frame_slot(regs, ops[1]) is not None:
            regs[dst] = regs.get(self.frame_slot(regs, ops[1]))
        elif mnem in ('ld', 'ldd'):
            # a byte loaded through X, Y or Z: remember from where (an indirect call's target
            # read from a table is then known exactly)
            src = ops[1]
            m = re.match(r'^(-?)([XYZ])(\+?)(\d*)$', src)
            if not m:
                raise StackError(f'{fname}: cannot read {mnem} {",".join(ops)} at 0x{pc:x}')
            pre, ptr, post, disp = m.groups()
            if disp:
                post = ''  # Y+k, Z+k: a displacement, the pointer stays
            lo, hi = {'X': ('r26', 'r27'), 'Y': ('r28', 'r29'), 'Z': ('r30', 'r31')}[ptr]
            addrs = self.pointers(regs, lo, hi)
            if addrs is not None and pre:
                addrs = {a - 1 for a in addrs}
            value = None
            if addrs is not None:
                k = int(disp) if disp else 0
                value = ('mem', frozenset(a + k for a in addrs))
            if pre or post:
                self.set_pointers(regs, lo, hi,
                                  None if addrs is None else {a + 1 for a in addrs} if post
                                  else addrs)
            regs[dst] = value
        elif mnem == 'lds':
            regs[dst] = ('mem', frozenset([int(ops[1], 0) & 0xFFFF]))
        elif mnem == 'in':
            port = io_addr(ops[1])
            regs[dst] = ('sp', depth, 0) if port == SPL else ('sp', depth, 1) if port == SPH \
                else None
        elif mnem == 'mov':
            regs[dst] = regs.get(ops[1])
        elif mnem == 'movw':
            d, s = reg_num(ops[0]), reg_num(ops[1])
            regs[f'r{d}'] = regs.get(f'r{s}')
            regs[f'r{d + 1}'] = regs.get(f'r{s + 1}')
        elif mnem in ('sbiw', 'adiw'):
            d = reg_num(ops[0])
            lo, hi = regs.get(f'r{d}'), regs.get(f'r{d + 1}')
            k = int(ops[1], 0)
            if isinstance(lo, tuple) and isinstance(hi, tuple) and lo[0] == hi[0] == 'sp' \
                    and lo[1] == hi[1]:
                nd = lo[1] + k if mnem == 'sbiw' else lo[1] - k
                regs[f'r{d}'], regs[f'r{d + 1}'] = ('sp', nd, 0), ('sp', nd, 1)
            else:
                addrs = self.pointers(regs, f'r{d}', f'r{d + 1}')
                self.set_pointers(regs, f'r{d}', f'r{d + 1}', None if addrs is None else
                                  {(a + (k if mnem == 'adiw' else -k)) & 0xFFFF for a in addrs})
        elif mnem == 'subi' and isinstance(regs.get(dst), tuple) and regs[dst][0] == 'sp' \
                and regs[dst][2] == 0:
            regs[dst] = ('sub', regs[dst][1], int(ops[1], 0) & 0xFF)
        elif mnem == 'sbci' and isinstance(regs.get(dst), tuple) and regs[dst][0] == 'sp' \
                and regs[dst][2] == 1:
            lo_name = f'r{reg_num(dst) - 1}'
            lo = regs.get(lo_name)
            if isinstance(lo, tuple) and lo[0] == 'sub' and lo[1] == regs[dst][1]:
                k = lo[2] | (int(ops[1], 0) & 0xFF) << 8
                if k >= 0x8000:
                    k -= 0x10000
                nd = lo[1] + k
                regs[lo_name], regs[dst] = ('sp', nd, 0), ('sp', nd, 1)
            else:
                regs[dst] = None
        elif mnem in ('mul', 'muls', 'mulsu', 'fmul', 'fmuls', 'fmulsu'):
            regs['r0'] = regs['r1'] = None
        elif mnem in ('lpm', 'elpm') and not ops:
            regs['r0'] = None
        elif dst is not None and mnem not in NO_DEST:
            regs[dst] = None
        # pointer post-increment / pre-decrement changes the pointer pair
        for op in (ops if mnem not in ('ld', 'ldd') else ops[:1]):
            for p, (lo, hi) in (('X', ('r26', 'r27')), ('Y', ('r28', 'r29')), ('Z', ('r30', 'r31'))):
                if op in (p + '+', '-' + p):
                    regs[lo] = regs[hi] = None
        for k in [k for k, v in regs.items() if v is None]:
            del regs[k]


def chain_text(analysis, root, chain):
    parts = [analysis.name(root)]
    for addr, at in chain:
        parts.append(f'{analysis.name(addr)} ({at})')
    return ' > '.join(parts)


def analyse(path):
    img = Image(path)
    an = Analysis(img)
    vectors = img.vectors()
    reset = vectors[0]
    main_depth, main_chain, _, _ = an.callee(reset)
    handlers = []
    bad = img.by_name.get('__bad_interrupt')
    for n, h in enumerate(vectors[1:], start=1):
        if h == bad:
            continue
        d, chain, sei, _ = an.callee(h)
        handlers.append((d + 2, n, h, chain, sei))  # + the return address the interrupt pushes
    handlers.sort(reverse=True)
    nesting = [h for h in handlers if h[4]]
    if nesting:
        isr = sum(h[0] for h in handlers)  # any handler may interrupt any other, once each
    else:
        isr = handlers[0][0] if handlers else 0
    static = {s: img.section_size(s) for s in ('.data', '.bss', '.noinit')}
    flash = img.section_size('.text') + img.section_size('.data')
    return {
        'image': path, 'main': main_depth, 'main_chain': chain_text(an, reset, main_chain),
        'handlers': [(d, n, an.name(h), chain_text(an, h, c), s) for d, n, h, c, s in handlers],
        'nesting': bool(nesting), 'isr': isr, 'worst': main_depth + isr,
        'static': static, 'static_total': sum(static.values()), 'flash': flash,
    }


def main(argv):
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('elf')
    ap.add_argument('--reserve', type=int, default=256)
    ap.add_argument('--flash-limit', type=int, default=32256)
    ap.add_argument('--out')
    ap.add_argument('--quiet', action='store_true')
    a = ap.parse_args(argv)
    try:
        r = analyse(a.elf)
    except (StackError, subprocess.CalledProcessError, OSError) as e:
        print(f'stack_depth: {a.elf}: error: {e}', file=sys.stderr)
        return 1
    margin = RAM_SIZE - r['static_total'] - r['worst']
    s = r['static']
    if not a.quiet:
        print(f"{r['image']}: flash {r['flash']} of {a.flash_limit} bytes, "
              f"{a.flash_limit - r['flash']} free")
        print(f"  static RAM {r['static_total']} bytes (.data {s['.data']} + .bss {s['.bss']} "
              f"+ .noinit {s['.noinit']})")
        print(f"  main: {r['main']} bytes: {r['main_chain']}")
        top = r['handlers'][0] if r['handlers'] else None
        if top:
            print(f"  interrupts: deepest __vector_{top[1]}, {top[0]} bytes: {top[3]}; "
                  + ('a handler re-enables interrupts: all handlers nested, '
                     f"{r['isr']} bytes" if r['nesting'] else
                     'no handler re-enables interrupts: one level'))
        print(f"  proven worst stack {r['worst']} bytes; RAM margin {margin} bytes "
              f"(needed: {a.reserve})")
    if a.out:
        with open(a.out, 'w') as f:
            f.write(f"{r['worst']}\n")
    if margin < a.reserve:
        print(f"stack_depth: {a.elf}: static RAM {r['static_total']} + stack {r['worst']} leaves "
              f"{margin} bytes, under the {a.reserve} required", file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
