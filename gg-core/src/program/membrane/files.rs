//! `files`: the workspace's files, dispatched to the embedder's `ToolApi`.

use serde_json::json;

use super::{check_name, rec_str};
use crate::program::store::StoreState;
use crate::wire::bindings::gg::sandbox::files::Host;
use crate::wire::{ApiError, DirEntry, FileRead, SearchMatch};

impl Host for StoreState {
    fn read_file(&mut self, path: String, offset: Option<u32>, limit: Option<u32>) -> Result<FileRead, ApiError> {
        let args = json!({ "path": rec_str(&path), "offset": offset, "limit": limit });
        self.bracket("files.read_file", args, |s| {
            check_name("path", &path)?;
            s.dispatch("files.read_file", |t, cx| async move {
                t.read_file(&cx, path, offset, limit).await
            })
        })
    }

    fn write_file(&mut self, path: String, contents: String) -> Result<u64, ApiError> {
        let args = json!({ "path": rec_str(&path), "contents": rec_str(&contents) });
        self.bracket("files.write_file", args, |s| {
            check_name("path", &path)?;
            s.dispatch("files.write_file", |t, cx| async move {
                t.write_file(&cx, path, contents).await
            })
        })
    }

    fn edit_file(&mut self, path: String, old: String, new: String) -> Result<u32, ApiError> {
        let args = json!({ "path": rec_str(&path), "old": rec_str(&old), "new": rec_str(&new) });
        self.bracket("files.edit_file", args, |s| {
            check_name("path", &path)?;
            s.dispatch("files.edit_file", |t, cx| async move {
                t.edit_file(&cx, path, old, new).await
            })
        })
    }

    fn list_dir(&mut self, path: Option<String>) -> Result<Vec<DirEntry>, ApiError> {
        let args = json!({ "path": path.as_deref().map(rec_str) });
        self.bracket("files.list_dir", args, |s| {
            if let Some(p) = &path {
                check_name("path", p)?;
            }
            s.dispatch("files.list_dir", |t, cx| async move { t.list_dir(&cx, path).await })
        })
    }

    fn search(
        &mut self,
        pattern: String,
        path: Option<String>,
        ignore_case: Option<bool>,
    ) -> Result<Vec<SearchMatch>, ApiError> {
        let args = json!({
            "pattern": rec_str(&pattern), "path": path.as_deref().map(rec_str), "ignore_case": ignore_case,
        });
        self.bracket("files.search", args, |s| {
            check_name("pattern", &pattern)?;
            if let Some(p) = &path {
                check_name("path", p)?;
            }
            s.dispatch("files.search", |t, cx| async move {
                t.search_files(&cx, pattern, path, ignore_case.unwrap_or(false)).await
            })
        })
    }
}
