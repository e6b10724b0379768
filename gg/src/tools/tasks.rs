//! `tasks`: the workspace's task list, kept in `tasks.json` of its state directory.

use std::path::Path;

use gg_core::wire::{ErrorCode, Task, TaskInput, TaskPatch, TaskStatus, TextEdit};
use gg_core::{ToolError, ToolResult};
use serde::{Deserialize, Serialize};

use super::store;

/// Where the task list is kept, relative to the workspace root.
pub const TASKS_FILE: &str = "tasks.json";

#[derive(Default, Serialize, Deserialize)]
struct TaskFile {
    /// In id order.
    #[serde(default)]
    tasks: Vec<Task>,
}

fn load(root: &Path) -> ToolResult<TaskFile> {
    let mut file: TaskFile = store::load_or_default(root, TASKS_FILE)?;
    file.tasks.sort_by_key(|t| t.id);
    Ok(file)
}

fn unknown(id: u32) -> ToolError {
    ToolError::not_found(format!("there is no task {id}"))
}

fn check_title(title: &str) -> ToolResult<()> {
    if title.trim().is_empty() {
        return Err(ToolError::invalid("a task's title must not be empty"));
    }
    Ok(())
}

/// Adds a pending task under `input.id` or, absent, the next free id (the largest plus one, from 1).
/// `blocked_by` must name existing tasks; repeats are dropped. Returns the task as added.
pub fn add(root: &Path, input: TaskInput) -> ToolResult<Task> {
    check_title(&input.title)?;
    let mut file = load(root)?;
    let id = match input.id {
        Some(0) => return Err(ToolError::invalid("task ids start at 1")),
        Some(id) if file.tasks.iter().any(|t| t.id == id) => {
            return Err(ToolError::new(ErrorCode::Conflict, format!("task {id} already exists")));
        }
        Some(id) => id,
        None => match file.tasks.iter().map(|t| t.id).max() {
            None => 1,
            Some(max) => max
                .checked_add(1)
                .ok_or_else(|| ToolError::new(ErrorCode::LimitExceeded, "no task id is left above the largest"))?,
        },
    };
    let mut blocked_by: Vec<u32> = Vec::with_capacity(input.blocked_by.len());
    for blocker in input.blocked_by {
        if !file.tasks.iter().any(|t| t.id == blocker) {
            return Err(ToolError::not_found(format!(
                "task {blocker} in `blocked_by` does not exist"
            )));
        }
        if !blocked_by.contains(&blocker) {
            blocked_by.push(blocker);
        }
    }
    let task = Task {
        id,
        title: input.title,
        description: input.description,
        status: TaskStatus::Pending,
        blocked_by,
    };
    file.tasks.push(task.clone());
    file.tasks.sort_by_key(|t| t.id);
    store::save(root, TASKS_FILE, &file)?;
    Ok(task)
}

/// Applies `patch` to task `id`.
pub fn update(root: &Path, id: u32, patch: TaskPatch) -> ToolResult<()> {
    if let Some(title) = &patch.title {
        check_title(title)?;
    }
    let mut file = load(root)?;
    let task = file.tasks.iter_mut().find(|t| t.id == id).ok_or_else(|| unknown(id))?;
    if let Some(title) = patch.title {
        task.title = title;
    }
    match patch.description {
        TextEdit::Keep => {}
        TextEdit::Clear => task.description = None,
        TextEdit::Set(text) => task.description = Some(text),
    }
    if let Some(status) = patch.status {
        task.status = status;
    }
    store::save(root, TASKS_FILE, &file)
}

/// Marks task `id` done (whatever blocks it: the list records, it does not enforce).
pub fn complete(root: &Path, id: u32) -> ToolResult<()> {
    let mut file = load(root)?;
    file.tasks
        .iter_mut()
        .find(|t| t.id == id)
        .ok_or_else(|| unknown(id))?
        .status = TaskStatus::Done;
    store::save(root, TASKS_FILE, &file)
}

/// Removes task `id`, and it from every other task's `blocked_by`.
pub fn remove(root: &Path, id: u32) -> ToolResult<()> {
    let mut file = load(root)?;
    let before = file.tasks.len();
    file.tasks.retain(|t| t.id != id);
    if file.tasks.len() == before {
        return Err(unknown(id));
    }
    for task in &mut file.tasks {
        task.blocked_by.retain(|&b| b != id);
    }
    store::save(root, TASKS_FILE, &file)
}

/// Every task, in id order.
pub fn list(root: &Path) -> ToolResult<Vec<Task>> {
    Ok(load(root)?.tasks)
}
