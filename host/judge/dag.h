/* Sprague-Grundy values of the positions of a directed acyclic graph (HDU 1524, A Chess Game):
 * a function over a graph in memory, for the judge and the host console. */
#ifndef JUDGE_DAG_H
#define JUDGE_DAG_H

#include <stdint.h>

#define JUDGE_DAG_MAX 1000 /* positions a graph may have */

typedef struct {
    uint16_t nodes;        /* 1..JUDGE_DAG_MAX */
    const uint32_t *first; /* node i's moves go to succ[first[i]] .. succ[first[i + 1] - 1] */
    const uint16_t *succ;  /* each below nodes */
} judge_dag_t;

/* Put the Grundy value of each node of g in grundy[0 .. nodes - 1] and return 0; or return -1
 * when g has a cycle, with *cycle_node one node on it. No recursion (depth is the input's). */
int judge_dag_grundy(const judge_dag_t *g, uint16_t *grundy, uint16_t *cycle_node);

#endif
