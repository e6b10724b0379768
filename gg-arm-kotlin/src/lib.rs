//! The Kotlin arm: a model's reply is a whole `program.kt` with a top-level `fun main()`, compiled
//! per program by kotlinc-wasm (through a warm compile daemon, `gg_jvm`) into a WASI
//! preview1 core module with GC and exceptions that calls the membrane through the wire with the
//! SDK generated from the WIT (`gg.kt`, build.rs).

mod compile;
pub mod diagnostics;
mod exports;
pub mod mask;
mod prompt;
mod tag;
mod toolchain;

use std::sync::OnceLock;

use gg_core::wire::CodeModule;
use gg_core::{
    Catalogue, Checker, CodeMask, CoreLibrary, CoreModuleHost, ModuleExport, PrepareCx, PrepareError, Prepared,
    ProgramLanguage, ToolchainStatus,
};

pub use toolchain::Toolchain;

/// The SDK's generated source (build.rs) and its hand-written runtime.
pub const SDK_SOURCE: &str = include_str!(concat!(env!("OUT_DIR"), "/gg.kt"));
pub const SDK_RUNTIME: &str = include_str!("../sdk/runtime.kt");
/// The SDK's `String.format` (Kotlin/Wasm's standard library has none), `sdk/format.kt`.
pub const SDK_FORMAT: &str = include_str!("../sdk/format.kt");
/// The SDK's `kotlin.system.exitProcess` (Kotlin/Wasm's standard library has none), `sdk/system.kt`.
pub const SDK_SYSTEM: &str = include_str!("../sdk/system.kt");
/// The catalogue, generated from the same model.
const CATALOGUE: &str = include_str!(concat!(env!("OUT_DIR"), "/kotlin.catalogue.json"));

/// The Kotlin arm.
#[derive(Debug, Default)]
pub struct KotlinArm;

gg_core::register_arm!(KotlinArm);

impl ProgramLanguage for KotlinArm {
    fn id(&self) -> &'static str {
        "kotlin"
    }

    fn display_name(&self) -> &'static str {
        "Kotlin"
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["kt"]
    }

    fn module_extensions(&self) -> &'static [&'static str] {
        &["kt"]
    }

    fn checker(&self) -> Option<Checker> {
        Some(Checker {
            name: "kotlinc".into(),
            version: toolchain::VERSION.into(),
        })
    }

    fn toolchain(&self) -> ToolchainStatus {
        match Toolchain::get() {
            Ok(t) => ToolchainStatus::Installed {
                detail: format!("{} in {}", toolchain::KOTLINC, t.home.display()),
            },
            Err(_) => ToolchainStatus::Missing {
                install: "bash toolchains/kotlin.sh".into(),
            },
        }
    }

    fn prepare(&self, cx: &PrepareCx, source: &str, modules: &[CodeModule]) -> Result<Prepared, PrepareError> {
        compile::prepare(cx, source, modules)
    }

    /// A module is compiled alone against the SDK once per binding: one that does not compile
    /// stays out of every program's scope, reported naming its key.
    fn check_module(&self, cx: &PrepareCx, module: &CodeModule) -> Result<(), PrepareError> {
        compile::check_module(cx, module)
    }

    /// A program's module imports the standard library's and the SDK's modules (built once).
    fn core_host(&self) -> Option<&dyn CoreModuleHost> {
        Some(self)
    }

    /// `println` is the program's feedback.
    fn stdout_is_feedback(&self) -> bool {
        true
    }

    /// Starts the compile daemon and compiles the SDK's klib, so the first program pays for neither.
    fn warm_up(&self, cx: &PrepareCx) {
        let _ = compile::warm(cx);
    }

    fn catalogue(&self) -> &Catalogue {
        catalogue()
    }

    fn code_mask(&self, source: &str) -> Option<CodeMask> {
        mask::mask(source).map(|code| CodeMask { code })
    }

    fn module_exports(&self, source: &str) -> Vec<ModuleExport> {
        exports::module_exports(source)
    }

    fn binding_name(&self, name: &str) -> String {
        binding_name(name)
    }

    fn prompt_segment_from(&self, catalogue: &Catalogue) -> Option<String> {
        Some(prompt::segment(catalogue))
    }
}

