#include "lexer.h"

int next_token(struct lexer *l) {
    return l->pos++;
}
