//! The compile-time reach under the confined reach: a toolchain process run inside bubblewrap,
//! seeing the system's programs and libraries and its own toolchain read-only, its scratch
//! directory read-write, and nothing else (no workspace, no `/tmp` of the host, no `/home`, no
//! `/etc` beyond the loader's files, no other process, no network).
//!
//! A program's text reaches the compiler's file reads (`include_str!`, `#include`, `#embed`,
//! `#[path]`), so under the confined reach the compiler must see no more than a program may. The
//! toolchain's own files are found without the arms listing them: the executable's installation
//! root and every absolute path on its command line are bound read-only, each where it is.

use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

/// Read-only system directories a sandbox sees when they are directories (merged-`/usr` systems
/// have `/bin`, `/lib`, … as links, which are recreated as links).
pub const SYSTEM_DIRS: [&str; 7] = ["/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"];
/// The parts of `/etc` a process needs to start and find its alternatives; not `passwd`, not
/// `hosts`, not the rest.
pub const SYSTEM_FILES: [&str; 5] = [
    "/etc/alternatives",
    "/etc/ld.so.cache",
    "/etc/ld.so.conf",
    "/etc/ld.so.conf.d",
    "/etc/localtime",
];
/// Where the installed toolchains live (`toolchains/`), bound read-only as a whole.
const TOOLCHAIN_DIRS: [&str; 1] = ["/opt"];

/// bubblewrap, found and tried once per process: `$GG_BWRAP` when set, else `bwrap` on `PATH`,
/// else `/usr/bin/bwrap`.
#[derive(Debug)]
pub struct ToolSandbox {
    bwrap: PathBuf,
}

impl ToolSandbox {
    /// This machine's sandbox, or why there is none (then a confined compile cannot run).
    pub fn shared() -> Result<&'static ToolSandbox, &'static str> {
        static SHARED: OnceLock<Result<ToolSandbox, String>> = OnceLock::new();
        SHARED.get_or_init(probe).as_ref().map_err(String::as_str)
    }

    pub fn bwrap(&self) -> &Path {
        &self.bwrap
    }

    /// bwrap's arguments to run `exe` (resolved) with `args` in `cwd`, with `scratch` writable.
    pub(crate) fn args(&self, exe: &Path, args: &[OsString], scratch: &Path, cwd: &Path) -> Vec<OsString> {
        let mut out: Vec<OsString> = [
            "--unshare-all",
            // As root `--unshare-all` keeps the host's user namespace; a new one drops root's hold.
            "--unshare-user",
            "--disable-userns",
            "--die-with-parent",
            "--cap-drop",
            "ALL",
            // First, so that a scratch directory under /tmp is bound over it, not hidden by it.
            "--tmpfs",
            "/tmp",
        ]
        .map(OsString::from)
        .to_vec();
        out.extend(system_binds());
        let mut bind = |flag: &str, path: &Path| {
            out.extend([flag.into(), path.as_os_str().to_owned(), path.as_os_str().to_owned()]);
        };
        for dir in TOOLCHAIN_DIRS {
            bind("--ro-bind-try", Path::new(dir));
        }
        let mut toolchain: Vec<PathBuf> = vec![installation_root(exe)];
        toolchain.extend(args.iter().filter_map(|a| named_path(a)));
        toolchain.sort();
        toolchain.dedup();
        for path in toolchain.iter().filter(|p| !p.starts_with(scratch) && !is_system(p)) {
            bind("--ro-bind-try", path);
        }
        bind("--bind", scratch);
        out.extend(["--proc", "/proc", "--dev", "/dev"].map(OsString::from));
        out.extend([
            "--chdir".into(),
            cwd.as_os_str().to_owned(),
            "--".into(),
            exe.as_os_str().to_owned(),
        ]);
        out.extend(args.iter().cloned());
        out
    }
}

/// bwrap's arguments that show a sandbox the system's programs and libraries read-only, each
/// where it is: [`SYSTEM_DIRS`] (recreated as links where they are links) and [`SYSTEM_FILES`].
pub fn system_binds() -> Vec<OsString> {
    let mut out: Vec<OsString> = Vec::new();
    for dir in SYSTEM_DIRS {
        let path = Path::new(dir);
        match std::fs::symlink_metadata(path) {
            Ok(m) if m.file_type().is_symlink() => {
                if let Ok(target) = std::fs::read_link(path) {
                    out.extend(["--symlink".into(), target.into_os_string(), dir.into()]);
                }
            }
            Ok(m) if m.is_dir() => out.extend(["--ro-bind".into(), dir.into(), dir.into()]),
            _ => {}
        }
    }
    for file in SYSTEM_FILES {
        out.extend(["--ro-bind-try".into(), file.into(), file.into()]);
    }
    out
}

