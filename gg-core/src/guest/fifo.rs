//! A FIFO the guest opened through its own WASI reach: read and written as a pipe, and never left
//! holding a thread of the blocking pool.
//!
//! wasmtime-wasi reads and writes every file with `pread`/`pwrite` at a tracked position, which a
//! FIFO refuses (`ESPIPE`, which reached a component's program as `EIO` and a preview1 one as
//! `ESPIPE`), and does each on its blocking pool, where a read that waits for a writer holds a
//! thread. Here a FIFO is opened again (through `/proc/self/fd`, so the guest's own descriptor
//! keeps its flags) without blocking, and read or written with `read(2)`/`write(2)` once tokio's
//! reactor says it is ready, so a wait holds no thread and is dropped at the guest's deadline like
//! any park: [`read_stream`] and [`write_stream`] for a component's `read-via-stream` and
//! `write-via-stream`/`append-via-stream`, [`read`] and [`write`] for a preview1
//! `fd_read`/`fd_write`.
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
use wasmtime_wasi::p2::{InputStream, OutputStream, Pollable, StreamError, StreamResult};

/// Bytes one read asks the kernel for (a pipe's default capacity).
const CHUNK: usize = 64 * 1024;

/// Whether `file` is a FIFO.
pub(crate) fn is_fifo(file: &impl AsFd) -> bool {
    rustix::fs::fstat(file).is_ok_and(|s| FileType::from_raw_mode(s.st_mode) == FileType::Fifo)
}

/// wasmtime-wasi's preview1 inode of the open file `file` (its `metadata_hash`: the device and
/// inode hashed with std's `DefaultHasher`), by which a preview1 descriptor is matched to the file
/// in the context's table.
pub(crate) fn preview1_inode(file: &impl AsFd) -> Option<u64> {
    use std::hash::{Hash, Hasher};
    let stat = rustix::fs::fstat(file).ok()?;
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    #[allow(clippy::useless_conversion)]
    (u64::from(stat.st_dev), u64::from(stat.st_ino)).hash(&mut hasher);
    Some(hasher.finish())
}

/// The FIFO `file` opened again through `/proc/self/fd` with `flags`, without blocking.
fn reopen(file: &impl AsFd, flags: OFlags) -> std::io::Result<OwnedFd> {
    let path = format!("/proc/self/fd/{}", file.as_fd().as_raw_fd());
    let fd = rustix::fs::open(path, flags | OFlags::NONBLOCK | OFlags::CLOEXEC, Mode::empty())?;
    if !is_fifo(&fd) {
        return Err(std::io::ErrorKind::InvalidInput.into());
    }
    Ok(fd)
}

/// `fd` registered with the reactor of the runtime it is called on (one must be current).
fn register(fd: OwnedFd) -> std::io::Result<AsyncFd<OwnedFd>> {
    // SAFETY: the `OwnedFd` is the `AsyncFd`'s own, open and the same descriptor for its life.
    unsafe { AsyncFd::register(fd) }.map_err(|e| e.into_parts().1)
}

/// Reads at most `max` bytes (at least one) of the FIFO `file` once it has any; empty at its end
/// (no writer left). Waits on the reactor of the runtime it is polled on.
pub(crate) async fn read(file: &impl AsFd, max: usize) -> std::io::Result<Bytes> {
    let max = max.min(CHUNK);
    let fd = register(reopen(file, OFlags::RDONLY)?)?;
    // Tried before waiting: a reader opened once the last writer had gone is never told so.
    match read_now(fd.get_ref(), max) {
        Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
        read => return read.map(Option::unwrap_or_default),
    }
    loop {
        let mut guard = fd.readable().await?;
        if let Ok(read) = guard.try_io(|fd| read_now(fd.get_ref(), max)) {
            return read.map(Option::unwrap_or_default);
        }
    }
}

/// Writes what of `data` (not empty; a pipe's capacity at most is offered) the FIFO `file` takes
/// once it takes any, and says how much.
/// With no reader left, `EPIPE` (`ENXIO` from the reopen is the same news). Waits on the reactor.
pub(crate) async fn write(file: &impl AsFd, data: &[u8]) -> std::io::Result<usize> {
    let data = &data[..data.len().min(CHUNK)];
    let fd = match reopen(file, OFlags::WRONLY) {
        Err(e) if e.raw_os_error() == Some(rustix::io::Errno::NXIO.raw_os_error()) => {
            return Err(rustix::io::Errno::PIPE.into());
        }
        fd => register(fd?)?,
    };
    match write_now(fd.get_ref(), data) {
        Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
        written => return written,
    }
    loop {
        let mut guard = fd.writable().await?;
        if let Ok(written) = guard.try_io(|fd| write_now(fd.get_ref(), data)) {
            return written;
        }
    }
}

