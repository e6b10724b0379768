// A TypeScript program, as a model would write it: the SDK is one import away.
import { files, tasks, views, session } from "gg";

const todo = files.readFile("notes/todo.txt", { limit: 2 });
console.log(`the first ${todo.lastLine} of ${todo.totalLines} lines:\n${todo.contents}`);

const task = tasks.add({ title: "try the Python arm next", blockedBy: [] });
views.openText(`1. read the notes\n2. filed task ${task.id}`, { label: "plan" });
session.finish("read the notes and filed a task");
