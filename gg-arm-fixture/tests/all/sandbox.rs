//! The spine over the fixture guest: both ceilings, re-armed every program, classified by type;
//! the guest context; stderr bounds; exits; the compile slot and its cache.

use crate::common;

use std::sync::Arc;
use std::time::{Duration, Instant};

use common::{MemoryTools, run, session};
use gg_core::engine::{self, CompileCache, CompiledBy};
use gg_core::testing::threads_in_open;
use gg_core::{ErrorClass, GuestReach, Limits, RunBudget, RunOptions, Status};

fn limited(timeout: f64, memory: u64) -> RunOptions {
    RunOptions {
        limits: Limits {
            timeout: Duration::from_secs_f64(timeout),
            max_memory_bytes: memory,
        },
        cache: CompileCache::disabled(),
        ..RunOptions::default()
    }
}

fn secs(timeout: f64) -> RunOptions {
    limited(timeout, 256 << 20)
}

/// How soon past its deadline a runaway is stopped is a figure, not an assertion: `stop/` in
/// benches/sandbox.rs, in BENCHMARKS.md.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_runaway_loop_is_stopped_as_a_timeout_and_keeps_its_calls() {
    let o = run("op views.current {}\nloop\nlog never", &secs(1.0)).await;
    assert_eq!(o.status, Status::Timeout);
    let e = o.error.unwrap();
    assert_eq!(e.kind, ErrorClass::Timeout);
    assert!(e.message.contains("execution time limit of 1 s"), "{}", e.message);
    let calls: Vec<_> = o.calls.iter().map(|c| (c.operation, c.ok)).collect();
    assert_eq!(calls, [("views.current", true)]);
    assert_eq!(o.logs, ["views.current ok []"], "ran past its deadline");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fifty_programs_each_get_their_whole_budget() {
    let mut s = session(Arc::new(MemoryTools::default()));
    let options = secs(0.5);
    for turn in 1..=50 {
        let o = s.run("spin 30\nlog done", &options).await;
        assert_eq!(o.status, Status::Completed, "turn {turn}: {:?}", o.error);
        assert_eq!(o.turn, turn);
    }
    // 50 × 30 ms = 1.5 s of guest time in all, three times one program's budget.
    assert_eq!(s.state().library.entries().len(), 50);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn time_parked_in_a_tool_call_is_not_charged() {
    let o = run(r#"op shell.run {"command":"sleep 1.5"}"#, &secs(1.0)).await;
    assert_eq!(o.status, Status::Completed, "{:?}", o.error);
    assert!(o.timing.host_ms >= 1500.0, "host {}", o.timing.host_ms);
    assert!(o.timing.guest_ms < 1000.0, "guest {}", o.timing.guest_ms);
}

/// Sleeps in 50 ms hops, each returning to wasm: stopped as a timeout at a hop, the call before
/// them kept (how far past the budget: `stop/` in benches/sandbox.rs).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn short_sleeps_are_stopped_as_a_timeout_and_keep_their_calls() {
    let o = run("op views.current {}\nsleep-hops 100 50\nlog never", &secs(1.0)).await;
    assert_eq!(o.status, Status::Timeout);
    assert_eq!(o.error.unwrap().kind, ErrorClass::Timeout);
    let calls: Vec<_> = o.calls.iter().map(|c| (c.operation, c.ok)).collect();
    assert_eq!(calls, [("views.current", true)]);
    assert_eq!(o.logs, ["views.current ok []"], "ran past its deadline");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_long_sleep_is_stopped_at_its_deadline_not_run_out() {
    let o = run("sleep 60000\nlog after the park", &secs(1.0)).await;
    assert_eq!(o.status, Status::Timeout);
    assert_eq!(o.error.unwrap().kind, ErrorClass::Timeout);
    assert!(o.timing.guest_ms < 60_000.0, "the park ran out: {}", o.timing.guest_ms);
    assert!(o.logs.is_empty(), "ran past its deadline: {:?}", o.logs);
}

/// A FIFO in a fresh directory, and the directory.
fn fifo() -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("pipe");
    rustix::fs::mkfifoat(rustix::fs::CWD, &path, rustix::fs::Mode::from_raw_mode(0o600)).unwrap();
    (dir, path.to_str().unwrap().to_owned())
}

/// A FIFO reads as a stream: wasmtime-wasi's positioned read (`pread`) is refused by a FIFO, and
/// a program read it as `EIO`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fifo_with_a_writer_is_read_as_a_stream() {
    use rustix::fs::{Mode, OFlags};
    let (_dir, path) = fifo();
    // Both ends held here, so the program's open finds a writer and the bytes wait in the pipe.
    let here = rustix::fs::open(&path, OFlags::RDWR | OFlags::NONBLOCK | OFlags::CLOEXEC, Mode::empty()).unwrap();
    rustix::io::write(&here, b"through the pipe").unwrap();
    let o = run(&format!("read-log {path}"), &secs(10.0)).await;
    assert_eq!(o.status, Status::Completed, "{:?}", o.error);
    assert_eq!(o.logs, ["through the pipe"]);
}

