import { tasks } from "gg";

function fix(m) {
  // m is "recieve" in any case: swap the 'i' and 'e' letters, keeping each position's case
  const isUp = (ch) => ch !== ch.toLowerCase();
  const a = isUp(m[3]) ? "E" : "e";
  const b = isUp(m[4]) ? "I" : "i";
  return m.slice(0, 3) + a + b + m.slice(5);
}

let n = 0;
for (const t of tasks.list()) {
  if (/recieve/i.test(t.title)) {
    const title = t.title.replace(/recieve/gi, fix);
    tasks.update(t.id, { title });
    n++;
  }
}
console.log(n);
