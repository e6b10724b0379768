//! The warm checker: TypeScript 7's own API server (`tsc --api`, a MessagePack-framed protocol on
//! stdin/stdout) kept alive across programs, with one workspace directory whose `program.ts` and
//! `lib/` are rewritten per program. The ES2022 libraries and the SDK's declarations stay parsed
//! and bound; only the program is parsed and checked. Its diagnostics are rendered as
//! `tsc --pretty false` prints them and read by the same parser as the cold path's.
//!
//! A few checkers per process ([`MAX_CHECKERS`]); a program waits only for one that is starting
//! (the arm's warm-up's, begun before the program arrived), and takes the cold path when all are
//! busy or none will start. Every wait is bounded by the program's deadline and
//! its cancel; a checker that times out is killed, one that dies or answers nonsense is dropped and
//! the program checked cold.

use std::collections::BTreeSet;
use std::io::{BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::{Condvar, Mutex, mpsc};
use std::time::{Duration, Instant};

use gg_core::toolchain::{Scratch, ToolFailure, seal_inherited_descriptors};
use gg_core::wire::CodeModule;
use gg_core::{PrepareCx, PrepareError};
use serde_json::{Value, json};

use super::checker::{PROGRAM_FILE, SDK_FILE, TsDiagnostic, parse, tsconfig};

/// Checkers kept per process: one per core is as many as can run at once.
pub const MAX_CHECKERS: usize = 2;
/// Checks one checker serves before it is replaced (bounds whatever its caches keep).
const MAX_CHECKS: u32 = 2_000;
/// A frame larger than this is not an answer gg reads (the cold path then bounds the output).
const MAX_FRAME: usize = 16 << 20;
/// How long a checker may take to start, at most (a start that takes longer goes cold).
const START_LIMIT: Duration = Duration::from_secs(10);
/// After a checker failed to start, the next attempt waits this long (programs go cold meanwhile).
const RETRY_AFTER: Duration = Duration::from_secs(30);
/// How often a wait looks at the program's cancel.
const POLL: Duration = Duration::from_millis(20);

const MSG_REQUEST: u8 = 1;
const MSG_RESPONSE: u8 = 4;
const MSG_ERROR: u8 = 5;

/// What the warm path gave: diagnostics as the cold path's parser reads them, or a failure the
/// cold path reports the same way (a deadline, a cancel).
pub type Checked = Result<(Vec<TsDiagnostic>, Option<String>), PrepareError>;

struct Pool {
    idle: Vec<Warm>,
    live: usize,
    /// Checkers starting now: while one starts, a program waits for it rather than start another
    /// (the arm's warm-up and the first program would otherwise start two at once).
    starting: usize,
    retry_at: Option<Instant>,
    /// Why the last checker was dropped or did not start.
    last_failure: Option<String>,
}

static POOL: Mutex<Pool> = Mutex::new(Pool {
    idle: Vec::new(),
    live: 0,
    starting: 0,
    retry_at: None,
    last_failure: None,
});

/// Signalled when a checker is given back or a start ends.
static CHANGED: Condvar = Condvar::new();

fn pool() -> std::sync::MutexGuard<'static, Pool> {
    POOL.lock().unwrap_or_else(|p| p.into_inner())
}

/// Why the last warm checker was dropped or did not start (its programs went cold), if one was.
pub fn last_failure() -> Option<String> {
    pool().last_failure.clone()
}

/// Checks on a warm checker; `None` when none is free or none starts (check cold).
pub fn check(cx: &PrepareCx, tsc: &Path, source: &str, modules: &[CodeModule], declarations: &str) -> Option<Checked> {
    let mut warm = take(cx, tsc, declarations)?;
    match warm.check(cx, source, modules, declarations) {
        Ok(diagnostics) => {
            give_back(warm);
            Some(Ok((diagnostics, None)))
        }
        Err(Failure::Stopped(e)) => {
            retire(warm, format!("stopped with its program: {e}"));
            Some(Err(e))
        }
        Err(Failure::Broken(why)) => {
            retire(warm, why);
            None
        }
    }
}

