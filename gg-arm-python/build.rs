//! Bakes the Python guest (`guest/`) into `$OUT_DIR/python.component.wasm` with componentize-py
//! and reflects the gg package's catalogue into `$OUT_DIR/python.signatures.json` with griffe,
//! both from the virtual environment `toolchains/python.sh` installs; writes the guest's
//! `wire_spec.py` (every imported function's parameter types, read from the WIT) beside it.

use sha2::{Digest, Sha256};
use std::env;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Instant;

const COMPONENTIZE_PY: &str = "0.25.1";
const GRIFFE: &str = "2.1.0";
const FIX: &str = "run `bash toolchains/python.sh` (it installs componentize-py, griffe and the guest's wheels)";

fn main() {
    let manifest = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let guest = manifest.join("guest");
    // gg-core's `links` key hands every arm's build script the WIT it was built with.
    let wit = PathBuf::from(env::var_os("DEP_GG_CORE_WIT").expect("gg-core publishes DEP_GG_CORE_WIT"));
    let reflector = manifest.join("signatures.py");
    let requirements = guest.join("requirements.txt");

    for var in ["GG_PYTHON_TOOLCHAIN", "XDG_DATA_HOME", "HOME"] {
        println!("cargo:rerun-if-env-changed={var}");
    }
    let mut watched = vec![wit.clone(), reflector.clone(), requirements.clone()];
    watched.extend(python_files(&guest));
    for path in &watched {
        println!("cargo:rerun-if-changed={}", path.display());
    }
    // The bake reads a copy: componentize-py runs the guest's modules and may leave bytecode
    // beside them, which must not land in the source tree.
    let source = out.join("guest-src");
    let _ = std::fs::remove_dir_all(&source);
    for file in python_files(&guest).iter().chain([&requirements]) {
        let to = source.join(file.strip_prefix(&guest).expect("a guest file is under guest/"));
        std::fs::create_dir_all(to.parent().expect("a file has a directory"))
            .and_then(|()| std::fs::copy(file, &to).map(drop))
            .unwrap_or_else(|e| panic!("cannot copy {} to {}: {e}", file.display(), to.display()));
    }

    // What `guest/wire_check.py` holds the generated bindings' arguments to.
    std::fs::write(source.join("wire_spec.py"), wire_spec(&wit))
        .unwrap_or_else(|e| panic!("cannot write wire_spec.py: {e}"));

    let component = out.join("python.component.wasm");
    let catalogue = out.join("python.signatures.json");
    for output in [&component, &catalogue, &out.join("python.component.sha256")] {
        if output.exists() {
            std::fs::remove_file(output).unwrap_or_else(|e| panic!("cannot remove the old {}: {e}", output.display()));
        }
    }

    let toolchain = toolchain_dir();
    let bin = toolchain.join("venv/bin");
    let site_root = toolchain.join("guest");
    let stamp = site_root.join("lib/python3.14/site-packages/.requirements.txt");
    println!("cargo:rerun-if-changed={}", bin.join("componentize-py").display());
    println!("cargo:rerun-if-changed={}", stamp.display());
    check_toolchain(&bin, &requirements, &stamp);

    // The catalogue first: it takes a second, and a gap in it fails the build before the bake.
    let started = Instant::now();
    let reflected = run(
        Command::new(bin.join("python"))
            .arg(&reflector)
            .arg(&source)
            .arg(&catalogue)
            .env("PYTHONDONTWRITEBYTECODE", "1"),
        "the griffe reflector (signatures.py)",
    );
    if !reflected.status.success() {
        panic!(
            "the gg package's signature catalogue has gaps; fix the declarations it names:\n{}",
            tail(&reflected.stderr, 60)
        );
    }
    check_output(&catalogue, "the reflector");
    let reflected: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&catalogue).expect("the catalogue was written"))
            .unwrap_or_else(|e| panic!("the reflector wrote {} that is not JSON: {e}", catalogue.display()));
    assert_eq!(
        reflected["language"], "python",
        "the reflector's catalogue does not carry language: \"python\""
    );
    // The same check every arm's catalogue passes: no blank or placeholder brief, no bare member.
    gg_build::catalogue::assert_complete("python", &reflected);
    let reflect_time = started.elapsed();

    let started = Instant::now();
    let baked = run(
        Command::new(bin.join("componentize-py"))
            .arg("-d")
            .arg(&wit)
            .args(["-w", "sandbox", "componentize", "shim", "-p"])
            .arg(&source)
            .arg("-o")
            .arg(&component)
            .current_dir(&out)
            // componentize-py adds $VIRTUAL_ENV's site-packages to the guest's path: the one
            // toolchains/python.sh filled from requirements.txt, and no other.
            .env("VIRTUAL_ENV", &site_root)
            .env("PYTHONDONTWRITEBYTECODE", "1"),
        "componentize-py",
    );
    if !baked.status.success() {
        panic!(
            "componentize-py {COMPONENTIZE_PY} could not bake the Python guest ({}) with {}; its output ends:\n{}\n{}\n\
             (an import it names that is missing from the guest's wheels: {FIX})",
            guest.display(),
            baked.status,
            tail(&baked.stdout, 20),
            tail(&baked.stderr, 40),
        );
    }
    check_output(&component, "componentize-py");
    // The digest the compile cache is keyed by, computed once here rather than in every process.
    let bytes = std::fs::read(&component).unwrap_or_else(|e| panic!("cannot read {}: {e}", component.display()));
    let digest: String = Sha256::digest(&bytes).iter().map(|b| format!("{b:02x}")).collect();
    std::fs::write(out.join("python.component.sha256"), digest)
        .unwrap_or_else(|e| panic!("cannot write the digest: {e}"));
    // Shown with `cargo build -vv`; the figures in BENCHMARKS.md came from here.
    eprintln!(
        "python guest: catalogue reflected in {reflect_time:.1?}, component baked in {:.1?}",
        started.elapsed()
    );
}

