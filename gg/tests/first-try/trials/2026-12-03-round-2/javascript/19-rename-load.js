import { files } from "gg";

const path = "src/settings.py";
const read = files.readFile(path);
if (read.truncated) throw new Error(`${path} was read truncated`);

// Split a line into code and a trailing comment, minding quotes.
function splitComment(line) {
  let quote = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "#") return [line.slice(0, i), line.slice(i)];
  }
  return [line, ""];
}

const re = /(?<![\w.])load(?!\w)/g;
let changes = 0;
const out = read.contents.split("\n").map((line) => {
  const [code, comment] = splitComment(line);
  const fixed = code.replace(re, () => {
    changes++;
    return "read_settings";
  });
  return fixed + comment;
});
files.writeFile(path, out.join("\n"));
console.log(`Renamed ${changes} uses of load to read_settings in ${path}`);
