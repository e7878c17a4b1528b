/* The position a board's rows show (rows_pos.h): one routine for the suites that read a
 * position off the LEDs or off the firmware's lines, so they count heaps alike. */
#include "rows_pos.h"

#include <stdlib.h>
#include <string.h>

unsigned rows_pos_count(uint8_t mask)
{
    unsigned n = 0;
    for (; mask; mask &= (uint8_t)(mask - 1)) n++;
    return n;
}

brute_pos_t rows_pos_of(const uint8_t *mask, const unsigned *len, unsigned rows, bool line)
{
    brute_pos_t p = {0};
    for (unsigned r = 0; r < rows; r++) {
        if (!line) {
            p.heap[p.count++] = (uint8_t)rows_pos_count(mask[r]);
            continue;
        }
        for (unsigned i = 0; i < len[r];) {
            if (!(mask[r] >> i & 1)) {
                i++;
                continue;
            }
            const unsigned start = i;
            while (i < len[r] && (mask[r] >> i & 1)) i++;
            p.heap[p.count++] = (uint8_t)(i - start);
        }
    }
    return p;
}

bool rows_pos_parse(const char *p, const unsigned *len, unsigned rows, unsigned used, bool line,
                    bool queen, uint8_t mask[ROWS_POS_MAX])
{
    memset(mask, 0, ROWS_POS_MAX);
    for (unsigned r = 0; r < (line ? rows : used); r++) {
        if (*p++ != ' ') return false;
        if (line) {
            for (unsigned i = 0; i < len[r]; i++, p++) {
                if (*p != '#' && *p != '.') return false;
                if (*p == '#') mask[r] |= (uint8_t)(1u << i);
            }
            if (r >= used && mask[r]) return false; /* a row line games do not use */
        } else {
            char *end;
            long v = strtol(p, &end, 10);
            if (end == p || v < 0 || v > (long)len[r] - (queen ? 1 : 0)) return false;
            mask[r] = (uint8_t)((1u << v) - 1);
            p = end;
        }
    }
    return *p == '\0';
}

bool rows_pos_legal(const brute_game_t *rules, const uint8_t *before, const uint8_t *after,
                    const unsigned *len, unsigned rows, unsigned used, bool line, bool wythoff)
{
    unsigned changed = 0;
    for (unsigned r = 0; r < rows; r++) {
        if (after[r] & ~before[r]) return false;
        if (after[r] == before[r]) continue;
        changed++;
        const uint8_t gone = (uint8_t)(before[r] & ~after[r]);
        const uint8_t low = (uint8_t)(gone >> __builtin_ctz(gone));
        if (line && (low & (low + 1))) return false; /* not one block */
        if (!line && (after[r] & (after[r] + 1))) return false; /* not packed */
    }
    if (changed != 1 && !(wythoff && changed == 2)) return false;
    /* the diagonal keeps the rows in place: compare in order */
    if (changed == 2 && rows_pos_count(before[0]) - rows_pos_count(after[0]) !=
                            rows_pos_count(before[1]) - rows_pos_count(after[1]))
        return false;
    brute_pos_t p = rows_pos_of(before, len, used, line), want = rows_pos_of(after, len, used, line);
    brute_iter_t it = {0};
    brute_move_t m;
    while (brute_next_move(rules, &p, &it, &m)) {
        brute_pos_t q;
        brute_apply(rules, &p, &m, &q);
        if (brute_same(rules, &q, &want)) return true;
    }
    return false;
}