/// A read of a FIFO the program holds both ends of waits for ever: it parks until the deadline
/// and is stopped as a timeout, the call before it kept.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_read_of_a_fifo_that_never_gets_data_is_stopped_as_a_timeout() {
    let (_dir, path) = fifo();
    let o = run(
        &format!("op views.current {{}}\nread-log-rw {path}\nlog never"),
        &secs(1.0),
    )
    .await;
    assert_eq!(o.status, Status::Timeout, "{:?}", o.error);
    let calls: Vec<_> = o.calls.iter().map(|c| (c.operation, c.ok)).collect();
    assert_eq!(calls, [("views.current", true)]);
    assert_eq!(o.logs, ["views.current ok []"]);
}

/// A FIFO with a reader is written: wasmtime-wasi's positioned write (`pwrite`) is refused by a FIFO.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fifo_with_a_reader_is_written() {
    use rustix::fs::{Mode, OFlags};
    let (_dir, path) = fifo();
    // The read end held here (opened without waiting), so the program's open finds a reader.
    let here = rustix::fs::open(
        &path,
        OFlags::RDONLY | OFlags::NONBLOCK | OFlags::CLOEXEC,
        Mode::empty(),
    )
    .unwrap();
    let o = run(&format!("write-to {path} into the pipe"), &secs(10.0)).await;
    assert_eq!(o.status, Status::Completed, "{:?}", o.error);
    assert_eq!(o.logs, ["wrote 13 bytes"]);
    let mut got = [0u8; 64];
    let n = rustix::io::read(&here, &mut got).unwrap();
    assert_eq!(&got[..n], b"into the pipe");
}

/// A write into a FIFO whose reader never reads fills the pipe and waits: stopped at the deadline
/// as a timeout, the call before it kept.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_write_to_a_fifo_that_never_drains_is_stopped_as_a_timeout() {
    use rustix::fs::{Mode, OFlags};
    let (_dir, path) = fifo();
    let _here = rustix::fs::open(
        &path,
        OFlags::RDONLY | OFlags::NONBLOCK | OFlags::CLOEXEC,
        Mode::empty(),
    )
    .unwrap();
    // 200 writes of 1 KiB: three times a pipe's 64 KiB.
    let text = "x".repeat(1024);
    let o = run(
        &format!("op views.current {{}}\nrepeat 200 write-to {path} {text}\nlog never"),
        &secs(1.0),
    )
    .await;
    assert_eq!(o.status, Status::Timeout, "{:?}", o.error);
    let calls: Vec<_> = o.calls.iter().map(|c| (c.operation, c.ok)).collect();
    assert_eq!(calls, [("views.current", true)]);
    assert_eq!(o.logs.first().map(String::as_str), Some("views.current ok []"));
    assert!(o.logs.len() < 200, "every write went through: {}", o.logs.len());
}

