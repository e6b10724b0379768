//! `tasks`: the agent's task list, dispatched to the embedder's `ToolApi`.

use serde_json::json;

use super::{check_list, rec};
use crate::program::store::StoreState;
use crate::wire::bindings::gg::sandbox::tasks::Host;
use crate::wire::{ApiError, Task, TaskInput, TaskPatch};

impl Host for StoreState {
    fn add(&mut self, task: TaskInput) -> Result<Task, ApiError> {
        self.bracket("tasks.add", json!({ "task": rec(&task) }), |s| {
            check_list("blocked_by", &task.blocked_by)?;
            s.dispatch("tasks.add", |t, cx| async move { t.add_task(&cx, task).await })
        })
    }

    fn update(&mut self, id: u32, patch: TaskPatch) -> Result<(), ApiError> {
        self.bracket("tasks.update", json!({ "id": id, "patch": rec(&patch) }), |s| {
            s.dispatch(
                "tasks.update",
                |t, cx| async move { t.update_task(&cx, id, patch).await },
            )
        })
    }

    fn complete(&mut self, id: u32) -> Result<(), ApiError> {
        self.bracket("tasks.complete", json!({ "id": id }), |s| {
            s.dispatch("tasks.complete", |t, cx| async move { t.complete_task(&cx, id).await })
        })
    }

    fn remove(&mut self, id: u32) -> Result<(), ApiError> {
        self.bracket("tasks.remove", json!({ "id": id }), |s| {
            s.dispatch("tasks.remove", |t, cx| async move { t.remove_task(&cx, id).await })
        })
    }

    fn list(&mut self) -> Result<Vec<Task>, ApiError> {
        self.bracket("tasks.list", json!({}), |s| {
            s.dispatch("tasks.list", |t, cx| async move { t.list_tasks(&cx).await })
        })
    }
}
