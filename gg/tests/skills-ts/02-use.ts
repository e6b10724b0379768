import { greet } from "lib:greeting";
console.log(greet("Ada"));
