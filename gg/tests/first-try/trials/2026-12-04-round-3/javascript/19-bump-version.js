import { files } from "gg";

const path = "pyproject.toml";
const r = files.readFile(path);
if (r.truncated) throw new Error("read truncated");
const lines = r.contents.split("\n");
let section = null, changed = 0;
for (let i = 0; i < lines.length; i++) {
  const sec = lines[i].match(/^\s*\[\s*([^\]]+?)\s*\]\s*(#.*)?\r?$/);
  if (sec && !lines[i].trim().startsWith("[[")) { section = sec[1]; continue; }
  if (section === "project" && /^\s*version\s*=\s*["']1\.4\.2["']/.test(lines[i])) {
    lines[i] = lines[i].replace("1.4.2", "1.5.0");
    changed++;
  }
}
if (changed !== 1) throw new Error(`expected one project version line, found ${changed}`);
files.writeFile(path, lines.join("\n"));
console.log("version 1.4.2 -> 1.5.0 in [project]");
