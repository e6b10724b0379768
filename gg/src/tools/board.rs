//! `board`: the workspace's issue board, kept in `board.json` of its state directory.

use std::path::Path;

use gg_core::wire::{ErrorCode, Issue, IssueInput, IssuePatch, IssueStatus, TextEdit};
use gg_core::{ToolError, ToolResult};
use serde::{Deserialize, Serialize};

use super::store;

/// Where the board is kept, relative to the workspace root.
pub const BOARD_FILE: &str = "board.json";

#[derive(Serialize, Deserialize)]
struct BoardFile {
    /// The id the next issue gets; ids are never reused, so a removed issue's id stays dead.
    #[serde(default = "first_id")]
    next_id: u32,
    /// In id order.
    #[serde(default)]
    issues: Vec<Issue>,
}

fn first_id() -> u32 {
    1
}

impl Default for BoardFile {
    fn default() -> Self {
        Self {
            next_id: first_id(),
            issues: Vec::new(),
        }
    }
}

fn load(root: &Path) -> ToolResult<BoardFile> {
    let mut file: BoardFile = store::load_or_default(root, BOARD_FILE)?;
    file.issues.sort_by_key(|i| i.id);
    // A hand-edited file may have lost the counter: never hand out an id still in use.
    if let Some(max) = file.issues.last().map(|i| i.id) {
        file.next_id = file.next_id.max(max.saturating_add(1));
    }
    file.next_id = file.next_id.max(1);
    Ok(file)
}

fn unknown(id: u32) -> ToolError {
    ToolError::not_found(format!("there is no issue {id}"))
}

fn check_title(title: &str) -> ToolResult<()> {
    if title.trim().is_empty() {
        return Err(ToolError::invalid("an issue's title must not be empty"));
    }
    Ok(())
}

/// Files an open issue under the next id; returns it.
pub fn create(root: &Path, input: IssueInput) -> ToolResult<Issue> {
    check_title(&input.title)?;
    let mut file = load(root)?;
    let id = file.next_id;
    if id == u32::MAX {
        return Err(ToolError::new(
            ErrorCode::LimitExceeded,
            "the board has used every issue id",
        ));
    }
    file.next_id = id + 1;
    let issue = Issue {
        id,
        title: input.title,
        description: input.description,
        labels: input.labels,
        status: IssueStatus::Open,
    };
    file.issues.push(issue.clone());
    store::save(root, BOARD_FILE, &file)?;
    Ok(issue)
}

/// Applies `patch` to issue `id`.
pub fn update(root: &Path, id: u32, patch: IssuePatch) -> ToolResult<()> {
    if let Some(title) = &patch.title {
        check_title(title)?;
    }
    let mut file = load(root)?;
    let issue = file.issues.iter_mut().find(|i| i.id == id).ok_or_else(|| unknown(id))?;
    if let Some(title) = patch.title {
        issue.title = title;
    }
    match patch.description {
        TextEdit::Keep => {}
        TextEdit::Clear => issue.description = None,
        TextEdit::Set(text) => issue.description = Some(text),
    }
    if let Some(labels) = patch.labels {
        issue.labels = labels;
    }
    if let Some(status) = patch.status {
        issue.status = status;
    }
    store::save(root, BOARD_FILE, &file)
}

/// The issues, in id order, only those with `status` when given.
pub fn list(root: &Path, status: Option<IssueStatus>) -> ToolResult<Vec<Issue>> {
    let mut issues = load(root)?.issues;
    if let Some(status) = status {
        issues.retain(|i| i.status == status);
    }
    Ok(issues)
}

/// Removes issue `id`; its id is not handed out again.
pub fn remove(root: &Path, id: u32) -> ToolResult<()> {
    let mut file = load(root)?;
    let before = file.issues.len();
    file.issues.retain(|i| i.id != id);
    if file.issues.len() == before {
        return Err(unknown(id));
    }
    store::save(root, BOARD_FILE, &file)
}
