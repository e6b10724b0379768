//! The resource ceilings every toolchain process runs under (rlimits set between fork and exec),
//! what it used (from `wait4`), and which ceiling, if any, ended it.
//!
//! A compiler runs natively on the program's text, so a hostile text can make it eat the host:
//! nesting that recurses without end, `include_bytes!("/dev/zero")`, a constant that doubles. The
//! ceilings bound one process (and each process it starts: rlimits are inherited); the deadline
//! bounds the wall time. A compiler stopped by a ceiling on a program's text is that program's
//! compile error ([`crate::program::language::PrepareError::compiler_stopped`]), never gg's fault.

use std::time::Duration;

use rustix::process::{Resource, Rlimit, setrlimit};

const MIB: u64 = 1024 * 1024;

/// The ceilings one toolchain process runs under.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ceilings {
    /// `RLIMIT_DATA`: the process's writable private memory (heap, anonymous maps, thread stacks).
    /// Not `RLIMIT_AS`: a JVM or LLVM reserves far more address space than it ever touches.
    pub memory_bytes: u64,
    /// `RLIMIT_CPU`: CPU seconds over all its threads; at the limit the kernel sends `SIGXCPU`.
    pub cpu_seconds: u64,
    /// `RLIMIT_FSIZE`: the largest file it may write; past it, `SIGXFSZ`.
    pub file_bytes: u64,
}

impl Ceilings {
    /// What every toolchain process gets unless its arm says otherwise. The largest compile seen
    /// (kotlinc on a program with the SDK, a JVM) peaks near 1.3 GiB; rustc on a 30-line program
    /// ~250 MiB; the wall-clock deadline (`PrepareCx::MAX_PREPARE`, 120 s) comes before the CPU one.
    pub const DEFAULT: Ceilings = Ceilings {
        memory_bytes: 4096 * MIB,
        cpu_seconds: 300,
        file_bytes: 1024 * MIB,
    };

    /// Sets the ceilings on the calling process. Runs between fork and exec: raw syscalls only.
    pub(crate) fn apply(&self) -> std::io::Result<()> {
        let limit = |n: u64| Rlimit {
            current: Some(n),
            maximum: Some(n),
        };
        setrlimit(Resource::Data, limit(self.memory_bytes))?;
        // The soft limit sends SIGXCPU (which ends a process that does not catch it); the hard
        // one, a little later, SIGKILL.
        setrlimit(
            Resource::Cpu,
            Rlimit {
                current: Some(self.cpu_seconds),
                maximum: Some(self.cpu_seconds + 5),
            },
        )?;
        setrlimit(Resource::Fsize, limit(self.file_bytes))?;
        // A crashing compiler writes no core file into the scratch directory.
        setrlimit(Resource::Core, limit(0))?;
        Ok(())
    }
}

impl Default for Ceilings {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// What a toolchain process used, as the kernel counted it for it and every descendant it waited for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Usage {
    /// The largest resident set of any of them.
    pub peak_memory_bytes: u64,
    /// User plus system CPU time.
    pub cpu: Duration,
}

/// How a toolchain process ended when it did not exit by itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// It used (about) its memory ceiling and then failed: its allocation was refused.
    Memory { ceiling_bytes: u64 },
    /// It reached its CPU ceiling.
    Cpu { ceiling_seconds: u64 },
    /// It tried to write a file past its ceiling.
    FileSize { ceiling_bytes: u64 },
    /// It was killed by a signal no ceiling explains (it crashed).
    Crashed { signal: i32 },
}

impl Stopped {
    /// Which ceiling (if any) ended a process that ran under `ceilings`, used `usage`, and ended by
    /// `signal` (when a signal ended it) or with `failed` set (a non-zero exit). Read from the
    /// kernel's account, not from anything the process printed: a process whose peak reached half
    /// its memory ceiling (a growing buffer doubles, so the refused request is the next double)
    /// and then failed was stopped by that ceiling.
    pub fn classify(ceilings: &Ceilings, usage: &Usage, signal: Option<i32>, failed: bool) -> Option<Stopped> {
        const SIGKILL: i32 = 9;
        const SIGXCPU: i32 = 24;
        const SIGXFSZ: i32 = 25;
        let cpu_spent = usage.cpu.as_secs() >= ceilings.cpu_seconds;
        let memory_spent = usage.peak_memory_bytes >= ceilings.memory_bytes / 2;
        match signal {
            Some(SIGXCPU) => Some(Stopped::Cpu {
                ceiling_seconds: ceilings.cpu_seconds,
            }),
            Some(SIGKILL) if cpu_spent => Some(Stopped::Cpu {
                ceiling_seconds: ceilings.cpu_seconds,
            }),
            Some(SIGXFSZ) => Some(Stopped::FileSize {
                ceiling_bytes: ceilings.file_bytes,
            }),
            Some(_) if memory_spent => Some(Stopped::Memory {
                ceiling_bytes: ceilings.memory_bytes,
            }),
            Some(signal) => Some(Stopped::Crashed { signal }),
            None if failed && memory_spent => Some(Stopped::Memory {
                ceiling_bytes: ceilings.memory_bytes,
            }),
            None => None,
        }
    }

    /// One sentence for the model: what stopped `tool` on its program.
    pub fn describe(&self, tool: &str) -> String {
        match *self {
            Stopped::Memory { ceiling_bytes } => format!(
                "{tool} ran out of its memory ceiling ({} MiB) compiling this program",
                ceiling_bytes / MIB
            ),
            Stopped::Cpu { ceiling_seconds } => {
                format!("{tool} used its CPU ceiling ({ceiling_seconds} s) compiling this program")
            }
            Stopped::FileSize { ceiling_bytes } => format!(
                "{tool} tried to write a file past its ceiling ({} MiB) compiling this program",
                ceiling_bytes / MIB
            ),
            Stopped::Crashed { signal } => {
                format!("{tool} crashed (signal {signal}) compiling this program")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: Ceilings = Ceilings {
        memory_bytes: 100 * MIB,
        cpu_seconds: 10,
        file_bytes: MIB,
    };

    fn usage(peak_mib: u64, cpu_s: u64) -> Usage {
        Usage {
            peak_memory_bytes: peak_mib * MIB,
            cpu: Duration::from_secs(cpu_s),
        }
    }

    #[test]
    fn the_kernels_account_names_the_ceiling() {
        let c = |u: Usage, sig, failed| Stopped::classify(&SMALL, &u, sig, failed);
        assert_eq!(c(usage(1, 0), None, false), None);
        assert_eq!(c(usage(1, 0), None, true), None, "an ordinary failed compile");
        assert_eq!(
            c(usage(60, 0), None, true),
            Some(Stopped::Memory {
                ceiling_bytes: 100 * MIB
            })
        );
        assert_eq!(
            c(usage(60, 0), Some(6), false),
            Some(Stopped::Memory {
                ceiling_bytes: 100 * MIB
            })
        );
        assert_eq!(
            c(usage(1, 3), Some(24), false),
            Some(Stopped::Cpu { ceiling_seconds: 10 })
        );
        assert_eq!(
            c(usage(1, 10), Some(9), false),
            Some(Stopped::Cpu { ceiling_seconds: 10 })
        );
        assert_eq!(
            c(usage(1, 0), Some(25), false),
            Some(Stopped::FileSize { ceiling_bytes: MIB })
        );
        assert_eq!(c(usage(1, 0), Some(11), false), Some(Stopped::Crashed { signal: 11 }));
    }
}
