//! The command line: `gg run`, `gg session`, `gg serve`, `gg config`, `gg arms`, `gg catalogue`,
//! `gg prompt`, `gg docs`.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use clap::{Parser, Subcommand};
use gg_core::wire::EndingKind;

use crate::config::{self, Effective, Ending, Grant, Reach, Retention, Settings};
use gg_core::{
    CompileCache, GuestReach, Limits, ProgramLanguage, Registry, RunBudget, RunOptions, SandboxOutcome, Session,
    SessionState, Status, ToolchainStatus,
};

use crate::tools::WorkspaceTools;
use crate::tools::confine::ConfineSupport;
use crate::workspace::{Workspace, WorkspaceError};

/// Exit statuses: the program completed; the program failed; the command line was wrong;
/// a toolchain or gg itself failed.
const EXIT_OK: u8 = 0;
const EXIT_PROGRAM: u8 = 1;
const EXIT_USAGE: u8 = 2;
const EXIT_INTERNAL: u8 = 3;

#[derive(Debug, Parser)]
#[command(
    name = "gg",
    version,
    about = "Runs programs written by a language model inside wasmtime components"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Run one program and print its outcome.
    Run {
        /// The program; its extension picks the arm unless --lang is given.
        file: PathBuf,
        #[command(flatten)]
        run: RunArgs,
    },
    /// Run several programs in order as the turns of one session in one workspace.
    Session {
        /// A directory (its program files in name order) or the program files themselves.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Write the session record to FILE (JSON Lines): each program as an assistant message,
        /// its calls as tool_call/tool_result pairs, each skill body pinned once as a user message.
        #[arg(long, value_name = "FILE")]
        record: Option<PathBuf>,
        #[command(flatten)]
        run: RunArgs,
    },
    /// Serve MCP over stdio, or streamable HTTP on a loopback address: run_program, list_arms,
    /// search_docs, get_prompt.
    ///
    /// One gg session per connection (per MCP session over HTTP): views, the program library and
    /// pinned skills carry across calls in every language, code modules across calls in one; a
    /// connection's programs run one at a time, connections side by side.
    Serve {
        #[command(flatten)]
        serve: ServeArgs,
    },
    /// Print the effective settings (from the flags, the configuration file's profile, or gg's
    /// defaults) and where each came from.
    Config {
        #[command(flatten)]
        settings: SettingsArgs,
    },
    /// List the arms compiled into this binary, and the ones that are not.
    Arms,
    /// Print an arm's signature catalogue as JSON.
    Catalogue {
        /// The arm id (see `gg arms`).
        arm: String,
    },
    /// Print an arm's part of the system prompt for an agent run with these settings (the same
    /// flags and profile as `gg run`): its paragraph and SDK, less the operations the grant or the
    /// ending refuses, then what the agent is granted, how it ends and what its program's own APIs
    /// reach. Without an arm, every arm's.
    Prompt {
        /// The arm id (see `gg arms`).
        arm: Option<String>,
        #[command(flatten)]
        settings: SettingsArgs,
    },
    /// Search an arm's signature catalogue, as a program's `docs.search` does for the SDK.
    Docs {
        /// The arm id (see `gg arms`).
        arm: String,
        /// Words every hit's name or brief contains (case-insensitive); none lists everything.
        query: Vec<String>,
        /// Only this catalogue module.
        #[arg(long)]
        module: Option<String>,
        /// The most hits printed.
        #[arg(long, default_value_t = 20)]
        limit: usize,
        /// Print one entry's whole documentation instead of searching (a catalogue name).
        #[arg(long)]
        name: Option<String>,
    },
}

#[derive(Debug, Clone, clap::Args)]
struct RunArgs {
    /// The arm to run the program on (default: from the file's extension).
    #[arg(long = "lang")]
    lang: Option<String>,
    #[command(flatten)]
    settings: SettingsArgs,
    /// Keep no compiled-guest cache on disk.
    #[arg(long)]
    no_cache: bool,
    /// Print the outcome as one JSON object per program.
    #[arg(long)]
    json: bool,
}

