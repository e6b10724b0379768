import { tasks } from "gg";

const all = tasks.list();
const byId = new Map(all.map((t) => [t.id, t]));
const ready = all
  .filter((t) => t.status === "pending")
  .filter((t) => (t.blockedBy ?? []).every((id) => !byId.has(id) || byId.get(id).status === "done"))
  .sort((a, b) => a.id - b.id);
for (const t of ready) console.log(t.title);
if (ready.length > 0) {
  tasks.update(ready[0].id, { status: "in-progress" });
} else {
  console.log("(no task can be started now)");
}
