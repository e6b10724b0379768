import { tasks } from "gg";

for (const t of tasks.list()) {
  if (t.status !== "done") continue;
  try {
    tasks.remove(t.id);
    console.log(`removed #${t.id} ${t.title}`);
  } catch (e) {
    console.log(`could not remove #${t.id} ${t.title}: ${e.code ?? ""} ${e.message}`);
  }
}
console.log(`${tasks.list().length} tasks left`);
