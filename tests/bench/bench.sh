#!/bin/sh
# make bench: runs the benchmark firmware under simavr and prints, per game, the
# median and worst AVR cycles to choose the device's move and the deepest stack,
# then the flash and RAM the engine takes in that image, each against its target.
# BENCH_QUICK=1 in the environment: BENCH_ELF is the quick build (fewer positions), said so.
# Usage: bench.sh AVR_RUN BENCH_ELF ENGINE_OBJECTS...
#        bench.sh --sizes BENCH_ELF ENGINE_OBJECTS...  (the flash and RAM lines only, no run)
set -eu
sizes_only=false
if [ "$1" = --sizes ]; then sizes_only=true; run=; elf=$2; else run=$1 elf=$2; fi
shift 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if ! $sizes_only; then
"$run" --cycles 2e10 --stats "$tmp/stats" "$elf" >"$tmp/out"

if [ "${BENCH_QUICK:-0}" != 0 ]; then
    echo "QUICK FORM (make test): 500 random positions, up to 3 heaps in 'all', 8 hard positions,"
    echo "misere positions of up to 10 tokens; make bench gives the figures below in full."
fi
echo "Engine decision (engine_best_move: Perfect) in AVR cycles at 16 MHz, measured by simavr."
echo "all: every position of 1-4 heaps <= 8 (Wythoff: 2); random: 10,000 positions of 8 heaps <= 8"
echo "(Kayles-like: 8 rows of 8 pins with a gap; Wythoff: 2 heaps); hard: 64 known hard positions"
echo "with the work buffer emptied (run-time Grundy values recomputed). stack: the deepest during"
echo "the decisions (the rules are made before the stack is watched)."
echo
awk -v out="$tmp/out" '
    BEGIN {
        while ((getline line < out) > 0) {
            split(line, w, " ")
            if (w[1] != "stack") continue
            stack[w[2]] = w[3]
            if (w[2] ~ /^misere:/) morder[++mn] = w[2]; else order[++n] = w[2]
        }
        printf "%-12s %8s %8s %8s %8s %8s %8s %6s\n", "game", "all-med", "all-max", \
            "rnd-med", "rnd-max", "hard-med", "hard-max", "stack"
    }
    $1 == "tag" && $12 ~ /console$/ { console = console (console == "" ? "" : "; ") sprintf("%s: median %d, worst %d cycles", $12, $8, $10); next }
    $1 == "tag" {
        split($12, part, "/")
        med[part[1], part[2]] = $8; max[part[1], part[2]] = $10
        if (part[1] ~ /^misere:/) {
            if (part[2] == "cold" && $10 > mworst) { mworst = $10; mworst_at = part[1] }
            next
        }
        if ($10 > worst) { worst = $10; worst_at = $12 }
    }
    END {
        for (i = 1; i <= n; i++) {
            g = order[i]
            hm = ((g, "worst") in med) ? med[g, "worst"] : "-"
            hx = ((g, "worst") in max) ? max[g, "worst"] : "-"
            printf "%-12s %8d %8d %8d %8d %8s %8s %6d\n", g, med[g, "all"], max[g, "all"], \
                med[g, "random"], max[g, "random"], hm, hx, stack[g]
            if (stack[g] > deepest) deepest = stack[g]
        }
        if (mn) {
            print "\nMisere variants, exact search: every position of 1-16 tokens (each multiset of heaps"
            print "once: 914, 231 of them of 16 tokens), decided in turn with the memo kept (warm) and each"
            print "with an empty memo (cold); 3,4,5: heaps 3, 4, 5 with an empty memo."
            printf "%-20s %8s %8s %8s %8s %8s %6s\n", "game", "warm-med", "warm-max", "cold-med", \
                "cold-max", "3,4,5", "stack"
        }
        for (i = 1; i <= mn; i++) {
            g = morder[i]
            printf "%-20s %8d %8d %8d %8d %8d %6d\n", g, med[g, "warm"], max[g, "warm"], \
                med[g, "cold"], max[g, "cold"], max[g, "345"], stack[g]
            if (stack[g] > deepest) deepest = stack[g]
        }
        printf "\nworst case %d cycles (%s), %.3f ms: target <= 10000 cycles: %s\n", worst, \
            worst_at, worst / 16000, worst <= 10000 ? "met" : "MISSED"
        if (console != "") printf "console-sized, outside the device target: %s\n", console
        if (mn) printf "misere variants, outside the device target: worst cold decision %d cycles (%s), %.1f ms\n", \
            mworst, mworst_at, mworst / 16000
        printf "deepest stack during a decision %d bytes: target <= 256: %s\n", deepest, \
            deepest <= 256 ? "met" : "MISSED"
    }' "$tmp/stats"
fi

# Flash and RAM of the engine in the benchmark image: the sizes, in the linked ELF, of
# every symbol the engine objects define (tables included; shared libgcc helpers not).
for obj in "$@"; do
    avr-nm --defined-only "$obj" | awk -v file="$(basename "$obj" .o)" 'NF == 3 { print $3, file }'
done >"$tmp/engine_syms"
avr-nm -S --size-sort "$elf" | awk -v syms="$tmp/engine_syms" '
    BEGIN { while ((getline line < syms) > 0) { split(line, f, " "); if (!(f[1] in mine)) mine[f[1]] = f[2] } }
    NF == 4 && ($4 in mine) {
        size = 0; hex = toupper($2)
        for (i = 1; i <= length(hex); i++) size = size * 16 + index("0123456789ABCDEF", substr(hex, i, 1)) - 1
        t = tolower($3)
        if (t == "t" || t == "r" || t == "d") { flash += size; by_file[mine[$4]] += size }
        if (t == "d") ram += size
        else if (t == "b") { if ($4 == "engine_work") work = size; else ram += size }
        if ($4 ~ /^engine_table_.*_(nibbles|marks|phrases)$/) tables += size
    }
    END {
        # no target of its own: the flash budget is per board image (the first step)
        printf "engine flash %d bytes (code %d + tables %d)\n", flash, flash - tables, tables
        printf "engine flash by source file:"
        files = 0
        for (file in by_file) files++
        for (n = 0; n < files; n++) {
            top = ""
            for (file in by_file)
                if (!(file in shown) && (top == "" || by_file[file] > by_file[top])) top = file
            shown[top] = 1
            printf "%s %s.c %d", n ? "," : "", top, by_file[top]
        }
        printf "\n"
        printf "engine static RAM %d bytes + work buffer %d: targets <= 128 and <= 256: %s\n", \
            ram, work, (ram <= 128 && work <= 256) ? "met" : "MISSED"
    }'
