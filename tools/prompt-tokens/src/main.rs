//! Counts each arm's prompt segment in tokens: runs `GG prompt ARM` for every ARM given and prints
//! a Markdown table row per arm with its characters and its o200k_base and cl100k_base tokens.
//!
//! usage: cargo run --release --manifest-path tools/prompt-tokens/Cargo.toml -- GG ARM...

use std::process::Command;

fn main() {
    let mut args = std::env::args().skip(1);
    let gg = args.next().expect("usage: prompt-tokens GG ARM...");
    let arms: Vec<String> = args.collect();
    let o200k = tiktoken_rs::o200k_base().expect("o200k_base is embedded");
    let cl100k = tiktoken_rs::cl100k_base().expect("cl100k_base is embedded");
    println!("| arm | characters | o200k_base tokens | cl100k_base tokens |");
    println!("| --- | ---: | ---: | ---: |");
    for arm in arms {
        let out = Command::new(&gg).args(["prompt", &arm]).output().expect("gg runs");
        assert!(out.status.success(), "gg prompt {arm}: {}", String::from_utf8_lossy(&out.stderr));
        let text = String::from_utf8(out.stdout).expect("the prompt is UTF-8");
        println!(
            "| {arm} | {} | {} | {} |",
            text.chars().count(),
            o200k.encode_ordinary(&text).len(),
            cl100k.encode_ordinary(&text).len()
        );
    }
}
