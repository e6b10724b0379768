import { files } from "gg";

for (const m of files.search("TODO", { path: "src" })) {
  const path = m.path.startsWith("src/") ? m.path : `src/${m.path}`;
  console.log(`${path}:${m.line}: ${m.text}`);
}
