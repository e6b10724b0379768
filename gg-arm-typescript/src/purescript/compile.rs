//! A PureScript program to the one script the ECMAScript guest runs: purs compiles it against the
//! core packages and the gg SDK (compiled once per machine into `<cache>/purescript/<key>/`), then
//! esbuild bundles its module and what it imports into `program.js`, with the source map chained
//! back to the model's text.
//!
//! Compiling: a program with no code module in scope goes to the process's warm `purs ide server`,
//! which holds every library interface in memory and rebuilds `Main` alone; the server only ever
//! sees the libraries and `Main`, so it holds nothing of one session's that another could import.
//! A program with code modules in scope (`Lib.<Key>`) is compiled cold by `purs compile` in its own
//! scratch directory. Every step runs under the program's deadline and cancel.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use gg_core::toolchain::{Scratch, ToolCommand, seal_inherited_descriptors};
use gg_core::wire::CodeModule;
use gg_core::{Diagnostic, PrepareCx, PrepareError, ProgramFault, SourceLocation};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use super::diagnostics::{self, Files};
use super::map::BundleMap;
use super::toolchain::{INSTALL, Toolchain};

mod sdk {
    include!(concat!(env!("OUT_DIR"), "/purescript_sdk.rs"));
}

/// The model's file names.
pub const PROGRAM_FILE: &str = "program.purs";

/// The globs every compile reads, relative to its directory (the cache database's paths are too).
const GLOBS: [&str; 3] = ["pkgs/*/src/**/*.purs", "sdk/**/*.purs", "src/**/*.purs"];

/// One PureScript source as purs sees it: its path under `src/`, gg's text (a module header added
/// where the model wrote none), and how the model names it.
pub struct Source {
    pub path: String,
    pub text: String,
    pub file: String,
    pub offset: u32,
}

/// The compiled program, bundled.
pub struct Bundle {
    pub code: String,
    pub map: BundleMap,
}

/// How the sources are named back to the model.
struct Names<'a>(&'a [Source]);

impl Files for Names<'_> {
    fn model_file(&self, path: &str) -> Option<(String, u32)> {
        self.0
            .iter()
            .find(|s| path.ends_with(&s.path))
            .map(|s| (s.file.clone(), s.offset))
    }
}

fn toolchain_error(step: &str, message: impl Into<String>) -> PrepareError {
    PrepareError::Toolchain {
        tool: step.to_owned(),
        message: message.into(),
    }
}

fn io(step: &str) -> impl Fn(std::io::Error) -> PrepareError + '_ {
    move |e| toolchain_error(step, e.to_string())
}

/// The SDK's sources, with a digest of them: the SDK's compiled tree is keyed by it.
fn sdk_digest() -> &'static str {
    static DIGEST: OnceLock<String> = OnceLock::new();
    DIGEST.get_or_init(|| {
        let mut h = Sha256::new();
        for (path, text) in sdk::SOURCES {
            h.update(path.as_bytes());
            h.update([0]);
            h.update(text.as_bytes());
            h.update([0]);
        }
        h.finalize().iter().take(8).map(|b| format!("{b:02x}")).collect()
    })
}

/// The modules and files of the SDK, for the prompt and tests.
pub fn sdk_sources() -> &'static [(&'static str, &'static str)] {
    sdk::SOURCES
}

/// `dir/output/<Module>` for every module compiled into `from`, as links (a compile writes only
/// the modules it rebuilds: the program's own), with the cache database copied; `pkgs` and `sdk`
/// linked, so the database's relative paths name the same files.
fn link_tree(tc: &Toolchain, from: &Path, dir: &Path) -> std::io::Result<()> {
    let output = dir.join("output");
    std::fs::create_dir_all(&output)?;
    std::fs::create_dir_all(dir.join("src"))?;
    std::os::unix::fs::symlink(tc.home.join("pkgs"), dir.join("pkgs"))?;
    std::os::unix::fs::symlink(from.join("sdk"), dir.join("sdk"))?;
    for entry in std::fs::read_dir(from.join("output"))? {
        let entry = entry?;
        let name = entry.file_name();
        if entry.file_type()?.is_dir() {
            std::os::unix::fs::symlink(entry.path(), output.join(&name))?;
        } else {
            let target = output.join(&name);
            std::fs::copy(entry.path(), &target)?;
            let modified = entry.metadata()?.modified()?;
            std::fs::File::options()
                .write(true)
                .open(&target)?
                .set_modified(modified)?;
        }
    }
    std::fs::write(
        dir.join("entry.js"),
        "import { main } from \"./output/Main/index.js\";\nmain();\n",
    )?;
    Ok(())
}

