// Open a text view `sales emails` with the sorted emails of the Sales team from team/people.csv.
fn read_all(path: &str) -> Result<String, Box<dyn std::error::Error>> {
    let r = gg::files::read_file(path, None, None)?;
    if r.truncated {
        return Ok(std::fs::read_to_string(path)?);
    }
    Ok(r.contents)
}

// Split one CSV line into fields, honouring double quotes.
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

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let text = read_all("team/people.csv")?;
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let header = csv_fields(lines.next().ok_or("team/people.csv is empty")?);
    let col = |name: &str| header.iter().position(|h| h.trim().eq_ignore_ascii_case(name));
    let team_i = col("team").ok_or("no team column")?;
    let email_i = col("email").ok_or("no email column")?;
    let mut emails: Vec<String> = Vec::new();
    for line in lines {
        let f = csv_fields(line);
        if f.get(team_i).map(|t| t.as_str()) == Some("Sales") {
            if let Some(e) = f.get(email_i) {
                if !e.is_empty() && !emails.contains(e) {
                    emails.push(e.clone());
                }
            }
        }
    }
    emails.sort();
    let body = emails.join("\n");
    gg::views::open_text(&body, Some("sales emails"))?;
    println!("opened the view `sales emails` with {} addresses", emails.len());
    Ok(())
}
