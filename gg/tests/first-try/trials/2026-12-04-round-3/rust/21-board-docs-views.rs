// Look up the operations of gg::board in the docs and open one docs view per operation.
fn all_hits(query: &str, module: Option<&str>) -> Result<Vec<gg::docs::DocHit>, gg::ApiError> {
    let mut hits = Vec::new();
    let mut offset = 0u32;
    loop {
        let page = gg::docs::search(query, module, Some(offset), Some(50))?;
        let n = page.hits.len() as u32;
        hits.extend(page.hits);
        offset += n;
        if n == 0 || offset >= page.total {
            break;
        }
    }
    Ok(hits)
}

fn is_board(module: &str) -> bool {
    let m = module.trim();
    m == "board" || m == "gg::board" || m.ends_with("::board")
}

fn is_operation(h: &gg::docs::DocHit) -> bool {
    let sig = h.signature.trim();
    if !sig.is_empty() {
        return sig.starts_with("fn ") || sig.contains(" fn ") || sig.starts_with("pub fn ");
    }
    let short = h.name.rsplit("::").next().unwrap_or(&h.name);
    short.chars().next().map(|c| c.is_lowercase()).unwrap_or(false)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut hits: Vec<gg::docs::DocHit> = Vec::new();
    for module in ["board", "gg::board"] {
        match all_hits("", Some(module)) {
            Ok(h) => {
                let h: Vec<_> = h.into_iter().filter(|x| is_board(&x.module)).collect();
                if !h.is_empty() {
                    hits = h;
                    break;
                }
            }
            Err(e) => eprintln!("docs search in module {}: {}", module, e),
        }
    }
    if hits.is_empty() {
        hits = all_hits("board issue", None)?
            .into_iter()
            .filter(|x| is_board(&x.module))
            .collect();
    }
    let mut ops: Vec<gg::docs::DocHit> = Vec::new();
    for h in hits {
        if is_operation(&h) && !ops.iter().any(|o| o.name == h.name) {
            ops.push(h);
        }
    }
    if ops.is_empty() {
        return Err("found no operations of gg::board in the docs".into());
    }
    for op in &ops {
        let short = op.name.rsplit("::").next().unwrap_or(&op.name).to_string();
        let qualified = if op.name.contains("::") {
            op.name.clone()
        } else {
            format!("gg::board::{}", short)
        };
        match gg::views::open_docs(&qualified) {
            Ok(()) => println!("docs view: {}  {}", qualified, op.signature),
            Err(e) => {
                eprintln!("open_docs({}) failed: {}; trying {}", qualified, e, op.name);
                gg::views::open_docs(&op.name)?;
                println!("docs view: {}  {}", op.name, op.signature);
            }
        }
    }
    Ok(())
}