/// Starts a checker ahead of the first program (the arm's warm-up).
pub fn warm_up(cx: &PrepareCx, tsc: &Path, declarations: &str) {
    if let Some(warm) = take(cx, tsc, declarations) {
        give_back(warm);
    }
}

fn take(cx: &PrepareCx, tsc: &Path, declarations: &str) -> Option<Warm> {
    {
        let mut pool = pool();
        loop {
            if let Some(w) = pool.idle.pop() {
                return Some(w);
            }
            if pool.starting == 0 {
                break;
            }
            if cx.cancel.is_cancelled() || Instant::now() >= cx.deadline {
                return None;
            }
            pool = CHANGED.wait_timeout(pool, POLL).unwrap_or_else(|p| p.into_inner()).0;
        }
        if pool.live >= MAX_CHECKERS || pool.retry_at.is_some_and(|t| Instant::now() < t) {
            return None;
        }
        pool.live += 1;
        pool.starting += 1;
    }
    let started = Warm::start(cx, tsc, declarations);
    pool().starting -= 1;
    CHANGED.notify_all();
    match started {
        Ok(w) => Some(w),
        Err(why) => {
            let mut pool = pool();
            pool.live -= 1;
            // A start the program's own deadline or cancel cut short may be tried by the next one.
            pool.last_failure = Some(match why {
                Failure::Broken(why) => {
                    pool.retry_at = Some(Instant::now() + RETRY_AFTER);
                    format!("did not start: {why}")
                }
                Failure::Stopped(e) => format!("start stopped with its program: {e}"),
            });
            None
        }
    }
}

fn give_back(warm: Warm) {
    if warm.checks >= MAX_CHECKS {
        drop(warm);
        pool().live -= 1;
        return;
    }
    pool().idle.push(warm);
    CHANGED.notify_all();
}

fn retire(warm: Warm, why: String) {
    drop(warm);
    let mut pool = pool();
    pool.live -= 1;
    pool.last_failure = Some(why);
}

/// Why a warm check gave no diagnostics.
enum Failure {
    /// The program's deadline or cancel: reported as the cold path reports it.
    Stopped(PrepareError),
    /// The checker died, wedged on its own, or answered what gg cannot read: check cold.
    Broken(String),
}

/// One frame from the checker: its type, method name and payload.
type Frame = (u8, Vec<u8>, Vec<u8>);

/// One running `tsc --api` and its workspace.
struct Warm {
    child: Child,
    stdin: ChildStdin,
    frames: Receiver<Result<Frame, String>>,
    workspace: Scratch,
    /// The tsconfig's path, and the project's id once opened.
    config: PathBuf,
    project: Option<Value>,
    snapshot: Option<Value>,
    /// The declarations on disk, and the code modules' keys there.
    declarations: Option<String>,
    modules: BTreeSet<String>,
    checks: u32,
}

impl Drop for Warm {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Warm {
    /// Spawns the server in a workspace of its own beside the programs' scratch directories and
    /// opens the project; bounded by the program's deadline and [`START_LIMIT`].
    fn start(cx: &PrepareCx, tsc: &Path, declarations: &str) -> Result<Warm, Failure> {
        Self::spawn(cx, tsc, declarations).map_err(Failure::Broken)?.open(cx)
    }

