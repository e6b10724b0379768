//! The Python guest through gg's own linker and membrane: its size band, the ceilings as this
//! guest meets them, code modules, and the failure shapes the snapshots do not pin.

use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::{MemoryTools, options, run, session};
use gg_core::{ErrorClass, Limits, RunOptions, Status};

/// Baking is not byte-reproducible, so the artifact is held to a band (23.1 MB when measured).
#[test]
fn the_component_is_within_its_size_band() {
    let mb = gg_arm_python::COMPONENT.len() as f64 / 1e6;
    assert!((15.0..40.0).contains(&mb), "python.component.wasm is {mb:.1} MB");
}

fn with_timeout(secs: f64) -> RunOptions {
    RunOptions {
        limits: Limits {
            timeout: Duration::from_secs_f64(secs),
            ..Limits::default()
        },
        ..options()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sleep_in_short_hops_is_stopped_near_the_budget() {
    let started = Instant::now();
    let o = session(Arc::new(MemoryTools::default()))
        .run(
            "import time\nfor _ in range(100_000):\n    time.sleep(0.01)\n",
            &with_timeout(1.0),
        )
        .await;
    assert_eq!(o.status, Status::Timeout);
    assert!(
        started.elapsed() < Duration::from_secs(6),
        "stopped after {:?}",
        started.elapsed()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sleep_in_one_long_hop_is_stopped_at_the_deadline() {
    // One 30 s park under a 1 s timeout: stopped at the deadline (gg-core's park), not run out.
    let started = Instant::now();
    let o = session(Arc::new(MemoryTools::default()))
        .run("import time\ntime.sleep(30)\nprint('woke')\n", &with_timeout(1.0))
        .await;
    assert_eq!(o.status, Status::Timeout);
    assert!(o.logs.is_empty(), "the sleep ran out: {:?}", o.logs);
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "the park ran out: {:?}",
        started.elapsed()
    );
}

/// Python-to-Python recursion meets the 1000 clamp first (recursion.py's snapshot); recursion
/// through C code (`repr`, `getattr`, a sort key) costs more wasm stack per Python frame and
/// exhausts the 1 MiB wasm stack first (measured: ~775 levels through `__repr__`, ~475 through a
/// sort key), which gg reports as a stack overflow with the lines printed before it kept.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn recursion_through_c_code_exhausts_the_wasm_stack_and_is_reported_as_such() {
    let o = run("print('start')\nclass A:\n    def __repr__(self):\n        return repr(self)\nrepr(A())\n").await;
    assert_eq!(o.status, Status::StackOverflow);
    assert_eq!(o.logs, ["start"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_program_runs_in_a_namespace_of_its_own_and_each_run_draws_fresh_randomness() {
    let source = "import random\nprint(sorted(globals()))\nprint(random.random())\n";
    let a = run(source).await;
    let b = run(source).await;
    assert_eq!(a.logs[0], "['__builtins__', '__name__', 'random']");
    assert_ne!(a.logs[1], b.logs[1], "the snapshot's seed was reused");
}

/// The snapshot is made with the build's environment emptied and its streams, argv and `lib`
/// finder set up once; each run still sees the host's environment (its own deadline included),
/// `program.py` as argv, gg's log as both streams, and no code module it was not given.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_run_reads_the_hosts_environment_and_its_own_deadline() {
    let source = "import os, sys\n\
                  print(os.environ['GG_SANDBOX_DEADLINE_MS'], os.getenv('GG_SANDBOX_DEADLINE_MS'))\n\
                  print(os.environ.get('PATH'))\n\
                  print(sys.argv, sys.stdout is sys.__stdout__, sys.stderr is sys.__stderr__)\n\
                  import lib\n\
                  print(lib.__path__)\n";
    let mut session = session(Arc::new(MemoryTools::default()));
    let a = session.run(source, &with_timeout(2.0)).await;
    let b = session.run(source, &with_timeout(5.0)).await;
    assert_eq!(a.status, Status::Completed, "{:?}", a.error);
    // The deadline is the budget less gg's 0.5 s head start.
    assert_eq!(a.logs[0], "1500 1500");
    assert_eq!(b.logs[0], "4500 4500");
    assert_eq!(a.logs[1], std::env::var("PATH").unwrap_or_else(|_| "None".into()));
    assert_eq!(a.logs[2], "['program.py'] True True");
    assert_eq!(a.logs[3], "[]");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_message_over_the_limit_is_trimmed_with_the_count_dropped() {
    let o = run("raise ValueError('x' * 100_000)\n").await;
    let e = o.error.unwrap();
    assert_eq!(e.kind, ErrorClass::Other);
    assert!(e.message.len() <= 16_000, "{}", e.message.len());
    let last = e.message.lines().last().unwrap();
    assert!(
        last.starts_with("… ") && last.ends_with(" characters dropped"),
        "{last}"
    );
    let dropped: usize = last.split(' ').nth(1).unwrap().parse().unwrap();
    let kept = e.message.chars().count() - last.chars().count() - 1;
    let whole = "Traceback (most recent call last):\n  File \"program.py\", line 1, in <module>\n    raise ValueError('x' * 100_000)\nValueError: ".chars().count() + 100_000;
    assert_eq!(kept + dropped, whole);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_generated_err_of_a_program_reaching_past_the_sdk_is_a_failed_call() {
    let o = run("from wit_world.imports import files\nfiles.read_file('nope.txt', None, None)\n").await;
    let e = o.error.unwrap();
    assert_eq!((e.kind, e.code), (ErrorClass::ApiFailure, Some("not-found")));
    assert!(e.message.contains("files.read_file"), "{}", e.message);
    assert_eq!(e.location.map(|l| (l.line, l.column)), Some((2, 1)));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_a_gg_module_does_not_declare_are_unknown_names_however_reached() {
    for (source, wanted) in [
        ("import gg.filez\n", "has no attribute 'filez'; it declares: ApiError"),
        (
            "import gg\ngg.nope\n",
            "module 'gg' has no attribute 'nope'; it declares: ApiError",
        ),
        ("import gg\ngg.tasks.TaskStatus.STARTED\n", ""),
    ] {
        let o = run(source).await;
        let e = o.error.unwrap();
        if wanted.is_empty() {
            // An unknown member of a gg type is an ordinary AttributeError, not an unknown name.
            assert_eq!(e.kind, ErrorClass::Other, "{source}: {}", e.message);
        } else {
            assert_eq!(e.kind, ErrorClass::UnknownName, "{source}: {}", e.message);
            assert!(e.message.contains(wanted), "{source}: {}", e.message);
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn arguments_of_the_wrong_type_are_the_programs_type_error_and_reach_no_tool() {
    let o = run("import gg\ngg.files.read_file(7)\n").await;
    let e = o.error.unwrap();
    assert_eq!(e.kind, ErrorClass::Other);
    assert!(
        e.message
            .ends_with("TypeError: read_file() argument 'path' must be str, not int"),
        "{}",
        e.message
    );
    assert!(o.calls.is_empty());
    let o = run("import gg\ngg.tasks.complete(-1)\n").await;
    assert!(
        o.error
            .unwrap()
            .message
            .ends_with("must be between 0 and 4294967295, not -1")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_docs_are_this_arms_catalogue_in_its_own_spellings() {
    let o = run(
        "import gg\nr = gg.docs.search('read file')\nprint(r.hits[0].name)\ngg.views.open_docs('gg.files.read_file')\n",
    )
    .await;
    assert_eq!(o.status, Status::Completed, "{:?}", o.error);
    assert_eq!(o.logs, ["gg.files.read_file"]);
    assert!(
        o.views[0]
            .body
            .starts_with("gg.files.read_file(path: str, offset: int | None = None"),
        "{}",
        o.views[0].body
    );
}

/// Memories written with code by a first turn, then the program under test as the second turn.
async fn with_modules(program: &str) -> gg_core::SandboxOutcome {
    let mut s = session(Arc::new(MemoryTools::default()));
    let setup = "import gg\n\
        gg.memories.write('notes', 'b', 'n', code='print(\"notes ran\")\\nTITLE = \"Notes\"\\ndef shout(s):\\n    return s.upper()\\n')\n\
        gg.memories.write('broken', 'b', code='raise RuntimeError(\"no\")\\n')\n";
    let first = s.run(setup, &options()).await;
    assert_eq!(first.status, Status::Completed, "{:?}", first.error);
    s.run(program, &options()).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn code_modules_are_reached_every_way_and_run_only_when_reached() {
    let o = with_modules("import lib\nprint('imported')\nprint(lib.notes.shout(lib.notes.TITLE))\n").await;
    assert_eq!(o.logs, ["imported", "notes ran", "NOTES"]);
    assert!(
        o.module_errors.is_empty(),
        "a broken module nobody reached was reported"
    );
    let o = with_modules("from lib import notes\nimport lib.notes\nprint(notes.TITLE, lib.notes is notes)\n").await;
    assert_eq!(o.logs, ["notes ran", "Notes True"]);
    let o = with_modules("from lib.notes import shout\nprint(shout('a'))\n").await;
    assert_eq!(o.logs, ["notes ran", "A"]);
    let o = with_modules("print('no lib line')\nlib\n").await;
    assert_eq!(o.error.unwrap().kind, ErrorClass::UnknownName);
    let o = with_modules("import lib\nlib.broken\nprint('carried on')\n").await;
    assert_eq!(o.status, Status::Completed);
    assert_eq!(o.logs, ["carried on"]);
    assert_eq!(o.module_errors.len(), 1);
    assert!(
        o.module_errors[0].message.ends_with("RuntimeError: no"),
        "{}",
        o.module_errors[0].message
    );
    let mut s = session(Arc::new(MemoryTools::default()));
    s.run(
        "import gg\ngg.memories.write('typo', 'b', 't', code='def f(:\\n    pass\\n')\n",
        &options(),
    )
    .await;
    let o = s
        .run("from lib import typo\nprint(vars(typo).get('f'))\n", &options())
        .await;
    assert_eq!(o.logs, ["None"]);
    assert!(
        o.module_errors[0].message.starts_with("  File \"lib/typo.py\", line 1"),
        "{}",
        o.module_errors[0].message
    );
    assert!(
        o.module_errors[0].message.ends_with("SyntaxError: invalid syntax"),
        "{}",
        o.module_errors[0].message
    );
    let o = with_modules("import lib\nlib.nope\n").await;
    assert!(o.error.unwrap().message.contains("the keys in scope: broken, notes"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failure_inside_a_code_module_is_located_in_it() {
    let mut s = session(Arc::new(MemoryTools::default()));
    s.run(
        "import gg\ngg.memories.write('calc', 'b', 'c', code='def div(a, b):\\n    return a / b\\n')\n",
        &options(),
    )
    .await;
    let o = s.run("import lib\nlib.calc.div(1, 0)\n", &options()).await;
    let e = o.error.unwrap();
    assert!(
        e.message.contains("File \"lib/calc.py\", line 2, in div"),
        "{}",
        e.message
    );
    let l = e.location.unwrap();
    assert_eq!((l.file.as_str(), l.line, l.column), ("lib/calc.py", 2, 12));
}

/// The session's next program reuses the instance slot the last one had: nothing the last one
/// left in a module, the builtins, `sys.modules`, the environment or the heap is there, in that
/// session or another (the memory is reset to the guest's image between programs, pooled or not,
/// the pages the pool keeps resident and the 40 MiB past them alike).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_next_program_finds_nothing_the_last_one_left() {
    let mut s = session(Arc::new(MemoryTools::default()));
    for round in 0..3 {
        let o = s.run(&crate::fixture("state/leave"), &options()).await;
        assert_eq!(o.logs, ["True True 1048576 40"], "round {round}: {:?}", o.error);
        for o in [
            s.run(&crate::fixture("state/find"), &options()).await,
            crate::run(&crate::fixture("state/find")).await,
        ] {
            assert_eq!(
                o.logs,
                ["False False False False", "False False 0"],
                "round {round}: {:?}",
                o.error
            );
        }
    }
}
