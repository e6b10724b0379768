import { files, shell } from "gg";

function quote(s: string): string {
  return "'" + s.replace(/'/g, "'\\''") + "'";
}

const entries = files.listDir("uploads");
for (const e of entries) {
  if (e.kind !== "file") continue;
  const p = "uploads/" + e.name;
  const r = shell.run("wc -c < " + quote(p));
  let size: number;
  if (r.exitCode === 0 && /^\s*\d+\s*$/.test(r.output)) {
    size = parseInt(r.output.trim(), 10);
  } else {
    size = files.readFile(p).contents.length;
  }
  if (size === 0) console.log(e.name);
}
