// This language runs on QuickJS here with no file API of its own (no fs), so gg's files is used.
import { files } from "gg";

function walk(dir: string, out: string[]): void {
  for (const entry of files.listDir({ path: dir })) {
    const p = `${dir}/${entry.name}`;
    if (entry.kind === "directory") walk(p, out);
    else if (entry.kind === "file" && entry.name.endsWith(".md")) out.push(p);
  }
}

function readAll(path: string): string {
  const first = files.readFile(path);
  if (!first.truncated) return first.contents;
  return files.readFile(path, { offset: 0, limit: first.totalLines }).contents;
}

const md: string[] = [];
walk("docs", md);
const untitled = md
  .filter((p) => !readAll(p).split(/\r?\n/).some((l) => l.startsWith("# ")))
  .sort();
files.writeFile("docs/untitled.txt", untitled.length > 0 ? untitled.join("\n") + "\n" : "");
console.log(untitled.length > 0 ? untitled.join("\n") : "every Markdown file has a title line");
