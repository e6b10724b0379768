//! `feedback`: the guest shim's private channel. Never refused, never recorded as a call.

use super::ModuleError;
use super::bindings::gg::sandbox::feedback::Host;
use crate::capture::{LOG_MAX_LINE_BYTES, clip, clip_keeping_last_line};
use crate::store::StoreState;
use crate::wire::ProgramError;

/// Code-module failures kept per program.
pub const MAX_MODULE_ERRORS: usize = 64;

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
}
