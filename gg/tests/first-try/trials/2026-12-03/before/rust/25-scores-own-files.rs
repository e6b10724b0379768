use std::fs;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let text = fs::read_to_string("data/scores.csv")?;
    let mut best: Option<(String, f64)> = None;
    let mut sum = 0.0;
    let mut count = 0usize;
    for line in text.lines() {
        let fields: Vec<&str> = line.split(',').map(|f| f.trim()).collect();
        if fields.len() < 2 {
            continue;
        }
        let name = fields[0].trim_matches('"').to_string();
        let score: f64 = match fields[fields.len() - 1].trim_matches('"').parse() {
            Ok(s) => s,
            Err(_) => continue, // header or bad line
        };
        sum += score;
        count += 1;
        if best.as_ref().map_or(true, |(_, b)| score > *b) {
            best = Some((name, score));
        }
    }
    let (top, _) = best.ok_or("no scores found")?;
    let avg = sum / count as f64;
    let summary = format!("top: {}\naverage: {:.1}\n", top, avg);
    fs::write("data/summary.txt", &summary)?;
    print!("{}", summary);
    Ok(())
}
