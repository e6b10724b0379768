//! The `gg` crate a Rust program links against: the membrane's families as Rust functions
//! (`gg::files::read_file(path, None, None)?`), `ApiError` and `ErrorCode`, and the sandbox
//! world's exports, whose `run` calls the program's own `main`.
//!
//! The program is compiled as a binary of its own (`program.rs`, as written); rustc gives it the
//! C entry `__main_void` (wasi-libc's argument setup, then rustc's `main`, then std's
//! `Termination`), which `run` calls. What the program prints reaches gg through the two libc
//! writes the program's link wraps (`--wrap=write --wrap=writev`, see gg-arm-rust/src/compile.rs):
//! stdout a line at a time to `feedback.log`, stderr on to the host with its tail kept here, so an
//! `Err` returned from `main` is reported with the `Error: …` text std wrote for it.

// The generated export of `run` takes eight flat parameters.
#![allow(clippy::too_many_arguments)]

mod bindings {
    wit_bindgen::generate!({
        path: "../../../gg-core/wit",
        world: "gg:sandbox/sandbox",
    });
}

mod output;

use std::cell::RefCell;

use bindings::gg::sandbox::feedback::{self, ErrorKind, Location, ProgramError};
pub use bindings::gg::sandbox::types::{ApiError, ErrorCode, FileRead, TextEdit};

// The families: one module per WIT interface, generated from the WIT by gg-arm-rust/build.rs.
include!(env!("GG_SDK_FAMILIES"));

/// `Result<T, gg::ApiError>`, the return of every operation.
pub type Result<T, E = ApiError> = std::result::Result<T, E>;

thread_local! {
    /// The last failure an operation returned, so an uncaught one is reported as an api failure.
    static LAST_FAILURE: RefCell<Option<ApiError>> = const { RefCell::new(None) };
    /// Whether the program's failure was reported (at most once).
    static REPORTED: RefCell<bool> = const { RefCell::new(false) };
}

/// Every operation's result passes here on its way to the program.
fn track<T>(result: Result<T>) -> Result<T> {
    if let Err(e) = &result {
        LAST_FAILURE.with(|l| *l.borrow_mut() = Some(e.clone()));
    }
    result
}

/// The code of the last failure an operation returned when `text` shows it (its Debug text, as
/// `unwrap`, `expect` and `main`'s `Err` render it).
fn failure_shown_in(text: &str) -> Option<ErrorCode> {
    LAST_FAILURE.with(|l| {
        l.borrow()
            .as_ref()
            .filter(|e| text.contains(&format!("{e:?}")))
            .map(|e| e.code)
    })
}

fn report(message: String, code: Option<ErrorCode>, location: Option<Location>) {
    if REPORTED.with(|r| r.replace(true)) {
        return;
    }
    feedback::report_error(&ProgramError {
        kind: if code.is_some() {
            ErrorKind::ApiFailure
        } else {
            ErrorKind::Other
        },
        code,
        message,
        location,
    });
}

impl std::fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let name = match self {
            ErrorCode::InvalidArgument => "invalid-argument",
            ErrorCode::NotFound => "not-found",
            ErrorCode::Conflict => "conflict",
            ErrorCode::Refused => "refused",
            ErrorCode::Unavailable => "unavailable",
            ErrorCode::LimitExceeded => "limit-exceeded",
            ErrorCode::IoError => "io-error",
            ErrorCode::Other => "other",
        };
        f.write_str(name)
    }
}

unsafe extern "C" {
    /// wasi-libc's entry of a command: arguments, then rustc's `main` (std's `lang_start`).
    fn __main_void() -> i32;
    /// wasi-libc's `abort`, a wasm `unreachable`.
    fn __real_abort() -> !;
}

/// libc's `abort`, wrapped at link time (`--wrap=abort`, gg-arm-rust/src/compile.rs): std's
/// `process::abort` and std's own abort after a fatal error (a failed allocation, a panic while
/// panicking) end in it. The failure says the program aborted before the trap does; a panic's
/// report, made first, stands.
#[unsafe(no_mangle)]
pub extern "C" fn __wrap_abort() -> ! {
    output::flush_stdout();
    report(
        "the program aborted: std::process::abort(), or std's own abort after a fatal error (stderr says which)".into(),
        None,
        None,
    );
    // SAFETY: libc's abort takes nothing and never returns.
    unsafe { __real_abort() }
}

struct Sdk;

bindings::export!(Sdk with_types_in bindings);

impl bindings::Guest for Sdk {
    fn run(
        _program: String,
        _modules: Vec<bindings::CodeModule>,
        _operations: Vec<String>,
        _ending: bindings::EndingKind,
        _library: bool,
    ) {
        std::panic::set_hook(Box::new(|info| {
            output::flush_stdout();
            let payload = info
                .payload()
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| info.payload().downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "Box<dyn Any>".to_owned());
            let location = info.location().map(|l| Location {
                file: l.file().to_owned(),
                line: l.line(),
                column: l.column(),
            });
            report(format!("panicked: {payload}"), failure_shown_in(&payload), location);
        }));
        // The working directory gg names in PWD, the workspace (wasi-libc starts at `/`).
        if let Some(pwd) = std::env::var_os("PWD") {
            let _ = std::env::set_current_dir(pwd);
        }
        // SAFETY: the program's binary defines the entry; it runs once per instance.
        let status = unsafe { __main_void() };
        output::flush_stdout();
        if status == 0 {
            return;
        }
        // std wrote `Error: {err:?}` for an `Err` from main; anything else is an ExitCode.
        match output::main_error_text() {
            Some(text) => {
                let code = failure_shown_in(&text);
                report(format!("main returned Err: {text}"), code, None);
            }
            None => std::process::exit(status),
        }
    }

    fn bound_operations() -> Vec<String> {
        OPERATIONS.iter().map(|op| (*op).to_owned()).collect()
    }
}
