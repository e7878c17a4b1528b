/* Grundy values over a DAG by an explicit-stack depth-first search: a node's value (the least
 * value none of its moves reaches) is settled once all its successors are; a successor still
 * on the stack is a cycle, which a chess game's graph must not have. */
#include "dag.h"

#include <string.h>

enum { DAG_NEW, DAG_OPEN, DAG_DONE };

int judge_dag_grundy(const judge_dag_t *g, uint16_t *grundy, uint16_t *cycle_node) {
    uint8_t state[JUDGE_DAG_MAX];
    uint16_t stack[JUDGE_DAG_MAX];
    uint32_t next[JUDGE_DAG_MAX];     /* the next move of each open node to look at */
    uint32_t seen[JUDGE_DAG_MAX + 1]; /* seen[v] == stamp: value v is reached */
    uint32_t stamp = 0;
    memset(state, DAG_NEW, g->nodes);
    memset(seen, 0, sizeof seen);
    for (uint16_t root = 0; root < g->nodes; root++) {
        if (state[root] != DAG_NEW) continue;
        unsigned depth = 0;
        stack[depth++] = root;
        state[root] = DAG_OPEN;
        next[root] = g->first[root];
        while (depth) {
            const uint16_t u = stack[depth - 1];
            if (next[u] < g->first[u + 1]) {
                const uint16_t v = g->succ[next[u]++];
                if (state[v] == DAG_OPEN) {
                    *cycle_node = v;
                    return -1;
                }
                if (state[v] == DAG_NEW) {
                    state[v] = DAG_OPEN;
                    next[v] = g->first[v];
                    stack[depth++] = v;
                }
                continue;
            }
            stamp++;
            for (uint32_t e = g->first[u]; e < g->first[u + 1]; e++)
                seen[grundy[g->succ[e]]] = stamp; /* values are at most JUDGE_DAG_MAX - 1 */
            uint16_t mex = 0;
            while (seen[mex] == stamp)
                mex++;
            grundy[u] = mex;
            state[u] = DAG_DONE;
            depth--;
        }
    }
    return 0;
}
