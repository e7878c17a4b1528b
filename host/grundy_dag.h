/* Big graphs in grundy's console: dag: games of up to 1,000 nodes, written on the line
 * (dag:0>1,1>2,...) or read from a file (dag:@graph.txt), past what an Uno's dag:E holds. */
#ifndef GRUNDY_DAG_H
#define GRUNDY_DAG_H

#include <stdbool.h>

#include "console_answer.h"

#define GRUNDY_DAG_NODES 1000    /* nodes 0..999 */
#define GRUNDY_DAG_EDGES 200000  /* distinct edges */
#define GRUNDY_DAG_FILE_MAX 16777216u /* bytes in a dag:@file (200,000 edges take 1.6 MB) */

/* Answer line when its game is a dag: read from a file, or one whose nodes or edges pass the
 * engine's dag:E (the whole reply, through the console's output) and return true; false, with nothing written,
 * for every other line (the engine's dag:E among them). Commands in any letter case; the
 * file's path as written. */
bool grundy_dag_answer(char *line);

#endif
