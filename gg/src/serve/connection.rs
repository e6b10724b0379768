//! One MCP connection's gg session: the turns of every arm on the connection, one after another,
//! sharing views, pinned skills and the program library; code modules kept per arm.
//!
//! A [`gg_core::Session`] is one arm's, so each call builds one for its arm around the connection's
//! [`SessionState`] and takes the state back when the call ends. Code modules are the exception
//! to sharing: a module is bound under the key spelled by the arm whose program bound it
//! (`my_notes`, `myNotes`) and its code is that arm's language, so another arm could neither
//! reach it by its key nor compile it; each arm keeps its own set.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use gg_core::{ArmModules, GuestReach, ProgramLanguage, RunBudget, RunOptions, SandboxOutcome, Session, SessionState};

use super::{NamedWorkspace, Serving};
use crate::tools::WorkspaceTools;
use crate::workspace::Workspace;

/// One connection: made for free (rmcp's HTTP service makes one to read a tool's schema), its
/// workspace and session opened on the first program.
pub(crate) struct Connection {
    pub(crate) serving: Arc<Serving>,
    /// Held for a whole call: the connection's turns run one at a time, in arrival order.
    turns: tokio::sync::Mutex<Option<Turns>>,
    /// Calls of this connection running or waiting for their turn (at most [`MAX_CALLS`]).
    calls: AtomicUsize,
}

/// 4: the most `run_program` calls one session may have running or queued at once. Its programs run
/// one at a time, so a session holds at most one core with its guests however many calls it sends;
/// this bounds what it can make wait behind it.
pub(crate) const MAX_CALLS: usize = 4;

/// What one call hands back: each program that ran (the submitted one, then its reruns) with its
/// outcome, and why the program library could not be saved, when it could not.
pub(crate) struct Ran {
    pub programs: Vec<(String, SandboxOutcome)>,
    pub library_error: Option<String>,
}

/// The connection's session once it has run a program.
struct Turns {
    workspace: ConnectionWorkspace,
    /// The reach of the connection's programs: the process's, with a confined reach's root and
    /// temporary directory this connection's.
    reach: GuestReach,
    /// Views, pinned skills, and the program library unless the workspace is named.
    state: SessionState,
    /// Each arm's code modules and their checks, by the arm's id.
    modules: HashMap<&'static str, ArmModules>,
}

enum ConnectionWorkspace {
    /// A fresh temporary workspace, removed when the connection ends.
    Own {
        workspace: Workspace,
        tools: Arc<WorkspaceTools>,
    },
    /// The process's `--workspace`.
    Named(Arc<NamedWorkspace>),
}

impl ConnectionWorkspace {
    fn tools(&self) -> Arc<WorkspaceTools> {
        match self {
            Self::Own { tools, .. } => tools.clone(),
            Self::Named(named) => named.tools.clone(),
        }
    }

    fn state(&self) -> &std::path::Path {
        match self {
            Self::Own { workspace, .. } => workspace.state(),
            Self::Named(named) => named.workspace.state(),
        }
    }
}

impl Turns {
    fn open(serving: &Serving) -> Result<Self, String> {
        let (workspace, reach) = match &serving.named {
            Some(named) => (ConnectionWorkspace::Named(named.clone()), named.reach.clone()),
            None => {
                let mut workspace = match serving.ceiling {
                    Some(bytes) => Workspace::ceiled(bytes),
                    None => Workspace::open(None, false),
                }
                .map_err(|e| format!("opening a workspace: {e}"))?;
                let reach = workspace
                    .reach(&serving.base.reach)
                    .map_err(|e| format!("making the program's temporary directory: {e}"))?;
                let mut tools = WorkspaceTools::open(workspace.root(), workspace.state())
                    .map_err(|e| format!("opening the workspace tools: {e}"))?
                    .with_reach_or_no_shell(&reach);
                if let Some(cgroups) = &serving.cgroups {
                    let cgroup = cgroups
                        .session()
                        .map_err(|e| format!("making the session's control group: {e}"))?;
                    tools = tools.with_cgroup(Arc::new(cgroup));
                }
                let own = ConnectionWorkspace::Own {
                    workspace,
                    tools: Arc::new(tools),
                };
                (own, reach)
            }
        };
        Ok(Self {
            workspace,
            reach,
            state: SessionState::default(),
            modules: HashMap::new(),
        })
    }
}