/// The settings a configuration profile may also give (see `gg config`); a flag wins over the
/// profile, the profile over gg's default.
#[derive(Debug, Clone, Default, clap::Args)]
struct SettingsArgs {
    /// The configuration file (default: gg.toml in the --workspace directory, else
    /// $XDG_CONFIG_HOME/gg/gg.toml, else ~/.config/gg/gg.toml).
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
    /// The configuration file's profile to use (default: its default-profile, else `default`).
    #[arg(long, value_name = "NAME")]
    profile: Option<String>,
    /// The workspace the tools act on (default: a fresh temporary copy of the embedded default).
    /// It must exist unless --create-workspace is given.
    #[arg(long, value_name = "DIR")]
    workspace: Option<PathBuf>,
    /// Create the workspace directory, empty, when it does not exist.
    #[arg(long)]
    create_workspace: bool,
    /// Guest-execution time limit per program, in seconds [default: 30].
    #[arg(long, value_name = "S")]
    timeout_secs: Option<f64>,
    /// Guest linear-memory limit per program, in bytes [default: 268435456].
    #[arg(long, value_name = "N")]
    max_memory_bytes: Option<u64>,
    /// Wall-clock budget of the whole run, in seconds; spent, every tool call is refused [default: 600].
    #[arg(long, value_name = "S")]
    run_budget_secs: Option<f64>,
    /// What a program reaches outside the membrane: `full` (the spec's: / preopened, the
    /// environment, the network) or `confined` [default: full].
    #[arg(long, value_enum, conflicts_with = "confined")]
    reach: Option<Reach>,
    /// Same as --reach confined: preopen only the workspace, pass only PATH, HOME, LANG and
    /// TMPDIR (and PWD, the workspace), and give no network.
    #[arg(long)]
    confined: bool,
    /// Grant only these operations (comma-separated ids such as files.read_file), or `all`
    /// [default: all].
    #[arg(long, value_delimiter = ',', value_name = "OP,OP...")]
    grant: Option<Vec<String>>,
    /// The session ending this agent may reach [default: finish].
    #[arg(long, value_enum)]
    ending: Option<Ending>,
    /// Keep only the newest N programs in the workspace's program library, or `all` [default:
    /// what the library kept before, else all].
    #[arg(long, value_name = "N|all", value_parser = config::parse_retention)]
    library_retention: Option<Retention>,
    /// The flag `run_budget_secs` came from, as an error names it (`gg serve` calls it
    /// `--call-budget-secs`); empty means `run-budget-secs`.
    #[arg(skip)]
    budget_flag: &'static str,
}

/// `gg serve`'s options: the defaults of every `run_program` call on the connection.
#[derive(Debug, Clone, clap::Args)]
struct ServeArgs {
    /// The configuration file (as for `gg run`); its profile's `run-budget-secs` is each call's
    /// budget here.
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
    /// The configuration file's profile to use (default: its default-profile, else `default`).
    #[arg(long, value_name = "NAME")]
    profile: Option<String>,
    /// The workspace the tools act on (default: a fresh temporary copy of the embedded default per
    /// connection). It must exist unless --create-workspace is given.
    #[arg(long, value_name = "DIR")]
    workspace: Option<PathBuf>,
    /// Create the workspace directory, empty, when it does not exist.
    #[arg(long)]
    create_workspace: bool,
    /// Default guest-execution time limit per program, in seconds (a call may set its own)
    /// [default: 30].
    #[arg(long, value_name = "S")]
    timeout_secs: Option<f64>,
    /// Default guest linear-memory limit per program, in bytes (a call may set its own)
    /// [default: 268435456].
    #[arg(long, value_name = "N")]
    max_memory_bytes: Option<u64>,
    /// Wall-clock budget of one call, in seconds; spent, every tool call is refused [default: 600].
    #[arg(long, value_name = "S")]
    call_budget_secs: Option<f64>,
    /// What a program reaches outside the membrane: `full` (what this process reaches) or
    /// `confined` [default: confined with --http, where sessions are tenants of one process; full
    /// over stdio, one agent's own server].
    #[arg(long, value_enum, conflicts_with = "confined")]
    reach: Option<Reach>,
    /// Same as --reach confined: preopen only the workspace and a private /tmp, pass only PATH,
    /// HOME, LANG and TMPDIR (and PWD, the workspace), and give no network; the shell too runs in a sandbox that sees only
    /// the workspace (where bubblewrap is missing, the server starts with the shell refused).
    /// With --http each session's shell commands share one core and 256 processes.
    #[arg(long)]
    confined: bool,
    /// With --http, the size of each session's own workspace (its files and its /tmp together, a
    /// memory-backed file system of its own): a write past it fails with "no space left"
    /// [default: 1073741824].
    #[arg(long, value_name = "N")]
    workspace_max_bytes: Option<u64>,
    /// Grant only these operations (comma-separated ids such as files.read_file), or `all`
    /// [default: all].
    #[arg(long, value_delimiter = ',', value_name = "OP,OP...")]
    grant: Option<Vec<String>>,
    /// The default session ending programs may reach (a call may set its own) [default: finish].
    #[arg(long, value_enum)]
    ending: Option<Ending>,
    /// Keep no compiled-guest cache on disk.
    #[arg(long)]
    no_cache: bool,
    /// Serve streamable HTTP at http://ADDR/mcp instead of stdio; ADDR is a loopback IP:PORT
    /// (127.0.0.1:8931, [::1]:8931), localhost:PORT or a PORT (0: any free port; printed to stderr).
    #[arg(long, value_name = "ADDR")]
    http: Option<String>,
}

