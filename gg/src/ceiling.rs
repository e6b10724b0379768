//! Per-session process ceilings for `gg serve --http`: a control group per session, which every
//! confined shell command of that session joins before it execs, holding its processes to one core
//! of CPU time and [`PIDS_MAX`] processes together, however many it forks.
//!
//! A session's programs already run one at a time (one core at most, under their deadline); what a
//! shell command starts is the rest of a session's CPU. Both cgroup layouts are taken: the unified
//! hierarchy (v2) where this process's own group is delegated to it (writable, `cpu` and `pids`
//! controllers available), else the `cpu` and `pids` hierarchies of v1. Where neither can be had
//! the server runs without these ceilings and says so at start.

use std::fs::OpenOptions;
use std::os::fd::OwnedFd;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// 256: the most processes one session's shell commands may hold at once (a fork bomb stops
/// there, with `fork: Resource temporarily unavailable`, and takes nothing from other sessions).
pub const PIDS_MAX: u32 = 256;
/// 100 ms of CPU per 100 ms: one core, shared by everything one session's shell commands run.
const CPU_QUOTA_US: u64 = 100_000;
const CPU_PERIOD_US: u64 = 100_000;

/// Where this process makes its sessions' groups.
#[derive(Debug)]
pub struct Cgroups {
    layout: Layout,
    /// One directory per hierarchy: `gg-serve-<pid>` (v1), or this process's group's child (v2).
    parents: Vec<PathBuf>,
    next: AtomicU64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Layout {
    Unified,
    V1,
}

/// One session's group; removed (once its processes are gone) on drop.
#[derive(Debug)]
pub struct SessionCgroup {
    dirs: Vec<PathBuf>,
    /// Each hierarchy's `cgroup.procs`, open for writing: a child writes `0` to join.
    procs: Vec<OwnedFd>,
}

impl Cgroups {
    /// Makes this process's parent group, or says why it cannot.
    pub fn new() -> Result<Self, String> {
        let name = format!("gg-serve-{}", std::process::id());
        let unified = unified(&name);
        if let Ok(dir) = &unified {
            sweep(dir);
        }
        let v1 = || v1(&name);
        let (layout, parents) = match unified {
            Ok(dir) => (Layout::Unified, vec![dir]),
            Err(why_v2) => match v1() {
                Ok(dirs) => {
                    dirs.iter().for_each(|d| sweep(d));
                    (Layout::V1, dirs)
                }
                Err(why_v1) => return Err(format!("no cgroup to hold sessions' commands: {why_v2}; {why_v1}")),
            },
        };
        Ok(Self {
            layout,
            parents,
            next: AtomicU64::new(1),
        })
    }

    /// A fresh group for one session, its ceilings set.
    pub fn session(&self) -> std::io::Result<SessionCgroup> {
        let name = format!("session-{}", self.next.fetch_add(1, Ordering::Relaxed));
        let mut cgroup = SessionCgroup {
            dirs: Vec::new(),
            procs: Vec::new(),
        };
        for parent in &self.parents {
            let dir = parent.join(&name);
            std::fs::create_dir(&dir)?;
            cgroup.dirs.push(dir.clone());
            let has = |file: &str| dir.join(file).exists();
            match self.layout {
                Layout::Unified => {
                    std::fs::write(dir.join("cpu.max"), format!("{CPU_QUOTA_US} {CPU_PERIOD_US}"))?;
                    std::fs::write(dir.join("pids.max"), PIDS_MAX.to_string())?;
                }
                Layout::V1 if has("cpu.cfs_quota_us") => {
                    std::fs::write(dir.join("cpu.cfs_period_us"), CPU_PERIOD_US.to_string())?;
                    std::fs::write(dir.join("cpu.cfs_quota_us"), CPU_QUOTA_US.to_string())?;
                }
                Layout::V1 => std::fs::write(dir.join("pids.max"), PIDS_MAX.to_string())?,
            }
            cgroup
                .procs
                .push(OpenOptions::new().write(true).open(dir.join("cgroup.procs"))?.into());
        }
        Ok(cgroup)
    }

