//! `board`: the shared issue board, dispatched to the embedder's `ToolApi`.

use serde_json::json;

use super::{check_list, rec};
use crate::program::store::StoreState;
use crate::wire::bindings::gg::sandbox::board::Host;
use crate::wire::{ApiError, Issue, IssueInput, IssuePatch, IssueStatus};

impl Host for StoreState {
    fn create_issue(&mut self, issue: IssueInput) -> Result<Issue, ApiError> {
        self.bracket("board.create_issue", json!({ "issue": rec(&issue) }), |s| {
            check_list("labels", &issue.labels)?;
            s.dispatch(
                "board.create_issue",
                |t, cx| async move { t.create_issue(&cx, issue).await },
            )
        })
    }

    fn update_issue(&mut self, id: u32, patch: IssuePatch) -> Result<(), ApiError> {
        self.bracket("board.update_issue", json!({ "id": id, "patch": rec(&patch) }), |s| {
            if let Some(labels) = &patch.labels {
                check_list("labels", labels)?;
            }
            s.dispatch("board.update_issue", |t, cx| async move {
                t.update_issue(&cx, id, patch).await
            })
        })
    }

    fn list_issues(&mut self, status: Option<IssueStatus>) -> Result<Vec<Issue>, ApiError> {
        self.bracket("board.list_issues", json!({ "status": rec(&status) }), |s| {
            s.dispatch(
                "board.list_issues",
                |t, cx| async move { t.list_issues(&cx, status).await },
            )
        })
    }

    fn remove_issue(&mut self, id: u32) -> Result<(), ApiError> {
        self.bracket("board.remove_issue", json!({ "id": id }), |s| {
            s.dispatch(
                "board.remove_issue",
                |t, cx| async move { t.remove_issue(&cx, id).await },
            )
        })
    }
}
