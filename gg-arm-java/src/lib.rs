//! The Java arm: a model's reply is one compilation unit with a class holding
//! `public static void main(String[] args)`, compiled per program by javac and TeaVM 0.13.1
//! (through a warm compile daemon, `gg_jvm`) into a WASI preview1 core module that calls
//! the membrane through the wire with the SDK generated from the WIT (package `gg`, build.rs).

mod compile;
pub mod diagnostics;
mod exports;
mod host;
mod locations;
pub mod mask;
pub mod modules;
mod prompt;
mod toolchain;

use std::sync::OnceLock;

use gg_core::wire::CodeModule;
use gg_core::{Catalogue, Checker, PrepareCx, PrepareError, Prepared, ProgramLanguage, ToolchainStatus};

pub use compile::PROGRAM;
pub use toolchain::Toolchain;

include!(concat!(env!("OUT_DIR"), "/sdk_files.rs"));
/// The compiler driver the compile server runs (javac, the entry class, TeaVM).
pub const LAUNCHER: &str = include_str!("../launcher/JavaWasmCompiler.java");
/// The catalogue, generated from the same model as the SDK.
const CATALOGUE: &str = include_str!(concat!(env!("OUT_DIR"), "/java.catalogue.json"));

/// The Java arm.
#[derive(Debug, Default)]
pub struct JavaArm;

gg_core::register_arm!(JavaArm);

impl ProgramLanguage for JavaArm {
    fn id(&self) -> &'static str {
        "java"
    }

    fn display_name(&self) -> &'static str {
        "Java"
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["java"]
    }

    fn checker(&self) -> Option<Checker> {
        Some(Checker {
            name: "javac+teavm".into(),
            version: toolchain::TEAVM.into(),
        })
    }

    fn toolchain(&self) -> ToolchainStatus {
        match Toolchain::get() {
            Ok(t) => ToolchainStatus::Installed {
                detail: format!("javac and TeaVM {} in {}", toolchain::TEAVM, t.home.display()),
            },
            Err(_) => ToolchainStatus::Missing {
                install: "bash toolchains/java.sh".into(),
            },
        }
    }

    fn prepare(&self, cx: &PrepareCx, source: &str, modules: &[CodeModule]) -> Result<Prepared, PrepareError> {
        compile::prepare(cx, source, modules)
    }

    /// A memory's or skill's code is a code module here when it is Java.
    fn module_extensions(&self) -> &'static [&'static str] {
        &["java"]
    }

    fn code_mask(&self, source: &str) -> Option<gg_core::CodeMask> {
        mask::mask(source).map(|code| gg_core::CodeMask { code })
    }

    fn check_module(&self, cx: &PrepareCx, module: &CodeModule) -> Result<(), PrepareError> {
        compile::check_module(cx, module)
    }

    /// `lib.<key>`: the class a code module's body becomes (`crate::modules`).
    fn binding_name(&self, name: &str) -> String {
        modules::binding_name(name)
    }

    fn module_exports(&self, source: &str) -> Vec<gg_core::ModuleExport> {
        exports::module_exports(source)
    }

    /// TeaVM's `teavmMath` imports.
    fn core_host(&self) -> Option<&dyn gg_core::CoreModuleHost> {
        Some(&host::TeaVmHost)
    }

    /// `System.out.println` is the program's feedback.
    fn stdout_is_feedback(&self) -> bool {
        true
    }

    /// Starts the compile daemon and compiles the SDK, so the first program pays for neither.
    fn warm_up(&self, cx: &PrepareCx) {
        let _ = compile::warm(cx);
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
    CATALOGUE_PARSED.get_or_init(|| Catalogue::embedded(CATALOGUE, "java"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_catalogue_binds_every_operation_once() {
        let c = catalogue();
        assert_eq!(c.language, "java");
        gg_core::testing::assert_binds_every_operation(c);
        let read = c.functions.iter().find(|f| f.operation == "files.read_file").unwrap();
        assert_eq!(
            read.signature,
            "static FileRead gg.Files.readFile(String path, Integer offset, Integer limit)"
        );
        assert!(c.documents("gg.ApiError") && c.documents("gg.TextEdit"));
    }

    #[test]
    fn the_sdk_has_a_class_per_family_and_the_runtime() {
        let names: Vec<&str> = SDK_FILES.iter().map(|(p, _)| *p).collect();
        for want in [
            "gg/Files.java",
            "gg/ApiError.java",
            "gg/Wire.java",
            "gg/Program.java",
            "gg/Codec.java",
        ] {
            assert!(names.contains(&want), "{want} in {names:?}");
        }
    }
}
