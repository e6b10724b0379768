fn main() -> anyhow::Result<()> {
    let out = gg::shell::run("wc -w < notes/poem.txt", None)?;
    if out.exit_code != Some(0) {
        anyhow::bail!("wc failed ({:?}): {}", out.exit_code, out.output);
    }
    let n = out
        .output
        .split_whitespace()
        .next()
        .ok_or_else(|| anyhow::anyhow!("wc printed nothing"))?;
    println!("{}", n);
    Ok(())
}
