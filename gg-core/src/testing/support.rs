//! Test support for arm crates (feature `testing`): an in-memory `ToolApi` and the readable report
//! a snapshot keeps of an outcome. Never used by a build that runs real programs.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::sync::Mutex;
use std::time::Duration;

use async_trait::async_trait;

use crate::wire::*;
use crate::{SandboxOutcome, Skill, ToolApi, ToolCx, ToolError, ToolResult};

/// An in-memory stand-in for the embedder's tools: enough state to answer every family for real.
#[derive(Debug, Default)]
pub struct MemoryTools {
    pub files: Mutex<BTreeMap<String, String>>,
    pub tasks: Mutex<Vec<Task>>,
    pub issues: Mutex<Vec<Issue>>,
    pub memories: Mutex<BTreeMap<String, Memory>>,
    pub skills: Mutex<BTreeMap<String, Skill>>,
    /// Timeouts the shell was handed, in order (to see the clamp).
    pub shell_timeouts: Mutex<Vec<Duration>>,
}

impl MemoryTools {
    /// The tools of `surface/README.md`'s conditions: a skill `greeting` whose body is
    /// `Greet by name.` and whose code is the Python `def greet\n`.
    pub fn for_surface() -> Self {
        let tools = Self::default();
        tools.skills.lock().unwrap().insert(
            "greeting".into(),
            Skill::new("Greet by name.").with_code("py", "def greet\n"),
        );
        tools
    }
}

impl MemoryTools {
    /// The world every natural fixture starts in: `notes.txt` (`alpha`, `beta`, `gamma`), task 1
    /// `write tests`, issue 1 `flaky test` labelled `ci`, memory `style` (`house style`, body
    /// `short docs`), and the surface's skill `greeting`.
    pub fn for_natural() -> Self {
        let tools = Self::for_surface();
        tools
            .files
            .lock()
            .unwrap()
            .insert("notes.txt".into(), "alpha\nbeta\ngamma\n".into());
        tools.tasks.lock().unwrap().push(Task {
            id: 1,
            title: "write tests".into(),
            description: None,
            status: TaskStatus::Pending,
            blocked_by: Vec::new(),
        });
        tools.issues.lock().unwrap().push(Issue {
            id: 1,
            title: "flaky test".into(),
            description: None,
            labels: vec!["ci".into()],
            status: IssueStatus::Open,
        });
        tools.memories.lock().unwrap().insert(
            "style".into(),
            Memory {
                name: "style".into(),
                description: "house style".into(),
                body: "short docs".into(),
                code: None,
            },
        );
        tools
    }
}

fn lines_of(text: &str) -> Vec<&str> {
    text.lines().collect()
}

