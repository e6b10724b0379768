// Count the files held by backup/site-2026-11.tar (directory entries are not files).
fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out = gg::shell::run("tar -tf backup/site-2026-11.tar", None)?;
    if out.timed_out {
        return Err("tar -tf timed out".into());
    }
    if out.exit_code != 0 {
        return Err(format!("tar -tf failed (exit {}): {}", out.exit_code, out.output).into());
    }
    let count = if out.truncated {
        // The listing was cut short: let the shell do the counting.
        let c = gg::shell::run(
            "tar -tf backup/site-2026-11.tar 2>/dev/null | grep -v '/$' | wc -l",
            None,
        )?;
        if c.exit_code != 0 {
            return Err(format!("counting failed: {}", c.output).into());
        }
        c.output.trim().parse::<u64>()?
    } else {
        out.output
            .lines()
            .map(|l| l.trim_end_matches('\r'))
            .filter(|l| !l.trim().is_empty() && !l.ends_with('/'))
            .count() as u64
    };
    println!("{}", count);
    Ok(())
}
