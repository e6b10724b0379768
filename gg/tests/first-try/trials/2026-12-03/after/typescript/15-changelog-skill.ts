import { skills, files } from "gg";

const change = "Fixed the crash when saving an empty file";
const skill = skills.read("changelog");
console.log(skill);

function readAll(path: string): string {
  const first = files.readFile(path);
  if (!first.truncated) return first.contents;
  const parts: string[] = [];
  const step = 200;
  for (let offset = 0; offset < first.totalLines; offset += step) {
    let part = files.readFile(path, { offset, limit: step }).contents;
    if (offset + step < first.totalLines && !part.endsWith("\n")) part += "\n";
    parts.push(part);
  }
  return parts.join("");
}

// Which file: the one the skill names, else a changelog in the workspace root.
let path =
  /[\w./-]*changelog\.(?:md|txt|rst)\b/i.exec(skill)?.[0] ??
  /\bCHANGELOG\b/.exec(skill)?.[0];
if (path === undefined) {
  const found = files.listDir().find((e) => e.kind === "file" && /^changelog/i.test(e.name));
  path = found ? found.name : "CHANGELOG.md";
}

// The entry's shape: a template the skill gives in backticks, else a "- " bullet.
const today = new Date().toISOString().slice(0, 10);
let entry = `- ${change}`;
for (const m of skill.matchAll(/`([^`\n]+)`/g)) {
  const snippet = m[1];
  if (/<[^>]+>|\{[^}]+\}/.test(snippet) && !/^#/.test(snippet)) {
    entry = snippet.replace(/YYYY-MM-DD/g, today).replace(/<[^>]+>|\{[^}]+\}/, change);
    break;
  }
}

let text = "";
let exists = true;
try {
  text = readAll(path);
} catch {
  exists = false;
}

const lines = text === "" ? [] : text.split("\n");
const isItem = (l: string) => /^\s*(?:[-*+]\s|\d+[.)]\s)/.test(l);
const unreleased = lines.findIndex((l) => /^#{1,6}\s*\[?unreleased\]?/i.test(l));

function insertListTop(at: number): void {
  let i = at;
  while (i < lines.length && lines[i].trim() === "") i++;
  if (i < lines.length && isItem(lines[i])) {
    lines.splice(i, 0, entry);
  } else {
    lines.splice(at, 0, ...(at > 0 && lines[at - 1].trim() !== "" ? [""] : []), entry, "");
  }
}

if (unreleased >= 0) {
  const level = (/^#+/.exec(lines[unreleased]) ?? ["##"])[0].length;
  let end = lines.length;
  for (let i = unreleased + 1; i < lines.length; i++) {
    const h = /^(#+)\s/.exec(lines[i]);
    if (h && h[1].length <= level) {
      end = i;
      break;
    }
  }
  const fixedRel = lines.slice(unreleased + 1, end).findIndex((l) => /^#+\s*fixed\b/i.test(l));
  const anchor = fixedRel >= 0 ? unreleased + 1 + fixedRel : unreleased;
  insertListTop(anchor + 1);
} else if (/unreleased/i.test(skill)) {
  const title = lines.findIndex((l) => /^#\s/.test(l));
  const at = title >= 0 ? title + 1 : 0;
  lines.splice(at, 0, ...(at > 0 ? [""] : []), "## Unreleased", "", entry, "");
} else if (/\b(bottom|append|end of)\b/i.test(skill) && !/\b(top|newest first|prepend)\b/i.test(skill)) {
  while (lines.length > 0 && lines[lines.length - 1].trim() === "") lines.pop();
  lines.push(entry, "");
} else {
  const firstItem = lines.findIndex(isItem);
  if (firstItem >= 0) {
    lines.splice(firstItem, 0, entry);
  } else {
    while (lines.length > 0 && lines[lines.length - 1].trim() === "") lines.pop();
    if (lines.length > 0) lines.push("");
    lines.push(entry, "");
  }
}

let out = lines.join("\n");
if (!out.endsWith("\n")) out += "\n";
files.writeFile(path, out);
console.log(`${exists ? "updated" : "created"} ${path} with: ${entry}`);
