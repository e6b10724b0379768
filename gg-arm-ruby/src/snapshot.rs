//! The initialised Ruby VM, kept once per machine: what `ruby-init` and the SDK prelude changed in
//! a fresh instance's memory, plus the host's handle tables, in this process and on disk under the
//! cache directory, keyed by everything the initialisation depended on.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use gg_core::program::store::GuestReach;
use sha2::{Digest, Sha256};

use crate::host::{JsValue, Slab};

/// What a restored instance is given instead of initialising again.
#[derive(Debug, PartialEq)]
pub(crate) struct Snapshot {
    /// The memory's size after initialisation.
    pub size: usize,
    /// The runs of bytes initialisation changed, by offset (pages it left as the module's data
    /// segments made them, most of the 70 MB, are not kept).
    pub runs: Vec<(usize, Vec<u8>)>,
    pub js: Slab<JsValue>,
    pub rb: Slab<i32>,
}

/// The granule memory is compared in.
const CHUNK: usize = 4096;
static ZEROS: [u8; CHUNK] = [0; CHUNK];

/// The file format's first bytes; a change of layout changes the version.
const MAGIC: &[u8] = b"gg-ruby-vm-snapshot 1\n";

impl Snapshot {
    /// The chunks of `now` that differ from `pristine` (a fresh instance's memory).
    pub fn diff(pristine: &[u8], now: &[u8], js: Slab<JsValue>, rb: Slab<i32>) -> Self {
        let mut runs: Vec<(usize, Vec<u8>)> = Vec::new();
        for (i, chunk) in now.chunks(CHUNK).enumerate() {
            let at = i * CHUNK;
            let before = pristine.get(at..(at + chunk.len()).min(pristine.len())).unwrap_or(&[]);
            let same = if before.len() == chunk.len() {
                before == chunk
            } else {
                chunk == &ZEROS[..chunk.len()]
            };
            if same {
                continue;
            }
            match runs.last_mut() {
                Some((start, bytes)) if *start + bytes.len() == at => bytes.extend_from_slice(chunk),
                _ => runs.push((at, chunk.to_vec())),
            }
        }
        Self {
            size: now.len(),
            runs,
            js,
            rb,
        }
    }

    pub(crate) fn encode(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        let total: usize = self.runs.iter().map(|(_, b)| b.len() + 16).sum();
        out.reserve(total + 1024);
        put_u64(&mut out, self.size as u64);
        put_u64(&mut out, self.runs.len() as u64);
        for (at, bytes) in &self.runs {
            put_u64(&mut out, *at as u64);
            put_u64(&mut out, bytes.len() as u64);
            out.extend_from_slice(bytes);
        }
        put_u64(&mut out, self.js.items.len() as u64);
        for item in &self.js.items {
            match item {
                None => out.push(0),
                Some(JsValue::Undefined) => out.push(1),
                Some(JsValue::Null) => out.push(2),
                Some(JsValue::Bool(b)) => out.push(3 + u8::from(*b)),
                Some(JsValue::Number(n)) => {
                    out.push(5);
                    out.extend_from_slice(&n.to_le_bytes());
                }
                Some(JsValue::Str(s)) => {
                    out.push(6);
                    put_u64(&mut out, s.len() as u64);
                    out.extend_from_slice(s.as_bytes());
                }
                Some(JsValue::Global) => out.push(7),
                Some(JsValue::Ruby(v)) => {
                    out.push(8);
                    out.extend_from_slice(&v.to_le_bytes());
                }
            }
        }
        put_list(&mut out, &self.js.free);
        put_u64(&mut out, self.rb.items.len() as u64);
        for item in &self.rb.items {
            match item {
                None => out.push(0),
                Some(v) => {
                    out.push(1);
                    out.extend_from_slice(&v.to_le_bytes());
                }
            }
        }
        put_list(&mut out, &self.rb.free);
        out
    }

