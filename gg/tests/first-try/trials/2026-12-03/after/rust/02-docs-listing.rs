use gg::files::EntryKind;

fn main() -> Result<(), gg::ApiError> {
    let entries = gg::files::list_dir(Some("docs"))?;
    for e in entries {
        #[allow(unreachable_patterns)]
        let kind = match e.kind {
            EntryKind::File => "file",
            EntryKind::Directory => "folder",
            EntryKind::Symlink => "symlink",
            EntryKind::Other => "other",
            _ => "other",
        };
        println!("{}: {}", e.name, kind);
    }
    Ok(())
}
