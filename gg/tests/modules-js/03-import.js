import { f } from "lib:broken";
console.log(f());
