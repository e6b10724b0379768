//! A compile-cache entry read for deserialisation: verified against the digest gg set on it, and
//! handed to wasmtime, which maps the entry itself.
//!
//! Under the spec's full reach a guest can reach any file gg can, the cache included, and an
//! entry is deserialised into gg as machine code. What keeps it gg's:
//! - WASI has no call that sets an extended attribute, so the digest gg sets on an entry
//!   (`user.gg.cwasm-sha256`, over the file's name and bytes) is gg's word;
//! - no open on a program's behalf gets an entry writable (`open_guard`: the WASI open shadows
//!   and the file tools refuse a writable open of a file carrying that attribute), and gg writes
//!   an entry through an unnamed `O_TMPFILE` that carries it before it has a name, so once an
//!   entry exists no descriptor can change its bytes under a mapping;
//! - nobody without privilege sets a file's ctime: any write moves it to the current time.
//!
//! The first load hashes the entry; if it matches and the entry's ctime is more than [`SETTLED`]
//! old, gg writes a stamp beside the entry (`NAME.stamp`, its attribute naming the entry, its
//! inode, size, ctime and digest). A later load whose entry still has that inode, size and ctime
//! skips the hash. Then wasmtime maps the very inode that was checked (`/proc/self/fd/N`).

use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, SystemTime};

use rustix::fs::{OFlags, XattrFlags};
use sha2::{Digest, Sha256};

/// The extended attribute holding an entry's digest.
const DIGEST_XATTR: &str = "user.gg.cwasm-sha256";
/// The extended attribute on an entry's stamp file.
const STAMP_XATTR: &str = "user.gg.cwasm-stamp";
/// How old an entry's ctime must be before a stamp vouches for it: well past one tick of the
/// kernel's coarse clock, so a write in the same tick as the last one cannot go unseen.
const SETTLED: Duration = Duration::from_secs(2);

/// How many entries a verified read found tampered with (or unverifiable) and ignored.
static REFUSALS: AtomicUsize = AtomicUsize::new(0);
/// How many loads a stamp let skip the hash.
static STAMPED: AtomicUsize = AtomicUsize::new(0);

pub(crate) fn refusal_count() -> usize {
    REFUSALS.load(Ordering::SeqCst)
}

pub(crate) fn stamped_count() -> usize {
    STAMPED.load(Ordering::SeqCst)
}

/// The digest an entry is verified against: its file name (so one entry renamed or linked over
/// another does not pass) and its bytes.
fn entry_digest(path: &Path, bytes: &[u8]) -> [u8; 32] {
    let name = path.file_name().map(|n| n.as_encoded_bytes()).unwrap_or_default();
    let mut d = Sha256::new();
    d.update(b"gg compile cache\0");
    d.update(name);
    d.update(b"\0");
    d.update(bytes);
    d.finalize().into()
}

/// Sets the digest attribute on an entry being written.
fn set_digest(file: &File, final_path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let digest = entry_digest(final_path, bytes);
    rustix::fs::fsetxattr(file, DIGEST_XATTR, &digest, XattrFlags::empty())?;
    Ok(())
}

/// Writes `bytes` as the entry at `path`: into an unnamed `O_TMPFILE` that gets its digest before
/// it gets a name (`tmp`, then renamed into place), so no one can have opened it writable. Where
/// the filesystem has no `O_TMPFILE`, `tmp` is created and marked first (a placeholder digest, so
/// `open_guard` refuses a writable open from then on). Where it keeps no extended attributes the
/// entry is not written: it could not be verified, so the next process compiles again.
pub(crate) fn write_entry(path: &Path, tmp: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    use std::os::fd::AsRawFd;
    let dir = path.parent().expect("a cache path has a directory");
    let _ = std::fs::remove_file(tmp);
    let unnamed = rustix::fs::openat(
        rustix::fs::CWD,
        dir,
        OFlags::TMPFILE | OFlags::WRONLY | OFlags::CLOEXEC,
        rustix::fs::Mode::from_raw_mode(0o644),
    );
    let written = match unnamed {
        Ok(fd) => {
            let mut file = File::from(fd);
            file.write_all(bytes)?;
            set_digest(&file, path, bytes)?;
            let named = format!("/proc/self/fd/{}", file.as_raw_fd());
            rustix::fs::linkat(
                rustix::fs::CWD,
                named.as_str(),
                rustix::fs::CWD,
                tmp,
                rustix::fs::AtFlags::SYMLINK_FOLLOW,
            )?;
            std::fs::rename(tmp, path)
        }
        Err(_) => (|| {
            let mut file = std::fs::OpenOptions::new().write(true).create_new(true).open(tmp)?;
            rustix::fs::fsetxattr(&file, DIGEST_XATTR, &[0u8; 32], XattrFlags::empty())?;
            file.write_all(bytes)?;
            set_digest(&file, path, bytes)?;
            std::fs::rename(tmp, path)
        })(),
    };
    written.inspect_err(|_| {
        let _ = std::fs::remove_file(tmp);
    })
}

/// A verified entry, open, reachable by path while this lives.
pub(crate) struct VerifiedEntry {
    file: File,
}

impl VerifiedEntry {
    /// A path wasmtime can open to map the inode that was checked.
    pub(crate) fn path(&self) -> PathBuf {
        use std::os::fd::AsRawFd;
        PathBuf::from(format!("/proc/self/fd/{}", self.file.as_raw_fd()))
    }
}

/// True when `file` carries gg's digest attribute: a cache entry, or one being written.
pub(crate) fn is_entry(file: impl std::os::fd::AsFd) -> bool {
    let mut probe = [0u8; 32];
    match rustix::fs::fgetxattr(file, DIGEST_XATTR, &mut probe[..]) {
        Ok(_) => true,
        Err(rustix::io::Errno::RANGE) => true,
        // ENODATA: no such attribute; anything else (no xattr support) cannot carry one either.
        Err(_) => false,
    }
}