#[async_trait]
impl ToolApi for MemoryTools {
    async fn read_file(
        &self,
        _: &ToolCx,
        path: String,
        offset: Option<u32>,
        limit: Option<u32>,
    ) -> ToolResult<FileRead> {
        let files = self.files.lock().unwrap();
        let text = files
            .get(&path)
            .ok_or_else(|| ToolError::not_found(format!("{path} does not exist")))?;
        let lines = lines_of(text);
        let first = offset.unwrap_or(0) as usize;
        let take = limit.map_or(lines.len(), |l| l as usize);
        let window: Vec<&str> = lines.iter().skip(first).take(take).copied().collect();
        let contents = if offset.is_none() && limit.is_none() {
            text.clone()
        } else {
            window.join("\n")
        };
        Ok(FileRead {
            contents,
            first_line: if window.is_empty() { 0 } else { first as u32 + 1 },
            last_line: (first + window.len()) as u32,
            total_lines: lines.len() as u32,
            truncated: false,
        })
    }
    async fn write_file(&self, _: &ToolCx, path: String, contents: String) -> ToolResult<u64> {
        let n = contents.len() as u64;
        self.files.lock().unwrap().insert(path, contents);
        Ok(n)
    }
    async fn edit_file(&self, _: &ToolCx, path: String, old: String, new: String) -> ToolResult<u32> {
        let mut files = self.files.lock().unwrap();
        let text = files
            .get_mut(&path)
            .ok_or_else(|| ToolError::not_found(format!("{path} does not exist")))?;
        match text.matches(&old).count() {
            0 => Err(ToolError::not_found("`old` does not occur")),
            1 => {
                *text = text.replacen(&old, &new, 1);
                Ok(1)
            }
            n => Err(ToolError::new(ErrorCode::Conflict, format!("`old` occurs {n} times"))),
        }
    }
    async fn list_dir(&self, _: &ToolCx, _path: Option<String>) -> ToolResult<Vec<DirEntry>> {
        Ok(self
            .files
            .lock()
            .unwrap()
            .keys()
            .map(|k| DirEntry {
                name: k.clone(),
                path: k.clone(),
                kind: EntryKind::File,
            })
            .collect())
    }
    async fn search_files(
        &self,
        _: &ToolCx,
        pattern: String,
        _path: Option<String>,
        ignore_case: bool,
    ) -> ToolResult<Vec<SearchMatch>> {
        let files = self.files.lock().unwrap();
        let mut hits = Vec::new();
        let fold = |s: &str| if ignore_case { s.to_lowercase() } else { s.to_owned() };
        let pattern = fold(&pattern);
        for (path, text) in files.iter() {
            for (i, line) in text.lines().enumerate() {
                if fold(line).contains(&pattern) {
                    hits.push(SearchMatch {
                        path: path.clone(),
                        line: i as u32 + 1,
                        text: line.to_owned(),
                    });
                }
            }
        }
        Ok(hits)
    }
    /// `sleep S` sleeps S seconds whatever the timeout says (a tool slower than the budget);
    /// anything else echoes the timeout it was handed.
    async fn shell(&self, _: &ToolCx, command: String, timeout: Duration) -> ToolResult<ShellOutput> {
        self.shell_timeouts.lock().unwrap().push(timeout);
        if let Some(secs) = command.strip_prefix("sleep ") {
            let secs = secs
                .parse()
                .ok()
                .and_then(|s: f64| Duration::try_from_secs_f64(s).ok())
                .ok_or_else(|| ToolError::invalid("sleep takes seconds"))?;
            tokio::time::sleep(secs).await;
        }
        Ok(ShellOutput {
            exit_code: 0,
            timed_out: false,
            output: format!("ran `{command}`"),
            truncated: false,
        })
    }
    async fn add_task(&self, _: &ToolCx, task: TaskInput) -> ToolResult<Task> {
        let mut tasks = self.tasks.lock().unwrap();
        let id = task.id.unwrap_or(tasks.iter().map(|t| t.id).max().unwrap_or(0) + 1);
        let task = Task {
            id,
            title: task.title,
            description: task.description,
            status: TaskStatus::Pending,
            blocked_by: task.blocked_by,
        };
        tasks.push(task.clone());
        Ok(task)
    }
    async fn update_task(&self, _: &ToolCx, id: u32, patch: TaskPatch) -> ToolResult<()> {
        let mut tasks = self.tasks.lock().unwrap();
        let t = tasks
            .iter_mut()
            .find(|t| t.id == id)
            .ok_or_else(|| ToolError::not_found(format!("no task {id}")))?;
        if let Some(title) = patch.title {
            t.title = title;
        }
        match patch.description {
            TextEdit::Keep => {}
            TextEdit::Clear => t.description = None,
            TextEdit::Set(d) => t.description = Some(d),
        }
        if let Some(s) = patch.status {
            t.status = s;
        }
        Ok(())
    }
    async fn complete_task(&self, cx: &ToolCx, id: u32) -> ToolResult<()> {
        self.update_task(
            cx,
            id,
            TaskPatch {
                title: None,
                description: TextEdit::Keep,
                status: Some(TaskStatus::Done),
            },
        )
        .await
    }
    async fn remove_task(&self, _: &ToolCx, id: u32) -> ToolResult<()> {
        self.tasks.lock().unwrap().retain(|t| t.id != id);
        Ok(())
    }
    async fn list_tasks(&self, _: &ToolCx) -> ToolResult<Vec<Task>> {
        Ok(self.tasks.lock().unwrap().clone())
    }
    async fn create_issue(&self, _: &ToolCx, issue: IssueInput) -> ToolResult<Issue> {
        let mut issues = self.issues.lock().unwrap();
        let id = issues.len() as u32 + 1;
        let issue = Issue {
            id,
            title: issue.title,
            description: issue.description,
            labels: issue.labels,
            status: IssueStatus::Open,
        };
        issues.push(issue.clone());
        Ok(issue)
    }
    async fn update_issue(&self, _: &ToolCx, id: u32, patch: IssuePatch) -> ToolResult<()> {
        let mut issues = self.issues.lock().unwrap();
        let i = issues
            .iter_mut()
            .find(|i| i.id == id)
            .ok_or_else(|| ToolError::not_found(format!("no issue {id}")))?;
        if let Some(title) = patch.title {
            i.title = title;
        }
        match patch.description {
            TextEdit::Keep => {}
            TextEdit::Clear => i.description = None,
            TextEdit::Set(d) => i.description = Some(d),
        }
        if let Some(labels) = patch.labels {
            i.labels = labels;
        }
        if let Some(s) = patch.status {
            i.status = s;
        }
        Ok(())
    }
    async fn list_issues(&self, _: &ToolCx, status: Option<IssueStatus>) -> ToolResult<Vec<Issue>> {
        Ok(self
            .issues
            .lock()
            .unwrap()
            .iter()
            .filter(|i| status.is_none_or(|s| s == i.status))
            .cloned()
            .collect())
    }
    async fn remove_issue(&self, _: &ToolCx, id: u32) -> ToolResult<()> {
        self.issues.lock().unwrap().retain(|i| i.id != id);
        Ok(())
    }
    async fn write_memory(&self, _: &ToolCx, memory: Memory) -> ToolResult<()> {
        self.memories.lock().unwrap().insert(memory.name.clone(), memory);
        Ok(())
    }
    async fn read_memory(&self, _: &ToolCx, name: String) -> ToolResult<Memory> {
        self.memories
            .lock()
            .unwrap()
            .get(&name)
            .cloned()
            .ok_or_else(|| ToolError::not_found(format!("no memory {name}")))
    }
    async fn search_memories(&self, _: &ToolCx, keywords: Vec<String>) -> ToolResult<Vec<MemoryHit>> {
        Ok(self
            .memories
            .lock()
            .unwrap()
            .values()
            .filter(|m| {
                keywords.iter().any(|k| {
                    [&m.name, &m.description, &m.body]
                        .iter()
                        .any(|f| f.contains(k.as_str()))
                })
            })
            .map(|m| MemoryHit {
                name: m.name.clone(),
                description: m.description.clone(),
                score: 1,
            })
            .collect())
    }
    async fn delete_memory(&self, _: &ToolCx, name: String) -> ToolResult<()> {
        self.memories
            .lock()
            .unwrap()
            .remove(&name)
            .map(|_| ())
            .ok_or_else(|| ToolError::not_found(format!("no memory {name}")))
    }
    async fn read_skill(&self, _: &ToolCx, name: String) -> ToolResult<Skill> {
        self.skills
            .lock()
            .unwrap()
            .get(&name)
            .cloned()
            .ok_or_else(|| ToolError::not_found(format!("no skill {name}")))
    }
}

