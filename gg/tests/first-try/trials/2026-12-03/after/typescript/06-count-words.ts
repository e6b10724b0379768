import { shell } from "gg";

const result = shell.run("wc -w < notes/poem.txt");
if (result.exitCode !== 0) throw new Error(`wc failed: ${result.output}`);
const m = /\d+/.exec(result.output);
console.log(m ? m[0] : result.output.trim());