impl Connection {
    pub(crate) fn new(serving: Arc<Serving>) -> Self {
        Self {
            serving,
            turns: tokio::sync::Mutex::new(None),
            calls: AtomicUsize::new(0),
        }
    }

    /// Runs `source` on `arm` as the connection's next turn, then the reruns it queues. The run
    /// is a task of its own, so a request the client abandons still finishes and hands the
    /// session's state back.
    pub(crate) async fn run(
        self: &Arc<Self>,
        arm: Arc<dyn ProgramLanguage>,
        source: String,
        options: RunOptions,
    ) -> Result<Ran, String> {
        if self.calls.fetch_add(1, Ordering::SeqCst) >= MAX_CALLS {
            self.calls.fetch_sub(1, Ordering::SeqCst);
            return Err(format!(
                "this session already has {MAX_CALLS} programs running or waiting, the most it may; \
                 send the next one when an outcome is back"
            ));
        }
        let this = self.clone();
        let ran = tokio::spawn(async move {
            let ran = this.run_in_turn(arm, &source, options).await;
            this.calls.fetch_sub(1, Ordering::SeqCst);
            ran
        })
        .await
        .map_err(|e| format!("gg's host failed running the program: {e}"))?;
        ran
    }

    async fn run_in_turn(
        &self,
        arm: Arc<dyn ProgramLanguage>,
        source: &str,
        mut options: RunOptions,
    ) -> Result<Ran, String> {
        let mut guard = self.turns.lock().await;
        if guard.is_none() {
            *guard = Some(Turns::open(&self.serving)?);
        }
        let turns = guard.as_mut().expect("opened above");
        self.serving.warm(&arm);
        // A call sets limits and the ending, never the reach: the connection's is the process's,
        // rooted in its own workspace.
        options.reach = turns.reach.clone();

        // A named workspace's library is the workspace's: every connection files into it in turn.
        let named = match &turns.workspace {
            ConnectionWorkspace::Named(named) => Some(named.clone()),
            ConnectionWorkspace::Own { .. } => None,
        };
        let mut named_library = match &named {
            Some(named) => Some(named.library.lock().await),
            None => None,
        };
        // The call's budget starts with its turn, not while it waited for the one before.
        options.budget = RunBudget::lasting(self.serving.call_budget);
        let mut state = std::mem::take(&mut turns.state);
        if let Some(library) = named_library.as_deref_mut() {
            state.library = std::mem::take(library);
        }
        state.restore_modules(turns.modules.remove(arm.id()).unwrap_or_default());

        let mut session = Session::with_state(arm.clone(), turns.workspace.tools(), state);
        let mut programs = Vec::new();
        // A rerun of another arm's library program runs in that arm, as a first call in it would.
        let serving = &self.serving;
        let other_arm = |id: &str| -> Result<Arc<dyn ProgramLanguage>, String> {
            let other = serving.arm(id)?;
            serving.warm(&other);
            Ok(other)
        };
        crate::reruns::run_with_reruns(
            &mut session,
            source.as_bytes(),
            &options,
            other_arm,
            &mut turns.modules,
            |_, source, outcome| programs.push((source, outcome)),
        )
        .await;
        let mut state = session.into_state();

        turns.modules.insert(arm.id(), state.take_modules());
        let mut library_error = None;
        if let Some(library) = named_library.as_deref_mut() {
            *library = std::mem::take(&mut state.library);
            // A temporary workspace goes with the connection: only a named one keeps its library.
            library_error = crate::persist::save_library(turns.workspace.state(), library)
                .err()
                .map(|e| format!("the program library was not saved: {e}"));
        }
        turns.state = state;
        Ok(Ran {
            programs,
            library_error,
        })
    }
}
