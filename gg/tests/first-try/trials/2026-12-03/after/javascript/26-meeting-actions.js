import { files } from "gg";

const text = files.readFile("notes/meeting.txt").contents;
const byPerson = new Map();
for (const m of text.matchAll(/ACTION\(([^)]+)\):\s*([^\r\n]*)/g)) {
  const name = m[1].trim();
  const what = m[2].trim();
  if (!byPerson.has(name)) byPerson.set(name, []);
  byPerson.get(name).push(what);
}

const names = [...byPerson.keys()].sort((a, b) => a.localeCompare(b));
const parts = names.map((n) => `## ${n}\n` + byPerson.get(n).map((w) => `- ${w}`).join("\n") + "\n");
files.writeFile("notes/actions.md", parts.join("\n"));

for (const n of names) console.log(`${n}: ${byPerson.get(n).length}`);
