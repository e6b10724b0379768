// Write lists/guests-sorted.txt: the guests of lists/guests.txt, each once, alphabetically.
use std::collections::BTreeSet;

fn read_all(path: &str) -> Result<String, Box<dyn std::error::Error>> {
    let r = gg::files::read_file(path, None, None)?;
    if r.truncated {
        return Ok(std::fs::read_to_string(path)?);
    }
    Ok(r.contents)
}

// A sort key that puts accented letters beside their plain ones (Léa next to Lea).
fn fold(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            'á' | 'à' | 'â' | 'ä' | 'ã' | 'å' => 'a',
            'Á' | 'À' | 'Â' | 'Ä' | 'Ã' | 'Å' => 'a',
            'é' | 'è' | 'ê' | 'ë' | 'É' | 'È' | 'Ê' | 'Ë' => 'e',
            'í' | 'ì' | 'î' | 'ï' | 'Í' | 'Ì' | 'Î' | 'Ï' => 'i',
            'ó' | 'ò' | 'ô' | 'ö' | 'õ' | 'ø' | 'Ó' | 'Ò' | 'Ô' | 'Ö' | 'Õ' | 'Ø' => 'o',
            'ú' | 'ù' | 'û' | 'ü' | 'Ú' | 'Ù' | 'Û' | 'Ü' => 'u',
            'ñ' | 'Ñ' => 'n',
            'ç' | 'Ç' => 'c',
            other => other.to_lowercase().next().unwrap_or(other),
        })
        .collect()
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let text = read_all("lists/guests.txt")?;
    let unique: BTreeSet<String> = text
        .lines()
        .map(|l| l.trim().to_string())
        .filter(|l| !l.is_empty())
        .collect();
    let mut names: Vec<String> = unique.into_iter().collect();
    names.sort_by(|a, b| (fold(a), a.clone()).cmp(&(fold(b), b.clone())));
    let mut out = String::new();
    for n in &names {
        out.push_str(n);
        out.push('\n');
    }
    gg::files::write_file("lists/guests-sorted.txt", &out)?;
    println!("wrote lists/guests-sorted.txt with {} names:", names.len());
    for n in &names {
        println!("{}", n);
    }
    Ok(())
}
