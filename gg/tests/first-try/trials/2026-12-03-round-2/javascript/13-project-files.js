import { files } from "gg";

function walk(dir) {
  for (const entry of files.listDir({ path: dir })) {
    const p = `${dir}/${entry.name}`;
    if (entry.kind === "directory") walk(p);
    else if (entry.kind === "file") console.log(p);
  }
}
walk("projects");
