//! A WASI call that parks the guest (a sleep, a blocking read, a socket wait) is stopped at the
//! guest's deadline.
//!
//! The epoch deadline is delivered only where the guest executes wasm, and wasmtime-wasi's sync
//! host calls wait inside `block_on` on a Tokio runtime: a `time.sleep(100)` ran its park out.
//! So gg shadows, in both linkers, every WASI function that can wait on the outside world with
//! one that races the same wasmtime-wasi implementation against the guest's deadline (the clock's
//! budget less the guest time spent, host calls excluded as ever). When the deadline wins, the
//! clock records the timeout and the call traps with `Trap::Interrupt`, which `classify` reads as
//! a timeout. What the losing future was waiting on is dropped with it; a syscall it had handed to
//! the blocking pool stays there, so an `open-at` or `path_open` the deadline stopped releases a
//! FIFO's waiting `open(2)` (`fifo::release_open`), and a FIFO is read and written on the reactor
//! rather than in the pool (`fifo.rs`): a component's FIFO streams are gg's own, and a preview1
//! `fd_read`/`fd_write` that wasmtime-wasi answers `ESPIPE` (its `pread`/`pwrite` of a FIFO) is
//! done again as the FIFO's `read(2)`/`write(2)`.
//!
//! Shadowed (component, `@0.2.12`): `wasi:io/poll` `poll` and `pollable.block`; `wasi:io/streams`
//! `blocking-read`, `blocking-skip`, `blocking-write-and-flush`, `blocking-write-zeroes-and-flush`,
//! `blocking-flush`, `blocking-splice`; `wasi:filesystem/types` `open-at`, `read`, `write`, and
//! `read-via-stream`, `write-via-stream`, `append-via-stream` (for a FIFO only).
//! Core modules (`wasi_snapshot_preview1`): `poll_oneoff`, `fd_read`, `fd_pread`, `fd_write`,
//! `fd_pwrite`, `path_open`. The opens (`open-at`, `path_open`) also pass what they opened to
//! `open_guard`.

use std::future::Future;
use std::time::Instant;

use wasmtime::component::{Linker as ComponentLinker, Resource};
use wasmtime::{Caller, Extern, Linker, StoreContextMut, Trap};
use wasmtime_wasi::filesystem::{Descriptor, WasiFilesystemView};
use wasmtime_wasi::p2::bindings::filesystem::types::HostDescriptor as AsyncDescriptor;
use wasmtime_wasi::p2::bindings::io::poll::{Host as AsyncPoll, HostPollable as AsyncPollable};
use wasmtime_wasi::p2::bindings::io::streams::{
    HostInputStream as AsyncInputStream, HostOutputStream as AsyncOutputStream,
};
use wasmtime_wasi::p2::bindings::sync::filesystem::types as fs;
use wasmtime_wasi::p2::bindings::sync::io::streams as st;
use wasmtime_wasi::p2::{DynInputStream, DynOutputStream, DynPollable, FsError, StreamError};
use wasmtime_wasi::{OpenMode, WasiView};

use std::sync::Arc;

use wasmtime_wasi::p1::WasiP1Ctx;
use wasmtime_wasi::p1::types as p1t;
use wasmtime_wasi::p1::wasi_snapshot_preview1::WasiSnapshotPreview1 as P1;

use crate::guest::fifo;
use crate::guest::open_guard;
use crate::program::store::StoreState;

/// Runs `work` to completion unless the guest's deadline `until` comes first; then the clock is
/// marked timed out and the call traps.
fn race<F: Future>(until: Option<Instant>, work: F) -> Result<F::Output, Trap> {
    let Some(until) = until else {
        return Ok(wasmtime_wasi::runtime::in_tokio(work));
    };
    wasmtime_wasi::runtime::in_tokio(async move {
        tokio::select! {
            biased;
            done = work => Ok(done),
            () = tokio::time::sleep_until(until.into()) => Err(Trap::Interrupt),
        }
    })
}

