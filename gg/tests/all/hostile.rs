//! Hostile programs on real guests, through the `gg` binary: tools that would block or buffer,
//! WASI parks, capture floods and a tampered compile cache. Each ends as a classified outcome and
//! gg exits (a run that does not exit within [`EXIT_GUARD`] fails the test).

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

/// How long a run may take before the test calls gg hung: far past any budget given here.
const EXIT_GUARD: Duration = Duration::from_secs(300);

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hostile").join(name)
}

/// Runs gg with `args` and `envs`; panics if it does not exit. Returns its outcomes (one JSON
/// object a line), its exit status and its stderr.
fn gg(args: &[&str], envs: &[(&str, &Path)]) -> (Vec<Value>, Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gg"))
        .args(args)
        .envs(envs.iter().copied())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gg starts");
    let (mut stdout, mut stderr) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let out = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stdout.read_to_string(&mut text);
        text
    });
    let err = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
        text
    });
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > EXIT_GUARD {
            let _ = child.kill();
            panic!("gg {args:?} did not exit");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let (out, err) = (out.join().unwrap(), err.join().unwrap());
    let outcomes = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    (outcomes, status.code(), err)
}

/// Runs one fixture with `--json` and the given options; `None` (with the reason printed) when
/// the arm's toolchain is missing here.
fn run(name: &str, options: &[&str]) -> Option<Value> {
    let file = fixture(name);
    let mut args = vec!["run", file.to_str().unwrap(), "--json"];
    args.extend_from_slice(options);
    let (mut outcomes, code, stderr) = gg(&args, &[]);
    assert_eq!(outcomes.len(), 1, "{stderr}");
    let outcome = outcomes.remove(0);
    if outcome["status"] == "toolchain_error" {
        eprintln!(
            "skipped {name}: its toolchain is missing here: {}",
            outcome["error"]["message"]
        );
        return None;
    }
    assert!(matches!(code, Some(0 | 1)), "exit {code:?}: {stderr}");
    Some(outcome)
}

/// What a model reads of an outcome, in short: status, error, logs, calls.
fn report(o: &Value) -> String {
    let mut out = format!("status: {}\n", o["status"].as_str().unwrap());
    if let Some(e) = o["error"].as_object() {
        let first = e["message"].as_str().unwrap().lines().next().unwrap_or_default();
        out.push_str(&format!("error: {}: {first}\n", e["kind"].as_str().unwrap()));
    }
    out.push_str("logs:\n");
    for line in o["logs"].as_array().unwrap() {
        out.push_str(&format!("  {}\n", line.as_str().unwrap()));
    }
    out.push_str("calls:\n");
    for call in o["calls"].as_array().unwrap() {
        match call["error"].as_object() {
            None => out.push_str(&format!("  {} ok\n", call["operation"].as_str().unwrap())),
            Some(e) => out.push_str(&format!(
                "  {} {}\n",
                call["operation"].as_str().unwrap(),
                e["code"].as_str().unwrap()
            )),
        }
    }
    out
}

#[test]
fn a_fifo_made_with_the_shell_is_refused_by_every_tool_at_once() {
    let Some(o) = run("tool-fifo.py", &[]) else { return };
    insta::assert_snapshot!(report(&o));
}

#[test]
fn a_sparse_file_of_four_gigabytes_is_read_in_a_bounded_stream() {
    let Some(o) = run("tool-sparse.py", &["--run-budget-secs", "20"]) else {
        return;
    };
    insta::assert_snapshot!(report(&o));
}

/// A park that must end at the 2 s timeout, not run out (100 s of sleep, or for ever).
fn stopped_at_the_deadline(name: &str) {
    let Some(o) = run(name, &["--timeout-secs", "2"]) else {
        return;
    };
    assert_eq!(o["status"], "timeout", "{o}");
    // A park run out would be 100 s of guest time, or no outcome at all.
    let guest_ms = o["timing"]["guest_ms"].as_f64().unwrap();
    assert!(guest_ms < 100_000.0, "the park ran out: {guest_ms} ms");
    insta::assert_snapshot!(name.to_owned(), report(&o));
}

#[test]
fn a_long_sleep_is_stopped_at_the_deadline() {
    stopped_at_the_deadline("park-sleep.py");
}

