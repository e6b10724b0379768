//! Prints the views the connection's earlier programs opened, then opens one of its own.
fn main() -> Result<(), gg::ApiError> {
    let seen: Vec<String> = gg::views::current()?.into_iter().map(|v| v.selector).collect();
    println!("views: [{}]", seen.join(","));
    gg::views::open_text("opened by a Rust program", Some("rust"))?;
    Ok(())
}
