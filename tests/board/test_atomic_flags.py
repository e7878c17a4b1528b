#!/usr/bin/env python3
"""Checks, in an image's disassembly, that every read-then-clear of a flag an interrupt sets is
done with interrupts off: each `lds` of the flag followed, in the same function, by a `sts` to it
must lie after a `cli` with no `sei` or SREG restore (`out 0x3f`) before the `sts`. Otherwise an
interrupt between the two instructions sets the flag and the clear loses it (issue 21, 4.8:
matrix8's board_refresh, set by the tick, read and cleared by board_show).
Usage: test_atomic_flags.py FIRMWARE.elf SYMBOL...; ends with "N passed, M failed"."""
import re
import subprocess
import sys

LOOK_BACK = 12  # instructions before the lds to find the cli in
LOOK_AHEAD = 12  # instructions after the lds to find the clearing sts in


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    elf, symbols = sys.argv[1], sys.argv[2:]
    text = subprocess.run(["avr-objdump", "-d", elf], capture_output=True, text=True, check=True).stdout
    insns = []  # (mnemonic, operands, comment)
    for line in text.splitlines():
        m = re.match(r"\s+[0-9a-f]+:\s+(?:[0-9a-f]{2} )+\s*(\S+)\s*([^;]*)(?:;\s*(.*))?$", line)
        if m:
            insns.append((m.group(1), m.group(2).strip(), m.group(3) or ""))
        elif re.match(r"[0-9a-f]+ <", line):
            insns.append(("<function>", "", ""))
    passed = failed = 0
    for sym in symbols:
        found = 0
        for i, (op, args, comment) in enumerate(insns):
            if op != "lds" or not re.search(r"<%s(\.lto_priv\.\d+)?>" % re.escape(sym), comment):
                continue
            addr = args.split(",")[1].strip()
            clear = None
            for j in range(i + 1, min(i + 1 + LOOK_AHEAD, len(insns))):
                if insns[j][0] in ("ret", "reti", "<function>"):
                    break
                if insns[j][0] == "sts" and insns[j][1].split(",")[0].strip() == addr:
                    clear = j
                    break
            if clear is None:
                continue  # read only
            found += 1
            off = None
            for j in range(i - 1, max(-1, i - 1 - LOOK_BACK), -1):
                if insns[j][0] == "<function>" or insns[j][0] == "sei" or (insns[j][0] == "out" and insns[j][1].startswith("0x3f")):
                    break
                if insns[j][0] == "cli":
                    off = j
                    break
            between_on = any(o == "sei" or (o == "out" and a.startswith("0x3f")) for o, a, _ in insns[i + 1:clear])
            if off is not None and not between_on:
                passed += 1
            else:
                failed += 1
                print("FAIL: %s: read at instruction %d and cleared at %d with interrupts on" % (sym, i, clear))
        if not found:
            failed += 1
            print("FAIL: %s: no read-then-clear found in %s (renamed? inlined differently?)" % (sym, elf))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
