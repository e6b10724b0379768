import { tasks } from "gg";

const all = tasks.list();
const root = all.find((t) => t.title.trim() === "Get the security sign-off");
if (!root) throw new Error("task 'Get the security sign-off' not found");
const waiting = new Set();
let grew = true;
while (grew) {
  grew = false;
  for (const t of all) {
    if (t.id === root.id || waiting.has(t.id)) continue;
    if ((t.blockedBy || []).some((b) => b === root.id || waiting.has(b))) {
      waiting.add(t.id);
      grew = true;
    }
  }
}
for (const t of all) {
  if (!waiting.has(t.id)) continue;
  console.log(t.title);
  tasks.update(t.id, { description: "delayed: waits for the security sign-off" });
}
