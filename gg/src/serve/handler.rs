//! The MCP face of one connection: tools `run_program`, `list_arms`, `search_docs`, `get_prompt`;
//! one MCP prompt per arm with a prompt segment; one resource per arm's catalogue.

use std::borrow::Cow;
use std::sync::Arc;
use std::time::Duration;

use gg_core::wire::EndingKind;
use gg_core::{RunOptions, SandboxOutcome};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{
    CallToolResult, ContentBlock, GetPromptRequestParams, GetPromptResponse, GetPromptResult, Implementation,
    ListPromptsResult, ListResourcesResult, PaginatedRequestParams, Prompt, PromptMessage, ProtocolVersion,
    ReadResourceRequestParams, ReadResourceResponse, ReadResourceResult, Resource, ResourceContents, Role,
    ServerCapabilities, ServerConfig,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler, tool, tool_handler, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::json;

use super::connection::Connection;
use super::{Serving, Transport};

/// The scheme of the catalogue resources: `gg://catalogue/{arm}`.
const CATALOGUE_URI: &str = "gg://catalogue/";

/// One MCP connection (stdio's only one, or one HTTP session). Clones share the connection.
#[derive(Clone)]
pub struct GgServer {
    connection: Arc<Connection>,
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
pub struct PromptArgs {
    /// The arm (id or extension).
    pub language: String,
    /// The session ending the prompt is for, as `run_program` takes it: `none`, `finish` or
    /// `review` (default: the server's).
    pub ending: Option<String>,
}

/// A tool's failure the model can act on: an error result with the message as text.
fn refusal(message: impl Into<String>) -> CallToolResult {
    CallToolResult::error(vec![ContentBlock::text(message.into())])
}

impl GgServer {
    /// A new connection of the process; it opens its workspace on its first program.
    pub fn new(serving: Arc<Serving>) -> Self {
        Self {
            connection: Arc::new(Connection::new(serving)),
        }
    }

    fn serving(&self) -> &Serving {
        &self.connection.serving
    }

    fn run_options(&self, args: &RunProgramArgs) -> Result<RunOptions, String> {
        let mut options = self.with_ending(args.ending.as_deref())?;
        if let Some(secs) = args.timeout_secs {
            if !(secs.is_finite() && secs > 0.0 && secs <= 86_400.0) {
                return Err(format!("timeout_secs must be above 0 and at most a day; got {secs}"));
            }
            options.limits.timeout = Duration::from_secs_f64(secs);
        }
        if let Some(bytes) = args.max_memory_bytes {
            options.limits.max_memory_bytes = bytes;
        }
        Ok(options)
    }

    /// The server's options, with `ending` (a call's) in place of its own when given.
    fn with_ending(&self, ending: Option<&str>) -> Result<RunOptions, String> {
        let mut options = self.serving().base.clone();
        if let Some(ending) = ending {
            options.ending = match ending {
                "none" => EndingKind::None,
                "finish" => EndingKind::Finish,
                "review" => EndingKind::Review,
                other => return Err(format!("ending must be none, finish or review; got `{other}`")),
            };
        }
        Ok(options)
    }
}

/// What `run_program` answers for the programs one call ran (the submitted one, then each rerun it
/// queued): each one's `gg run` rendering as text, in order; the submitted program's JSON outcome
/// as structured content, with the reruns' outcomes under `reruns` when there were any. An error
/// result when any of them failed.
pub fn outcome_result(programs: &[(String, SandboxOutcome)]) -> CallToolResult {
    let mut outcomes = programs
        .iter()
        .map(|(_, outcome)| serde_json::to_value(outcome).expect("an outcome serialises"));
    let mut value = outcomes.next().unwrap_or_default();
    let reruns: Vec<_> = outcomes.collect();
    if !reruns.is_empty() {
        value["reruns"] = serde_json::Value::Array(reruns);
    }
    let mut result = CallToolResult::structured(value);
    result.content = programs
        .iter()
        .map(|(source, outcome)| ContentBlock::text(crate::render::human(outcome, source)))
        .collect();
    result.is_error = Some(programs.iter().any(|(_, outcome)| !outcome.ok()));
    result
}

#[tool_router]
impl GgServer {
    #[tool(
        description = "Run a program as the next turn of this connection's gg session. Views, the program \
                       library and pinned skills carry over to every later call, in any language; code modules \
                       (a skill's or memory's code) to later calls in the same language. A rerun the program \
                       queues (programs.rerun) runs right after it, as the next turn. Returns each program's \
                       outcome as text (status, located error with a code frame, logs, calls, the code modules it \
                       bound with their exports, views, timing) \
                       and the JSON outcome as structured content (a rerun's under `reruns`)."
    )]
    async fn run_program(&self, Parameters(args): Parameters<RunProgramArgs>) -> CallToolResult {
        let arm = match self.serving().arm(&args.language) {
            Ok(arm) => arm,
            Err(e) => return refusal(e),
        };
        let options = match self.run_options(&args) {
            Ok(o) => o,
            Err(e) => return refusal(e),
        };
        let ran = match self.connection.run(arm, args.source, options).await {
            Ok(ran) => ran,
            Err(e) => return refusal(e),
        };
        let mut result = outcome_result(&ran.programs);
        if let Some(e) = ran.library_error {
            eprintln!("gg serve: {e}");
            result.content.push(ContentBlock::text(format!("gg: {e}")));
        }
        result
    }

    #[tool(description = "List the arms (program languages) this gg carries: id, name, file extensions, toolchain.")]
    async fn list_arms(&self) -> CallToolResult {
        let arms: Vec<_> = self
            .serving()
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
        result.content = vec![ContentBlock::text(crate::cli::arms_report(self.serving().registry))];
        result
    }

    #[tool(
        description = "Search an arm's signature catalogue (the functions and types a program calls the tools \
                       through, in that language's spelling), or, with `name`, read one entry's documentation."
    )]
    async fn search_docs(&self, Parameters(args): Parameters<SearchDocsArgs>) -> CallToolResult {
        let arm = match self.serving().arm(&args.language) {
            Ok(arm) => arm,
            Err(e) => return refusal(e),
        };
        let catalogue = arm.catalogue();
        if let Some(name) = &args.name {
            return match gg_core::program::session::render_docs(catalogue, name) {
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

    #[tool(
        description = "An arm's part of the system prompt for this session: how programs in that language reach \
                       the tools (the whole SDK, less the operations this session refuses), how the session \
                       ends, and what a program's own APIs reach."
    )]
    async fn get_prompt(&self, Parameters(args): Parameters<PromptArgs>) -> CallToolResult {
        let options = match self.with_ending(args.ending.as_deref()) {
            Ok(o) => o,
            Err(e) => return refusal(e),
        };
        match self.serving().arm(&args.language) {
            Ok(arm) => match self.serving().prompt(arm.as_ref(), &options) {
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

    fn supported_protocol_versions(&self) -> Cow<'static, [ProtocolVersion]> {
        match self.serving().transport {
            Transport::Stdio => Cow::Borrowed(ProtocolVersion::KNOWN_VERSIONS),
            // 2026-07-28 dropped the HTTP session, and with it the one thing that ties a client's
            // calls to one gg session: over HTTP gg offers the versions that still have it.
            Transport::Http => Cow::Borrowed(ProtocolVersion::known_up_to(&ProtocolVersion::V_2025_11_25)),
        }
    }

    async fn list_prompts(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, ErrorData> {
        let prompts = self
            .serving()
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
            .serving()
            .registry
            .get(&request.name)
            .ok()
            .and_then(|arm| self.serving().prompt(arm.as_ref(), &self.serving().base));
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
            .serving()
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
            .and_then(|id| self.serving().registry.get(id).ok())
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
