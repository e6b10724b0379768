//! `session`: the endings. A flag, the last call wins, revoked if the program then fails.

use serde_json::json;

use super::bindings::gg::sandbox::session::Host;
use super::{Ending, check_list, rec};
use crate::store::StoreState;
use crate::tools::{ToolError, ToolResult};
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

impl Host for StoreState {
    fn finish(&mut self, summary: String) -> Result<(), ApiError> {
        self.bracket("session.finish", json!({ "summary": rec(&summary) }), |s| {
            s.end(EndingKind::Finish, Ending::Finish { summary })
        })
    }

    fn approve(&mut self) -> Result<(), ApiError> {
        self.bracket("session.approve", json!({}), |s| {
            s.end(EndingKind::Review, Ending::Approve)
        })
    }

    fn request_changes(&mut self, items: Vec<String>) -> Result<(), ApiError> {
        self.bracket("session.request_changes", json!({ "items": rec(&items) }), |s| {
            check_list("items", &items)?;
            s.end(EndingKind::Review, Ending::RequestChanges { items })
        })
    }
}