    /// The workspace (with the SDK's declarations already in it, so they are parsed and bound
    /// before the first program) and the server's process.
    fn spawn(cx: &PrepareCx, tsc: &Path, declarations: &str) -> Result<Warm, String> {
        let base = cx
            .scratch()
            .map_err(|e| format!("a scratch directory: {e}"))?
            .path()
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_else(std::env::temp_dir);
        let workspace = Scratch::new(base).map_err(|e| format!("a workspace: {e}"))?;
        let dir = workspace.path().to_owned();
        std::fs::create_dir_all(dir.join("lib")).map_err(|e| e.to_string())?;
        let config = dir.join("tsconfig.json");
        std::fs::write(&config, tsconfig().to_string()).map_err(|e| e.to_string())?;
        std::fs::write(dir.join(PROGRAM_FILE), "export {};\n").map_err(|e| e.to_string())?;
        std::fs::write(dir.join(SDK_FILE), declarations).map_err(|e| e.to_string())?;
        let log = std::fs::File::create(workspace.tmp().join("tsc.log")).map_err(|e| e.to_string())?;

        seal_inherited_descriptors();
        let mut command = Command::new(tsc);
        command
            .arg("--api")
            .arg("--cwd")
            .arg(&dir)
            .current_dir(&dir)
            .env_clear()
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(log);
        for key in ["PATH", "LANG", "LC_ALL"] {
            if let Some(v) = std::env::var_os(key) {
                command.env(key, v);
            }
        }
        command.env("HOME", workspace.home()).env("TMPDIR", workspace.tmp());
        let mut child = command.spawn().map_err(|e| format!("{}: {e}", tsc.display()))?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        let (tx, frames) = mpsc::channel();
        std::thread::Builder::new()
            .name("gg-tsc-reader".into())
            .spawn(move || {
                let mut r = BufReader::new(stdout);
                loop {
                    let frame = read_frame(&mut r);
                    let end = frame.is_err();
                    if tx.send(frame).is_err() || end {
                        return;
                    }
                }
            })
            .map_err(|e| e.to_string())?;
        Ok(Warm {
            child,
            stdin,
            frames,
            workspace,
            config,
            project: None,
            snapshot: None,
            declarations: Some(declarations.to_owned()),
            modules: BTreeSet::new(),
            checks: 0,
        })
    }

    /// Opens the workspace's project, within the program's deadline and [`START_LIMIT`].
    fn open(mut self, cx: &PrepareCx) -> Result<Warm, Failure> {
        let deadline = cx.deadline.min(Instant::now() + START_LIMIT);
        self.request("initialize", &Value::Null, deadline, cx)?;
        let config = self.config.to_string_lossy().into_owned();
        let opened = self.request("updateSnapshot", &json!({ "openProjects": [config] }), deadline, cx)?;
        let project = opened["projects"]
            .as_array()
            .and_then(|ps| ps.iter().find(|p| p["configFileName"].as_str() == Some(&config)))
            .map(|p| p["id"].clone())
            .ok_or_else(|| Failure::Broken(format!("the checker opened no project for {config}: {opened}")))?;
        self.project = Some(project);
        self.snapshot = Some(opened["snapshot"].clone());
        Ok(self)
    }

