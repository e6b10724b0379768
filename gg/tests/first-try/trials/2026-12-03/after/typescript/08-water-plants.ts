import { tasks } from "gg";

const wanted = "Water the plants";
const all = tasks.list();
const target =
  all.find((t) => t.title === wanted) ??
  all.find((t) => t.title.trim().toLowerCase() === wanted.toLowerCase());
if (!target) throw new Error(`no task titled "${wanted}"`);
tasks.complete(target.id);

for (const t of tasks.list()) {
  if (t.status !== "done") console.log(t.title);
}
