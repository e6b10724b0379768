fn main() -> anyhow::Result<()> {
    let keywords: Vec<String> = ["vpn", "VPN", "office", "connect", "network", "remote"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let hits = gg::memories::search(&keywords)?;
    for h in &hits {
        eprintln!("hit: {} ({}) score {}", h.name, h.description, h.score);
    }
    let hit = hits
        .iter()
        .find(|h| {
            h.name.to_lowercase().contains("vpn") || h.description.to_lowercase().contains("vpn")
        })
        .or_else(|| hits.first())
        .ok_or_else(|| anyhow::anyhow!("no memory matched the VPN keywords"))?;
    let memory = gg::memories::read(&hit.name)?;
    gg::files::write_file("docs/vpn.md", &memory.body)?;
    println!("wrote the body of memory {:?} to docs/vpn.md", memory.name);
    Ok(())
}
