import { shell } from "gg";

const archive = "backup/site-2026-11.tar";
const r = shell.run(`tar -tf ${archive}`);
if (r.exitCode !== 0) throw new Error(`tar -tf failed (${r.exitCode}): ${r.output}`);
let count: number;
if (r.truncated) {
  const c = shell.run(`tar -tf ${archive} | grep -v '/$' | wc -l`);
  count = parseInt(c.output.trim(), 10);
} else {
  // entries ending in "/" are directories, not files
  count = r.output
    .split("\n")
    .map((l) => l.replace(/\r$/, ""))
    .filter((l) => l.trim() !== "" && !l.endsWith("/")).length;
}
console.log(count);
