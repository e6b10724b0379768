const MONEY_CODE: &str = r##"/// Format an amount given in cents as euros, like `1,299.00 EUR` for 129900.
pub fn format_cents(cents: i64) -> String {
    let negative = cents < 0;
    let abs = cents.unsigned_abs();
    let euros = (abs / 100).to_string();
    let rest = abs % 100;
    let mut grouped = String::new();
    let len = euros.len();
    for (i, ch) in euros.chars().enumerate() {
        if i > 0 && (len - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(ch);
    }
    format!("{}{}.{:02} EUR", if negative { "-" } else { "" }, grouped, rest)
}
"##;

const SECOND_PROGRAM: &str = r##"use std::collections::BTreeMap;

fn main() -> Result<(), gg::ApiError> {
    let read = gg::files::read_file("data/orders.csv", None, None)?;
    let mut totals: BTreeMap<String, i64> = BTreeMap::new();
    for (i, line) in read.contents.lines().enumerate() {
        let line = line.trim();
        if i == 0 || line.is_empty() {
            continue;
        }
        let (_, rest) = match line.split_once(',') {
            Some(p) => p,
            None => continue,
        };
        let (customer, cents) = match rest.rsplit_once(',') {
            Some(p) => p,
            None => continue,
        };
        let cents: i64 = cents.trim().parse().expect("cents is not a number");
        *totals.entry(customer.trim().to_string()).or_insert(0) += cents;
    }
    let mut text = String::new();
    for (customer, cents) in &totals {
        text.push_str(&format!("{}: {}\n", customer, lib::money::format_cents(*cents)));
    }
    if gg::files::write_file("reports/totals.txt", &text).is_err() {
        gg::shell::run("mkdir -p reports", None)?;
        gg::files::write_file("reports/totals.txt", &text)?;
    }
    println!("Wrote reports/totals.txt:\n{}", text);
    Ok(())
}
"##;

fn main() -> Result<(), gg::ApiError> {
    gg::memories::write(
        "money",
        "Helpers for showing amounts of money",
        "Code module `lib::money`: `format_cents(cents: i64) -> String` formats an amount in cents as euros with a thousands separator and two decimals, e.g. `1,299.00 EUR` for 129900.",
        Some(MONEY_CODE),
    )?;
    println!("Saved memory `money`.");
    gg::programs::rerun(SECOND_PROGRAM)?;
    println!("Queued the program that writes reports/totals.txt.");
    Ok(())
}
