import { docs, files, ApiError } from "gg";
import type { DocHit, DocSearch } from "gg";

function collect(query: string, module?: string): DocHit[] {
  const out: DocHit[] = [];
  let offset = 0;
  for (let guard = 0; guard < 100; guard++) {
    let page: DocSearch;
    try {
      page = module === undefined ? docs.search(query, { offset }) : docs.search(query, { module, offset });
    } catch (e) {
      if (e instanceof ApiError) {
        console.log(`docs.search("${query}", module ${module ?? "-"}) failed: ${e.code}`);
        return out;
      }
      throw e;
    }
    out.push(...page.hits);
    offset = page.offset + page.hits.length;
    if (page.hits.length === 0 || offset >= page.total) break;
  }
  return out;
}

const isTasks = (h: DocHit) =>
  h.module === "gg:tasks" || h.module === "tasks" || /(^|[:./])tasks$/.test(h.module) || h.name.startsWith("tasks.");

let hits: DocHit[] = collect("", "gg:tasks").filter(isTasks);
if (hits.length === 0) hits = collect("", "tasks").filter(isTasks);
if (hits.length === 0) hits = [...collect("task"), ...collect("tasks")].filter(isTasks);

const seen = new Set<string>();
let unique: DocHit[] = [];
for (const h of hits) {
  if (seen.has(h.name)) continue;
  seen.add(h.name);
  unique.push(h);
}
const ops = unique.filter((h) => h.signature.includes("("));
if (ops.length > 0) unique = ops;

const names = unique.map((h) => h.name);
if (names.length === 0) {
  console.log("found no documented operations of the tasks family");
} else {
  files.writeFile("docs/tasks-api.txt", names.join("\n") + "\n");
  console.log(names.join("\n"));
}
