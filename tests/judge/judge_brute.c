/* The brute-force solvers: a position is a sorted tuple of small numbers packed in 64 bits
 * (5 bits each), looked up in one memo table that brute_forget empties (by generation). A
 * position is won when some legal move leads to a lost one; the end of a game is lost for the
 * player to move, or won in the games whose last mover loses. */
#include "judge_brute.h"

#include <stdlib.h>
#include <string.h>

#define MEMO_SLOTS (1u << 18)
#define MAX_PARTS 16 /* values in a position */

static uint64_t memo_key[MEMO_SLOTS];
static uint32_t memo_gen[MEMO_SLOTS];
static uint8_t memo_tag[MEMO_SLOTS];
static uint8_t memo_val[MEMO_SLOTS];
static uint32_t memo_now = 1;
static uint32_t memo_used; /* slots filled in this generation */

void brute_forget(void) {
    memo_now++;
    memo_used = 0;
}

static uint32_t memo_slot(uint64_t key, unsigned tag) {
    key = (key + tag) * 0x9E3779B97F4A7C15u;
    return (uint32_t)(key >> 46) & (MEMO_SLOTS - 1);
}

static int memo_get(uint64_t key, unsigned tag) {
    for (uint32_t i = memo_slot(key, tag);; i = (i + 1) & (MEMO_SLOTS - 1)) {
        if (memo_gen[i] != memo_now) return -1;
        if (memo_key[i] == key && memo_tag[i] == tag) return memo_val[i];
    }
}

static bool memo_put(uint64_t key, unsigned tag, bool v) {
    if (memo_used >= MEMO_SLOTS / 4 * 3) brute_forget(); /* a cache: recomputed when needed */
    uint32_t i = memo_slot(key, tag);
    while (memo_gen[i] == memo_now && !(memo_key[i] == key && memo_tag[i] == tag))
        i = (i + 1) & (MEMO_SLOTS - 1);
    if (memo_gen[i] != memo_now) memo_used++;
    memo_gen[i] = memo_now;
    memo_key[i] = key;
    memo_tag[i] = (uint8_t)tag;
    memo_val[i] = v;
    return v;
}

static int cmp_desc(const void *a, const void *b) {
    return *(const int *)b - *(const int *)a;
}

/* The key of a multiset of values 1..31 (zeros left out, at most 12 others). */
static uint64_t pack(const int *v, int k) {
    int t[MAX_PARTS];
    memcpy(t, v, (size_t)k * sizeof *t);
    qsort(t, (size_t)k, sizeof *t, cmp_desc);
    uint64_t key = 0;
    for (int i = 0; i < k && t[i] > 0; i++)
        key = key << 5 | (uint64_t)t[i];
    return key;
}

/* One pile of n, takes 1..m; memo by n for this m. */
static bool bash_at(int n, int m, int8_t *win) {
    if (win[n] >= 0) return win[n];
    bool w = false;
    for (int take = 1; take <= m && take <= n && !w; take++)
        w = !bash_at(n - take, m, win);
    return (win[n] = w);
}

bool brute_bash(int n, int m) {
    int8_t win[201];
    memset(win, -1, sizeof win);
    return bash_at(n, m, win);
}

static bool pow2_at(int n, int8_t *win) {
    if (win[n] >= 0) return win[n];
    bool w = false;
    for (int take = 1; take <= n && !w; take *= 2)
        w = !pow2_at(n - take, win);
    return (win[n] = w);
}

bool brute_pow2(int n) {
    static int8_t win[1001];
    static bool ready;
    if (!ready) {
        memset(win, -1, sizeof win);
        ready = true;
    }
    return pow2_at(n, win);
}

/* Heaps h[0..k-1]: a move takes one of take[0..nt-1] (any of 1..heap when nt == 0) from one
 * heap; with misere, who takes the last loses (the empty position is won). */
static bool heaps_win(int *h, int k, const int *take, int nt, bool misere, unsigned tag) {
    const uint64_t key = pack(h, k);
    const int known = memo_get(key, tag);
    if (known >= 0) return known;
    if (key == 0) return memo_put(key, tag, misere);
    bool w = false;
    for (int i = 0; i < k && !w; i++) {
        const int was = h[i];
        const int options = nt ? nt : was;
        for (int j = 0; j < options && !w; j++) {
            const int t = nt ? take[j] : j + 1;
            if (t > was) continue;
            h[i] = was - t;
            w = !heaps_win(h, k, take, nt, misere, tag);
        }
        h[i] = was;
    }
    return memo_put(key, tag, w);
}

bool brute_fib3(const int p[3]) {
    static const int fib[] = {1, 2, 3, 5, 8, 13, 21};
    int h[3] = {p[0], p[1], p[2]};
    return heaps_win(h, 3, fib, 7, false, 1);
}

