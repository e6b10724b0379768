import { files, shell } from "gg";

function walk(dir, out) {
  for (const e of files.listDir(dir)) {
    if (e.kind === "directory") walk(e.path, out);
    else if (e.kind === "file") out.push(e.path);
  }
  return out;
}

const re = /(?<![A-Za-z0-9_.-])db-old\.internal(?![A-Za-z0-9_-])/g;
const q = (s) => "'" + s.replace(/'/g, "'\\''") + "'";
for (const path of walk("config", []).sort()) {
  let r;
  try { r = files.readFile(path); } catch (e) { continue; }
  re.lastIndex = 0;
  if (!re.test(r.contents) && !r.truncated) continue;
  if (r.truncated) {
    const g = shell.run(`grep -q 'db-old\\.internal' ${q(path)}`);
    if (g.exitCode !== 0) continue;
    const s = shell.run(`sed -i 's/db-old\\.internal/db.internal/g' ${q(path)}`);
    if (s.exitCode !== 0) throw new Error("sed failed on " + path + ": " + s.output);
  } else {
    re.lastIndex = 0;
    files.writeFile(path, r.contents.replace(re, "db.internal"));
  }
  console.log(path);
}
