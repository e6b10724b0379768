import { board } from "gg";

const id = board.createIssue({
  title: "Login button does nothing",
  description: "Clicking the login button does nothing. This happens on the settings page.",
  labels: ["bug"],
});
console.log(String(id));
