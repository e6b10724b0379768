import { files } from "gg";

function walk(dir: string, acc: string[]): void {
  for (const e of files.listDir(dir)) {
    const p = dir + "/" + e.name;
    if (e.kind === "directory") walk(p, acc);
    else if (e.kind === "file") acc.push(p);
  }
}

const paths: string[] = [];
walk("config", paths);
const re = /(?<![A-Za-z0-9-])db-old\.internal(?![A-Za-z0-9-])/g;
for (const p of paths) {
  let text: string;
  try {
    text = files.readFile(p).contents;
  } catch {
    continue;
  }
  const updated = text.replace(re, "db.internal");
  if (updated !== text) {
    files.writeFile(p, updated);
    console.log(p);
  }
}
