import { files } from "gg";

const pattern = "[Dd][Ee][Pp][Rr][Ee][Cc][Aa][Tt][Ee][Dd]";
const counts = new Map();
for (const m of files.search(pattern, { path: "src" })) {
  const key = `${m.path}:${m.line}`;
  if (!counts.has(m.path)) counts.set(m.path, new Set());
  counts.get(m.path).add(key);
}
const paths = [...counts.keys()].sort();
if (paths.length === 0) console.log("No file under src mentions \"deprecated\".");
for (const p of paths) console.log(`${p} ${counts.get(p).size}`);
