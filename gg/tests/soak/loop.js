// expect: timeout
// timeout-secs: 1.5
let i = 0;
for (;;) i++;