/// Where `toolchains/python.sh` installs: `$GG_PYTHON_TOOLCHAIN`, else
/// `${XDG_DATA_HOME:-$HOME/.local/share}/gg/python-toolchain`.
fn toolchain_dir() -> PathBuf {
    if let Some(dir) = env::var_os("GG_PYTHON_TOOLCHAIN") {
        return dir.into();
    }
    let data = env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .or_else(|| env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))
        .unwrap_or_else(|| panic!("neither GG_PYTHON_TOOLCHAIN, XDG_DATA_HOME nor HOME is set; {FIX}"));
    data.join("gg/python-toolchain")
}

/// The pinned tools and wheels are the ones installed, or the build says how to install them.
fn check_toolchain(bin: &Path, requirements: &Path, stamp: &Path) {
    let componentize = bin.join("componentize-py");
    if !componentize.is_file() {
        panic!("componentize-py is not installed at {}; {FIX}", componentize.display());
    }
    let version = run(
        Command::new(&componentize).arg("--version"),
        "componentize-py --version",
    );
    let version = String::from_utf8_lossy(&version.stdout);
    if version.split_whitespace().last() != Some(COMPONENTIZE_PY) {
        panic!(
            "componentize-py {COMPONENTIZE_PY} is pinned but {} reports `{}`; {FIX}",
            componentize.display(),
            version.trim()
        );
    }
    let griffe = run(
        Command::new(bin.join("python")).args(["-c", "import importlib.metadata as m; print(m.version('griffe'))"]),
        "the toolchain's python",
    );
    if String::from_utf8_lossy(&griffe.stdout).trim() != GRIFFE {
        panic!(
            "griffe {GRIFFE} is pinned but the toolchain has `{}`; {FIX}",
            String::from_utf8_lossy(&griffe.stdout).trim()
        );
    }
    let wanted = std::fs::read(requirements).unwrap_or_else(|e| panic!("cannot read {}: {e}", requirements.display()));
    if std::fs::read(stamp).ok().as_deref() != Some(&wanted[..]) {
        panic!(
            "the guest's wheels at {} were not installed from this {}; {FIX}",
            stamp.display(),
            requirements.display()
        );
    }
}

fn run(command: &mut Command, what: &str) -> Output {
    command
        .output()
        .unwrap_or_else(|e| panic!("cannot start {what} ({:?}): {e}; {FIX}", command.get_program()))
}

fn check_output(path: &Path, by: &str) {
    match std::fs::metadata(path) {
        Ok(meta) if meta.len() > 0 => {}
        Ok(_) => panic!("{by} succeeded but {} is empty", path.display()),
        Err(e) => panic!("{by} succeeded but {} is missing: {e}", path.display()),
    }
}

fn tail(bytes: &[u8], lines: usize) -> String {
    let text = String::from_utf8_lossy(bytes);
    let all: Vec<&str> = text.lines().collect();
    all[all.len().saturating_sub(lines)..].join("\n")
}

/// Every source file of the guest, so that an edit re-bakes it (and nothing else does). Files,
/// not directories: cargo would rescan a directory's bytecode caches too. A new module is reached
/// through an edit of a file that imports it.
fn python_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.expect("a readable directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() && path.file_name().is_some_and(|n| n != "__pycache__") {
            files.extend(python_files(&path));
        } else if path.extension().is_some_and(|e| e == "py") {
            files.push(path);
        }
    }
    files
}

