import { memories, ApiError } from "gg";

const prefix = "old-office-";
const names = new Set<string>();
try {
  for (const hit of memories.search(["old-office", "old", "office", "Harbour", "Harbour Street"])) {
    if (hit.name.startsWith(prefix)) names.add(hit.name);
  }
} catch (e) {
  if (!(e instanceof ApiError)) throw e;
  console.log(`memory search failed: ${e.code} ${e.message}`);
}
for (const n of ["old-office-keys", "old-office-parking", "old-office-wifi"]) names.add(n);

const deleted: string[] = [];
for (const n of [...names].sort()) {
  try {
    memories.delete(n);
    deleted.push(n);
  } catch (e) {
    if (e instanceof ApiError && e.code === "not-found") continue;
    throw e;
  }
}
if (deleted.length === 0) console.log("no old-office memories to delete");
for (const n of deleted) console.log(n);
