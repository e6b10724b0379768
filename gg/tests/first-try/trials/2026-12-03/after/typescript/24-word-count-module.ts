import { memories, programs } from "gg";

const code = `export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === "" ? 0 : trimmed.split(/\\s+/).length;
}
`;

memories.write(
  "textstats",
  "Helpers for counting words",
  "countWords(text) returns how many whitespace-separated words a text has.",
  { code },
);

programs.rerun(`import { files } from "gg";
import { countWords } from "lib:textstats";

console.log(String(countWords(files.readFile("notes/poem.txt").contents)));
`);