fn copy_tree(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let target = to.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            copy_tree(&entry.path(), &target)?;
        } else {
            std::fs::copy(entry.path(), &target)?;
            let modified = entry.metadata()?.modified()?;
            std::fs::File::options()
                .write(true)
                .open(&target)?
                .set_modified(modified)?;
        }
    }
    Ok(())
}

/// The core packages and the SDK compiled, once per machine: `<cache>/purescript/<key>-<sdk>/`
/// with `sdk/` (the generated sources) and `output/` (the toolchain's compiled packages with the
/// SDK's modules added).
pub(super) fn sdk_tree(cx: &PrepareCx, tc: &Toolchain) -> Result<PathBuf, PrepareError> {
    static BUILT: Mutex<Option<PathBuf>> = Mutex::new(None);
    let mut built = BUILT.lock().unwrap_or_else(|p| p.into_inner());
    if let Some(dir) = built.as_ref() {
        return Ok(dir.clone());
    }
    let base = cx.cache_dir().join("purescript");
    let dir = base.join(format!("{}-sdk-{}", tc.key(), sdk_digest()));
    if !dir.join(".complete").is_file() {
        let step = "the PureScript SDK's compile";
        std::fs::create_dir_all(&base).map_err(io(step))?;
        let tmp = base.join(format!(".build-{}-{}", std::process::id(), sdk_digest()));
        let _ = std::fs::remove_dir_all(&tmp);
        for (path, text) in sdk::SOURCES {
            let file = tmp.join("sdk").join(path);
            std::fs::create_dir_all(file.parent().expect("a path under sdk/")).map_err(io(step))?;
            std::fs::write(&file, text).map_err(io(step))?;
        }
        copy_tree(&tc.home.join("output"), &tmp.join("output")).map_err(io(step))?;
        std::os::unix::fs::symlink(tc.home.join("pkgs"), tmp.join("pkgs")).map_err(io(step))?;
        let scratch = cx.scratch().map_err(io(step))?;
        let out = ToolCommand::new("purs", &tc.purs, scratch, cx.deadline)
            .cancel(&cx.cancel)
            .current_dir(&tmp)
            .args(["compile", "--json-errors", GLOBS[0], GLOBS[1], "-o", "output"])
            .run()
            .map_err(|f| PrepareError::tool_failed("purs", &f, INSTALL))?;
        if !out.status.success() {
            return Err(toolchain_error(
                "purs",
                format!(
                    "the generated PureScript SDK did not compile (gg's defect): {}",
                    out.stdout.text.chars().take(4000).collect::<String>()
                ),
            ));
        }
        std::fs::write(tmp.join(".complete"), "").map_err(io(step))?;
        if std::fs::rename(&tmp, &dir).is_err() {
            // Another process finished first: its tree is the same.
            let _ = std::fs::remove_dir_all(&tmp);
        }
    }
    *built = Some(dir.clone());
    Ok(dir)
}

/// The program and its code modules as purs sources.
pub fn sources(source: &str, modules: &[CodeModule]) -> Result<Vec<Source>, PrepareError> {
    let mut out = vec![with_header(source, "Main", "src/Main.purs", PROGRAM_FILE)?];
    for m in modules {
        let name = lib_module(&m.key);
        let path = format!("src/{}.purs", name.replace('.', "/"));
        out.push(with_header(&m.source, &name, &path, &format!("lib/{}.purs", m.key))?);
    }
    Ok(out)
}

/// A code module's key as its PureScript module: `notes` → `Lib.Notes`, `my_notes` → `Lib.MyNotes`.
pub fn lib_module(key: &str) -> String {
    let mut name = String::new();
    let mut upper = true;
    for c in key.chars() {
        if c.is_ascii_alphanumeric() {
            if upper {
                name.extend(c.to_uppercase());
            } else {
                name.push(c);
            }
            upper = false;
        } else {
            upper = true;
        }
    }
    if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
        name.insert(0, 'M');
    }
    format!("Lib.{name}")
}

