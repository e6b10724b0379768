import { memories } from "gg";

memories.write(
  "staging-server",
  "The staging server's host name and SSH port",
  "The staging server is staging.example.internal, reachable over SSH on port 2222 " +
    "(ssh -p 2222 staging.example.internal).",
);
console.log("saved memory staging-server");
