import { programs, files } from "gg";

const failed = programs.history().find((p) => !p.ok);
if (!failed) throw new Error("no failed program in the library");
console.log(`turn ${failed.turn}: ${failed.error ?? "(no error given)"}`);
const source = programs.get({ turn: failed.turn });
files.writeFile("failed-program.txt", source);
