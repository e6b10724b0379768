import { tasks } from "gg";

const all = tasks.list();
const root = all.filter((t) => t.title.trim() === "Get the security sign-off");
if (root.length !== 1) throw new Error(`expected one task "Get the security sign-off", found ${root.length}`);
const rootId = root[0].id;
const waiting = new Set<number>([rootId]);
let changed = true;
while (changed) {
  changed = false;
  for (const t of all) {
    if (waiting.has(t.id)) continue;
    if (t.blockedBy.some((b) => waiting.has(b))) {
      waiting.add(t.id);
      changed = true;
    }
  }
}
waiting.delete(rootId);
for (const t of all) {
  if (!waiting.has(t.id)) continue;
  console.log(t.title);
  tasks.update(t.id, { description: "delayed: waits for the security sign-off" });
}
