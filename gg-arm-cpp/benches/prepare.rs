//! Prepare (clang++ compile + link) of a 28-line program using iostream, vector, string and map.
fn main() {}
