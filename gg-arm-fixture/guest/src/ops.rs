//! The one table of membrane operations the `op` command dispatches, and `bound-operations` lists.
//!
//! Arguments are a JSON object keyed by the WIT parameter names with dashes as underscores, each
//! value in serde's default encoding of the generated type:
//! - option (parameter or record field): the value or `null`; a missing key is None: `{"path":"a.txt","limit":5}`
//! - list: an array: `{"keywords":["a","b"]}`
//! - record: an object of its snake_case fields: `{"task":{"title":"t","blocked_by":[]}}`
//! - enum: the Rust case name: `{"status":"InProgress"}`
//! - variant: a bare case is its name, a case with a payload a one-key object: `"Keep"`, `{"Set":"new text"}`
//!
//! Unknown keys are refused. Ok values are printed in the same encoding, `()` as `null`.

use crate::gg::sandbox::types::ApiError;
use crate::gg::sandbox::{board, docs, files, memories, programs, session, shell, skills, tasks, views};

/// One call's result: the Ok value as compact JSON, or the host's error.
pub type Outcome = Result<String, ApiError>;

/// Each row is `interface::function(parameter: Type = argument passed, ...)`; the operation id is
/// `interface.function`, so the id, the argument struct and the call come from the same tokens.
macro_rules! operations {
    ($($iface:ident :: $func:ident ( $($arg:ident : $ty:ty = $pass:expr),* $(,)? );)*) => {
        /// Every operation id `call` handles, in table order.
        pub const OPERATIONS: &[&str] = &[$(concat!(stringify!($iface), ".", stringify!($func))),*];

        /// Calls operation `id` with arguments decoded from `json`; None when `id` is not in the table.
        pub fn call(id: &str, json: &str) -> Option<Result<Outcome, serde_json::Error>> {
            $(
                if id == concat!(stringify!($iface), ".", stringify!($func)) {
                    #[derive(serde::Deserialize)]
                    #[serde(deny_unknown_fields)]
                    struct Args { $($arg: $ty),* }
                    let Args { $($arg),* } = match serde_json::from_str::<Args>(json) {
                        Ok(args) => args,
                        Err(e) => return Some(Err(e)),
                    };
                    return Some(Ok($iface::$func($($pass),*).map(|ok| to_json(&ok))));
                }
            )*
            None
        }
    };
}

operations! {
    files::read_file(path: String = &path, offset: Option<u32> = offset, limit: Option<u32> = limit);
    files::write_file(path: String = &path, contents: String = &contents);
    files::edit_file(path: String = &path, old: String = &old, new: String = &new);
    files::list_dir(path: Option<String> = path.as_deref());
    files::search(pattern: String = &pattern, path: Option<String> = path.as_deref(), ignore_case: Option<bool> = ignore_case);
    shell::run(command: String = &command, timeout_secs: Option<f64> = timeout_secs);
    tasks::add(task: tasks::TaskInput = &task);
    tasks::update(id: u32 = id, patch: tasks::TaskPatch = &patch);
    tasks::complete(id: u32 = id);
    tasks::remove(id: u32 = id);
    tasks::list();
    board::create_issue(issue: board::IssueInput = &issue);
    board::update_issue(id: u32 = id, patch: board::IssuePatch = &patch);
    board::list_issues(status: Option<board::IssueStatus> = status);
    board::remove_issue(id: u32 = id);
    memories::write(
        name: String = &name,
        body: String = &body,
        description: Option<String> = description.as_deref(),
        code: Option<String> = code.as_deref(),
    );
    memories::read(name: String = &name);
    memories::search(keywords: Vec<String> = &keywords);
    memories::delete(name: String = &name);
    skills::read(name: String = &name);
    views::open_file(path: String = &path, offset: Option<u32> = offset, limit: Option<u32> = limit);
    views::open_text(body: String = &body, label: Option<String> = label.as_deref());
    views::open_docs(name: String = &name);
    views::close(selector: String = &selector);
    views::current();
    docs::search(
        query: String = &query,
        module: Option<String> = module.as_deref(),
        offset: Option<u32> = offset,
        limit: Option<u32> = limit,
    );
    session::finish(summary: String = &summary);
    session::approve();
    session::request_changes(items: Vec<String> = &items);
    programs::history();
    programs::get(turn: Option<u32> = turn);
    programs::rerun(source: String = &source);
}

/// Every operation id, sorted: what `bound-operations` returns.
pub fn sorted() -> Vec<String> {
    let mut ids: Vec<String> = OPERATIONS.iter().map(|id| id.to_string()).collect();
    ids.sort();
    ids
}

fn to_json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|e| format!("\"<unserialisable: {e}>\""))
}
