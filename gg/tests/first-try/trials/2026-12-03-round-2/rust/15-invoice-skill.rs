fn invoice_number(year: u32, order: u32) -> String {
    let digits = format!("{:04}{:05}", year, order);
    let sum: u32 = digits
        .chars()
        .enumerate()
        .map(|(i, c)| (i as u32 + 1) * c.to_digit(10).unwrap())
        .sum();
    let letters: Vec<char> = "ABCDEFGHJKLMNPQRSTUVWXYZ".chars().collect();
    let letter = letters[(sum % 24) as usize];
    format!("INV-{:04}-{:05}-{}", year, order, letter)
}

fn main() -> Result<(), gg::ApiError> {
    let year = 2026;
    let order = 1187;
    let customer = "Lindqvist AB";
    let total: f64 = 1250.5;

    // Sanity check against an existing invoice.
    assert_eq!(invoice_number(2026, 1150), "INV-2026-01150-P");

    let number = invoice_number(year, order);
    let body = format!(
        "invoice: {}\ncustomer: {}\ntotal: {:.2} EUR\n",
        number, customer, total
    );
    let path = format!("invoices/{}.txt", number);
    gg::files::write_file(&path, &body)?;

    let index = gg::files::read_file("invoices/index.txt", None, None)?;
    if index.truncated {
        panic!("invoices/index.txt read was truncated");
    }
    let mut text = index.contents;
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    text.push_str(&format!("{} {}\n", number, customer));
    gg::files::write_file("invoices/index.txt", &text)?;

    println!("Wrote {}:\n{}", path, body);
    println!("Added to invoices/index.txt: {} {}", number, customer);
    Ok(())
}
