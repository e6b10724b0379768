import { files } from "gg";

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

const text = readAll("notes/meeting.txt");
const byPerson = new Map<string, string[]>();
for (const m of text.matchAll(/ACTION\(([^)]+)\):[ \t]*([^\r\n]*)/g)) {
  const name = m[1].trim();
  const what = m[2].trim();
  const list = byPerson.get(name) ?? [];
  list.push(what);
  byPerson.set(name, list);
}

const names = [...byPerson.keys()].sort((a, b) => a.localeCompare(b));
const sections = names.map((n) => `## ${n}\n${(byPerson.get(n) ?? []).map((w) => `- ${w}`).join("\n")}\n`);
files.writeFile("notes/actions.md", sections.join("\n"));

for (const n of names) console.log(`${n}: ${(byPerson.get(n) ?? []).length}`);
