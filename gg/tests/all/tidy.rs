//! Tidy rules, as ordinary tests: every Rust file says what it owns on its first line, every arm
//! crate has its feature in gg, its toolchain script and its fixture programs, and README.md
//! documents every subcommand and every flag.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_owned()
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy();
        if path.is_dir() {
            // `trials/` keeps programs as model writers wrote them (gg/tests/first-try), not ours.
            if name != "target" && name != "trials" && !name.starts_with('.') {
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

/// The rooms of gg-core (each folder, or file, directly under `src/`) import one another one way:
/// a `crate::` path (or a `super::` that climbs out of its room) names the room it reaches, a name
/// re-exported at the crate root the room `lib.rs` takes it from. Fails naming a circle.
#[test]
fn gg_cores_rooms_import_one_another_without_a_circle() {
    let src = root().join("gg-core/src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let lib = std::fs::read_to_string(src.join("lib.rs")).unwrap();
    let rooms: BTreeSet<String> = std::fs::read_dir(&src)
        .unwrap()
        .map(|e| e.unwrap().path().file_stem().unwrap().to_string_lossy().into_owned())
        .filter(|r| r != "lib")
        .collect();
    // A name the root re-exports (`pub use program::store::StoreState;`) belongs to that room.
    let room_of = |name: &str| -> Option<String> {
        if rooms.contains(name) {
            return Some(name.to_owned());
        }
        let word = |s: &str| s.split(|c: char| !c.is_alphanumeric() && c != '_').any(|w| w == name);
        let stmt = lib
            .split(';')
            .find(|s| s.trim_start().starts_with("pub use") && word(s))?;
        let first = stmt.trim_start().strip_prefix("pub use ")?.split("::").next()?;
        rooms.contains(first).then(|| first.to_owned())
    };
    let mut edges: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    for file in &files {
        let rel = file.strip_prefix(&src).unwrap().with_extension("");
        let parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
        if parts == ["lib"] {
            continue;
        }
        let depth = parts.len() - usize::from(parts.last().unwrap() == "mod");
        let text: String = std::fs::read_to_string(file)
            .unwrap()
            .lines()
            .map(|l| l.split("//").next().unwrap())
            .collect::<Vec<_>>()
            .join("\n");
        let mut targets = Vec::new();
        for (at, _) in text.match_indices("crate::") {
            targets.extend(path_heads(&text[at + "crate::".len()..]));
        }
        for (at, _) in text.match_indices("super::") {
            let (mut rest, mut climbs) = (&text[at..], 0);
            while let Some(r) = rest.strip_prefix("super::") {
                (rest, climbs) = (r, climbs + 1);
            }
            if climbs >= depth && !text[..at].ends_with("super::") {
                targets.extend(path_heads(rest));
            }
        }
        for t in targets.iter().filter_map(|t| room_of(t)).filter(|t| *t != parts[0]) {
            let witness = rel.display().to_string();
            edges.entry(parts[0].clone()).or_default().entry(t).or_insert(witness);
        }
    }
    // Depth-first: a room met again while it is still on the path closes a circle.
    fn visit(
        room: &str,
        edges: &BTreeMap<String, BTreeMap<String, String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) {
        if let Some(at) = path.iter().position(|r| r == room) {
            let circle: Vec<String> = path[at..]
                .iter()
                .zip(path[at + 1..].iter().chain([&room.to_owned()]))
                .map(|(a, b)| format!("{a} -> {b} ({}.rs)", edges[a][b]))
                .collect();
            panic!("gg-core's rooms import one another in a circle: {}", circle.join(", "));
        }
        if done.insert(room.to_owned()) {
            path.push(room.to_owned());
            for next in edges.get(room).into_iter().flat_map(|e| e.keys()) {
                visit(next, edges, path, done);
            }
            path.pop();
        }
    }
    let (mut path, mut done) = (Vec::new(), BTreeSet::new());
    for room in edges.keys() {
        visit(room, &edges, &mut path, &mut done);
    }
}

/// The first segments a path names: `a::b` gives `a`, `{a::b, c}` gives `a` and `c`; a glob
/// (`super::*`, in a file's own test module the file itself) names none.
fn path_heads(rest: &str) -> Vec<String> {
    let ident = |s: &str| {
        s.chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect::<String>()
    };
    let Some(group) = rest.strip_prefix('{') else {
        return Some(ident(rest)).filter(|h| !h.is_empty()).into_iter().collect();
    };
    let (mut depth, mut heads, mut start) = (0, Vec::new(), true);
    for (i, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => break,
            '}' => depth -= 1,
            ',' if depth == 0 => start = true,
            c if start && !c.is_whitespace() => {
                heads.extend(Some(ident(&group[i..])).filter(|h| !h.is_empty()));
                start = false;
            }
            _ => {}
        }
    }
    heads
}