/// What the model would read of an outcome, without the figures that vary run to run.
pub fn report(source: &str, o: &SandboxOutcome) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "── source\n{}", source.trim_end());
    let _ = writeln!(
        out,
        "── outcome\n{}",
        serde_json::to_value(o.status).unwrap().as_str().unwrap()
    );
    if let Some(n) = o.exit_status {
        let _ = writeln!(out, "exit status {n}");
    }
    if let Some(e) = &o.error {
        let kind = serde_json::to_value(e.kind).unwrap();
        let _ = writeln!(
            out,
            "── error\n[{}{}] {}",
            kind.as_str().unwrap(),
            e.code.map(|c| format!(" {c}")).unwrap_or_default(),
            e.message
        );
        if let Some(l) = &e.location {
            let _ = writeln!(out, "── location\n{}:{}:{}", l.file, l.line, l.column);
        }
    }
    if !o.logs.is_empty() || o.logs_dropped > 0 {
        let _ = writeln!(out, "── logs ({} kept, {} dropped)", o.logs.len(), o.logs_dropped);
        for l in o.logs.iter().take(20) {
            let _ = writeln!(out, "{l}");
        }
    }
    if !o.calls.is_empty() || o.calls_dropped > 0 {
        let _ = writeln!(out, "── calls ({} kept, {} dropped)", o.calls.len(), o.calls_dropped);
        for c in o.calls.iter().take(40) {
            let status = match &c.error {
                None => format!("ok {}", c.result.as_ref().map(|r| r.to_string()).unwrap_or_default()),
                Some(e) => format!("{}: {}", e.code, e.message),
            };
            let _ = writeln!(out, "{} {} → {status}", c.id, c.args);
        }
    }
    for m in &o.module_errors {
        let _ = writeln!(out, "── module error\n{}: {}", m.name, m.message);
    }
    if let Some(e) = &o.ending {
        let _ = writeln!(out, "── ending\n{}", serde_json::to_string(e).unwrap());
    }
    if !o.views.is_empty() {
        let _ = writeln!(out, "── views");
        for v in &o.views {
            let _ = writeln!(
                out,
                "{} {:?} {:?}/{:?}: {}",
                serde_json::to_value(v).unwrap()["kind"],
                v.selector,
                v.offset,
                v.limit,
                v.body.lines().next().unwrap_or("")
            );
        }
    }
    if !o.stderr.is_empty() {
        let _ = writeln!(out, "── stderr ({} bytes)", o.stderr.len());
    }
    out
}

