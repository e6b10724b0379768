import { files } from "gg";

const path = "pyproject.toml";
const lines = files.readFile(path).contents.split("\n");
let section = "";
let replaced = 0;
for (let i = 0; i < lines.length; i++) {
  const h = /^\s*\[([^\[\]]+)\]\s*(#.*)?\r?$/.exec(lines[i]);
  if (h) { section = h[1].trim(); continue; }
  if (section !== "project") continue;
  const m = /^(\s*version\s*=\s*)(["'])1\.4\.2\2(.*)$/.exec(lines[i]);
  if (m) {
    lines[i] = `${m[1]}${m[2]}1.5.0${m[2]}${m[3]}`;
    replaced++;
  }
}
if (replaced !== 1) throw new Error(`expected one project version line, found ${replaced}`);
files.writeFile(path, lines.join("\n"));
console.log("version 1.4.2 -> 1.5.0 in [project]");
