use std::fs;

fn main() -> anyhow::Result<()> {
    let text = fs::read_to_string("data/scores.csv")?;
    let rows: Vec<Vec<String>> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split(',').map(|f| f.trim().trim_matches('"').to_string()).collect())
        .collect();
    if rows.is_empty() {
        anyhow::bail!("data/scores.csv is empty");
    }

    // Header: find the score and name columns; without a header, name first and score last.
    let first = &rows[0];
    let has_header = first.iter().all(|f| f.parse::<f64>().is_err());
    let (name_idx, score_idx) = if has_header {
        let score_idx = first
            .iter()
            .position(|f| f.to_lowercase().contains("score"))
            .unwrap_or(first.len().saturating_sub(1));
        let name_idx = first
            .iter()
            .position(|f| f.to_lowercase().contains("name"))
            .unwrap_or(if score_idx == 0 { 1 } else { 0 });
        (name_idx, score_idx)
    } else {
        (0, first.len().saturating_sub(1))
    };

    let mut top: Option<(String, f64)> = None;
    let mut sum = 0.0f64;
    let mut count = 0usize;
    for row in rows.iter().skip(if has_header { 1 } else { 0 }) {
        let (Some(name), Some(score)) = (row.get(name_idx), row.get(score_idx)) else {
            continue;
        };
        let Ok(score) = score.parse::<f64>() else {
            eprintln!("skipping row {:?}", row);
            continue;
        };
        sum += score;
        count += 1;
        if top.as_ref().map(|(_, best)| score > *best).unwrap_or(true) {
            top = Some((name.clone(), score));
        }
    }
    let (top_name, _) = top.ok_or_else(|| anyhow::anyhow!("no scores in data/scores.csv"))?;
    let average = sum / count as f64;

    let summary = format!("top: {}\naverage: {:.1}\n", top_name, average);
    fs::write("data/summary.txt", &summary)?;
    print!("{}", summary);
    Ok(())
}