impl ServeArgs {
    /// The settings these stand for, read over the configuration file's profile like `gg run`'s.
    fn as_run_args(&self) -> RunArgs {
        RunArgs {
            lang: None,
            settings: SettingsArgs {
                config: self.config.clone(),
                profile: self.profile.clone(),
                workspace: self.workspace.clone(),
                create_workspace: self.create_workspace,
                timeout_secs: self.timeout_secs,
                max_memory_bytes: self.max_memory_bytes,
                run_budget_secs: self.call_budget_secs,
                reach: self.reach,
                confined: self.confined,
                grant: self.grant.clone(),
                ending: self.ending,
                library_retention: None,
                budget_flag: "call-budget-secs",
            },
            no_cache: self.no_cache,
            json: false,
        }
    }
}

/// The command line's definition (for documentation checks: every flag is in README.md).
pub fn command() -> clap::Command {
    <Cli as clap::CommandFactory>::command()
}

/// Runs the command line; returns the process's exit status.
pub fn main() -> ExitCode {
    let cli = match parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { EXIT_USAGE } else { EXIT_OK });
        }
    };
    match dispatch(cli) {
        Ok(code) => ExitCode::from(code),
        Err(Failure::Usage(message)) => {
            eprintln!("gg: {message}");
            ExitCode::from(EXIT_USAGE)
        }
        Err(Failure::Internal(message)) => {
            eprintln!("gg: {message}");
            ExitCode::from(EXIT_INTERNAL)
        }
    }
}

/// The command line; a request for help also says whether this machine can honour `--confined`
/// (probed only then, since the probe runs a process).
fn parse() -> Result<Cli, clap::Error> {
    use clap::{CommandFactory, FromArgMatches};
    let asks_help = std::env::args()
        .skip(1)
        .any(|a| a == "-h" || a == "--help" || a == "help");
    if !asks_help {
        return Cli::try_parse();
    }
    let support = crate::tools::confine::support().describe();
    let mut cmd = Cli::command();
    for sub in ["run", "session", "serve"] {
        cmd = cmd.mut_subcommand(sub, |c| {
            c.mut_arg("confined", |a| {
                let said = a.get_help().map(|h| h.to_string()).unwrap_or_default();
                a.help(format!("{}. On this machine: {support}.", said.trim_end_matches('.')))
            })
        });
    }
    Cli::from_arg_matches(&cmd.try_get_matches()?)
}

enum Failure {
    Usage(String),
    Internal(String),
}

