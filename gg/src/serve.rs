//! `gg serve`: an MCP server over stdio. Tools `run_program`, `list_arms`, `search_docs`,
//! `get_prompt`; one MCP prompt per arm with a prompt segment; one resource per arm's catalogue.
//!
//! One process serves one stdio connection, so the connection's state lives in [`GgServer`]: one
//! workspace, and one gg [`Session`] per arm, made on the arm's first use (which also starts
//! warming its guest). Calls on one arm's session are serialised by a tokio mutex held for the
//! whole run; calls on different arms run side by side.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use gg_core::wire::EndingKind;
use gg_core::{ProgramLanguage, Registry, RunBudget, RunOptions, SandboxOutcome, Session, SessionState};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{
    CallToolResult, ContentBlock, GetPromptRequestParams, GetPromptResponse, GetPromptResult, Implementation,
    ListPromptsResult, ListResourcesResult, PaginatedRequestParams, Prompt, PromptMessage, ReadResourceRequestParams,
    ReadResourceResponse, ReadResourceResult, Resource, ResourceContents, Role, ServerCapabilities, ServerConfig,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler, ServiceExt, tool, tool_handler, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::json;

use crate::tools::WorkspaceTools;
use crate::workspace::Workspace;

/// The scheme of the catalogue resources: `gg://catalogue/{arm}`.
const CATALOGUE_URI: &str = "gg://catalogue/";

/// One arm's session on this connection; its mutex serialises the arm's programs.
type ArmSession = Arc<tokio::sync::Mutex<Session>>;

/// The connection: the registry, the workspace, the options every run starts from, the sessions.
#[derive(Clone)]
pub struct GgServer {
    inner: Arc<Connection>,
}

struct Connection {
    registry: &'static Registry,
    workspace: Workspace,
    tools: Arc<WorkspaceTools>,
    /// The command line's options; each call may lower or raise the limits and pick the ending.
    base: RunOptions,
    /// The wall-clock budget of one call (a fresh one per call: a connection lives for hours).
    call_budget: Duration,
    sessions: Mutex<HashMap<&'static str, ArmSession>>,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct RunProgramArgs {
    /// The arm: its id (`list_arms`) or a file extension such as `py` or `ts`.
    pub language: String,
    /// The program's whole text.
    pub source: String,
    /// Guest-execution time limit for this program, in seconds (default: the server's).
    pub timeout_secs: Option<f64>,
    /// Guest linear-memory limit for this program, in bytes (default: the server's).
    pub max_memory_bytes: Option<u64>,
    /// The session ending this program may reach: `none`, `finish` or `review` (default: the server's).
    pub ending: Option<String>,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct SearchDocsArgs {
    /// The arm whose catalogue is searched (id or extension).
    pub language: String,
    /// Words every hit's name or brief contains (case-insensitive); empty lists everything.
    #[serde(default)]
    pub query: String,
    /// Only this catalogue module.
    pub module: Option<String>,
    /// The most hits returned (default 20).
    pub limit: Option<usize>,
    /// A catalogue name whose full documentation is returned instead of a search.
    pub name: Option<String>,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct LanguageArgs {
    /// The arm (id or extension).
    pub language: String,
}

/// A tool's failure the model can act on: an error result with the message as text.
fn refusal(message: impl Into<String>) -> CallToolResult {
    CallToolResult::error(vec![ContentBlock::text(message.into())])
}

impl GgServer {
    pub fn new(
        registry: &'static Registry,
        workspace: Workspace,
        base: RunOptions,
        call_budget: Duration,
    ) -> Result<Self, String> {
        let tools = WorkspaceTools::open(workspace.root())
            .map_err(|e| format!("opening the workspace tools: {e}"))?
            .with_reach(&base.reach)?;
        Ok(Self {
            inner: Arc::new(Connection {
                registry,
                workspace,
                tools: Arc::new(tools),
                base,
                call_budget,
                sessions: Mutex::new(HashMap::new()),
            }),
        })
    }

    /// The arm named by id, else by extension.
    fn arm(&self, language: &str) -> Result<Arc<dyn ProgramLanguage>, String> {
        let registry = self.inner.registry;
        registry
            .get(language)
            .or_else(|_| registry.by_extension(language.trim_start_matches('.')))
            .map_err(|_| format!("no arm `{language}` in this gg; arms: {}", registry.ids().join(", ")))
    }

    /// The arm's session on this connection, made (and its guest warmed) on first use.
    fn session(&self, arm: &Arc<dyn ProgramLanguage>) -> Result<ArmSession, String> {
        let mut sessions = self.inner.sessions.lock().expect("the session map is never poisoned");
        if let Some(session) = sessions.get(arm.id()) {
            return Ok(session.clone());
        }
        let _warm = gg_core::engine::warm_up(arm, &self.inner.base.cache);
        let library = crate::persist::load_library(self.inner.workspace.root())?;
        let tools: Arc<dyn gg_core::ToolApi> = self.inner.tools.clone();
        let session = Arc::new(tokio::sync::Mutex::new(Session::with_state(
            arm.clone(),
            tools,
            SessionState::with_library(library),
        )));
        sessions.insert(arm.id(), session.clone());
        Ok(session)
    }

    fn run_options(&self, args: &RunProgramArgs) -> Result<RunOptions, String> {
        let mut options = self.inner.base.clone();
        if let Some(secs) = args.timeout_secs {
            if !(secs.is_finite() && secs > 0.0 && secs <= 86_400.0) {
                return Err(format!("timeout_secs must be above 0 and at most a day; got {secs}"));
            }
            options.limits.timeout = Duration::from_secs_f64(secs);
        }
        if let Some(bytes) = args.max_memory_bytes {
            options.limits.max_memory_bytes = bytes;
        }
        if let Some(ending) = &args.ending {
            options.ending = match ending.as_str() {
                "none" => EndingKind::None,
                "finish" => EndingKind::Finish,
                "review" => EndingKind::Review,
                other => return Err(format!("ending must be none, finish or review; got `{other}`")),
            };
        }
        options.budget = RunBudget::lasting(self.inner.call_budget);
        Ok(options)
    }
}

/// What `run_program` answers: `gg run`'s rendering as text, the JSON outcome as structured content.
pub fn outcome_result(outcome: &SandboxOutcome, source: &str) -> CallToolResult {
    let text = crate::render::human(outcome, source);
    let value = serde_json::to_value(outcome).expect("an outcome serialises");
    let mut result = CallToolResult::structured(value);
    result.content = vec![ContentBlock::text(text)];
    result.is_error = Some(!outcome.ok());
    result
}

#[tool_router]
impl GgServer {
    #[tool(
        description = "Run a program as the next turn of this connection's session on its arm. Views, the \
                       program library, pinned skills and code modules carry over to the next call on the same \
                       arm. Returns the outcome as text (status, located error with a code frame, logs, calls, \
                       views, timing) and the JSON outcome as structured content."
    )]
    async fn run_program(&self, Parameters(args): Parameters<RunProgramArgs>) -> CallToolResult {
        let arm = match self.arm(&args.language) {
            Ok(arm) => arm,
            Err(e) => return refusal(e),
        };
        let options = match self.run_options(&args) {
            Ok(o) => o,
            Err(e) => return refusal(e),
        };
        let session = match self.session(&arm) {
            Ok(s) => s,
            Err(e) => return refusal(e),
        };
        let mut session = session.lock().await;
        let outcome = session.run(&args.source, &options).await;
        // A named workspace keeps the library for the next connection or `gg run`; a temporary one
        // goes with the connection, so rewriting its file every call would be wasted work.
        if !self.inner.workspace.is_temporary() {
            let _ = crate::persist::save_library(self.inner.workspace.root(), &session.state().library);
        }
        outcome_result(&outcome, &args.source)
    }

    #[tool(description = "List the arms (program languages) this gg carries: id, name, file extensions, toolchain.")]
    async fn list_arms(&self) -> CallToolResult {
        let arms: Vec<_> = self
            .inner
            .registry
            .arms()
            .map(|arm| {
                let toolchain = match arm.toolchain() {
                    gg_core::ToolchainStatus::NotNeeded => json!({"status": "not_needed"}),
                    gg_core::ToolchainStatus::Installed { detail } => json!({"status": "installed", "detail": detail}),
                    gg_core::ToolchainStatus::Missing { install } => json!({"status": "missing", "install": install}),
                };
                json!({
                    "id": arm.id(),
                    "name": arm.display_name(),
                    "extensions": arm.extensions(),
                    "has_prompt": arm.prompt_segment().is_some(),
                    "toolchain": toolchain,
                })
            })
            .collect();
        let mut result = CallToolResult::structured(json!({ "arms": arms }));
        result.content = vec![ContentBlock::text(crate::cli::arms_report(self.inner.registry))];
        result
    }

    #[tool(
        description = "Search an arm's signature catalogue (the functions and types a program calls the tools \
                       through, in that language's spelling), or, with `name`, read one entry's documentation."
    )]
    async fn search_docs(&self, Parameters(args): Parameters<SearchDocsArgs>) -> CallToolResult {
        let arm = match self.arm(&args.language) {
            Ok(arm) => arm,
            Err(e) => return refusal(e),
        };
        let catalogue = arm.catalogue();
        if let Some(name) = &args.name {
            return match gg_core::session::render_docs(catalogue, name) {
                Some(text) => CallToolResult::success(vec![ContentBlock::text(text)]),
                None => refusal(format!("`{name}` is not in the {} catalogue", arm.id())),
            };
        }
        let hits = catalogue.search(&args.query, args.module.as_deref());
        let total = hits.len();
        let limit = args.limit.unwrap_or(20);
        let hits: Vec<_> = hits
            .into_iter()
            .take(limit)
            .map(|h| json!({"name": h.qualified, "module": h.module, "brief": h.brief, "signature": h.signature}))
            .collect();
        let mut text = format!("{total} hits in the {} catalogue", arm.id());
        for h in &hits {
            text.push_str(&format!(
                "\n{}  — {}",
                h["signature"].as_str().unwrap_or_default(),
                h["brief"].as_str().unwrap_or_default()
            ));
        }
        let mut result = CallToolResult::structured(json!({ "total": total, "hits": hits }));
        result.content = vec![ContentBlock::text(text)];
        result
    }

    #[tool(description = "An arm's paragraph of the system prompt: how programs in that language reach the tools.")]
    async fn get_prompt(&self, Parameters(args): Parameters<LanguageArgs>) -> CallToolResult {
        match self.arm(&args.language) {
            Ok(arm) => match arm.prompt_segment() {
                Some(text) => CallToolResult::success(vec![ContentBlock::text(text)]),
                None => refusal(format!("the {} arm has no prompt segment", arm.id())),
            },
            Err(e) => refusal(e),
        }
    }
}

