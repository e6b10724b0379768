import { files } from "gg";

function walk(dir: string, out: string[]): void {
  for (const entry of files.listDir({ path: dir })) {
    const p = `${dir}/${entry.name}`;
    if (entry.kind === "directory") walk(p, out);
    else if (entry.kind === "file") out.push(p);
  }
}

const found: string[] = [];
walk("projects", found);
for (const p of found) console.log(p);
