fn main() -> anyhow::Result<()> {
    let res = gg::docs::search("close", None, None, None)?;
    for h in &res.hits {
        eprintln!("hit: {} in {}: {} -- {}", h.name, h.module, h.signature, h.brief);
    }
    let hit = res
        .hits
        .iter()
        .find(|h| {
            (h.name == "close" || h.name.ends_with("::close")) && h.module.contains("views")
        })
        .or_else(|| res.hits.iter().find(|h| h.module.contains("views")))
        .or_else(|| res.hits.first())
        .ok_or_else(|| anyhow::anyhow!("the docs search for `close` found nothing"))?;

    println!("{}", hit.signature);

    let full = if hit.name.contains("::") {
        hit.name.clone()
    } else if hit.module.starts_with("gg") {
        format!("{}::{}", hit.module, hit.name)
    } else {
        format!("gg::{}::{}", hit.module, hit.name)
    };
    if let Err(e) = gg::views::open_docs(&full) {
        eprintln!("open_docs({}) failed: {}; trying {}", full, e, hit.name);
        gg::views::open_docs(&hit.name)?;
    }
    Ok(())
}
