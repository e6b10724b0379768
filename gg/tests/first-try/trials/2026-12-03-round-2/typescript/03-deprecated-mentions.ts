import { files } from "gg";

const pattern = "[Dd][Ee][Pp][Rr][Ee][Cc][Aa][Tt][Ee][Dd]";
const counts = new Map<string, Set<number>>();
for (const m of files.search(pattern, { path: "src" })) {
  let lines = counts.get(m.path);
  if (!lines) {
    lines = new Set<number>();
    counts.set(m.path, lines);
  }
  lines.add(m.line);
}
const paths = [...counts.keys()].sort();
if (paths.length === 0) console.log("no file under src mentions deprecated");
for (const p of paths) {
  console.log(`${p}: ${counts.get(p)!.size}`);
}
