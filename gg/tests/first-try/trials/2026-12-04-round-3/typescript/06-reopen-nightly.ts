import { tasks } from "gg";

const title = "Stop the nightly job from timing out";
const matches = tasks.list().filter((t) => t.title.trim() === title);
if (matches.length !== 1) throw new Error(`expected one task titled "${title}", found ${matches.length}`);
const t = matches[0];
tasks.update(t.id, { status: "pending", description: "still times out on Sundays" });
console.log(`task ${t.id} set back to pending`);
