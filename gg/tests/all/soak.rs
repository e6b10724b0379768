//! The soak: 64 sessions at once in one process, as `gg serve` runs them (one runtime, one engine,
//! a `Session` and a workspace each), on mixed arms (javascript, python, the fixture) running mixed
//! hostile programs (`tests/soak/`: loops, memory bombs, traps, stack overflows, big output, and a
//! program that leaves the session's own marker). Checked: every outcome is the class its program's
//! `expect:` line names; no session sees another's marker in its outcomes, views, library or
//! workspace. Printed: resident memory over time, programs per second, the classes counted.
//!
//! `a_short_soak_*` runs in CI (each session a few programs); `the_long_soak` runs for minutes
//! (`GG_SOAK_SECS`, default 180) and its figures go to BENCHMARKS.md.

#[cfg(not(feature = "arm-fixture"))]
#[test]
fn the_soak_needs_the_fixture_arm() {
    panic!("the soak mixes in the fixture arm: run `cargo test -p gg --features arm-fixture --test all soak::`");
}

#[cfg(feature = "arm-fixture")]
mod with_fixture {
    use std::collections::BTreeMap;
    use std::path::Path;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::time::{Duration, Instant};

    use gg::tools::WorkspaceTools;
    use gg_core::{CompileCache, Limits, Registry, RunBudget, RunOptions, Session, Status};

    const SESSIONS: usize = 64;
    const ARMS: [(&str, &str); 3] = [("javascript", "js"), ("python", "py"), ("fixture", "ggfix")];
    /// The programs every arm has, in the order a session starts at (offset by its index).
    const PROGRAMS: [&str; 6] = [
        "marked",
        "loop",
        "memory-bomb",
        "stack-overflow",
        "big-output",
        "marked",
    ];

    /// One program of `tests/soak/`: its text and the class it must end in.
    struct Program {
        name: String,
        source: String,
        /// The status's name as the outcome's JSON spells it (`out_of_memory`).
        expect: String,
        /// Its execution time limit: a `timeout-secs:` line, else [`GENEROUS`]. 64 sessions share
        /// two cores, so a program that completes in 0.1 s alone takes seconds of guest time here;
        /// only the programs meant to time out get a short limit.
        timeout: Duration,
    }

    /// The time limit of a program that is not meant to run out of it.
    const GENEROUS: Duration = Duration::from_secs(60);

    fn program(name: &str, ext: &str) -> Program {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/soak")
            .join(format!("{name}.{ext}"));
        let source = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let expect = source
            .lines()
            .find_map(|l| l.split_once("expect: ").map(|(_, s)| s.trim().to_owned()))
            .unwrap_or_else(|| panic!("{} has no `expect:` line", path.display()));
        let timeout = source
            .lines()
            .find_map(|l| {
                l.split_once("timeout-secs: ")
                    .map(|(_, s)| s.trim().parse::<f64>().unwrap())
            })
            .map_or(GENEROUS, Duration::from_secs_f64);
        Program {
            name: format!("{name}.{ext}"),
            source,
            expect,
            timeout,
        }
    }

    fn arm_programs(ext: &str) -> Vec<Program> {
        let mut names: Vec<&str> = PROGRAMS.to_vec();
        if ext == "ggfix" {
            names.push("trap");
        }
        names.into_iter().map(|n| program(n, ext)).collect()
    }

    fn status_name(status: Status) -> String {
        serde_json::to_value(status).unwrap().as_str().unwrap().to_owned()
    }

    fn rss_kib() -> u64 {
        let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap_or(0)
    }

    fn options(timeout: Duration) -> RunOptions {
        RunOptions {
            limits: Limits {
                timeout,
                max_memory_bytes: 128 << 20,
            },
            budget: RunBudget::lasting(Duration::from_secs(120)),
            cache: CompileCache::from_env(),
            ..RunOptions::default()
        }
    }

