import { memories } from "gg";

const names = new Set(["old-office-keys", "old-office-parking", "old-office-wifi"]);
try {
  for (const hit of memories.search(["old-office", "old", "office", "Harbour"])) {
    if (hit.name.startsWith("old-office-")) names.add(hit.name);
  }
} catch (e) {
  console.log(`search failed: ${e.message}`);
}
const deleted = [];
for (const name of [...names].sort()) {
  try {
    memories.delete(name);
    deleted.push(name);
  } catch (e) {
    if (e.code !== "not-found") console.log(`could not delete ${name}: ${e.message}`);
  }
}
for (const name of deleted) console.log(name);
