import { files } from "gg";

function counts(words) {
  const m = new Map();
  for (const w of words) m.set(w, (m.get(w) ?? 0) + 1);
  return m;
}

files.writeFile("words.txt", "the cat saw the dog\nthe dog saw a bird\nA bird saw the cat\n");
const text = files.readFile("words.txt").contents;
const lines = text.trim().split("\n").filter((l) => l !== "");
const words = lines.flatMap((l) => l.split(" ").map((w) => w.toLowerCase())).filter((w) => w !== "");
const table = counts(words);
const ranked = [...table.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
console.log(`lines: ${lines.length}, words: ${words.length}`);
for (const [w, n] of ranked.slice(0, 3)) console.log(`${w} ${n}`);
