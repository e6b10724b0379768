import { tasks } from "gg";

let removed = 0;
for (const t of tasks.list()) {
  if (t.status === "done") {
    tasks.remove(t.id);
    removed++;
  }
}
const left = tasks.list().length;
console.log(`removed ${removed} done tasks; ${left} tasks left`);
