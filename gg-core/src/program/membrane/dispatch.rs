//! The membrane by operation id: JSON arguments in the wire's mapping → the typed host function
//! (through the same bracket as a component's call) → the JSON reply.

use std::sync::OnceLock;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::api::tools::ToolError;
use crate::program::membrane::code_name;
use crate::program::store::StoreState;
use crate::wire::bindings::gg::sandbox as wit;
use crate::wire::json::{FunctionSig, WitTypes};
use crate::wire::{ApiError, ErrorCode};

/// The WIT's functions and types, parsed once per process from the WIT gg-core was built with.
pub fn types() -> &'static WitTypes {
    static TYPES: OnceLock<WitTypes> = OnceLock::new();
    TYPES.get_or_init(|| WitTypes::parse(crate::WIT).expect("gg-core's own WIT parses"))
}

/// Calls operation `id` with `args` (a JSON object in the wire's mapping) and returns the reply:
/// `{"ok": …}` or `{"err": {code, operation, message}}`. Never panics on what a guest sends.
pub fn call(state: &mut StoreState, id: &str, args: &[u8]) -> Value {
    let types = types();
    let Some(sig) = types.function(id) else {
        return WitTypes::err_reply(
            "invalid-argument",
            id,
            &format!(
                "`{id}` is not an operation of the membrane (ids are `interface.function`, e.g. `files.read_file`)"
            ),
        );
    };
    let parsed = if args.iter().all(u8::is_ascii_whitespace) {
        Ok(Value::Object(Default::default()))
    } else {
        serde_json::from_slice::<Value>(args).map_err(|e| format!("the arguments are not JSON: {e}"))
    };
    let values = parsed.and_then(|args| types.args_from_wit(sig, args).map_err(|e| e.to_string()));
    let values = match values {
        Ok(values) => values,
        Err(message) => return malformed(state, sig, args, message),
    };
    match typed(state, &sig.id, values) {
        Ok(value) => types.ok_to_wit(sig, value),
        Err(e) => WitTypes::err_reply(code_name(e.code), &e.operation, &e.message),
    }
}

/// A call whose arguments do not fit the operation: recorded as refused (an SDK's defect shows in
/// the record), answered with `invalid-argument`.
fn malformed(state: &mut StoreState, sig: &FunctionSig, raw: &[u8], message: String) -> Value {
    if sig.is_feedback {
        return WitTypes::err_reply("invalid-argument", &sig.id, &message);
    }
    let Some(op) = crate::program::membrane::operation(&sig.id) else {
        return WitTypes::err_reply("invalid-argument", &sig.id, &message);
    };
    let raw = Value::String(crate::program::membrane::record_text(&String::from_utf8_lossy(raw)));
    let refused: Result<(), ApiError> = state.bracket_raw(op.id, raw, |_| Err(ToolError::invalid(message)));
    let e = refused.expect_err("a malformed call is refused");
    WitTypes::err_reply(code_name(e.code), &e.operation, &e.message)
}

/// The next argument, as the typed host function takes it.
fn arg<T: DeserializeOwned>(id: &str, args: &mut std::vec::IntoIter<Value>) -> Result<T, ApiError> {
    serde_json::from_value(args.next().unwrap_or(Value::Null)).map_err(|e| ApiError {
        code: ErrorCode::InvalidArgument,
        operation: id.to_owned(),
        message: format!("an argument does not fit: {e}"),
    })
}

fn ok<T: Serialize>(r: Result<T, ApiError>) -> Result<Value, ApiError> {
    r.map(|v| serde_json::to_value(v).unwrap_or(Value::Null))
}

