import { docs, files } from "gg";

function allHits(query, options) {
  const hits = [];
  let offset = 0;
  for (;;) {
    const page = docs.search(query, { ...options, offset, limit: 50 });
    hits.push(...page.hits);
    offset = page.offset + page.hits.length;
    if (page.hits.length === 0 || offset >= page.total) break;
  }
  return hits;
}

const isTasksModule = (m) => m === "gg:tasks" || m === "tasks" || /(^|[:.])tasks$/.test(m ?? "");

let hits = [];
for (const [query, options] of [
  ["", { module: "gg:tasks" }],
  ["", { module: "tasks" }],
  ["tasks", {}],
  ["task", {}],
]) {
  try {
    hits = allHits(query, options).filter((h) => isTasksModule(h.module));
  } catch (e) {
    console.log(`docs.search(${JSON.stringify(query)}, ${JSON.stringify(options)}) failed: ${e.message}`);
    hits = [];
  }
  if (hits.length > 0) break;
}

// Keep the operations: drop the family's own entry, and prefer entries with a call signature.
hits = hits.filter((h) => h.name !== h.module && h.name !== "tasks" && h.name !== "gg:tasks");
const funcs = hits.filter((h) => (h.signature ?? "").includes("("));
if (funcs.length > 0) hits = funcs;

const names = [...new Set(hits.map((h) => h.name))];
if (names.length === 0) throw new Error("Found no documented operations of the tasks family");
files.writeFile("docs/tasks-api.txt", names.join("\n") + "\n");
for (const h of hits) console.log(`${h.name}  ${h.signature}`);
