//! The compile daemon against a real JVM: started on first use, reused by a second process,
//! restarted after a kill, retired when idle, after N requests and when its caller gives up.
//!
//! Its own `main` (no libtest harness): with `GG_DAEMON_TEST_CACHE` set it is the second gg
//! process, asking the daemon under that cache for its pid.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use gg_core::arm::daemon::{Daemon, DaemonError};
use gg_core::toolchain::Cancel;
use gg_core::{CompileCache, PrepareCx};
use gg_jvm::JvmServer;

const FAKE_COMPILER: &str = include_str!("fixtures/daemon/FakeCompiler.java");
const CHILD: &str = "GG_DAEMON_TEST_CACHE";

/// A daemon of the fake compiler with its own cache directory.
struct Case {
    cache: PathBuf,
    server: JvmServer,
}

impl Case {
    fn new(name: &str, java: &Path, javac: &Path) -> Case {
        let cache = std::env::temp_dir().join(format!("gg-daemon-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&cache);
        Case {
            server: fake_server(java, javac),
            cache,
        }
    }

    fn cx(&self, within: Duration) -> PrepareCx {
        PrepareCx::new(
            Instant::now() + within,
            Cancel::default(),
            &CompileCache::at(&self.cache),
        )
    }

    fn daemon(&self) -> Daemon {
        self.server
            .daemon(&self.cx(Duration::from_secs(60)))
            .expect("the server's classes")
    }

    /// One request that must succeed with status 0; its output, trimmed.
    fn ask(&self, args: &[&str]) -> String {
        let reply = self
            .daemon()
            .request(&strings(args), deadline(60), &Cancel::default())
            .expect("an answer");
        assert_eq!(reply.code, 0, "{reply:?}");
        reply.output.trim().to_owned()
    }

    fn pid(&self) -> u32 {
        self.ask(&["pid"]).parse().expect("a pid")
    }
}

impl Drop for Case {
    fn drop(&mut self) {
        if let Ok(d) = self.server.daemon(&self.cx(Duration::from_secs(5))) {
            d.stop();
        }
        let _ = std::fs::remove_dir_all(&self.cache);
    }
}

fn fake_server(java: &Path, javac: &Path) -> JvmServer {
    JvmServer {
        name: "fake-1".into(),
        java: java.into(),
        javac: javac.into(),
        classpath: String::new(),
        jvm_args: vec!["-Xmx64m".into(), "-XX:TieredStopAtLevel=1".into()],
        sources: vec![("FakeCompiler.java".into(), FAKE_COMPILER.into())],
        entry: "FakeCompiler".into(),
        idle_secs: 600,
        max_requests: 100,
    }
}

fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|a| (*a).to_owned()).collect()
}

fn deadline(secs: u64) -> Instant {
    Instant::now() + Duration::from_secs(secs)
}

fn alive(pid: u32) -> bool {
    Path::new(&format!("/proc/{pid}")).exists()
}

