//! `ShellConfinement`: how `shell.run` runs under `--confined` — inside bubblewrap (`bwrap`), in new
//! user, mount, network, PID, IPC, UTS and cgroup namespaces, seeing the workspace (read-write), the
//! system's programs and libraries (read-only), the program's own `/tmp` (else a fresh one),
//! `/proc` and `/dev`, and nothing else; with the guest's environment allowlist, no capabilities and only a loopback network. And
//! whether this machine can do that (`support`, probed once per process by running the sandbox).
//!
//! Killing: bwrap is started in a session of its own (`setsid`, so no controlling terminal reaches
//! the sandbox) whose process group holds bwrap and the shell, which is the PID namespace's first
//! process (`--as-pid-1`). The shell tool's group kill reaches both; and the shell ending, by
//! itself or killed, ends every other process in the namespace, `setsid` escapees included, so
//! nothing a confined command started outlives the call.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::OnceLock;

use gg_core::toolchain::system_binds;

/// Where the sandbox's private temporary directory is; `TMPDIR` points there.
const SANDBOX_TMP: &str = "/tmp";

/// Whether this machine can confine the shell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConfineSupport {
    /// bwrap ran a command in the sandbox: its path and version.
    Available { bwrap: PathBuf, version: String },
    /// Why `--confined` cannot be honoured here.
    Unavailable { why: String },
}

impl ConfineSupport {
    /// One line for `gg arms` and `--help`.
    pub fn describe(&self) -> String {
        match self {
            ConfineSupport::Available { version, .. } => format!(
                "available ({version}: user, mount, network and PID namespaces; the shell sees only the workspace)"
            ),
            ConfineSupport::Unavailable { why } => format!("UNAVAILABLE, --confined is refused: {why}"),
        }
    }
}

/// This machine's support, probed the first time it is asked (one sandboxed `true`, a few ms):
/// with `$GG_BWRAP` when set, else `bwrap` on `PATH`, else `/usr/bin/bwrap`.
pub fn support() -> &'static ConfineSupport {
    static SUPPORT: OnceLock<ConfineSupport> = OnceLock::new();
    SUPPORT.get_or_init(probe)
}

fn probe() -> ConfineSupport {
    let bwrap = match std::env::var_os("GG_BWRAP") {
        Some(named) => {
            let named = PathBuf::from(named);
            if !named.is_file() {
                return ConfineSupport::Unavailable {
                    why: format!("GG_BWRAP names {}, which is not a file", named.display()),
                };
            }
            named
        }
        None => match find_bwrap() {
            Some(found) => found,
            None => {
                return ConfineSupport::Unavailable {
                    why: "bubblewrap (bwrap) is not installed; install it with `bash toolchains/confine.sh` (Debian: apt-get install bubblewrap)".into(),
                };
            }
        },
    };
    let version = match std::process::Command::new(&bwrap).arg("--version").output() {
        Ok(o) if o.status.success() => String::from_utf8_lossy(&o.stdout).trim().to_owned(),
        Ok(o) => {
            return ConfineSupport::Unavailable {
                why: format!(
                    "`{} --version` failed: {}",
                    bwrap.display(),
                    String::from_utf8_lossy(&o.stderr).trim()
                ),
            };
        }
        Err(e) => {
            return ConfineSupport::Unavailable {
                why: format!("{} cannot be run: {e}", bwrap.display()),
            };
        }
    };
    let scratch = match tempfile::tempdir() {
        Ok(dir) => dir,
        Err(e) => {
            return ConfineSupport::Unavailable {
                why: format!("no temporary directory to probe the sandbox in: {e}"),
            };
        }
    };
    let confinement = ShellConfinement {
        bwrap: bwrap.clone(),
        env: Vec::new(),
        tmp: None,
    };
    let mut cmd = std::process::Command::new(&bwrap);
    cmd.args(confinement.args(scratch.path(), "true"))
        .env_clear()
        .stdin(Stdio::null())
        .stdout(Stdio::null());
    match cmd.output() {
        Ok(o) if o.status.success() => ConfineSupport::Available { bwrap, version },
        Ok(o) => ConfineSupport::Unavailable {
            why: format!(
                "{version} cannot make its namespaces here (unprivileged user namespaces may be off): {}",
                String::from_utf8_lossy(&o.stderr).trim()
            ),
        },
        Err(e) => ConfineSupport::Unavailable {
            why: format!("{} cannot be run: {e}", bwrap.display()),
        },
    }
}