    fn check(
        &mut self,
        cx: &PrepareCx,
        source: &str,
        modules: &[CodeModule],
        declarations: &str,
    ) -> Result<Vec<TsDiagnostic>, Failure> {
        self.checks += 1;
        let dir = self.workspace.path().to_owned();
        let io = |e: std::io::Error| Failure::Broken(e.to_string());
        let path = |p: PathBuf| Value::String(p.to_string_lossy().into_owned());
        let (mut changed, mut created, mut deleted) = (vec![path(dir.join(PROGRAM_FILE))], Vec::new(), Vec::new());
        std::fs::write(dir.join(PROGRAM_FILE), source).map_err(io)?;
        if self.declarations.as_deref() != Some(declarations) {
            std::fs::write(dir.join(SDK_FILE), declarations).map_err(io)?;
            self.declarations = Some(declarations.to_owned());
            changed.push(path(dir.join(SDK_FILE)));
        }
        let keys: BTreeSet<String> = modules.iter().map(|m| m.key.clone()).collect();
        for gone in self.modules.difference(&keys) {
            let file = dir.join("lib").join(format!("{gone}.ts"));
            std::fs::remove_file(&file).map_err(io)?;
            deleted.push(path(file));
        }
        for m in modules {
            let file = dir.join("lib").join(format!("{}.ts", m.key));
            std::fs::write(&file, &m.source).map_err(io)?;
            if self.modules.contains(&m.key) {
                changed.push(path(file));
            } else {
                created.push(path(file));
            }
        }
        self.modules = keys;

        let deadline = cx.deadline;
        if let Some(old) = self.snapshot.take() {
            self.request("release", &json!({ "snapshot": old }), deadline, cx)?;
        }
        let next = self.request(
            "updateSnapshot",
            &json!({ "fileChanges": { "changed": changed, "created": created, "deleted": deleted } }),
            deadline,
            cx,
        )?;
        let snapshot = next["snapshot"].clone();
        self.snapshot = Some(snapshot.clone());
        let at = json!({ "snapshot": snapshot, "project": self.project });
        // What `tsc` reports, in its order: the configuration's and the syntax's errors and the
        // program's own; only without those the global ones; only without all of those, the types.
        let mut all = Vec::new();
        for method in [
            "getConfigFileParsingDiagnostics",
            "getSyntacticDiagnostics",
            "getProgramDiagnostics",
        ] {
            all.extend(self.diagnostics(method, &at, deadline, cx)?);
        }
        if all.is_empty() {
            all.extend(self.diagnostics("getGlobalDiagnostics", &at, deadline, cx)?);
        }
        if all.is_empty() {
            all.extend(self.diagnostics("getSemanticDiagnostics", &at, deadline, cx)?);
        }
        Ok(parse(&render(all, &dir, source, modules, declarations)))
    }

    fn diagnostics(
        &mut self,
        method: &str,
        at: &Value,
        deadline: Instant,
        cx: &PrepareCx,
    ) -> Result<Vec<Value>, Failure> {
        match self.request(method, at, deadline, cx)? {
            Value::Null => Ok(Vec::new()),
            Value::Array(items) => Ok(items),
            other => Err(Failure::Broken(format!("{method} answered {other}"))),
        }
    }

