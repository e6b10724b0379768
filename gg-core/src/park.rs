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
//! the blocking pool stays there, so an `open-at` the deadline stopped releases a FIFO's waiting
//! `open(2)` (`fifo::release_open`), and a FIFO's `read-via-stream` is a stream that waits on the
//! reactor rather than in the pool (`fifo::read_stream`).
//!
//! Shadowed (component, `@0.2.12`): `wasi:io/poll` `poll` and `pollable.block`; `wasi:io/streams`
//! `blocking-read`, `blocking-skip`, `blocking-write-and-flush`, `blocking-write-zeroes-and-flush`,
//! `blocking-flush`, `blocking-splice`; `wasi:filesystem/types` `open-at`, `read`, `write`, and
//! `read-via-stream` (for a FIFO only).
//! Core modules (`wasi_snapshot_preview1`): `poll_oneoff`, `fd_read`, `fd_pread`, `fd_write`,
//! `fd_pwrite`, `path_open`. The opens (`open-at`, `path_open`) also pass what they opened to
//! `open_guard`.

use std::future::Future;
use std::time::Instant;

use wasmtime::component::{Linker as ComponentLinker, Resource};
use wasmtime::{Caller, Extern, Linker, StoreContextMut, Trap};
use wasmtime_wasi::WasiView;
use wasmtime_wasi::filesystem::{Descriptor, WasiFilesystemView};
use wasmtime_wasi::p2::bindings::filesystem::types::HostDescriptor as AsyncDescriptor;
use wasmtime_wasi::p2::bindings::io::poll::{Host as AsyncPoll, HostPollable as AsyncPollable};
use wasmtime_wasi::p2::bindings::io::streams::{
    HostInputStream as AsyncInputStream, HostOutputStream as AsyncOutputStream,
};
use wasmtime_wasi::p2::bindings::sync::filesystem::types as fs;
use wasmtime_wasi::p2::bindings::sync::io::streams as st;
use wasmtime_wasi::p2::{DynInputStream, DynOutputStream, DynPollable, FsError, StreamError};

use crate::fifo;
use crate::open_guard;
use crate::store::StoreState;

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
                Ok(Descriptor::File(f)) if fifo::is_fifo(&*f.file) => fifo::read_stream(&*f.file),
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

/// Defines one preview1 function as wasmtime-wasi's own, run under the guest's deadline: the
/// body wiggle generates for the sync linker, with [`race`] in place of its `block_on`.
macro_rules! parked_p1 {
    ($linker:expr, $name:ident, $($arg:ident: $ty:ty),*) => {
        $linker.func_wrap(
            "wasi_snapshot_preview1",
            stringify!($name),
            |mut caller: Caller<'_, StoreState>, $($arg: $ty),*| -> wasmtime::Result<i32> {
                with_p1(&mut caller, |until, bytes, state| {
                    let mut guest = wiggle::GuestMemory::Unshared(bytes);
                    let done = race(
                        until,
                        wasmtime_wasi::p1::wasi_snapshot_preview1::$name(state.p1(), &mut guest, $($arg),*),
                    );
                    settled(state, done.map(|r| r.map_err(Into::into)))
                })
            },
        )?;
    };
}

/// Shadows the core-module linker's waiting preview1 functions with deadline-bounded ones.
pub(crate) fn shadow_p1(linker: &mut Linker<StoreState>) -> wasmtime::Result<()> {
    linker.allow_shadowing(true);
    parked_p1!(linker, poll_oneoff, a0: i32, a1: i32, a2: i32, a3: i32);
    parked_p1!(linker, fd_read, a0: i32, a1: i32, a2: i32, a3: i32);
    parked_p1!(linker, fd_pread, a0: i32, a1: i32, a2: i32, a3: i64, a4: i32);
    parked_p1!(linker, fd_write, a0: i32, a1: i32, a2: i32, a3: i32);
    parked_p1!(linker, fd_pwrite, a0: i32, a1: i32, a2: i32, a3: i64, a4: i32);
    // `path_open`, parked, and its result admitted by `open_guard` (a truncation applied after).
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