bool brute_strip(const int *pos, int k) {
    int h[MAX_PARTS];
    memcpy(h, pos, (size_t)k * sizeof *h); /* a piece at p may go to any cell 0..p-1 */
    return heaps_win(h, k, NULL, 0, false, 2);
}

bool brute_nim(const int *h0, int k) {
    int h[MAX_PARTS];
    memcpy(h, h0, (size_t)k * sizeof *h);
    return heaps_win(h, k, NULL, 0, false, 3);
}

int brute_nim_winning_moves(const int *h0, int k) {
    int h[MAX_PARTS], ways = 0;
    memcpy(h, h0, (size_t)k * sizeof *h);
    for (int i = 0; i < k; i++) {
        const int was = h[i];
        for (int t = 1; t <= was; t++) {
            h[i] = was - t;
            ways += !heaps_win(h, k, NULL, 0, false, 3);
        }
        h[i] = was;
    }
    return ways;
}

bool brute_misere(const int *h0, int k) {
    int h[MAX_PARTS];
    memcpy(h, h0, (size_t)k * sizeof *h);
    return heaps_win(h, k, NULL, 0, true, 4);
}

bool brute_snim(const int *h0, int k, const int *s, int ns) {
    int h[MAX_PARTS];
    memcpy(h, h0, (size_t)k * sizeof *h);
    return heaps_win(h, k, s, ns, false, 5);
}

/* Lines of stones h[0..k-1]: a move takes t consecutive stones from one line (t one of
 * take[0..nt-1], any when nt == 0), leaving the stones on either side as two lines. */
static bool lines_win(const int *h, int k, const int *take, int nt, bool misere, unsigned tag) {
    const uint64_t key = pack(h, k);
    const int known = memo_get(key, tag);
    if (known >= 0) return known;
    if (key == 0) return memo_put(key, tag, misere);
    bool w = false;
    int next[MAX_PARTS];
    for (int i = 0; i < k && !w; i++) {
        const int len = h[i];
        const int options = nt ? nt : len;
        for (int j = 0; j < options && !w; j++) {
            const int t = nt ? take[j] : j + 1;
            for (int left = 0; left + t <= len && !w; left++) {
                int n = 0;
                for (int q = 0; q < k; q++)
                    if (q != i && h[q]) next[n++] = h[q];
                next[n++] = left;
                next[n++] = len - t - left;
                w = !lines_win(next, n, take, nt, misere, tag);
            }
        }
    }
    return memo_put(key, tag, w);
}

bool brute_apples(const int *h, int k) {
    return lines_win(h, k, NULL, 0, true, 6);
}

bool brute_line(const int *h, int k, const int *s, int ns) {
    return lines_win(h, k, s, ns, false, 7);
}

/* The coin with a rows below it and b columns left of it. */
static bool kiki_at(int a, int b, int8_t win[64][64]) {
    if (win[a][b] >= 0) return win[a][b];
    bool w = false;
    if (a > 0) w = !kiki_at(a - 1, b, win);
    if (!w && b > 0) w = !kiki_at(a, b - 1, win);
    if (!w && a > 0 && b > 0) w = !kiki_at(a - 1, b - 1, win);
    return (win[a][b] = w);
}

bool brute_kiki(int n, int m) {
    static int8_t win[64][64];
    static bool ready;
    if (!ready) {
        memset(win, -1, sizeof win);
        ready = true;
    }
    return kiki_at(n - 1, m - 1, win); /* from the top right corner */
}

static bool wythoff_at(int a, int b, int8_t win[101][101]) {
    if (win[a][b] >= 0) return win[a][b];
    bool w = false;
    for (int t = 1; t <= a && !w; t++)
        w = !wythoff_at(a - t, b, win);
    for (int t = 1; t <= b && !w; t++)
        w = !wythoff_at(a, b - t, win);
    for (int t = 1; t <= a && t <= b && !w; t++)
        w = !wythoff_at(a - t, b - t, win);
    return (win[a][b] = w);
}

bool brute_wythoff(int a, int b) {
    static int8_t win[101][101];
    static bool ready;
    if (!ready) {
        memset(win, -1, sizeof win);
        ready = true;
    }
    return wythoff_at(a, b, win);
}

static bool multiply_at(uint64_t p, uint64_t n) {
    const int known = memo_get(p, 8);
    if (known >= 0) return known;
    bool w = false;
    for (uint64_t f = 2; f <= 9 && !w; f++)
        w = p * f >= n || !multiply_at(p * f, n);
    return memo_put(p, 8, w);
}

