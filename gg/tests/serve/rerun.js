// Queues a rerun: gg runs it right after this program, as the next turn of the same call.
import { programs } from "gg";

programs.rerun('import { programs } from "gg";\nconsole.log(`the rerun ran after ${programs.history().length} programs`);\n');
console.log("queued a rerun");
