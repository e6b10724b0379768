fn main() -> Result<(), gg::ApiError> {
    let mems = gg::memories::list()?;
    let mut chosen: Option<String> = None;
    for m in &mems {
        let hay = format!("{} {}", m.name, m.description).to_lowercase();
        if hay.contains("vpn") {
            chosen = Some(m.name.clone());
            break;
        }
    }
    if chosen.is_none() {
        for m in &mems {
            let full = gg::memories::get(&m.name)?;
            if full.body.to_lowercase().contains("vpn") {
                chosen = Some(m.name.clone());
                break;
            }
        }
    }
    let name = match chosen {
        Some(n) => n,
        None => {
            println!("no memory about the VPN found");
            return Ok(());
        }
    };
    let mem = gg::memories::get(&name)?;
    gg::files::write_file("docs/vpn.md", &mem.body)?;
    println!("wrote memory {} to docs/vpn.md", name);
    Ok(())
}
