import { tasks, session } from "gg";

const target = "[S12] Write the retro notes";
const before = tasks.list();
const retro = before.find((t) => t.title === target) ?? before.find((t) => t.title.startsWith(target));
if (!retro) {
  console.log(`no task titled "${target}"`);
} else {
  tasks.complete(retro.id);
  console.log(`marked task ${retro.id} "${retro.title}" as done`);
}

const sprint = tasks.list().filter((t) => t.title.startsWith("[S12]"));
const notDone = sprint.filter((t) => t.status !== "done");
if (notDone.length === 0) {
  session.finish(`Sprint 12 is complete: all ${sprint.length} of its tasks are done.`);
  console.log(`sprint 12 complete (${sprint.length} tasks)`);
} else {
  for (const t of notDone) console.log(t.title);
}
