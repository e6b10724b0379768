import { files } from "gg";

for (const entry of files.listDir({ path: "docs" })) {
  const what = entry.kind === "directory" ? "folder" : entry.kind;
  console.log(`${entry.name}: ${what}`);
}
