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
static uint8_t digits_lost[2][DIGITS_STRINGS]; /* [conway][index]: 1 lost for the mover */
static bool digits_built[2];

/* The index of the string of len digits whose value is v. */
static uint32_t digits_index(unsigned len, uint32_t v) {
    return digits_offset[len] + v;
}

static void digits_build(bool conway) {
    uint8_t *lost = digits_lost[conway];
    /* the empty string: the last digit is gone, taken by the player before the mover */
    lost[0] = conway ? 0 : 1;
    for (unsigned len = 1; len <= JUDGE_DIGITS_MAX; len++) {
        for (uint32_t v = 0; v < digits_pow10[len]; v++) {
            uint8_t win = 0;
            for (unsigned i = 0; i < len && !win; i++) { /* i: digit from the left */
                const uint32_t place = digits_pow10[len - 1 - i];
                const uint32_t d = v / place % 10;
                for (uint32_t e = 0; e < d && !win; e++)
                    win = lost[digits_index(len, v - (d - e) * place)];
                if (d == 0 && !win) win = lost[digits_index(i, v / (place * 10))];
            }
            lost[digits_index(len, v)] = !win;
        }
    }
    digits_built[conway] = true;
}

static const uint8_t *digits_table(bool conway) {
    if (!digits_built[conway]) digits_build(conway);
    return digits_lost[conway];
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
    return digits_table(conway)[digits_of(s)] != 0;
}

int judge_digits_winning_moves(const char *s, bool conway,
                               char moves[JUDGE_DIGITS_MOVES_MAX][JUDGE_DIGITS_MAX + 1]) {
    const uint8_t *lost = digits_table(conway);
    const size_t len = strlen(s);
    char t[JUDGE_DIGITS_MAX + 1];
    int n = 0;
    for (size_t i = 0; i < len; i++)
        for (char e = '0'; e < s[i]; e++) {
            memcpy(t, s, len + 1);
            t[i] = e;
            if (lost[digits_of(t)]) memcpy(moves[n++], t, len + 1);
        }
    for (size_t i = 0; i < len; i++)
        if (s[i] == '0') {
            memcpy(t, s, i);
            t[i] = '\0';
            if (lost[digits_of(t)]) memcpy(moves[n++], t, i + 1);
        }
    return n;
}

uint32_t judge_digits_lost_count(bool conway) {
    const uint8_t *lost = digits_table(conway);
    uint32_t n = 0;
    for (uint32_t i = 1; i < DIGITS_STRINGS; i++)
        n += lost[i];
    return n;
}
