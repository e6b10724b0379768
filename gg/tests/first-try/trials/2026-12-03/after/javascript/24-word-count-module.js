import { memories, programs } from "gg";

const code = `export function countWords(text) {
  const words = String(text).trim().split(/\\s+/).filter((w) => w !== "");
  return words.length;
}
`;
memories.write(
  "textstats",
  "Helpers for counting words",
  "Code module lib:textstats: countWords(text) returns how many words a text has.",
  { code }
);

programs.rerun(`import { files } from "gg";
import { countWords } from "lib:textstats";
const text = files.readFile("notes/poem.txt").contents;
console.log(countWords(text));
`);
console.log("saved memory textstats; the check program runs next");
