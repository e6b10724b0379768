//! Tidy rules, as ordinary tests: every Rust file says what it owns on its first line, every arm
//! crate has its feature in gg, its toolchain script and its fixture programs, and README.md
//! documents every subcommand and every flag.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_owned()
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy();
        if path.is_dir() {
            if name != "target" && !name.starts_with('.') {
                rust_files(&path, out);
            }
        } else if name.ends_with(".rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_rust_file_opens_with_a_module_doc_line() {
    let mut files = Vec::new();
    rust_files(&root(), &mut files);
    assert!(files.len() > 40, "found only {} files", files.len());
    let missing: Vec<String> = files
        .iter()
        .filter(|f| !std::fs::read_to_string(f).unwrap().starts_with("//!"))
        .map(|f| f.strip_prefix(root()).unwrap().display().to_string())
        .collect();
    assert!(
        missing.is_empty(),
        "these files do not open with a `//!` line: {missing:#?}"
    );
}

#[test]
fn every_arm_crate_has_its_feature_its_toolchain_script_and_its_fixtures() {
    let manifest = std::fs::read_to_string(root().join("gg/Cargo.toml")).unwrap();
    let arms_rs = std::fs::read_to_string(root().join("gg/src/arms.rs")).unwrap();
    for entry in std::fs::read_dir(root()).unwrap() {
        let dir = entry.unwrap().path();
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        let Some(arm) = name.strip_prefix("gg-arm-") else {
            continue;
        };
        let feature = format!("arm-{arm} = [\"dep:{name}\"]");
        assert!(manifest.contains(&feature), "gg/Cargo.toml lacks `{feature}`");
        let link = format!("use {} as _;", name.replace('-', "_"));
        assert!(arms_rs.contains(&link), "gg/src/arms.rs does not force-link {name}");
        assert!(
            root().join(format!("toolchains/{arm}.sh")).is_file(),
            "toolchains/{arm}.sh is missing"
        );
        let fixtures = dir.join("tests/fixtures");
        assert!(
            fixtures.is_dir() && std::fs::read_dir(&fixtures).unwrap().count() > 0,
            "{name} has no fixture programs in tests/fixtures"
        );
    }
}

#[test]
fn the_readme_documents_every_subcommand_and_every_flag() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let mut missing = Vec::new();
    for sub in gg::cli::command().get_subcommands() {
        let name = sub.get_name();
        if !readme.contains(&format!("gg {name}")) {
            missing.push(format!("gg {name}"));
        }
        for arg in sub.get_arguments() {
            if let Some(long) = arg.get_long()
                && !readme.contains(&format!("--{long}"))
            {
                missing.push(format!("gg {name} --{long}"));
            }
        }
    }
    assert!(missing.is_empty(), "README.md does not mention: {missing:#?}");
}