/// One `write(2)` of `data`.
fn write_now(fd: &OwnedFd, data: &[u8]) -> std::io::Result<usize> {
    loop {
        return match rustix::io::write(fd, data) {
            Err(rustix::io::Errno::INTR) => continue,
            written => written.map_err(std::io::Error::from),
        };
    }
}

/// A stream over the FIFO `file`, opened again for reading without blocking. `None` where that
/// cannot be done (no `/proc`, no reactor): the caller keeps wasmtime-wasi's stream.
pub(crate) fn read_stream(file: &impl AsFd) -> Option<FifoInput> {
    let fd = reopen(file, OFlags::RDONLY).ok()?;
    // Registered with the reactor of the runtime the parked calls run on.
    let fd = wasmtime_wasi::runtime::in_tokio(async { register(fd) }).ok()?;
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

/// A stream into the FIFO `file`, opened again for writing without blocking. `None` where that
/// cannot be done (no `/proc`, no reactor, no reader left): the caller keeps wasmtime-wasi's stream.
pub(crate) fn write_stream(file: &impl AsFd) -> Option<FifoOutput> {
    let fd = reopen(file, OFlags::WRONLY).ok()?;
    let fd = wasmtime_wasi::runtime::in_tokio(async { register(fd) }).ok()?;
    Some(FifoOutput {
        fd,
        pending: Bytes::new(),
        error: None,
        closed: false,
    })
}

/// A FIFO's write end as a WASI output stream: one write at a time is taken (up to a pipe's
/// capacity), and what the pipe does not take at once waits in `pending` until it is writable.
pub(crate) struct FifoOutput {
    fd: AsyncFd<OwnedFd>,
    pending: Bytes,
    error: Option<std::io::Error>,
    closed: bool,
}

impl FifoOutput {
    /// Moves what of `pending` the pipe takes now.
    fn drain(&mut self) {
        while !self.pending.is_empty() && self.error.is_none() {
            match write_now(self.fd.get_ref(), &self.pending) {
                Ok(n) => drop(self.pending.split_to(n)),
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => return,
                Err(e) => self.error = Some(e),
            }
        }
    }

    /// The last write's failure, once; then the stream is closed.
    fn failed(&mut self) -> StreamResult<()> {
        if let Some(e) = self.error.take() {
            self.closed = true;
            return Err(StreamError::LastOperationFailed(e.into()));
        }
        match self.closed {
            true => Err(StreamError::Closed),
            false => Ok(()),
        }
    }
}

#[wasmtime_wasi::async_trait]
impl OutputStream for FifoOutput {
    fn write(&mut self, bytes: Bytes) -> StreamResult<()> {
        self.failed()?;
        if !self.pending.is_empty() {
            return Err(StreamError::trap("a write the stream's check-write did not permit"));
        }
        self.pending = bytes;
        self.drain();
        Ok(())
    }

    fn flush(&mut self) -> StreamResult<()> {
        self.drain();
        self.failed()
    }

    fn check_write(&mut self) -> StreamResult<usize> {
        self.drain();
        self.failed()?;
        Ok(if self.pending.is_empty() { CHUNK } else { 0 })
    }
}

#[wasmtime_wasi::async_trait]
impl Pollable for FifoOutput {
    /// Ready when what was written is all in the pipe, or has failed.
    async fn ready(&mut self) {
        self.drain();
        while !self.pending.is_empty() && self.error.is_none() {
            let mut guard = match self.fd.writable().await {
                Ok(guard) => guard,
                Err(e) => {
                    self.error = Some(e);
                    return;
                }
            };
            let pending = &mut self.pending;
            // A write that would block clears the readiness, and the wait goes on.
            match guard.try_io(|fd| write_now(fd.get_ref(), pending)) {
                Ok(Ok(n)) => drop(pending.split_to(n)),
                Ok(Err(e)) => self.error = Some(e),
                Err(_would_block) => {}
            }
        }
    }
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

/// One `read(2)` of at most `max` bytes: `None` at the end.
fn read_now(fd: &OwnedFd, max: usize) -> std::io::Result<Option<Bytes>> {
    let mut buf = BytesMut::zeroed(max);
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
            match read_now(self.fd.get_ref(), CHUNK) {
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
        // Tried before waiting: a reader opened once the last writer had gone is never told so.
        match read_now(self.fd.get_ref(), CHUNK) {
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
            read => return self.settle(read),
        }
        loop {
            let mut guard = match self.fd.readable().await {
                Ok(guard) => guard,
                Err(e) => return self.settle(Err(e)),
            };
            // A read that would block clears the readiness, and the wait goes on.
            if let Ok(read) = guard.try_io(|fd| read_now(fd.get_ref(), CHUNK)) {
                return self.settle(read);
            }
        }
    }
}
