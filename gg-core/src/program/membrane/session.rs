//! `session`: the endings. A flag, the last call wins, revoked if the program then fails.

use serde_json::json;

use super::RECORD_MAX_STRING;
use super::{Ending, check_list, rec, rec_strs};
use crate::api::tools::{ToolError, ToolResult};
use crate::program::capture::clip;
use crate::program::store::StoreState;
use crate::wire::bindings::gg::sandbox::session::Host;
use crate::wire::{ApiError, EndingKind, ErrorCode};

impl StoreState {
    fn end(&mut self, needs: EndingKind, ending: Ending) -> ToolResult<()> {
        if self.membrane.ending_kind != needs {
            let offered = match self.membrane.ending_kind {
                EndingKind::None => "this agent has no session ending",
                EndingKind::Finish => "this agent ends with session.finish",
                EndingKind::Review => "this agent ends with session.approve or session.request_changes",
            };
            return Err(ToolError::new(ErrorCode::Unavailable, offered));
        }
        self.membrane.ending = Some(ending);
        Ok(())
    }
}

/// Bytes of an ending's summary kept in the outcome: 16 KiB.
pub const ENDING_MAX_TEXT: usize = 16 * 1024;
/// Items of `request_changes` kept in the outcome (each cut to 4 KiB); past it a last item
/// counts the rest.
pub const ENDING_MAX_ITEMS: usize = 64;

/// The items of a `request_changes` as the outcome keeps them.
fn kept_items(items: Vec<String>) -> Vec<String> {
    let total = items.len();
    let mut kept: Vec<String> = items
        .into_iter()
        .take(ENDING_MAX_ITEMS)
        .map(|i| clip(i, RECORD_MAX_STRING))
        .collect();
    if total > kept.len() {
        kept.push(format!("… {} more items ({total} in all)", total - kept.len()));
    }
    kept
}

impl Host for StoreState {
    fn finish(&mut self, summary: String) -> Result<(), ApiError> {
        self.bracket("session.finish", json!({ "summary": rec(&summary) }), |s| {
            let summary = clip(summary, ENDING_MAX_TEXT);
            s.end(EndingKind::Finish, Ending::Finish { summary })
        })
    }

    fn approve(&mut self) -> Result<(), ApiError> {
        self.bracket("session.approve", json!({}), |s| {
            s.end(EndingKind::Review, Ending::Approve)
        })
    }

    fn request_changes(&mut self, items: Vec<String>) -> Result<(), ApiError> {
        self.bracket("session.request_changes", json!({ "items": rec_strs(&items) }), |s| {
            check_list("items", &items)?;
            let items = kept_items(items);
            s.end(EndingKind::Review, Ending::RequestChanges { items })
        })
    }
}
