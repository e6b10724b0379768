import { tasks } from "gg";

const all = tasks.list();
const byId = new Map(all.map((t) => [t.id, t] as const));
const ready = all
  .filter((t) => t.status === "pending" && t.blockedBy.every((b) => byId.get(b)?.status === "done"))
  .sort((a, b) => a.id - b.id);
if (ready.length === 0) {
  console.log("no task can be started now");
} else {
  for (const t of ready) console.log(t.title);
  tasks.update(ready[0].id, { status: "in-progress" });
  console.log(`marked task ${ready[0].id} "${ready[0].title}" as in progress`);
}
