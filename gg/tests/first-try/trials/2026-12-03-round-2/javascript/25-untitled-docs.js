// JavaScript on this sandbox has no file functions of its own (no fs), so gg's files are used.
import { files } from "gg";

function readAll(path) {
  let r = files.readFile(path);
  let text = r.contents;
  while (r.truncated && r.lastLine < r.totalLines) {
    r = files.readFile(path, { offset: r.lastLine });
    if (!r.contents) break;
    text += (text.endsWith("\n") ? "" : "\n") + r.contents;
  }
  return text;
}

const md = [];
function walk(dir) {
  for (const entry of files.listDir({ path: dir })) {
    const p = `${dir}/${entry.name}`;
    if (entry.kind === "directory") walk(p);
    else if (entry.kind === "file" && entry.name.endsWith(".md")) md.push(p);
  }
}
walk("docs");

const untitled = md
  .filter((p) => !readAll(p).split("\n").some((l) => l.startsWith("# ")))
  .sort();
files.writeFile("docs/untitled.txt", untitled.length ? untitled.join("\n") + "\n" : "");
console.log(untitled.join("\n"));
