/* Pieces on a directed acyclic graph (dag:E): a move slides one piece along one edge; a sum game
 * whose heaps are the pieces' nodes. The Grundy values of the 64 nodes are found layer by layer
 * (the nodes whose successors all have values get theirs: the mex of those), into the first 64
 * bytes of the work buffer; a layer that adds no node while some are left means a cycle. A move
 * to node b is written take = a - b (mod 2^32), left = 0, so that the part left is b. */
#include <string.h>

#include "../engine_internal.h"
#include "../engine_pgm.h"


static void dag_mark(uint8_t *bits, uint8_t node)
{
    bits[node >> 3] |= pgm_read_byte(&engine_bits[node & 7]);
}

static bool dag_marked(const uint8_t *bits, uint8_t node)
{
    return bits[node >> 3] & pgm_read_byte(&engine_bits[node & 7]);
}

/* Layer by layer: with values, their Grundy values into values[0..63]; ENGINE_ERR_CYCLE when the
 * graph has a cycle. */
static engine_status_t dag_layers(const engine_rules_t *r, uint8_t *values)
{
    uint8_t done[ENGINE_DAG_NODES / 8] = {0};
    for (uint8_t left = ENGINE_DAG_NODES;;) {
        uint8_t waiting[ENGINE_DAG_NODES / 8] = {0}, added = 0;
        for (uint8_t e = 0; e < r->size; e++)
            if (!dag_marked(done, r->u.edges[e][1])) dag_mark(waiting, r->u.edges[e][0]);
        for (uint8_t v = 0; v < ENGINE_DAG_NODES; v++) {
            if (dag_marked(done, v) || dag_marked(waiting, v)) continue;
            if (values) {
                uint8_t seen[ENGINE_DAG_NODES / 8 + 1] = {0};
                for (uint8_t e = 0; e < r->size; e++)
                    if (r->u.edges[e][0] == v) dag_mark(seen, values[r->u.edges[e][1]]);
                values[v] = (uint8_t)engine_mex(seen, sizeof seen);
            }
            dag_mark(done, v);
            added++;
        }
        left = (uint8_t)(left - added);
        if (left == 0) return ENGINE_OK;
        if (added == 0) return ENGINE_ERR_CYCLE;
    }
}

engine_status_t engine_dag_check(const engine_rules_t *r)
{
    return dag_layers(r, NULL);
}

/* The nodes' values in the work buffer. */
static const uint8_t *dag_values(const engine_rules_t *r)
{
    if (!engine_work_claim(r)) dag_layers(r, engine_work);
    return engine_work;
}

static engine_status_t dag_grundy(const engine_rules_t *r, engine_heap_t n, engine_heap_t *g)
{
    *g = dag_values(r)[(uint8_t)n];
    return ENGINE_OK;
}

/* The edges out of node n, in the order given; it->a is the next edge to look at. */
static bool dag_next_option(const engine_rules_t *r, engine_heap_t n, engine_iter_t *it,
                            engine_move_t *m)
{
    while (it->a < r->size) {
        const uint8_t *edge = r->u.edges[it->a++];
        if (edge[0] != n) continue;
        m->take = n - edge[1];
        m->left = 0;
        return true;
    }
    return false;
}

static engine_status_t dag_check_option(const engine_rules_t *r, engine_heap_t n,
                                        engine_heap_t take, engine_heap_t left)
{
    engine_iter_t it = {0};
    engine_move_t m;
    if (left) return ENGINE_ERR_BAD_SPLIT;
    while (dag_next_option(r, n, &it, &m))
        if (m.take == take) return ENGINE_OK;
    return ENGINE_ERR_NOT_ALLOWED;
}

static bool dag_next_option_to(const engine_rules_t *r, engine_heap_t n, engine_heap_t target,
                               engine_iter_t *it, engine_move_t *m)
{
    while (dag_next_option(r, n, it, m))
        if (dag_values(r)[(uint8_t)(n - m->take)] == target) return true;
    return false;
}

const engine_heap_ops_t engine_ops_dag = {dag_grundy, dag_next_option, dag_check_option,
                                          dag_next_option_to};
