//! One store per program: its state, the guest context (WASI p2 for components, preview1 for core
//! modules), stdout and stderr capture, gg's own exit, the component linker.

use std::any::Any;
use std::path::PathBuf;
use std::pin::Pin;
use std::sync::OnceLock;
use std::task::{Context, Poll};

use wasmtime::component::ResourceTable;
use wasmtime_wasi::cli::{IsTerminal, StdoutStream};
use wasmtime_wasi::p1::WasiP1Ctx;
use wasmtime_wasi::p2::{OutputStream, Pollable, StreamResult};
use wasmtime_wasi::{FsPerms, WasiCtx, WasiCtxBuilder, WasiCtxView, WasiView};

use crate::engine::clock::GuestClock;
use crate::engine::limits::MemoryCap;
use crate::program::capture::{SharedLogs, SharedStderr};
use crate::program::membrane::Membrane;

/// Everything one program's store holds.
pub struct StoreState {
    pub(crate) wasi: GuestWasi,
    pub(crate) table: ResourceTable,
    pub(crate) memory: MemoryCap,
    pub(crate) clock: GuestClock,
    pub(crate) membrane: Membrane,
    /// How the guest last asked to stop the process, if it did.
    pub(crate) exit: Option<GuestExit>,
    /// The wire's reply held for a core-module guest to read.
    pub(crate) wire: crate::program::membrane::abi::HeldReply,
    /// What an arm keeps per program for its own host functions.
    pub(crate) arm_data: Option<Box<dyn Any + Send>>,
    /// The `memory` a core module's library exports, for the wire's calls from a module that
    /// imports its memory from no one and exports none (`core_host::CoreLibrary`).
    pub(crate) library_memory: Option<wasmtime::Memory>,
}

/// A program's WASI context, in the shape its guest speaks.
pub(crate) enum GuestWasi {
    /// A component: WASI p2 (boxed like its sibling: one store per program, the size is moot).
    P2(Box<WasiCtx>),
    /// A core module: WASI preview1 (its own table inside).
    P1(Box<WasiP1Ctx>),
}

impl StoreState {
    /// The preview1 context of a core-module guest's store.
    pub(crate) fn p1(&mut self) -> &mut WasiP1Ctx {
        match &mut self.wasi {
            GuestWasi::P1(ctx) => ctx,
            GuestWasi::P2(_) => panic!("a core module was linked into a component's store"),
        }
    }

    /// Keeps `data` for the arm's own host functions for the rest of this program.
    pub fn set_arm_data<T: Any + Send>(&mut self, data: T) {
        self.arm_data = Some(Box::new(data));
    }

    /// The bytes of linear memory this program's store may hold: the run's limit, or the arm's
    /// lower ceiling ([`CoreModuleHost::memory_ceiling`](crate::CoreModuleHost::memory_ceiling)).
    /// A guest that sizes its own heap asks it to stay below.
    pub fn memory_limit(&self) -> u64 {
        self.memory.limit()
    }

    /// What the arm kept with [`set_arm_data`](Self::set_arm_data), if it is a `T`.
    pub fn arm_data<T: Any + Send>(&mut self) -> Option<&mut T> {
        self.arm_data.as_mut()?.downcast_mut()
    }
}

impl WasiView for StoreState {
    fn ctx(&mut self) -> WasiCtxView<'_> {
        match &mut self.wasi {
            GuestWasi::P2(ctx) => WasiCtxView {
                ctx,
                table: &mut self.table,
            },
            GuestWasi::P1(_) => panic!("a component was linked into a core module's store"),
        }
    }
}

/// The reach a guest is given. Its working directory is `PWD`, which every arm's start makes the
/// guest's own (wasi-libc and the JVM runtimes begin at `/`): under the full reach `cwd`, the
/// workspace (none leaves `/`, and the process's `PWD` unset), and under a confined one `root`.
#[derive(Debug, Clone)]
pub enum GuestReach {
    /// The spec's context: `/` preopened read-write, the whole environment, the network.
    Full { cwd: Option<PathBuf> },
    /// Only `root` preopened (at its own path and as `.`), only the named variables, no network;
    /// with `tmp`, that directory preopened as `/tmp` and `TMPDIR=/tmp`: the program's own
    /// temporary files, inside its reach, emptied before and after each program
    /// ([`GuestReach::empty_tmp`]).
    Confined {
        root: PathBuf,
        env: Vec<String>,
        tmp: Option<PathBuf>,
    },
}