#[test]
fn an_open_of_a_fifo_without_a_writer_is_stopped_and_gg_exits() {
    stopped_at_the_deadline("park-fifo-open.py");
}

#[test]
fn a_blocking_read_of_a_fifo_is_stopped_at_the_deadline() {
    stopped_at_the_deadline("park-fifo-read.py");
}

#[test]
fn a_core_modules_blocking_read_of_a_fifo_is_stopped_at_the_deadline() {
    stopped_at_the_deadline("park-fifo-read.rb");
}

#[test]
fn a_core_modules_write_into_a_full_fifo_is_stopped_at_the_deadline() {
    stopped_at_the_deadline("park-fifo-write.rb");
}

#[test]
fn a_core_modules_open_of_a_fifo_without_a_writer_is_stopped_and_gg_exits() {
    stopped_at_the_deadline("park-fifo-open.rb");
}

#[test]
fn a_core_modules_long_sleep_is_stopped_at_the_deadline() {
    stopped_at_the_deadline("park-sleep.rb");
}

#[test]
fn a_socket_wait_is_stopped_at_the_deadline() {
    stopped_at_the_deadline("park-accept.rs");
}

#[test]
fn every_part_of_a_flooded_outcome_is_bounded_and_says_what_it_cut() {
    let file = fixture("flood-capture.py");
    let (outcomes, code, stderr) = gg(&["run", file.to_str().unwrap(), "--json", "--ending", "finish"], &[]);
    assert_eq!(code, Some(0), "{stderr}");
    let o = &outcomes[0];
    let size = serde_json::to_string(o).unwrap().len();
    assert!(
        size <= gg_core::turn::outcome::OUTCOME_MAX_BYTES,
        "{size} bytes past {}",
        gg_core::turn::outcome::OUTCOME_MAX_BYTES
    );
    let calls = o["calls"].as_array().unwrap();
    let search = &calls[0]["args"]["keywords"];
    let views = o["views"].as_array().unwrap();
    let mut summary = format!(
        "status: {}\ncalls: {}\nfirst search's keywords kept: {}, then {}\nviews kept: {}\n",
        o["status"],
        calls.len(),
        search.as_array().unwrap().len() - 1,
        search.as_array().unwrap().last().unwrap(),
        views.len(),
    );
    for v in views {
        let body = v["body"].as_str().unwrap();
        summary.push_str(&format!(
            "  {}: {} bytes, ending {:?}\n",
            v["selector"].as_str().unwrap(),
            body.len(),
            &body[body.len() - 30..]
        ));
    }
    let finish = o["ending"]["summary"].as_str().unwrap();
    summary.push_str(&format!(
        "ending summary: {} bytes, ending {:?}\n",
        finish.len(),
        &finish[finish.len() - 30..]
    ));
    for call in calls {
        let args = serde_json::to_string(&call["args"]).unwrap().len();
        assert!(
            args <= gg_core::program::membrane::RECORD_MAX_VALUE + 64,
            "{} args of {args} bytes",
            call["id"]
        );
    }
    insta::assert_snapshot!(summary);
}

#[test]
fn a_flood_of_code_module_bindings_is_bounded_and_counted() {
    let file = fixture("flood-modules.py");
    let (outcomes, code, stderr) = gg(&["run", file.to_str().unwrap(), "--json"], &[]);
    assert_eq!(code, Some(0), "{stderr}");
    let o = &outcomes[0];
    let bindings = o["module_bindings"].as_array().unwrap();
    let mut summary = format!(
        "bindings listed: {}, dropped: {}\n",
        bindings.len(),
        o["module_bindings_dropped"]
    );
    for b in bindings {
        let exports = b["exports"].as_array().unwrap();
        let bytes: usize = exports
            .iter()
            .map(|e| {
                ["name", "access", "declaration", "brief"]
                    .iter()
                    .map(|f| e[f].as_str().map_or(0, str::len))
                    .sum::<usize>()
            })
            .sum();
        assert!(bytes <= gg_core::program::modules::BINDING_MAX_BYTES, "{bytes}");
        summary.push_str(&format!(
            "  {} {} {}: {} exports listed ({bytes} bytes), {} dropped\n",
            b["access"].as_str().unwrap(),
            b["change"].as_str().unwrap(),
            b["check"].as_str().unwrap(),
            exports.len(),
            b["exports_dropped"]
        ));
    }
    let size = serde_json::to_string(&o["module_bindings"]).unwrap().len();
    assert!(size <= gg_core::program::modules::BINDINGS_MAX_BYTES, "{size}");
    insta::assert_snapshot!(summary);
}

