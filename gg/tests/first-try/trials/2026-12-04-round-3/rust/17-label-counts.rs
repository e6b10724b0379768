// Write docs/labels.txt: for each label, alphabetically, `<label>: <n> open, <m> closed`.
use std::collections::{BTreeMap, BTreeSet};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let issues = gg::board::list_issues(None)?;
    let mut counts: BTreeMap<String, (u32, u32)> = BTreeMap::new();
    for issue in &issues {
        let labels: BTreeSet<&String> = issue.labels.iter().collect();
        for l in labels {
            let e = counts.entry(l.clone()).or_insert((0, 0));
            match issue.status {
                gg::board::IssueStatus::Open => e.0 += 1,
                gg::board::IssueStatus::Closed => e.1 += 1,
            }
        }
    }
    let mut out = String::new();
    for (label, (open, closed)) in &counts {
        out.push_str(&format!("{}: {} open, {} closed\n", label, open, closed));
    }
    gg::files::write_file("docs/labels.txt", &out)?;
    println!("wrote docs/labels.txt ({} labels, {} issues):", counts.len(), issues.len());
    print!("{}", out);
    Ok(())
}
