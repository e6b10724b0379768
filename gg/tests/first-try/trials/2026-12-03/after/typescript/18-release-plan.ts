import { tasks } from "gg";

const notes = tasks.add({ title: "Write release notes" });
const build = tasks.add({ title: "Build packages" });
const test = tasks.add({ title: "Test packages", blockedBy: [build] });
const publish = tasks.add({ title: "Publish", blockedBy: [test, notes] });

const mine = new Set([notes, build, test, publish]);
const all = tasks.list();
const done = new Set(all.filter((t) => t.status === "done").map((t) => t.id));
for (const t of all) {
  if (!mine.has(t.id) || t.status !== "pending") continue;
  if (t.blockedBy.every((b) => done.has(b))) console.log(t.title);
}
