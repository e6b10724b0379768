//! One program: declared as the module `program.js` from the bytes sent, evaluated, its job queue
//! drained; then every failure the engine raised (a throw, a syntax error, a rejection still
//! unhandled once the queue is empty) rendered in the engine's words and reported once.

use std::mem::MaybeUninit;

use rquickjs::{Ctx, Function, Object, Value, qjs};

use crate::engine::{Engine, REJECTIONS};
use crate::gg::sandbox::feedback::{self, ErrorKind, Location, ProgramError};
use crate::{clock, membrane};

/// One rendered failure.
struct Failure {
    text: String,
    kind: ErrorKind,
    code: Option<crate::gg::sandbox::types::ErrorCode>,
    location: Option<Location>,
}

pub fn run(ctx: &Ctx<'_>, engine: &Engine, source: &str) {
    // The engine's stack ceiling is measured from here, the top of this run's stack.
    // SAFETY: the runtime pointer comes from a live context.
    unsafe { qjs::JS_UpdateStackTop(qjs::JS_GetRuntime(ctx.as_raw().as_ptr())) };
    let mut failures = Vec::new();
    let mut promise = None;
    match crate::engine::declare(ctx, "program.js", source) {
        Ok(module) => match module.eval() {
            Ok((_, p)) => promise = Some(p),
            Err(e) => failures.push(thrown(ctx, engine, e, "")),
        },
        Err(e) => failures.push(thrown(ctx, engine, e, "")),
    }
    if !clock::stopped() {
        drain(ctx, engine, &mut failures);
    }
    if let Some(p) = &promise {
        let value = p.clone().into_value();
        if let Some(Err(e)) = p.result::<Value>() {
            failures.push(thrown(ctx, engine, e, ""));
        }
        // The module's own promise is the evaluation's failure, reported above.
        forget_rejection(ctx, &value);
    }
    if clock::stopped() {
        die(ctx, engine, failures);
    }
    let pending: Vec<_> = REJECTIONS.with(|r| r.borrow_mut().drain(..).collect());
    for (_, reason) in pending {
        if let Ok(reason) = reason.restore(ctx) {
            failures.push(render(ctx, engine, reason, "Uncaught (in promise) "));
        }
    }
    report(failures);
}

/// Runs every queued job; a job that throws (only an uncatchable error does) is a failure.
fn drain(ctx: &Ctx<'_>, engine: &Engine, failures: &mut Vec<Failure>) {
    loop {
        let mut job_ctx = MaybeUninit::<*mut qjs::JSContext>::uninit();
        // SAFETY: the runtime pointer comes from a live context; one context per runtime, so a
        // job's exception is pending on `ctx`.
        let done =
            unsafe { qjs::JS_ExecutePendingJob(qjs::JS_GetRuntime(ctx.as_raw().as_ptr()), job_ctx.as_mut_ptr()) };
        if done < 0 {
            let value = ctx.catch();
            failures.push(render(ctx, engine, value, ""));
            if clock::stopped() {
                return;
            }
        } else if done == 0 {
            return;
        }
    }
}

pub fn forget_rejection<'js>(ctx: &Ctx<'js>, promise: &Value<'js>) {
    REJECTIONS.with(|r| {
        r.borrow_mut()
            .retain(|(p, _)| p.clone().restore(ctx).map(|p| p != *promise).unwrap_or(true))
    });
}

fn thrown(ctx: &Ctx<'_>, engine: &Engine, e: rquickjs::Error, prefix: &str) -> Failure {
    let value = match e {
        rquickjs::Error::Exception => ctx.catch(),
        other => {
            return Failure {
                text: other.to_string(),
                kind: ErrorKind::Other,
                code: None,
                location: None,
            };
        }
    };
    render(ctx, engine, value, prefix)
}

/// The prelude's rendering of a thrown value; if even that fails (out of memory), the plainest
/// words the engine can still give.
fn render<'js>(ctx: &Ctx<'js>, engine: &Engine, value: Value<'js>, prefix: &str) -> Failure {
    let rendered = engine
        .render
        .clone()
        .restore(ctx)
        .and_then(|f: Function| f.call::<_, Object>((value.clone(), prefix)));
    match rendered {
        Ok(o) => {
            // Every string read as UTF-8 with lone surrogates replaced, so a message that holds
            // one keeps its words.
            let string = |key: &str| -> Option<String> {
                o.get::<_, Value>(key)
                    .ok()?
                    .as_string()
                    .map(crate::lowering::well_formed)
            };
            let text = string("text").unwrap_or_else(|| "the program failed".into());
            let kind = string("kind").unwrap_or_default();
            let code = o
                .get::<_, Value>("code")
                .ok()
                .and_then(|c| membrane::lower_error_code(&c));
            let file = string("file");
            let location = file.map(|file| Location {
                file,
                line: o.get("line").unwrap_or(0),
                column: o.get("column").unwrap_or(0),
            });
            let kind = match (kind.as_str(), code) {
                ("api-failure", Some(_)) => ErrorKind::ApiFailure,
                ("unknown-name", _) => ErrorKind::UnknownName,
                _ => ErrorKind::Other,
            };
            let code = if kind == ErrorKind::ApiFailure { code } else { None };
            Failure {
                text,
                kind,
                code,
                location,
            }
        }
        Err(_) => {
            let _ = ctx.catch();
            let text = value
                .as_object()
                .and_then(|o| {
                    let text = |key: &str| -> Option<String> {
                        o.get::<_, Value>(key)
                            .ok()?
                            .as_string()
                            .map(crate::lowering::well_formed)
                    };
                    Some(format!("{prefix}{}: {}", text("name")?, text("message")?))
                })
                .unwrap_or_else(|| format!("{prefix}the program failed with a value the guest could not render"));
            Failure {
                text,
                kind: ErrorKind::Other,
                code: None,
                location: None,
            }
        }
    }
}

/// The engine's words for a thrown value, as a report carries them.
pub fn rendering<'js>(ctx: &Ctx<'js>, value: &Value<'js>) -> String {
    render(ctx, crate::engine::engine(), value.clone(), "").text
}

fn combine(failures: Vec<Failure>) -> Option<ProgramError> {
    let mut seen: Vec<String> = Vec::new();
    let mut first: Option<Failure> = None;
    for f in failures {
        if seen.contains(&f.text) {
            continue;
        }
        seen.push(f.text.clone());
        if first.is_none() {
            first = Some(f);
        }
    }
    let first = first?;
    Some(ProgramError {
        kind: first.kind,
        code: first.code,
        message: seen.join("\n"),
        location: first.location,
    })
}

fn report(failures: Vec<Failure>) {
    if let Some(error) = combine(failures) {
        feedback::report_error(&error);
    }
}

/// The guest stopped a runaway at its deadline: the engine's words go to stderr and to gg, and the
/// instance dies, so gg files the turn as a timeout with those words in front of its own.
fn die(ctx: &Ctx<'_>, engine: &Engine, failures: Vec<Failure>) -> ! {
    // The interrupt is the last failure the engine raised.
    let error = combine(failures.into_iter().last().into_iter().collect()).unwrap_or(ProgramError {
        kind: ErrorKind::Other,
        code: None,
        message: "InternalError: interrupted".into(),
        location: None,
    });
    let _ = (ctx, engine);
    {
        use std::io::Write;
        let mut stderr = std::io::stderr();
        let _ = writeln!(stderr, "{}", error.message);
        let _ = stderr.flush();
    }
    feedback::report_error(&error);
    core::arch::wasm32::unreachable()
}
