/* Digital Deletions as a console game on a computer: `solve`, `moves` and `grundy` of one
 * string of 1 to 6 digits, in the console's reply forms (P, N and the string after a winning
 * move, one move a line then count). The empty string, after a move that erases every digit,
 * is written "-". Who removes the last digit wins; misere:digits is Conway's original. */
#include <string.h>

#include "digits.h"
#include "grundy_digits.h"

static void dd_text(const char *s)
{
    while (*s) console_out_put(*s++);
}

static void dd_line(const char *s)
{
    dd_text(s);
    console_out_end_line();
}

/* A string after a move: "-" when it is empty. */
static void dd_string(const char *s)
{
    dd_text(*s ? s : "-");
}

/* The next word of line at *at: its start, its length in *n (0: none). */
static char *dd_word(char *line, size_t *at, size_t *n)
{
    size_t i = *at + strspn(line + *at, " \t");
    char *w = line + i;
    *n = strcspn(w, " \t");
    *at = i + *n;
    return w;
}

static bool dd_is(const char *w, size_t n, const char *name)
{
    return n == strlen(name) && !memcmp(w, name, n);
}

bool grundy_digits_answer(char *line)
{
    for (char *c = line; *c; c++)
        if (*c >= 'A' && *c <= 'Z') *c = (char)(*c + ('a' - 'A'));
    size_t at = 0, vn, gn, sn, rest;
    char *verb = dd_word(line, &at, &vn);
    const char *game = dd_word(line, &at, &gn);
    if (dd_is(verb, vn, "digits") || dd_is(verb, vn, "misere:digits")) { /* the game as a verb */
        verb[vn] = 0;
        dd_text("err ");
        dd_text(verb);
        dd_text(" is a game: ask solve ");
        dd_text(verb);
        dd_text(" 1020 (or moves ");
        dd_text(verb);
        dd_line(" 1020)");
        return true;
    }
    const bool conway = dd_is(game, gn, "misere:digits");
    if (!conway && !dd_is(game, gn, "digits")) return false;
    if (!dd_is(verb, vn, "solve") && !dd_is(verb, vn, "moves") && !dd_is(verb, vn, "grundy"))
        return false; /* new, show, ...: the console's own answer */
    char *s = dd_word(line, &at, &sn);
    dd_word(line, &at, &rest);
    if (dd_is(verb, vn, "grundy")) {
        dd_line("err digits is answered by solve and moves only (try solve)");
        return true;
    }
    char digits[JUDGE_DIGITS_MAX + 1] = "";
    if (sn <= JUDGE_DIGITS_MAX) {
        memcpy(digits, s, sn);
        digits[sn] = 0;
    }
    if (sn == 0 || rest || sn > JUDGE_DIGITS_MAX || !judge_digits_valid(digits)) {
        dd_line("err digits takes one string of 1 to 6 digits, like solve digits 1020");
        return true;
    }
    char moves[JUDGE_DIGITS_MOVES_MAX][JUDGE_DIGITS_MAX + 1];
    const int n = judge_digits_winning_moves(digits, conway, moves);
    if (dd_is(verb, vn, "solve")) {
        if (n == 0) {
            dd_line("P");
        } else {
            dd_text("N ");
            dd_string(moves[0]);
            console_out_end_line();
        }
        return true;
    }
    for (int i = 0; i < n; i++) {
        dd_string(moves[i]);
        console_out_end_line();
    }
    dd_text("count ");
    console_out_u32((uint32_t)n);
    console_out_end_line();
    return true;
}