/// `wire_spec.py`: for every function the sandbox world imports, its interface, name and
/// parameters, and every record, enum and variant they reach, as Python literals. A type is
/// `("u32",)`, `("option", T)`, `("list", T)` or `("named", "iface/name")`; a named one is
/// `("record", iface, name, ((field, T), ...))`, `("enum", iface, name, (case, ...))` or
/// `("variant", iface, name, ((case, T or None), ...))`, all in the WIT's own spelling.
fn wire_spec(wit: &Path) -> String {
    use std::collections::BTreeMap;
    use wit_parser::{Resolve, Type, TypeDefKind, TypeOwner, WorldItem};

    fn ty(resolve: &Resolve, t: &Type, named: &mut BTreeMap<String, String>) -> String {
        let scalar = |s: &str| format!("(\"{s}\",)");
        match t {
            Type::Bool => scalar("bool"),
            Type::U8 => scalar("u8"),
            Type::U16 => scalar("u16"),
            Type::U32 => scalar("u32"),
            Type::U64 => scalar("u64"),
            Type::S8 => scalar("s8"),
            Type::S16 => scalar("s16"),
            Type::S32 => scalar("s32"),
            Type::S64 => scalar("s64"),
            Type::F32 => scalar("f32"),
            Type::F64 => scalar("f64"),
            Type::Char => scalar("char"),
            Type::String => scalar("string"),
            Type::ErrorContext => {
                panic!("wire_spec: the WIT uses error-context, which the Python guard does not cover")
            }
            Type::Id(id) => {
                let def = &resolve.types[*id];
                match &def.kind {
                    TypeDefKind::Type(inner) => ty(resolve, inner, named),
                    TypeDefKind::Option(inner) => format!("(\"option\", {})", ty(resolve, inner, named)),
                    TypeDefKind::List(inner) => format!("(\"list\", {})", ty(resolve, inner, named)),
                    kind @ (TypeDefKind::Record(_) | TypeDefKind::Enum(_) | TypeDefKind::Variant(_)) => {
                        let iface = match def.owner {
                            TypeOwner::Interface(i) => resolve.interfaces[i].name.clone().unwrap_or_default(),
                            _ => panic!("wire_spec: a type outside an interface"),
                        };
                        let name = def
                            .name
                            .clone()
                            .expect("wire_spec: records, enums and variants are named");
                        let key = format!("{iface}/{name}");
                        if !named.contains_key(&key) {
                            named.insert(key.clone(), String::new());
                            let body = match kind {
                                TypeDefKind::Record(r) => {
                                    let fields: Vec<String> = r
                                        .fields
                                        .iter()
                                        .map(|f| format!("({:?}, {})", f.name, ty(resolve, &f.ty, named)))
                                        .collect();
                                    format!("(\"record\", {iface:?}, {name:?}, ({},))", fields.join(", "))
                                }
                                TypeDefKind::Enum(e) => {
                                    let cases: Vec<String> = e.cases.iter().map(|c| format!("{:?}", c.name)).collect();
                                    format!("(\"enum\", {iface:?}, {name:?}, ({},))", cases.join(", "))
                                }
                                TypeDefKind::Variant(v) => {
                                    let cases: Vec<String> = v
                                        .cases
                                        .iter()
                                        .map(|c| {
                                            let payload =
                                                c.ty.as_ref().map_or("None".to_owned(), |t| ty(resolve, t, named));
                                            format!("({:?}, {payload})", c.name)
                                        })
                                        .collect();
                                    format!("(\"variant\", {iface:?}, {name:?}, ({},))", cases.join(", "))
                                }
                                _ => unreachable!(),
                            };
                            named.insert(key.clone(), body);
                        }
                        format!("(\"named\", {key:?})")
                    }
                    other => panic!("wire_spec: the WIT uses {other:?}, which the Python guard does not cover"),
                }
            }
        }
    }

    let mut resolve = Resolve::default();
    let (package, _) = resolve
        .push_path(wit)
        .unwrap_or_else(|e| panic!("cannot parse the WIT at {}: {e:#}", wit.display()));
    let world = resolve
        .select_world(&[package], Some("sandbox"))
        .unwrap_or_else(|e| panic!("the WIT has no `sandbox` world: {e:#}"));
    let mut named = BTreeMap::new();
    let mut functions = Vec::new();
    for item in resolve.worlds[world].imports.values() {
        let WorldItem::Interface { id, .. } = item else {
            continue;
        };
        let iface = &resolve.interfaces[*id];
        let iface_name = iface.name.clone().expect("imported interfaces are named");
        for (name, func) in &iface.functions {
            let params: Vec<String> = func
                .params
                .iter()
                .map(|p| format!("({:?}, {})", p.name, ty(&resolve, &p.ty, &mut named)))
                .collect();
            let params = if params.is_empty() {
                "()".to_owned()
            } else {
                format!("({},)", params.join(", "))
            };
            functions.push(format!("    ({iface_name:?}, {name:?}, {params}),"));
        }
    }
    let mut out = String::from(
        "\"\"\"Generated by gg-arm-python/build.rs from gg-sandbox.wit: the parameter types of every imported\nfunction, for wire_check.py. Do not edit.\"\"\"\n\nFUNCTIONS = (\n",
    );
    out.push_str(&functions.join("\n"));
    out.push_str("\n)\n\nTYPES = {\n");
    for (key, body) in &named {
        out.push_str(&format!("    {key:?}: {body},\n"));
    }
    out.push_str("}\n");
    out
}
