//! `WorkspaceTools` exercised for real: each family over a temporary workspace, exact values and codes.

use std::path::Path;
use std::time::{Duration, Instant};

use gg::tools::{READ_CEILING, READ_SCAN_MAX, SEARCH_LINE_MAX, SEARCH_MAX_MATCHES, SHELL_OUTPUT_TAIL, WorkspaceTools};
use gg_core::wire::{
    DirEntry, EntryKind, ErrorCode, FileRead, IssueInput, IssuePatch, IssueStatus, Memory, MemoryHit, SearchMatch,
    TaskInput, TaskPatch, TaskStatus, TextEdit,
};
use gg_core::{Skill, ToolApi, ToolCx, ToolError};

fn cx() -> ToolCx {
    ToolCx { deadline: None }
}

fn workspace() -> (tempfile::TempDir, WorkspaceTools) {
    let dir = tempfile::tempdir().unwrap();
    let tools = WorkspaceTools::open(dir.path().join("ws"), dir.path().join("state")).unwrap();
    (dir, tools)
}

fn code<T: std::fmt::Debug>(result: Result<T, ToolError>) -> (ErrorCode, String) {
    let err = result.expect_err("the call should fail");
    (err.code, err.message)
}

fn s(text: &str) -> String {
    text.to_owned()
}

fn task(title: &str) -> TaskInput {
    TaskInput {
        id: None,
        title: s(title),
        description: None,
        blocked_by: vec![],
    }
}

fn issue(title: &str) -> IssueInput {
    IssueInput {
        title: s(title),
        description: None,
        labels: vec![],
    }
}

fn memory(name: &str, description: &str, body: &str) -> Memory {
    Memory {
        name: s(name),
        description: s(description),
        body: s(body),
        code: None,
    }
}

// ---------------------------------------------------------------- files

#[tokio::test]
async fn open_creates_the_root_and_its_state_directory() {
    let dir = tempfile::tempdir().unwrap();
    let tools = WorkspaceTools::open(dir.path().join("a/b"), dir.path().join("s/t")).unwrap();
    assert!(dir.path().join("s/t").is_dir());
    assert!(
        !dir.path().join("a/b/.gg").exists(),
        "gg's state is not in the workspace"
    );
    assert_eq!(tools.root(), dir.path().join("a/b").canonicalize().unwrap());
    assert_eq!(tools.state(), dir.path().join("s/t").canonicalize().unwrap());
}

#[tokio::test]
async fn write_then_read_whole_and_windows() {
    let (_dir, t) = workspace();
    assert_eq!(
        t.write_file(&cx(), s("sub/dir/f.txt"), s("a\nb\nc\nd\ne"))
            .await
            .unwrap(),
        9
    );
    let whole = t.read_file(&cx(), s("sub/dir/f.txt"), None, None).await.unwrap();
    assert_eq!(
        whole,
        FileRead {
            contents: s("a\nb\nc\nd\ne"),
            first_line: 1,
            last_line: 5,
            total_lines: 5,
            truncated: false
        }
    );
    let window = t.read_file(&cx(), s("sub/dir/f.txt"), Some(1), Some(2)).await.unwrap();
    assert_eq!(
        window,
        FileRead {
            contents: s("b\nc\n"),
            first_line: 2,
            last_line: 3,
            total_lines: 5,
            truncated: false
        }
    );
    let tail = t.read_file(&cx(), s("sub/dir/f.txt"), Some(3), None).await.unwrap();
    assert_eq!(
        tail,
        FileRead {
            contents: s("d\ne"),
            first_line: 4,
            last_line: 5,
            total_lines: 5,
            truncated: false
        }
    );
    let past = t.read_file(&cx(), s("sub/dir/f.txt"), Some(9), Some(3)).await.unwrap();
    assert_eq!(
        past,
        FileRead {
            contents: s(""),
            first_line: 0,
            last_line: 0,
            total_lines: 5,
            truncated: false
        }
    );

    t.write_file(&cx(), s("empty"), s("")).await.unwrap();
    let empty = t.read_file(&cx(), s("empty"), None, None).await.unwrap();
    assert_eq!(
        empty,
        FileRead {
            contents: s(""),
            first_line: 0,
            last_line: 0,
            total_lines: 0,
            truncated: false
        }
    );

    // An absolute path inside the workspace is allowed.
    let absolute = t.root().join("sub/dir/f.txt").to_str().unwrap().to_owned();
    assert_eq!(
        t.read_file(&cx(), absolute, Some(4), Some(1)).await.unwrap().contents,
        "e"
    );
    // Overwriting replaces.
    assert_eq!(t.write_file(&cx(), s("sub/dir/f.txt"), s("new\n")).await.unwrap(), 4);
    assert_eq!(
        std::fs::read_to_string(t.root().join("sub/dir/f.txt")).unwrap(),
        "new\n"
    );
}

#[tokio::test]
async fn read_stops_before_the_line_that_passes_the_byte_ceiling() {
    let (_dir, t) = workspace();
    let line = format!("{}\n", "x".repeat(999)); // 1000 bytes
    t.write_file(&cx(), s("big.txt"), line.repeat(300)).await.unwrap();
    let read = t.read_file(&cx(), s("big.txt"), None, None).await.unwrap();
    let fits = READ_CEILING / 1000; // 262
    assert_eq!(read.contents.len(), fits * 1000);
    assert_eq!(
        (read.first_line, read.last_line, read.total_lines, read.truncated),
        (1, fits as u32, 300, true)
    );
    // The next window starts where this one stopped and reaches the end.
    let rest = t
        .read_file(&cx(), s("big.txt"), Some(read.last_line), None)
        .await
        .unwrap();
    assert_eq!(
        (rest.first_line, rest.last_line, rest.truncated),
        (fits as u32 + 1, 300, false)
    );
    // A limit under the ceiling is not truncation.
    let few = t.read_file(&cx(), s("big.txt"), Some(10), Some(5)).await.unwrap();
    assert_eq!(
        (few.first_line, few.last_line, few.contents.len(), few.truncated),
        (11, 15, 5000, false)
    );

    // A single line longer than the ceiling comes back cut, at a character boundary.
    t.write_file(&cx(), s("one-line.txt"), format!("{}\nz\n", "é".repeat(READ_CEILING)))
        .await
        .unwrap();
    let cut = t.read_file(&cx(), s("one-line.txt"), None, None).await.unwrap();
    assert_eq!(cut.contents, "é".repeat(READ_CEILING / 2));
    assert_eq!(
        (cut.first_line, cut.last_line, cut.total_lines, cut.truncated),
        (1, 1, 2, true)
    );
}