#[tool_handler]
impl ServerHandler for GgServer {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(
            ServerCapabilities::builder()
                .enable_tools()
                .enable_prompts()
                .enable_resources()
                .build(),
        )
        .with_server_info(Implementation::new("gg", env!("CARGO_PKG_VERSION")))
        .with_instructions(
            "gg runs programs written in one of its arms' languages inside a WebAssembly sandbox; the program \
             reaches files, shell, tasks, board, memories, skills, views and docs through one typed API. \
             Use list_arms, then get_prompt and search_docs for an arm, then run_program.",
        )
    }

    async fn list_prompts(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, ErrorData> {
        let prompts = self
            .inner
            .registry
            .arms()
            .filter(|arm| arm.prompt_segment().is_some())
            .map(|arm| {
                Prompt::new(
                    arm.id(),
                    Some(format!("How {} programs reach gg's tools", arm.display_name())),
                    None,
                )
            })
            .collect();
        Ok(ListPromptsResult::with_all_items(prompts))
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        let segment = self
            .inner
            .registry
            .get(&request.name)
            .ok()
            .and_then(|arm| arm.prompt_segment());
        match segment {
            Some(text) => Ok(GetPromptResult::new(vec![PromptMessage::new_text(Role::User, text)]).into()),
            None => Err(ErrorData::invalid_params(format!("no prompt `{}`", request.name), None)),
        }
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        let resources = self
            .inner
            .registry
            .arms()
            .map(|arm| {
                Resource::new(
                    format!("{CATALOGUE_URI}{}", arm.id()),
                    format!("{} catalogue", arm.id()),
                )
                .with_description(format!("The {} arm's signature catalogue as JSON", arm.display_name()))
                .with_mime_type("application/json")
            })
            .collect();
        Ok(ListResourcesResult::with_all_items(resources))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        let arm = request
            .uri
            .strip_prefix(CATALOGUE_URI)
            .and_then(|id| self.inner.registry.get(id).ok())
            .ok_or_else(|| ErrorData::invalid_params(format!("no resource `{}`", request.uri), None))?;
        let text = serde_json::to_string_pretty(arm.catalogue()).expect("a catalogue serialises");
        let contents = match ResourceContents::text(text, request.uri.clone()) {
            ResourceContents::TextResourceContents { uri, text, meta, .. } => ResourceContents::TextResourceContents {
                uri,
                mime_type: Some("application/json".into()),
                text,
                meta,
            },
            other => other,
        };
        Ok(ReadResourceResult::new(vec![contents]).into())
    }
}

/// Serves one MCP connection on stdin and stdout until the client closes it.
pub fn serve_stdio(server: GgServer) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("starting the runtime: {e}"))?;
    runtime.block_on(async move {
        let service = server
            .serve(rmcp::transport::stdio())
            .await
            .map_err(|e| format!("starting the MCP session: {e}"))?;
        service.waiting().await.map_err(|e| format!("serving: {e}"))?;
        Ok(())
    })
}
