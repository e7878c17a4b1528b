/* Host tests of the display's text on a grid board (matrix8's 8x8), built with
 * AddressSanitizer: every character of the font at every column from off the left to off
 * the right lights only the five text rows, only the columns on the grid, exactly the
 * glyph's dots, and never writes outside the display's states (ASan stops the run). */
#include <string.h>

#include "check.h"
#include "display.h"

/* The board: what the tick shows is kept for the test to read. */
static uint8_t test_shown[BOARD_ROWS];
void board_show(const uint8_t lit[BOARD_ROWS])
{
    memcpy(test_shown, lit, sizeof test_shown);
}

static void test_clear(void)
{
    for (uint8_t r = 0; r < BOARD_ROWS; r++) display_fill(r, DISPLAY_OFF);
}

/* The glyphs as a reader sees them, independent of the firmware's font bytes: five rows of
 * the columns, '#' lit. */
static const struct {
    char c;
    const char *rows[5];
} test_glyphs[] = {
    {'8', {"###", "#.#", "###", "#.#", "###"}},
    {'1', {".#.", "##.", ".#.", ".#.", "###"}},
    {'W', {"#...#", "#...#", "#.#.#", "##.##", "#...#"}},
    {'M', {"#...#", "##.##", "#.#.#", "#...#", "#...#"}},
    {'L', {"#..", "#..", "#..", "#..", "###"}},
};

int main(void)
{
    /* every character the font has, and some it lacks, everywhere on and off the grid */
    const char *chars = " 0123456789ABCDEFIKLMNOPRSWYZ?a";
    for (const char *c = chars; *c; c++)
        for (int x = -8; x <= 9; x++) {
            const char text[2] = {*c, 0};
            test_clear();
            const int8_t after = display_text(text, (int8_t)x);
            display_render();
            CHECK(after > x && after <= x + 6, "'%c' at %d: column after it %d", *c, x, after);
            for (uint8_t r = 0; r < BOARD_ROWS; r++)
                if (r < DISPLAY_TEXT_TOP || r >= DISPLAY_TEXT_TOP + 5)
                    CHECK(test_shown[r] == 0, "'%c' at %d lights row %u: %02x", *c, x, r,
                          test_shown[r]);
        }

    /* the dots of a few glyphs, at the left edge, inside and cut by the right edge */
    for (size_t g = 0; g < sizeof test_glyphs / sizeof test_glyphs[0]; g++)
        for (int x = -2; x <= 6; x++) {
            const char text[2] = {test_glyphs[g].c, 0};
            test_clear();
            display_text(text, (int8_t)x);
            display_render();
            for (uint8_t r = 0; r < 5; r++) {
                uint8_t want = 0;
                const char *row = test_glyphs[g].rows[r];
                for (int i = 0; row[i]; i++)
                    if (row[i] == '#' && x + i >= 0 && x + i < 8) want |= (uint8_t)(1u << (x + i));
                CHECK(test_shown[DISPLAY_TEXT_TOP + r] == want, "'%c' at %d, text row %u: %02x, not %02x",
                      test_glyphs[g].c, x, r, test_shown[DISPLAY_TEXT_TOP + r], want);
            }
        }

    /* scrolling "WIN" and "LOSE" through, frame by frame, keeps to the text rows */
    const char *words[] = {"WIN", "LOSE"};
    for (size_t w = 0; w < 2; w++) {
        uint16_t ms = 0;
        while (display_scroll(words[w], ms)) {
            display_render();
            CHECK(test_shown[0] == 0 && test_shown[1] == 0 && test_shown[7] == 0,
                  "%s at %u ms lights rows outside the text", words[w], ms);
            ms += DISPLAY_SCROLL_MS;
        }
        CHECK(ms > 8 * DISPLAY_SCROLL_MS, "%s scrolled out after only %u ms", words[w], ms);
    }

    return check_summary("display") != 0;
}
