import { files, shell, ApiError } from "gg";

const path = "out/greeting.txt";
const text = "Hello from the agent\n";
try {
  files.writeFile(path, text);
} catch (e) {
  if (e instanceof ApiError) {
    // The folder may not exist yet: create it and try again.
    shell.run("mkdir -p out");
    files.writeFile(path, text);
  } else {
    throw e;
  }
}
console.log(files.readFile(path).contents);
