import { memories, tasks } from "gg";

const mem = memories.read("release-checklist");
let added = 0;
for (const raw of mem.body.split(/\r?\n/)) {
  // strip list markers such as "- ", "* ", "1. ", "- [ ] "
  const title = raw
    .trim()
    .replace(/^([-*+]|\d+[.)])\s+/, "")
    .replace(/^\[[ xX]?\]\s+/, "")
    .trim();
  if (title === "") continue;
  tasks.add({ title });
  added++;
}
console.log(added);