impl Default for GuestReach {
    fn default() -> Self {
        Self::Full { cwd: None }
    }
}

impl GuestReach {
    /// The full reach with `cwd` as the working directory.
    pub fn full_in(cwd: impl Into<PathBuf>) -> Self {
        Self::Full { cwd: Some(cwd.into()) }
    }

    /// Empties a confined reach's temporary directory (it stays, as the embedder made it), so each
    /// program starts with an empty `/tmp` and leaves nothing there for the next.
    pub fn empty_tmp(&self) -> std::io::Result<()> {
        let Self::Confined { tmp: Some(tmp), .. } = self else {
            return Ok(());
        };
        for entry in std::fs::read_dir(tmp)? {
            let entry = entry?;
            if entry.file_type()?.is_dir() {
                std::fs::remove_dir_all(entry.path())?;
            } else {
                std::fs::remove_file(entry.path())?;
            }
        }
        Ok(())
    }

    /// The guest's working directory, if it is not `/`.
    pub fn cwd(&self) -> Option<&std::path::Path> {
        match self {
            Self::Full { cwd } => cwd.as_deref(),
            Self::Confined { root, .. } => Some(root),
        }
    }
}

/// Where a guest's stdout goes: withheld (gg's fd 1 is its telemetry), or into the program's logs.
#[derive(Debug, Clone)]
pub(crate) enum GuestStdout {
    Withheld,
    Logs(SharedLogs),
}

/// Builds one program's WASI context: stdout withheld or logged, stderr captured,
/// `GG_SANDBOX_DEADLINE_MS`; preview1 for a core module, p2 for a component.
pub(crate) fn guest_context(
    reach: &GuestReach,
    stderr: SharedStderr,
    stdout: GuestStdout,
    guest_deadline_ms: u64,
    core_module: bool,
) -> GuestWasi {
    let mut b = WasiCtxBuilder::new();
    b.stderr(CapturedStderr(stderr));
    if let GuestStdout::Logs(logs) = stdout {
        b.stdout(LoggedStdout(logs));
    }
    match reach {
        GuestReach::Full { .. } => {
            b.envs(process_env())
                .inherit_network()
                .allow_tcp(true)
                .allow_udp(true)
                .allow_ip_name_lookup(true);
            // The one part that may fail; a guest that touches no file is unaffected, and one that
            // does gets an ordinary WASI error from its own runtime.
            let _ = b.preopened_dir("/", "/", FsPerms::ReadWrite);
        }
        GuestReach::Confined { root, env, tmp } => {
            for name in env {
                if (tmp.is_some() && name == "TMPDIR") || name == "PWD" {
                    continue;
                }
                if let Ok(value) = std::env::var(name) {
                    b.env(name, value);
                }
            }
            let _ = b.preopened_dir(root, root.to_string_lossy(), FsPerms::ReadWrite);
            let _ = b.preopened_dir(root, ".", FsPerms::ReadWrite);
            if let Some(tmp) = tmp {
                let _ = b.preopened_dir(tmp, "/tmp", FsPerms::ReadWrite);
                b.env("TMPDIR", "/tmp");
            }
        }
    }
    if let Some(cwd) = reach.cwd() {
        b.env("PWD", cwd.to_string_lossy());
    }
    b.env("GG_SANDBOX_DEADLINE_MS", guest_deadline_ms.to_string());
    if core_module {
        GuestWasi::P1(Box::new(b.build_p1()))
    } else {
        GuestWasi::P2(Box::new(b.build()))
    }
}

/// The process's environment as a guest under full reach sees it, read once (reading it was
/// ~0.5% of a trivial JavaScript turn): gg sets no variable of its own process. A variable that
/// is not Unicode cannot cross WASI's strings and is left out (wasmtime's `inherit_env` panics),
/// and `PWD` is the reach's.
fn process_env() -> &'static [(String, String)] {
    static ENV: OnceLock<Vec<(String, String)>> = OnceLock::new();
    ENV.get_or_init(|| {
        std::env::vars_os()
            .filter_map(|(k, v)| Some((k.into_string().ok()?, v.into_string().ok()?)))
            .filter(|(k, _)| k != "PWD")
            .collect()
    })
}