/// Already seen through [`SYSTEM_DIRS`] or [`TOOLCHAIN_DIRS`], or the root itself (a tool in
/// `/bin` has no installation of its own to bring).
fn is_system(path: &Path) -> bool {
    path.parent().is_none() || SYSTEM_DIRS.iter().chain(&TOOLCHAIN_DIRS).any(|d| path.starts_with(d))
}

/// The directory a tool is installed in: `…/bin/rustc` → `…`, so its own libraries and sysroot
/// (`…/lib`) come with it.
fn installation_root(exe: &Path) -> PathBuf {
    match exe.parent() {
        Some(bin) if bin.file_name() == Some(OsStr::new("bin")) => bin.parent().unwrap_or(bin).to_path_buf(),
        Some(dir) => dir.to_path_buf(),
        None => exe.to_path_buf(),
    }
}

/// An absolute path an argument names: the argument itself (`/x/y`), what follows its last `=`
/// (`--sysroot=/x`, `-Ldependency=/x`, `name=/x/lib.rlib`), or what follows a one-letter flag
/// (`-I/x`, `-L/x`). Only paths that exist are bound.
fn named_path(arg: &OsStr) -> Option<PathBuf> {
    let bytes = arg.as_bytes();
    let start = if bytes.first() == Some(&b'/') {
        0
    } else if let Some(eq) = bytes.iter().rposition(|&b| b == b'=') {
        eq + 1
    } else if bytes.len() > 2 && bytes[0] == b'-' && bytes[2] == b'/' {
        2
    } else {
        return None;
    };
    let path = Path::new(OsStr::from_bytes(&bytes[start..]));
    (path.is_absolute() && path.exists()).then(|| path.to_path_buf())
}

fn probe() -> Result<ToolSandbox, String> {
    let bwrap = match std::env::var_os("GG_BWRAP") {
        Some(named) => PathBuf::from(named),
        None => {
            let on_path = std::env::var_os("PATH")
                .into_iter()
                .flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
                .map(|dir| dir.join("bwrap"));
            on_path
                .chain([PathBuf::from("/usr/bin/bwrap")])
                .find(|p| p.is_file())
                .ok_or("bubblewrap (bwrap) is not installed: `bash toolchains/confine.sh` installs it")?
        }
    };
    let sandbox = ToolSandbox { bwrap };
    let scratch = std::env::temp_dir();
    let truth = Path::new("/bin/true");
    let status = Command::new(&sandbox.bwrap)
        .args(sandbox.args(truth, &[], &scratch, &scratch))
        .env_clear()
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
    match status {
        Ok(s) if s.success() => Ok(sandbox),
        Ok(s) => Err(format!(
            "{} cannot make its namespaces here ({s}): unprivileged user namespaces may be off",
            sandbox.bwrap.display()
        )),
        Err(e) => Err(format!("{} cannot be run: {e}", sandbox.bwrap.display())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_named_on_a_command_line_are_found_in_each_spelling() {
        let p = |s: &str| named_path(OsStr::new(s));
        assert_eq!(p("/usr"), Some(PathBuf::from("/usr")));
        assert_eq!(p("--sysroot=/usr/lib"), Some(PathBuf::from("/usr/lib")));
        assert_eq!(p("gg=/usr/lib"), Some(PathBuf::from("/usr/lib")));
        assert_eq!(p("-I/usr/include"), Some(PathBuf::from("/usr/include")));
        assert_eq!(p("-O2"), None);
        assert_eq!(p("program.rs"), None);
        assert_eq!(p("/no/such/path/here"), None);
    }

    #[test]
    fn a_tool_brings_its_installation() {
        assert_eq!(
            installation_root(Path::new("/r/toolchains/x/bin/rustc")),
            PathBuf::from("/r/toolchains/x")
        );
        assert_eq!(
            installation_root(Path::new("/opt/tool/clang")),
            PathBuf::from("/opt/tool")
        );
    }
}
