use regex::Regex;
use std::collections::BTreeSet;

fn main() -> Result<(), gg::ApiError> {
    let mut names: BTreeSet<String> = [
        "alert-routes",
        "grafana-login",
        "observability-notes",
        "office-printer",
        "oncall-rota",
        "prometheus-retention",
        "release-freeze",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let keywords: Vec<String> = ["exporter", "metrics", "port", "prometheus", "listens", "node_exporter"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    match gg::memories::search(&keywords) {
        Ok(hits) => {
            for h in hits {
                names.insert(h.name);
            }
        }
        Err(e) => eprintln!("memory search failed: {}", e),
    }

    let port_re = Regex::new(r"(?i)(?:\bport\b\D{0,12}?|:)(\d{2,5})\b").unwrap();
    let num_re = Regex::new(r"\b(\d{2,5})\b").unwrap();
    let mut found: Vec<(String, String, String)> = Vec::new();
    let mut mentions: Vec<(String, String)> = Vec::new();
    for name in &names {
        let m = match gg::memories::read(name) {
            Ok(m) => m,
            Err(e) => {
                eprintln!("could not read {}: {}", name, e);
                continue;
            }
        };
        let text = format!("{}\n{}", m.description, m.body);
        for line in text.lines() {
            let low = line.to_lowercase();
            if low.contains("exporter") {
                mentions.push((name.clone(), line.to_string()));
                let port = port_re
                    .captures(line)
                    .map(|c| c[1].to_string())
                    .or_else(|| num_re.captures(line).map(|c| c[1].to_string()));
                if let Some(p) = port {
                    found.push((name.clone(), p, line.to_string()));
                }
            }
        }
    }
    if let Some((name, port, line)) = found.first() {
        println!("The metrics exporter listens on port {}", port);
        println!("(memory `{}`: {})", name, line.trim());
        for (n, p, l) in found.iter().skip(1) {
            println!("also: memory `{}` says {} ({})", n, p, l.trim());
        }
    } else {
        println!("No memory gives the exporter's port.");
        for (n, l) in mentions {
            println!("{}: {}", n, l);
        }
    }
    Ok(())
}