/// Every call's `{operation, args}`, in order: what `surface/every-operation.json` holds.
pub fn surface_record(o: &SandboxOutcome) -> serde_json::Value {
    o.calls
        .iter()
        .map(|c| serde_json::json!({ "operation": c.operation, "args": c.args }))
        .collect()
}

/// The surface test under surface/README.md's conditions: a session over
/// [`MemoryTools::for_surface`] with the finish ending and the library on (over `base`), where
/// `earlier` completes first and then `program` completes, having recorded exactly
/// `surface/every-operation.json`'s calls. Returns `program`'s outcome for the arm's own checks.
pub async fn check_surface(
    arm: std::sync::Arc<dyn crate::ProgramLanguage>,
    base: crate::RunOptions,
    earlier: &str,
    program: &str,
) -> SandboxOutcome {
    let options = crate::RunOptions {
        ending: EndingKind::Finish,
        library: true,
        ..base
    };
    let mut session = crate::Session::new(arm, std::sync::Arc::new(MemoryTools::for_surface()));
    let first = session.run(earlier, &options).await;
    assert_eq!(
        first.status,
        crate::Status::Completed,
        "the earlier turn: {:?}",
        first.error
    );
    let outcome = session.run(program, &options).await;
    assert_eq!(outcome.status, crate::Status::Completed, "{:?}", outcome.error);
    assert_surface(&outcome);
    outcome
}

/// Asserts an arm's surface program recorded exactly the arguments of `surface/every-operation.json`.
pub fn assert_surface(o: &SandboxOutcome) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../surface/every-operation.json");
    let expected: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("surface/every-operation.json"))
            .expect("valid JSON");
    assert_eq!(
        surface_record(o),
        expected,
        "the recorded arguments differ from surface/every-operation.json"
    );
}

/// Asserts an arm's catalogue binds every operation of the host, each once.
pub fn assert_binds_every_operation(catalogue: &crate::Catalogue) {
    let mut bound: Vec<&str> = catalogue.functions.iter().map(|f| f.operation.as_str()).collect();
    bound.sort();
    let mut host: Vec<&str> = crate::program::membrane::OPERATIONS.iter().map(|o| o.id).collect();
    host.sort();
    assert_eq!(bound, host, "the {} catalogue's operations", catalogue.language);
}

/// The fixture programs in `dir` whose names end `.ext`, without it, sorted.
pub fn fixture_names(dir: &str, ext: &str) -> Vec<String> {
    let suffix = format!(".{ext}");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter_map(|n| n.strip_suffix(&suffix).map(str::to_owned))
        .collect();
    names.sort();
    names
}