fn dispatch(cli: Cli) -> Result<u8, Failure> {
    let registry = Registry::global().map_err(|e| Failure::Internal(e.to_string()))?;
    match cli.command {
        Command::Run { file, run } => run_programs(registry, &[file], &run, None),
        Command::Session { paths, record, run } => {
            let files = session_files(&paths)?;
            run_programs(registry, &files, &run, record.as_deref())
        }
        Command::Serve { serve } => {
            use crate::serve::{Serving, Transport};
            let run = serve.as_run_args();
            let http = serve
                .http
                .as_deref()
                .map(crate::serve::loopback_address)
                .transpose()
                .map_err(Failure::Usage)?;
            let mut settings = effective(&run.settings, true)?;
            // Over HTTP sessions are tenants of one process: confined unless the user chose.
            if http.is_some() && settings.reach.source == config::Source::Default {
                settings.reach.value = Reach::Confined;
            }
            let confined = settings.reach.value == Reach::Confined;
            // The private namespace must be entered while this process has one thread: first.
            let ceiling = match (&http, confined) {
                (Some(_), true) => match crate::tenancy::enter() {
                    Ok(()) => Some(serve.workspace_max_bytes.unwrap_or(DEFAULT_WORKSPACE_MAX_BYTES)),
                    Err(why) => {
                        eprintln!("gg serve: sessions' workspaces have no size ceiling on this machine: {why}");
                        None
                    }
                },
                _ => None,
            };
            // Each session's confined shell commands in a control group of their own.
            let cgroups = match (&http, confined, crate::tools::confine::unavailable()) {
                (Some(_), true, None) => match crate::ceiling::Cgroups::new() {
                    Ok(cgroups) => Some(cgroups),
                    Err(why) => {
                        eprintln!(
                            "gg serve: sessions' shell commands have no CPU or process ceiling on this machine: {why}"
                        );
                        None
                    }
                },
                _ => None,
            };
            // Without --workspace each connection opens a workspace of its own, and a confined
            // program's root is set to it per connection.
            let workspace = match &settings.workspace.value {
                Some(_) => Some(open_workspace(&settings, run.settings.create_workspace)?),
                None => None,
            };
            let options = options(&settings, cache(run.no_cache), ShellWithout::Refused)?;
            let transport = if http.is_some() {
                Transport::Http
            } else {
                Transport::Stdio
            };
            eprintln!("gg serve: {}", reach_statement(&settings, ceiling, workspace.is_some()));
            if let (Some(cgroups), None) = (&cgroups, &workspace) {
                eprintln!("gg serve: {}", cgroups.describe());
            }
            let budget = Duration::from_secs_f64(settings.run_budget_secs.value);
            let serving = Serving::new(registry, workspace, options, budget, transport, ceiling, cgroups)
                .map_err(Failure::Internal)?;
            match http {
                Some(addr) => crate::serve::serve_http(serving, addr),
                None => crate::serve::serve_stdio(serving),
            }
            .map_err(Failure::Internal)?;
            Ok(EXIT_OK)
        }
        Command::Config { settings } => {
            out(effective(&settings, true)?.report().trim_end());
            Ok(EXIT_OK)
        }
        Command::Arms => {
            out(arms_report(registry).trim_end());
            Ok(EXIT_OK)
        }
        Command::Prompt { arm, settings } => {
            let (options, shell_refused) = prompt_options(&settings)?;
            let shell_refused = shell_refused.as_deref();
            match arm {
                Some(arm) => {
                    let arm = registry.get(&arm).map_err(|e| Failure::Usage(e.to_string()))?;
                    match crate::agent::prompt(arm.as_ref(), &options, shell_refused) {
                        Some(text) => out(&text),
                        None => return Err(Failure::Usage(format!("the {} arm has no prompt segment", arm.id()))),
                    }
                }
                None => out(prompt_set(registry, &options, shell_refused).trim_end()),
            }
            Ok(EXIT_OK)
        }
        Command::Docs {
            arm,
            query,
            module,
            limit,
            name,
        } => {
            let arm = registry.get(&arm).map_err(|e| Failure::Usage(e.to_string()))?;
            out(docs_report(
                arm.as_ref(),
                &query.join(" "),
                module.as_deref(),
                limit,
                name.as_deref(),
            )?
            .trim_end());
            Ok(EXIT_OK)
        }
        Command::Catalogue { arm } => {
            let arm = registry.get(&arm).map_err(|e| Failure::Usage(e.to_string()))?;
            out(&serde_json::to_string_pretty(arm.catalogue()).expect("a catalogue serialises"));
            Ok(EXIT_OK)
        }
    }
}

/// The run options `gg prompt`'s settings name, as `gg run` would take them (the workspace is
/// neither opened nor made), and why the shell would be refused, where a confined shell cannot run.
fn prompt_options(settings: &SettingsArgs) -> Result<(RunOptions, Option<String>), Failure> {
    let effective = effective(settings, true)?;
    let options = options(&effective, CompileCache::disabled(), ShellWithout::Refused)?;
    let shell_refused = match options.reach {
        GuestReach::Confined { .. } => crate::tools::confine::unavailable(),
        GuestReach::Full { .. } => None,
    };
    Ok((options, shell_refused))
}

