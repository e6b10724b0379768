import { tasks } from "gg";

const notes = tasks.add({ title: "Write release notes" });
const build = tasks.add({ title: "Build packages" });
const test = tasks.add({ title: "Test packages", blockedBy: [build] });
const publish = tasks.add({ title: "Publish", blockedBy: [test, notes] });

const mine = new Set([notes, build, test, publish]);
const all = tasks.list();
const byId = new Map(all.map((t) => [t.id, t]));
for (const t of all) {
  if (!mine.has(t.id) || t.status === "done") continue;
  const blocked = t.blockedBy.some((b) => byId.has(b) && byId.get(b).status !== "done");
  if (!blocked) console.log(t.title);
}
