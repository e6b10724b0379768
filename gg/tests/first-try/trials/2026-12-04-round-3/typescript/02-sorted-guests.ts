import { files } from "gg";

const text = files.readFile("lists/guests.txt").contents;
const names = new Set<string>();
for (const raw of text.split("\n")) {
  const name = raw.replace(/\r$/, "").trim();
  if (name !== "") names.add(name);
}
const sorted = [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
files.writeFile("lists/guests-sorted.txt", sorted.join("\n") + "\n");
console.log(sorted.join("\n"));
