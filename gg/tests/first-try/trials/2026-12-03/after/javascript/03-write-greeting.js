import { files, shell } from "gg";

// make sure the folder exists (writeFile may or may not create parents)
shell.run("mkdir -p out");
const n = files.writeFile("out/greeting.txt", "Hello from the agent\n");
console.log(`wrote ${n} bytes to out/greeting.txt`);
