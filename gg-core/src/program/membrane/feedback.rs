//! `feedback`: the guest shim's private channel. Never refused, never recorded as a call, except
//! `refused-call`, which records the call the guest refused before it crossed.

use super::ModuleError;
use crate::api::tools::ToolError;
use crate::program::capture::{LOG_MAX_LINE_BYTES, clip, clip_keeping_last_line};
use crate::program::store::StoreState;
use crate::wire::ProgramError;
use crate::wire::bindings::gg::sandbox::feedback::Host;

/// Code-module failures kept per program.
pub const MAX_MODULE_ERRORS: usize = 64;

impl StoreState {
    /// The program's text does not parse, as a guest that parses it itself (an interpreter) found:
    /// reported once per program as `report-error` is, and filed as a syntax error, which
    /// `report-error`'s kinds cannot say. An arm's host function calls this for its guest.
    pub fn report_syntax_error(&mut self, error: ProgramError) {
        if self.membrane.error.is_none() {
            self.membrane.error_is_syntax = true;
        }
        Host::report_error(self, error);
    }
}

impl Host for StoreState {
    fn log(&mut self, line: String) {
        self.membrane.logs.push(line);
    }

    fn report_error(&mut self, mut error: ProgramError) {
        if self.membrane.error.is_some() {
            self.membrane.extra_error_reports += 1;
            return;
        }
        error.message = clip_keeping_last_line(error.message, 4 * LOG_MAX_LINE_BYTES);
        self.membrane.error = Some(error);
    }

    fn report_module_error(&mut self, name: String, message: String) {
        if self.membrane.module_errors.len() < MAX_MODULE_ERRORS {
            let message = clip(message, LOG_MAX_LINE_BYTES);
            let name = clip(name, super::MAX_NAME_BYTES);
            self.membrane.module_errors.push(ModuleError {
                name,
                message,
                location: None,
            });
        }
    }

    fn note_return(&mut self) {
        self.membrane.returned_value_discarded = true;
    }

    /// The call goes through the bracket as any call does (so a call not granted, or past the
    /// run's budget, is recorded as that refusal instead), with the guest's description of its
    /// arguments: JSON where it is JSON, else the text, bounded like any recorded value.
    fn refused_call(&mut self, operation: String, arguments: String, message: String) {
        let Some(op) = super::operation(&operation) else {
            return;
        };
        let args = (arguments.len() <= super::RECORD_MAX_VALUE)
            .then(|| serde_json::from_str::<serde_json::Value>(&arguments).ok())
            .flatten()
            .unwrap_or_else(|| serde_json::Value::String(super::record_text(&arguments)));
        let message = clip(message, LOG_MAX_LINE_BYTES);
        let _: Result<(), _> = self.bracket_raw(op.id, args, |_| Err(ToolError::invalid(message)));
    }
}
