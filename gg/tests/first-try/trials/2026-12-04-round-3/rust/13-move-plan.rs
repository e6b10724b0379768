// Move drafts/plan.md to docs/plan.md.
fn main() -> Result<(), Box<dyn std::error::Error>> {
    let in_docs = gg::files::list_dir(Some("docs"))?;
    if in_docs.iter().any(|e| e.name == "plan.md") {
        return Err("docs/plan.md already exists; not overwriting it".into());
    }
    let before = gg::files::read_file("drafts/plan.md", None, None)?;
    let out = gg::shell::run("mv drafts/plan.md docs/plan.md", None)?;
    if out.exit_code != 0 || out.timed_out {
        return Err(format!("mv failed (exit {}): {}", out.exit_code, out.output).into());
    }
    let after = gg::files::read_file("docs/plan.md", None, None)?;
    if after.contents != before.contents {
        return Err("docs/plan.md does not have the same content".into());
    }
    let still = gg::files::list_dir(Some("drafts"))?;
    if still.iter().any(|e| e.name == "plan.md") {
        return Err("drafts/plan.md is still there".into());
    }
    println!("moved drafts/plan.md to docs/plan.md");
    Ok(())
}
