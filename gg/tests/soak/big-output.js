// expect: completed
for (let i = 0; i < 100000; i++) console.log(`line ${i} ${"y".repeat(40)}`);