/// Waits up to `within` for `cond`.
fn eventually(within: Duration, mut cond: impl FnMut() -> bool) -> bool {
    let end = Instant::now() + within;
    while Instant::now() < end {
        if cond() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    cond()
}

/// A descriptor made inheritable before any daemon starts, as one gg's own parent passed it would
/// be (a `flock` around gg): no daemon may hold it.
fn inherited_marker() -> PathBuf {
    std::env::temp_dir().join(format!("gg-daemon-{}-inherited", std::process::id()))
}

fn inherit_a_descriptor() -> std::fs::File {
    let file = std::fs::File::create(inherited_marker()).expect("the marker file");
    let flags = rustix::io::fcntl_getfd(&file).unwrap();
    rustix::io::fcntl_setfd(&file, flags - rustix::io::FdFlags::CLOEXEC).unwrap();
    file
}

fn answers_and_is_reused_by_a_second_process(java: &Path, javac: &Path) {
    let case = Case::new("reuse", java, javac);
    assert!(!case.daemon().is_running());
    let pid = case.pid();
    let held: Vec<PathBuf> = std::fs::read_dir(format!("/proc/{pid}/fd"))
        .unwrap()
        .flatten()
        .filter_map(|e| std::fs::read_link(e.path()).ok())
        .collect();
    assert!(
        !held.contains(&inherited_marker()),
        "the daemon holds a descriptor gg inherited: {held:?}"
    );
    assert_eq!(case.ask(&["echo", "a", "b c"]), "a b c");
    assert_eq!(case.pid(), pid, "the same server answers again");
    let child = Command::new(std::env::current_exe().unwrap())
        .env(CHILD, &case.cache)
        .output()
        .expect("the second process");
    assert!(child.status.success(), "{child:?}");
    let seen: u32 = String::from_utf8_lossy(&child.stdout)
        .trim()
        .parse()
        .expect("a pid from the child");
    assert_eq!(seen, pid, "a second gg process reaches the same server");
}

fn reports_status_and_failure(java: &Path, javac: &Path) {
    let case = Case::new("status", java, javac);
    let d = case.daemon();
    let reply = d
        .request(&strings(&["status", "3"]), deadline(60), &Cancel::default())
        .unwrap();
    assert_eq!((reply.code, reply.output.trim()), (3, "failing on purpose"));
    let reply = d
        .request(&strings(&["throw"]), deadline(60), &Cancel::default())
        .unwrap();
    assert_eq!(reply.code, 70);
    assert!(
        reply.output.contains("IllegalStateException: the compiler broke"),
        "{}",
        reply.output
    );
    let err = d
        .request(&strings(&["echo", "two\nlines"]), deadline(60), &Cancel::default())
        .unwrap_err();
    assert!(
        matches!(err, DaemonError::Connection(ref m) if m.contains("newline")),
        "{err:?}"
    );
}

fn restarts_after_a_kill(java: &Path, javac: &Path) {
    let case = Case::new("kill", java, javac);
    let first = case.pid();
    let killed = Command::new("kill").args(["-9", &first.to_string()]).status().unwrap();
    assert!(killed.success());
    assert!(eventually(Duration::from_secs(5), || !alive(first)), "the server died");
    let second = case.pid();
    assert_ne!(second, first, "a new server answered");
}

/// A server that ends while it serves a request (a compiler bomb at a ceiling, a crash) is the
/// request's `Died`, not retried; the next request starts a fresh server.
fn a_server_that_dies_on_a_request_says_so(java: &Path, javac: &Path) {
    let case = Case::new("die", java, javac);
    let first = case.pid();
    let err = case
        .daemon()
        .request(&strings(&["die"]), deadline(60), &Cancel::default())
        .unwrap_err();
    assert_eq!(err, DaemonError::Died);
    assert!(eventually(Duration::from_secs(5), || !alive(first)), "the server died");
    assert_ne!(case.pid(), first, "the next request has a fresh server");
}

fn retires_when_idle(java: &Path, javac: &Path) {
    let mut case = Case::new("idle", java, javac);
    case.server.idle_secs = 1;
    let pid = case.pid();
    assert!(
        eventually(Duration::from_secs(10), || !alive(pid)),
        "idle for over a second, it retired"
    );
    assert!(!case.daemon().socket().exists(), "and removed its socket");
    assert_ne!(case.pid(), pid, "the next request starts another");
}

fn retires_after_its_request_count(java: &Path, javac: &Path) {
    let mut case = Case::new("count", java, javac);
    case.server.max_requests = 2;
    let pid = case.pid();
    assert_eq!(case.pid(), pid);
    assert!(
        eventually(Duration::from_secs(5), || !alive(pid)),
        "two requests served, it retired"
    );
    assert_ne!(case.pid(), pid);
}

fn a_caller_that_gives_up_stops_the_compile(java: &Path, javac: &Path) {
    let case = Case::new("deadline", java, javac);
    let pid = case.pid();
    let started = Instant::now();
    let err = case
        .daemon()
        .request(
            &strings(&["spin"]),
            Instant::now() + Duration::from_millis(1500),
            &Cancel::default(),
        )
        .unwrap_err();
    assert_eq!(err, DaemonError::Deadline);
    assert!(started.elapsed() < Duration::from_secs(10));
    assert!(
        eventually(Duration::from_secs(5), || !alive(pid)),
        "the spinning compile did not outlive its caller"
    );
    assert_ne!(case.pid(), pid, "the next compile has a fresh server");

    let pid = case.pid();
    let cancel = Cancel::default();
    let later = cancel.clone();
    std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(500));
        later.cancel();
    });
    let err = case
        .daemon()
        .request(&strings(&["spin"]), deadline(60), &cancel)
        .unwrap_err();
    assert_eq!(err, DaemonError::Cancelled);
    assert!(
        eventually(Duration::from_secs(5), || !alive(pid)),
        "a cancelled compile stops too"
    );
}