impl CoreModuleHost for KotlinArm {
    fn libraries(&self) -> Vec<CoreLibrary> {
        compile::libraries()
    }

    /// `_start`. kotlinc calls each file's top-level initialisers from the module's `main` before
    /// the program's own (so under the guest clock, but outside `gg.runProgram`'s report): an
    /// exception thrown there escapes the guest, and is reported here as the program's error.
    fn run(
        &self,
        store: &mut gg_core::wasmtime::Store<gg_core::program::store::StoreState>,
        instance: &gg_core::wasmtime::Instance,
        _input: gg_core::ProgramInput<'_>,
    ) -> gg_core::wasmtime::Result<()> {
        let err = match gg_core::program::core_host::start(store, instance) {
            Err(e) if e.is::<gg_core::wasmtime::ThrownException>() => e,
            done => return done,
        };
        let _ = store.take_pending_exception();
        let message = uncaught_message(err.downcast_ref::<gg_core::wasmtime::WasmBacktrace>());
        let report = serde_json::json!({
            "error": {"kind": "other", "code": null, "message": message, "location": null}
        });
        store
            .data_mut()
            .wire_call("feedback.report_error", report.to_string().as_bytes());
        Ok(())
    }
}

/// What the model reads for an exception that escaped the program's `main` wrapper: where
/// kotlinc's frames say it was thrown (a file's top-level initialisers), and what to do.
fn uncaught_message(frames: Option<&gg_core::wasmtime::WasmBacktrace>) -> String {
    let file = frames
        .into_iter()
        .flat_map(|bt| bt.frames())
        .filter_map(|f| f.func_name())
        .find_map(|n| n.strip_prefix("<init properties ").and_then(|n| n.strip_suffix('>')))
        .map(|f| {
            if f == compile::PROGRAM {
                f.to_owned()
            } else {
                format!("lib/{f}")
            }
        });
    match file {
        Some(file) => format!(
            "uncaught exception while initialising the top-level properties of {file}: Kotlin runs them \
             before `main`, where gg cannot read the exception's class or message; initialise the value \
             inside `main` (or a function it calls) to see them"
        ),
        None => "uncaught exception outside `main`; its class and message cannot be read".to_owned(),
    }
}

/// The embedded catalogue, parsed once; it must say it is this arm's.
pub fn catalogue() -> &'static Catalogue {
    static CATALOGUE_PARSED: OnceLock<Catalogue> = OnceLock::new();
    CATALOGUE_PARSED.get_or_init(|| Catalogue::embedded(CATALOGUE, "kotlin"))
}

/// Kotlin's hard keywords, and the names the SDK owns, which cannot name a module's package.
const KEYWORDS: &[&str] = &[
    "as",
    "break",
    "class",
    "continue",
    "do",
    "else",
    "false",
    "for",
    "fun",
    "if",
    "in",
    "interface",
    "is",
    "null",
    "object",
    "package",
    "return",
    "super",
    "this",
    "throw",
    "true",
    "try",
    "typealias",
    "typeof",
    "val",
    "var",
    "when",
    "while",
    "gg",
    "lib",
    "kotlin",
];

/// A module key as a Kotlin package segment: a snake_case ASCII identifier (`My Notes` →
/// `my_notes`; a leading digit gets `m_`; a keyword gets a trailing `_`). Modules live in
/// `package lib.<it>`, in the file `lib/<it>.kt`.
pub fn binding_name(name: &str) -> String {
    gg_core::program::language::snake_case_binding(name, KEYWORDS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binding_names_are_identifiers() {
        for (key, want) in [
            ("notes", "notes"),
            ("My Notes", "my_notes"),
            ("2fa", "m_2fa"),
            ("object", "object_"),
            ("", "module"),
        ] {
            assert_eq!(binding_name(key), want, "{key:?}");
        }
    }

    #[test]
    fn the_catalogue_binds_every_operation_once() {
        let c = catalogue();
        assert_eq!(c.language, "kotlin");
        gg_core::testing::assert_binds_every_operation(c);
        let read = c.functions.iter().find(|f| f.operation == "files.read_file").unwrap();
        assert_eq!(
            read.signature,
            "fun gg.files.readFile(path: String, offset: Int? = null, limit: Int? = null): FileRead"
        );
        assert!(c.documents("gg.ApiError") && c.documents("gg.TextEdit"));
    }
}
