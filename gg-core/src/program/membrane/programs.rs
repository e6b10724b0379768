//! `programs`: the program library as a program reads it, and the one rerun a turn (in the arm a
//! library program with the same source ran in).

use serde_json::json;

use super::rec_str;
use crate::api::tools::{ToolError, ToolResult};
use crate::program::store::StoreState;
use crate::wire::bindings::gg::sandbox::programs::Host;
use crate::wire::{ApiError, ErrorCode, ProgramSummary};

/// Bytes of source a rerun takes: 1 MiB. The outcome carries it whole (it is what runs next).
pub const RERUN_MAX_SOURCE: usize = 1 << 20;

impl StoreState {
    fn library_on(&self) -> ToolResult<()> {
        if self.membrane.library {
            Ok(())
        } else {
            Err(ToolError::new(
                ErrorCode::Unavailable,
                "this run keeps no program library",
            ))
        }
    }
}

impl Host for StoreState {
    fn history(&mut self) -> Result<Vec<ProgramSummary>, ApiError> {
        self.bracket("programs.history", json!({}), |s| {
            s.library_on()?;
            Ok(s.membrane.session.library.summaries())
        })
    }

    fn get(&mut self, turn: Option<u32>) -> Result<String, ApiError> {
        self.bracket("programs.get", json!({ "turn": turn }), |s| {
            s.library_on()?;
            let library = &s.membrane.session.library;
            let entry = match turn {
                Some(t) => library.get(t).ok_or_else(|| {
                    ToolError::not_found(format!(
                        "no program at turn {t}; the library holds {}",
                        library.describe_turns()
                    ))
                })?,
                None => library
                    .latest()
                    .ok_or_else(|| ToolError::not_found("the library holds no earlier program"))?,
            };
            Ok(entry.source.clone())
        })
    }

    fn rerun(&mut self, source: String) -> Result<(), ApiError> {
        self.bracket("programs.rerun", json!({ "source": rec_str(&source) }), |s| {
            s.library_on()?;
            if source.len() > RERUN_MAX_SOURCE {
                return Err(ToolError::invalid(format!(
                    "the source is {} bytes; a rerun takes at most {RERUN_MAX_SOURCE}",
                    source.len()
                )));
            }
            if s.membrane.rerun.is_some() {
                return Err(ToolError::new(
                    ErrorCode::LimitExceeded,
                    "one rerun a turn: a rerun is already queued",
                ));
            }
            // A library program's source runs in the arm it ran in: the latest entry with these
            // very bytes names it. Only its id passes through; the embedder finds the arm.
            let arm = s.membrane.arm.id();
            s.membrane.rerun_arm = s
                .membrane
                .session
                .library
                .entries()
                .iter()
                .rev()
                .find(|e| e.source == source)
                .filter(|e| e.arm != arm)
                .map(|e| e.arm.clone());
            s.membrane.rerun = Some(source);
            Ok(())
        })
    }
}