/// [`race`] for a call on a component's store: the deadline read from its clock first.
fn parked<R>(state: &mut StoreState, work: impl AsyncFnOnce(&mut StoreState) -> R) -> wasmtime::Result<R> {
    let until = state.clock.deadline();
    race(until, work(state)).map_err(|trap| {
        state.clock.time_out();
        trap.into()
    })
}

/// Sleeps `d` unless the guest's deadline comes first ([`parked`]): `core_module::wait`.
pub(crate) fn wait(state: &mut StoreState, d: std::time::Duration) -> wasmtime::Result<()> {
    parked(state, async |_| tokio::time::sleep(d).await)
}

/// A stream error as the WIT variant, or the trap it carries.
fn stream_result<T>(
    state: &mut StoreState,
    r: Result<T, StreamError>,
) -> wasmtime::Result<(Result<T, st::StreamError>,)> {
    match r {
        Ok(v) => Ok((Ok(v),)),
        Err(e) => Ok((Err(st::Host::convert_stream_error(state.ctx().table, e)?),)),
    }
}

/// A filesystem error as the WIT enum, or the trap it carries.
fn fs_result<T>(state: &mut StoreState, r: Result<T, FsError>) -> wasmtime::Result<(Result<T, fs::ErrorCode>,)> {
    match r {
        Ok(v) => Ok((Ok(v),)),
        Err(e) => Ok((Err(fs::Host::convert_error_code(&mut state.filesystem(), e)?),)),
    }
}

type Cx<'a> = StoreContextMut<'a, StoreState>;

/// A FIFO's own output stream for the descriptor `fd`, if it is a FIFO opened for writing that
/// may be written ([`fifo::write_stream`]); else wasmtime-wasi's stream is the answer.
fn fifo_output(state: &mut StoreState, fd: &Resource<fs::Descriptor>) -> Option<DynOutputStream> {
    match state.filesystem().table.get(fd) {
        Ok(Descriptor::File(f))
            if f.open_mode.contains(OpenMode::WRITE) && !f.perms.write_not_permitted() && fifo::is_fifo(&*f.file) =>
        {
            Some(Box::new(fifo::write_stream(&*f.file)?))
        }
        _ => None,
    }
}

