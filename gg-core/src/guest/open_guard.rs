//! What an open on a program's behalf may not reach, whatever the reach: a process's memory
//! through procfs, any procfs file for writing, and a compile-cache entry for writing.
//!
//! Under the spec's full reach the filesystem is preopened at `/`, and `/proc/self` is gg itself:
//! a program that opened `/proc/self/mem` for writing could overwrite gg's code (a crash, or
//! another session's data read back from gg's memory under `gg serve`). A cache entry is mapped
//! into gg as machine code, so no program may hold it writable either (see `cache_entry`).
//!
//! The check is made on what was opened, never on the path a program wrote (a symlink, a
//! directory descriptor or a hard link reaches the same file by another name): the descriptor's
//! filesystem (`fstatfs`), its name in procfs, and gg's digest attribute on the inode. A
//! truncating open is made without truncating and truncated after the check, so a refused open
//! changes nothing.

use std::os::fd::{AsFd, AsRawFd};

use wasmtime::component::{Resource, ResourceTable};
use wasmtime_wasi::WasiView;
use wasmtime_wasi::filesystem::{Descriptor, File, OpenMode};
use wasmtime_wasi::p1::WasiP1Ctx;
use wasmtime_wasi::p2::bindings::sync::filesystem::types as fs;

/// procfs's filesystem magic (`PROC_SUPER_MAGIC`, linux/magic.h).
const PROC_SUPER_MAGIC: i64 = 0x9fa0;

/// Why an open was refused; the program sees `access` (EACCES) either way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// A process's memory (`/proc/<pid>/mem`, `/proc/<pid>/task/<tid>/mem`), in any mode.
    ProcessMemory,
    /// A procfs file opened for writing.
    ProcfsWrite,
    /// A compile-cache entry opened for writing.
    CacheEntry,
}

/// The refusal, if any, of an opened `file` held `writable` on a program's behalf.
pub fn refusal(file: impl AsFd, writable: bool) -> Option<Refused> {
    let fd = file.as_fd();
    let on_procfs = rustix::fs::fstatfs(fd).is_ok_and(|s| s.f_type as i64 == PROC_SUPER_MAGIC);
    if on_procfs {
        if writable {
            return Some(Refused::ProcfsWrite);
        }
        // The name procfs gives what was opened; a process's `mem` is refused even to read.
        let named = std::fs::read_link(format!("/proc/self/fd/{}", fd.as_raw_fd()));
        return match named {
            Ok(p) if p.file_name().is_some_and(|n| n == "mem") => Some(Refused::ProcessMemory),
            Ok(_) => None,
            // Unnamed: refuse rather than guess.
            Err(_) => Some(Refused::ProcessMemory),
        };
    }
    if writable && crate::engine::cache_entry::is_entry(fd) {
        return Some(Refused::CacheEntry);
    }
    None
}

/// How many opens this process refused (for tests).
static REFUSALS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// [`refusal`], counted.
pub(crate) fn refusal_counted(file: impl AsFd, writable: bool) -> Option<Refused> {
    let r = refusal(file, writable);
    if r.is_some() {
        REFUSALS.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    }
    r
}

/// How many opens on a program's behalf this process refused.
pub fn refusal_count() -> usize {
    REFUSALS.load(std::sync::atomic::Ordering::SeqCst)
}

/// A component's `open-at` arguments with `truncate` taken out (and the write it implies asked
/// for instead, the open mode wasmtime-wasi gives a truncating open), and whether it was asked.
pub(crate) fn p2_untruncated(
    oflags: fs::OpenFlags,
    flags: fs::DescriptorFlags,
) -> (fs::OpenFlags, fs::DescriptorFlags, bool) {
    if !oflags.contains(fs::OpenFlags::TRUNCATE) {
        return (oflags, flags, false);
    }
    let mut flags = flags;
    if !flags.contains(fs::DescriptorFlags::WRITE) {
        flags |= fs::DescriptorFlags::READ;
    }
    (
        oflags & !fs::OpenFlags::TRUNCATE,
        flags | fs::DescriptorFlags::WRITE,
        true,
    )
}

/// Admits the descriptor a component's `open-at` made, or closes it and answers `access`; then
/// applies the truncation [`p2_untruncated`] took out.
pub(crate) fn p2_admit(
    table: &mut ResourceTable,
    opened: Resource<fs::Descriptor>,
    truncate: bool,
) -> wasmtime::Result<Result<Resource<fs::Descriptor>, fs::ErrorCode>> {
    let verdict = match table.get(&opened)? {
        Descriptor::File(f) => admit(f, f.open_mode.contains(OpenMode::WRITE), truncate),
        Descriptor::Dir(_) => Ok(()),
    };
    match verdict {
        Ok(()) => Ok(Ok(opened)),
        Err(code) => {
            table.delete(opened)?;
            Ok(Err(code))
        }
    }
}

