import { files } from "gg";

const matches = files.search("TODO", { path: "src" });
for (const m of matches) {
  console.log(`${m.path}:${m.line}: ${m.text}`);
}
