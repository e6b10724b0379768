import { programs, files } from "gg";

const failed = programs.history().filter((p) => !p.ok);
if (failed.length === 0) throw new Error("no failed program in the library");
for (const p of failed) console.log(`turn ${p.turn} failed: ${p.error ?? "(no error recorded)"}`);

const p = failed[0];
const source = programs.get({ turn: p.turn });
files.writeFile("failed-program.txt", source);
console.log(`saved the source of turn ${p.turn} to failed-program.txt`);