/// Why this machine cannot confine the shell, when it cannot.
pub fn unavailable() -> Option<String> {
    match support() {
        ConfineSupport::Available { .. } => None,
        ConfineSupport::Unavailable { why } => Some(why.clone()),
    }
}

/// `bwrap` on `PATH`, else where Debian puts it.
fn find_bwrap() -> Option<PathBuf> {
    let on_path = std::env::var_os("PATH")
        .into_iter()
        .flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .map(|dir| dir.join("bwrap"));
    on_path.chain([PathBuf::from("/usr/bin/bwrap")]).find(|p| p.is_file())
}

/// The shell's confinement: bwrap, and the environment the command gets.
#[derive(Debug, Clone)]
pub struct ShellConfinement {
    bwrap: PathBuf,
    /// Every variable the command sees (nothing else reaches it).
    env: Vec<(String, String)>,
    /// The program's private temporary directory, bound at `/tmp`; else a fresh tmpfs per call.
    tmp: Option<PathBuf>,
}

impl ShellConfinement {
    /// The confinement for a guest allowed the variables `allowed` (their values from this process,
    /// but `TMPDIR`, which names the sandbox's own `/tmp`: `tmp` when given), or why this machine
    /// cannot give it.
    pub fn new(allowed: &[String], tmp: Option<PathBuf>) -> Result<Self, String> {
        let bwrap = match support() {
            ConfineSupport::Available { bwrap, .. } => bwrap.clone(),
            ConfineSupport::Unavailable { why } => {
                return Err(format!("the shell cannot be confined on this machine: {why}"));
            }
        };
        let env = allowed
            .iter()
            .filter_map(|name| {
                if name == "TMPDIR" {
                    return Some((name.clone(), SANDBOX_TMP.to_owned()));
                }
                std::env::var(name).ok().map(|value| (name.clone(), value))
            })
            .collect();
        Ok(Self { bwrap, env, tmp })
    }

    /// `bwrap`'s path.
    pub fn program(&self) -> &Path {
        &self.bwrap
    }

    /// The environment the sandbox starts with.
    pub fn env(&self) -> &[(String, String)] {
        &self.env
    }

    /// bwrap's arguments for running `/bin/sh -c command` with `root` as the workspace.
    pub fn args(&self, root: &Path, command: &str) -> Vec<String> {
        let mut args: Vec<String> = [
            "--unshare-all",
            // As root `--unshare-all` keeps the host's user namespace; a new one is what drops
            // root's hold on anything outside, and what `--disable-userns` needs.
            "--unshare-user",
            "--disable-userns",
            // The shell is the namespace's first process: when it ends, the kernel ends every
            // other process in the namespace (bwrap's own first process would wait for them all).
            "--as-pid-1",
            "--cap-drop",
            "ALL",
            "--proc",
            "/proc",
            "--dev",
            "/dev",
        ]
        .map(String::from)
        .to_vec();
        match &self.tmp {
            Some(tmp) => args.extend(["--bind".into(), tmp.to_string_lossy().into_owned(), SANDBOX_TMP.into()]),
            None => args.extend(["--tmpfs".into(), SANDBOX_TMP.into()]),
        }
        args.extend(system_binds().into_iter().map(|a| a.to_string_lossy().into_owned()));
        let root = root.to_string_lossy().into_owned();
        args.extend([
            "--bind".into(),
            root.clone(),
            root.clone(),
            "--chdir".into(),
            root,
            "--".into(),
            "/bin/sh".into(),
            "-c".into(),
            command.into(),
        ]);
        args
    }
}
