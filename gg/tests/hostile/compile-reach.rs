//! Hostile: the program's text makes rustc read a host file at compile time.
const HOST: &str = include_str!("/etc/passwd");

fn main() {
    println!("first line: {}", HOST.lines().next().unwrap_or(""));
}
