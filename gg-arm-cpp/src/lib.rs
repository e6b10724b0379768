//! The C++ arm: a model's reply is a whole `program.cpp` defining `int main()`, compiled per program
//! by clang-22 (libc++ hardened, wasm exceptions) into a WASI preview1 core module that calls the
//! membrane through the wire with the SDK generated from the WIT (`gg.hpp`, build.rs).

mod compile;
pub mod diagnostics;
mod exports;
pub mod mask;
mod prompt;
mod toolchain;

use std::sync::OnceLock;

use gg_core::wire::CodeModule;
use gg_core::{
    Catalogue, Checker, CodeMask, ModuleExport, PrepareCx, PrepareError, Prepared, ProgramLanguage, ToolchainStatus,
};

pub use toolchain::Toolchain;

/// The SDK's header and source, generated from the WIT by build.rs.
pub const SDK_HEADER: &str = include_str!(concat!(env!("OUT_DIR"), "/gg.hpp"));
pub const SDK_SOURCE: &str = include_str!(concat!(env!("OUT_DIR"), "/gg_sdk.cpp"));
/// The catalogue, generated from the same model.
const CATALOGUE: &str = include_str!(concat!(env!("OUT_DIR"), "/cpp.catalogue.json"));

/// The C++ arm.
#[derive(Debug, Default)]
pub struct CppArm;

gg_core::register_arm!(CppArm);

impl ProgramLanguage for CppArm {
    fn id(&self) -> &'static str {
        "cpp"
    }

    fn display_name(&self) -> &'static str {
        "C++"
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["cpp", "cc", "cxx"]
    }

    fn module_extensions(&self) -> &'static [&'static str] {
        &["cpp", "hpp"]
    }

    fn checker(&self) -> Option<Checker> {
        Some(Checker {
            name: toolchain::CXX.into(),
            version: toolchain::LLVM_VERSION.into(),
        })
    }

    fn toolchain(&self) -> ToolchainStatus {
        match Toolchain::get() {
            Ok(t) => ToolchainStatus::Installed {
                detail: format!("{} in {}", toolchain::CXX, t.dir.display()),
            },
            Err(_) => ToolchainStatus::Missing {
                install: "bash toolchains/cpp.sh".into(),
            },
        }
    }

    fn prepare(&self, cx: &PrepareCx, source: &str, modules: &[CodeModule]) -> Result<Prepared, PrepareError> {
        compile::prepare(cx, source, modules)
    }

    /// `std::cout` and `printf` are the program's feedback.
    fn stdout_is_feedback(&self) -> bool {
        true
    }

    /// Compiles the SDK object into the cache, so the first program does not pay for it.
    fn warm_up(&self, cx: &PrepareCx) {
        let _ = compile::sdk(cx);
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

    fn lib_access(&self, key: &str) -> String {
        format!("lib::{}", binding_name(key))
    }

    fn export_access(&self, key: &str, name: &str) -> String {
        format!("lib::{}::{name}", binding_name(key))
    }

    fn prompt_segment_from(&self, catalogue: &Catalogue) -> Option<String> {
        Some(prompt::segment(catalogue))
    }
}

/// The embedded catalogue, parsed once; it must say it is this arm's.
pub fn catalogue() -> &'static Catalogue {
    static CATALOGUE_PARSED: OnceLock<Catalogue> = OnceLock::new();
    CATALOGUE_PARSED.get_or_init(|| Catalogue::embedded(CATALOGUE, "cpp"))
}

/// C++ keywords (and names the standard library owns as macros), which cannot name a namespace.
const KEYWORDS: &[&str] = &[
    "alignas",
    "alignof",
    "and",
    "asm",
    "auto",
    "bool",
    "break",
    "case",
    "catch",
    "char",
    "class",
    "concept",
    "const",
    "constexpr",
    "continue",
    "decltype",
    "default",
    "delete",
    "do",
    "double",
    "else",
    "enum",
    "explicit",
    "export",
    "extern",
    "false",
    "float",
    "for",
    "friend",
    "goto",
    "if",
    "inline",
    "int",
    "long",
    "mutable",
    "namespace",
    "new",
    "noexcept",
    "not",
    "nullptr",
    "operator",
    "or",
    "private",
    "protected",
    "public",
    "return",
    "short",
    "signed",
    "sizeof",
    "static",
    "struct",
    "switch",
    "template",
    "this",
    "throw",
    "true",
    "try",
    "typedef",
    "typename",
    "union",
    "unsigned",
    "using",
    "virtual",
    "void",
    "volatile",
    "while",
    "xor",
    "std",
    "gg",
    "lib",
    "errno",
    "assert",
];

/// A module key as C++ spells it: a snake_case ASCII identifier (`My Notes` → `my_notes`; a
/// leading digit gets `m_`; a keyword gets a trailing `_`). Modules live in `namespace lib::<it>`
/// and their header is `lib/<it>.hpp`.
pub fn binding_name(name: &str) -> String {
    gg_core::program::language::snake_case_binding(name, KEYWORDS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_export_is_named_as_a_program_reaches_it() {
        assert_eq!(CppArm.export_access("my_notes", "summary"), "lib::my_notes::summary");
    }

    #[test]
    fn binding_names_are_identifiers() {
        for (key, want) in [
            ("notes", "notes"),
            ("My Notes", "my_notes"),
            ("myNotes", "my_notes"),
            ("2fa", "m_2fa"),
            ("class", "class_"),
            ("", "module"),
        ] {
            assert_eq!(binding_name(key), want, "{key:?}");
        }
    }

    #[test]
    fn the_catalogue_binds_every_operation_once() {
        let c = catalogue();
        assert_eq!(c.language, "cpp");
        gg_core::testing::assert_binds_every_operation(c);
        let read = c.functions.iter().find(|f| f.operation == "files.read_file").unwrap();
        assert_eq!(
            read.signature,
            "gg::FileRead gg::files::read_file(const std::string& path, std::optional<std::uint32_t> offset = std::nullopt, std::optional<std::uint32_t> limit = std::nullopt)"
        );
        assert!(c.documents("gg::ApiError") && c.documents("gg::TextEdit"));
    }
}
