//! A FIFO the guest opened through its own WASI reach: read as a stream, and never left holding a
//! thread of the blocking pool.
//!
//! wasmtime-wasi reads every file with `pread` at a tracked position, which a FIFO refuses
//! (`ESPIPE`, which reached a program as `EIO`), and does each read on its blocking pool, where a
//! read that waits for a writer holds a thread. [`read_stream`] gives a FIFO's `read-via-stream`
//! a stream of its own: the FIFO opened again, non-blocking, read with `read(2)` once tokio's
//! reactor says it is readable, so a read waits without a thread and is dropped at the guest's
//! deadline like any park.
//!
//! An `open(2)` of a FIFO waits in the blocking pool for the other end, and dropping the future
//! that waits for it does not stop it. When the guest's deadline stops such an open,
//! [`release_open`] opens that FIFO once for reading and writing (which never waits on Linux),
//! so the parked `open(2)` returns, its descriptor is dropped with the task, and the thread goes
//! back to the pool instead of staying for the life of a `gg serve`.

use std::os::fd::{AsFd, AsRawFd, OwnedFd};

use bytes::{Bytes, BytesMut};
use rustix::fs::{FileType, Mode, OFlags, ResolveFlags};
use tokio::io::unix::AsyncFd;
use wasmtime_wasi::p2::{InputStream, Pollable, StreamError, StreamResult};

/// Bytes one read asks the kernel for (a pipe's default capacity).
const CHUNK: usize = 64 * 1024;

/// Whether `file` is a FIFO.
pub(crate) fn is_fifo(file: &impl AsFd) -> bool {
    rustix::fs::fstat(file).is_ok_and(|s| FileType::from_raw_mode(s.st_mode) == FileType::Fifo)
}

/// A stream over the FIFO `file`, opened again (through `/proc/self/fd`) for reading without
/// blocking, so the guest's own descriptor keeps its flags. `None` where that cannot be done
/// (no `/proc`, no reactor): the caller keeps wasmtime-wasi's stream.
pub(crate) fn read_stream(file: &impl AsFd) -> Option<FifoInput> {
    let path = format!("/proc/self/fd/{}", file.as_fd().as_raw_fd());
    let fd = rustix::fs::open(path, OFlags::RDONLY | OFlags::NONBLOCK | OFlags::CLOEXEC, Mode::empty()).ok()?;
    if !is_fifo(&fd) {
        return None;
    }
    // Registered with the reactor of the runtime the parked calls run on.
    // SAFETY: the `OwnedFd` is the `AsyncFd`'s own, open and the same descriptor for its life.
    let fd = wasmtime_wasi::runtime::in_tokio(async { unsafe { AsyncFd::register(fd) } }).ok()?;
    Some(FifoInput { fd, state: State::Idle })
}

/// Releases an `open(2)` of the FIFO at `path` (under the directory `dir`) that is parked in the
/// blocking pool, by opening it once for reading and writing without blocking. The path resolves
/// beneath `dir` only, and nothing is opened unless it is a FIFO.
pub(crate) fn release_open(dir: &impl AsFd, path: &str, follow: bool) {
    let mut flags = OFlags::PATH | OFlags::CLOEXEC;
    if !follow {
        flags |= OFlags::NOFOLLOW;
    }
    let Ok(found) = rustix::fs::openat2(dir, path, flags, Mode::empty(), ResolveFlags::BENEATH) else {
        return;
    };
    if !is_fifo(&found) {
        return;
    }
    let reopen = format!("/proc/self/fd/{}", found.as_raw_fd());
    // Both ends at once: the parked opener's partner arrives, and this one closes at once.
    let _ = rustix::fs::open(reopen, OFlags::RDWR | OFlags::NONBLOCK | OFlags::CLOEXEC, Mode::empty());
}

enum State {
    Idle,
    Data(Bytes),
    Error(std::io::Error),
    Closed,
}

/// A FIFO's read end as a WASI input stream (see the module's doc).
pub(crate) struct FifoInput {
    fd: AsyncFd<OwnedFd>,
    state: State,
}

fn read_now(fd: &OwnedFd) -> std::io::Result<Option<Bytes>> {
    let mut buf = BytesMut::zeroed(CHUNK);
    loop {
        return match rustix::io::read(fd, &mut buf[..]) {
            Ok(0) => Ok(None),
            Ok(n) => {
                buf.truncate(n);
                Ok(Some(buf.freeze()))
            }
            Err(rustix::io::Errno::INTR) => continue,
            Err(e) => Err(e.into()),
        };
    }
}

impl FifoInput {
    fn settle(&mut self, read: std::io::Result<Option<Bytes>>) {
        self.state = match read {
            Ok(Some(data)) => State::Data(data),
            Ok(None) => State::Closed,
            Err(e) => State::Error(e),
        };
    }
}

#[wasmtime_wasi::async_trait]
impl InputStream for FifoInput {
    fn read(&mut self, size: usize) -> StreamResult<Bytes> {
        if size == 0 {
            return Ok(Bytes::new());
        }
        if let State::Idle = self.state {
            match read_now(self.fd.get_ref()) {
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => return Ok(Bytes::new()),
                read => self.settle(read),
            }
        }
        match std::mem::replace(&mut self.state, State::Idle) {
            State::Idle => Ok(Bytes::new()),
            State::Data(mut data) => {
                let chunk = data.split_to(size.min(data.len()));
                if !data.is_empty() {
                    self.state = State::Data(data);
                }
                Ok(chunk)
            }
            State::Error(e) => {
                self.state = State::Closed;
                Err(StreamError::LastOperationFailed(e.into()))
            }
            State::Closed => {
                self.state = State::Closed;
                Err(StreamError::Closed)
            }
        }
    }
}

#[wasmtime_wasi::async_trait]
impl Pollable for FifoInput {
    /// Ready when a read has something to say: data, the end (no writer left), or an error.
    async fn ready(&mut self) {
        if !matches!(self.state, State::Idle) {
            return;
        }
        loop {
            let mut guard = match self.fd.readable().await {
                Ok(guard) => guard,
                Err(e) => return self.settle(Err(e)),
            };
            // A read that would block clears the readiness, and the wait goes on.
            if let Ok(read) = guard.try_io(|fd| read_now(fd.get_ref())) {
                return self.settle(read);
            }
        }
    }
}