#[tokio::test]
async fn a_read_streams_lines_and_characters_across_its_chunks() {
    // Lines of 3-byte characters whose ends fall all over the reader's 64 KiB chunks.
    let (_dir, t) = workspace();
    let text: String = (1..=400).map(|i| format!("{}\n", "€".repeat(i * 7))).collect();
    t.write_file(&cx(), s("euro.txt"), text.clone()).await.unwrap();
    let read = t.read_file(&cx(), s("euro.txt"), Some(100), Some(20)).await.unwrap();
    let expected: String = text.split_inclusive('\n').skip(100).take(20).collect();
    assert_eq!(read.contents, expected);
    assert_eq!((read.first_line, read.last_line, read.total_lines), (101, 120, 400));
    // A broken character far past the window is still found: the whole file is checked.
    let mut bytes = text.into_bytes();
    let end = bytes.len() - 2;
    bytes[end] = 0xff;
    std::fs::write(t.root().join("euro.txt"), bytes).unwrap();
    let (c, _) = code(t.read_file(&cx(), s("euro.txt"), None, Some(1)).await);
    assert_eq!(c, ErrorCode::InvalidArgument);
}

#[tokio::test]
async fn a_fifo_is_refused_at_once_and_a_sparse_file_read_within_bounds() {
    let (_dir, t) = workspace();
    let made = std::process::Command::new("mkfifo")
        .arg(t.root().join("pipe"))
        .status()
        .unwrap();
    assert!(made.success());
    for result in [
        t.read_file(&cx(), s("pipe"), None, None).await.map(|_| ()),
        t.write_file(&cx(), s("pipe"), s("x")).await.map(|_| ()),
        t.edit_file(&cx(), s("pipe"), s("a"), s("b")).await.map(|_| ()),
    ] {
        let (c, message) = code(result);
        assert_eq!(c, ErrorCode::InvalidArgument);
        assert!(message.contains("`pipe` is a FIFO, not a regular file"), "{message}");
    }
    // 4 GiB of nothing, one line: the window's first 256 KiB, and no further than the scan bound.
    let sparse = std::fs::File::create(t.root().join("sparse.bin")).unwrap();
    sparse.set_len(4 << 30).unwrap();
    let read = t.read_file(&cx(), s("sparse.bin"), None, None).await.unwrap();
    assert_eq!(read.contents.len(), READ_CEILING);
    assert_eq!(
        (read.first_line, read.last_line, read.total_lines, read.truncated),
        (1, 1, 1, true)
    );
    let (c, message) = code(t.read_file(&cx(), s("sparse.bin"), Some(1), None).await);
    assert_eq!(c, ErrorCode::LimitExceeded);
    assert!(
        message.contains(&format!("past its first {} MiB", READ_SCAN_MAX >> 20)),
        "{message}"
    );
    let (c, _) = code(t.edit_file(&cx(), s("sparse.bin"), s("a"), s("b")).await);
    assert_eq!(c, ErrorCode::LimitExceeded);
    // The tools' own files: a FIFO there is refused too, never waited on.
    let made = std::process::Command::new("mkfifo")
        .arg(t.state().join("tasks.json"))
        .status()
        .unwrap();
    assert!(made.success());
    let (c, message) = code(t.list_tasks(&cx()).await);
    assert_eq!(c, ErrorCode::InvalidArgument);
    assert!(message.contains("is a FIFO"), "{message}");
}

#[tokio::test]
async fn a_compile_cache_entry_is_never_written_nor_truncated() {
    let (_dir, t) = workspace();
    // A file carrying gg's digest attribute, as every compile-cache entry does.
    let entry = t.root().join("entry.cwasm");
    std::fs::write(&entry, b"compiled").unwrap();
    let file = std::fs::File::open(&entry).unwrap();
    rustix::fs::fsetxattr(
        &file,
        "user.gg.cwasm-sha256",
        &[0u8; 32],
        rustix::fs::XattrFlags::empty(),
    )
    .unwrap();
    for result in [
        t.write_file(&cx(), s("entry.cwasm"), s("x")).await.map(|_| ()),
        t.edit_file(&cx(), s("entry.cwasm"), s("compiled"), s("x"))
            .await
            .map(|_| ()),
    ] {
        let (c, message) = code(result);
        assert_eq!(c, ErrorCode::Refused);
        assert!(message.contains("one of gg's compiled guests"), "{message}");
    }
    assert_eq!(std::fs::read(&entry).unwrap(), b"compiled");
}

#[tokio::test]
async fn read_refuses_missing_directories_and_binary() {
    let (_dir, t) = workspace();
    assert_eq!(
        code(t.read_file(&cx(), s("nope.txt"), None, None).await).0,
        ErrorCode::NotFound
    );
    std::fs::create_dir(t.root().join("d")).unwrap();
    assert_eq!(
        code(t.read_file(&cx(), s("d"), None, None).await).0,
        ErrorCode::InvalidArgument
    );
    std::fs::write(t.root().join("bin"), b"ok\n\xff\xfe\n").unwrap();
    let (c, message) = code(t.read_file(&cx(), s("bin"), None, None).await);
    assert_eq!(c, ErrorCode::InvalidArgument);
    assert!(message.contains("not a text file"), "{message}");
    assert_eq!(
        code(t.write_file(&cx(), s("d"), s("x")).await).0,
        ErrorCode::InvalidArgument
    );
}