/// The text's `module NAME where` header: checked to be `expected`, or added (one line) where
/// the model wrote none.
fn with_header(text: &str, expected: &str, path: &str, file: &str) -> Result<Source, PrepareError> {
    let mask = super::lexer::code_mask(text);
    let mut at = 0;
    let mut line = 1u32;
    // The first code token: skip blank lines and comments.
    for (i, c) in text.char_indices() {
        if c == '\n' {
            line += 1;
        }
        if !c.is_whitespace() && mask.as_ref().is_none_or(|m| m.is_code(i)) {
            at = i;
            break;
        }
        at = text.len();
    }
    let rest = &text[at..];
    let header = rest.starts_with("module") && rest[6..].starts_with(|c: char| c.is_whitespace());
    if !header {
        return Ok(Source {
            path: path.to_owned(),
            text: format!("module {expected} where\n{text}"),
            file: file.to_owned(),
            offset: 1,
        });
    }
    let name: String = rest[6..]
        .trim_start()
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '.' || *c == '_' || *c == '\'')
        .collect();
    if name != expected {
        return Err(PrepareError::Program {
            fault: ProgramFault::Compile,
            diagnostics: vec![Diagnostic {
                message: format!(
                    "this file's module is `{expected}`: write `module {expected} where` (or leave the header out), not `module {name}`"
                ),
                location: Some(SourceLocation {
                    file: file.to_owned(),
                    line,
                    column: 1,
                }),
            }],
            dropped: 0,
        });
    }
    Ok(Source {
        path: path.to_owned(),
        text: text.to_owned(),
        file: file.to_owned(),
        offset: 0,
    })
}

/// Compiles and bundles: warm when only the program is in scope, cold otherwise.
pub fn compile(cx: &PrepareCx, source: &str, modules: &[CodeModule]) -> Result<Bundle, PrepareError> {
    let tc = Toolchain::get().map_err(|m| toolchain_error("purs", m))?;
    let sources = sources(source, modules)?;
    let tree = sdk_tree(cx, tc)?;
    if modules.is_empty()
        && let Some(result) = warm(cx, tc, &tree, &sources)
    {
        return result;
    }
    cold(cx, tc, &tree, &sources)
}

/// Warms the server up, so the first program does not pay for its start.
pub fn warm_up(cx: &PrepareCx) {
    let Ok(tc) = Toolchain::get() else { return };
    let Ok(tree) = sdk_tree(cx, tc) else { return };
    let mut slot = WARM.lock().unwrap_or_else(|p| p.into_inner());
    if slot.is_none() {
        *slot = Server::start(cx, tc, &tree).ok();
    }
}

fn cold(cx: &PrepareCx, tc: &Toolchain, tree: &Path, sources: &[Source]) -> Result<Bundle, PrepareError> {
    let scratch = cx.scratch().map_err(io("scratch"))?;
    let dir = scratch.path().join("purs");
    link_tree(tc, tree, &dir).map_err(io("the program's compile directory"))?;
    for s in sources {
        let file = dir.join(&s.path);
        std::fs::create_dir_all(file.parent().expect("under src/")).map_err(io("the program's sources"))?;
        std::fs::write(&file, &s.text).map_err(io("the program's sources"))?;
    }
    let out = ToolCommand::new("purs", &tc.purs, scratch, cx.deadline)
        .cancel(&cx.cancel)
        .current_dir(&dir)
        .args(["compile", "--json-errors", "-g", "js,sourcemaps"])
        .args(GLOBS)
        .args(["-o", "output"])
        .run()
        .map_err(|f| PrepareError::tool_failed("purs", &f, INSTALL))?;
    let answer = [out.stdout.text.as_str(), out.stderr.text.as_str()]
        .iter()
        .filter_map(|t| t.lines().find_map(|l| serde_json::from_str::<Value>(l).ok()))
        .next();
    let errors = answer
        .as_ref()
        .and_then(|v| v.get("errors"))
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    if let Some(e) = diagnostics::program_error(&errors, &Names(sources)) {
        return Err(e);
    }
    if !out.status.success() {
        return Err(toolchain_error(
            "purs",
            format!(
                "purs compile failed without an error gg could read: {}",
                out.stderr.text
            ),
        ));
    }
    bundle(cx, tc, scratch, &dir, sources)
}

/// The module a source is compiled to: `src/Lib/Notes.purs` is `Lib.Notes`.
fn module_name(source: &Source) -> String {
    let path = source.path.strip_prefix("src/").unwrap_or(&source.path);
    path.strip_suffix(".purs").unwrap_or(path).replace('/', ".")
}