/// The guest's stderr: every write lands in the capture and none ever fails.
#[derive(Clone)]
struct CapturedStderr(SharedStderr);

/// A guest stdout that is the program's feedback: split into log lines; no write ever fails.
#[derive(Clone)]
struct LoggedStdout(SharedLogs);

/// Where one of the two captures puts bytes.
trait Sink: Clone + Send + Sync + 'static {
    fn put(&self, bytes: &[u8]);
}

impl Sink for CapturedStderr {
    fn put(&self, bytes: &[u8]) {
        self.0.write(bytes);
    }
}

impl Sink for LoggedStdout {
    fn put(&self, bytes: &[u8]) {
        self.0.write(bytes);
    }
}

/// A [`Sink`] as the WASI output stream a guest writes to.
struct SinkStream<S>(S);

impl<S: Sink> IsTerminal for SinkStream<S> {
    fn is_terminal(&self) -> bool {
        false
    }
}

impl IsTerminal for CapturedStderr {
    fn is_terminal(&self) -> bool {
        false
    }
}

impl IsTerminal for LoggedStdout {
    fn is_terminal(&self) -> bool {
        false
    }
}

macro_rules! stdout_stream {
    ($ty:ty) => {
        impl StdoutStream for $ty {
            fn p2_stream(&self) -> Box<dyn OutputStream> {
                Box::new(SinkStream(self.clone()))
            }
            fn async_stream(&self) -> Box<dyn tokio::io::AsyncWrite + Send + Sync> {
                Box::new(SinkStream(self.clone()))
            }
        }
    };
}
stdout_stream!(CapturedStderr);
stdout_stream!(LoggedStdout);

impl<S: Sink> OutputStream for SinkStream<S> {
    fn write(&mut self, bytes: bytes::Bytes) -> StreamResult<()> {
        self.0.put(&bytes);
        Ok(())
    }
    fn flush(&mut self) -> StreamResult<()> {
        Ok(())
    }
    fn check_write(&mut self) -> StreamResult<usize> {
        Ok(1 << 20)
    }
}

#[async_trait::async_trait]
impl<S: Sink> Pollable for SinkStream<S> {
    async fn ready(&mut self) {}
}

impl<S: Sink> tokio::io::AsyncWrite for SinkStream<S> {
    fn poll_write(self: Pin<&mut Self>, _: &mut Context<'_>, buf: &[u8]) -> Poll<std::io::Result<usize>> {
        self.0.put(buf);
        Poll::Ready(Ok(buf.len()))
    }
    fn poll_flush(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Poll::Ready(Ok(()))
    }
    fn poll_shutdown(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Poll::Ready(Ok(()))
    }
}

/// How a guest asked to stop the process, kept exactly as it arrived.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum GuestExit {
    /// `wasi:cli/exit.exit`: success or failure, never a number (the preview1 adapter lowers
    /// `proc_exit(n)` to this, so gg is not told which non-zero status a program chose).
    #[error("the program exited ({})", if *success { "success" } else { "failure" })]
    Status { success: bool },
    /// `exit-with-code`: an entry point's own status, with its number.
    #[error("the program exited with status {0}")]
    Code(u8),
    /// A core module's preview1 `proc_exit(n)`: the number arrives as the program chose it.
    #[error("the program exited with status {0}")]
    Process(i32),
}

impl wasmtime_wasi::p2::bindings::cli::exit::Host for StoreState {
    fn exit(&mut self, status: Result<(), ()>) -> wasmtime::Result<()> {
        let exit = GuestExit::Status {
            success: status.is_ok(),
        };
        self.exit = Some(exit);
        Err(wasmtime::Error::new(exit))
    }

    fn exit_with_code(&mut self, status_code: u8) -> wasmtime::Result<()> {
        let exit = GuestExit::Code(status_code);
        self.exit = Some(exit);
        Err(wasmtime::Error::new(exit))
    }
}