fn concurrent_callers_share_one_server(java: &Path, javac: &Path) {
    let case = Case::new("concurrent", java, javac);
    let pid = case.pid();
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..6)
            .map(|i| {
                let case = &case;
                s.spawn(move || {
                    // Each thread its own `Daemon` value, as separate gg processes would have.
                    let d = case.server.daemon(&case.cx(Duration::from_secs(60))).unwrap();
                    let word = format!("caller-{i}");
                    let reply = d
                        .request(&strings(&["echo", &word]), deadline(60), &Cancel::default())
                        .unwrap();
                    (word, reply.output.trim().to_owned())
                })
            })
            .collect();
        for h in handles {
            let (asked, answered) = h.join().unwrap();
            assert_eq!(asked, answered, "no crossed answers");
        }
    });
    assert_eq!(case.pid(), pid, "one server served them all");
}

fn a_server_that_cannot_start_is_an_error(java: &Path, javac: &Path) {
    let mut case = Case::new("nostart", java, javac);
    case.server.entry = "NoSuchCompiler".into();
    let started = Instant::now();
    let err = case
        .daemon()
        .request(&strings(&["pid"]), deadline(30), &Cancel::default())
        .unwrap_err();
    assert!(
        matches!(err, DaemonError::Start(ref m) if m.contains("NoSuchCompiler")),
        "{err:?}"
    );
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "it did not wait out the deadline"
    );

    case.server.java = "/nonexistent/bin/java".into();
    let err = case
        .daemon()
        .request(&strings(&["pid"]), deadline(30), &Cancel::default())
        .unwrap_err();
    assert!(
        matches!(err, DaemonError::Start(ref m) if m.contains("/nonexistent/bin/java")),
        "{err:?}"
    );
}

/// The second process of `answers_and_is_reused_by_a_second_process`.
fn child(cache: &str) {
    let (java, javac) = jdk().expect("a JDK in the child");
    let server = fake_server(&java, &javac);
    let cx = PrepareCx::new(deadline(60), Cancel::default(), &CompileCache::at(cache));
    let reply = server
        .daemon(&cx)
        .unwrap()
        .request(&strings(&["pid"]), deadline(60), &Cancel::default())
        .unwrap();
    print!("{}", reply.output.trim());
}

fn jdk() -> Option<(PathBuf, PathBuf)> {
    let find = |name: &str| {
        std::env::var_os("PATH")
            .into_iter()
            .flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
            .map(|d| d.join(name))
            .find(|p| p.is_file())
    };
    Some((find("java")?, find("javac")?))
}

fn main() {
    if let Ok(cache) = std::env::var(CHILD) {
        return child(&cache);
    }
    let Some((java, javac)) = jdk() else {
        println!("skipped: the compile-daemon tests need a JDK (java and javac on PATH): run toolchains/java.sh");
        return;
    };
    let _inherited = inherit_a_descriptor();
    let filter = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let cases: [(&str, fn(&Path, &Path)); 9] = [
        (
            "answers_and_is_reused_by_a_second_process",
            answers_and_is_reused_by_a_second_process,
        ),
        ("reports_status_and_failure", reports_status_and_failure),
        ("restarts_after_a_kill", restarts_after_a_kill),
        (
            "a_server_that_dies_on_a_request_says_so",
            a_server_that_dies_on_a_request_says_so,
        ),
        ("retires_when_idle", retires_when_idle),
        ("retires_after_its_request_count", retires_after_its_request_count),
        (
            "a_caller_that_gives_up_stops_the_compile",
            a_caller_that_gives_up_stops_the_compile,
        ),
        (
            "concurrent_callers_share_one_server",
            concurrent_callers_share_one_server,
        ),
        (
            "a_server_that_cannot_start_is_an_error",
            a_server_that_cannot_start_is_an_error,
        ),
    ];
    for (name, case) in cases {
        if filter.as_deref().is_some_and(|f| !name.contains(f)) {
            continue;
        }
        let started = Instant::now();
        case(&java, &javac);
        println!("test {name} ... ok ({:.1} s)", started.elapsed().as_secs_f64());
    }
    let _ = std::fs::remove_file(inherited_marker());
}