    /// A file [`encode`](Self::encode) wrote; `None` for anything else (another version, a
    /// truncated or foreign file), which is then taken again and rewritten.
    fn decode(bytes: &[u8]) -> Option<Self> {
        let mut r = Reader(bytes.strip_prefix(MAGIC)?);
        let size = r.usize()?;
        let mut runs = Vec::new();
        for _ in 0..r.usize()? {
            let at = r.usize()?;
            let len = r.usize()?;
            if at.checked_add(len)? > size {
                return None;
            }
            runs.push((at, r.take(len)?.to_vec()));
        }
        let mut js = Slab::default();
        for _ in 0..r.usize()? {
            js.items.push(match r.take(1)?[0] {
                0 => None,
                1 => Some(JsValue::Undefined),
                2 => Some(JsValue::Null),
                3 => Some(JsValue::Bool(false)),
                4 => Some(JsValue::Bool(true)),
                5 => Some(JsValue::Number(f64::from_le_bytes(r.take(8)?.try_into().ok()?))),
                6 => {
                    let len = r.usize()?;
                    Some(JsValue::Str(String::from_utf8(r.take(len)?.to_vec()).ok()?))
                }
                7 => Some(JsValue::Global),
                8 => Some(JsValue::Ruby(u32::from_le_bytes(r.take(4)?.try_into().ok()?))),
                _ => return None,
            });
        }
        js.free = r.list()?;
        let mut rb = Slab::default();
        for _ in 0..r.usize()? {
            rb.items.push(match r.take(1)?[0] {
                0 => None,
                1 => Some(i32::from_le_bytes(r.take(4)?.try_into().ok()?)),
                _ => return None,
            });
        }
        rb.free = r.list()?;
        if !r.0.is_empty()
            || js.free.iter().any(|&i| i >= js.items.len())
            || rb.free.iter().any(|&i| i >= rb.items.len())
        {
            return None;
        }
        Some(Self { size, runs, js, rb })
    }
}

fn put_u64(out: &mut Vec<u8>, v: u64) {
    out.extend_from_slice(&v.to_le_bytes());
}

fn put_list(out: &mut Vec<u8>, list: &[usize]) {
    put_u64(out, list.len() as u64);
    for &i in list {
        put_u64(out, i as u64);
    }
}

struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        if n > self.0.len() {
            return None;
        }
        let (head, rest) = self.0.split_at(n);
        self.0 = rest;
        Some(head)
    }
    fn usize(&mut self) -> Option<usize> {
        usize::try_from(u64::from_le_bytes(self.take(8)?.try_into().ok()?)).ok()
    }
    fn list(&mut self) -> Option<Vec<usize>> {
        let n = self.usize()?;
        if n > self.0.len() / 8 {
            return None;
        }
        (0..n).map(|_| self.usize()).collect()
    }
}

/// What a VM initialised under `reach` depends on besides the module and the prelude: wasi-libc
/// and wasi-vfs number and name the preopened directories at initialisation, and `ruby-init` reads
/// `RUBYOPT`, `RUBYLIB` and the `RUBY_*` tuning variables. (The rest of the environment, the
/// deadline included, is read again by every run.)
pub(crate) fn reach_key(reach: &GuestReach) -> String {
    let mut key = String::new();
    let ruby_vars: Vec<(String, String)> = match reach {
        GuestReach::Full { .. } => {
            key.push_str("full\n");
            std::env::vars().filter(|(k, _)| k.starts_with("RUBY")).collect()
        }
        GuestReach::Confined { root, env, tmp } => {
            key.push_str(&format!("confined {}\n", root.display()));
            if let Some(tmp) = tmp {
                key.push_str(&format!("tmp {}\n", tmp.display()));
            }
            env.iter()
                .filter(|k| k.starts_with("RUBY"))
                .filter_map(|k| std::env::var(k).ok().map(|v| (k.clone(), v)))
                .collect()
        }
    };
    let mut ruby_vars = ruby_vars;
    ruby_vars.sort();
    for (k, v) in ruby_vars {
        key.push_str(&format!("{k}={v}\n"));
    }
    key
}

/// The process's snapshots, by reach key, each with an id unique in the process.
static SNAPSHOTS: Mutex<BTreeMap<String, (u64, Arc<Snapshot>)>> = Mutex::new(BTreeMap::new());
static NEXT_ID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
/// Reaches a process keeps snapshots for (one, in the CLI) before starting over.
const MAX_SNAPSHOTS: usize = 8;

/// The cache directory the last preparation named (`PrepareCx::cache_dir`), where snapshots are
/// kept between processes; none until a program was prepared.
static CACHE_DIR: Mutex<Option<PathBuf>> = Mutex::new(None);

pub(crate) fn set_cache_dir(dir: &Path) {
    let mut slot = CACHE_DIR.lock().unwrap_or_else(|e| e.into_inner());
    if slot.as_deref() != Some(dir) {
        *slot = Some(dir.to_owned());
    }
}

/// The file the snapshot for `reach_key` lives in: keyed by the module (its digest), the prelude,
/// the initialisation's arguments and the reach.
fn path_for(reach_key: &str) -> Option<PathBuf> {
    let dir = CACHE_DIR.lock().unwrap_or_else(|e| e.into_inner()).clone()?;
    let mut h = Sha256::new();
    for part in [
        crate::MODULE_SHA256,
        crate::host::PRELUDE,
        &crate::host::INIT_ARGS.join("\0"),
        reach_key,
    ] {
        h.update((part.len() as u64).to_le_bytes());
        h.update(part.as_bytes());
    }
    let key: String = h.finalize().iter().take(20).map(|b| format!("{b:02x}")).collect();
    Some(dir.join("ruby-vm").join(format!("{key}.snapshot")))
}