/// `gg prompt` with no arm: every arm's part of the system prompt for these options, in the
/// registry's order, each under a heading naming its arm; arms without a segment are named at the
/// end.
fn prompt_set(registry: &Registry, options: &RunOptions, shell_refused: Option<&str>) -> String {
    let mut text = String::new();
    let mut without = Vec::new();
    for arm in registry.arms() {
        match crate::agent::prompt(arm.as_ref(), options, shell_refused) {
            Some(segment) => {
                text.push_str(&format!(
                    "## {} ({})\n\n{}\n\n",
                    arm.display_name(),
                    arm.id(),
                    segment.trim_end()
                ));
            }
            None => without.push(arm.id()),
        }
    }
    if !without.is_empty() {
        text.push_str(&format!("(no prompt segment: {})\n", without.join(", ")));
    }
    text
}

/// `gg docs`: the hits of the arm's catalogue search (the catalogue search `docs.search` uses), or
/// one entry's documentation.
fn docs_report(
    arm: &dyn ProgramLanguage,
    query: &str,
    module: Option<&str>,
    limit: usize,
    name: Option<&str>,
) -> Result<String, Failure> {
    let catalogue = arm.catalogue();
    if let Some(name) = name {
        return gg_core::program::session::render_docs(catalogue, name).ok_or_else(|| {
            Failure::Usage(format!(
                "`{name}` is not in the {} catalogue; search it with `gg docs {} WORDS`",
                arm.id(),
                arm.id()
            ))
        });
    }
    if let Some(module) = module
        && !catalogue.modules.iter().any(|m| m.name == module)
    {
        let modules: Vec<&str> = catalogue.modules.iter().map(|m| m.name.as_str()).collect();
        return Err(Failure::Usage(format!(
            "the {} catalogue has no module `{module}`; modules: {}",
            arm.id(),
            modules.join(", ")
        )));
    }
    let hits = catalogue.search(query, module);
    let mut text = format!(
        "{} {} in the {} catalogue{}\n",
        hits.len(),
        if hits.len() == 1 { "hit" } else { "hits" },
        arm.id(),
        if hits.len() > limit {
            format!(" (the first {limit} shown; --limit for more)")
        } else {
            String::new()
        }
    );
    for h in hits.iter().take(limit) {
        text.push_str(&format!("\n{}\n    {} — {}\n", h.signature, h.qualified, h.brief));
    }
    Ok(text)
}

/// A directory's program files in name order, or the files as given.
fn session_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, Failure> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
                .map_err(|e| Failure::Usage(format!("reading {}: {e}", path.display())))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.is_file() && p.extension().is_some())
                .collect();
            entries.sort();
            files.extend(entries);
        } else {
            files.push(path.clone());
        }
    }
    if files.is_empty() {
        return Err(Failure::Usage("no program files to run".into()));
    }
    Ok(files)
}

fn pick_arm(registry: &Registry, file: &Path, lang: Option<&str>) -> Result<Arc<dyn ProgramLanguage>, Failure> {
    match lang {
        Some(id) => registry.get(id),
        None => {
            let ext = file.extension().and_then(|e| e.to_str()).unwrap_or_default();
            registry.by_extension(ext)
        }
    }
    .map_err(|e| Failure::Usage(format!("{e} (see `gg arms`)")))
}

/// The effective settings: the flags, over the configuration file's profile (when `read_file`),
/// over gg's defaults. A bad flag, file or profile is a usage error naming it.
fn effective(args: &SettingsArgs, read_file: bool) -> Result<Effective, Failure> {
    let secs = |what: &str, v: Option<f64>| match v {
        Some(v) if !config::valid_seconds(v) => Err(Failure::Usage(format!(
            "--{what} must be a number of seconds above 0 and at most a day; got {v}"
        ))),
        v => Ok(v),
    };
    let operations = operation_ids();
    let grant = match &args.grant {
        None => None,
        Some(ids) => Some(config::check_grant(ids, &operations).map_err(|e| Failure::Usage(format!("--grant {e}")))?),
    };
    let flags = Settings {
        timeout_secs: secs("timeout-secs", args.timeout_secs)?,
        max_memory_bytes: args.max_memory_bytes,
        run_budget_secs: secs(
            if args.budget_flag.is_empty() {
                "run-budget-secs"
            } else {
                args.budget_flag
            },
            args.run_budget_secs,
        )?,
        reach: if args.confined {
            Some(Reach::Confined)
        } else {
            args.reach
        },
        grant,
        ending: args.ending,
        library_retention: args.library_retention,
        workspace: args.workspace.clone(),
    };
    let file = if read_file {
        match config::locate(args.config.as_deref(), args.workspace.as_deref()) {
            Some(path) => Some(config::load(&path, &operations).map_err(Failure::Usage)?),
            None => None,
        }
    } else {
        None
    };
    config::resolve(&flags, file.as_ref(), args.profile.as_deref()).map_err(Failure::Usage)
}

