/* Prints the console's error replies as the firmware words them, one a line, with their
 * CONSOLE_W_* words spelt out and the places the reply fills in kept as \1 (a word), \2 (a
 * number), \3 (the command), \4 (a game's hint): readme_replies.sh checks the README's quotes
 * against them. Includes console_parse.c itself, to read its tables; built as grundy's, it
 * adds the uno image's own words for explain grundy's limit. */
#include <stdio.h>

#include "console_parse.c"

static void templates_put(char c)
{
    putchar(c);
}

int main(void)
{
    for (uint8_t e = CONSOLE_OK + 1; e < CONSOLE_ERRORS; e++) {
        const char *m = console_nth(console_messages, e);
        char c;
        while ((c = (char)pgm_read_byte(m++)) != 0) {
            if (c >= '\1' && c <= '\4') printf("\\%d", c);
            else console_put_char(c, templates_put);
        }
        putchar('\n');
    }
    /* explain grundy's limit as the uno image words it (this build is grundy's) */
    for (const char *c = CONSOLE_OPTIONS_UNO; *c; c++) {
        if (*c >= '\1' && *c <= '\4') printf("\\%d", *c);
        else console_put_char(*c, templates_put);
    }
    putchar('\n');
    return 0;
}
