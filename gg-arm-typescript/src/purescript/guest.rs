//! The PureScript guest: the ECMAScript guest's core module as built, pre-initialised by wizer with
//! the core packages and the SDK's compiled modules evaluated (each as `ps:<Module>`, its foreign
//! module as `ps:<Module>/foreign`), then encoded as a component. Made once per machine, kept in
//! `<cache>/purescript/guest-<key>.wasm` keyed by the guest, wizer and the compiled libraries; a
//! program's bundle holds only its own modules and imports the rest by name (decision 0160). Every
//! program still starts from this snapshot in a fresh instance of its own.

use std::path::Path;
use std::sync::OnceLock;

use gg_core::toolchain::ToolCommand;
use gg_core::{CompileCache, PrepareCx};
use sha2::{Digest, Sha256};

use super::toolchain::Toolchain;

/// The guest's core module before its own snapshot (`build/main.rs`).
static CORE: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/ecmascript-core.wasm"));
/// The wizer the build pre-initialised the guest with (`toolchains/typescript.sh` installs it).
const WIZER: &str = env!("GG_WIZER");

/// The PureScript guest's component and its SHA-256.
pub struct PursGuest {
    pub bytes: &'static [u8],
    pub digest: &'static str,
}

/// The guest, read from the cache or made on first use in this process.
pub fn get() -> Result<&'static PursGuest, String> {
    static MADE: OnceLock<Result<PursGuest, String>> = OnceLock::new();
    MADE.get_or_init(|| {
        let cx = PrepareCx::detached(&CompileCache::from_env());
        let tc = Toolchain::get()?;
        let tree = super::compile::sdk_tree(&cx, tc).map_err(|e| format!("{e:?}"))?;
        made(&cx, &tree)
    })
    .as_ref()
    .map_err(Clone::clone)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn made(cx: &PrepareCx, tree: &Path) -> Result<PursGuest, String> {
    let libraries =
        libraries(tree).map_err(|e| format!("reading the compiled libraries in {}: {e}", tree.display()))?;
    let key = {
        let mut h = Sha256::new();
        h.update(crate::COMPONENT_SHA256.as_bytes());
        h.update(WIZER.as_bytes());
        h.update(Sha256::digest(&libraries));
        hex(&h.finalize()[..12])
    };
    let base = cx.cache_dir().join("purescript");
    let file = base.join(format!("guest-{key}.wasm"));
    let digest_file = base.join(format!("guest-{key}.wasm.sha256"));
    if let (Ok(bytes), Ok(digest)) = (std::fs::read(&file), std::fs::read_to_string(&digest_file)) {
        return Ok(PursGuest {
            bytes: Box::leak(bytes.into_boxed_slice()),
            digest: Box::leak(digest.trim().to_owned().into_boxed_str()),
        });
    }
    let scratch = cx.scratch().map_err(|e| e.to_string())?;
    let core = scratch.path().join("core.wasm");
    let snapshot = scratch.path().join("snapshot.wasm");
    std::fs::write(&core, CORE).map_err(|e| e.to_string())?;
    let out = ToolCommand::new("wizer", WIZER, scratch, cx.deadline)
        .cancel(&cx.cancel)
        .args([
            "--allow-wasi",
            "--inherit-env=false",
            "--inherit-stdio=true",
            "--init-func",
            "gg-pre-initialize",
            "-o",
        ])
        .arg(&snapshot)
        .arg(&core)
        .stdin_bytes(libraries)
        .run()
        .map_err(|f| format!("wizer ({WIZER}, installed by toolchains/typescript.sh): {f:?}"))?;
    if !out.status.success() {
        return Err(format!(
            "pre-initialising the PureScript guest failed ({}): {}",
            out.status, out.stderr.text
        ));
    }
    let core = std::fs::read(&snapshot).map_err(|e| e.to_string())?;
    let adapter = wasi_preview1_component_adapter_provider::WASI_SNAPSHOT_PREVIEW1_REACTOR_ADAPTER;
    let component = wit_component::ComponentEncoder::default()
        .module(&core)
        .and_then(|e| e.validate(true).adapter("wasi_snapshot_preview1", adapter))
        .and_then(|e| e.encode())
        .map_err(|e| format!("encoding the PureScript guest's component: {e:#}"))?;
    let digest = hex(&Sha256::digest(&component));
    std::fs::create_dir_all(&base).map_err(|e| e.to_string())?;
    let tmp = base.join(format!(".guest-{key}-{}", std::process::id()));
    std::fs::write(&tmp, &component).map_err(|e| e.to_string())?;
    std::fs::write(&digest_file, &digest).map_err(|e| e.to_string())?;
    std::fs::rename(&tmp, &file).map_err(|e| e.to_string())?;
    Ok(PursGuest {
        bytes: Box::leak(component.into_boxed_slice()),
        digest: Box::leak(digest.into_boxed_str()),
    })
}