/// Shadows the component linker's waiting WASI functions with deadline-bounded ones.
pub(crate) fn shadow_p2(linker: &mut ComponentLinker<StoreState>) -> wasmtime::Result<()> {
    linker.allow_shadowing(true);
    let mut poll = linker.instance("wasi:io/poll@0.2.12")?;
    poll.func_wrap("poll", |mut cx: Cx<'_>, (list,): (Vec<Resource<DynPollable>>,)| {
        parked(cx.data_mut(), async |s| AsyncPoll::poll(s.ctx().table, list).await)?.map(|r| (r,))
    })?;
    poll.func_wrap(
        "[method]pollable.block",
        |mut cx: Cx<'_>, (p,): (Resource<DynPollable>,)| {
            parked(cx.data_mut(), async |s| AsyncPollable::block(s.ctx().table, p).await)?
        },
    )?;

    let mut streams = linker.instance("wasi:io/streams@0.2.12")?;
    streams.func_wrap(
        "[method]input-stream.blocking-read",
        |mut cx: Cx<'_>, (s, len): (Resource<DynInputStream>, u64)| {
            let state = cx.data_mut();
            let r = parked(state, async |x| {
                AsyncInputStream::blocking_read(x.ctx().table, s, len).await
            })?;
            stream_result(state, r)
        },
    )?;
    streams.func_wrap(
        "[method]input-stream.blocking-skip",
        |mut cx: Cx<'_>, (s, len): (Resource<DynInputStream>, u64)| {
            let state = cx.data_mut();
            let r = parked(state, async |x| {
                AsyncInputStream::blocking_skip(x.ctx().table, s, len).await
            })?;
            stream_result(state, r)
        },
    )?;
    streams.func_wrap(
        "[method]output-stream.blocking-write-and-flush",
        |mut cx: Cx<'_>, (s, bytes): (Resource<DynOutputStream>, Vec<u8>)| {
            let state = cx.data_mut();
            let r = parked(state, async |x| {
                AsyncOutputStream::blocking_write_and_flush(x.ctx().table, s, bytes).await
            })?;
            stream_result(state, r)
        },
    )?;
    streams.func_wrap(
        "[method]output-stream.blocking-write-zeroes-and-flush",
        |mut cx: Cx<'_>, (s, len): (Resource<DynOutputStream>, u64)| {
            let state = cx.data_mut();
            let r = parked(state, async |x| {
                AsyncOutputStream::blocking_write_zeroes_and_flush(x.ctx().table, s, len).await
            })?;
            stream_result(state, r)
        },
    )?;
    streams.func_wrap(
        "[method]output-stream.blocking-flush",
        |mut cx: Cx<'_>, (s,): (Resource<DynOutputStream>,)| {
            let state = cx.data_mut();
            let r = parked(state, async |x| {
                AsyncOutputStream::blocking_flush(x.ctx().table, s).await
            })?;
            stream_result(state, r)
        },
    )?;
    streams.func_wrap(
        "[method]output-stream.blocking-splice",
        |mut cx: Cx<'_>, (out, src, len): (Resource<DynOutputStream>, Resource<DynInputStream>, u64)| {
            let state = cx.data_mut();
            let r = parked(state, async |x| {
                AsyncOutputStream::blocking_splice(x.ctx().table, out, src, len).await
            })?;
            stream_result(state, r)
        },
    )?;

    let mut files = linker.instance("wasi:filesystem/types@0.2.12")?;
    files.func_wrap(
        "[method]descriptor.open-at",
        |mut cx: Cx<'_>,
         (fd, path_flags, path, oflags, flags): (
            Resource<fs::Descriptor>,
            fs::PathFlags,
            String,
            fs::OpenFlags,
            fs::DescriptorFlags,
        )| {
            let state = cx.data_mut();
            // What a stopped open of a FIFO needs to release the thread it leaves waiting.
            let dir = match state.filesystem().table.get(&fd) {
                Ok(Descriptor::Dir(d)) => Some((d.dir.clone(), path.clone())),
                _ => None,
            };
            let follow = path_flags.contains(fs::PathFlags::SYMLINK_FOLLOW);
            let (oflags, flags, truncate) = open_guard::p2_untruncated(oflags, flags);
            let r = parked(state, async |x| {
                AsyncDescriptor::open_at(
                    &mut x.filesystem(),
                    fd,
                    path_flags.into(),
                    path,
                    oflags.into(),
                    flags.into(),
                )
                .await
            })
            .inspect_err(|_| {
                if let Some((dir, path)) = &dir {
                    fifo::release_open(&**dir, path, follow);
                }
            })?;
            match r {
                Ok(opened) => match open_guard::p2_admit(state.filesystem().table, opened, truncate)? {
                    Ok(admitted) => Ok((Ok(admitted),)),
                    Err(code) => Ok((Err(code),)),
                },
                Err(e) => fs_result(state, Err(e)),
            }
        },
    )?;
    files.func_wrap(
        "[method]descriptor.read-via-stream",
        |mut cx: Cx<'_>, (fd, offset): (Resource<fs::Descriptor>, u64)| {
            let state = cx.data_mut();
            let fifo = match state.filesystem().table.get(&fd) {
                Ok(Descriptor::File(f)) if f.open_mode.contains(OpenMode::READ) && fifo::is_fifo(&*f.file) => {
                    fifo::read_stream(&*f.file)
                }
                _ => None,
            };
            match fifo {
                Some(stream) => {
                    let stream: DynInputStream = Box::new(stream);
                    Ok((Ok(state.filesystem().table.push(stream)?),))
                }
                None => {
                    let r = AsyncDescriptor::read_via_stream(&mut state.filesystem(), fd, offset);
                    fs_result(state, r)
                }
            }
        },
    )?;
    files.func_wrap(
        "[method]descriptor.write-via-stream",
        |mut cx: Cx<'_>, (fd, offset): (Resource<fs::Descriptor>, u64)| {
            let state = cx.data_mut();
            match fifo_output(state, &fd) {
                Some(stream) => Ok((Ok(state.filesystem().table.push(stream)?),)),
                None => {
                    let r = AsyncDescriptor::write_via_stream(&mut state.filesystem(), fd, offset);
                    fs_result(state, r)
                }
            }
        },
    )?;
    files.func_wrap(
        "[method]descriptor.append-via-stream",
        |mut cx: Cx<'_>, (fd,): (Resource<fs::Descriptor>,)| {
            let state = cx.data_mut();
            match fifo_output(state, &fd) {
                Some(stream) => Ok((Ok(state.filesystem().table.push(stream)?),)),
                None => {
                    let r = AsyncDescriptor::append_via_stream(&mut state.filesystem(), fd);
                    fs_result(state, r)
                }
            }
        },
    )?;
    files.func_wrap(
        "[method]descriptor.read",
        |mut cx: Cx<'_>, (fd, len, offset): (Resource<fs::Descriptor>, u64, u64)| {
            let state = cx.data_mut();
            let r = parked(state, async |x| {
                AsyncDescriptor::read(&mut x.filesystem(), fd, len, offset).await
            })?;
            fs_result(state, r)
        },
    )?;
    files.func_wrap(
        "[method]descriptor.write",
        |mut cx: Cx<'_>, (fd, buf, offset): (Resource<fs::Descriptor>, Vec<u8>, u64)| {
            let state = cx.data_mut();
            let r = parked(state, async |x| {
                AsyncDescriptor::write(&mut x.filesystem(), fd, buf, offset).await
            })?;
            fs_result(state, r)
        },
    )?;
    linker.allow_shadowing(false);
    Ok(())
}

