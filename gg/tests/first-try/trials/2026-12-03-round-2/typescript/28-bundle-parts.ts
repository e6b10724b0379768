import { files, board, session, shell, ApiError } from "gg";

function exists(path: string): boolean {
  const slash = path.lastIndexOf("/");
  const dir = slash < 0 ? "" : path.slice(0, slash);
  const name = path.slice(slash + 1);
  try {
    const entries = dir === "" ? files.listDir() : files.listDir({ path: dir });
    return entries.some((e) => e.name === name && e.kind !== "directory");
  } catch (e) {
    if (e instanceof ApiError) return false;
    throw e;
  }
}

const manifest = files.readFile("manifest.txt").contents
  .split(/\r?\n/)
  .map((l) => l.trim())
  .filter((l) => l !== "");

const parts: string[] = [];
const missing: string[] = [];
for (const path of manifest) {
  if (!exists(path)) {
    missing.push(path);
    continue;
  }
  const first = files.readFile(path);
  const text = first.truncated ? files.readFile(path, { offset: 0, limit: first.totalLines }).contents : first.contents;
  parts.push(text.replace(/\s+$/, ""));
}

const guide = parts.join("\n\n") + "\n";
try {
  files.writeFile("dist/guide.md", guide);
} catch (e) {
  if (!(e instanceof ApiError)) throw e;
  shell.run("mkdir -p dist");
  files.writeFile("dist/guide.md", guide);
}

for (const path of missing) {
  const id = board.createIssue({ title: `Missing part: ${path}`, labels: ["docs"] });
  console.log(`filed issue #${id} for missing ${path}`);
}

session.finish(
  `Built dist/guide.md from ${parts.length} part${parts.length === 1 ? "" : "s"}` +
    (missing.length > 0 ? `; ${missing.length} listed part${missing.length === 1 ? " was" : "s were"} missing (${missing.join(", ")}) and filed as issues.` : "."),
);
console.log(`dist/guide.md: ${parts.length} parts, ${missing.length} missing`);
