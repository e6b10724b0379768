// Total the amount column of sales/2026-12.csv (or of the newest month's file), then finish.
fn csv_fields(line: &str) -> Vec<String> {
    let mut fields = Vec::new();
    let mut cur = String::new();
    let mut in_q = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        if in_q {
            if c == '"' {
                if chars.peek() == Some(&'"') {
                    cur.push('"');
                    chars.next();
                } else {
                    in_q = false;
                }
            } else {
                cur.push(c);
            }
        } else if c == '"' {
            in_q = true;
        } else if c == ',' {
            fields.push(cur.trim().to_string());
            cur.clear();
        } else {
            cur.push(c);
        }
    }
    fields.push(cur.trim().to_string());
    fields
}

fn fmt_amount(x: f64) -> String {
    let r = (x * 100.0).round() / 100.0;
    if r.fract() == 0.0 {
        format!("{}", r as i64)
    } else {
        format!("{:.2}", r)
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let month_file = regex::Regex::new(r"^\d{4}-\d{2}\.csv$")?;
    let entries = gg::files::list_dir(Some("sales"))?;
    let wanted = "2026-12.csv";
    let name = if entries
        .iter()
        .any(|e| e.name == wanted && e.kind == gg::files::EntryKind::File)
    {
        wanted.to_string()
    } else {
        let mut months: Vec<String> = entries
            .iter()
            .filter(|e| e.kind == gg::files::EntryKind::File && month_file.is_match(&e.name))
            .map(|e| e.name.clone())
            .collect();
        months.sort();
        let newest = months.pop().ok_or("no monthly file (YYYY-MM.csv) in sales")?;
        eprintln!("sales/{} is not there yet; totalling sales/{}", wanted, newest);
        newest
    };
    let path = format!("sales/{}", name);
    let r = gg::files::read_file(&path, None, None)?;
    let text = if r.truncated {
        std::fs::read_to_string(&path)?
    } else {
        r.contents
    };
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let header: Vec<String> = csv_fields(lines.next().ok_or("the file is empty")?)
        .into_iter()
        .map(|h| h.to_lowercase())
        .collect();
    let amount_i = header
        .iter()
        .position(|h| h == "amount")
        .ok_or("no amount column")?;
    let mut total = 0.0f64;
    let mut rows = 0u32;
    for line in lines {
        let f = csv_fields(line);
        let Some(raw) = f.get(amount_i) else {
            eprintln!("skipping a short row: {}", line);
            continue;
        };
        let cleaned: String = raw
            .chars()
            .filter(|c| !matches!(c, ',' | '$' | '€' | '£' | ' ' | '_'))
            .collect();
        if cleaned.is_empty() {
            continue;
        }
        let v: f64 = cleaned
            .parse()
            .map_err(|e| format!("bad amount {:?} in {}: {}", raw, path, e))?;
        total += v;
        rows += 1;
    }
    let total_text = fmt_amount(total);
    let summary = if name == wanted {
        format!("Totalled {}: the amount column sums to {} ({} rows).", path, total_text, rows)
    } else {
        format!(
            "sales/{} is not there yet, so I totalled the newest month's file, {}: the amount column sums to {} ({} rows).",
            wanted, path, total_text, rows
        )
    };
    println!("{}", summary);
    gg::session::finish(&summary)?;
    Ok(())
}
