import { tasks } from "gg";

const t = tasks.list().find((t) => t.title.trim() === "Stop the nightly job from timing out");
if (!t) throw new Error("task not found");
tasks.update(t.id, { status: "pending", description: "still times out on Sundays" });
console.log(`task ${t.id} set back to pending`);