/// esbuild: the program's own modules, as one ES module importing `gg` and the library modules
/// the PureScript guest holds evaluated (`ps:<Module>`, `guest.rs`), which it links to by name.
fn bundle(
    cx: &PrepareCx,
    tc: &Toolchain,
    scratch: &Scratch,
    dir: &Path,
    sources: &[Source],
) -> Result<Bundle, PrepareError> {
    let own: Vec<String> = sources.iter().map(module_name).collect();
    let is_own = |m: &str| own.iter().any(|o| o == m);
    for module in &own {
        let file = dir.join("output").join(module).join("index.js");
        let text = std::fs::read_to_string(&file).map_err(io("the program's compiled module"))?;
        std::fs::write(&file, super::guest::link_imports(&text, module, &is_own))
            .map_err(io("the program's compiled module"))?;
    }
    let out = ToolCommand::new("esbuild", &tc.esbuild, scratch, cx.deadline)
        .cancel(&cx.cancel)
        .current_dir(dir)
        .args([
            "entry.js",
            "--bundle",
            "--format=esm",
            "--platform=neutral",
            "--external:gg",
            "--external:gg:*",
            "--external:ps:*",
            "--sourcemap",
            "--sources-content=false",
            "--legal-comments=none",
            // A smaller text parses faster each turn; names are kept for the frames a model reads. Non-ASCII is escaped (esbuild's
            // default), so the guest's byte columns are the map's UTF-16 columns.
            "--minify-whitespace",
            "--minify-syntax",
            "--log-level=error",
            "--outfile=bundle.js",
        ])
        .run()
        .map_err(|f| PrepareError::tool_failed("esbuild", &f, INSTALL))?;
    if !out.status.success() {
        let text = out.stderr.text;
        if text.contains("No matching export") && text.contains("\"main\"") {
            return Err(PrepareError::Program {
                fault: ProgramFault::Compile,
                diagnostics: vec![Diagnostic {
                    message: "module Main exports no `main`: define `main :: Effect Unit`".into(),
                    location: Some(SourceLocation {
                        file: PROGRAM_FILE.into(),
                        line: 1,
                        column: 1,
                    }),
                }],
                dropped: 0,
            });
        }
        return Err(toolchain_error("esbuild", format!("the bundle failed: {text}")));
    }
    let code = std::fs::read_to_string(dir.join("bundle.js")).map_err(io("esbuild's bundle"))?;
    let map_json = std::fs::read_to_string(dir.join("bundle.js.map")).map_err(io("esbuild's source map"))?;
    let code = code
        .trim_end()
        .strip_suffix("//# sourceMappingURL=bundle.js.map")
        .unwrap_or(&code)
        .to_owned();
    let names = Names(sources);
    let offsets = sources.iter().map(|s| (s.file.clone(), s.offset)).collect();
    let map = BundleMap::parse(&map_json, &code, |p| names.model_file(p).map(|(f, _)| f), offsets)
        .ok_or_else(|| toolchain_error("esbuild", "its source map did not read"))?;
    Ok(Bundle { code, map })
}

/// The process's warm compiler, if one runs.
static WARM: Mutex<Option<Server>> = Mutex::new(None);

/// Rebuilds a program serves before its server is replaced (bounds what it keeps).
const MAX_REBUILDS: u32 = 2_000;
/// How long the server may take to start and load the libraries' interfaces.
const START_LIMIT: Duration = Duration::from_secs(30);

struct Server {
    /// `sh`, which runs purs and kills it when its stdin closes: when this is dropped, or when gg
    /// exits however it exits (a server on a TCP port would otherwise outlive gg).
    child: Child,
    stdin: Option<std::process::ChildStdin>,
    port: u16,
    dir: PathBuf,
    scratch: Scratch,
    served: u32,
}

