//! `memories`: what the agent keeps across sessions; one with code is a code module from the next program on.

use serde_json::json;

use super::{check_list, check_name, first_line, rec_str, rec_strs};
use crate::program::store::StoreState;
use crate::wire::bindings::gg::sandbox::memories::Host;
use crate::wire::{ApiError, Memory, MemoryHit};

/// 80: the most characters of a left-out description, taken from the body's first non-blank line.
pub const DEFAULT_DESCRIPTION_CHARS: usize = 80;

impl Host for StoreState {
    fn write(
        &mut self,
        name: String,
        body: String,
        description: Option<String>,
        code: Option<String>,
    ) -> Result<(), ApiError> {
        let args = json!({
            "name": rec_str(&name), "body": rec_str(&body),
            "description": description.as_deref().map(rec_str), "code": code.as_deref().map(rec_str),
        });
        self.bracket("memories.write", args, |s| {
            check_name("name", &name)?;
            let description = description.unwrap_or_else(|| first_line(&body, DEFAULT_DESCRIPTION_CHARS));
            let memory = Memory {
                name: name.clone(),
                description,
                body,
                code: code.clone(),
            };
            s.dispatch(
                "memories.write",
                |t, cx| async move { t.write_memory(&cx, memory).await },
            )?;
            s.membrane.session.bind_module(s.membrane.arm.as_ref(), &name, code);
            Ok(())
        })
    }

    fn read(&mut self, name: String) -> Result<Memory, ApiError> {
        self.bracket("memories.read", json!({ "name": rec_str(&name) }), |s| {
            check_name("name", &name)?;
            s.dispatch("memories.read", |t, cx| async move { t.read_memory(&cx, name).await })
        })
    }

    fn search(&mut self, keywords: Vec<String>) -> Result<Vec<MemoryHit>, ApiError> {
        self.bracket("memories.search", json!({ "keywords": rec_strs(&keywords) }), |s| {
            check_list("keywords", &keywords)?;
            s.dispatch("memories.search", |t, cx| async move {
                t.search_memories(&cx, keywords).await
            })
        })
    }

    fn delete(&mut self, name: String) -> Result<(), ApiError> {
        self.bracket("memories.delete", json!({ "name": rec_str(&name) }), |s| {
            check_name("name", &name)?;
            let key = name.clone();
            s.dispatch(
                "memories.delete",
                |t, cx| async move { t.delete_memory(&cx, name).await },
            )?;
            s.membrane.session.bind_module(s.membrane.arm.as_ref(), &key, None);
            Ok(())
        })
    }
}