fn operation_ids() -> BTreeSet<&'static str> {
    gg_core::program::membrane::OPERATIONS.iter().map(|o| o.id).collect()
}

/// The workspace the settings name (which must exist unless `create`), or a fresh temporary one.
fn open_workspace(settings: &Effective, create: bool) -> Result<Workspace, Failure> {
    let dir = settings.workspace.value.as_deref();
    Workspace::open(dir, create).map_err(|e| match e {
        WorkspaceError::Missing(dir) => Failure::Usage(format!(
            "the workspace {} does not exist (named by {}); create it, or pass --create-workspace",
            dir.display(),
            match &settings.workspace.source {
                config::Source::Flag => "--workspace".to_owned(),
                other => other.to_string(),
            }
        )),
        WorkspaceError::NotADirectory(dir) => {
            Failure::Usage(format!("the workspace {} is not a directory", dir.display()))
        }
        WorkspaceError::Io(e) => Failure::Internal(format!("opening the workspace: {e}")),
    })
}

/// 1 GiB: the default size of a `gg serve --http` session's own workspace.
const DEFAULT_WORKSPACE_MAX_BYTES: u64 = 1 << 30;

/// What a confined reach does where the shell cannot be confined.
#[derive(Clone, Copy, PartialEq, Eq)]
enum ShellWithout {
    /// `gg run` and `gg session`: the run is refused (the user asked for --confined).
    RunRefused,
    /// `gg serve`: the server starts, and `shell.run` is refused, saying why.
    Refused,
}

/// The line `gg serve` states at start: the reach its programs get, and why.
fn reach_statement(settings: &Effective, ceiling: Option<u64>, named: bool) -> String {
    match settings.reach.value {
        Reach::Full => "reach full: every program sees what this process sees (the file system from /, \
                        its environment, the network), other sessions' workspaces included"
            .to_owned(),
        Reach::Confined => {
            let shell = match crate::tools::confine::unavailable() {
                None => "the shell in a sandbox of the same reach".to_owned(),
                Some(why) => format!("the shell refused ({why})"),
            };
            let size = match (ceiling, named) {
                (_, true) => "every session shares the named workspace".to_owned(),
                (Some(bytes), false) => format!("each session's workspace holds at most {bytes} bytes"),
                (None, false) => "workspaces have no size ceiling".to_owned(),
            };
            format!(
                "reach confined: each program sees only its session's workspace and a private /tmp, PATH, \
                 HOME, LANG, TMPDIR and PWD, and no network; {shell}; {size}"
            )
        }
    }
}

/// The run options the settings name; a confined reach's root and temporary directory are each
/// workspace's own, set by `Workspace::reach`.
fn options(settings: &Effective, cache: CompileCache, without: ShellWithout) -> Result<RunOptions, Failure> {
    let reach = match settings.reach.value {
        Reach::Confined => {
            // Refused, not run unconfined, where the shell cannot be confined.
            if let ConfineSupport::Unavailable { why } = crate::tools::confine::support()
                && without == ShellWithout::RunRefused
            {
                return Err(Failure::Internal(format!(
                    "--confined cannot be honoured on this machine: {why}"
                )));
            }
            let env = ["PATH", "HOME", "LANG", "TMPDIR"].map(String::from).to_vec();
            GuestReach::Confined {
                root: PathBuf::new(),
                env,
                tmp: None,
            }
        }
        Reach::Full => GuestReach::default(),
    };
    Ok(RunOptions {
        limits: Limits {
            timeout: Duration::from_secs_f64(settings.timeout_secs.value),
            max_memory_bytes: settings.max_memory_bytes.value,
        },
        reach,
        grant: match &settings.grant.value {
            Grant::All => None,
            Grant::Only(ids) => Some(ids.iter().cloned().collect()),
        },
        ending: match settings.ending.value {
            Ending::None => EndingKind::None,
            Ending::Finish => EndingKind::Finish,
            Ending::Review => EndingKind::Review,
        },
        library: true,
        budget: RunBudget::lasting(Duration::from_secs_f64(settings.run_budget_secs.value)),
        cache,
    })
}

