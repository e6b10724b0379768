import { tasks } from "gg";

for (const title of ["Draft the report", "Review the draft", "Send the report"]) {
  const id = tasks.add({ title });
  console.log(`${title}: ${id}`);
}
