import { tasks } from "gg";

const re = /([Rr][Ee][Cc])([Ii])([Ee])([Vv][Ee])/g;
let corrected = 0;
for (const t of tasks.list()) {
  const fixed = t.title.replace(re, "$1$3$2$4");
  if (fixed !== t.title) {
    tasks.update(t.id, { title: fixed });
    corrected++;
  }
}
console.log(corrected);
