// Rename the memory `vpn` to `office-vpn`, keeping its description, text and code.
fn main() -> Result<(), Box<dyn std::error::Error>> {
    let old = gg::memories::read("vpn")?;
    gg::memories::write(
        "office-vpn",
        &old.body,
        Some(&old.description),
        old.code.as_deref(),
    )?;
    let copy = gg::memories::read("office-vpn")?;
    if copy.body.trim() != old.body.trim() || copy.description.trim() != old.description.trim() {
        return Err("office-vpn does not match vpn; vpn left in place".into());
    }
    gg::memories::delete("vpn")?;
    println!("renamed memory vpn to office-vpn ({})", old.description);
    Ok(())
}
