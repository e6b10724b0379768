fn main() -> anyhow::Result<()> {
    let history = gg::programs::history()?;
    let failed = history
        .iter()
        .find(|p| !p.ok)
        .ok_or_else(|| anyhow::anyhow!("no failed program in the history ({} programs)", history.len()))?;
    println!("turn: {}", failed.turn);
    println!(
        "error: {}",
        failed.error.as_deref().unwrap_or("(no error message recorded)")
    );
    let source = gg::programs::get(Some(failed.turn))?;
    gg::files::write_file("failed-program.txt", &source)?;
    println!("saved its source ({} chars) to failed-program.txt", source.len());
    Ok(())
}
