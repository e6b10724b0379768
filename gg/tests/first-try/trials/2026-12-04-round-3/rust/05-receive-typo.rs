// Correct `recieve` to `receive` in task titles only; print how many titles were corrected.
fn fix_case(found: &str) -> String {
    found
        .chars()
        .zip("receive".chars())
        .map(|(orig, right)| {
            if orig.is_uppercase() {
                right.to_ascii_uppercase()
            } else {
                right
            }
        })
        .collect()
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let re = regex::Regex::new(r"(?i)recieve")?;
    let mut count = 0u32;
    for t in gg::tasks::list()? {
        if !re.is_match(&t.title) {
            continue;
        }
        let new_title = re
            .replace_all(&t.title, |caps: &regex::Captures| fix_case(&caps[0]))
            .to_string();
        if new_title == t.title {
            continue;
        }
        gg::tasks::update(
            t.id,
            gg::tasks::TaskPatch {
                title: Some(new_title.clone()),
                description: gg::TextEdit::Keep,
                status: None,
            },
        )?;
        eprintln!("task {}: {:?} -> {:?}", t.id, t.title, new_title);
        count += 1;
    }
    println!("{}", count);
    Ok(())
}