#[tokio::test]
async fn paths_that_leave_the_workspace_are_refused() {
    let (dir, t) = workspace();
    let outside = dir.path().join("outside");
    std::fs::create_dir(&outside).unwrap();
    std::fs::write(outside.join("secret.txt"), "secret").unwrap();
    std::os::unix::fs::symlink(&outside, t.root().join("out-link")).unwrap();
    std::os::unix::fs::symlink("../outside/secret.txt", t.root().join("relative-out")).unwrap();
    std::os::unix::fs::symlink(outside.join("not-yet"), t.root().join("dangling-out")).unwrap();

    for path in [
        "../x",
        "/etc/passwd",
        "a/../../x",
        "out-link/secret.txt",
        "relative-out",
        "out-link",
    ] {
        let (c, message) = code(t.read_file(&cx(), s(path), None, None).await);
        assert_eq!(c, ErrorCode::Refused, "{path}");
        assert_eq!(message, format!("`{path}` is outside the workspace"));
    }
    for path in ["../x", "out-link/new.txt", "dangling-out"] {
        assert_eq!(
            code(t.write_file(&cx(), s(path), s("x")).await).0,
            ErrorCode::Refused,
            "{path}"
        );
    }
    assert_eq!(
        code(t.edit_file(&cx(), s("relative-out"), s("secret"), s("x")).await).0,
        ErrorCode::Refused
    );
    assert_eq!(code(t.list_dir(&cx(), Some(s("out-link"))).await).0, ErrorCode::Refused);
    assert_eq!(
        code(t.search_files(&cx(), s("secret"), Some(s("..")), false).await).0,
        ErrorCode::Refused
    );
    // Nothing was written outside, and the secret is intact.
    assert!(!dir.path().join("x").exists() && !outside.join("new.txt").exists() && !outside.join("not-yet").exists());
    assert_eq!(std::fs::read_to_string(outside.join("secret.txt")).unwrap(), "secret");
    // gg's own state lies outside the workspace, out of the files tools' reach.
    t.add_task(&cx(), task("state")).await.unwrap();
    assert_eq!(
        code(t.read_file(&cx(), s("../state/tasks.json"), None, None).await).0,
        ErrorCode::Refused
    );
    let state = t.state().join("tasks.json").to_string_lossy().into_owned();
    assert_eq!(code(t.read_file(&cx(), state, None, None).await).0, ErrorCode::Refused);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_directory_swapped_for_a_link_mid_call_never_leads_outside() {
    // A thread swaps `d` between a directory of the workspace and a link to a directory outside
    // it, as fast as it can, while the files tools read, write, list and search through `d`.
    let (dir, t) = workspace();
    let outside = dir.path().join("outside");
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::write(outside.join("f.txt"), "SECRET\n").unwrap();
    std::fs::write(outside.join("outside-only"), "").unwrap();
    t.write_file(&cx(), s("real/f.txt"), s("inside\n")).await.unwrap();
    let root = t.root().to_owned();
    std::os::unix::fs::symlink(&outside, root.join("link")).unwrap();
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    // `d` is always there: atomically exchanged with `link`, it is the workspace's directory half
    // the time and the link to outside the other half.
    std::fs::rename(root.join("real"), root.join("d")).unwrap();
    let swapper = {
        let (root, stop) = (root.clone(), stop.clone());
        std::thread::spawn(move || {
            let mut swaps = 0u64;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                rustix::fs::renameat_with(
                    rustix::fs::CWD,
                    root.join("d"),
                    rustix::fs::CWD,
                    root.join("link"),
                    rustix::fs::RenameFlags::EXCHANGE,
                )
                .expect("the exchange");
                swaps += 1;
            }
            swaps
        })
    };
    let mut seen_inside = 0;
    for i in 0..600 {
        if let Ok(read) = t.read_file(&cx(), s("d/f.txt"), None, None).await {
            assert_ne!(read.contents, "SECRET\n", "a read followed the swapped link");
            seen_inside += 1;
        }
        let _ = t.write_file(&cx(), format!("d/w{i}.txt"), s("x")).await;
        let _ = t.edit_file(&cx(), s("d/f.txt"), s("SECRET"), s("CHANGED")).await;
        if let Ok(entries) = t.list_dir(&cx(), Some(s("d"))).await {
            assert!(
                !entries.iter().any(|e| e.name == "outside-only"),
                "a listing followed the link"
            );
        }
        if let Ok(found) = t.search_files(&cx(), s("SECRET"), None, false).await {
            assert!(found.is_empty(), "a search followed the swapped link: {found:?}");
        }
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let swaps = swapper.join().unwrap();
    assert!(swaps > 100, "the swapper ran ({swaps} swaps)");
    assert!(seen_inside > 0, "some reads landed inside");
    // Nothing was written outside, and the outside file is intact.
    let written: Vec<_> = std::fs::read_dir(&outside)
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    let mut written = written;
    written.sort();
    assert_eq!(
        written,
        ["f.txt", "outside-only"].map(std::ffi::OsString::from),
        "files written outside"
    );
    assert_eq!(std::fs::read_to_string(outside.join("f.txt")).unwrap(), "SECRET\n");
}

#[tokio::test]
async fn symlinks_inside_the_workspace_are_followed() {
    let (_dir, t) = workspace();
    t.write_file(&cx(), s("real/file.txt"), s("inside\n")).await.unwrap();
    std::os::unix::fs::symlink("real", t.root().join("alias")).unwrap();
    std::os::unix::fs::symlink(t.root().join("real/file.txt"), t.root().join("abs-alias")).unwrap();
    assert_eq!(
        t.read_file(&cx(), s("alias/file.txt"), None, None)
            .await
            .unwrap()
            .contents,
        "inside\n"
    );
    assert_eq!(
        t.read_file(&cx(), s("abs-alias"), None, None).await.unwrap().contents,
        "inside\n"
    );
    // A `..` that stays inside is fine.
    assert_eq!(
        t.read_file(&cx(), s("real/../alias/./file.txt"), None, None)
            .await
            .unwrap()
            .contents,
        "inside\n"
    );
    t.write_file(&cx(), s("alias/new.txt"), s("via link")).await.unwrap();
    assert_eq!(
        std::fs::read_to_string(t.root().join("real/new.txt")).unwrap(),
        "via link"
    );
    // A symlink loop is an error, not a hang.
    std::os::unix::fs::symlink("loop", t.root().join("loop")).unwrap();
    assert_eq!(
        code(t.read_file(&cx(), s("loop"), None, None).await).0,
        ErrorCode::InvalidArgument
    );
}

#[tokio::test]
async fn edit_file_has_three_outcomes() {
    let (_dir, t) = workspace();
    t.write_file(&cx(), s("e.txt"), s("one two two two three"))
        .await
        .unwrap();
    assert_eq!(
        code(t.edit_file(&cx(), s("e.txt"), s(""), s("x")).await).0,
        ErrorCode::InvalidArgument
    );
    assert_eq!(
        code(t.edit_file(&cx(), s("e.txt"), s("four"), s("x")).await).0,
        ErrorCode::NotFound
    );
    let (c, message) = code(t.edit_file(&cx(), s("e.txt"), s("two"), s("2")).await);
    assert_eq!(c, ErrorCode::Conflict);
    assert!(
        message.contains("occurs 3 times") && message.contains("make it unique"),
        "{message}"
    );
    assert_eq!(t.edit_file(&cx(), s("e.txt"), s("one"), s("1")).await.unwrap(), 1);
    assert_eq!(
        t.edit_file(&cx(), s("e.txt"), s("two two two"), s("2")).await.unwrap(),
        1
    );
    assert_eq!(std::fs::read_to_string(t.root().join("e.txt")).unwrap(), "1 2 three");
    assert_eq!(
        code(t.edit_file(&cx(), s("missing.txt"), s("a"), s("b")).await).0,
        ErrorCode::NotFound
    );
}

#[tokio::test]
async fn list_dir_is_sorted_typed_and_hides_state() {
    let (_dir, t) = workspace();
    t.write_file(&cx(), s("b.txt"), s("")).await.unwrap();
    t.write_file(&cx(), s("a/inner.txt"), s("")).await.unwrap();
    std::os::unix::fs::symlink("b.txt", t.root().join("c-link")).unwrap();
    let entry = |path: &str, kind| DirEntry {
        name: s(path.rsplit('/').next().unwrap()),
        path: s(path),
        kind,
    };
    assert_eq!(
        t.list_dir(&cx(), None).await.unwrap(),
        vec![
            entry("a", EntryKind::Directory),
            entry("b.txt", EntryKind::File),
            entry("c-link", EntryKind::Symlink)
        ]
    );
    // An entry's path is relative to the workspace however the directory was named.
    for given in ["a", "a/", "./a", "a/../a"] {
        assert_eq!(
            t.list_dir(&cx(), Some(s(given))).await.unwrap(),
            vec![entry("a/inner.txt", EntryKind::File)],
            "{given}"
        );
    }
    assert_eq!(
        code(t.list_dir(&cx(), Some(s("b.txt"))).await).0,
        ErrorCode::InvalidArgument
    );
    assert_eq!(code(t.list_dir(&cx(), Some(s("zzz"))).await).0, ErrorCode::NotFound);
}

#[tokio::test]
async fn search_finds_lines_in_text_files_only() {
    let (_dir, t) = workspace();
    t.write_file(&cx(), s("src/a.rs"), s("fn main() {}\n// TODO: one\r\nlet x = 1;\n"))
        .await
        .unwrap();
    t.write_file(&cx(), s("b.txt"), s("todo lower\nTODO: two\n"))
        .await
        .unwrap();
    t.write_file(&cx(), s(".git/config"), s("TODO: hidden\n"))
        .await
        .unwrap();
    std::fs::write(t.root().join("blob.bin"), b"TODO: \0binary\n").unwrap();
    let m = |path: &str, line, text: &str| SearchMatch {
        path: s(path),
        line,
        text: s(text),
    };
    assert_eq!(
        t.search_files(&cx(), s("TODO: \\w+"), None, false).await.unwrap(),
        vec![m("b.txt", 2, "TODO: two"), m("src/a.rs", 2, "// TODO: one")]
    );
    assert_eq!(
        t.search_files(&cx(), s("(?i)todo"), Some(s("src")), false)
            .await
            .unwrap(),
        vec![m("src/a.rs", 2, "// TODO: one")]
    );
    assert_eq!(
        t.search_files(&cx(), s("todo"), Some(s("src")), true).await.unwrap(),
        vec![m("src/a.rs", 2, "// TODO: one")],
        "ignore_case matches either case"
    );
    assert_eq!(
        t.search_files(&cx(), s("todo"), Some(s("src")), false).await.unwrap(),
        vec![]
    );
    assert_eq!(
        t.search_files(&cx(), s("lower"), Some(s("b.txt")), false)
            .await
            .unwrap(),
        vec![m("b.txt", 1, "todo lower")]
    );
    let (c, message) = code(t.search_files(&cx(), s("a(b"), None, false).await);
    assert_eq!(c, ErrorCode::InvalidArgument);
    assert!(
        message.contains("regular expression") && message.contains("unclosed group"),
        "{message}"
    );
}

#[tokio::test]
async fn search_bounds_matches_and_line_length() {
    let (_dir, t) = workspace();
    t.write_file(&cx(), s("many.txt"), "hit\n".repeat(SEARCH_MAX_MATCHES + 500))
        .await
        .unwrap();
    let found = t.search_files(&cx(), s("hit"), None, false).await.unwrap();
    assert_eq!(found.len(), SEARCH_MAX_MATCHES);
    assert_eq!(found.last().unwrap().line as usize, SEARCH_MAX_MATCHES);
    t.write_file(&cx(), s("long.txt"), format!("needle{}\n", "ж".repeat(400)))
        .await
        .unwrap();
    let long = t.search_files(&cx(), s("needle"), None, false).await.unwrap();
    assert_eq!(long.len(), 1);
    // 6 bytes of "needle", then 247 two-byte characters: 500 would split the 248th.
    assert_eq!(long[0].text, format!("needle{}", "ж".repeat(247)));
    assert!(long[0].text.len() <= SEARCH_LINE_MAX);
}

// ---------------------------------------------------------------- shell

#[tokio::test]
async fn shell_reports_exit_codes_and_runs_in_the_root() {
    let (_dir, t) = workspace();
    let out = t
        .shell(&cx(), s("echo hello; exit 3"), Duration::from_secs(30))
        .await
        .unwrap();
    assert_eq!(
        (out.exit_code, out.timed_out, out.output.as_str(), out.truncated),
        (3, false, "hello\n", false)
    );
    let pwd = t.shell(&cx(), s("pwd"), Duration::from_secs(30)).await.unwrap();
    assert_eq!(pwd.output, format!("{}\n", t.root().display()));
    // stdin is empty, so a reader of it ends at once.
    let cat = t
        .shell(&cx(), s("cat; echo done"), Duration::from_secs(30))
        .await
        .unwrap();
    assert_eq!((cat.exit_code, cat.output.as_str()), (0, "done\n"));
    // A command killed by signal N exits 128+N, as a shell says it.
    let killed = t.shell(&cx(), s("kill -9 $$"), Duration::from_secs(30)).await.unwrap();
    assert_eq!((killed.exit_code, killed.timed_out), (128 + 9, false));
}

#[tokio::test]
async fn shell_merges_stdout_and_stderr_in_order() {
    let (_dir, t) = workspace();
    let out = t
        .shell(
            &cx(),
            s("echo one; echo two >&2; echo three; echo four >&2"),
            Duration::from_secs(30),
        )
        .await
        .unwrap();
    assert_eq!(out.output, "one\ntwo\nthree\nfour\n");
    // A syntax error is output too.
    let bad = t.shell(&cx(), s("if then"), Duration::from_secs(30)).await.unwrap();
    assert_ne!(bad.exit_code, 0);
    assert!(bad.output.to_lowercase().contains("syntax"), "{}", bad.output);
}

#[tokio::test]
async fn shell_timeout_kills_the_command() {
    let (_dir, t) = workspace();
    let started = Instant::now();
    let out = t
        .shell(&cx(), s("echo before; sleep 30"), Duration::from_secs(1))
        .await
        .unwrap();
    let took = started.elapsed();
    assert!(
        took >= Duration::from_secs(1) && took < Duration::from_secs(10),
        "took {took:?}"
    );
    assert_eq!((out.exit_code, out.timed_out), (124, true));
    assert_eq!(out.output, "before\n[killed after 1 s timeout]");
    assert!(!out.truncated);
}

/// Whether process `pid` has ended (gone, or a zombie waiting to be reaped).
fn ended(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        // The state follows the parenthesised command name.
        Ok(stat) => stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| rest.trim_start().starts_with(['Z', 'X'])),
    }
}

