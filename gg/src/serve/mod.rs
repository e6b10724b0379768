//! `gg serve`: an MCP server, over stdio (one connection, the process's lifetime) or streamable
//! HTTP on a loopback address (one connection per MCP session). What every connection of the
//! process shares ([`Serving`]: the registry, the defaults, a named workspace) lives here; one
//! connection's gg session in `connection`, the MCP tools in `handler`, the HTTP listener in `http`.

mod connection;
mod handler;
mod http;

use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use gg_core::{GuestReach, ProgramLanguage, ProgramLibrary, Registry, RunOptions};

use crate::tools::WorkspaceTools;
use crate::workspace::Workspace;

pub use handler::{GgServer, outcome_result};
pub use http::{loopback_address, serve_http};

/// How the process is reached; HTTP offers only the protocol versions that have sessions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Transport {
    Stdio,
    Http,
}

/// What every connection of one `gg serve` process shares.
pub struct Serving {
    registry: &'static Registry,
    /// The command line's options; each call may lower or raise the limits and pick the ending.
    base: RunOptions,
    /// The wall-clock budget of one call (a fresh one per call: a connection lives for hours).
    call_budget: Duration,
    /// `--workspace DIR`: every connection's tools act on it and share its program library.
    /// Without it each connection gets a fresh temporary workspace of its own.
    named: Option<Arc<NamedWorkspace>>,
    transport: Transport,
    /// The size of each connection's own temporary workspace, a tmpfs of its own (`gg serve
    /// --http` in its private namespace); `None`: no ceiling (stdio, a named workspace, or a
    /// machine without user namespaces).
    ceiling: Option<u64>,
    /// Where each connection's own workspace gets the control group its shell commands share.
    cgroups: Option<crate::ceiling::Cgroups>,
    /// Why `shell.run` is refused to every program here, where it is (a confined reach where the
    /// shell cannot be confined): the prompt says so.
    shell_refused: Option<String>,
    /// The arms whose guest this process has started warming.
    warmed: Mutex<HashSet<&'static str>>,
}

/// A workspace the user named, shared by every connection: its tools, and its program library,
/// loaded once and written back after every call.
pub(crate) struct NamedWorkspace {
    workspace: Workspace,
    tools: Arc<WorkspaceTools>,
    /// Held for a whole call (its program and reruns), so turns stay numbered once in the workspace.
    library: tokio::sync::Mutex<ProgramLibrary>,
    /// The reach of its programs: a confined one rooted here, with one temporary directory shared
    /// as the workspace is.
    reach: GuestReach,
}

impl Serving {
    /// The process's shared part; `workspace` is `--workspace`, opened and its library loaded now,
    /// so a corrupt library is an error before any client connects.
    pub fn new(
        registry: &'static Registry,
        workspace: Option<Workspace>,
        base: RunOptions,
        call_budget: Duration,
        transport: Transport,
        ceiling: Option<u64>,
        cgroups: Option<crate::ceiling::Cgroups>,
    ) -> Result<Arc<Self>, String> {
        let mut shell_refused = None;
        let named = match workspace {
            None => None,
            Some(mut workspace) => {
                let reach = workspace
                    .reach(&base.reach)
                    .map_err(|e| format!("making the programs' temporary directory: {e}"))?;
                let tools = WorkspaceTools::open(workspace.root(), workspace.state())
                    .map_err(|e| format!("opening the workspace tools: {e}"))?
                    .with_reach_or_no_shell(&reach);
                shell_refused = tools.shell_refused().map(str::to_owned);
                let library = crate::persist::load_library(workspace.state())?;
                Some(Arc::new(NamedWorkspace {
                    workspace,
                    tools: Arc::new(tools),
                    library: tokio::sync::Mutex::new(library),
                    reach,
                }))
            }
        };
        if named.is_none() && matches!(base.reach, GuestReach::Confined { .. }) {
            shell_refused = crate::tools::confine::unavailable();
        }
        Ok(Arc::new(Self {
            registry,
            base,
            call_budget,
            named,
            transport,
            ceiling: ceiling.filter(|_| matches!(transport, Transport::Http)),
            cgroups: cgroups.filter(|_| matches!(transport, Transport::Http)),
            shell_refused,
            warmed: Mutex::new(HashSet::new()),
        }))
    }

    /// The arm's prompt for this server's agent: its settings (`options`, the server's own unless a
    /// call names another ending), the reach its programs get, and whether the shell runs.
    fn prompt(&self, arm: &dyn ProgramLanguage, options: &RunOptions) -> Option<String> {
        crate::agent::prompt(arm, options, self.shell_refused.as_deref())
    }

    /// The arm named by id, else by extension.
    fn arm(&self, language: &str) -> Result<Arc<dyn ProgramLanguage>, String> {
        let registry = self.registry;
        registry
            .get(language)
            .or_else(|_| registry.by_extension(language.trim_start_matches('.')))
            .map_err(|_| format!("no arm `{language}` in this gg; arms: {}", registry.ids().join(", ")))
    }

    /// Starts warming the arm's guest the first time any connection of the process uses it.
    fn warm(&self, arm: &Arc<dyn ProgramLanguage>) {
        let first = self
            .warmed
            .lock()
            .expect("the warmed set is never poisoned")
            .insert(arm.id());
        if first {
            let _warming = gg_core::guest::warm_up(arm, &self.base.cache);
        }
    }
}

/// A multi-threaded runtime for the server (two workers: the machine gg targets has two cores;
/// programs themselves run on the blocking pool).
fn runtime() -> Result<tokio::runtime::Runtime, String> {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("starting the runtime: {e}"))
}

/// Runs `served` to its end on a fresh runtime, then shuts the runtime down in the background: a
/// blocking thread a tool or a guest left parked is abandoned, not waited for (dropping the
/// runtime would wait on it for ever).
fn block_on<F: std::future::Future<Output = Result<(), String>>>(served: F) -> Result<(), String> {
    let runtime = runtime()?;
    let result = runtime.block_on(served);
    runtime.shutdown_background();
    result
}

/// Serves one MCP connection on stdin and stdout until the client closes it.
pub fn serve_stdio(serving: Arc<Serving>) -> Result<(), String> {
    use rmcp::ServiceExt;
    block_on(async move {
        let service = GgServer::new(serving)
            .serve(rmcp::transport::stdio())
            .await
            .map_err(|e| format!("starting the MCP session: {e}"))?;
        service.waiting().await.map_err(|e| format!("serving: {e}"))?;
        Ok(())
    })
}
