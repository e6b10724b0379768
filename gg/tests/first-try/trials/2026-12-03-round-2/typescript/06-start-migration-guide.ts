import { tasks } from "gg";

const target = "Write the migration guide";
const all = tasks.list();
const found = all.find((t) => t.title === target) ?? all.find((t) => t.title.startsWith(target));
if (!found) {
  console.log(`no task titled "${target}"`);
} else {
  tasks.update(found.id, { status: "in-progress" });
  console.log(`task ${found.id} "${found.title}" is now in progress`);
}
console.log("Still pending:");
for (const t of tasks.list()) {
  if (t.status === "pending") console.log(t.title);
}