/// An arm's fixture programs in `dir` (`.ext`), less the surface program `every-operation`, failing
/// when fewer than `at_least` are there (fixtures gone missing); with `GG_FIXTURES=PREFIX` set,
/// only those whose names start so (while working on some).
pub fn program_fixtures(dir: &str, ext: &str, at_least: usize) -> Vec<String> {
    let names: Vec<String> = fixture_names(dir, ext)
        .into_iter()
        .filter(|n| n != "every-operation")
        .collect();
    assert!(names.len() >= at_least, "fixtures went missing from {dir}: {names:?}");
    let only = std::env::var("GG_FIXTURES").unwrap_or_default();
    names.into_iter().filter(|n| n.starts_with(&only)).collect()
}

/// The snapshot filter for a denied grow's size, which depends on the guest's build.
pub const GROW_FILTER: (&str, &str) = (
    r"growing linear memory to \d+ bytes",
    "growing linear memory to [N] bytes",
);

/// An arm's fixture sweep: its programs in `dir` (`.ext`), each run as the turns of one fresh
/// session (split at lines `COMMENT --- turn ---`) under `base` with the fixture's own ceilings
/// ([`limits_from`]), what the model reads of each turn ([`report`]) joined into one snapshot.
pub struct Fixtures<'a> {
    pub arm: std::sync::Arc<dyn crate::ProgramLanguage>,
    pub dir: &'a str,
    pub ext: &'a str,
    /// The language's line comment, `//` or `#`.
    pub comment: &'a str,
    pub base: crate::RunOptions,
}

impl Fixtures<'_> {
    /// Runs every fixture ([`program_fixtures`], at least `at_least` of them), each over fresh
    /// `tools()`, and hands `snapshot` its name and report (insta's macros belong to the caller,
    /// whose snapshot folder they write).
    pub async fn snapshot_each(
        &self,
        at_least: usize,
        tools: impl Fn() -> std::sync::Arc<MemoryTools>,
        mut snapshot: impl FnMut(&str, &str),
    ) {
        let marker = format!("{} --- turn ---\n", self.comment);
        for name in program_fixtures(self.dir, self.ext, at_least) {
            let path = format!("{}/{name}.{}", self.dir, self.ext);
            let source = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
            let options = crate::RunOptions {
                limits: limits_from(&source, self.comment, self.base.limits),
                ..self.base.clone()
            };
            let mut session = crate::Session::new(self.arm.clone(), tools());
            let mut reports = Vec::new();
            for turn in source.split(&marker) {
                let outcome = session.run(turn, &options).await;
                reports.push(report(turn, &outcome));
            }
            snapshot(&name, &reports.join(&marker));
        }
    }
}

/// `base` with a fixture's own ceilings: lines `COMMENT limit timeout SECS` and
/// `COMMENT limit memory BYTES` (`COMMENT` is the language's line comment, `#` or `//`).
pub fn limits_from(source: &str, comment: &str, base: crate::Limits) -> crate::Limits {
    let mut limits = base;
    for line in source.lines() {
        let Some(rest) = line
            .strip_prefix(comment)
            .and_then(|r| r.trim_start().strip_prefix("limit "))
        else {
            continue;
        };
        let mut words = rest.split_whitespace();
        match (words.next(), words.next()) {
            (Some("timeout"), Some(v)) => limits.timeout = Duration::from_secs_f64(v.parse().expect("seconds")),
            (Some("memory"), Some(v)) => limits.max_memory_bytes = v.parse().expect("bytes"),
            other => panic!("unknown limit line {other:?}"),
        }
    }
    limits
}

