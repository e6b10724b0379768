import { files, shell } from "gg";

const q = (s) => "'" + s.replace(/'/g, "'\\''") + "'";
const entries = files.listDir("uploads");
for (const e of entries) {
  if (e.kind !== "file") continue;
  const r = shell.run(`test -f ${q(e.path)} && test ! -s ${q(e.path)}`);
  if (r.exitCode === 0) console.log(e.name);
}
