/* Digital Deletions (HDU 1404; Conway, On Numbers and Games): a string of digits; a move lowers
 * one digit, or erases a 0 and every digit right of it. Every string of 1 to 6 digits is decided
 * by one table, built on first use (2.2 MB). For the judge and the host console. */
#ifndef JUDGE_DIGITS_H
#define JUDGE_DIGITS_H

#include <stdbool.h>
#include <stdint.h>

#define JUDGE_DIGITS_MAX 6        /* digits in a string the table decides */
#define JUDGE_DIGITS_MOVES_MAX 60 /* moves from a string: 6 x 9 lowerings + 6 erasures */

/* Whether s is 1 to JUDGE_DIGITS_MAX digits '0'..'9' and nothing else. */
bool judge_digits_valid(const char *s);
/* Whether the valid string s is lost for the player to move: who erases the last digit wins
 * (HDU 1404), or with conway, loses (Conway's original). */
bool judge_digits_is_lost(const char *s, bool conway);
/* The strings each winning move from the valid string s leaves ("" when it erases everything),
 * lowerings left to right and lowest first, then erasures; returns how many (0: s is lost). */
int judge_digits_winning_moves(const char *s, bool conway,
                               char moves[JUDGE_DIGITS_MOVES_MAX][JUDGE_DIGITS_MAX + 1]);
/* How many of the 1,111,110 strings of 1 to 6 digits are lost for the player to move. */
uint32_t judge_digits_lost_count(bool conway);

#endif