/// Runs a natural fixture: a program written as a model writes it after reading only its arm's
/// prompt (optional fields left out, no defaults passed). It runs on `arm` in a fresh session over
/// `MemoryTools::for_natural`, under `base` with the fixture's own header lines (`COMMENT limit …`,
/// `COMMENT given ending review|finish`, and `COMMENT given an earlier turn`, which runs `earlier`
/// first so `programs.*` has a turn to read). Returns the outcome and its report.
pub async fn run_natural(
    arm: std::sync::Arc<dyn crate::ProgramLanguage>,
    source: &str,
    comment: &str,
    earlier: &str,
    base: crate::RunOptions,
) -> (SandboxOutcome, String) {
    let mut options = crate::RunOptions {
        limits: limits_from(source, comment, base.limits),
        ..base
    };
    let mut earlier_turn = false;
    for line in source.lines() {
        let Some(given) = line
            .strip_prefix(comment)
            .and_then(|r| r.trim_start().strip_prefix("given "))
        else {
            continue;
        };
        match given.trim() {
            "ending review" => options.ending = EndingKind::Review,
            "ending finish" => options.ending = EndingKind::Finish,
            "an earlier turn" => earlier_turn = true,
            other => panic!("unknown given line {other:?}"),
        }
    }
    let mut session = crate::Session::new(arm, std::sync::Arc::new(MemoryTools::for_natural()));
    if earlier_turn {
        let o = session.run(earlier, &options).await;
        assert_eq!(
            o.status,
            crate::Status::Completed,
            "the earlier turn failed: {:?}",
            o.error
        );
    }
    let outcome = session.run(source, &options).await;
    let text = report(source, &outcome);
    (outcome, text)
}