/// The check on an opened file held `writable`, and the truncation asked for once it passed.
fn admit(f: &File, writable: bool, truncate: bool) -> Result<(), fs::ErrorCode> {
    if refusal_counted(&*f.file, writable).is_some() {
        return Err(fs::ErrorCode::Access);
    }
    // As open(2)'s O_TRUNC: a regular file is truncated, anything else (a FIFO, a device) is not.
    if truncate && f.file.metadata().map_err(|_| fs::ErrorCode::Io)?.is_file() {
        f.file.set_len(0).map_err(|_| fs::ErrorCode::Io)?;
    }
    Ok(())
}

/// preview1's `path_open` flags: `oflags::creat`, `oflags::trunc` and the rights `fd_read`,
/// `fd_write`.
const P1_CREAT: i32 = 1;
const P1_TRUNC: i32 = 1 << 3;
const P1_RIGHT_READ: i64 = 1 << 1;
const P1_RIGHT_WRITE: i64 = 1 << 6;
/// preview1's errno values gg answers with.
const P1_ACCES: i32 = 2;
const P1_IO: i32 = 29;

/// What preview1's `path_open` asks for: [`p2_untruncated`] of its `oflags` and base rights.
pub(crate) struct P1Open {
    pub oflags: i32,
    pub rights: i64,
    /// The open holds the file writable (wasmtime-wasi opens for writing to create, too).
    pub writable: bool,
    pub truncate: bool,
}

pub(crate) fn p1_untruncated(oflags: i32, rights: i64) -> P1Open {
    let writable = rights & P1_RIGHT_WRITE != 0 || oflags & (P1_CREAT | P1_TRUNC) != 0;
    if oflags & P1_TRUNC == 0 {
        return P1Open {
            oflags,
            rights,
            writable,
            truncate: false,
        };
    }
    let read = if rights & P1_RIGHT_WRITE == 0 { P1_RIGHT_READ } else { 0 };
    P1Open {
        oflags: oflags & !P1_TRUNC,
        rights: rights | P1_RIGHT_WRITE | read,
        writable,
        truncate: true,
    }
}

/// Admits the preview1 descriptor `fd` a `path_open` just made, or closes it and answers
/// `acces`; then applies the truncation taken out. Returns the errno to give the program (0 when
/// admitted). preview1 keeps its descriptor table private, so the file is found among the
/// component-model descriptors it sits on by the inode number preview1 reports
/// ([`crate::guest::fifo::preview1_inode`]). Should that hash ever
/// change, no descriptor is found and every preview1 open is refused, never admitted unchecked.
pub(crate) fn p1_admit(ctx: &mut WasiP1Ctx, fd: i32, open: &P1Open) -> wasmtime::Result<i32> {
    use wasmtime_wasi::p1::wasi_snapshot_preview1 as p1;
    // `fd_filestat_get` writes a 64-byte filestat: ino at 8, filetype at 16.
    let mut scratch = [0u64; 8];
    // SAFETY: the u64 array's bytes, borrowed for the call only.
    let bytes = unsafe { std::slice::from_raw_parts_mut(scratch.as_mut_ptr().cast::<u8>(), 64) };
    let errno = wasmtime_wasi::runtime::in_tokio(p1::fd_filestat_get(
        ctx,
        &mut wiggle::GuestMemory::Unshared(bytes),
        fd,
        0,
    ))?;
    if errno != 0 {
        return Ok(errno);
    }
    let (ino, filetype) = (scratch[1], scratch[2] as u8);
    const DIRECTORY: u8 = 3;
    if filetype == DIRECTORY {
        return Ok(0);
    }
    let table = WasiView::ctx(ctx).table;
    // The same file may be open more than once: a writable open is checked (and truncated)
    // through a writable descriptor of it; the refusal depends on the file, not the descriptor.
    let found = table
        .iter_mut()
        .find_map(|(_, entry)| match entry.downcast_ref::<Descriptor>() {
            Some(Descriptor::File(f))
                if (!open.writable || f.open_mode.contains(OpenMode::WRITE))
                    && crate::guest::fifo::preview1_inode(&*f.file) == Some(ino) =>
            {
                Some(admit(f, open.writable, open.truncate))
            }
            _ => None,
        });
    let errno = match found {
        Some(Ok(())) => return Ok(0),
        Some(Err(fs::ErrorCode::Access)) | None => P1_ACCES,
        Some(Err(_)) => P1_IO,
    };
    let mut none: [u8; 0] = [];
    wasmtime_wasi::runtime::in_tokio(p1::fd_close(ctx, &mut wiggle::GuestMemory::Unshared(&mut none), fd))?;
    Ok(errno)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn process_memory_is_refused_in_any_mode_and_procfs_for_writing() {
        let mem = std::fs::File::open("/proc/self/mem").unwrap();
        assert_eq!(refusal(&mem, false), Some(Refused::ProcessMemory));
        let status = std::fs::File::open("/proc/self/status").unwrap();
        assert_eq!(refusal(&status, false), None);
        assert_eq!(refusal(&status, true), Some(Refused::ProcfsWrite));
    }

    #[test]
    fn an_ordinary_file_is_refused_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x");
        std::fs::write(&path, b"x").unwrap();
        let f = std::fs::OpenOptions::new().read(true).write(true).open(&path).unwrap();
        assert_eq!(refusal(&f, true), None);
        assert_eq!(refusal(&f, false), None);
    }
}
