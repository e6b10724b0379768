//! Counts each arm's prompt segment in tokens: runs `GG prompt ARM` for every ARM given (or reads
//! each FILE after `--files`) and prints a Markdown table row per prompt with its characters and
//! its o200k_base and cl100k_base tokens.
//!
//! usage: cargo run --release --manifest-path tools/prompt-tokens/Cargo.toml -- GG ARM...
//!        cargo run --release --manifest-path tools/prompt-tokens/Cargo.toml -- --files FILE...

use std::process::Command;

fn main() {
    let mut args = std::env::args().skip(1);
    let first = args.next().expect("usage: prompt-tokens GG ARM... | --files FILE...");
    let rest: Vec<String> = args.collect();
    let prompts: Vec<(String, String)> = if first == "--files" {
        rest.into_iter()
            .map(|f| {
                let text = std::fs::read_to_string(&f).unwrap_or_else(|e| panic!("{f}: {e}"));
                (f, text)
            })
            .collect()
    } else {
        rest.into_iter()
            .map(|arm| {
                let out = Command::new(&first).args(["prompt", &arm]).output().expect("gg runs");
                assert!(out.status.success(), "gg prompt {arm}: {}", String::from_utf8_lossy(&out.stderr));
                (arm, String::from_utf8(out.stdout).expect("the prompt is UTF-8"))
            })
            .collect()
    };
    let o200k = tiktoken_rs::o200k_base().expect("o200k_base is embedded");
    let cl100k = tiktoken_rs::cl100k_base().expect("cl100k_base is embedded");
    println!("| arm | characters | o200k_base tokens | cl100k_base tokens |");
    println!("| --- | ---: | ---: | ---: |");
    for (name, text) in prompts {
        println!(
            "| {name} | {} | {} | {} |",
            text.chars().count(),
            o200k.encode_ordinary(&text).len(),
            cl100k.encode_ordinary(&text).len()
        );
    }
}