/// Runs the working-directory fixture `source` on `arm` under each reach, each time in a fresh
/// workspace directory holding `notes/todo.txt`: the full reach with that directory as its
/// working directory, then confined to it. Reports each run (the directory spelled
/// `[workspace]`), then the workspace's files with their text, so a snapshot shows where the
/// program's relative paths landed; panics if a name the program made there appeared under the
/// host's `/` instead.
pub async fn run_in_workspace(arm: std::sync::Arc<dyn crate::ProgramLanguage>, source: &str) -> String {
    static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let mut out = String::new();
    for confined in [false, true] {
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("gg-workspace-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("notes")).expect("a workspace directory");
        std::fs::write(dir.join("notes/todo.txt"), "write the report\nread the notes\n").expect("a seeded file");
        let dir = dir.canonicalize().expect("a canonical workspace");
        let reach = if confined {
            crate::GuestReach::Confined {
                root: dir.clone(),
                env: vec!["PATH".into(), "HOME".into(), "LANG".into()],
                tmp: None,
            }
        } else {
            crate::GuestReach::full_in(&dir)
        };
        let options = crate::RunOptions {
            reach,
            ..crate::RunOptions::default()
        };
        let mut session = crate::Session::new(arm.clone(), std::sync::Arc::new(MemoryTools::default()));
        let outcome = session.run(source, &options).await;
        let text = report(source, &outcome).replace(&*dir.to_string_lossy(), "[workspace]");
        let _ = writeln!(out, "══ {} reach", if confined { "confined" } else { "full" });
        out.push_str(&text);
        let _ = writeln!(out, "── workspace");
        let mut files = Vec::new();
        walk(&dir, &dir, &mut files);
        for (name, text) in files {
            let _ = writeln!(out, "{name}: {text:?}");
            let top = name.split('/').next().unwrap_or_default();
            if top != "notes" {
                assert!(
                    !std::path::Path::new("/").join(top).exists(),
                    "/{top} exists on the host: a relative path left the workspace"
                );
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
    out
}

/// Runs `source` twice as two programs of one session under a confined reach with a private
/// temporary directory (preopened as `/tmp`, `TMPDIR=/tmp`), and reports both runs, then what the
/// host's directory holds after them: nothing, since each program's `/tmp` is emptied when it
/// ends (so the second run finds none of the first's files). Paths are shown as `[workspace]`
/// and `[tmp]`.
pub async fn run_with_private_tmp(arm: std::sync::Arc<dyn crate::ProgramLanguage>, source: &str) -> String {
    static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let base = std::env::temp_dir().join(format!("gg-private-tmp-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    std::fs::create_dir_all(&base).expect("a test directory");
    let base = base.canonicalize().expect("a canonical directory");
    let (dir, tmp) = (base.join("workspace"), base.join("tmp"));
    std::fs::create_dir_all(dir.join("notes")).expect("a workspace directory");
    std::fs::create_dir_all(&tmp).expect("a temporary directory");
    std::fs::write(dir.join("notes/todo.txt"), "write the report\nread the notes\n").expect("a seeded file");
    let options = crate::RunOptions {
        reach: crate::GuestReach::Confined {
            root: dir.clone(),
            env: ["PATH", "HOME", "LANG", "TMPDIR"].map(String::from).to_vec(),
            tmp: Some(tmp.clone()),
        },
        ..crate::RunOptions::default()
    };
    let mut session = crate::Session::new(arm, std::sync::Arc::new(MemoryTools::default()));
    let mut out = String::new();
    for run in ["first", "second"] {
        let outcome = session.run(source, &options).await;
        let text = report(source, &outcome)
            .replace(&*dir.to_string_lossy(), "[workspace]")
            .replace(&*tmp.to_string_lossy(), "[tmp]");
        let _ = writeln!(out, "══ {run} program");
        out.push_str(&text);
    }
    let mut left = Vec::new();
    walk(&tmp, &tmp, &mut left);
    let _ = writeln!(out, "── [tmp] after both: {} files", left.len());
    assert!(left.is_empty(), "the program's temporary files outlived it: {left:?}");
    let mut files = Vec::new();
    walk(&dir, &dir, &mut files);
    let _ = writeln!(out, "── workspace");
    for (name, text) in files {
        let _ = writeln!(out, "{name}: {text:?}");
    }
    let _ = std::fs::remove_dir_all(&base);
    out
}

/// Every file under `dir`, by its path relative to `root`, with its text, sorted.
fn walk(root: &std::path::Path, dir: &std::path::Path, files: &mut Vec<(String, String)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).into_iter().flatten().flatten().collect();
    entries.sort_by_key(|e| e.file_name());
    for e in entries {
        let path = e.path();
        if path.is_dir() {
            walk(root, &path, files);
        } else {
            let name = path.strip_prefix(root).unwrap_or(&path).to_string_lossy().into_owned();
            files.push((name, std::fs::read_to_string(&path).unwrap_or_default()));
        }
    }
}

/// Every operation id of `surface/every-operation.json`, in its order.
pub fn every_operation() -> Vec<String> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../surface/every-operation.json");
    let calls: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("surface/every-operation.json"))
            .expect("valid JSON");
    calls
        .as_array()
        .expect("a list of calls")
        .iter()
        .map(|c| c["operation"].as_str().expect("an operation id").to_owned())
        .collect()
}

/// Asserts that each natural fixture completed and that, together, they called every operation of
/// the membrane successfully, naming the operations none of them did.
pub fn assert_natural_coverage<'a>(outcomes: impl IntoIterator<Item = (&'a str, &'a SandboxOutcome)>) {
    let mut called = std::collections::BTreeSet::new();
    for (name, o) in outcomes {
        assert_eq!(
            o.status,
            crate::Status::Completed,
            "the natural fixture {name} did not complete: {:?}",
            o.error
        );
        called.extend(o.calls.iter().filter(|c| c.ok).map(|c| c.operation));
    }
    let missing: Vec<String> = every_operation()
        .into_iter()
        .filter(|op| !called.contains(op.as_str()))
        .collect();
    assert!(missing.is_empty(), "no natural fixture calls {missing:?} successfully");
}

/// The threads of this process that sit in `openat(2)` or `openat2(2)` (cap-std's) now, read
/// from `/proc/self/task/*/syscall`: a test of a stopped open of a FIFO asks it before and after.
pub fn threads_in_open() -> usize {
    #[cfg(target_arch = "x86_64")]
    const OPENS: [&str; 2] = ["257", "437"];
    #[cfg(target_arch = "aarch64")]
    const OPENS: [&str; 2] = ["56", "437"];
    std::fs::read_dir("/proc/self/task")
        .expect("/proc/self/task is readable")
        .filter_map(|t| std::fs::read_to_string(t.ok()?.path().join("syscall")).ok())
        .filter(|s| s.split(' ').next().is_some_and(|n| OPENS.contains(&n)))
        .count()
}