fn cache(no_cache: bool) -> CompileCache {
    if no_cache {
        CompileCache::disabled()
    } else {
        CompileCache::from_env()
    }
}

/// Says on stderr, once per compile, that an arm's shared guest is being compiled rather than
/// loaded from the cache (the first run of an arm on a machine; the Python guest takes seconds).
fn announce_compiles() {
    gg_core::engine::on_shared_compile(|notice| {
        let after = if notice.cached {
            "once per machine; later runs load it from the cache"
        } else {
            "the compiled-guest cache is off, so every run compiles it"
        };
        eprintln!(
            "gg: compiling the {} guest ({:.1} MB; {after}) …",
            notice.arm,
            notice.bytes as f64 / 1e6
        );
    });
}

/// Runs each file as the next turn of one session; a rerun a program queued runs right after it
/// (in the arm of the library program it reruns).
fn run_programs(registry: &Registry, files: &[PathBuf], args: &RunArgs, record: Option<&Path>) -> Result<u8, Failure> {
    let arm = pick_arm(registry, &files[0], args.lang.as_deref())?;
    let settings = effective(&args.settings, true)?;
    // `gg run` makes one instance: a fresh mapping costs less than making the pool first (~0.5 ms
    // of a cold process), which pays off only in a process that runs many programs.
    if files.len() == 1 {
        let _ = gg_core::engine::set_allocation(gg_core::engine::Allocation::OnDemand);
    }
    // The engine is made and the guest compiled (or loaded from the cache) while the programs are
    // read and the workspace made.
    announce_compiles();
    let cache = cache(args.no_cache);
    let _warm = gg_core::guest::warm_up(&arm, &cache);
    let mut sources = Vec::new();
    for file in files {
        let other = pick_arm(registry, file, args.lang.as_deref())?;
        if other.id() != arm.id() {
            return Err(Failure::Usage(format!(
                "{} is a {} program, but this session runs {}",
                file.display(),
                other.id(),
                arm.id()
            )));
        }
        // Bytes, not text: a file that is not UTF-8 is the program's fault, with an outcome.
        let source = std::fs::read(file).map_err(|e| Failure::Usage(format!("reading {}: {e}", file.display())))?;
        sources.push(source);
    }
    let mut workspace = open_workspace(&settings, args.settings.create_workspace)?;
    let mut options = options(&settings, cache, ShellWithout::RunRefused)?;
    options.reach = workspace
        .reach(&options.reach)
        .map_err(|e| Failure::Internal(format!("making the program's temporary directory: {e}")))?;
    let tools = WorkspaceTools::open(workspace.root(), workspace.state())
        .map_err(|e| Failure::Internal(format!("opening the workspace tools: {e}")))?
        .with_reach(&options.reach)
        .map_err(Failure::Internal)?;
    let mut library = crate::persist::load_library(workspace.state()).map_err(Failure::Internal)?;
    // The library keeps the retention it was saved with unless the flags or the profile set one.
    if settings.library_retention.source != config::Source::Default {
        library.set_retention(match settings.library_retention.value {
            Retention::All => None,
            Retention::Newest(n) => Some(n),
        });
    }
    let mut record = match record {
        Some(path) => Some(crate::record::SessionRecord::create(path).map_err(Failure::Usage)?),
        None => None,
    };

    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| Failure::Internal(format!("starting the runtime: {e}")))?;
    // Nothing else to do until the guest is loaded: the linker is made here meanwhile.
    gg_core::guest::link_ahead(&arm);
    let mut trouble = Vec::new();
    let outcomes = runtime.block_on(async {
        let mut session = Session::with_state(arm.clone(), Arc::new(tools), SessionState::with_library(library));
        let mut outcomes = Vec::new();
        // A rerun of another arm's library program runs in that arm, with this run's settings.
        let other_arm = |id: &str| {
            registry
                .get(id)
                .map_err(|_| format!("this gg has no {id} arm; arms: {}", registry.ids().join(", ")))
        };
        let mut held = std::collections::HashMap::new();
        for bytes in &sources {
            crate::reruns::run_with_reruns(
                &mut session,
                bytes,
                &options,
                other_arm,
                &mut held,
                |session, source, outcome| {
                    emit(&outcome, &source, &session.state().modules, args.json);
                    if let Some(r) = record.as_mut()
                        && let Err(e) = r.append(&source, &outcome)
                    {
                        trouble.push(e);
                        record = None;
                    }
                    outcomes.push(outcome);
                },
            )
            .await;
        }
        // A temporary workspace is removed as the process ends: its library is kept by no one.
        if !workspace.is_temporary()
            && let Err(e) = crate::persist::save_library(workspace.state(), &session.state().library)
        {
            trouble.push(format!("the program library was not saved: {e}"));
        }
        outcomes
    });
    for t in &trouble {
        eprintln!("gg: warning: {t}");
    }
    // Whatever a tool or a guest's WASI call left blocked (an `open(2)` of a FIFO, say) is
    // abandoned rather than waited for: dropping the runtime would wait on its blocking threads
    // for ever, and the outcome is already out.
    runtime.shutdown_background();
    let code = exit_code(&outcomes);
    Ok(if trouble.is_empty() {
        code
    } else {
        code.max(EXIT_INTERNAL)
    })
}

