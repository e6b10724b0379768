//! The reflector (`signatures.py`) fails the build on every gap the spec's "The signature
//! catalogue" names: each case below breaks one declaration of a copy of the gg package and
//! expects the gap named. The embedded catalogue itself is checked in `src/lib.rs`.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The python of `toolchains/python.sh`'s environment, found as build.rs finds it.
fn toolchain_python() -> PathBuf {
    let dir = std::env::var_os("GG_PYTHON_TOOLCHAIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            let data = std::env::var_os("XDG_DATA_HOME")
                .map(PathBuf::from)
                .unwrap_or_else(|| PathBuf::from(std::env::var_os("HOME").expect("HOME is set")).join(".local/share"));
            data.join("gg/python-toolchain")
        });
    dir.join("venv/bin/python")
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let target = to.join(path.file_name().unwrap());
        if path.is_dir() {
            copy_dir(&path, &target);
        } else {
            std::fs::copy(&path, &target).unwrap();
        }
    }
}

/// Reflects a copy of the guest with `old` replaced by `new` in `file`; returns the stderr.
fn reflect_with(file: &str, old: &str, new: &str) -> String {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&manifest.join("guest"), dir.path());
    let path = dir.path().join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains(old), "{file} no longer contains {old:?}");
    std::fs::write(&path, text.replacen(old, new, 1)).unwrap();
    let out = Command::new(toolchain_python())
        .arg(manifest.join("signatures.py"))
        .arg(dir.path())
        .arg(dir.path().join("out.json"))
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .output()
        .expect("the toolchain's python runs (bash toolchains/python.sh)");
    String::from_utf8_lossy(&out.stderr).into_owned() + if out.status.success() { "<succeeded>" } else { "" }
}

#[test]
fn the_unchanged_package_reflects_cleanly() {
    assert_eq!(reflect_with("gg/files.py", "", ""), "<succeeded>");
}

#[test]
fn every_gap_fails_the_reflection_and_is_named() {
    for (file, old, new, gap) in [
        (
            "gg/files.py",
            "@operation(\"files.write_file\")\n",
            "",
            "gg.files.write_file: carries 0 @operation decorators",
        ),
        (
            "gg/files.py",
            "@operation(\"files.edit_file\")",
            "@operation(\"files.write_file\")",
            "gg.files.write_file: claims files.write_file, which gg.files.edit_file already claims",
        ),
        (
            "gg/files.py",
            "\"\"\"Read a text file, or `limit` lines",
            "\"\"\"Read a text file,\n    or `limit` lines",
            "gg.files.read_file: the docstring's first paragraph runs over one line",
        ),
        (
            "gg/files.py",
            "        contents: The whole new text of the file.\n",
            "",
            "gg.files.write_file: parameter `contents` has no Args: entry",
        ),
        (
            "gg/files.py",
            "        contents: The whole new text of the file.\n",
            "        contents: The text.\n        mode: How.\n",
            "gg.files.write_file: the Args: entry `mode` names no parameter",
        ),
        (
            "gg/skills.py",
            "        ApiError: not-found",
            "        ValueError: not-found",
            "gg.skills.read: the Raises: entry `ValueError` names no error type the gg package declares",
        ),
        (
            "gg/files.py",
            "    \"\"\"A regular file.\"\"\"\n",
            "",
            "gg.files.EntryKind.FILE: is not documented",
        ),
        (
            "gg/files.py",
            "def write_file(path: str, contents: str)",
            "def write_file(path: Path, contents: str)",
            "gg.files.write_file parameter `path`: refers to `Path`, which resolves to no type",
        ),
        (
            "gg/shell.py",
            "__all__ = [\"ShellOutput\", \"run\"]",
            "__all__ = [\"run\"]",
            "gg.shell.run return: refers to `gg.shell.ShellOutput`, which is not a type of the catalogue",
        ),
        (
            "gg/shell.py",
            "def run(",
            "def run_it(",
            "gg.shell: __all__ names `run`, which the module does not define",
        ),
    ] {
        let stderr = reflect_with(file, old, new);
        assert!(
            stderr.contains(gap),
            "breaking {file} ({old:?} -> {new:?}) should report\n  {gap}\nbut said:\n{stderr}"
        );
    }
}
