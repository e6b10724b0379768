//! `views`: what a program chooses to show the model next turn; they persist across a session's turns.

use serde_json::json;

use super::{check_name, first_line, rec_str};
use crate::api::tools::ToolError;
use crate::program::session::View;
use crate::program::store::StoreState;
use crate::wire::bindings::gg::sandbox::views::Host;
use crate::wire::{ApiError, FileRead, OpenView, ViewKind};

/// 60: the most characters of a left-out label, taken from the body's first non-blank line.
pub const DEFAULT_LABEL_CHARS: usize = 60;
/// The label of an unlabelled text whose body has no non-blank line.
pub const BLANK_TEXT_LABEL: &str = "text";

impl Host for StoreState {
    fn open_file(&mut self, path: String, offset: Option<u32>, limit: Option<u32>) -> Result<FileRead, ApiError> {
        let args = json!({ "path": rec_str(&path), "offset": offset, "limit": limit });
        self.bracket("views.open_file", args, |s| {
            check_name("path", &path)?;
            let p = path.clone();
            let read = s.dispatch("views.open_file", |t, cx| async move {
                t.read_file(&cx, p, offset, limit).await
            })?;
            s.membrane.session.show(View {
                kind: ViewKind::File,
                selector: path,
                offset,
                limit,
                body: read.contents.clone(),
            });
            Ok(read)
        })
    }

    fn open_text(&mut self, body: String, label: Option<String>) -> Result<(), ApiError> {
        self.bracket(
            "views.open_text",
            json!({ "body": rec_str(&body), "label": label.as_deref().map(rec_str) }),
            |s| {
                let label = match label {
                    Some(label) => {
                        check_name("label", &label)?;
                        label
                    }
                    None => {
                        let line = first_line(&body, DEFAULT_LABEL_CHARS);
                        let base = if line.is_empty() {
                            BLANK_TEXT_LABEL.to_owned()
                        } else {
                            line
                        };
                        s.membrane.session.unused_selector(base)
                    }
                };
                s.membrane.session.show(View {
                    kind: ViewKind::Text,
                    selector: label,
                    offset: None,
                    limit: None,
                    body,
                });
                Ok(())
            },
        )
    }

    fn open_docs(&mut self, name: String) -> Result<(), ApiError> {
        self.bracket("views.open_docs", json!({ "name": rec_str(&name) }), |s| {
            check_name("name", &name)?;
            let arm = s.membrane.arm.as_ref();
            let body = crate::program::session::render_docs(arm.catalogue(), &name)
                .or_else(|| {
                    let modules: Vec<_> = s.membrane.session.in_scope().collect();
                    crate::program::modules::render_docs(arm, &modules, arm.catalogue(), &name)
                })
                .ok_or_else(|| {
                    ToolError::not_found(format!(
                        "`{name}` is not in the {} catalogue nor exported by a bound code module; \
                         docs.search finds names",
                        arm.display_name()
                    ))
                })?;
            s.membrane.session.show(View {
                kind: ViewKind::Docs,
                selector: name,
                offset: None,
                limit: None,
                body,
            });
            Ok(())
        })
    }

    fn close(&mut self, selector: String) -> Result<u32, ApiError> {
        self.bracket("views.close", json!({ "selector": rec_str(&selector) }), |s| {
            Ok(s.membrane.session.close(&selector))
        })
    }

    fn current(&mut self) -> Result<Vec<OpenView>, ApiError> {
        self.bracket("views.current", json!({}), |s| Ok(s.membrane.session.current()))
    }
}
