import { files, views } from "gg";

const count = files.listDir().filter((e) => e.kind === "file").length;
views.openText("file count", String(count));
console.log(`files in the workspace folder: ${count}`);
