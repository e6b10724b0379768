// Find the earlier program that failed because data/rates.csv was missing, and run it again.
fn main() -> Result<(), Box<dyn std::error::Error>> {
    let history = gg::programs::history()?;
    let failed: Vec<&gg::programs::ProgramSummary> = history.iter().filter(|p| !p.ok).collect();
    for p in &failed {
        eprintln!("turn {} failed: {}", p.turn, p.error.as_deref().unwrap_or("(no error text)"));
    }
    let missing_words = ["no such file", "not found", "filenotfound", "does not exist", "enoent", "cannot find", "missing"];
    let err_of = |p: &gg::programs::ProgramSummary| p.error.clone().unwrap_or_default().to_lowercase();

    // Best: the error names rates.csv and says it was missing.
    let mut chosen: Option<u32> = failed
        .iter()
        .find(|p| {
            let e = err_of(p);
            e.contains("rates.csv") && missing_words.iter().any(|w| e.contains(w))
        })
        .map(|p| p.turn);
    // Next: the error names rates.csv.
    if chosen.is_none() {
        chosen = failed.iter().find(|p| err_of(p).contains("rates.csv")).map(|p| p.turn);
    }
    // Last: a failed program whose source reads data/rates.csv and whose error says a file was missing.
    if chosen.is_none() {
        let mut fallback: Option<u32> = None;
        for p in &failed {
            let src = gg::programs::get(Some(p.turn))?;
            if src.contains("rates.csv") {
                let e = err_of(p);
                if missing_words.iter().any(|w| e.contains(w)) {
                    chosen = Some(p.turn);
                    break;
                }
                if fallback.is_none() {
                    fallback = Some(p.turn);
                }
            }
        }
        if chosen.is_none() {
            chosen = fallback;
        }
    }
    let turn = chosen.ok_or("no failed program about data/rates.csv in the library")?;
    let source = gg::programs::get(Some(turn))?;
    gg::programs::rerun(&source)?;
    println!("running the program of turn {} again", turn);
    Ok(())
}
