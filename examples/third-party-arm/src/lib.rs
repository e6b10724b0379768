//! `wat`: an arm outside gg's tree. A program is a WebAssembly text module, compiled per program to
//! a core module that reaches the membrane through the wire (`gg-wire.call`/`gg-wire.read`) and
//! starts at `_start`. It uses gg-core's public surface only.

use std::sync::OnceLock;

use gg_core::wire::CodeModule;
use gg_core::{
    Catalogue, Checker, Diagnostic, PrepareCx, PrepareError, Prepared, ProgramFault, ProgramGuest, ProgramLanguage,
    SourceLocation,
};

/// `LINE:COLUMN` after `program.wat:` in a rendered wat error.
fn position(message: &str) -> Option<(u32, u32)> {
    let rest = &message[message.find("program.wat:")? + "program.wat:".len()..];
    let mut numbers = rest.split(|c: char| !c.is_ascii_digit()).filter(|s| !s.is_empty());
    Some((numbers.next()?.parse().ok()?, numbers.next()?.parse().ok()?))
}

/// The arm.
#[derive(Debug, Default)]
pub struct WatArm;

gg_core::register_arm!(WatArm);

impl ProgramLanguage for WatArm {
    fn id(&self) -> &'static str {
        "wat"
    }

    fn display_name(&self) -> &'static str {
        "WebAssembly text"
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["wat"]
    }

    fn checker(&self) -> Option<Checker> {
        Some(Checker {
            name: "wat".into(),
            version: "1".into(),
        })
    }

    /// Parses the text in process; a parse error is the program's syntax error at its line.
    fn prepare(&self, _cx: &PrepareCx, source: &str, _modules: &[CodeModule]) -> Result<Prepared, PrepareError> {
        let bytes = wat::parse_str(source).map_err(|mut e| {
            e.set_path("program.wat");
            let message = e.to_string();
            // wat's error renders `--> program.wat:LINE:COLUMN`; it has no accessor for the position.
            let (line, column) = position(&message).unwrap_or((1, 1));
            PrepareError::Program {
                fault: ProgramFault::Syntax,
                diagnostics: vec![Diagnostic {
                    message: message.lines().next().unwrap_or_default().to_owned(),
                    location: Some(SourceLocation {
                        file: "program.wat".into(),
                        line,
                        column,
                    }),
                }],
                dropped: 0,
            }
        })?;
        Ok(Prepared {
            source: String::new(),
            guest: ProgramGuest::CoreModule(bytes),
            locations: None,
            modules: None,
        })
    }

    /// What the module writes to fd 1 is the program's feedback.
    fn stdout_is_feedback(&self) -> bool {
        true
    }

    fn catalogue(&self) -> &Catalogue {
        static CATALOGUE: OnceLock<Catalogue> = OnceLock::new();
        CATALOGUE.get_or_init(|| Catalogue {
            language: "wat".into(),
            modules: Vec::new(),
            functions: Vec::new(),
            types: Vec::new(),
            ..Catalogue::default()
        })
    }
}
