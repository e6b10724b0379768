import { skills, programs } from "gg";

// The skill's code binds from the next program on, so read it now and run the rest there.
skills.read("posts");

const next = `
import { files } from "gg";
import { slug } from "lib:posts";

const title = "Ledger 3.0: Faster Imports & Offline Mode";
const date = "2026-12-04";
const s: string = slug(title);
const text = files.readFile("drafts/ledger-3.txt").contents;
const postPath = "posts/" + date + "-" + s + ".md";
files.writeFile(postPath, "# " + title + "\\n\\n" + text);
const index = files.readFile("posts/index.txt").contents;
files.writeFile("posts/index.txt", date + " " + s + "\\n" + index);
console.log("published " + date + "-" + s);
`;
programs.rerun(next);
