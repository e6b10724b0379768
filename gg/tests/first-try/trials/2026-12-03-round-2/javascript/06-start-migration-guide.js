import { tasks } from "gg";

const all = tasks.list();
const target =
  all.find((t) => t.title === "Write the migration guide") ??
  all.find((t) => t.title.startsWith("Write the migration guide"));
if (!target) throw new Error("No task titled 'Write the migration guide'");
tasks.update(target.id, { status: "in-progress" });
for (const t of tasks.list()) {
  if (t.status === "pending") console.log(t.title);
}
