/* Host tests of the display's text on a grid board (matrix8's 8x8), built with
 * AddressSanitizer: every character of the font at every column from off the left to off
 * the right lights only the five text rows, only the columns on the grid, exactly the
 * glyph's dots, and never writes outside the display's states (ASan stops the run). */
#include <string.h>

#include "check.h"
#include "display.h"

/* The board: what the display shows is kept for the test to read; no timing of its own. */
static uint8_t test_shown[BOARD_ROWS];
static unsigned test_shows; /* board_show calls so far */
void board_show(const uint8_t lit[BOARD_ROWS])
{
    memcpy(test_shown, lit, sizeof test_shown);
    test_shows++;
}

uint8_t board_tick(void)
{
    return 0;
}

static uint32_t test_ms; /* display_tick calls so far */

/* A finished picture, shown as the main loop would. */
static void test_render(void)
{
    display_end();
    display_update();
}

static void test_clear(void)
{
    display_fill_rows(0, DISPLAY_OFF);
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
            test_render();
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
            test_render();
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
            test_render();
            CHECK(test_shown[0] == 0 && test_shown[1] == 0 && test_shown[7] == 0,
                  "%s at %u ms lights rows outside the text", words[w], ms);
            ms += DISPLAY_SCROLL_MS;
        }
        CHECK(ms > 8 * DISPLAY_SCROLL_MS, "%s scrolled out after only %u ms", words[w], ms);
    }

    /* the blink phases, display_update called every millisecond as the main loop does: every
     * millisecond the frame shown is what each state's own definition gives at that time
     * (BLINK 3 Hz, FLASH 10 Hz, CURSOR's 80 ms blip twice a second, SLOW 1 Hz), and a picture
     * with no blinking state is never shown again */
    static const char *const names[] = {"off", "on", "blink", "blink-alt", "flash", "cursor", "slow"};
    for (display_state_t st = DISPLAY_OFF; st <= DISPLAY_SLOW; st++) {
        test_clear();
        display_set(0, 0, st);
        display_set(1, 1, DISPLAY_ON);
        test_render();
        unsigned wrong = 0, edges = 0;
        const unsigned shows_before = test_shows;
        bool was = test_shown[0] & 1;
        for (uint32_t t = 0; t < 4000; t++) {
            display_tick(); /* the millisecond tick */
            display_update(); /* shows only when a phase edge in use asked for it */
            const uint32_t ms = test_ms + 1; /* the tick's count since the first */
            test_ms = ms;
            const bool blink = (ms / DISPLAY_BLINK_MS) & 1, flash = (ms / DISPLAY_FLASH_MS) & 1;
            const uint32_t blip = ms % DISPLAY_BLIP_EVERY_MS, slow = ms % DISPLAY_SLOW_MS;
            const bool want[] = {0, 1, blink, !blink, flash, blip >= DISPLAY_BLIP_MS,
                                 slow < DISPLAY_SLOW_MS / 2};
            wrong += (test_shown[0] & 1) != want[st] || test_shown[1] != 2;
            edges += want[st] != was;
            was = want[st];
        }
        CHECK(wrong == 0, "%s: %u of 4000 ms showed the wrong frame", names[st], wrong);
        const unsigned shows = test_shows - shows_before;
        CHECK(shows == edges, "%s: shown %u times in 4 s, its edges are %u", names[st], shows, edges);
    }

    return check_summary("display") != 0;
}
