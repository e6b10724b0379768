//! How a program ended, decided by type and by the store's own records (never by message text):
//! the deadline, an exit, the limiter's denial, a stack overflow (of the wasm call stack, or of a
//! module's shadow stack in linear memory, read from its stack pointer global), any other trap
//! (its frames read through the arm's location map, frames the model did not write struck with a
//! count), or gg's own fault.

use wasmtime::{AsContextMut, Trap, Val, WasmCoreDump};

use crate::engine::limits::{Denial, MAX_WASM_STACK, human_bytes};
use crate::program::core_host::StackExhausted;
use crate::program::language::{LocationMap, SourceLocation};
use crate::program::membrane::code_name;
use crate::program::store::GuestExit;
use crate::turn::outcome::{ErrorClass, LimitsReport, OutcomeError, Status};
use crate::wire::{ErrorKind, ProgramError};

/// Frames of the program's own shown in a trap's message.
pub const MAX_PROGRAM_FRAMES: usize = 10;

/// What the store recorded about how the guest ended, beside the error itself.
pub(crate) struct Ending<'a> {
    pub timed_out: bool,
    /// The memory the limiter denied, if it denied any.
    pub denied: Option<Denial>,
    pub exit: Option<GuestExit>,
    pub reported: Option<OutcomeError>,
    pub guest_stops_itself: bool,
    pub locations: Option<&'a dyn LocationMap>,
    /// The shadow stack of the module that trapped, read from the store after the trap.
    pub stack: Option<ShadowStack>,
}

/// A core module's stack in its own linear memory (the stack compilers keep there for locals whose
/// address is taken, arrays, large values), as the store holds it after a trap: the module's
/// `__stack_pointer` global and the region `[__stack_low, __stack_high)` its linker laid out, all
/// three exported by the module (an arm links them as exports; a module that does not is never
/// read). The stack grows down: below `low` (or wrapped past zero, so above `high`) it ran out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ShadowStack {
    pub pointer: u32,
    pub low: u32,
    pub high: u32,
}

impl ShadowStack {
    pub fn overflowed(&self) -> bool {
        self.pointer < self.low || self.pointer > self.high
    }

    pub fn size(&self) -> u64 {
        u64::from(self.high.saturating_sub(self.low))
    }
}

/// The shadow stack of the first instance in the trap's store that exports one, if `err` is a
/// trap carrying the store's instances (wasmtime's core dump, `coredump_on_trap`).
pub(crate) fn shadow_stack(mut store: impl AsContextMut, err: &wasmtime::Error) -> Option<ShadowStack> {
    let dump = err.downcast_ref::<WasmCoreDump>()?;
    let mut store = store.as_context_mut();
    dump.instances().iter().find_map(|instance| {
        let mut read = |name: &str| match instance.get_global(&mut store, name)?.get(&mut store) {
            Val::I32(v) => Some(v as u32),
            _ => None,
        };
        Some(ShadowStack {
            pointer: read("__stack_pointer")?,
            low: read("__stack_low")?,
            high: read("__stack_high")?,
        })
    })
}

