//! `shell`: one `/bin/sh -c COMMAND` in the workspace root, its output merged and tail-bounded,
//! its whole process group killed at the timeout and when it ends; under `--confined`, inside the
//! sandbox `confine.rs` describes.
//!
//! Merging: stdout and stderr are both the write end of one pipe, so the kernel keeps the order in
//! which the processes wrote (a wrapper like `exec 2>&1` would depend on how the shell parses the
//! command, and lose a syntax error reported before the redirection ran).
//!
//! Killing: the command leads its own process group; a timeout sends SIGKILL to the group, which
//! reaches the children it spawned. When the shell exits, whatever it left running in its group is
//! killed too: such a process holds the output pipe open, and the call would otherwise wait for it
//! until the timeout. The signal is one `kill(-pgid)` syscall through `rustix` rather than a
//! spawned `kill` helper, which could not be started while a runaway command exhausts the
//! process table, and which a `Drop` (the call being cancelled) should not wait for.

use std::io::Read;
use std::path::Path;
use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use gg_core::wire::ShellOutput;
use gg_core::{ToolError, ToolResult};
use rustix::process::{Pid, Signal, kill_process_group};

use super::confine::ShellConfinement;

/// 65536 (64 KiB): the most output a call returns, its tail, where failures and summaries are.
pub const OUTPUT_TAIL: usize = 64 * 1024;
/// 4096: how far into a cut tail to look for a line start, so snapping to a line drops little more.
const LINE_SNAP: usize = 4096;
/// 2 s: how long the output pipe may stay open once the group is dead (held by a `setsid` escapee).
const DRAIN_GRACE: Duration = Duration::from_secs(2);

/// The last [`OUTPUT_TAIL`] bytes a command printed and how many came before them.
#[derive(Default)]
struct Tail {
    bytes: Vec<u8>,
    dropped: u64,
}

impl Tail {
    fn push(&mut self, chunk: &[u8]) {
        self.bytes.extend_from_slice(chunk);
        // Compact only past twice the bound, so each byte is moved a bounded number of times.
        if self.bytes.len() > 2 * OUTPUT_TAIL {
            self.cut_to(OUTPUT_TAIL);
        }
    }

    fn cut_to(&mut self, keep: usize) {
        if self.bytes.len() > keep {
            let cut = self.bytes.len() - keep;
            self.bytes.drain(..cut);
            self.dropped += cut as u64;
        }
    }

    /// The output as text (invalid UTF-8 replaced) and whether any was dropped.
    fn finish(mut self) -> (String, bool) {
        self.cut_to(OUTPUT_TAIL);
        if self.dropped == 0 {
            return (String::from_utf8_lossy(&self.bytes).into_owned(), false);
        }
        // Start on a line if one starts near the cut, else at least on a character.
        let start = match self.bytes.iter().take(LINE_SNAP).position(|&b| b == b'\n') {
            Some(newline) => newline + 1,
            None => self.bytes.iter().take(4).position(|&b| (b & 0xC0) != 0x80).unwrap_or(0),
        };
        self.dropped += start as u64;
        let text = String::from_utf8_lossy(&self.bytes[start..]);
        (format!("… {} bytes dropped\n{text}", self.dropped), true)
    }
}

/// Sends SIGKILL, once, to the process group it names: when told to, else when dropped, so a
/// cancelled call leaves nothing running either.
struct GroupKiller(Option<Pid>);

impl GroupKiller {
    fn kill(&mut self) {
        if let Some(pgid) = self.0.take() {
            // ESRCH (the group is already gone) is the expected outcome when nothing was left.
            let _ = kill_process_group(pgid, Signal::KILL);
        }
    }
}

impl Drop for GroupKiller {
    fn drop(&mut self) {
        self.kill();
    }
}

/// `d` in seconds for a person: `1`, `0.5`, `4.87` (a clamped timeout can be any fraction).
fn seconds(d: Duration) -> String {
    let text = format!("{:.2}", d.as_secs_f64());
    text.trim_end_matches('0').trim_end_matches('.').to_owned()
}

fn spawn_error(e: std::io::Error) -> ToolError {
    ToolError::io(format!("starting the shell: {e}"))
}

