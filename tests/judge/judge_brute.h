/* Independent brute-force solvers for the judge's problems: each knows only its game's rules
 * (which moves are legal, who wins at the end) and searches the game tree with a memo; none
 * uses a Grundy value, a parity or any formula of the judge's. Tests only. */
#ifndef JUDGE_BRUTE_H
#define JUDGE_BRUTE_H

#include <stdbool.h>
#include <stdint.h>

/* Whether the player to move wins, for each game (small sizes: see each limit). */
bool brute_bash(int n, int m);           /* one pile n <= 200, take 1..m, last wins */
bool brute_pow2(int n);                  /* one pile n <= 1000, take a power of 2 */
bool brute_fib3(const int p[3]);         /* three piles <= 31, take a Fibonacci number */
bool brute_strip(const int *pos, int k); /* pieces at pos (<= 31, k <= 12) move left */
bool brute_nim(const int *h, int k);     /* Nim, heaps <= 31, k <= 12 */
bool brute_misere(const int *h, int k);  /* Nim where who takes the last loses */
bool brute_apples(const int *h, int k);  /* lines of apples, take consecutive, last loses */
bool brute_snim(const int *h, int k, const int *s, int ns); /* Nim with takes in s */
bool brute_line(const int *h, int k, const int *s, int ns); /* lines, take s consecutive */
bool brute_kiki(int n, int m);                 /* the coin on an n x m board, n, m <= 64 */
bool brute_wythoff(int a, int b);              /* a, b <= 100 */
bool brute_multiply(uint64_t n);               /* p from 1 times 2..9, reach n first */
bool brute_calendar(int y, int m, int d);      /* a valid date from 1900 1 1 to 2001 11 4 */
bool brute_digits(const char *s, bool conway); /* 1..6 digits */
/* A DAG of up to 16 nodes: succ[i] lists node i's moves (adj[i] of them); k chessmen at pos. */
bool brute_chess(int nodes, const int succ[][16], const int *adj, const int *pos, int k);
/* Whether the first bid b wins the auction (2149): bids add 1..n, who brings the price to m or
 * more buys; m, n <= 200. */
bool brute_sale_bid_wins(int b, int m, int n);
/* Count the winning first moves of a Nim position (pile, amount pairs). */
int brute_nim_winning_moves(const int *h, int k);
/* Start a new game for the memo (new rules: another S, another graph). */
void brute_forget(void);

#endif