/// What every parked preview1 call does first: reads the guest's deadline, hands wasmtime-wasi the
/// call's host-call fuel, and gives `f` the deadline, the guest's memory and the store's state.
fn with_p1<R>(
    caller: &mut Caller<'_, StoreState>,
    f: impl FnOnce(Option<Instant>, &mut [u8], &mut StoreState) -> wasmtime::Result<R>,
) -> wasmtime::Result<R> {
    let until = caller.data().clock.deadline();
    let fuel = wasmtime::AsContextMut::as_context_mut(&mut *caller).hostcall_fuel();
    let Some(Extern::Memory(memory)) = caller.get_export("memory") else {
        wasmtime::bail!("missing required memory export");
    };
    let (bytes, state) = memory.data_and_store_mut(&mut *caller);
    wasmtime_wasi::p1::wasi_snapshot_preview1::WasiSnapshotPreview1::set_hostcall_fuel(state.p1(), fuel);
    f(until, bytes, state)
}

/// A raced preview1 call's errno, or its trap (a deadline that won marks the clock timed out).
fn settled(state: &mut StoreState, done: Result<wasmtime::Result<i32>, Trap>) -> wasmtime::Result<i32> {
    match done {
        Ok(result) => result,
        Err(trap) => {
            state.clock.time_out();
            Err(trap.into())
        }
    }
}

/// Calls one of wasmtime-wasi's preview1 functions under the guest's deadline: the body wiggle
/// generates for the sync linker, with [`race`] in place of its `block_on`. Its errno, or a trap
/// (the deadline's, the clock marked timed out).
macro_rules! raced_p1 {
    ($caller:expr, $name:ident, $($arg:expr),*) => {
        with_p1($caller, |until, bytes, state| {
            let mut guest = wiggle::GuestMemory::Unshared(bytes);
            let done = race(
                until,
                wasmtime_wasi::p1::wasi_snapshot_preview1::$name(state.p1(), &mut guest, $($arg),*),
            );
            settled(state, done.map(|r| r.map_err(Into::into)))
        })
    };
}

