// expect: out_of_memory
const hoard = [];
for (;;) hoard.push("x".repeat(1 << 20) + hoard.length);
