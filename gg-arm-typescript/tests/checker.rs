//! The warm checker against the cold one, for real: every TypeScript fixture program (the arm's
//! `fixtures/typescript/` and the checker's `fixtures/checker/`) checked both ways gives the same
//! diagnostics, in order after order, with the code module `lib/notes.ts` in scope for every other
//! program (so the warm checker's workspace gains and loses it); a check past its deadline or
//! cancelled is reported as the cold path reports it, and the next check finds a checker again;
//! programs checked at once from many threads each get their own answer.

use std::sync::Mutex;
use std::time::Instant;

use gg_arm_typescript::typescript::checker::{self, TsDiagnostic};
use gg_arm_typescript::typescript::declarations;
use gg_core::toolchain::Cancel;
use gg_core::wire::CodeModule;
use gg_core::{CompileCache, PrepareCx, PrepareError, ProgramLanguage, ToolchainStatus};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures");

/// The tests share the process's checkers; one at a time, so each knows what the pool holds.
static SERIAL: Mutex<()> = Mutex::new(());

fn require_tsc() {
    if let ToolchainStatus::Missing { install } = gg_arm_typescript::typescript::TypeScript.toolchain() {
        panic!("the TypeScript compiler is not installed: run `{install}`");
    }
}

/// Every fixture program, by name.
fn programs() -> Vec<(String, String)> {
    let mut all = Vec::new();
    for sub in ["typescript", "checker"] {
        let dir = format!("{DIR}/{sub}");
        for name in gg_core::testing::fixture_names(&dir, "ts") {
            let source = std::fs::read_to_string(format!("{dir}/{name}.ts")).unwrap();
            all.push((format!("{sub}/{name}"), source));
        }
    }
    assert!(all.len() >= 20, "fixtures went missing: {}", all.len());
    all
}

fn notes() -> CodeModule {
    CodeModule {
        key: "notes".into(),
        source: std::fs::read_to_string(format!("{DIR}/checker/lib/notes.ts")).unwrap(),
    }
}

type Checked = Result<(Vec<TsDiagnostic>, Option<String>), PrepareError>;

fn cold(source: &str, modules: &[CodeModule]) -> Checked {
    checker::run_cold(&PrepareCx::for_tests(), source, modules, declarations())
}

fn warm(source: &str, modules: &[CodeModule]) -> Checked {
    checker::run_warm(&PrepareCx::for_tests(), source, modules, declarations())
        .unwrap_or_else(|| panic!("no warm checker answered: {:?}", checker::warm_failure()))
}

/// What the model would read of a check: each diagnostic as tsc printed it.
fn shown(checked: &Checked) -> String {
    match checked {
        Ok((ds, unnamed)) => {
            let mut out: String = ds
                .iter()
                .map(|d| {
                    format!(
                        "{}({},{}): TS{}: {}\n",
                        d.file.as_deref().unwrap_or("-"),
                        d.line,
                        d.column,
                        d.code,
                        d.message
                    )
                })
                .collect();
            if let Some(text) = unnamed {
                out.push_str(&format!("unnamed output: {text}\n"));
            }
            if out.is_empty() {
                out.push_str("clean\n");
            }
            out
        }
        Err(e) => format!("{e:?}\n"),
    }
}

#[test]
fn warm_and_cold_checks_agree_on_every_fixture_in_any_order() {
    let _one = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
    require_tsc();
    let programs = programs();
    let notes = [notes()];
    for pass in 0..2 {
        // Forward with the module for even programs, then backward with it for odd ones.
        let order: Vec<usize> = if pass == 0 {
            (0..programs.len()).collect()
        } else {
            (0..programs.len()).rev().collect()
        };
        for i in order {
            let (name, source) = &programs[i];
            let modules: &[CodeModule] = if (i + pass) % 2 == 0 { &notes } else { &[] };
            let (c, w) = (cold(source, modules), warm(source, modules));
            assert_eq!(
                shown(&w),
                shown(&c),
                "{name} (with {} module(s)): warm differs from cold",
                modules.len()
            );
            if pass == 0 && name.starts_with("checker/") {
                let scope = if modules.is_empty() {
                    "no code module"
                } else {
                    "lib/notes.ts in scope"
                };
                insta::assert_snapshot!(name.replace('/', "-"), format!("── {scope}\n{}", shown(&w)));
            }
        }
    }
}

#[test]
fn a_warm_check_past_its_deadline_or_cancelled_is_reported_as_the_cold_one_and_the_next_check_is_warm() {
    let _one = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
    require_tsc();
    let source = "const n: number = \"one\";\n";
    let cache = CompileCache::from_env();
    // A checker is idle in the pool, so the late checks below reach one.
    let _ = warm(source, &[]);
    let late = || PrepareCx::new(Instant::now(), Cancel::default(), &cache);
    let cold_late = checker::run_cold(&late(), source, &[], declarations());
    let warm_late = checker::run_warm(&late(), source, &[], declarations())
        .unwrap_or_else(|| panic!("no warm checker: {:?}", checker::warm_failure()));
    assert_eq!(
        warm_late.as_ref().map(|_| ()).unwrap_err(),
        &PrepareError::TimedOut { step: "tsc".into() }
    );
    assert_eq!(warm_late.map(|_| ()), cold_late.map(|_| ()));

    let cancelled = || {
        let cancel = Cancel::default();
        cancel.cancel();
        PrepareCx::new(Instant::now() + PrepareCx::MAX_PREPARE, cancel, &cache)
    };
    let _ = warm(source, &[]);
    let cold_cancelled = checker::run_cold(&cancelled(), source, &[], declarations());
    let warm_cancelled = checker::run_warm(&cancelled(), source, &[], declarations())
        .unwrap_or_else(|| panic!("no warm checker: {:?}", checker::warm_failure()));
    for e in [&cold_cancelled, &warm_cancelled] {
        assert!(
            matches!(e, Err(PrepareError::Toolchain { tool, message }) if tool == "tsc" && message.contains("cancelled")),
            "{e:?}"
        );
    }
    // The killed checkers are replaced: the next check is warm and right.
    assert_eq!(shown(&warm(source, &[])), shown(&cold(source, &[])));
}

#[test]
fn programs_checked_at_once_each_get_their_own_answer() {
    let _one = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
    require_tsc();
    let programs = programs();
    let expected: Vec<String> = programs.iter().map(|(_, s)| shown(&cold(s, &[]))).collect();
    std::thread::scope(|scope| {
        for t in 0..4 {
            let (programs, expected) = (&programs, &expected);
            scope.spawn(move || {
                for (i, (name, source)) in programs.iter().enumerate().skip(t % 2) {
                    // Warm when a checker is free, cold otherwise: the answer is the same.
                    let got = checker::run_warm(&PrepareCx::for_tests(), source, &[], declarations())
                        .unwrap_or_else(|| cold(source, &[]));
                    assert_eq!(shown(&got), expected[i], "{name} on thread {t}");
                }
            });
        }
    });
}