    /// What one session did.
    struct SessionReport {
        marker: String,
        classes: BTreeMap<String, u64>,
        mismatches: Vec<String>,
        leaks: Vec<String>,
        programs: u64,
    }

    /// Runs the soak: `rounds` programs per session, or until `until`; returns the sessions'
    /// reports, the samples (seconds, RSS KiB, programs completed) and the wall time.
    fn soak(rounds: usize, until: Option<Duration>) -> (Vec<SessionReport>, Vec<(f64, u64, u64)>, Duration) {
        let _ = &gg::arms::KNOWN_ARMS; // the arms' registrations are linked through gg
        let registry = Registry::global().unwrap();
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        let done = Arc::new(AtomicU64::new(0));
        let start = Instant::now();
        let (reports, samples) = runtime.block_on(async {
            // The arms' guests compile (or load) once, before the clock's figures mean anything.
            for (arm, _) in ARMS {
                let arm = registry.get(arm).unwrap();
                let _ = gg_core::guest::warm_up(&arm, &CompileCache::from_env());
            }
            let sampler_done = Arc::clone(&done);
            let sampler = tokio::spawn(async move {
                let mut samples = Vec::new();
                loop {
                    samples.push((
                        start.elapsed().as_secs_f64(),
                        rss_kib(),
                        sampler_done.load(Ordering::Relaxed),
                    ));
                    tokio::time::sleep(Duration::from_secs(1)).await;
                    if sampler_done.load(Ordering::Relaxed) == u64::MAX {
                        return samples;
                    }
                }
            });
            let mut tasks = Vec::new();
            for i in 0..SESSIONS {
                let (arm_id, ext) = ARMS[i % ARMS.len()];
                let arm = registry.get(arm_id).unwrap();
                let done = Arc::clone(&done);
                tasks.push(tokio::spawn(async move {
                    let marker = format!("marker-of-session-{i:02}");
                    let ws = tempfile::tempdir().unwrap();
                    let tools = Arc::new(WorkspaceTools::open(ws.path().join("ws"), ws.path().join("state")).unwrap());
                    let mut session = Session::new(arm, tools);
                    let programs = arm_programs(ext);
                    let mut report = SessionReport {
                        marker: marker.clone(),
                        classes: BTreeMap::new(),
                        mismatches: Vec::new(),
                        leaks: Vec::new(),
                        programs: 0,
                    };
                    let mut n = 0;
                    loop {
                        let stop = match until {
                            Some(d) => start.elapsed() >= d,
                            None => n >= rounds,
                        };
                        if stop {
                            break;
                        }
                        let p = &programs[(i + n) % programs.len()];
                        n += 1;
                        let source = p.source.replace("MARKER", &marker);
                        let outcome = session.run(&source, &options(p.timeout)).await;
                        let class = status_name(outcome.status);
                        *report.classes.entry(class.clone()).or_default() += 1;
                        if class != p.expect {
                            report.mismatches.push(format!(
                                "session {i} {}: expected {}, got {class} ({:?})",
                                p.name, p.expect, outcome.error
                            ));
                        }
                        let text = serde_json::to_string(&outcome).unwrap();
                        if foreign_marker(&text, &marker) {
                            report.leaks.push(format!(
                                "session {i} {}: another session's marker in its outcome",
                                p.name
                            ));
                        }
                        report.programs += 1;
                        done.fetch_add(1, Ordering::Relaxed);
                    }
                    // What the session keeps: its views, its library, its workspace.
                    let state = session.state();
                    for view in &state.views {
                        let seen = format!("{view:?}");
                        if foreign_marker(&seen, &marker) {
                            report
                                .leaks
                                .push(format!("session {i}: another session's marker in its views"));
                        }
                    }
                    let library = format!("{:?}", state.library);
                    if foreign_marker(&library, &marker) {
                        report
                            .leaks
                            .push(format!("session {i}: another session's marker in its library"));
                    }
                    if report.classes.contains_key("completed") {
                        match std::fs::read_to_string(ws.path().join("ws/marker.txt")) {
                            Ok(m) if m == marker => {}
                            other => report.leaks.push(format!("session {i}: marker.txt is {other:?}")),
                        }
                    }
                    report
                }));
            }
            let mut reports = Vec::new();
            for t in tasks {
                reports.push(t.await.unwrap());
            }
            done.store(u64::MAX, Ordering::Relaxed);
            (reports, sampler.await.unwrap())
        });
        (reports, samples, start.elapsed())
    }