/// The snapshot for `reach_key` with its id in this process: this process's, else the one on
/// disk (then kept in the process).
pub(crate) fn find(reach_key: &str) -> Option<(u64, Arc<Snapshot>)> {
    if let Some(s) = SNAPSHOTS.lock().unwrap_or_else(|e| e.into_inner()).get(reach_key) {
        return Some(s.clone());
    }
    let path = path_for(reach_key)?;
    let bytes = std::fs::read(&path).ok()?;
    let snapshot = Arc::new(Snapshot::decode(&bytes)?);
    // Marked used, so `prune` removes the snapshots no process reads (a throwaway workspace's)
    // before one every process reads: a snapshot taken again is a new baked guest to build.
    if let Ok(file) = std::fs::File::options().append(true).open(&path) {
        let _ = file.set_modified(std::time::SystemTime::now());
    }
    // The same snapshot read again (after `keep` started over) keeps the id it was baked under,
    // so its baked guest is not built again.
    let id = crate::bake::id_of(&snapshot);
    Some((keep(reach_key, snapshot.clone(), id), snapshot))
}

/// Keeps a snapshot just taken, in the process and on disk (a disk that cannot be written costs
/// the next process the initialisation, nothing else).
pub(crate) fn store(reach_key: &str, snapshot: Snapshot) {
    let snapshot = Arc::new(snapshot);
    keep(reach_key, snapshot.clone(), None);
    if let Some(path) = path_for(reach_key)
        && write_atomically(&path, &snapshot.encode()).is_ok()
    {
        prune(path.parent().expect("a snapshot path has a directory"));
    }
}

/// Snapshots kept on disk (2.3 MB each: one per reach, so one per confined workspace) before the
/// least recently used (written or read by a process) are removed; never one this process holds.
const MAX_ON_DISK: usize = 16;

fn prune(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let held: Vec<String> = SNAPSHOTS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .keys()
        .cloned()
        .collect();
    let held: Vec<PathBuf> = held.iter().filter_map(|k| path_for(k)).collect();
    let mut files: Vec<(std::time::SystemTime, PathBuf)> = entries
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "snapshot"))
        .filter(|e| !held.contains(&e.path()))
        .filter_map(|e| Some((e.metadata().ok()?.modified().ok()?, e.path())))
        .collect();
    if files.len() <= MAX_ON_DISK {
        return;
    }
    files.sort();
    for (_, path) in &files[..files.len() - MAX_ON_DISK] {
        let _ = std::fs::remove_file(path);
    }
}

fn keep(reach_key: &str, snapshot: Arc<Snapshot>, id: Option<u64>) -> u64 {
    let id = id.unwrap_or_else(|| NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::SeqCst));
    let mut all = SNAPSHOTS.lock().unwrap_or_else(|e| e.into_inner());
    if all.len() >= MAX_SNAPSHOTS {
        all.clear();
    }
    all.insert(reach_key.to_owned(), (id, snapshot));
    id
}

fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path.parent().expect("a snapshot path has a directory");
    std::fs::create_dir_all(dir)?;
    static WRITES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = WRITES.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    let tmp = dir.join(format!(".{}.{n}.tmp", std::process::id()));
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_snapshot_reads_back_as_written_and_nothing_else_does() {
        let pristine = vec![0u8; 5 * CHUNK];
        let mut now = pristine.clone();
        now[10] = 1;
        now[CHUNK + 1] = 2;
        now.extend_from_slice(&[7u8; CHUNK]);
        let mut js = Slab::default();
        for v in [
            JsValue::Undefined,
            JsValue::Null,
            JsValue::Bool(true),
            JsValue::Number(1.5),
            JsValue::Str("é".into()),
            JsValue::Global,
            JsValue::Ruby(9),
        ] {
            js.insert(v);
        }
        js.remove(1);
        let mut rb = Slab::default();
        rb.insert(4);
        rb.insert(5);
        rb.remove(0);
        let s = Snapshot::diff(&pristine, &now, js, rb);
        assert_eq!(
            s.runs.len(),
            2,
            "the first two chunks are one run, the grown one another"
        );
        assert_eq!(s.runs[0].1.len(), 2 * CHUNK);
        let bytes = s.encode();
        assert_eq!(Snapshot::decode(&bytes).as_ref(), Some(&s));
        for cut in [0, MAGIC.len(), bytes.len() / 2, bytes.len() - 1] {
            assert_eq!(Snapshot::decode(&bytes[..cut]), None, "cut at {cut}");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert_eq!(Snapshot::decode(&longer), None);
    }

    #[test]
    fn the_key_names_the_reach() {
        let confined = GuestReach::Confined {
            root: "/w".into(),
            env: vec!["PATH".into()],
            tmp: None,
        };
        assert!(reach_key(&GuestReach::default()).starts_with("full\n"));
        assert_eq!(reach_key(&confined), "confined /w\n");
    }
}
