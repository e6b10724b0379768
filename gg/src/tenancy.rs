//! Tenancy: `gg serve --http` enters a user and mount namespace of its own at start, so that each
//! session's temporary workspace can be a tmpfs with a size ceiling, mounted where only this
//! process (and what it starts) sees it, and gone with the process however it ends.
//!
//! The caller's uid and gid are mapped to themselves, so files gg makes on the host (a named
//! workspace, the compile cache, gg's state) are owned as before, and the processes gg starts
//! (compilers, bubblewrap) run with the same credentials they had.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

use rustix::mount::{MountFlags, MountPropagationFlags, UnmountFlags};
use rustix::thread::UnshareFlags;

static ENTERED: AtomicBool = AtomicBool::new(false);

/// Enters the private namespaces, every mount made private there. Must run while the process
/// has one thread (the kernel refuses a new user namespace to a threaded process); `Err` says
/// why it cannot (unprivileged user namespaces off, say), and nothing has changed then.
pub fn enter() -> Result<(), String> {
    if ENTERED.load(Ordering::Relaxed) {
        return Ok(());
    }
    match threads() {
        Some(1) => {}
        n => {
            return Err(format!(
                "the process runs {n:?} threads, and a user namespace needs one"
            ));
        }
    }
    let (uid, gid) = (rustix::process::getuid().as_raw(), rustix::process::getgid().as_raw());
    // SAFETY: one thread (checked above), and no file table is unshared.
    unsafe { rustix::thread::unshare_unsafe(UnshareFlags::NEWUSER | UnshareFlags::NEWNS) }
        .map_err(|e| format!("no user and mount namespace of its own here: {e}"))?;
    let write = |file: &str, text: String| {
        std::fs::write(file, text).map_err(|e| format!("writing {file} in the new user namespace: {e}"))
    };
    write("/proc/self/setgroups", "deny".into())?;
    write("/proc/self/uid_map", format!("{uid} {uid} 1\n"))?;
    write("/proc/self/gid_map", format!("{gid} {gid} 1\n"))?;
    rustix::mount::mount_change("/", MountPropagationFlags::PRIVATE | MountPropagationFlags::REC)
        .map_err(|e| format!("making the namespace's mounts private: {e}"))?;
    ENTERED.store(true, Ordering::Relaxed);
    Ok(())
}

/// Whether [`enter`] succeeded in this process.
pub fn entered() -> bool {
    ENTERED.load(Ordering::Relaxed)
}

/// The process's thread count, from procfs.
fn threads() -> Option<u32> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("Threads:"))
        .and_then(|n| n.trim().parse().ok())
}

/// Mounts a tmpfs of `bytes` at `dir` (which must exist), readable by its owner only.
pub fn mount_ceiled(dir: &Path, bytes: u64) -> std::io::Result<()> {
    let options = std::ffi::CString::new(format!("size={bytes},mode=0700")).expect("no NUL in the options");
    rustix::mount::mount(
        "gg-workspace",
        dir,
        "tmpfs",
        MountFlags::NOSUID | MountFlags::NODEV,
        options.as_c_str(),
    )
    .map_err(std::io::Error::from)
}

/// Detaches the tmpfs at `dir`; its memory is freed once nothing in it is open.
pub fn unmount(dir: &Path) {
    let _ = rustix::mount::unmount(dir, UnmountFlags::DETACH);
}

/// The bytes in use on `dir`'s file system, and its size.
pub fn usage(dir: &Path) -> Option<(u64, u64)> {
    let fs = rustix::fs::statvfs(dir).ok()?;
    let size = fs.f_blocks.saturating_mul(fs.f_frsize);
    let free = fs.f_bfree.saturating_mul(fs.f_frsize);
    Some((size.saturating_sub(free), size))
}
