// expect: program_error
function walk(node) {
  return walk({ parent: node }) + 1;
}
walk(null);