/// Defines one preview1 function as wasmtime-wasi's own under the guest's deadline ([`raced_p1`]).
macro_rules! parked_p1 {
    ($linker:expr, $name:ident, $($arg:ident: $ty:ty),*) => {
        $linker.func_wrap(
            "wasi_snapshot_preview1",
            stringify!($name),
            |mut caller: Caller<'_, StoreState>, $($arg: $ty),*| -> wasmtime::Result<i32> {
                raced_p1!(&mut caller, $name, $($arg),*)
            },
        )?;
    };
}

/// The errno wasmtime-wasi's positioned read or write of a FIFO ends in (`ESPIPE`): the one
/// answer after which `fd_read`/`fd_write` look again, as a FIFO (a regular file never gives it).
const ESPIPE: i32 = p1t::Errno::Spipe as i32;

/// The open file behind the preview1 descriptor `fd` if it is a FIFO the descriptor may use with
/// `right`; `Err` with the errno when it is a FIFO it may not. wasmtime-wasi keeps which table
/// entry a preview1 descriptor names to itself, so the entry is found by the preview1 inode (a hash
/// of device and inode) its `fd_filestat_get` reports: any entry with it is the same FIFO.
fn p1_fifo(ctx: &mut WasiP1Ctx, fd: i32, right: p1t::Rights) -> Result<Option<Arc<std::fs::File>>, p1t::Errno> {
    let fd = p1t::Fd::from(fd as u32);
    let mut none = wiggle::GuestMemory::Unshared(&mut []);
    let Ok((stat, inode)) = wasmtime_wasi::runtime::in_tokio(async {
        let stat = P1::fd_fdstat_get(ctx, &mut none, fd).await?;
        let inode = P1::fd_filestat_get(ctx, &mut none, fd).await?.ino;
        Ok::<_, p1t::Error>((stat, inode))
    }) else {
        return Ok(None);
    };
    // wasmtime-wasi's preview1 names a FIFO's type `unknown`.
    if stat.fs_filetype != p1t::Filetype::Unknown {
        return Ok(None);
    }
    let found = ctx
        .ctx()
        .table
        .iter_mut()
        .find_map(|(_, entry)| match entry.downcast_ref::<Descriptor>() {
            Some(Descriptor::File(f)) if fifo::is_fifo(&*f.file) && fifo::preview1_inode(&*f.file) == Some(inode) => {
                Some(f.file.clone())
            }
            _ => None,
        });
    match found {
        Some(_) if !stat.fs_rights_base.contains(right) => Err(p1t::Errno::Badf),
        found => Ok(found),
    }
}

/// The directory behind the preview1 descriptor `fd`, found as [`p1_fifo`] finds a FIFO.
fn p1_dir(ctx: &mut WasiP1Ctx, fd: i32) -> Option<Arc<std::fs::File>> {
    let fd = p1t::Fd::from(fd as u32);
    let mut none = wiggle::GuestMemory::Unshared(&mut []);
    let inode = wasmtime_wasi::runtime::in_tokio(P1::fd_filestat_get(ctx, &mut none, fd))
        .ok()?
        .ino;
    ctx.ctx()
        .table
        .iter_mut()
        .find_map(|(_, entry)| match entry.downcast_ref::<Descriptor>() {
            Some(Descriptor::Dir(d)) if fifo::preview1_inode(&*d.dir) == Some(inode) => Some(d.dir.clone()),
            _ => None,
        })
}

/// The first non-empty buffer of the guest's iovec array at `iovs` (`iovs_len` entries of a
/// pointer and a length), as a range of its memory; `None` when all are empty, `Err` (`EFAULT`)
/// when one lies outside the memory.
fn first_buffer(memory: &[u8], iovs: i32, iovs_len: i32) -> Result<Option<std::ops::Range<usize>>, p1t::Errno> {
    let word = |at: usize| -> Result<usize, p1t::Errno> {
        let bytes = memory.get(at..at + 4).ok_or(p1t::Errno::Fault)?;
        Ok(u32::from_le_bytes(bytes.try_into().unwrap()) as usize)
    };
    for i in 0..iovs_len as u32 as usize {
        let at = (iovs as u32 as usize).checked_add(i * 8).ok_or(p1t::Errno::Fault)?;
        let (ptr, len) = (word(at)?, word(at + 4)?);
        if len > 0 {
            let range = ptr..ptr.checked_add(len).ok_or(p1t::Errno::Fault)?;
            return match range.end <= memory.len() {
                true => Ok(Some(range)),
                false => Err(p1t::Errno::Fault),
            };
        }
    }
    Ok(None)
}

