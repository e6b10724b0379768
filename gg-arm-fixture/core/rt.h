/* The fixture's core-module runtime: what a fixture program compiled to C calls (see rt.c). */
#ifndef GG_FIXTURE_RT_H
#define GG_FIXTURE_RT_H

/* Calls OPERATION with ARGS (JSON in the wire's mapping) and prints `OPERATION REPLY`. */
void op(const char *operation, const char *args);
/* As op, but an error reply is reported as the program's api-failure at LINE and ends the program. */
void raise(int line, const char *operation, const char *args);
/* Logs TEXT through the fixture arm's own host function, which reaches the membrane's feedback.log. */
void note(const char *text);
/* Holds 1 MiB chunks until malloc fails, then aborts. */
void grow(void);
/* Recurses until the wasm stack overflows. */
void recurse(int depth);
/* Calls views.current N times through the wire, keeping nothing (the wire's round trip). */
void ping(int n);
/* Spins forever. */
void spin(void);

#endif
