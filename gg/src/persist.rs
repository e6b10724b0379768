//! What a workspace keeps between `gg` invocations beyond the tools' own files: the program library.

use std::path::{Path, PathBuf};

use gg_core::ProgramLibrary;

fn library_path(root: &Path) -> PathBuf {
    root.join(".gg").join("programs.json")
}

/// The workspace's program library; an absent file is an empty library, a corrupt one an error.
pub fn load_library(root: &Path) -> Result<ProgramLibrary, String> {
    let path = library_path(root);
    match std::fs::read_to_string(&path) {
        Ok(text) => {
            serde_json::from_str(&text).map_err(|e| format!("{} is not a program library: {e}", path.display()))
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(ProgramLibrary::default()),
        Err(e) => Err(format!("reading {}: {e}", path.display())),
    }
}

/// Writes the library atomically (a temporary file renamed over the old one).
pub fn save_library(root: &Path, library: &ProgramLibrary) -> Result<(), String> {
    let path = library_path(root);
    let dir = path.parent().expect("the library path has a directory");
    std::fs::create_dir_all(dir).map_err(|e| format!("creating {}: {e}", dir.display()))?;
    let tmp = dir.join(format!(".programs.{}.tmp", std::process::id()));
    let text = serde_json::to_string_pretty(library).expect("a library serialises");
    std::fs::write(&tmp, text).map_err(|e| format!("writing {}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, &path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        format!("replacing {}: {e}", path.display())
    })
}
