/* Command lines from the UART: characters gathered up to a line end, an overlong line cut
 * and reported at its end, and a gap in the input (the queue ran over, a byte came garbled)
 * reported as the lines it cost, so that no line is ever answered half-read. */
#include "console_line.h"
#include "console_parse.h"
#include "uart.h"

static struct {
    char text[CONSOLE_LINE_MAX];
    uint8_t len;
    uint8_t overlong;  /* the line passed CONSOLE_LINE_MAX: the rest is dropped */
    uint8_t lost;      /* lines lost, this one included, to report at its end (0: none) */
    uint8_t next_lost; /* the next line lost its start in the gap */
    uint8_t returned;  /* a line was returned: start afresh on the next call */
} cl;

static console_line_t console_line_end(void)
{
    cl.returned = 1;
    if (cl.lost) return CONSOLE_LINE_LOST;
    return cl.overlong ? CONSOLE_LINE_LONG : CONSOLE_LINE_READY;
}

console_line_t console_line_read(bool *seen)
{
    if (cl.returned) {
        cl.returned = 0;
        cl.len = cl.overlong = 0;
        cl.lost = cl.next_lost;
        cl.next_lost = 0;
    }
    for (;;) {
        const int16_t c = uart_getc();
        if (c == UART_RX_NONE) return CONSOLE_LINE_NONE;
        *seen = true;
        if (c == UART_RX_LOST) {
            uint8_t clean;
            const uint8_t ends = uart_lost_line_ends(&clean);
            cl.lost = ends ? ends : 1; /* this line, and ends - 1 more that went whole */
            if (ends) {                /* this line ended in the gap */
                cl.next_lost = !clean;
                return console_line_end();
            }
        } else if (c == '\n' || c == '\r') {
            if (cl.len || cl.overlong || cl.lost) return console_line_end();
        } else if (cl.len < CONSOLE_LINE_MAX) {
            cl.text[cl.len++] = (char)c;
        } else {
            cl.overlong = 1;
        }
    }
}

char *console_line_text(void)
{
    return cl.text;
}

uint8_t console_line_len(void)
{
    return cl.len;
}

uint8_t console_line_lost(void)
{
    return cl.lost;
}