/// The preview1 errno for a failed `read(2)`/`write(2)` of a FIFO.
fn errno_of(e: &std::io::Error) -> i32 {
    let errno = match rustix::io::Errno::from_io_error(e) {
        Some(rustix::io::Errno::PIPE) => p1t::Errno::Pipe,
        Some(rustix::io::Errno::BADF) => p1t::Errno::Badf,
        Some(rustix::io::Errno::NOMEM) => p1t::Errno::Nomem,
        _ => p1t::Errno::Io,
    };
    errno as i32
}

/// Which way a preview1 call moves a FIFO's bytes.
#[derive(Clone, Copy)]
enum Way {
    Read,
    Write,
}

/// `fd_read` or `fd_write` of the FIFO behind `fd`, after wasmtime-wasi's positioned one said
/// `ESPIPE`: the first non-empty buffer moved with [`fifo::read`]/[`fifo::write`] under the
/// guest's deadline, the count stored at `done_at`. Anything not a FIFO keeps its `ESPIPE`.
fn fifo_p1(
    caller: &mut Caller<'_, StoreState>,
    way: Way,
    fd: i32,
    iovs: i32,
    iovs_len: i32,
    done_at: i32,
) -> wasmtime::Result<i32> {
    let until = caller.data().clock.deadline();
    let Some(Extern::Memory(memory)) = caller.get_export("memory") else {
        wasmtime::bail!("missing required memory export");
    };
    let (bytes, state) = memory.data_and_store_mut(&mut *caller);
    let right = match way {
        Way::Read => p1t::Rights::FD_READ,
        Way::Write => p1t::Rights::FD_WRITE,
    };
    let file = match p1_fifo(state.p1(), fd, right) {
        Ok(Some(file)) => file,
        Ok(None) => return Ok(ESPIPE),
        Err(errno) => return Ok(errno as i32),
    };
    let buffer = match first_buffer(bytes, iovs, iovs_len) {
        Ok(Some(range)) => range,
        Ok(None) => 0..0,
        Err(errno) => return Ok(errno as i32),
    };
    let count_at = done_at as u32 as usize;
    if bytes.get(count_at..count_at + 4).is_none() {
        return Ok(p1t::Errno::Fault as i32);
    }
    let moved = if buffer.is_empty() {
        Ok(Ok(0))
    } else {
        match way {
            Way::Read => race(until, fifo::read(&*file, buffer.len())).map(|read| {
                read.map(|data| {
                    bytes[buffer.start..buffer.start + data.len()].copy_from_slice(&data);
                    data.len()
                })
            }),
            Way::Write => {
                let data = bytes[buffer].to_vec();
                race(until, fifo::write(&*file, &data))
            }
        }
    };
    let count = match moved {
        Err(trap) => {
            state.clock.time_out();
            return Err(trap.into());
        }
        Ok(Err(e)) => return Ok(errno_of(&e)),
        Ok(Ok(n)) => n as u32,
    };
    bytes[count_at..count_at + 4].copy_from_slice(&count.to_le_bytes());
    Ok(0)
}