/// Every compiled library module in `tree/output` as the guest's pre-initialisation reads them:
/// `name NUL source NUL`, its imports linked by name.
fn libraries(tree: &Path) -> std::io::Result<Vec<u8>> {
    let mut modules: Vec<String> = std::fs::read_dir(tree.join("output"))?
        .filter_map(|e| e.ok())
        .filter(|e| e.path().join("index.js").is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    modules.sort();
    let mut out = Vec::new();
    for module in &modules {
        let dir = tree.join("output").join(module);
        let index = std::fs::read_to_string(dir.join("index.js"))?;
        for (name, text) in [(format!("ps:{module}"), link_imports(&index, module, &|_| false))] {
            out.extend_from_slice(name.as_bytes());
            out.push(0);
            out.extend_from_slice(text.as_bytes());
            out.push(0);
        }
        if let Ok(foreign) = std::fs::read_to_string(dir.join("foreign.js")) {
            out.extend_from_slice(format!("ps:{module}/foreign").as_bytes());
            out.push(0);
            out.extend_from_slice(link_imports(&foreign, module, &|_| false).as_bytes());
            out.push(0);
        }
    }
    Ok(out)
}

/// A module purs compiled, its imports of other modules (`"../Data.Map/index.js"`) and of its
/// foreign module (`"./foreign.js"`; a foreign module's of its own, `"./index.js"`) written as the names the PureScript guest holds them by
/// (`"ps:Data.Map"`, `"ps:<module>/foreign"`), except those of modules `own` names (the
/// program's own, bundled with it).
pub fn link_imports(text: &str, module: &str, own: &dyn Fn(&str) -> bool) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("from \"") {
        let (head, tail) = rest.split_at(at + "from \"".len());
        out.push_str(head);
        let Some(end) = tail.find('"') else {
            rest = tail;
            break;
        };
        let specifier = &tail[..end];
        let linked = if specifier == "./foreign.js" && !own(module) {
            Some(format!("ps:{module}/foreign"))
        } else if specifier == "./index.js" && !own(module) {
            // A foreign module's import of its own module (the SDK's).
            Some(format!("ps:{module}"))
        } else {
            specifier
                .strip_prefix("../")
                .and_then(|s| s.strip_suffix("/index.js"))
                .filter(|m| !m.contains('/') && !own(m))
                .map(|m| format!("ps:{m}"))
        };
        out.push_str(linked.as_deref().unwrap_or(specifier));
        rest = &tail[end..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::link_imports;

    #[test]
    fn imports_are_linked_by_name_except_the_programs_own() {
        let text = "import * as $foreign from \"./foreign.js\";\nimport * as Data_Map from \"../Data.Map/index.js\";\nimport * as Lib_Notes from \"../Lib.Notes/index.js\";\n";
        let own = |m: &str| m == "Main" || m.starts_with("Lib.");
        assert_eq!(
            link_imports(text, "Data.Foo", &own),
            "import * as $foreign from \"ps:Data.Foo/foreign\";\nimport * as Data_Map from \"ps:Data.Map\";\nimport * as Lib_Notes from \"../Lib.Notes/index.js\";\n"
        );
    }
}