async fn wait_ended(pid: u32) -> bool {
    for _ in 0..100 {
        if ended(pid) {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    false
}

/// Runs `command` (which writes a background child's pid to `bg.pid`), asserting the call came
/// back well within 10 s; returns the output and the child's pid.
async fn shell_with_background_child(
    t: &WorkspaceTools,
    command: &str,
    timeout: Duration,
) -> (gg_core::wire::ShellOutput, u32) {
    let started = Instant::now();
    let out = t.shell(&cx(), s(command), timeout).await.unwrap();
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "took {:?}",
        started.elapsed()
    );
    let pid = std::fs::read_to_string(t.root().join("bg.pid"))
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    (out, pid)
}

#[tokio::test]
async fn shell_timeout_kills_the_children_too() {
    let (_dir, t) = workspace();
    let (out, pid) = shell_with_background_child(
        &t,
        "sh -c 'sleep 30 & echo $! > bg.pid; sleep 30'",
        Duration::from_secs(1),
    )
    .await;
    assert_eq!((out.exit_code, out.timed_out), (124, true));
    assert_eq!(out.output, "[killed after 1 s timeout]");
    assert!(wait_ended(pid).await, "the background sleep {pid} survived the timeout");
}

#[tokio::test]
async fn shell_does_not_wait_for_what_the_command_left_running() {
    let (_dir, t) = workspace();
    let (out, pid) =
        shell_with_background_child(&t, "sleep 30 & echo $! > bg.pid; echo started", Duration::from_secs(60)).await;
    assert_eq!((out.exit_code, out.output.as_str()), (0, "started\n"));
    assert!(wait_ended(pid).await, "the background sleep {pid} outlived the call");
}

#[tokio::test]
async fn shell_keeps_the_tail_of_long_output() {
    let (_dir, t) = workspace();
    let full: String = (1..=30000).map(|n| format!("{n}\n")).collect();
    let out = t.shell(&cx(), s("seq 1 30000"), Duration::from_secs(60)).await.unwrap();
    assert_eq!(out.exit_code, 0);
    assert!(out.truncated);
    let (header, kept) = out.output.split_once('\n').unwrap();
    let dropped: usize = header
        .strip_prefix("… ")
        .and_then(|h| h.strip_suffix(" bytes dropped"))
        .unwrap()
        .parse()
        .unwrap();
    assert!(kept.len() <= SHELL_OUTPUT_TAIL);
    assert_eq!(dropped + kept.len(), full.len());
    // The kept part is the exact tail, starting on a whole line.
    assert_eq!(kept, &full[dropped..]);
    assert_eq!(full.as_bytes()[dropped - 1], b'\n');
    assert!(kept.ends_with("29999\n30000\n"));

    let short = t.shell(&cx(), s("seq 1 3"), Duration::from_secs(60)).await.unwrap();
    assert_eq!((short.output.as_str(), short.truncated), ("1\n2\n3\n", false));
}

// ---------------------------------------------------------------- tasks

#[tokio::test]
async fn tasks_add_update_complete_remove() {
    let (_dir, t) = workspace();
    assert_eq!(t.add_task(&cx(), task("first")).await.unwrap().id, 1);
    assert_eq!(t.add_task(&cx(), task("second")).await.unwrap().id, 2);
    let explicit = TaskInput {
        id: Some(10),
        title: s("tenth"),
        description: Some(s("d")),
        blocked_by: vec![1, 2, 1],
    };
    assert_eq!(t.add_task(&cx(), explicit).await.unwrap().id, 10);
    assert_eq!(t.add_task(&cx(), task("next")).await.unwrap().id, 11);
    assert_eq!(
        t.add_task(
            &cx(),
            TaskInput {
                id: Some(5),
                ..task("fifth")
            }
        )
        .await
        .unwrap()
        .id,
        5
    );

    assert_eq!(
        code(
            t.add_task(
                &cx(),
                TaskInput {
                    id: Some(2),
                    ..task("dup")
                }
            )
            .await
        )
        .0,
        ErrorCode::Conflict
    );
    assert_eq!(code(t.add_task(&cx(), task("  ")).await).0, ErrorCode::InvalidArgument);
    let (c, message) = code(
        t.add_task(
            &cx(),
            TaskInput {
                blocked_by: vec![1, 42],
                ..task("x")
            },
        )
        .await,
    );
    assert_eq!(c, ErrorCode::NotFound);
    assert!(message.contains("42"), "{message}");

    let patch = TaskPatch {
        title: Some(s("FIRST")),
        description: TextEdit::Set(s("about")),
        status: Some(TaskStatus::InProgress),
    };
    t.update_task(&cx(), 1, patch).await.unwrap();
    t.update_task(
        &cx(),
        10,
        TaskPatch {
            title: None,
            description: TextEdit::Clear,
            status: None,
        },
    )
    .await
    .unwrap();
    t.complete_task(&cx(), 2).await.unwrap();
    t.remove_task(&cx(), 1).await.unwrap();

    let keep = TaskPatch {
        title: None,
        description: TextEdit::Keep,
        status: None,
    };
    assert_eq!(
        code(t.update_task(&cx(), 99, keep.clone()).await).0,
        ErrorCode::NotFound
    );
    assert_eq!(
        code(
            t.update_task(
                &cx(),
                2,
                TaskPatch {
                    title: Some(s("")),
                    ..keep
                }
            )
            .await
        )
        .0,
        ErrorCode::InvalidArgument
    );
    assert_eq!(code(t.complete_task(&cx(), 99).await).0, ErrorCode::NotFound);
    assert_eq!(code(t.remove_task(&cx(), 1).await).0, ErrorCode::NotFound);

    let summary: Vec<_> = t
        .list_tasks(&cx())
        .await
        .unwrap()
        .into_iter()
        .map(|t| (t.id, t.title, t.description, t.status, t.blocked_by))
        .collect();
    assert_eq!(
        summary,
        vec![
            (2, s("second"), None, TaskStatus::Done, vec![]),
            (5, s("fifth"), None, TaskStatus::Pending, vec![]),
            (10, s("tenth"), None, TaskStatus::Pending, vec![2]),
            (11, s("next"), None, TaskStatus::Pending, vec![]),
        ]
    );
}

#[tokio::test]
async fn tasks_and_board_persist_across_opens() {
    let dir = tempfile::tempdir().unwrap();
    {
        let t = WorkspaceTools::open(dir.path().join("ws"), dir.path().join("state")).unwrap();
        t.add_task(&cx(), task("kept")).await.unwrap();
        t.create_issue(&cx(), issue("one")).await.unwrap();
        t.create_issue(&cx(), issue("two")).await.unwrap();
        t.remove_issue(&cx(), 2).await.unwrap();
        t.write_memory(&cx(), memory("m", "d", "b")).await.unwrap();
    }
    let t = WorkspaceTools::open(dir.path().join("ws"), dir.path().join("state")).unwrap();
    let tasks = t.list_tasks(&cx()).await.unwrap();
    assert_eq!(
        tasks.iter().map(|t| (t.id, t.title.as_str())).collect::<Vec<_>>(),
        vec![(1, "kept")]
    );
    // The removed issue's id is not reused, even by another opening.
    assert_eq!(t.create_issue(&cx(), issue("three")).await.unwrap().id, 3);
    assert_eq!(t.read_memory(&cx(), s("m")).await.unwrap(), memory("m", "d", "b"));
    assert!(dir.path().join("state/tasks.json").is_file() && dir.path().join("state/board.json").is_file());
}

// ---------------------------------------------------------------- board

#[tokio::test]
async fn board_issues_lifecycle() {
    let (_dir, t) = workspace();
    assert_eq!(t.create_issue(&cx(), issue("a")).await.unwrap().id, 1);
    let b = IssueInput {
        title: s("b"),
        description: Some(s("bd")),
        labels: vec![s("bug")],
    };
    assert_eq!(t.create_issue(&cx(), b).await.unwrap().id, 2);
    assert_eq!(t.create_issue(&cx(), issue("c")).await.unwrap().id, 3);
    assert_eq!(
        code(t.create_issue(&cx(), issue("")).await).0,
        ErrorCode::InvalidArgument
    );
    t.remove_issue(&cx(), 3).await.unwrap();
    assert_eq!(t.create_issue(&cx(), issue("d")).await.unwrap().id, 4);

    let close = IssuePatch {
        title: Some(s("A")),
        description: TextEdit::Set(s("ad")),
        labels: Some(vec![s("x"), s("y")]),
        status: Some(IssueStatus::Closed),
    };
    t.update_issue(&cx(), 1, close).await.unwrap();
    let clear = IssuePatch {
        title: None,
        description: TextEdit::Clear,
        labels: None,
        status: None,
    };
    t.update_issue(&cx(), 2, clear.clone()).await.unwrap();
    assert_eq!(code(t.update_issue(&cx(), 3, clear).await).0, ErrorCode::NotFound);
    assert_eq!(code(t.remove_issue(&cx(), 3).await).0, ErrorCode::NotFound);

    let all = t.list_issues(&cx(), None).await.unwrap();
    let summary: Vec<_> = all
        .iter()
        .map(|i| {
            (
                i.id,
                i.title.as_str(),
                i.description.as_deref(),
                i.labels.clone(),
                i.status,
            )
        })
        .collect();
    assert_eq!(
        summary,
        vec![
            (1, "A", Some("ad"), vec![s("x"), s("y")], IssueStatus::Closed),
            (2, "b", None, vec![s("bug")], IssueStatus::Open),
            (4, "d", None, vec![], IssueStatus::Open),
        ]
    );
    let open: Vec<u32> = t
        .list_issues(&cx(), Some(IssueStatus::Open))
        .await
        .unwrap()
        .iter()
        .map(|i| i.id)
        .collect();
    assert_eq!(open, vec![2, 4]);
    let closed: Vec<u32> = t
        .list_issues(&cx(), Some(IssueStatus::Closed))
        .await
        .unwrap()
        .iter()
        .map(|i| i.id)
        .collect();
    assert_eq!(closed, vec![1]);
}

// ---------------------------------------------------------------- memories

#[tokio::test]
async fn memories_write_read_replace_delete() {
    let (_dir, t) = workspace();
    let with_code = Memory {
        code: Some(s("export const x = 1;")),
        ..memory("build-notes", "how to build", "run make")
    };
    t.write_memory(&cx(), with_code.clone()).await.unwrap();
    assert_eq!(t.read_memory(&cx(), s("build-notes")).await.unwrap(), with_code);
    t.write_memory(&cx(), memory("build-notes", "replaced", "new"))
        .await
        .unwrap();
    assert_eq!(
        t.read_memory(&cx(), s("build-notes")).await.unwrap(),
        memory("build-notes", "replaced", "new")
    );
    t.delete_memory(&cx(), s("build-notes")).await.unwrap();
    assert_eq!(
        code(t.read_memory(&cx(), s("build-notes")).await).0,
        ErrorCode::NotFound
    );
    assert_eq!(
        code(t.delete_memory(&cx(), s("build-notes")).await).0,
        ErrorCode::NotFound
    );

    let too_long = "a".repeat(65);
    for bad in ["", "a/b", "a.b", "../x", "sp ace", too_long.as_str()] {
        assert_eq!(
            code(t.write_memory(&cx(), memory(bad, "", "")).await).0,
            ErrorCode::InvalidArgument,
            "{bad:?}"
        );
        assert_eq!(
            code(t.read_memory(&cx(), s(bad)).await).0,
            ErrorCode::InvalidArgument,
            "{bad:?}"
        );
    }
    t.write_memory(&cx(), memory(&"a".repeat(64), "", "")).await.unwrap();
}

#[tokio::test]
async fn memory_search_scores_and_orders() {
    let (_dir, t) = workspace();
    t.write_memory(&cx(), memory("rust-tips", "Rust notes", "cargo build; cargo test"))
        .await
        .unwrap();
    t.write_memory(&cx(), memory("cargo", "the cargo tool", "nothing"))
        .await
        .unwrap();
    t.write_memory(&cx(), memory("python", "unrelated", "pip install"))
        .await
        .unwrap();
    t.write_memory(&cx(), memory("b-tie", "CARGO", "")).await.unwrap();
    t.write_memory(&cx(), memory("a-tie", "", "cargo")).await.unwrap();
    t.write_memory(&cx(), memory("c-tie", "", "Cargo")).await.unwrap();
    let hit = |name: &str, description: &str, score| MemoryHit {
        name: s(name),
        description: s(description),
        score,
    };
    assert_eq!(
        t.search_memories(&cx(), vec![s("Cargo"), s("RUST")]).await.unwrap(),
        vec![
            // name "rust" 3, description "rust" 2, body "cargo" twice 1 each
            hit("rust-tips", "Rust notes", 7),
            // name "cargo" 3, description "cargo" 2
            hit("cargo", "the cargo tool", 5),
            // a description weighs more than a body
            hit("b-tie", "CARGO", 2),
            // ties by name
            hit("a-tie", "", 1),
            hit("c-tie", "", 1),
        ]
    );
    assert_eq!(t.search_memories(&cx(), vec![s("absent")]).await.unwrap(), vec![]);
    // No keyword (a blank one is none) lists every memory by name, score 0 (decision 0131).
    let listed = t.search_memories(&cx(), vec![s(" ")]).await.unwrap();
    let names: Vec<&str> = listed.iter().map(|h| h.name.as_str()).collect();
    assert_eq!(names, ["a-tie", "b-tie", "c-tie", "cargo", "python", "rust-tips"]);
    assert!(listed.iter().all(|h| h.score == 0));
    assert_eq!(t.search_memories(&cx(), vec![]).await.unwrap(), listed);

    for n in 0..25 {
        t.write_memory(&cx(), memory(&format!("many-{n:02}"), "", "zebra"))
            .await
            .unwrap();
    }
    let many = t.search_memories(&cx(), vec![s("zebra")]).await.unwrap();
    assert_eq!(many.len(), 20);
    assert_eq!((many[0].name.as_str(), many[19].name.as_str()), ("many-00", "many-19"));
}

// ---------------------------------------------------------------- skills

#[tokio::test]
async fn skills_are_read_from_the_state_directory() {
    let (_dir, t) = workspace();
    let skills = t.state().join("skills");
    std::fs::create_dir_all(&skills).unwrap();
    std::fs::write(skills.join("greet.md"), "Say hello.").unwrap();
    std::fs::write(skills.join("greet.ts"), "export function hi() {}").unwrap();
    std::fs::write(skills.join("greet.py"), "def hi(): pass").unwrap();
    std::fs::write(skills.join("greeter.ts"), "another skill's code").unwrap();
    std::fs::write(skills.join("plain.md"), "No code.").unwrap();
    assert_eq!(
        t.read_skill(&cx(), s("greet")).await.unwrap(),
        Skill::new("Say hello.")
            .with_code("py", "def hi(): pass")
            .with_code("ts", "export function hi() {}")
    );
    assert_eq!(t.read_skill(&cx(), s("plain")).await.unwrap(), Skill::new("No code."));
    let (c, message) = code(t.read_skill(&cx(), s("nope")).await);
    assert_eq!(c, ErrorCode::NotFound);
    assert_eq!(message, "there is no skill named `nope`; the skills are: greet, plain");
    assert_eq!(code(t.read_skill(&cx(), s("../x")).await).0, ErrorCode::InvalidArgument);
}

#[tokio::test]
async fn missing_skill_lists_at_most_twenty() {
    let (_dir, t) = workspace();
    let (_, none) = code(t.read_skill(&cx(), s("x")).await);
    assert_eq!(none, "there is no skill named `x`; there are no skills");
    let skills = t.state().join("skills");
    std::fs::create_dir_all(&skills).unwrap();
    for n in 0..23 {
        std::fs::write(skills.join(format!("s{n:02}.md")), "").unwrap();
    }
    let (_, message) = code(t.read_skill(&cx(), s("x")).await);
    let names: Vec<String> = (0..20).map(|n| format!("s{n:02}")).collect();
    assert_eq!(
        message,
        format!(
            "there is no skill named `x`; the skills include: {}, and 3 more",
            names.join(", ")
        )
    );
}

// ---------------------------------------------------------------- corruption

fn corrupt(root: &Path, rel: &str) {
    std::fs::create_dir_all(root.join(rel).parent().unwrap()).unwrap();
    std::fs::write(root.join(rel), "{ not json").unwrap();
}

#[tokio::test]
async fn a_corrupt_store_is_an_io_error_naming_the_file() {
    let (_dir, t) = workspace();
    corrupt(t.state(), "tasks.json");
    corrupt(t.state(), "board.json");
    corrupt(t.state(), "memories/bad.json");
    for (result, file) in [
        (t.list_tasks(&cx()).await.map(|_| ()), "tasks.json"),
        (t.add_task(&cx(), task("x")).await.map(|_| ()), "tasks.json"),
        (t.list_issues(&cx(), None).await.map(|_| ()), "board.json"),
        (t.create_issue(&cx(), issue("x")).await.map(|_| ()), "board.json"),
        (t.read_memory(&cx(), s("bad")).await.map(|_| ()), "memories/bad.json"),
        (
            t.search_memories(&cx(), vec![s("x")]).await.map(|_| ()),
            "memories/bad.json",
        ),
    ] {
        let (c, message) = code(result);
        assert_eq!(c, ErrorCode::IoError, "{message}");
        assert!(message.contains(file), "{message}");
    }
    // The corrupt file is left as it was, for a person to look at.
    assert_eq!(
        std::fs::read_to_string(t.state().join("tasks.json")).unwrap(),
        "{ not json"
    );
}

/// Whether a process whose command line holds `marker` is still running on the host.
fn running_with(marker: &str) -> bool {
    std::fs::read_dir("/proc").unwrap().flatten().any(|e| {
        let cmdline = std::fs::read(e.path().join("cmdline")).unwrap_or_default();
        String::from_utf8_lossy(&cmdline).contains(marker)
            && !ended(e.file_name().to_str().unwrap_or("0").parse().unwrap_or(0))
    })
}

#[tokio::test]
async fn a_confined_shell_is_ended_whole_setsid_escapees_too() {
    if let gg::tools::confine::ConfineSupport::Unavailable { why } = gg::tools::confine::support() {
        println!("skipped: this machine cannot confine the shell ({why})");
        return;
    }
    let (_dir, t) = workspace();
    let reach = gg_core::GuestReach::Confined {
        root: t.root().to_owned(),
        env: vec![s("PATH")],
        tmp: None,
    };
    let t = t.with_reach(&reach).unwrap();
    // At the timeout, and when the command ends leaving a process in a session of its own.
    for (command, timeout, output, marker) in [
        (
            "echo in; setsid sleep 31.4159 & sleep 30",
            1,
            "in\n[killed after 1 s timeout]",
            "31.4159",
        ),
        ("setsid sleep 31.4160 & echo out", 60, "out\n", "31.4160"),
    ] {
        let out = t.shell(&cx(), s(command), Duration::from_secs(timeout)).await.unwrap();
        assert_eq!(out.output, output);
        let mut gone = false;
        for _ in 0..100 {
            if !running_with(marker) {
                gone = true;
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert!(gone, "`sleep {marker}` outlived the call");
    }
}
