use regex::Regex;

enum Kind {
    MaxLen(usize),
    Forbidden(Regex, String),
    TrailingWs,
    Tabs,
    BulletPeriod,
    BulletNoPeriod,
    BulletCapital,
    DateIso,
}

struct Check {
    rule_no: usize,
    kind: Kind,
}

fn token_regex(token: &str) -> Regex {
    let esc = regex::escape(token);
    let starts_word = token.chars().next().map(|c| c.is_alphanumeric() || c == '_').unwrap_or(false);
    let ends_word = token.chars().last().map(|c| c.is_alphanumeric() || c == '_').unwrap_or(false);
    let pat = format!(
        "{}{}{}",
        if starts_word { r"\b" } else { "" },
        esc,
        if ends_word { r"\b" } else { "" }
    );
    Regex::new(&pat).unwrap()
}

fn main() -> anyhow::Result<()> {
    let rules = gg::files::read_file("REVIEW-RULES.md", None, None)?.contents;
    let notes = gg::files::read_file("release/notes.md", None, None)?.contents;
    eprintln!("REVIEW-RULES.md:\n{}\n", rules);

    let marker = Regex::new(r"^\s*(?:[-*+]\s+|\d+[.)]\s+)").unwrap();
    let chars_re = Regex::new(r"(\d+)\s*(?:characters|chars|columns|symbols)").unwrap();
    let quoted_re = Regex::new(r#"`([^`]+)`|"([^"]+)"|“([^”]+)”"#).unwrap();
    let caps_word = Regex::new(r"\b[A-Z][A-Z0-9_-]{2,}\b").unwrap();
    let negation = Regex::new(r"(?i)\b(no|not|never|avoid|don't|do not|must not|mustn't|forbidden|without|nor|banned|disallowed)\b").unwrap();
    let tab_re = Regex::new(r"(?i)\btabs?\b").unwrap();
    let common_caps = [
        "MUST", "NOT", "NEVER", "SHOULD", "SHALL", "ALL", "AND", "ANY", "THE", "MAY", "NONE", "ONLY",
        "EVERY", "EACH", "DO", "NO", "OR",
    ];

    let mut checks: Vec<Check> = Vec::new();
    let mut rule_no = 0usize;
    for raw in rules.lines() {
        let t = raw.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        rule_no += 1;
        let rule = marker.replace(t, "").to_string();
        let lc = rule.to_lowercase();
        let before = checks.len();

        if let Some(c) = chars_re.captures(&lc) {
            let n: usize = c[1].parse().unwrap_or(80);
            let strict = lc.contains("fewer than")
                || lc.contains("less than")
                || lc.contains("shorter than")
                || lc.contains("under ")
                || lc.contains("below");
            checks.push(Check { rule_no, kind: Kind::MaxLen(if strict { n.saturating_sub(1) } else { n }) });
        }
        if lc.contains("trailing") && (lc.contains("whitespace") || lc.contains("space")) {
            checks.push(Check { rule_no, kind: Kind::TrailingWs });
        }
        if tab_re.is_match(&lc) && !lc.contains("table") {
            checks.push(Check { rule_no, kind: Kind::Tabs });
        }
        if (lc.contains("period") || lc.contains("full stop")) && lc.contains("end") {
            if lc.contains("not end") || lc.contains("no period") || lc.contains("without") || lc.contains("never end") {
                checks.push(Check { rule_no, kind: Kind::BulletNoPeriod });
            } else {
                checks.push(Check { rule_no, kind: Kind::BulletPeriod });
            }
        }
        if (lc.contains("capital") || lc.contains("upper-case") || lc.contains("uppercase"))
            && (lc.contains("start") || lc.contains("begin"))
        {
            checks.push(Check { rule_no, kind: Kind::BulletCapital });
        }
        if lc.contains("date") && (lc.contains("yyyy-mm-dd") || lc.contains("iso")) {
            checks.push(Check { rule_no, kind: Kind::DateIso });
        }
        if let Some(neg) = negation.find(&rule) {
            let tail = &rule[neg.start()..];
            let mut tokens: Vec<String> = Vec::new();
            for c in quoted_re.captures_iter(tail) {
                let tok = c.get(1).or(c.get(2)).or(c.get(3)).unwrap().as_str().to_string();
                if !tok.trim().is_empty() {
                    tokens.push(tok);
                }
            }
            if tokens.is_empty() {
                for m in caps_word.find_iter(tail) {
                    if !common_caps.contains(&m.as_str()) {
                        tokens.push(m.as_str().to_string());
                    }
                }
            }
            for tok in tokens {
                checks.push(Check { rule_no, kind: Kind::Forbidden(token_regex(&tok), tok) });
            }
        }
        if checks.len() == before {
            eprintln!("(rule {} not turned into a check: {})", rule_no, rule);
        }
    }

    let bullet_re = Regex::new(r"^\s*(?:[-*+]|\d+[.)])\s+(.*)$").unwrap();
    let bad_date = Regex::new(
        r"(?i)\b\d{1,2}/\d{1,2}/\d{2,4}\b|\b\d{1,2}\.\d{1,2}\.\d{4}\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2}(?:st|nd|rd|th)?,? \d{4}\b|\b\d{1,2} (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]* \d{4}\b",
    )
    .unwrap();

    let mut items: Vec<String> = Vec::new();
    for (i, line) in notes.lines().enumerate() {
        let n = i + 1;
        let bullet_text = bullet_re.captures(line).map(|c| c[1].trim_end().to_string());
        let mut reasons: Vec<String> = Vec::new();
        for check in &checks {
            let broken: Option<String> = match &check.kind {
                Kind::MaxLen(max) => {
                    let len = line.chars().count();
                    (len > *max).then(|| format!("{} characters, more than {}", len, max))
                }
                Kind::Forbidden(re, tok) => re.is_match(line).then(|| format!("contains `{}`", tok)),
                Kind::TrailingWs => (line.ends_with(' ') || line.ends_with('\t'))
                    .then(|| "trailing whitespace".to_string()),
                Kind::Tabs => line.contains('\t').then(|| "contains a tab".to_string()),
                Kind::BulletPeriod => bullet_text
                    .as_ref()
                    .filter(|b| !b.is_empty() && !b.ends_with('.'))
                    .map(|_| "entry does not end with a period".to_string()),
                Kind::BulletNoPeriod => bullet_text
                    .as_ref()
                    .filter(|b| b.ends_with('.'))
                    .map(|_| "entry ends with a period".to_string()),
                Kind::BulletCapital => bullet_text
                    .as_ref()
                    .filter(|b| b.chars().next().map(|c| c.is_lowercase()).unwrap_or(false))
                    .map(|_| "entry does not start with a capital letter".to_string()),
                Kind::DateIso => bad_date
                    .find(line)
                    .map(|m| format!("date `{}` is not YYYY-MM-DD", m.as_str())),
            };
            if let Some(why) = broken {
                reasons.push(format!("{} (rule {})", why, check.rule_no));
            }
        }
        if !reasons.is_empty() {
            items.push(format!("Line {}: {} -- `{}`", n, reasons.join("; "), line.trim()));
        }
    }

    if items.is_empty() {
        gg::session::approve()?;
        println!("approve: release/notes.md breaks none of the rules");
    } else {
        for it in &items {
            println!("{}", it);
        }
        gg::session::request_changes(&items)?;
        println!("requested {} change(s)", items.len());
    }
    Ok(())
}
