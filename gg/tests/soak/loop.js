// expect: timeout
let i = 0;
for (;;) i++;
