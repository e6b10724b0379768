//! A FIFO a Ruby program opens through its own WASI reach (preview1): read and written as a pipe,
//! and a read, a write or an open that waits for ever stopped at the deadline with its calls kept
//! and no thread left waiting. Each program in `tests/fixtures/fifo/` runs confined to a fresh
//! directory holding the FIFO `pipe`; the test plays the other end.

use crate::common;

use std::os::fd::OwnedFd;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::MemoryTools;
use gg_core::program::store::GuestReach;
use gg_core::testing::threads_in_open;
use gg_core::{RunOptions, SandboxOutcome, Status};
use rustix::fs::{Mode, OFlags};

/// Far past any release or budget here: a wait that reaches it fails the test.
const GUARD: Duration = Duration::from_secs(60);

/// A fresh directory holding the FIFO `pipe`.
fn fifo() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    rustix::fs::mkfifoat(rustix::fs::CWD, dir.path().join("pipe"), Mode::from_raw_mode(0o600)).unwrap();
    dir
}

fn program(name: &str) -> String {
    let path = format!("{}/tests/fixtures/fifo/{name}.rb", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Runs the fixture `name` confined to `dir`; returns its outcome and its report.
async fn run(name: &str, dir: &Path) -> (SandboxOutcome, String) {
    let source = program(name);
    let options = RunOptions {
        reach: GuestReach::Confined {
            root: dir.to_owned(),
            env: vec![],
            tmp: None,
        },
        ..common::options_for(&source)
    };
    let o = common::session(Arc::new(MemoryTools::default()))
        .run(&source, &options)
        .await;
    let report = common::report(&source, &o);
    (o, report)
}

/// Opens `pipe` in `dir` without blocking: for reading at once, for writing once a reader is there
/// (polled until the guard).
fn open_end(dir: &Path, flags: OFlags) -> OwnedFd {
    let started = Instant::now();
    loop {
        match rustix::fs::open(
            dir.join("pipe"),
            flags | OFlags::NONBLOCK | OFlags::CLOEXEC,
            Mode::empty(),
        ) {
            Ok(fd) => return fd,
            Err(rustix::io::Errno::NXIO) if started.elapsed() < GUARD => {
                std::thread::sleep(Duration::from_millis(5));
            }
            Err(e) => panic!("opening the FIFO: {e}"),
        }
    }
}

/// wasmtime-wasi reads a file with `pread`, which a FIFO refuses (`ESPIPE`): the program read
/// nothing. The writer here waits for the program's open, writes a line and closes, so the
/// program's `File.read` also sees the end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fifo_with_a_writer_is_read_to_its_end() {
    let dir = fifo();
    let path = dir.path().to_owned();
    let writer = std::thread::spawn(move || {
        let end = open_end(&path, OFlags::WRONLY);
        rustix::io::write(&end, b"through the pipe\n").unwrap();
    });
    let (o, report) = run("read", dir.path()).await;
    writer.join().unwrap();
    assert_eq!(o.status, Status::Completed, "{report}");
    insta::assert_snapshot!("fifo-read", report);
}

/// A read of a FIFO the program holds both ends of: stopped at the deadline as a timeout, the
/// call before it kept.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_read_that_never_gets_data_is_stopped_as_a_timeout() {
    let dir = fifo();
    let (o, report) = run("read-no-writer", dir.path()).await;
    assert_eq!(o.status, Status::Timeout, "{report}");
    insta::assert_snapshot!("fifo-read-no-writer", report);
}

/// An open of a FIFO with no writer waits in wasmtime-wasi's blocking pool; stopped at the
/// deadline, it is released, so no thread stays in `open(2)` (one for the life of a `gg serve`
/// per such program otherwise). The FIFO is not touched here, since a writer would release it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stopped_open_leaves_no_thread_waiting_in_it() {
    let dir = fifo();
    let path = dir.path().to_owned();
    let run = tokio::spawn(async move { run("open-no-writer", &path).await });
    // Seen waiting while the program runs, so the question below is a real one.
    let started = Instant::now();
    while threads_in_open() == 0 && !run.is_finished() {
        assert!(started.elapsed() < GUARD, "the program's open(2) was never seen");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let (o, report) = run.await.unwrap();
    assert_eq!(o.status, Status::Timeout, "{report}");
    insta::assert_snapshot!("fifo-open-no-writer", report);
    let started = Instant::now();
    while threads_in_open() > 0 {
        assert!(started.elapsed() < GUARD, "a thread is still in open(2) of the FIFO");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// wasmtime-wasi writes a file with `pwrite`, which a FIFO refuses: the program's write failed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fifo_with_a_reader_is_written() {
    let dir = fifo();
    let reader = open_end(dir.path(), OFlags::RDONLY);
    let (o, report) = run("write", dir.path()).await;
    assert_eq!(o.status, Status::Completed, "{report}");
    insta::assert_snapshot!("fifo-write", report);
    let mut got = [0u8; 64];
    let n = rustix::io::read(&reader, &mut got).unwrap();
    assert_eq!(&got[..n], b"to the reader\n");
}

/// A write into a pipe its reader never empties: stopped at the deadline as a timeout.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_write_that_never_drains_is_stopped_as_a_timeout() {
    let dir = fifo();
    let _reader = open_end(dir.path(), OFlags::RDONLY);
    let (o, report) = run("write-full", dir.path()).await;
    assert_eq!(o.status, Status::Timeout, "{report}");
    insta::assert_snapshot!("fifo-write-full", report);
}
