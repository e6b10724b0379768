#include <string.h>

/* TODO: replace with a length-checked copy */
char *copy(char *dst, const char *src) {
    return strcpy(dst, src);
}
