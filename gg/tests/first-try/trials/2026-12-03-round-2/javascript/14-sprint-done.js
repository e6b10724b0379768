import { tasks, session } from "gg";

const target = tasks.list().find((t) => t.title.startsWith("[S12] Write the retro notes"));
if (!target) throw new Error("No task '[S12] Write the retro notes'");
tasks.complete(target.id);

const sprint = tasks.list().filter((t) => t.title.startsWith("[S12]"));
const open = sprint.filter((t) => t.status !== "done");
if (open.length === 0) {
  const summary = `Sprint 12 is complete: all ${sprint.length} of its tasks are done.`;
  console.log(summary);
  session.finish(summary);
} else {
  for (const t of open) console.log(t.title);
}