/// After a `path_open` the deadline stopped: an `open(2)` of a FIFO it left waiting in the
/// blocking pool is released ([`fifo::release_open`]).
fn release_p1_open(bytes: &[u8], state: &mut StoreState, dirfd: i32, lookup: i32, path: i32, path_len: i32) {
    let at = path as u32 as usize;
    let Some(path) = at
        .checked_add(path_len as u32 as usize)
        .and_then(|end| bytes.get(at..end))
        .and_then(|b| std::str::from_utf8(b).ok())
    else {
        return;
    };
    let path = path.to_owned();
    if let Some(dir) = p1_dir(state.p1(), dirfd) {
        let follow = p1t::Lookupflags::from_bits_truncate(lookup as u32).contains(p1t::Lookupflags::SYMLINK_FOLLOW);
        fifo::release_open(&*dir, &path, follow);
    }
}

/// Shadows the core-module linker's waiting preview1 functions with deadline-bounded ones, and
/// reads and writes a FIFO as a pipe.
pub(crate) fn shadow_p1(linker: &mut Linker<StoreState>) -> wasmtime::Result<()> {
    linker.allow_shadowing(true);
    parked_p1!(linker, poll_oneoff, a0: i32, a1: i32, a2: i32, a3: i32);
    parked_p1!(linker, fd_pread, a0: i32, a1: i32, a2: i32, a3: i64, a4: i32);
    parked_p1!(linker, fd_pwrite, a0: i32, a1: i32, a2: i32, a3: i64, a4: i32);
    linker.func_wrap(
        "wasi_snapshot_preview1",
        "fd_read",
        |mut caller: Caller<'_, StoreState>, fd: i32, iovs: i32, iovs_len: i32, nread: i32| -> wasmtime::Result<i32> {
            match raced_p1!(&mut caller, fd_read, fd, iovs, iovs_len, nread)? {
                ESPIPE => fifo_p1(&mut caller, Way::Read, fd, iovs, iovs_len, nread),
                errno => Ok(errno),
            }
        },
    )?;
    linker.func_wrap(
        "wasi_snapshot_preview1",
        "fd_write",
        |mut caller: Caller<'_, StoreState>,
         fd: i32,
         iovs: i32,
         iovs_len: i32,
         nwritten: i32|
         -> wasmtime::Result<i32> {
            match raced_p1!(&mut caller, fd_write, fd, iovs, iovs_len, nwritten)? {
                ESPIPE => fifo_p1(&mut caller, Way::Write, fd, iovs, iovs_len, nwritten),
                errno => Ok(errno),
            }
        },
    )?;
    // `path_open`, parked, and its result admitted by `open_guard` (a truncation applied after); an
    // open of a FIFO the deadline stopped is released.
    linker.func_wrap(
        "wasi_snapshot_preview1",
        "path_open",
        |mut caller: Caller<'_, StoreState>,
         dirfd: i32,
         dirflags: i32,
         path: i32,
         path_len: i32,
         oflags: i32,
         rights: i64,
         inheriting: i64,
         fdflags: i32,
         opened: i32|
         -> wasmtime::Result<i32> {
            with_p1(&mut caller, |until, bytes, state| {
                let open = open_guard::p1_untruncated(oflags, rights);
                let mut guest = wiggle::GuestMemory::Unshared(&mut *bytes);
                let done = race(
                    until,
                    wasmtime_wasi::p1::wasi_snapshot_preview1::path_open(
                        state.p1(),
                        &mut guest,
                        dirfd,
                        dirflags,
                        path,
                        path_len,
                        open.oflags,
                        open.rights,
                        inheriting,
                        fdflags,
                        opened,
                    ),
                );
                drop(guest);
                if done.is_err() {
                    release_p1_open(bytes, state, dirfd, dirflags, path, path_len);
                }
                let errno = settled(state, done.map(|r| r.map_err(Into::into)))?;
                if errno != 0 {
                    return Ok(errno);
                }
                let fd = opened
                    .try_into()
                    .ok()
                    .and_then(|at: usize| bytes.get(at..at + 4))
                    .map(|b| i32::from_le_bytes(b.try_into().expect("four bytes")));
                match fd {
                    Some(fd) => open_guard::p1_admit(state.p1(), fd, &open),
                    None => Ok(errno),
                }
            })
        },
    )?;
    linker.allow_shadowing(false);
    Ok(())
}
