// With std::fs: read data/stock.csv, write reports/restock.txt with the items below their minimum;
// then file a `Restock <item>` issue labelled `supplies` for each.
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

fn num(s: &str) -> Result<f64, Box<dyn std::error::Error>> {
    Ok(s.trim().parse::<f64>()?)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let text = std::fs::read_to_string("data/stock.csv")?;
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let header: Vec<String> = csv_fields(lines.next().ok_or("data/stock.csv is empty")?)
        .into_iter()
        .map(|h| h.to_lowercase())
        .collect();
    let col = |name: &str| header.iter().position(|h| h == name);
    let item_i = col("item").ok_or("no item column")?;
    let stock_i = col("stock").ok_or("no stock column")?;
    let min_i = col("minimum").ok_or("no minimum column")?;

    let mut low: Vec<String> = Vec::new();
    for line in lines {
        let f = csv_fields(line);
        let (Some(item), Some(stock), Some(min)) = (f.get(item_i), f.get(stock_i), f.get(min_i)) else {
            eprintln!("skipping a short row: {}", line);
            continue;
        };
        if num(stock)? < num(min)? {
            low.push(item.clone());
        }
    }

    std::fs::create_dir_all("reports")?;
    let mut out = String::new();
    for item in &low {
        out.push_str(item);
        out.push('\n');
    }
    std::fs::write("reports/restock.txt", &out)?;
    println!("wrote reports/restock.txt with {} items", low.len());

    for item in &low {
        let issue = gg::board::create_issue(gg::board::IssueInput {
            title: format!("Restock {}", item),
            description: None,
            labels: vec!["supplies".to_string()],
        })?;
        println!("#{} {}", issue.id, issue.title);
    }
    Ok(())
}
