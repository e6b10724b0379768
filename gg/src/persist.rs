//! What a workspace keeps between `gg` invocations beyond the tools' own files: the program library,
//! in the workspace's state directory.

use std::path::{Path, PathBuf};

use gg_core::ProgramLibrary;

/// 256 MiB: the largest library file read (each program's source is bounded by its retention).
const LIBRARY_FILE_MAX: u64 = 256 * 1024 * 1024;

fn library_path(state: &Path) -> PathBuf {
    state.join("programs.json")
}

/// The workspace's program library; an absent file is an empty library, a corrupt one an error.
pub fn load_library(state: &Path) -> Result<ProgramLibrary, String> {
    let path = library_path(state);
    // A regular file only, opened without blocking: a program's shell can leave a FIFO here.
    let shown = path.display().to_string();
    match crate::tools::regular::read_bounded(&path, &shown, LIBRARY_FILE_MAX) {
        Ok(Some(bytes)) => serde_json::from_slice(&bytes).map_err(|e| format!("{shown} is not a program library: {e}")),
        Ok(None) => Ok(ProgramLibrary::default()),
        Err(e) => Err(format!("reading the program library: {}", e.message)),
    }
}

/// Writes the library atomically (a temporary file renamed over the old one); the caller reports
/// an error (the CLI as a warning and exit status 3), since the runs it records are already done.
pub fn save_library(state: &Path, library: &ProgramLibrary) -> Result<(), String> {
    let path = library_path(state);
    let dir = path.parent().expect("the library path has a directory");
    std::fs::create_dir_all(dir).map_err(|e| format!("creating {}: {e}", dir.display()))?;
    let tmp = dir.join(format!(".programs.{}.tmp", std::process::id()));
    let text = serde_json::to_string_pretty(library).expect("a library serialises");
    // A new file only (whatever a program's shell left at this name is removed first, and one
    // made again in between is an error), so the write never blocks on a FIFO.
    let _ = std::fs::remove_file(&tmp);
    crate::tools::regular::create_new(&tmp)
        .and_then(|mut f| std::io::Write::write_all(&mut f, text.as_bytes()))
        .map_err(|e| format!("writing {}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, &path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        format!("replacing {}: {e}", path.display())
    })
}
