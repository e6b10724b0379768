import { files } from "gg";

const entries = files.listDir({ path: "docs" });
for (const e of entries) {
  const what = e.kind === "directory" ? "folder" : e.kind;
  console.log(`${e.name}: ${what}`);
}
