import { files } from "gg";

const path = "config/server.conf";
const lines = files.readFile(path).contents.split("\n");

// Track which section each line is in: "[name]" headers or "name {" blocks.
let section = "";
let header = -1;
let target = -1;
for (let i = 0; i < lines.length; i++) {
  const l = lines[i];
  let m;
  if ((m = l.match(/^\s*\[([^\]]+)\]/))) { section = m[1]; header = i; continue; }
  if ((m = l.match(/^\s*([\w.-]+)\s*\{/))) { section = m[1]; header = i; continue; }
  if (/^\s*\}/.test(l)) { section = ""; header = -1; continue; }
  const inDb = /database|\bdb\b/i.test(section) || /(database|\bdb)[._-]?timeout/i.test(l);
  if (inDb && /timeout/i.test(l) && /\b30\b/.test(l)) { target = i; break; }
}
if (target < 0) throw new Error("no database timeout of 30 found in " + path);

// Edit with the section header as context so the match is unique (the http timeout is 30 too).
const from = header >= 0 ? header : target;
const oldText = lines.slice(from, target + 1).join("\n");
const newLines = lines.slice(from, target + 1);
newLines[newLines.length - 1] = newLines[newLines.length - 1].replace(/\b30\b/, "60");
files.editFile(path, oldText, newLines.join("\n"));
console.log(`line ${target + 1}: ${lines[target].trim()} -> ${newLines[newLines.length - 1].trim()}`);
