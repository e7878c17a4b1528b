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
