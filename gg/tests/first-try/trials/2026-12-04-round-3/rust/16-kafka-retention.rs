// Print the memories whose name, description or text mention both Kafka and retention (any case).
fn main() -> Result<(), Box<dyn std::error::Error>> {
    let all: Vec<String> = Vec::new();
    let hits = gg::memories::search(&all)?;
    let mut names: Vec<String> = Vec::new();
    for h in hits {
        let body = match gg::memories::read(&h.name) {
            Ok(m) => m.body,
            Err(e) => {
                eprintln!("could not read memory {}: {}", h.name, e);
                String::new()
            }
        };
        let hay = format!("{}\n{}\n{}", h.name, h.description, body).to_lowercase();
        if hay.contains("kafka") && hay.contains("retention") && !names.contains(&h.name) {
            names.push(h.name.clone());
        }
    }
    names.sort();
    if names.is_empty() {
        eprintln!("no memory mentions both Kafka and retention");
    }
    for n in &names {
        println!("{}", n);
    }
    Ok(())
}
