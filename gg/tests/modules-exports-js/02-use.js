import { docs, memories, views } from "gg";
import { LIMIT, summarize } from "lib:notes";

console.log(summarize("\n\nShopping: eggs, flour, milk, and a very long list of other things"), LIMIT);
for (const hit of docs.search("summar").hits) {
  console.log(`${hit.name} (${hit.module}): ${hit.brief}`);
}
views.openDocs("lib:notes.summarize");
memories.delete("scratch");
