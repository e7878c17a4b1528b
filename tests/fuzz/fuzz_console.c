/* libFuzzer target for the console's parser: any bytes, as one command line the way the device
 * hands it over (at most CONSOLE_LINE_MAX characters), must parse to a command whose position
 * the engine accepts, or to an error about a word inside the line, printed as printable text. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "console_parse.h"

static char fuzz_out[1024];
static size_t fuzz_out_len;

static void fuzz_put(char c)
{
    if (fuzz_out_len + 1 < sizeof fuzz_out) fuzz_out[fuzz_out_len++] = c;
    else abort(); /* an error message far longer than any line */
}

static void fuzz_put_u32(uint32_t v)
{
    char digits[11];
    snprintf(digits, sizeof digits, "%lu", (unsigned long)v);
    for (const char *d = digits; *d; d++) fuzz_put(*d);
}

static void fuzz_require(int ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "fuzz_console: %s\n", what);
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char line[CONSOLE_LINE_MAX];
    const uint8_t len = (uint8_t)(size < sizeof line ? size : sizeof line);
    memcpy(line, data, len);
    console_cmd_t cmd;
    memset(&cmd, 0xA5, sizeof cmd); /* nothing may be read before it is written */
    const console_error_t e = console_parse(line, len, &cmd);
    fuzz_require(e == cmd.error && e < CONSOLE_ERRORS, "error code out of range");
    fuzz_require(cmd.verb <= CONSOLE_VERBS, "verb out of range");
    if (e == CONSOLE_OK) {
        fuzz_require(cmd.verb < CONSOLE_VERBS, "no verb");
        if (cmd.verb <= CONSOLE_NEW) {
            fuzz_require(cmd.pos.count >= 1 && cmd.pos.count <= ENGINE_MAX_HEAPS, "heap count");
            fuzz_require(engine_check_position(&cmd.rules, &cmd.pos) == ENGINE_OK,
                         "a position the engine refuses");
            fuzz_require(cmd.verb != CONSOLE_GRUNDY || cmd.pos.count == 1, "grundy of several heaps");
            fuzz_require(!cmd.mex || cmd.pos.count == 1, "explain grundy of several heaps");
            fuzz_require(cmd.verb != CONSOLE_EXPLAIN || engine_is_sum_game(&cmd.rules),
                         "explain of a game that is not a sum");
        }
        return 0;
    }
    fuzz_require((unsigned)cmd.at + cmd.len <= len, "error word outside the line");
    fuzz_out_len = 0;
    console_print_error(&cmd, line, fuzz_put, fuzz_put_u32);
    fuzz_require(fuzz_out_len > 0, "empty error message");
    for (size_t i = 0; i < fuzz_out_len; i++)
        fuzz_require(fuzz_out[i] >= ' ' && fuzz_out[i] < 0x7F, "unprintable byte in a message");
    return 0;
}