/// Runs `command` under `/bin/sh -c` in `root`, with stdin empty, for at most `timeout`; inside
/// `confinement`'s sandbox when there is one, else with gg's environment and reach.
pub async fn run(
    root: &Path,
    command: &str,
    timeout: Duration,
    confinement: Option<&ShellConfinement>,
    cgroup: Option<&crate::ceiling::SessionCgroup>,
) -> ToolResult<ShellOutput> {
    gg_core::toolchain::seal_inherited_descriptors();
    let (mut reader, writer) = std::io::pipe().map_err(spawn_error)?;
    let mut cmd = match confinement {
        None => {
            let mut cmd = tokio::process::Command::new("/bin/sh");
            cmd.arg("-c").arg(command).process_group(0);
            cmd
        }
        Some(confinement) => {
            let mut cmd = tokio::process::Command::new(confinement.program());
            cmd.args(confinement.args(root, command))
                .env_clear()
                .envs(confinement.env().iter().map(|(k, v)| (k, v)));
            // SAFETY: `setsid` is async-signal-safe and touches no memory of this process. A
            // session of its own gives the sandbox no controlling terminal to inject input into,
            // and makes bwrap the leader of the group the kill below signals.
            unsafe {
                cmd.pre_exec(|| rustix::process::setsid().map(drop).map_err(std::io::Error::from));
            }
            if let Some(cgroup) = cgroup {
                // The session's ceilings hold bwrap and all it starts. Joining is one write per
                // hierarchy to a descriptor opened before the fork (async-signal-safe); the
                // descriptors outlive the child, since the session's tools hold the group.
                let procs: Vec<std::os::fd::RawFd> = cgroup.raw_procs();
                // SAFETY: only `write(2)` on descriptors open in this process.
                unsafe {
                    cmd.pre_exec(move || {
                        for &fd in &procs {
                            let fd = std::os::fd::BorrowedFd::borrow_raw(fd);
                            rustix::io::write(fd, b"0").map_err(std::io::Error::from)?;
                        }
                        Ok(())
                    });
                }
            }
            cmd
        }
    };
    cmd.current_dir(root)
        .stdin(Stdio::null())
        .stdout(writer.try_clone().map_err(spawn_error)?)
        .stderr(writer)
        .kill_on_drop(true);
    let spawned = cmd.spawn();
    // The command holds this process's copies of the write end: drop them, or the pipe never ends.
    drop(cmd);
    let mut child = spawned.map_err(spawn_error)?;
    // The child leads its group, so its pid is the group's id. At a timeout the group is signalled
    // before the leader is reaped, so the id is still its own. After a normal exit the leader is
    // reaped first; Linux reuses no pid while a group of that id has members, so the signal reaches
    // the stragglers, or, when there are none, some unrelated group only if in that instant a new
    // process got the same pid and led a group of its own.
    let mut killer = GroupKiller(child.id().and_then(|id| Pid::from_raw(id as i32)));

    let tail = Arc::new(Mutex::new(Tail::default()));
    let (done_tx, done_rx) = tokio::sync::oneshot::channel::<()>();
    let sink = Arc::clone(&tail);
    // A plain thread, not the blocking pool: a process that escaped the group may hold the pipe
    // for as long as it lives, and only this thread then waits for it.
    std::thread::Builder::new()
        .name("gg-shell-output".into())
        .spawn(move || {
            let mut chunk = vec![0u8; 16 * 1024];
            loop {
                match reader.read(&mut chunk) {
                    Ok(0) => break,
                    Ok(n) => sink.lock().unwrap_or_else(|p| p.into_inner()).push(&chunk[..n]),
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                    Err(_) => break,
                }
            }
            let _ = done_tx.send(());
        })
        .map_err(|e| ToolError::io(format!("starting the output reader: {e}")))?;

    let (exit_code, timed_out) = match tokio::time::timeout(timeout, child.wait()).await {
        Ok(status) => {
            let status = status.map_err(|e| ToolError::io(format!("waiting for the command: {e}")))?;
            killer.kill();
            (shell_status(status), false)
        }
        Err(_elapsed) => {
            killer.kill();
            let _ = child.wait().await;
            (TIMED_OUT_STATUS, true)
        }
    };
    let _ = tokio::time::timeout(DRAIN_GRACE, done_rx).await;

    let tail = std::mem::take(&mut *tail.lock().unwrap_or_else(|p| p.into_inner()));
    let (mut output, truncated) = tail.finish();
    if timed_out {
        if !output.is_empty() && !output.ends_with('\n') {
            output.push('\n');
        }
        output.push_str(&format!("[killed after {} s timeout]", seconds(timeout)));
    }
    Ok(ShellOutput {
        exit_code,
        timed_out,
        output,
        truncated,
    })
}

/// 124: a command the timeout killed exits with this, as `timeout(1)` reports one.
pub const TIMED_OUT_STATUS: i32 = 124;

/// `status` as a shell reports it (`$?`): the exit code, or 128+N for a process signal N killed.
fn shell_status(status: std::process::ExitStatus) -> i32 {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(code), _) => code,
        (None, Some(signal)) => 128 + signal,
        // A wait returns only exited or signalled processes; this is neither, said as a failure.
        (None, None) => 128,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_status_reads_as_the_shells_dollar_question_mark() {
        use std::os::unix::process::ExitStatusExt;
        assert_eq!(shell_status(std::process::ExitStatus::from_raw(3 << 8)), 3);
        assert_eq!(shell_status(std::process::ExitStatus::from_raw(9)), 137);
        assert_eq!(shell_status(std::process::ExitStatus::from_raw(15)), 143);
    }

    #[test]
    fn timeouts_print_as_short_seconds() {
        let cases = [(1000, "1"), (500, "0.5"), (4873, "4.87"), (0, "0"), (120_000, "120")];
        for (millis, text) in cases {
            assert_eq!(seconds(Duration::from_millis(millis)), text);
        }
    }

    #[test]
    fn a_tail_without_a_near_newline_starts_on_a_character() {
        let mut tail = Tail::default();
        tail.push("é".repeat(OUTPUT_TAIL).as_bytes()); // 2 * OUTPUT_TAIL bytes, no newline
        tail.push(b"x");
        let (text, truncated) = tail.finish();
        let body = text
            .strip_prefix("… ")
            .and_then(|t| t.split_once(" bytes dropped\n"))
            .unwrap();
        assert!(truncated);
        // One byte of an `é` fell at the cut and is dropped with the rest.
        assert_eq!(body.0, (OUTPUT_TAIL + 2).to_string());
        assert_eq!(body.1, format!("{}x", "é".repeat(OUTPUT_TAIL / 2 - 1)));
    }
}
