import { files } from "gg";

const text = files.readFile("lists/guests.txt").contents;
const names = [...new Set(
  text.split("\n").map((l) => l.replace(/\r$/, "").trim()).filter((l) => l.length > 0)
)];
names.sort((a, b) => a.localeCompare(b));
files.writeFile("lists/guests-sorted.txt", names.join("\n") + "\n");
console.log(names.join("\n"));
