import { shell } from "gg";

const r = shell.run("tar -tf backup/site-2026-11.tar");
if (r.exitCode !== 0) throw new Error("tar failed: " + r.output);
let count;
if (!r.truncated) {
  count = r.output.split("\n").filter((l) => l.trim() !== "" && !l.endsWith("/")).length;
} else {
  const c = shell.run("tar -tf backup/site-2026-11.tar | grep -v '/$' | wc -l");
  count = parseInt(c.output.trim(), 10);
}
console.log(count);
