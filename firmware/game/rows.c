/* Row masks to engine positions and engine moves back to tokens: the one place
 * that knows where on the board a heap lies. */
#include <avr/pgmspace.h>

#include "rows.h"
#include "uart.h"

uint8_t rows_count(uint8_t mask)
{
    uint8_t n = 0;
    for (; mask; mask &= (uint8_t)(mask - 1)) n++;
    return n;
}

void rows_set(rows_t *b, uint8_t entry, uint8_t used, const uint8_t mask[BOARD_ROWS])
{
    uint8_t n = 0;
    b->line = entry == GAMES_ENTRY_LINE;
    for (uint8_t r = 0; r < BOARD_ROWS; r++) {
        b->mask[r] = r < used ? mask[r] : 0;
        if (r >= used) continue;
        if (entry != GAMES_ENTRY_LINE) {
            b->where[n] = (uint8_t)(r << 4);
            b->pos.heap[n++] = rows_count(b->mask[r]);
            continue;
        }
        /* each run of pins, ended by a gap or by the row's end */
        uint8_t m = b->mask[r], run = 0;
        for (uint8_t i = 0; i <= board_row_length(r); i++, m >>= 1) {
            if (i < board_row_length(r) && (m & 1)) {
                run++;
            } else if (run) {
                b->where[n] = (uint8_t)(r << 4 | (i - run));
                b->pos.heap[n++] = run;
                run = 0;
            }
        }
    }
    b->pos.count = n;
}

static uint8_t rows_span(uint8_t from, uint8_t count)
{
    return (uint8_t)(((1u << count) - 1) << from);
}

void rows_taken(const rows_t *b, const engine_move_t *m, uint8_t out[BOARD_ROWS])
{
    for (uint8_t r = 0; r < BOARD_ROWS; r++) out[r] = 0;
    if (m->heap == ENGINE_HEAP_ALL) return; /* moore: the caller knows the heaps after it */
    const uint8_t take = (uint8_t)m->take;
    if (m->heap == ENGINE_HEAP_BOTH) { /* Wythoff: the right end of rows 0 and 1 */
        for (uint8_t r = 0; r < 2; r++)
            out[r] = rows_span((uint8_t)(b->pos.heap[r] - take), take);
        return;
    }
    const uint8_t row = b->where[m->heap] >> 4, first = b->where[m->heap] & 15;
    const uint8_t h = (uint8_t)b->pos.heap[m->heap];
    /* heap games take from the right end, whatever side the engine leaves the rest on;
     * line games keep `left` pins on the left of the gap */
    const uint8_t from = b->line ? (uint8_t)(first + m->left) : (uint8_t)(h - take);
    out[row] = rows_span(from, take);
}

void rows_print(const rows_t *b)
{
    if (!b->line) {
        for (uint8_t i = 0; i < b->pos.count; i++) {
            uart_putc(' ');
            uart_put_u32(b->pos.heap[i]);
        }
    } else {
        for (uint8_t r = 0; r < BOARD_ROWS; r++) {
            uart_putc(' ');
            uint8_t mask = b->mask[r];
            for (uint8_t i = 0; i < board_row_length(r); i++, mask >>= 1) uart_putc(mask & 1 ? '#' : '.');
        }
    }
    uart_end_line();
}