impl Drop for Server {
    fn drop(&mut self) {
        drop(self.stdin.take());
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

impl Server {
    fn start(cx: &PrepareCx, tc: &Toolchain, tree: &Path) -> Result<Server, String> {
        seal_inherited_descriptors();
        let base = cx.cache_dir().join("purescript");
        let dir = base.join(format!("warm-{}-{}", std::process::id(), sdk_digest()));
        let _ = std::fs::remove_dir_all(&dir);
        link_tree(tc, tree, &dir).map_err(|e| e.to_string())?;
        std::fs::write(dir.join("src/Main.purs"), "module Main where\n").map_err(|e| e.to_string())?;
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map_err(|e| e.to_string())?
            .port();
        let scratch = Scratch::new(base.join("scratch")).map_err(|e| e.to_string())?;
        let mut child = Command::new("sh")
            .current_dir(&dir)
            .arg("-c")
            .arg("\"$@\" </dev/null & p=$!; cat >/dev/null; kill -9 $p 2>/dev/null; wait $p")
            .arg("sh")
            .arg(&tc.purs)
            .args([
                "ide",
                "server",
                "--no-watch",
                "--log-level",
                "none",
                "--output-directory",
                "output",
            ])
            .args(["--port", &port.to_string()])
            .args(GLOBS)
            .env("HOME", scratch.home())
            .env("TMPDIR", scratch.tmp())
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("sh for {}: {e}", tc.purs.display()))?;
        let stdin = child.stdin.take();
        let mut server = Server {
            child,
            stdin,
            port,
            dir,
            scratch,
            served: 0,
        };
        let deadline = (Instant::now() + START_LIMIT).min(cx.deadline);
        let loaded = server.request(&json!({"command": "load", "params": {}}), deadline, cx);
        match loaded {
            Ok(v) if v.get("resultType").and_then(Value::as_str) == Some("success") => Ok(server),
            Ok(v) => Err(format!("purs ide server did not load the libraries: {v}")),
            Err(e) => Err(e),
        }
    }

    /// One command, one connection, one line of JSON back.
    fn request(&mut self, command: &Value, deadline: Instant, cx: &PrepareCx) -> Result<Value, String> {
        let stream = loop {
            match TcpStream::connect(("127.0.0.1", self.port)) {
                Ok(s) => break s,
                Err(e) => {
                    if Instant::now() >= deadline || cx.cancel.is_cancelled() {
                        return Err(format!("purs ide server did not answer: {e}"));
                    }
                    if let Ok(Some(status)) = self.child.try_wait() {
                        return Err(format!("purs ide server exited ({status})"));
                    }
                    std::thread::sleep(Duration::from_millis(10));
                }
            }
        };
        let left = deadline
            .saturating_duration_since(Instant::now())
            .max(Duration::from_millis(1));
        stream.set_read_timeout(Some(left)).map_err(|e| e.to_string())?;
        let mut writer = stream.try_clone().map_err(|e| e.to_string())?;
        writeln!(writer, "{command}").map_err(|e| e.to_string())?;
        let mut line = String::new();
        BufReader::new(stream)
            .read_line(&mut line)
            .map_err(|e| format!("purs ide server did not answer in time: {e}"))?;
        serde_json::from_str(&line).map_err(|e| format!("purs ide server answered nonsense ({e}): {line}"))
    }
}

/// The warm path; `None` when no server will start (the program then compiles cold).
fn warm(cx: &PrepareCx, tc: &Toolchain, tree: &Path, sources: &[Source]) -> Option<Result<Bundle, PrepareError>> {
    let mut slot = WARM.lock().unwrap_or_else(|p| p.into_inner());
    if slot.as_ref().is_some_and(|s| s.served >= MAX_REBUILDS) {
        *slot = None;
    }
    if slot.is_none() {
        *slot = Some(Server::start(cx, tc, tree).ok()?);
    }
    let server = slot.as_mut()?;
    let main = &sources[0];
    let file = server.dir.join(&main.path);
    if std::fs::write(&file, &main.text).is_err() {
        *slot = None;
        return None;
    }
    let command =
        json!({"command": "rebuild", "params": {"file": file.to_string_lossy(), "codegen": ["js", "sourcemaps"]}});
    let answer = match server.request(&command, cx.deadline, cx) {
        Ok(a) => a,
        Err(_) if Instant::now() >= cx.deadline => {
            *slot = None;
            return Some(Err(PrepareError::TimedOut {
                step: "purs ide rebuild".into(),
            }));
        }
        Err(_) => {
            *slot = None;
            return None;
        }
    };
    server.served += 1;
    if answer.get("resultType").and_then(Value::as_str) != Some("success") {
        let errors = answer
            .get("result")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        return Some(Err(diagnostics::program_error(&errors, &Names(sources))
            .unwrap_or_else(|| {
                toolchain_error(
                    "purs ide",
                    format!("the rebuild failed without an error gg could read: {answer}"),
                )
            })));
    }
    let dir = server.dir.clone();
    // esbuild reads the rebuilt Main under the lock: the next program's rebuild waits for it.
    Some(bundle(cx, tc, &server.scratch, &dir, sources))
}