/// How a trapped or stopped guest ended, by the error's type and the store's own records.
pub(crate) fn classify(
    err: &wasmtime::Error,
    ending: Ending<'_>,
    limits: &LimitsReport,
) -> (Status, Option<OutcomeError>, Option<i32>) {
    let Ending {
        timed_out,
        denied,
        exit,
        reported,
        guest_stops_itself,
        locations,
        stack,
    } = ending;
    let trap = err.downcast_ref::<Trap>().copied();
    let exit = exit.or_else(|| err.downcast_ref::<GuestExit>().copied()).or_else(|| {
        err.downcast_ref::<wasmtime_wasi::I32Exit>()
            .map(|e| GuestExit::Process(e.0))
    });
    if timed_out || trap == Some(Trap::Interrupt) {
        let mut message = format!(
            "the program ran past its execution time limit of {} s and was stopped \
             (time parked in tool calls is not counted)",
            limits.timeout_secs
        );
        if let Some(words) = reported.as_ref().filter(|_| guest_stops_itself) {
            message = format!("{}\n{message}", words.message);
        }
        let mut e = error(ErrorClass::Timeout, message);
        e.location = reported.and_then(|r| r.location);
        return (Status::Timeout, Some(e), None);
    }
    if let Some(exit) = exit {
        match exit {
            // A failure the guest reported before a clean exit (a runtime that reports an
            // uncaught error and then exits 0) is the program's error, not a clean stop.
            GuestExit::Status { success: true } | GuestExit::Code(0) | GuestExit::Process(0) => {
                return match reported {
                    Some(r) => (Status::ProgramError, Some(r), None),
                    None => (Status::Exited, None, Some(0)),
                };
            }
            _ if denied.is_some() => {}
            GuestExit::Status { success: false } => {
                let e = error(
                    ErrorClass::Exit,
                    "the program stopped itself with a non-zero exit status (the status number does not reach gg)"
                        .into(),
                );
                return (Status::Exited, Some(with_report(e, reported)), None);
            }
            GuestExit::Code(n) => {
                let e = error(
                    ErrorClass::Exit,
                    format!("the program's entry point returned status {n}"),
                );
                return (Status::Exited, Some(with_report(e, reported)), Some(i32::from(n)));
            }
            GuestExit::Process(n) => {
                let e = error(ErrorClass::Exit, format!("the program exited with status {n}"));
                return (Status::Exited, Some(with_report(e, reported)), Some(n));
            }
        }
    }
    if let Some(denial) = denied {
        return (Status::OutOfMemory, Some(oom(limits, denial, reported)), None);
    }
    if let Some(exhausted) = err.downcast_ref::<StackExhausted>() {
        let e = error(
            ErrorClass::StackOverflow,
            format!(
                "the program exhausted the stack: {} (a recursion without a base case, or data nested too deeply?)",
                exhausted.stack
            ),
        );
        return (Status::StackOverflow, Some(with_report(e, reported)), None);
    }
    match trap {
        Some(Trap::StackOverflow) => {
            let e = error(
                ErrorClass::StackOverflow,
                format!(
                    "the program exhausted the {} wasm call stack (a recursion without a base case?)",
                    human_bytes(MAX_WASM_STACK as u64)
                ),
            );
            (Status::StackOverflow, Some(with_report(e, reported)), None)
        }
        // An access out of bounds with the module's stack pointer outside its stack's region: the
        // stack in linear memory ran out (with the stack laid out first, the pointer wrapped past
        // zero) before the wasm call stack did. The frames locate where it ran out.
        Some(Trap::MemoryOutOfBounds) if stack.is_some_and(|s| s.overflowed()) => {
            let size = stack.map_or(0, |s| s.size());
            let mut e = error(
                ErrorClass::StackOverflow,
                format!(
                    "the program overflowed its stack: the {} stack it keeps in linear memory (for \
                     its functions' local variables) ran out, so a recursion went too deep or its \
                     frames hold too much (a large local array?)",
                    human_bytes(size)
                ),
            );
            e.location = trap_frames(err, locations).1;
            (Status::StackOverflow, Some(with_report(e, reported)), None)
        }
        // A runtime that reports the program's failure and then aborts (Rust's panic = abort, a
        // C++ terminate): the failure is the program's, as reported; the abort is how it stopped.
        Some(Trap::UnreachableCodeReached) if reported.is_some() => {
            let mut e = reported.expect("matched");
            e.message = format!("{}\n(the program aborted after reporting this)", e.message);
            // A report that says where (a panic's location) stands; one that cannot (an abort,
            // a failed assertion) is located by the program's own frames, where there are any.
            if e.location.is_none()
                && let (frames, Some(location)) = trap_frames(err, locations)
            {
                e.message = format!("{}\n{}", e.message, frames.join("\n"));
                e.location = Some(location);
            }
            (Status::ProgramError, Some(e), None)
        }
        Some(trap) => {
            let mut message = format!("the program trapped: {trap}");
            let (frames, location) = trap_frames(err, locations);
            if !frames.is_empty() {
                message = format!("{message}\n{}", frames.join("\n"));
            }
            let mut e = error(ErrorClass::Trap, message);
            e.location = location;
            let e = match reported {
                // What the guest said before it trapped locates it better than a frame does.
                Some(r) => with_report(e, Some(r)),
                None => e,
            };
            (Status::Trap, Some(e), None)
        }
        None => (
            Status::InternalError,
            Some(error(
                ErrorClass::Internal,
                format!("gg failed while running the program: {err:#}"),
            )),
            None,
        ),
    }
}