/// An `open(2)` of a FIFO with no writer waits in wasmtime-wasi's blocking pool; stopped at the
/// deadline, it is released, so no thread is left in `open(2)` (one per such program for the life
/// of a `gg serve` before). Asked without touching the FIFO, since a writer would release it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stopped_open_of_a_fifo_leaves_no_thread_waiting_in_it() {
    let (_dir, path) = fifo();
    let run = tokio::spawn(async move { run(&format!("open-read {path}\nlog never"), &secs(1.0)).await });
    // The open is seen waiting while the program runs, so the question below is a real one.
    let guard = Duration::from_secs(60);
    let started = Instant::now();
    while threads_in_open() == 0 && !run.is_finished() {
        assert!(started.elapsed() < guard, "the program's open(2) was never seen");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let o = run.await.unwrap();
    assert_eq!(o.status, Status::Timeout, "{:?}", o.error);
    // The released open returns on its pool thread a moment after the run ends; a thread that
    // stayed would be there for ever, and a guard far past any release fails the test.
    let started = Instant::now();
    while threads_in_open() > 0 {
        assert!(started.elapsed() < guard, "a thread is still in open(2) of the FIFO");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn memory_past_the_cap_is_denied_and_named_and_the_next_program_is_whole() {
    let mut s = session(Arc::new(MemoryTools::default()));
    let options = limited(30.0, 32 << 20);
    let o = s.run("grow", &options).await;
    assert_eq!(o.status, Status::OutOfMemory);
    let e = o.error.unwrap();
    assert_eq!(e.kind, ErrorClass::OutOfMemory);
    assert!(
        e.message
            .starts_with("the program reached its memory limit of 32 MiB (max_memory_bytes = 33554432)"),
        "{}",
        e.message
    );
    // The guest reported an ordinary failure; the limiter's record is what classifies it.
    assert!(
        e.message
            .contains("the program reported: memory allocation of 1048576 bytes failed"),
        "{}",
        e.message
    );
    let o = s.run("grow-abort", &options).await;
    assert_eq!(o.status, Status::OutOfMemory);
    let o = s.run("log fresh store", &options).await;
    assert_eq!(o.status, Status::Completed);
    assert_eq!(o.logs, ["fresh store"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unbounded_recursion_is_a_stack_overflow() {
    let o = run("recurse", &secs(10.0)).await;
    assert_eq!(o.status, Status::StackOverflow);
    assert!(o.error.unwrap().message.contains("1 MiB wasm call stack"));
}

/// `stderr N` writes N bytes as 64-byte numbered lines, so the cuts land on line boundaries.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stderr_flood_keeps_4_kib_at_each_end_and_counts_the_middle() {
    for total in [100 * 1024u64, 10 * 1024 * 1024] {
        let o = run(&format!("stderr {total}"), &secs(30.0)).await;
        assert_eq!(o.status, Status::Completed);
        let dropped = total - 8192;
        let marker = format!("… {dropped} bytes dropped\n");
        let (head, tail) = o
            .stderr
            .split_once(&marker)
            .unwrap_or_else(|| panic!("no marker in {} bytes: {:?}", o.stderr.len(), &o.stderr[4000..4300]));
        assert_eq!(head.len(), 4096);
        assert_eq!(tail.len(), 4096);
        assert!(head.starts_with("line 000001 "));
        assert!(
            tail.starts_with(&format!("line {:06} ", total / 64 - 63)),
            "{}",
            &tail[..20]
        );
    }
    let o = run("stderr 8192", &secs(30.0)).await;
    assert_eq!(o.stderr.len(), 8192);
    assert!(!o.stderr.contains("dropped"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn exits_are_reported_as_the_program_stopping_itself() {
    let o = run("exit 0\nlog never", &secs(10.0)).await;
    assert_eq!((o.status, o.exit_status), (Status::Exited, Some(0)));
    assert!(o.ok() && o.error.is_none() && o.logs.is_empty());
    let o = run("exit 3", &secs(10.0)).await;
    assert_eq!(
        (o.status, o.exit_status),
        (Status::Exited, None),
        "gg is not told the 3"
    );
    assert!(!o.ok());
    assert_eq!(o.error.unwrap().kind, ErrorClass::Exit);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_guest_is_told_its_own_deadline_half_a_second_short() {
    let o = run("env GG_SANDBOX_DEADLINE_MS", &secs(3.0)).await;
    assert_eq!(o.logs, ["GG_SANDBOX_DEADLINE_MS=2500"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_full_context_reaches_the_filesystem_and_the_confined_one_only_its_root() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("inside.txt"), "inside").unwrap();
    let inside = dir.path().join("inside.txt").display().to_string();
    let program = format!("read-host {inside}\nread-host /etc/hostname\nenv HOME");
    let full = run(&program, &secs(10.0)).await;
    assert!(full.logs[0].ends_with("ok 6 bytes"), "{:?}", full.logs);
    assert!(full.logs[1].contains(" ok "), "{:?}", full.logs);
    let confined = RunOptions {
        reach: GuestReach::Confined {
            root: dir.path().to_owned(),
            env: vec!["PATH".into()],
            tmp: None,
        },
        ..secs(10.0)
    };
    let o = run(&program, &confined).await;
    assert!(o.logs[0].ends_with("ok 6 bytes"), "{:?}", o.logs);
    assert!(
        o.logs[1].contains(" err "),
        "confined reach read outside its root: {:?}",
        o.logs
    );
    assert_eq!(o.logs[2], "HOME unset");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_trap_discards_the_instance_and_keeps_the_calls_it_landed() {
    let o = run(
        "op files.write_file {\"path\":\"a\",\"contents\":\"x\"}\nrepeat 3 op views.current {}\ntrap",
        &secs(10.0),
    )
    .await;
    assert_eq!(o.status, Status::Trap);
    let ids: Vec<&str> = o.calls.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(
        ids,
        [
            "program:1:files.write_file",
            "program:2:views.current",
            "program:3:views.current",
            "program:4:views.current"
        ]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn instantiation_is_gg_time_not_the_programs() {
    let o = run("log hi", &secs(10.0)).await;
    assert!(o.timing.instantiate_ms > 0.0);
    assert!(o.timing.wall_ms >= o.timing.instantiate_ms + o.timing.guest_ms);
}

#[test]
fn a_settled_entry_is_stamped_and_its_stamp_does_not_survive_a_write() {
    let dir = tempfile::tempdir().unwrap();
    let cache = CompileCache::at(dir.path());
    let (_, first) = engine::compile(gg_arm_fixture::COMPONENT, &cache).unwrap();
    assert_eq!(first, CompiledBy::Cranelift);
    // A stamp vouches only for an entry whose last change is two seconds old.
    std::thread::sleep(Duration::from_millis(2100));
    let (_, hashed) = engine::compile(gg_arm_fixture::COMPONENT, &cache).unwrap();
    assert_eq!(hashed, CompiledBy::Cache);
    let stamped = engine::cache_stamped_count();
    let (_, third) = engine::compile(gg_arm_fixture::COMPONENT, &cache).unwrap();
    assert_eq!(third, CompiledBy::Cache);
    assert!(
        engine::cache_stamped_count() > stamped,
        "the settled entry's stamp was not used"
    );

    // Bytes changed in place move the entry's ctime: the stamp no longer matches, the hash
    // refuses the entry, and it is compiled afresh.
    let file = walk(dir.path())
        .into_iter()
        .find(|p| p.extension().is_some_and(|e| e == "cwasm"))
        .unwrap();
    let mut bytes = std::fs::read(&file).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0xff;
    std::fs::OpenOptions::new()
        .write(true)
        .open(&file)
        .and_then(|mut f| std::io::Write::write_all(&mut f, &bytes))
        .unwrap();
    let refused = engine::cache_refusal_count();
    let (_, fourth) = engine::compile(gg_arm_fixture::COMPONENT, &cache).unwrap();
    assert_eq!(
        fourth,
        CompiledBy::Cranelift,
        "the stamped entry changed in place was loaded"
    );
    assert!(engine::cache_refusal_count() > refused);
}

#[test]
fn the_shared_guest_compiles_once_per_process_and_then_loads_from_the_cache() {
    let _alone = crate::COMPILES.blocking_lock();
    let dir = tempfile::tempdir().unwrap();
    let cache = CompileCache::at(dir.path());
    let (_, first) = engine::compile(gg_arm_fixture::COMPONENT, &cache).unwrap();
    assert_eq!(first, CompiledBy::Cranelift);
    let (_, second) = engine::compile(gg_arm_fixture::COMPONENT, &cache).unwrap();
    assert_eq!(second, CompiledBy::Cache);
    // A torn or foreign file is ignored and rewritten.
    let file = walk(dir.path())
        .into_iter()
        .find(|p| p.extension().is_some_and(|e| e == "cwasm"))
        .unwrap();
    std::fs::write(&file, b"not a compiled component").unwrap();
    let (_, third) = engine::compile(gg_arm_fixture::COMPONENT, &cache).unwrap();
    assert_eq!(third, CompiledBy::Cranelift);
    let (_, fourth) = engine::compile(gg_arm_fixture::COMPONENT, &cache).unwrap();
    assert_eq!(fourth, CompiledBy::Cache);

    // A well-formed compiled component that gg did not write there (what a guest with full reach
    // could copy or craft) is refused by its digest, never deserialised, and compiled afresh.
    let foreign = tempfile::tempdir().unwrap();
    let other = CompileCache::at(foreign.path());
    engine::compile(gg_arm_fixture::COMPONENT, &other).unwrap();
    let other_file = walk(foreign.path())
        .into_iter()
        .find(|p| p.extension().is_some_and(|e| e == "cwasm"))
        .unwrap();
    std::fs::remove_file(&file).unwrap();
    std::fs::write(&file, std::fs::read(&other_file).unwrap()).unwrap();
    let refused = engine::cache_refusal_count();
    let (_, fifth) = engine::compile(gg_arm_fixture::COMPONENT, &cache).unwrap();
    assert_eq!(fifth, CompiledBy::Cranelift, "the entry without gg's digest was loaded");
    assert!(engine::cache_refusal_count() > refused);
    // Bytes changed in place under the digest gg set are refused too.
    let mut bytes = std::fs::read(&file).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0xff;
    std::fs::OpenOptions::new()
        .write(true)
        .open(&file)
        .and_then(|mut f| std::io::Write::write_all(&mut f, &bytes))
        .unwrap();
    let (_, sixth) = engine::compile(gg_arm_fixture::COMPONENT, &cache).unwrap();
    assert_eq!(sixth, CompiledBy::Cranelift, "the entry changed in place was loaded");
    let (_, seventh) = engine::compile(gg_arm_fixture::COMPONENT, &cache).unwrap();
    assert_eq!(seventh, CompiledBy::Cache);

    // The per-arm slot: many callers at once, one compile.
    let before = engine::compile_count();
    let threads: Vec<_> = (0..4)
        .map(|_| {
            std::thread::spawn(|| {
                gg_core::guest::shared_guest(
                    "fixture-slot-test",
                    gg_arm_fixture::COMPONENT,
                    &CompileCache::disabled(),
                )
                .map(|_| ())
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap().unwrap();
    }
    assert_eq!(engine::compile_count() - before, 1);
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spent_run_budget_refuses_tools_and_still_serves_the_carve_outs() {
    let options = RunOptions {
        budget: RunBudget::lasting(Duration::ZERO),
        ..secs(10.0)
    };
    let started = Instant::now();
    let o = run(
        "op files.read_file {\"path\":\"a\"}\nop views.open_file {\"path\":\"a\"}\nop views.open_text {\"label\":\"l\",\"body\":\"b\"}\nop docs.search {\"query\":\"files\"}\nop session.finish {\"summary\":\"s\"}\nop programs.history {}",
        &RunOptions { ending: gg_core::wire::EndingKind::Finish, ..options },
    )
    .await;
    assert!(started.elapsed() < Duration::from_secs(5));
    let codes: Vec<_> = o
        .calls
        .iter()
        .map(|c| (c.operation, c.error.as_ref().map(|e| e.code)))
        .collect();
    assert_eq!(
        codes,
        [
            ("files.read_file", Some("limit-exceeded")),
            ("views.open_file", Some("limit-exceeded")),
            ("views.open_text", None),
            ("docs.search", None),
            ("session.finish", None),
            ("programs.history", None),
        ]
    );
    assert!(o.ending.is_some());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_full_context_has_the_network_with_name_lookup_and_the_confined_one_has_none() {
    use std::io::Read;
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let accepted = std::thread::spawn(move || {
        let (mut conn, _) = listener.accept().unwrap();
        let mut text = String::new();
        conn.read_to_string(&mut text).unwrap();
        text
    });
    let program = format!("lookup localhost\nconnect {addr}");
    let o = run(&program, &secs(10.0)).await;
    assert!(o.logs[0].starts_with("lookup localhost ok"), "{:?}", o.logs);
    assert_eq!(o.logs[1], format!("connect {addr} ok"));
    assert_eq!(accepted.join().unwrap(), "hello from the guest\n");

    let dir = tempfile::tempdir().unwrap();
    let confined = RunOptions {
        reach: GuestReach::Confined {
            root: dir.path().to_owned(),
            env: vec![],
            tmp: None,
        },
        ..secs(10.0)
    };
    let o = run(&program, &confined).await;
    assert!(o.logs[0].starts_with("lookup localhost err"), "{:?}", o.logs);
    assert!(o.logs[1].starts_with(&format!("connect {addr} err")), "{:?}", o.logs);
}