#[test]
fn no_program_can_open_a_compile_cache_entry_for_writing() {
    let cache = tempfile::tempdir().unwrap();
    let dir = cache.path();
    // The first run compiles the Python guest into the cache; the second tries to write into it.
    let hello = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/hello.py");
    let (_, code, stderr) = gg(&["run", hello.to_str().unwrap(), "--json"], &[("GG_CACHE_DIR", dir)]);
    assert_eq!(code, Some(0), "{stderr}");
    let entry = cache_entry(dir);
    let before = std::fs::read(&entry).unwrap();
    let tamper = fixture("cache-tamper.py");
    let (outcome, code, stderr) = gg(&["run", tamper.to_str().unwrap(), "--json"], &[("GG_CACHE_DIR", dir)]);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(
        std::fs::read(&entry).unwrap(),
        before,
        "a program changed a cache entry"
    );
    insta::assert_snapshot!(report(&outcome[0]));
}

/// The one compiled entry under the cache directory `dir`.
fn cache_entry(dir: &Path) -> PathBuf {
    std::fs::read_dir(dir.join("components"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "cwasm"))
        .unwrap()
}

#[test]
fn a_cache_entry_changed_outside_gg_is_compiled_again_never_loaded() {
    let cache = tempfile::tempdir().unwrap();
    let dir = cache.path();
    let hello = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/hello.py");
    let (_, code, stderr) = gg(&["run", hello.to_str().unwrap(), "--json"], &[("GG_CACHE_DIR", dir)]);
    assert_eq!(code, Some(0), "{stderr}");
    // What a process outside gg's reach could do (the shell tool, another program of the user's):
    // int3 bytes over the middle of the entry, which would crash gg if they were loaded and run.
    let entry = cache_entry(dir);
    let mut bytes = std::fs::read(&entry).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle..middle + 4096].fill(0xcc);
    let file = std::fs::OpenOptions::new().write(true).open(&entry).unwrap();
    std::os::unix::fs::FileExt::write_all_at(&file, &bytes[middle..middle + 4096], middle as u64).unwrap();
    drop(file);
    let (second, code, stderr) = gg(&["run", hello.to_str().unwrap(), "--json"], &[("GG_CACHE_DIR", dir)]);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(second[0]["status"], "completed");
    assert_ne!(std::fs::read(&entry).unwrap(), bytes, "the tampered entry was kept");
}

#[test]
fn a_program_cannot_reach_gg_s_memory_through_procfs() {
    let Some(o) = run("proc-self-mem.py", &[]) else { return };
    insta::assert_snapshot!(report(&o));
}

#[test]
fn a_core_module_cannot_reach_gg_s_memory_through_procfs() {
    let Some(o) = run("proc-self-mem.rb", &[]) else { return };
    insta::assert_snapshot!(report(&o));
}

/// Under `--confined` a compiler sees its toolchain and the program's scratch, nothing else: a
/// program whose text reads a host file at compile time does not compile; under the full reach
/// (what the gg process sees) it does.
#[test]
fn a_confined_programs_compiler_reads_no_host_file() {
    for name in ["compile-reach.rs", "compile-reach.cpp"] {
        let ws = tempfile::tempdir().unwrap();
        let workspace = ws.path().to_str().unwrap();
        let Some(open) = run(name, &["--workspace", workspace]) else {
            continue;
        };
        assert_eq!(open["status"], "completed", "{name}: {open}");
        assert!(
            open["logs"][0].as_str().unwrap().contains("first line: root:"),
            "{name}: {open}"
        );
        let confined = run(name, &["--workspace", workspace, "--confined"]).unwrap();
        assert_eq!(confined["status"], "prepare_error", "{name}: {confined}");
        assert_eq!(confined["error"]["kind"], "compile", "{name}: {confined}");
        assert!(!confined.to_string().contains("root:"), "{name}: {confined}");
        insta::assert_snapshot!(name.to_owned(), report(&confined));
    }
}
