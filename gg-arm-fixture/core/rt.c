/* The fixture's core-module runtime, built once with the fixture arm and linked into every fixture
 * program the arm compiles to C: the wire (gg-wire.call / gg-wire.read) and the arm's own import. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rt.h"

__attribute__((import_module("gg-wire"), import_name("call"))) int gg_wire_call(const char *op, int op_len,
                                                                                 const char *args, int args_len);
__attribute__((import_module("gg-wire"), import_name("read"))) int gg_wire_read(char *dst, int dst_len);
__attribute__((import_module("fixture"), import_name("note"))) void fixture_note(const char *text, int len);

/* The reply to OPERATION(ARGS), read in chunks of at most 64 bytes to exercise `read`; caller frees. */
static char *wire(const char *operation, const char *args) {
    int n = gg_wire_call(operation, (int)strlen(operation), args, (int)strlen(args));
    char *reply = malloc((size_t)n + 1);
    if (!reply) abort();
    int got = 0;
    while (got < n) {
        int k = gg_wire_read(reply + got, n - got < 64 ? n - got : 64);
        if (k <= 0) break;
        got += k;
    }
    reply[got] = 0;
    return reply;
}

void op(const char *operation, const char *args) {
    char *reply = wire(operation, args);
    printf("%s %s\n", operation, reply);
    free(reply);
}

/* Appends S to OUT as a JSON string body (quotes and backslashes escaped). */
static void json_text(char *out, size_t cap, const char *s) {
    size_t n = strlen(out);
    for (; *s && n + 3 < cap; s++) {
        if (*s == '"' || *s == '\\') out[n++] = '\\';
        out[n++] = *s == '\n' ? ' ' : *s;
    }
    out[n] = 0;
}

void raise(int line, const char *operation, const char *args) {
    char *reply = wire(operation, args);
    if (strncmp(reply, "{\"err\"", 6) != 0) {
        printf("%s %s\n", operation, reply);
        free(reply);
        return;
    }
    char code[32] = "other";
    const char *at = strstr(reply, "\"code\":\"");
    if (at) {
        at += 8;
        size_t i = 0;
        while (at[i] && at[i] != '"' && i + 1 < sizeof code) {
            code[i] = at[i];
            i++;
        }
        code[i] = 0;
    }
    static char report[8192];
    snprintf(report, sizeof report, "{\"error\":{\"kind\":\"api-failure\",\"code\":\"%s\",\"message\":\"", code);
    json_text(report, sizeof report - 128, reply);
    size_t n = strlen(report);
    snprintf(report + n, sizeof report - n, "\",\"location\":{\"file\":\"program\",\"line\":%d,\"column\":1}}}", line);
    free(wire("feedback.report_error", report));
    free(reply);
    exit(0);
}

void note(const char *text) { fixture_note(text, (int)strlen(text)); }

void grow(void) {
    for (;;) {
        char *chunk = malloc(1 << 20);
        if (!chunk) abort();
        memset(chunk, 1, 1 << 20);
    }
}

void recurse(int depth) {
    volatile char frame[256];
    frame[0] = (char)depth;
    recurse(depth + 1);
    (void)frame[0];
}

void ping(int n) {
    for (int i = 0; i < n; i++) free(wire("views.current", "{}"));
}

void spin(void) {
    volatile unsigned long n = 0;
    for (;;) n++;
}
