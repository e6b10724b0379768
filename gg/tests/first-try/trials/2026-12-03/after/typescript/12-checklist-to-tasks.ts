import { memories, tasks } from "gg";

const memory = memories.read("release-checklist");
let added = 0;
for (const raw of memory.body.split(/\r?\n/)) {
  if (raw.trim() === "" || /^\s*#/.test(raw)) continue; // blank lines and headings are not items
  // Strip a list marker or checkbox, if the line has one.
  const title = raw
    .replace(/^\s*(?:[-*+]\s+|\d+[.)]\s+)?/, "")
    .replace(/^\[[ xX]?\]\s*/, "")
    .trim();
  if (title === "") continue;
  tasks.add({ title });
  added++;
}
console.log(String(added));
