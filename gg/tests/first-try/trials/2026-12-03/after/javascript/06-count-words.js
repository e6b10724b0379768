import { shell } from "gg";

const out = shell.run("wc -w < notes/poem.txt");
if (out.exitCode !== 0) throw new Error("wc failed: " + out.output);
console.log(out.output.trim().split(/\s+/)[0]);