/// What identifies an entry's inode and its last change.
#[derive(PartialEq, Eq)]
struct Identity {
    dev: u64,
    ino: u64,
    size: u64,
    ctime: (i64, i64),
}

fn identity(file: &File) -> Option<Identity> {
    let st = rustix::fs::fstat(file).ok()?;
    if rustix::fs::FileType::from_raw_mode(st.st_mode) != rustix::fs::FileType::RegularFile {
        return None;
    }
    Some(Identity {
        dev: st.st_dev,
        ino: st.st_ino,
        size: st.st_size as u64,
        ctime: (st.st_ctime, st.st_ctime_nsec as i64),
    })
}

/// The stamp's attribute value for `entry` (its name) as `id`, with `digest`.
fn stamp_value(entry: &Path, id: &Identity, digest: &[u8; 32]) -> Vec<u8> {
    let mut v = Vec::with_capacity(80);
    for n in [id.dev, id.ino, id.size, id.ctime.0 as u64, id.ctime.1 as u64] {
        v.extend_from_slice(&n.to_le_bytes());
    }
    v.extend_from_slice(digest);
    v.extend_from_slice(entry.file_name().map(|n| n.as_encoded_bytes()).unwrap_or_default());
    v
}

fn stamp_path(entry: &Path) -> PathBuf {
    let mut name = entry.file_name().unwrap_or_default().to_owned();
    name.push(".stamp");
    entry.with_file_name(name)
}

fn read_stamp(entry: &Path) -> Option<Vec<u8>> {
    let file = open_nofollow(&stamp_path(entry)).ok()?;
    let mut buf = vec![0u8; 512];
    let n = rustix::fs::fgetxattr(&file, STAMP_XATTR, &mut buf[..]).ok()?;
    buf.truncate(n);
    Some(buf)
}

/// Writes the stamp under a temporary name with its attribute, then renames it into place; a
/// failure only costs the next load a hash.
fn write_stamp(entry: &Path, value: &[u8]) {
    let stamp = stamp_path(entry);
    let tmp = stamp.with_extension(format!("stamp.{}.tmp", std::process::id()));
    let written = (|| {
        let _ = std::fs::remove_file(&tmp);
        let file = std::fs::OpenOptions::new().write(true).create_new(true).open(&tmp)?;
        rustix::fs::fsetxattr(&file, STAMP_XATTR, value, XattrFlags::empty())?;
        std::fs::rename(&tmp, &stamp)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
}

/// Opens `path` to read, never following a symlink nor blocking on a FIFO.
fn open_nofollow(path: &Path) -> std::io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags((OFlags::NONBLOCK | OFlags::NOFOLLOW).bits() as i32)
        .open(path)
}

/// The entry at `path`, verified; `None` for a miss, a torn entry, or one that was tampered with
/// (counted).
pub(crate) fn read_verified(path: &Path) -> Option<VerifiedEntry> {
    let started = SystemTime::now();
    let refuse = || {
        REFUSALS.fetch_add(1, Ordering::SeqCst);
        None
    };
    let file = open_nofollow(path).ok()?;
    let Some(before) = identity(&file) else {
        return refuse();
    };
    let mut recorded = [0u8; 32];
    match rustix::fs::fgetxattr(&file, DIGEST_XATTR, &mut recorded[..]) {
        Ok(32) => {}
        _ => return refuse(),
    }

    let stamp = stamp_value(path, &before, &recorded);
    if read_stamp(path).is_some_and(|s| s == stamp) {
        STAMPED.fetch_add(1, Ordering::SeqCst);
        return Some(VerifiedEntry { file });
    }

    // No stamp vouches for it: hash it.
    let map = Mapped::of(&file, before.size as usize)?;
    let matches = entry_digest(path, map.bytes()) == recorded;
    drop(map);
    if !matches || identity(&file)? != before {
        return refuse();
    }
    let settled = SystemTime::UNIX_EPOCH
        + Duration::new(
            before.ctime.0.max(0) as u64,
            before.ctime.1.clamp(0, 999_999_999) as u32,
        );
    if started.duration_since(settled).is_ok_and(|age| age >= SETTLED) {
        write_stamp(path, &stamp);
    }
    Some(VerifiedEntry { file })
}

/// A read-only mapping of an entry, to hash it without a copy.
struct Mapped {
    ptr: *mut std::ffi::c_void,
    len: usize,
}

impl Mapped {
    fn of(file: &File, len: usize) -> Option<Self> {
        if len == 0 {
            return None;
        }
        // SAFETY: a fresh private read-only mapping, only read through `bytes` while it lives and
        // unmapped on drop. Only gg's own attribute-carrying entry is mapped, which no open on a
        // program's behalf holds writable (`open_guard`); a truncation by anyone else would fault.
        let ptr = unsafe {
            rustix::mm::mmap(
                std::ptr::null_mut(),
                len,
                rustix::mm::ProtFlags::READ,
                rustix::mm::MapFlags::PRIVATE,
                file,
                0,
            )
        }
        .ok()?;
        Some(Self { ptr, len })
    }

    fn bytes(&self) -> &[u8] {
        // SAFETY: `ptr` maps `len` readable bytes for as long as `self` lives (see `of`).
        unsafe { std::slice::from_raw_parts(self.ptr.cast(), self.len) }
    }
}

impl Drop for Mapped {
    fn drop(&mut self) {
        // SAFETY: the mapping `of` made, unmapped once.
        let _ = unsafe { rustix::mm::munmap(self.ptr, self.len) };
    }
}
