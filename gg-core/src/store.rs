//! One store per program: its state, the guest context (WASI), the stderr capture, the linker.

use std::path::PathBuf;
use std::pin::Pin;
use std::task::{Context, Poll};

use wasmtime::component::{HasSelf, Linker, ResourceTable};
use wasmtime_wasi::cli::{IsTerminal, StdoutStream};
use wasmtime_wasi::p2::{OutputStream, Pollable, StreamResult};
use wasmtime_wasi::{FsPerms, WasiCtx, WasiCtxBuilder, WasiCtxView, WasiView};

use crate::capture::SharedStderr;
use crate::clock::GuestClock;
use crate::limits::MemoryCap;
use crate::membrane::Membrane;

/// Everything one program's store holds.
pub struct StoreState {
    pub(crate) wasi: WasiCtx,
    pub(crate) table: ResourceTable,
    pub(crate) memory: MemoryCap,
    pub(crate) clock: GuestClock,
    pub(crate) membrane: Membrane,
    /// How the guest last asked to stop the process, if it did.
    pub(crate) exit: Option<GuestExit>,
}

impl WasiView for StoreState {
    fn ctx(&mut self) -> WasiCtxView<'_> {
        WasiCtxView {
            ctx: &mut self.wasi,
            table: &mut self.table,
        }
    }
}

/// The reach a guest is given.
#[derive(Debug, Clone, Default)]
pub enum GuestReach {
    /// The spec's context: `/` preopened read-write, the whole environment, the network.
    #[default]
    Full,
    /// Only `root` preopened (at its own path and as `.`), only the named variables, no network.
    Confined { root: PathBuf, env: Vec<String> },
}

/// Builds one program's WASI context: stdout withheld, stderr captured, `GG_SANDBOX_DEADLINE_MS`.
pub(crate) fn guest_context(reach: &GuestReach, stderr: SharedStderr, guest_deadline_ms: u64) -> WasiCtx {
    let mut b = WasiCtxBuilder::new();
    b.stderr(CapturedStderr(stderr));
    match reach {
        GuestReach::Full => {
            b.inherit_env()
                .inherit_network()
                .allow_tcp(true)
                .allow_udp(true)
                .allow_ip_name_lookup(true);
            // The one part that may fail; a guest that touches no file is unaffected, and one that
            // does gets an ordinary WASI error from its own runtime.
            let _ = b.preopened_dir("/", "/", FsPerms::ReadWrite);
        }
        GuestReach::Confined { root, env } => {
            for name in env {
                if let Ok(value) = std::env::var(name) {
                    b.env(name, value);
                }
            }
            let _ = b.preopened_dir(root, root.to_string_lossy(), FsPerms::ReadWrite);
            let _ = b.preopened_dir(root, ".", FsPerms::ReadWrite);
        }
    }
    b.env("GG_SANDBOX_DEADLINE_MS", guest_deadline_ms.to_string());
    b.build()
}

/// The guest's stderr: every write lands in the capture and none ever fails.
struct CapturedStderr(SharedStderr);

impl IsTerminal for CapturedStderr {
    fn is_terminal(&self) -> bool {
        false
    }
}

impl StdoutStream for CapturedStderr {
    fn p2_stream(&self) -> Box<dyn OutputStream> {
        Box::new(CapturedStderr(self.0.clone()))
    }
    fn async_stream(&self) -> Box<dyn tokio::io::AsyncWrite + Send + Sync> {
        Box::new(CapturedStderr(self.0.clone()))
    }
}

impl OutputStream for CapturedStderr {
    fn write(&mut self, bytes: bytes::Bytes) -> StreamResult<()> {
        self.0.write(&bytes);
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
impl Pollable for CapturedStderr {
    async fn ready(&mut self) {}
}

impl tokio::io::AsyncWrite for CapturedStderr {
    fn poll_write(self: Pin<&mut Self>, _: &mut Context<'_>, buf: &[u8]) -> Poll<std::io::Result<usize>> {
        self.0.write(buf);
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

/// The whole WASI p2 surface, `wasi:cli/exit` answered by gg so the status is kept exact, and the membrane.
pub(crate) fn linker(engine: &wasmtime::Engine) -> wasmtime::Result<Linker<StoreState>> {
    let mut linker = Linker::new(engine);
    wasmtime_wasi::p2::add_to_linker_sync(&mut linker)?;
    linker.allow_shadowing(true);
    wasmtime_wasi::p2::bindings::cli::exit::add_to_linker::<StoreState, HasSelf<StoreState>>(&mut linker, |s| s)?;
    linker.allow_shadowing(false);
    crate::membrane::add_to_linker(&mut linker)?;
    Ok(linker)
}