/// One line (or block) to stdout. A closed pipe (`gg run … | head`) is the reader's choice, not
/// an error worth a panic: what cannot be written is dropped.
fn out(text: &str) {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    let _ = writeln!(stdout, "{text}");
}

fn emit(
    outcome: &SandboxOutcome,
    source: &str,
    modules: &std::collections::BTreeMap<String, gg_core::wire::CodeModule>,
    json: bool,
) {
    if json {
        out(&serde_json::to_string(outcome).expect("an outcome serialises"));
    } else {
        out(&crate::render::human_with_modules(outcome, source, modules));
    }
}

/// The worst of the programs' statuses: gg's or a toolchain's fault, else the program's, else 0.
fn exit_code(outcomes: &[SandboxOutcome]) -> u8 {
    let mut code = EXIT_OK;
    for o in outcomes {
        let this = match o.status {
            Status::ToolchainError | Status::InternalError => EXIT_INTERNAL,
            _ if !o.ok() => EXIT_PROGRAM,
            _ => EXIT_OK,
        };
        code = code.max(this);
    }
    code
}

pub(crate) fn arms_report(registry: &Registry) -> String {
    let mut out = String::from("compiled into this binary:\n");
    if registry.ids().is_empty() {
        out.push_str("  (none: build with --features arm-<id>)\n");
    }
    for arm in registry.arms() {
        let checker = arm
            .checker()
            .map(|c| format!("{} {}", c.name, c.version))
            .unwrap_or_else(|| "none".into());
        let guest = arm
            .guest()
            .map(|g| format!("{:.1} MB shared guest", g.bytes.len() as f64 / 1e6))
            .unwrap_or_else(|| "compiled per program".into());
        let toolchain = match arm.toolchain() {
            ToolchainStatus::NotNeeded => "toolchain: none needed".to_owned(),
            ToolchainStatus::Installed { detail } => format!("toolchain: installed ({detail})"),
            ToolchainStatus::Missing { install } => format!("toolchain: MISSING (install: {install})"),
        };
        out.push_str(&format!(
            "  {:<11} {:<11} .{:<6} checker: {checker}; {guest}; {toolchain}\n",
            arm.id(),
            arm.display_name(),
            arm.extensions().join(" ."),
        ));
    }
    out.push_str("not compiled in:\n");
    for known in crate::arms::KNOWN_ARMS
        .iter()
        .filter(|k| !registry.ids().contains(&k.id))
    {
        let why = known
            .unavailable
            .map(|w| format!(" — not buildable here: {w}"))
            .unwrap_or_default();
        out.push_str(&format!("  {:<11} (feature {}){why}\n", known.id, known.feature));
    }
    out.push_str(&format!(
        "--confined on this machine: {}\n",
        crate::tools::confine::support().describe()
    ));
    out
}
