import { tasks } from "gg";

const target = tasks.list().find((t) => t.title === "Water the plants");
if (!target) throw new Error("no task titled 'Water the plants'");
tasks.complete(target.id);

for (const t of tasks.list()) {
  if (t.status !== "done") console.log(t.title);
}
