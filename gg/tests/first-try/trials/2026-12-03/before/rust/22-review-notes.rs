use regex::Regex;

enum Rule {
    MaxLen(usize, String),
    Forbidden(String, String),
    TrailingSpace(String),
    NoTabs(String),
}

fn main() -> Result<(), gg::ApiError> {
    let rules_text = gg::files::read_file("REVIEW-RULES.md", None, None)?;
    let notes = gg::files::read_file("release/notes.md", None, None)?;
    println!("rules:\n{}", rules_text);

    let num = Regex::new(r"(\d+)\s*(characters|chars|columns)").unwrap();
    let quoted = Regex::new(r#"`([^`]+)`|"([^"]+)""#).unwrap();
    let mut rules = Vec::new();
    for line in rules_text.lines() {
        let l = line.trim().trim_start_matches(|c: char| c == '-' || c == '*' || c.is_ascii_digit() || c == '.').trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let low = l.to_lowercase();
        if let Some(c) = num.captures(&low) {
            if low.contains("longer") || low.contains("more than") || low.contains("at most") || low.contains("exceed") || low.contains("max") {
                let n: usize = c[1].parse().unwrap();
                rules.push(Rule::MaxLen(n, l.to_string()));
                continue;
            }
        }
        if low.contains("trailing") && (low.contains("space") || low.contains("whitespace")) {
            rules.push(Rule::TrailingSpace(l.to_string()));
            continue;
        }
        if low.contains("tab") && (low.contains("no ") || low.contains("not")) {
            rules.push(Rule::NoTabs(l.to_string()));
            continue;
        }
        let negative = low.contains("no ") || low.contains("not ") || low.contains("never") || low.contains("must not") || low.contains("don't") || low.contains("avoid");
        if negative {
            for c in quoted.captures_iter(l) {
                let w = c.get(1).or(c.get(2)).unwrap().as_str().to_string();
                rules.push(Rule::Forbidden(w, l.to_string()));
            }
        }
    }

    let mut items: Vec<String> = Vec::new();
    for (i, line) in notes.lines().enumerate() {
        let mut reasons = Vec::new();
        for r in &rules {
            match r {
                Rule::MaxLen(n, desc) => {
                    if line.chars().count() > *n {
                        reasons.push(format!("longer than {} characters ({})", n, desc));
                    }
                }
                Rule::Forbidden(w, desc) => {
                    if line.contains(w.as_str()) {
                        reasons.push(format!("contains `{}` ({})", w, desc));
                    }
                }
                Rule::TrailingSpace(desc) => {
                    if line.ends_with(' ') || line.ends_with('\t') {
                        reasons.push(format!("trailing whitespace ({})", desc));
                    }
                }
                Rule::NoTabs(desc) => {
                    if line.contains('\t') {
                        reasons.push(format!("contains a tab ({})", desc));
                    }
                }
            }
        }
        if !reasons.is_empty() {
            items.push(format!("Line {}: {}", i + 1, reasons.join("; ")));
        }
    }

    if items.is_empty() {
        println!("no rule broken: approving");
        gg::session::approve()?;
    } else {
        for it in &items {
            println!("{}", it);
        }
        gg::session::request_changes(items)?;
    }
    Ok(())
}
