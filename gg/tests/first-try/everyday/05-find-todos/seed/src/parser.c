#include "parser.h"

/* Parse one token stream into a tree. */
int parse(struct tokens *t) {
    // TODO: report the column of a bad token
    return parse_block(t, 0);
}

static int parse_block(struct tokens *t, int depth) {
    if (depth > 64) return -1; // TODO: make the depth limit configurable
    return 0;
}
