/** The slug of a post's title: lower case, each run of other characters one `-`. */
export function slug(title = "") {
  return title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
}