/// The out-of-memory failure, naming the ceiling that denied the growth: the configured limit, or
/// the lower one the arm's guest can address ([`crate::CoreModuleHost::memory_ceiling`]); the
/// guest's own words follow.
pub(crate) fn oom(limits: &LimitsReport, denial: Denial, reported: Option<OutcomeError>) -> OutcomeError {
    let reached = if denial.limit < limits.max_memory_bytes {
        format!(
            "the most memory this language's guest can address, {} (below max_memory_bytes = {})",
            human_bytes(denial.limit),
            limits.max_memory_bytes
        )
    } else {
        format!(
            "its memory limit of {} (max_memory_bytes = {})",
            human_bytes(limits.max_memory_bytes),
            limits.max_memory_bytes
        )
    };
    let e = error(
        ErrorClass::OutOfMemory,
        format!(
            "the program reached {reached}: growing linear memory to {} bytes was denied",
            denial.requested
        ),
    );
    with_report(e, reported)
}

/// A classified failure, with what the guest reported before it (words and location) kept.
pub(crate) fn with_report(mut e: OutcomeError, reported: Option<OutcomeError>) -> OutcomeError {
    if let Some(r) = reported {
        e.message = format!("{}\nthe program reported: {}", e.message, r.message);
        e.location = r.location;
    }
    e
}

pub(crate) fn program_error(
    r: ProgramError,
    map: &impl Fn(Option<SourceLocation>) -> Option<SourceLocation>,
) -> OutcomeError {
    OutcomeError {
        kind: match r.kind {
            ErrorKind::ApiFailure => ErrorClass::ApiFailure,
            ErrorKind::UnknownName => ErrorClass::UnknownName,
            ErrorKind::Other => ErrorClass::Other,
        },
        code: r.code.map(code_name),
        message: r.message,
        location: map(r.location.map(|l| SourceLocation {
            file: l.file,
            line: l.line,
            column: l.column,
        })),
    }
}

pub(crate) fn error(kind: ErrorClass, message: String) -> OutcomeError {
    OutcomeError {
        kind,
        code: None,
        message,
        location: None,
    }
}