bool brute_multiply(uint64_t n) {
    brute_forget(); /* another n, another game */
    return multiply_at(1, n);
}

/* The calendar: every date from 1900-01-01 to 2001-11-04 in order, each won or lost. */
#define CAL_YEARS 102
static int32_t cal_index[CAL_YEARS][13][32]; /* a date's place in cal_win, or -1 */
static bool cal_win[CAL_YEARS * 366];
static bool cal_ready;

static int cal_month_days(int y, int m) {
    if (m == 2) return (y % 400 == 0 || (y % 4 == 0 && y % 100 != 0)) ? 29 : 28;
    return (m == 4 || m == 6 || m == 9 || m == 11) ? 30 : 31;
}

static void cal_build(void) {
    int n = 0;
    memset(cal_index, -1, sizeof cal_index);
    for (int y = 1900; y <= 2001; y++)
        for (int m = 1; m <= 12; m++)
            for (int d = 1; d <= cal_month_days(y, m); d++)
                if (y < 2001 || m < 11 || (m == 11 && d <= 4)) cal_index[y - 1900][m][d] = n++;
    /* from the last date back: the last is lost for the player to move (the other reached
     * it); a date is won when its next date or its same day next month is lost */
    for (int y = 2001; y >= 1900; y--)
        for (int m = 12; m >= 1; m--)
            for (int d = 31; d >= 1; d--) {
                const int i = cal_index[y - 1900][m][d];
                if (i < 0) continue;
                if (i == n - 1) {
                    cal_win[i] = false;
                    continue;
                }
                bool w = !cal_win[i + 1];
                const int ny = m == 12 ? y + 1 : y, nm = m == 12 ? 1 : m + 1;
                if (!w && ny <= 2001) {
                    const int j = cal_index[ny - 1900][nm][d];
                    if (j >= 0) w = !cal_win[j];
                }
                cal_win[i] = w;
            }
    cal_ready = true;
}

bool brute_calendar(int y, int m, int d) {
    if (!cal_ready) cal_build();
    return cal_win[cal_index[y - 1900][m][d]];
}

static bool digits_at(char *s, bool conway) {
    const size_t len = strlen(s);
    if (len == 0) return conway;       /* the last digit is gone: its taker won, or lost (Conway) */
    static int8_t memo[2][7][1000000]; /* [conway][length][value]: -1 unknown (0 at start) */
    static bool ready;
    if (!ready) {
        memset(memo, -1, sizeof memo);
        ready = true;
    }
    uint32_t value = 0;
    for (size_t i = 0; i < len; i++)
        value = value * 10 + (uint32_t)(s[i] - '0');
    int8_t *known = &memo[conway][len][value];
    if (*known >= 0) return *known;
    bool w = false;
    for (size_t i = 0; i < len && !w; i++) {
        const char was = s[i];
        for (char e = '0'; e < was && !w; e++) {
            s[i] = e;
            w = !digits_at(s, conway);
        }
        s[i] = was;
        if (was == '0' && !w) {
            char cut[8];
            memcpy(cut, s, i);
            cut[i] = '\0';
            w = !digits_at(cut, conway);
        }
    }
    return (*known = w);
}

bool brute_digits(const char *s, bool conway) {
    char t[8];
    strcpy(t, s);
    return digits_at(t, conway);
}

static bool chess_at(int *pos, int k, const int succ[][16], const int *adj) {
    const uint64_t key = pack(pos, k); /* positions are kept as node + 1 */
    const int known = memo_get(key, 11);
    if (known >= 0) return known;
    bool w = false;
    for (int i = 0; i < k && !w; i++) {
        const int was = pos[i];
        for (int e = 0; e < adj[was - 1] && !w; e++) {
            pos[i] = succ[was - 1][e] + 1;
            w = !chess_at(pos, k, succ, adj);
        }
        pos[i] = was;
    }
    return memo_put(key, 11, w);
}

bool brute_chess(int nodes, const int succ[][16], const int *adj, const int *pos, int k) {
    int p[MAX_PARTS];
    (void)nodes;
    for (int i = 0; i < k; i++)
        p[i] = pos[i] + 1;
    return chess_at(p, k, succ, adj);
}

/* The auction at price p (below m), with the player to bid. */
static bool sale_at(int p, int m, int n, int8_t *win) {
    if (win[p] >= 0) return win[p];
    bool w = false;
    for (int d = 1; d <= n && !w; d++)
        w = p + d >= m || !sale_at(p + d, m, n, win);
    return (win[p] = w);
}

bool brute_sale_bid_wins(int b, int m, int n) {
    int8_t win[201];
    memset(win, -1, sizeof win);
    return b >= m || !sale_at(b, m, n, win);
}