    /// Whether `text` names a session marker other than `mine`.
    fn foreign_marker(text: &str, mine: &str) -> bool {
        text.match_indices("marker-of-session-")
            .any(|(at, _)| !text[at..].starts_with(mine))
    }

    /// Prints the figures and checks the outcomes; returns (programs, wall seconds).
    fn check_and_print(reports: &[SessionReport], samples: &[(f64, u64, u64)], wall: Duration) -> u64 {
        let mut classes: BTreeMap<&str, u64> = BTreeMap::new();
        let mut programs = 0;
        for r in reports {
            programs += r.programs;
            for (class, n) in &r.classes {
                *classes.entry(class).or_default() += n;
            }
        }
        println!(
            "soak: {SESSIONS} sessions, {programs} programs in {:.1} s: {:.1} programs/s",
            wall.as_secs_f64(),
            programs as f64 / wall.as_secs_f64()
        );
        println!("classes: {classes:?}");
        println!("RSS over time (s, MiB, programs done):");
        let step = (samples.len() / 20).max(1);
        for (t, rss, n) in samples.iter().step_by(step) {
            let n = if *n == u64::MAX { programs } else { *n };
            println!("  {t:6.1} s  {:7.1} MiB  {n:6}", *rss as f64 / 1024.0);
        }
        let mismatches: Vec<&String> = reports.iter().flat_map(|r| &r.mismatches).collect();
        let leaks: Vec<&String> = reports.iter().flat_map(|r| &r.leaks).collect();
        assert!(leaks.is_empty(), "cross-talk between sessions:\n{leaks:#?}");
        assert!(
            mismatches.is_empty(),
            "outcomes not of their expected class:\n{mismatches:#?}"
        );
        assert!(!classes.contains_key("internal_error"));
        assert!(reports.iter().all(|r| r.marker.starts_with("marker-of-session-")));
        programs
    }

    #[test]
    fn a_short_soak_keeps_64_sessions_apart_and_classifies_every_outcome() {
        let (reports, samples, wall) = soak(PROGRAMS.len() + 1, None);
        let programs = check_and_print(&reports, &samples, wall);
        assert_eq!(programs, (SESSIONS * (PROGRAMS.len() + 1)) as u64);
    }

    #[test]
    #[ignore = "minutes long: cargo test -p gg --release --features arm-fixture --test all soak:: -- --ignored --nocapture (GG_SOAK_SECS)"]
    fn the_long_soak() {
        let secs: u64 = std::env::var("GG_SOAK_SECS")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(180);
        let (reports, samples, wall) = soak(usize::MAX, Some(Duration::from_secs(secs)));
        let programs = check_and_print(&reports, &samples, wall);
        // Resident memory per completed program over the second half (warm): a leak of one guest's
        // memory per program would be megabytes a program.
        let half: Vec<&(f64, u64, u64)> = samples
            .iter()
            .filter(|(_, _, n)| *n != u64::MAX && *n >= programs / 2)
            .collect();
        if let (Some(first), Some(last)) = (half.first(), half.last()) {
            let per_program = (last.1 as f64 - first.1 as f64) / (last.2.saturating_sub(first.2).max(1)) as f64;
            println!(
                "RSS growth over the second half: {:.1} KiB per program ({} → {} MiB over {} programs)",
                per_program,
                first.1 / 1024,
                last.1 / 1024,
                last.2 - first.2
            );
        }
    }
}
