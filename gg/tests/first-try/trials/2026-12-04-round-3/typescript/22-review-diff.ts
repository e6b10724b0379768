import { files, session } from "gg";

const diff = files.readFile("change.diff").contents.split("\n").map((l) => l.replace(/\r$/, ""));
const items: string[] = [];
let file = "";
let oldLeft = 0;
let newLeft = 0;
for (const line of diff) {
  if (oldLeft > 0 || newLeft > 0) {
    if (line.startsWith("+")) {
      newLeft--;
      const text = line.slice(1);
      if (text.includes("print(") || text.includes("TODO")) items.push(`${file}: ${text.trim()}`);
    } else if (line.startsWith("-")) {
      oldLeft--;
    } else if (line.startsWith("\\")) {
      // "\ No newline at end of file"
    } else {
      oldLeft--;
      newLeft--;
    }
    continue;
  }
  const h = /^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@/.exec(line);
  if (h) {
    oldLeft = h[1] === undefined ? 1 : parseInt(h[1], 10);
    newLeft = h[2] === undefined ? 1 : parseInt(h[2], 10);
    continue;
  }
  if (line.startsWith("+++ ")) {
    let p = line.slice(4).split("\t")[0].trim();
    if (p.startsWith("b/")) p = p.slice(2);
    file = p;
    continue;
  }
  const g = /^diff --git a\/(.+) b\/(.+)$/.exec(line);
  if (g) file = g[2];
}

if (items.length > 0) {
  for (const i of items) console.log(i);
  session.requestChanges(items);
} else {
  console.log("no added print( or TODO lines");
  session.approve();
}