    /// One request and its answer, within `deadline` and the program's cancel.
    fn request(&mut self, method: &str, params: &Value, deadline: Instant, cx: &PrepareCx) -> Result<Value, Failure> {
        let started = Instant::now();
        let payload = params.to_string();
        let mut frame = Vec::with_capacity(payload.len() + method.len() + 16);
        frame.extend([0x93, MSG_REQUEST]);
        put_bin(&mut frame, method.as_bytes());
        put_bin(&mut frame, payload.as_bytes());
        self.stdin
            .write_all(&frame)
            .and_then(|()| self.stdin.flush())
            .map_err(|e| Failure::Broken(format!("writing to the checker: {e}")))?;
        loop {
            if cx.cancel.is_cancelled() {
                return Err(Failure::Stopped(PrepareError::tool_failed(
                    "tsc",
                    &ToolFailure::Cancelled {
                        label: "tsc".into(),
                        after: started.elapsed(),
                    },
                    "",
                )));
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(Failure::Stopped(PrepareError::tool_failed(
                    "tsc",
                    &ToolFailure::TimedOut {
                        label: "tsc".into(),
                        command_line: format!("tsc --api ({method})"),
                        after: started.elapsed(),
                    },
                    "",
                )));
            }
            let (kind, name, body) = match self.frames.recv_timeout(left.min(POLL)) {
                Ok(Ok(frame)) => frame,
                Ok(Err(e)) => return Err(Failure::Broken(e)),
                Err(RecvTimeoutError::Timeout) => continue,
                Err(RecvTimeoutError::Disconnected) => return Err(Failure::Broken("the checker is gone".into())),
            };
            if name != method.as_bytes() {
                return Err(Failure::Broken(format!(
                    "the checker answered {} to {method}",
                    String::from_utf8_lossy(&name)
                )));
            }
            return match kind {
                MSG_RESPONSE if body.is_empty() => Ok(Value::Null),
                MSG_RESPONSE => serde_json::from_slice(&body).map_err(|e| Failure::Broken(format!("{method}: {e}"))),
                MSG_ERROR => Err(Failure::Broken(format!(
                    "{method} failed: {}",
                    String::from_utf8_lossy(&body)
                ))),
                other => Err(Failure::Broken(format!("message type {other} from the checker"))),
            };
        }
    }
}

/// Renders the checker's diagnostics as `tsc --pretty false` prints them: errors only, sorted by
/// file, position, end, code and text without repeats, `file(line,col)` relative to the workspace
/// with the column in UTF-16 units, a message chain indented two spaces a level.
fn render(mut all: Vec<Value>, dir: &Path, source: &str, modules: &[CodeModule], declarations: &str) -> String {
    all.retain(|d| d["category"].as_u64() == Some(1));
    let key = |d: &Value| {
        (
            d["fileName"].as_str().unwrap_or("").to_owned(),
            d["pos"].as_u64().unwrap_or(0),
            d["end"].as_u64().unwrap_or(0),
            d["code"].as_u64().unwrap_or(0),
            flatten(d),
        )
    };
    let mut keyed: Vec<_> = all.iter().map(key).collect();
    keyed.sort();
    keyed.dedup();
    let mut out = String::new();
    let mut other_files: Vec<(String, Option<String>)> = Vec::new();
    for (file, pos, _, code, message) in keyed {
        if file.is_empty() {
            out.push_str(&format!("error TS{code}: {message}\n"));
            continue;
        }
        let relative = relative_to(Path::new(&file), dir);
        let text: Option<String> = if relative == PROGRAM_FILE {
            Some(source.to_owned())
        } else if relative == SDK_FILE {
            Some(declarations.to_owned())
        } else if let Some(m) = relative
            .strip_prefix("lib/")
            .and_then(|r| r.strip_suffix(".ts"))
            .and_then(|k| modules.iter().find(|m| m.key == k))
        {
            Some(m.source.clone())
        } else {
            match other_files.iter().find(|(f, _)| *f == file) {
                Some((_, t)) => t.clone(),
                None => {
                    let t = std::fs::read_to_string(&file).ok();
                    other_files.push((file.clone(), t.clone()));
                    t
                }
            }
        };
        let (line, column) = text.as_deref().map_or((1, 1), |t| line_and_column(t, pos as usize));
        out.push_str(&format!("{relative}({line},{column}): error TS{code}: {message}\n"));
    }
    out
}

/// A diagnostic's text with its chain, as tsc flattens it.
fn flatten(d: &Value) -> String {
    fn chain(out: &mut String, d: &Value, level: usize) {
        for c in d["messageChain"].as_array().into_iter().flatten() {
            out.push('\n');
            out.push_str(&"  ".repeat(level));
            out.push_str(c["text"].as_str().unwrap_or(""));
            chain(out, c, level + 1);
        }
    }
    let mut out = d["text"].as_str().unwrap_or("").to_owned();
    chain(&mut out, d, 1);
    out
}

/// The 1-based line and UTF-16 column of UTF-16 offset `pos`, with ECMAScript's line terminators.
fn line_and_column(text: &str, pos: usize) -> (usize, usize) {
    let (mut line, mut column, mut at) = (1, 1, 0);
    let mut chars = text.chars().peekable();
    while at < pos {
        let Some(c) = chars.next() else { break };
        at += c.len_utf16();
        match c {
            '\r' if chars.peek() == Some(&'\n') => column += 1,
            '\n' | '\r' | '\u{2028}' | '\u{2029}' => {
                line += 1;
                column = 1;
            }
            _ => column += c.len_utf16(),
        }
    }
    (line, column)
}

/// `file` relative to `dir`, with `/` and `..` as tsc writes it.
fn relative_to(file: &Path, dir: &Path) -> String {
    if let Ok(rest) = file.strip_prefix(dir) {
        return rest.to_string_lossy().into_owned();
    }
    let (f, d): (Vec<_>, Vec<_>) = (file.components().collect(), dir.components().collect());
    let common = f.iter().zip(&d).take_while(|(a, b)| a == b).count();
    let mut parts: Vec<String> = std::iter::repeat_n("..".to_owned(), d.len() - common).collect();
    parts.extend(f[common..].iter().map(|c| c.as_os_str().to_string_lossy().into_owned()));
    parts.join("/")
}

fn put_bin(out: &mut Vec<u8>, bytes: &[u8]) {
    let n = bytes.len();
    if n < 256 {
        out.extend([0xc4, n as u8]);
    } else if n < 65_536 {
        out.push(0xc5);
        out.extend((n as u16).to_be_bytes());
    } else {
        out.push(0xc6);
        out.extend((n as u32).to_be_bytes());
    }
    out.extend_from_slice(bytes);
}

fn read_frame(r: &mut impl Read) -> Result<Frame, String> {
    let byte = |r: &mut dyn Read| -> Result<u8, String> {
        let mut b = [0u8; 1];
        r.read_exact(&mut b)
            .map_err(|e| format!("the checker's output ended: {e}"))?;
        Ok(b[0])
    };
    let marker = byte(r)?;
    if marker != 0x93 {
        return Err(format!("the checker wrote {marker:#x} where a frame starts"));
    }
    let kind = match byte(r)? {
        k @ 0..=0x7f => k,
        0xcc => byte(r)?,
        k => return Err(format!("the checker wrote {k:#x} where a message type goes")),
    };
    let bin = |r: &mut dyn Read| -> Result<Vec<u8>, String> {
        let n = match byte(r)? {
            0xc4 => byte(r)? as usize,
            0xc5 => u16::from_be_bytes([byte(r)?, byte(r)?]) as usize,
            0xc6 => u32::from_be_bytes([byte(r)?, byte(r)?, byte(r)?, byte(r)?]) as usize,
            m => return Err(format!("the checker wrote {m:#x} where bytes go")),
        };
        if n > MAX_FRAME {
            return Err(format!("the checker sent {n} bytes at once"));
        }
        let mut buf = vec![0u8; n];
        r.read_exact(&mut buf)
            .map_err(|e| format!("the checker's output ended: {e}"))?;
        Ok(buf)
    };
    let name = bin(r)?;
    let body = bin(r)?;
    Ok((kind, name, body))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_columns_are_ecmascripts_in_utf16_units() {
        let text = "a\r\nb😀c\u{2028}d\re";
        assert_eq!(line_and_column(text, 0), (1, 1));
        assert_eq!(line_and_column(text, 3), (2, 1));
        assert_eq!(line_and_column(text, 6), (2, 4));
        assert_eq!(line_and_column(text, 8), (3, 1));
        assert_eq!(line_and_column(text, 10), (4, 1));
    }

    #[test]
    fn paths_outside_the_workspace_are_relative_with_dot_dots() {
        assert_eq!(relative_to(Path::new("/w/x/lib/a.ts"), Path::new("/w/x")), "lib/a.ts");
        assert_eq!(
            relative_to(Path::new("/opt/t/lib.d.ts"), Path::new("/w/x")),
            "../../opt/t/lib.d.ts"
        );
    }

    #[test]
    fn frames_round_trip() {
        let mut frame = vec![0x93, MSG_RESPONSE];
        put_bin(&mut frame, b"echo");
        put_bin(&mut frame, &[7u8; 300]);
        let (kind, name, body) = read_frame(&mut frame.as_slice()).unwrap();
        assert_eq!((kind, name.as_slice(), body.len()), (MSG_RESPONSE, &b"echo"[..], 300));
        assert!(read_frame(&mut [0x92u8].as_slice()).is_err());
    }
}