/// Calls the host function `id` with `values` (serde's spelling, one per parameter, in order).
fn typed(s: &mut StoreState, id: &str, values: Vec<Value>) -> Result<Value, ApiError> {
    let a = &mut values.into_iter();
    match id {
        "files.read_file" => ok(wit::files::Host::read_file(s, arg(id, a)?, arg(id, a)?, arg(id, a)?)),
        "files.write_file" => ok(wit::files::Host::write_file(s, arg(id, a)?, arg(id, a)?)),
        "files.edit_file" => ok(wit::files::Host::edit_file(s, arg(id, a)?, arg(id, a)?, arg(id, a)?)),
        "files.list_dir" => ok(wit::files::Host::list_dir(s, arg(id, a)?)),
        "files.search" => ok(wit::files::Host::search(s, arg(id, a)?, arg(id, a)?, arg(id, a)?)),
        "shell.run" => ok(wit::shell::Host::run(s, arg(id, a)?, arg(id, a)?)),
        "tasks.add" => ok(wit::tasks::Host::add(s, arg(id, a)?)),
        "tasks.update" => ok(wit::tasks::Host::update(s, arg(id, a)?, arg(id, a)?)),
        "tasks.complete" => ok(wit::tasks::Host::complete(s, arg(id, a)?)),
        "tasks.remove" => ok(wit::tasks::Host::remove(s, arg(id, a)?)),
        "tasks.list" => ok(wit::tasks::Host::list(s)),
        "board.create_issue" => ok(wit::board::Host::create_issue(s, arg(id, a)?)),
        "board.update_issue" => ok(wit::board::Host::update_issue(s, arg(id, a)?, arg(id, a)?)),
        "board.list_issues" => ok(wit::board::Host::list_issues(s, arg(id, a)?)),
        "board.remove_issue" => ok(wit::board::Host::remove_issue(s, arg(id, a)?)),
        "memories.write" => ok(wit::memories::Host::write(
            s,
            arg(id, a)?,
            arg(id, a)?,
            arg(id, a)?,
            arg(id, a)?,
        )),
        "memories.read" => ok(wit::memories::Host::read(s, arg(id, a)?)),
        "memories.search" => ok(wit::memories::Host::search(s, arg(id, a)?)),
        "memories.delete" => ok(wit::memories::Host::delete(s, arg(id, a)?)),
        "skills.read" => ok(wit::skills::Host::read(s, arg(id, a)?)),
        "views.open_file" => ok(wit::views::Host::open_file(s, arg(id, a)?, arg(id, a)?, arg(id, a)?)),
        "views.open_text" => ok(wit::views::Host::open_text(s, arg(id, a)?, arg(id, a)?)),
        "views.open_docs" => ok(wit::views::Host::open_docs(s, arg(id, a)?)),
        "views.close" => ok(wit::views::Host::close(s, arg(id, a)?)),
        "views.current" => ok(wit::views::Host::current(s)),
        "docs.search" => ok(wit::docs::Host::search(
            s,
            arg(id, a)?,
            arg(id, a)?,
            arg(id, a)?,
            arg(id, a)?,
        )),
        "session.finish" => ok(wit::session::Host::finish(s, arg(id, a)?)),
        "session.approve" => ok(wit::session::Host::approve(s)),
        "session.request_changes" => ok(wit::session::Host::request_changes(s, arg(id, a)?)),
        "programs.history" => ok(wit::programs::Host::history(s)),
        "programs.get" => ok(wit::programs::Host::get(s, arg(id, a)?)),
        "programs.rerun" => ok(wit::programs::Host::rerun(s, arg(id, a)?)),
        "feedback.log" => {
            wit::feedback::Host::log(s, arg(id, a)?);
            Ok(Value::Null)
        }
        "feedback.report_error" => {
            wit::feedback::Host::report_error(s, arg(id, a)?);
            Ok(Value::Null)
        }
        "feedback.report_module_error" => {
            wit::feedback::Host::report_module_error(s, arg(id, a)?, arg(id, a)?);
            Ok(Value::Null)
        }
        "feedback.note_return" => {
            wit::feedback::Host::note_return(s);
            Ok(Value::Null)
        }
        "feedback.refused_call" => {
            wit::feedback::Host::refused_call(s, arg(id, a)?, arg(id, a)?, arg(id, a)?);
            Ok(Value::Null)
        }
        other => Err(ApiError {
            code: ErrorCode::Unavailable,
            operation: other.to_owned(),
            message: format!("gg's wire has no dispatch for `{other}`"),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_function_of_the_wit_has_a_dispatch_and_every_operation_is_a_function() {
        let ids: Vec<&str> = types().functions().map(|f| f.id.as_str()).collect();
        for op in crate::program::membrane::OPERATIONS {
            assert!(ids.contains(&op.id), "{} is not a WIT function", op.id);
        }
        let source = include_str!("dispatch.rs");
        for id in &ids {
            assert!(source.contains(&format!("\"{id}\" =>")), "no dispatch arm for {id}");
        }
    }
}
