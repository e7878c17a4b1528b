/* Digital Deletions decided for every string of up to 6 digits at once: strings are numbered by
 * length, then value, and every move leads to a smaller number (a lowered digit keeps the length
 * and lowers the value; an erasure shortens), so one pass in that order settles each string. */
#include "digits.h"

#include <string.h>

#define DIGITS_STRINGS 1111111u /* the empty string and all strings of 1..6 digits */

static const uint32_t digits_offset[JUDGE_DIGITS_MAX + 2] = {0,    1,     11,     111,
                                                             1111, 11111, 111111, 1111111};
static const uint32_t digits_pow10[JUDGE_DIGITS_MAX + 1] = {1,     10,     100,    1000,
                                                            10000, 100000, 1000000};
#define DIGITS_WORDS ((DIGITS_STRINGS + 63) / 64)
static uint64_t digits_won[2][DIGITS_WORDS]; /* [conway]: bit i, string i won for the mover */
static bool digits_built[2];

/* The index of the string of len digits whose value is v. */
static uint32_t digits_index(unsigned len, uint32_t v) {
    return digits_offset[len] + v;
}

static void digits_set(uint64_t *won, uint32_t i) {
    won[i >> 6] |= UINT64_C(1) << (i & 63);
}

/* Set bits from..from + n - 1. */
static void digits_set_run(uint64_t *won, uint32_t from, uint32_t n) {
    for (; n && (from & 63); from++, n--)
        digits_set(won, from);
    for (; n >= 64; from += 64, n -= 64)
        won[from >> 6] = UINT64_MAX;
    for (; n; from++, n--)
        digits_set(won, from);
}

/* Forwards from the lost strings (7 in 100): in index order a string no earlier string has
 * marked won is lost, and every string with a move to it is won: the same string with one
 * digit raised, and the string followed by a 0 and anything (erasing that 0 leaves it), which
 * are whole runs of indices. Bits, so that the table (139 KB) stays in the cache: a few
 * milliseconds, where asking every string's every move took 35. */
static void digits_build(bool conway) {
    uint64_t *won = digits_won[conway];
    memset(won, 0, sizeof digits_won[0]);
    /* the empty string: the last digit is gone, taken by the player before the mover */
    if (conway) digits_set(won, 0);
    for (unsigned len = 0; len <= JUDGE_DIGITS_MAX; len++) {
        const uint32_t first = digits_offset[len], end = digits_offset[len + 1];
        for (uint32_t i = first; i < end; i++) {
            if (won[i >> 6] == UINT64_MAX) { /* 64 won strings: to the next word */
                i |= 63;
                continue;
            }
            if (won[i >> 6] >> (i & 63) & 1) continue;
            const uint32_t v = i - first;
            uint32_t rest = v;
            for (unsigned k = 0; k < len; k++, rest /= 10) { /* digit k from the right raised */
                const uint32_t place = digits_pow10[k];
                for (uint32_t up = i + place, d = rest % 10; d < 9; d++, up += place)
                    digits_set(won, up);
            }
            for (unsigned k = 0; len + 1 + k <= JUDGE_DIGITS_MAX; k++) /* v, 0, k digits */
                digits_set_run(won, digits_index(len + 1 + k, v * digits_pow10[k + 1]),
                               digits_pow10[k]);
        }
    }
    digits_built[conway] = true;
}

static bool digits_won_at(bool conway, uint32_t i) {
    if (!digits_built[conway]) digits_build(conway);
    return digits_won[conway][i >> 6] >> (i & 63) & 1;
}

bool judge_digits_valid(const char *s) {
    size_t n = 0;
    for (; s[n]; n++)
        if (s[n] < '0' || s[n] > '9' || n >= JUDGE_DIGITS_MAX) return false;
    return n > 0;
}

/* The table index of a string of digits (valid or empty). */
static uint32_t digits_of(const char *s) {
    unsigned len = 0;
    uint32_t v = 0;
    for (; s[len]; len++)
        v = v * 10 + (uint32_t)(s[len] - '0');
    return digits_index(len, v);
}

bool judge_digits_is_lost(const char *s, bool conway) {
    return !digits_won_at(conway, digits_of(s));
}

int judge_digits_winning_moves(const char *s, bool conway,
                               char moves[JUDGE_DIGITS_MOVES_MAX][JUDGE_DIGITS_MAX + 1]) {
    const size_t len = strlen(s);
    char t[JUDGE_DIGITS_MAX + 1];
    int n = 0;
    for (size_t i = 0; i < len; i++)
        for (char e = '0'; e < s[i]; e++) {
            memcpy(t, s, len + 1);
            t[i] = e;
            if (!digits_won_at(conway, digits_of(t))) memcpy(moves[n++], t, len + 1);
        }
    for (size_t i = 0; i < len; i++)
        if (s[i] == '0') {
            memcpy(t, s, i);
            t[i] = '\0';
            if (!digits_won_at(conway, digits_of(t))) memcpy(moves[n++], t, i + 1);
        }
    return n;
}

uint32_t judge_digits_lost_count(bool conway) {
    uint32_t n = 0;
    for (uint32_t i = 1; i < DIGITS_STRINGS; i++)
        n += !digits_won_at(conway, i);
    return n;
}