/// A trap's frames as a model reads them. Where the arm has a location map, a frame whose DWARF
/// location it claims is the program's own, rewritten into the model's file; every other frame
/// (the standard library, the SDK) is struck and counted. Without a map, or when no frame is
/// claimed, the top frames are shown by (demangled) name. Also returns the innermost program
/// frame's location.
fn trap_frames(err: &wasmtime::Error, map: Option<&dyn LocationMap>) -> (Vec<String>, Option<SourceLocation>) {
    let Some(bt) = err.downcast_ref::<wasmtime::WasmBacktrace>() else {
        return (Vec::new(), None);
    };
    let mut own = Vec::new();
    let mut first = None;
    let mut struck = 0usize;
    let mut named = Vec::new();
    for frame in bt.frames() {
        let fallback = frame.func_name().map(|n| format!("{:#}", rustc_demangle::demangle(n)));
        if frame.symbols().is_empty() {
            if let Some(name) = &fallback {
                named.push(format!("  at {name}"));
            }
            struck += 1;
            continue;
        }
        for symbol in frame.symbols() {
            let name = symbol
                .name()
                .map(|n| format!("{:#}", rustc_demangle::demangle(n)))
                .or(fallback.clone())
                .unwrap_or_else(|| "<unnamed>".to_owned());
            let at = symbol.file().zip(symbol.line()).map(|(file, line)| SourceLocation {
                file: file.to_owned(),
                line,
                column: symbol.column().unwrap_or(0),
            });
            named.push(match &at {
                Some(l) => format!("  at {name} ({}:{})", l.file, l.line),
                None => format!("  at {name}"),
            });
            match (map, at.and_then(|l| map.and_then(|m| m.map(&l)))) {
                (Some(_), Some(loc)) => {
                    if own.len() < MAX_PROGRAM_FRAMES {
                        own.push(format!("  at {name} ({}:{}:{})", loc.file, loc.line, loc.column));
                    }
                    first.get_or_insert(loc);
                }
                _ => struck += 1,
            }
        }
    }
    if own.is_empty() {
        if map.is_some() {
            // The arm knows which frames are the program's and none of these is: naming the
            // runtime's frames would only bury the fault.
            return (vec![format!("  … {struck} frames outside the program struck")], None);
        }
        named.truncate(MAX_PROGRAM_FRAMES);
        return (named, None);
    }
    if struck > 0 {
        own.push(format!("  … {struck} frames outside the program struck"));
    }
    (own, first)
}

#[cfg(test)]
mod tests {
    //! `classify` on errors built the way the host builds them. The fixture guest reaches every
    //! branch but `exit-with-code`, which no Rust std exposes; that one is shown here.
    use super::*;

    fn limits() -> LimitsReport {
        LimitsReport {
            timeout_secs: 2.0,
            max_memory_bytes: 1 << 20,
        }
    }

    fn exit_err(exit: GuestExit) -> wasmtime::Error {
        wasmtime::Error::new(exit)
    }

    fn denial(requested: u64) -> Denial {
        Denial {
            requested,
            limit: limits().max_memory_bytes,
        }
    }