    /// One line for the server's start: where the groups are.
    pub fn describe(&self) -> String {
        let dirs: Vec<String> = self.parents.iter().map(|p| p.display().to_string()).collect();
        format!(
            "each session's shell commands share one core and at most {PIDS_MAX} processes (cgroups under {})",
            dirs.join(" and ")
        )
    }
}

impl Drop for Cgroups {
    fn drop(&mut self) {
        for parent in &self.parents {
            let _ = std::fs::remove_dir(parent);
        }
    }
}

impl SessionCgroup {
    /// Each hierarchy's `cgroup.procs`, open for writing, for a child's `pre_exec` to write `0`
    /// to (which moves the writer in); valid while this group lives.
    pub fn raw_procs(&self) -> Vec<std::os::fd::RawFd> {
        use std::os::fd::AsRawFd as _;
        self.procs.iter().map(|fd| fd.as_raw_fd()).collect()
    }

    /// The group's directories, one per hierarchy.
    pub fn dirs(&self) -> &[PathBuf] {
        &self.dirs
    }
}

impl Drop for SessionCgroup {
    fn drop(&mut self) {
        self.procs.clear();
        for dir in &self.dirs {
            // A group with processes left cannot be removed; each command's processes are killed
            // as its call ends, so this only fails for an escapee, which the kernel keeps counted.
            let _ = std::fs::remove_dir(dir);
        }
    }
}

/// The unified hierarchy's child of this process's own group, with `cpu` and `pids` enabled for it.
fn unified(name: &str) -> Result<PathBuf, String> {
    let root = Path::new("/sys/fs/cgroup");
    if !root.join("cgroup.controllers").is_file() {
        return Err("the unified hierarchy is not mounted at /sys/fs/cgroup".into());
    }
    let own = std::fs::read_to_string("/proc/self/cgroup")
        .ok()
        .and_then(|t| t.lines().find_map(|l| l.strip_prefix("0::").map(str::to_owned)))
        .ok_or("this process has no unified cgroup")?;
    let own = root.join(own.trim_start_matches('/'));
    let controllers = std::fs::read_to_string(own.join("cgroup.controllers")).unwrap_or_default();
    for needed in ["cpu", "pids"] {
        if !controllers.split_whitespace().any(|c| c == needed) {
            return Err(format!(
                "the `{needed}` controller is not delegated to {}",
                own.display()
            ));
        }
    }
    // A group with processes cannot give controllers to its children (v2's no-internal-process
    // rule), so this works where the own group already passes `cpu` and `pids` down (a delegated
    // scope set up so); the sessions' groups go under a child of it that holds no process.
    let passed = std::fs::read_to_string(own.join("cgroup.subtree_control")).unwrap_or_default();
    if !["cpu", "pids"]
        .iter()
        .all(|c| passed.split_whitespace().any(|p| p == *c))
    {
        std::fs::write(own.join("cgroup.subtree_control"), "+cpu +pids")
            .map_err(|e| format!("{} does not pass cpu and pids to its children: {e}", own.display()))?;
    }
    let dir = own.join(name);
    std::fs::create_dir(&dir).map_err(|e| format!("making {}: {e}", dir.display()))?;
    if let Err(e) = std::fs::write(dir.join("cgroup.subtree_control"), "+cpu +pids") {
        let _ = std::fs::remove_dir(&dir);
        return Err(format!("enabling cpu and pids under {}: {e}", dir.display()));
    }
    Ok(dir)
}

/// v1's `cpu` and `pids` hierarchies, a `name` directory in each.
fn v1(name: &str) -> Result<Vec<PathBuf>, String> {
    let mut dirs = Vec::new();
    for controller in ["cpu", "pids"] {
        let dir = Path::new("/sys/fs/cgroup").join(controller).join(name);
        if let Err(e) = std::fs::create_dir(&dir) {
            for made in &dirs {
                let _ = std::fs::remove_dir(made);
            }
            return Err(format!("making {}: {e}", dir.display()));
        }
        dirs.push(dir);
    }
    Ok(dirs)
}

/// Removes the groups of servers that are gone (a killed server leaves its empty groups behind):
/// every `gg-serve-<pid>` beside `ours` whose process no longer runs, its sessions' groups first.
fn sweep(ours: &Path) {
    let Some(parent) = ours.parent() else { return };
    let Ok(listing) = std::fs::read_dir(parent) else { return };
    for entry in listing.flatten() {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(|n| n.strip_prefix("gg-serve-")) else {
            continue;
        };
        if entry.path() == ours || Path::new("/proc").join(pid).exists() {
            continue;
        }
        if let Ok(sessions) = std::fs::read_dir(entry.path()) {
            for session in sessions.flatten().filter(|s| s.path().is_dir()) {
                let _ = std::fs::remove_dir(session.path());
            }
        }
        let _ = std::fs::remove_dir(entry.path());
    }
}
