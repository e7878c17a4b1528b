/* The problems a rule of thumb decides: Bash's game in four dresses (1846, 1847, 2149, 2188),
 * the parity of a board (2147) and of a date (1079), the 9-then-2 ladder of the multiplication
 * game (1517), and Digital Deletions by its table (1404). The tests hold each to a search of
 * its game tree. */
#include <stdint.h>

#include "digits.h"
#include "judge_problems.h"

/* Bash's game as 1846 and 2188 ask it: C cases (1..max_c) of n m (1..max_nm); one pile of n,
 * take 1..m, who takes the last wins: the first player's line when n is not a multiple of m + 1. */
static int judge_bash_cases(judge_rd_t *rd, FILE *out, int64_t max_c, int64_t max_nm, const char *first,
                            const char *second) {
    int64_t c, n, m;
    JUDGE_NEED(rd, 1, max_c, "the number of test cases", c);
    while (c--) {
        JUDGE_NEED(rd, 1, max_nm, "n", n);
        JUDGE_NEED(rd, 1, max_nm, "m", m);
        fputs(n % (m + 1) ? first : second, out);
    }
    return 0;
}

/* 1846 Brave Game: C cases of n m; one pile of n, take 1..m, who takes the last wins. */
int judge_solve_1846(judge_rd_t *rd, FILE *out) {
    return judge_bash_cases(rd, out, 100, 1000, "first\n", "second\n");
}

/* 1847 Good Luck in CET-4 Everybody!: n per line to the end; take a power of two (1, 2, 4...),
 * who takes the last card wins; Kiki moves first. The powers of two are 1 or 2 modulo 3. */
int judge_solve_1847(judge_rd_t *rd, FILE *out) {
    for (;;) {
        int64_t n;
        JUDGE_NEXT_CASE(rd, 1, 1000, "n", n);
        fputs(n % 3 ? "Kiki\n" : "Cici\n", out);
    }
}

/* 2149 Public Sale: M N per line to the end; bids add 1..N to a price from 0, who brings it to
 * M or more buys; every first bid of Lele's that wins, increasing, or "none". */
int judge_solve_2149(judge_rd_t *rd, FILE *out) {
    for (;;) {
        int64_t m, n;
        JUDGE_NEXT_CASE(rd, 1, 1099, "M", m);
        JUDGE_NEED(rd, 1, 1099, "N", n);
        if (m % (n + 1) == 0) {
            fputs("none\n", out);
        } else if (n >= m) { /* any bid of M or more buys at once: m..n, cut from all bids */
            static char bids[1099 * 5 + 1]; /* "1 2 3 ... 1099 " */
            static uint16_t at[1099 + 2];   /* where bid b starts; at[1100]: the end */
            if (!at[1100]) {
                unsigned used = 0;
                for (int b = 1; b <= 1099; b++) {
                    at[b] = (uint16_t)used;
                    used += (unsigned)sprintf(bids + used, "%d ", b);
                }
                at[1100] = (uint16_t)used;
            }
            fwrite(bids + at[m], 1, (size_t)(at[n + 1] - at[m] - 1), out);
            putc('\n', out);
        } else {
            fprintf(out, "%lld\n", (long long)(m % (n + 1)));
        }
    }
}

/* 2188 选拔志愿者: C cases of n m; donations of 1..m, who brings the sum to n first wins;
 * Grass gives first. */
int judge_solve_2188(judge_rd_t *rd, FILE *out) {
    return judge_bash_cases(rd, out, 1000000, 1000000000, "Grass\n", "Rabbit\n");
}

/* 2147 Kiki's game: n m per line until 0 0; a coin from the top right corner of an n x m board
 * moves one left, down or left-down; who cannot move loses; Kiki moves first. */
int judge_solve_2147(judge_rd_t *rd, FILE *out) {
    for (;;) {
        int64_t n, m;
        JUDGE_NEED(rd, 0, 2000, "n", n);
        JUDGE_NEED(rd, 0, 2000, "m", m);
        if (n == 0 && m == 0) return 0;
        if (n == 0 || m == 0)
            return judge_rd_fail(rd, rd->token_line, "a %lldx%lld board (only 0 0 ends)",
                                 (long long)n, (long long)m),
                   1;
        fputs(n % 2 && m % 2 ? "What a pity!\n" : "Wonderful!\n", out);
    }
}

/* Days in month m of year y (Gregorian). */
static int judge_days_in(int64_t y, int64_t m) {
    static const int days[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const int leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    return days[m - 1] + (m == 2 && leap);
}

/* 1079 Calendar Game: T dates YYYY MM DD from 1900-01-01 to 2001-11-04; a move goes to the next
 * day or the same day of the next month (when it exists); who reaches 2001-11-04 wins, who
 * passes it loses. Each move changes the parity of month + day, except from the 30th of
 * September and of November, where both moves keep it. */
int judge_solve_1079(judge_rd_t *rd, FILE *out) {
    int64_t t, y, m, d;
    JUDGE_NEED(rd, 1, 1000000, "the number of test cases", t);
    while (t--) {
        JUDGE_NEED(rd, 1900, 2001, "the year", y);
        JUDGE_NEED(rd, 1, 12, "the month", m);
        const unsigned long line = rd->token_line;
        JUDGE_NEED(rd, 1, 31, "the day", d);
        if (d > judge_days_in(y, m) || (y == 2001 && (m > 11 || (m == 11 && d > 4))))
            return judge_rd_fail(rd, line,
                                 "no game from %04lld %02lld %02lld (dates run from "
                                 "1900 1 1 to 2001 11 4)",
                                 (long long)y, (long long)m, (long long)d),
                   1;
        fputs((m + d) % 2 == 0 || (d == 30 && (m == 9 || m == 11)) ? "YES\n" : "NO\n", out);
    }
    return 0;
}

/* 1517 A Multiplication Game: n per line to the end; p = 1 is multiplied by 2..9 in turn, Stan
 * first, who reaches n or more wins. Stan wins within 9, Ollie within 18, Stan within 162... */
int judge_solve_1517(judge_rd_t *rd, FILE *out) {
    for (;;) {
        int64_t n;
        JUDGE_NEXT_CASE(rd, 2, 4294967294, "n", n);
        int64_t p = 1;
        for (;;) {
            p *= 9;
            if (p >= n) {
                fputs("Stan wins.\n", out);
                break;
            }
            p *= 2;
            if (p >= n) {
                fputs("Ollie wins.\n", out);
                break;
            }
        }
    }
}

/* 1404 Digital Deletions: a string of 1..6 digits per line to the end; Yes when the first
 * player (who erases the last digit wins) can win. */
int judge_solve_1404(judge_rd_t *rd, FILE *out) {
    while (judge_rd_token(rd) == JUDGE_RD_OK) {
        if (!judge_digits_valid(rd->tok) || rd->tok_len > JUDGE_DIGITS_MAX)
            return judge_rd_fail(rd, rd->token_line, "expected a string of 1 to 6 digits, got '%s'",
                                 rd->tok),
                   1;
        fputs(judge_digits_is_lost(rd->tok, false) ? "No\n" : "Yes\n", out);
    }
    return 0;
}