    fn ending(timed_out: bool, denied: Option<Denial>, exit: Option<GuestExit>) -> Ending<'static> {
        Ending {
            timed_out,
            denied,
            exit,
            reported: None,
            guest_stops_itself: false,
            locations: None,
            stack: None,
        }
    }

    #[test]
    fn an_entry_points_status_keeps_its_number_and_a_plain_failure_has_none() {
        let code7 = GuestExit::Code(7);
        let (status, err, code) = classify(&exit_err(code7), ending(false, None, Some(code7)), &limits());
        assert_eq!((status, code), (Status::Exited, Some(7)));
        assert_eq!(err.unwrap().message, "the program's entry point returned status 7");
        let failure = GuestExit::Status { success: false };
        let (status, _, code) = classify(&exit_err(failure), ending(false, None, Some(failure)), &limits());
        assert_eq!((status, code), (Status::Exited, None));
        let (status, err, code) = classify(&exit_err(GuestExit::Code(0)), ending(false, None, None), &limits());
        assert_eq!((status, err, code), (Status::Exited, None, Some(0)));
    }

    #[test]
    fn a_core_modules_proc_exit_keeps_its_number() {
        let err = wasmtime::Error::new(wasmtime_wasi::I32Exit(3));
        let (status, err, code) = classify(&err, ending(false, None, None), &limits());
        assert_eq!((status, code), (Status::Exited, Some(3)));
        assert_eq!(err.unwrap().message, "the program exited with status 3");
        let zero = wasmtime::Error::new(wasmtime_wasi::I32Exit(0));
        assert_eq!(
            classify(&zero, ending(false, None, None), &limits()),
            (Status::Exited, None, Some(0))
        );
    }

    #[test]
    fn the_deadline_wins_over_everything_and_the_limiter_over_a_failing_exit() {
        let (status, ..) = classify(
            &Trap::Interrupt.into(),
            ending(false, Some(denial(10)), None),
            &limits(),
        );
        assert_eq!(status, Status::Timeout);
        let failure = GuestExit::Status { success: false };
        let (status, err, _) = classify(
            &exit_err(failure),
            ending(false, Some(denial(4 << 20)), Some(failure)),
            &limits(),
        );
        assert_eq!(status, Status::OutOfMemory);
        assert!(
            err.unwrap()
                .message
                .contains("memory limit of 1 MiB (max_memory_bytes = 1048576)")
        );
    }

    #[test]
    fn a_guest_that_stops_itself_has_its_words_in_front_of_ggs() {
        let words = OutcomeError {
            kind: ErrorClass::Other,
            code: None,
            message: "InternalError: interrupted\n    at spin (program.js:3:5)".into(),
            location: Some(SourceLocation {
                file: "program.js".into(),
                line: 3,
                column: 5,
            }),
        };
        let mut e = ending(true, None, None);
        e.reported = Some(words);
        e.guest_stops_itself = true;
        let (status, err, _) = classify(&Trap::UnreachableCodeReached.into(), e, &limits());
        let err = err.unwrap();
        assert_eq!(status, Status::Timeout);
        assert!(
            err.message
                .starts_with("InternalError: interrupted\n    at spin (program.js:3:5)\nthe program ran past")
        );
        assert_eq!(err.location.unwrap().line, 3);
    }

    #[test]
    fn an_abort_after_the_guests_own_report_is_the_programs_error() {
        let mut e = ending(false, None, None);
        e.reported = Some(OutcomeError {
            kind: ErrorClass::Other,
            code: None,
            message: "panicked: the value was there".into(),
            location: Some(SourceLocation {
                file: "program.rs".into(),
                line: 6,
                column: 22,
            }),
        });
        let (status, err, _) = classify(&Trap::UnreachableCodeReached.into(), e, &limits());
        let err = err.unwrap();
        assert_eq!(status, Status::ProgramError);
        assert!(err.message.starts_with("panicked: the value was there"));
        assert_eq!(err.location.unwrap().line, 6);
        // Without a report, the same trap is a trap.
        let (status, ..) = classify(
            &Trap::UnreachableCodeReached.into(),
            ending(false, None, None),
            &limits(),
        );
        assert_eq!(status, Status::Trap);
    }

    #[test]
    fn an_out_of_bounds_access_is_a_stack_overflow_only_when_the_stack_pointer_left_its_region() {
        let region = |pointer| ShadowStack {
            pointer,
            low: 16,
            high: 16 + (1 << 20),
        };
        // Laid out first, the stack wraps past zero; laid out after the data, it runs below.
        for (pointer, overflowed) in [(0xffff_f000, true), (8, true), (4096, false), (16 + (1 << 20), false)] {
            let mut e = ending(false, None, None);
            e.stack = Some(region(pointer));
            let (status, err, _) = classify(&Trap::MemoryOutOfBounds.into(), e, &limits());
            if overflowed {
                assert_eq!(status, Status::StackOverflow);
                let err = err.unwrap();
                assert_eq!(err.kind, ErrorClass::StackOverflow);
                assert!(
                    err.message.contains("the 1 MiB stack it keeps in linear memory"),
                    "{}",
                    err.message
                );
            } else {
                assert_eq!(status, Status::Trap, "pointer {pointer:#x}");
            }
        }
        // Another trap with the pointer out of its region is still that trap.
        let mut e = ending(false, None, None);
        e.stack = Some(region(0xffff_f000));
        let (status, ..) = classify(&Trap::IntegerDivisionByZero.into(), e, &limits());
        assert_eq!(status, Status::Trap);
    }

    #[test]
    fn a_host_error_that_is_not_a_trap_is_ggs_own_fault() {
        let (status, err, _) = classify(
            &wasmtime::Error::msg("linker mismatch"),
            ending(false, None, None),
            &limits(),
        );
        assert_eq!(status, Status::InternalError);
        assert_eq!(err.unwrap().kind, ErrorClass::Internal);
    }
}
