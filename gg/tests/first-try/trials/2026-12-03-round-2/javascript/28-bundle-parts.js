import { files, board, session, shell } from "gg";

const manifest = files.readFile("manifest.txt").contents
  .split("\n")
  .map((l) => l.trim())
  .filter((l) => l !== "");

const parts = [];
const missing = [];
for (const path of manifest) {
  let text;
  try {
    text = files.readFile(path).contents;
  } catch (e) {
    missing.push(path);
    board.createIssue({ title: `Missing part: ${path}`, labels: ["docs"] });
    console.log(`missing: ${path} (${e.code ?? e.message})`);
    continue;
  }
  parts.push(text.replace(/\n+$/, ""));
}

const guide = parts.join("\n\n") + "\n";
try {
  files.writeFile("dist/guide.md", guide);
} catch (e) {
  shell.run("mkdir -p dist");
  files.writeFile("dist/guide.md", guide);
}
const summary =
  `Built dist/guide.md from ${parts.length} part${parts.length === 1 ? "" : "s"}` +
  (missing.length ? `; ${missing.length} missing (${missing.join(", ")}), filed as board issues.` : ".");
console.log(summary);
session.finish(summary);
