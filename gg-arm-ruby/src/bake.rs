//! The Ruby guest with a VM snapshot baked in (wizer-style): ruby.wasm's sections unchanged but for
//! its memory's minimum, raised to the snapshot's size, and its data segments, replaced by the
//! snapshotted memory's contents, so an instance starts from the initialised VM through the
//! engine's copy-on-write memory image instead of having the snapshot copied in per program.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use gg_core::Specialisation;
use sha2::{Digest, Sha256};
use wasm_encoder::{ConstExpr, DataCountSection, DataSection, MemorySection, MemoryType, RawSection};
use wasmparser::{DataKind, Operator, Parser, Payload, TypeRef};

use crate::snapshot::Snapshot;

/// Changes whenever the baked module's layout does (part of the compile cache's key).
const VERSION: &str = "gg-ruby-bake 1";

/// Zero bytes a data segment runs through rather than starting another (a segment's header costs
/// a few bytes; the engine's image is dense either way).
const GAP: usize = 64;

const PAGE: usize = 65536;

/// How a baked module is made, for gg-core's specialised-module build.
pub(crate) struct Bake(pub Arc<Snapshot>);

impl Specialisation for Bake {
    fn digest(&self) -> String {
        let mut h = Sha256::new();
        for part in [VERSION.as_bytes(), crate::MODULE_SHA256.as_bytes(), &self.0.encode()] {
            h.update((part.len() as u64).to_le_bytes());
            h.update(part);
        }
        h.finalize().iter().map(|b| format!("{b:02x}")).collect()
    }

    fn bytes(&self) -> Result<Vec<u8>, String> {
        bake(crate::MODULE, &self.0)
    }
}

/// The snapshots handed out to be baked, by their process-wide id: a program on a baked module
/// takes the host's handle tables from the very snapshot its memory was baked from.
static BAKED: Mutex<BTreeMap<u64, Arc<Snapshot>>> = Mutex::new(BTreeMap::new());

pub(crate) fn remember(id: u64, snapshot: &Arc<Snapshot>) {
    BAKED
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .entry(id)
        .or_insert_with(|| snapshot.clone());
}

/// The id a snapshot equal to `snapshot` was handed out to be baked under, if one was.
pub(crate) fn id_of(snapshot: &Snapshot) -> Option<u64> {
    let baked = BAKED.lock().unwrap_or_else(|e| e.into_inner());
    baked.iter().find(|(_, s)| ***s == *snapshot).map(|(id, _)| *id)
}

pub(crate) fn baked(id: u64) -> Option<Arc<Snapshot>> {
    BAKED.lock().unwrap_or_else(|e| e.into_inner()).get(&id).cloned()
}

/// `module` with `snapshot` baked in. Refused (an error naming why) for a module this cannot be
/// done to exactly: an imported, shared, 64-bit or second memory, a start function (it would run
/// again over the initialised VM), a passive segment with bytes in it, or an active one at a
/// computed offset. ruby.wasm has 7,866 empty passive segments, then 10,000 active ones.
pub(crate) fn bake(module: &[u8], snapshot: &Snapshot) -> Result<Vec<u8>, String> {
    let bad = |e: wasmparser::BinaryReaderError| format!("reading the Ruby guest: {e}");
    let mut memory: Option<wasmparser::MemoryType> = None;
    let mut segments: Vec<(usize, &[u8])> = Vec::new();
    // Per original segment, in order: whether it is passive (and empty).
    let mut passive: Vec<bool> = Vec::new();
    let mut data_count: Option<u32> = None;
    for payload in Parser::new(0).parse_all(module) {
        match payload.map_err(bad)? {
            Payload::ImportSection(s) => {
                for import in s.into_imports() {
                    if matches!(import.map_err(bad)?.ty, TypeRef::Memory(_)) {
                        return Err("the Ruby guest imports its memory".into());
                    }
                }
            }
            Payload::MemorySection(s) => {
                for m in s {
                    if memory.replace(m.map_err(bad)?).is_some() {
                        return Err("the Ruby guest has more than one memory".into());
                    }
                }
            }
            Payload::StartSection { .. } => return Err("the Ruby guest has a start function".into()),
            Payload::DataCountSection { count, .. } => data_count = Some(count),
            Payload::DataSection(s) => {
                for d in s {
                    let d = d.map_err(bad)?;
                    let offset_expr = match d.kind {
                        DataKind::Passive if d.data.is_empty() => {
                            passive.push(true);
                            continue;
                        }
                        DataKind::Active {
                            memory_index: 0,
                            offset_expr,
                        } => offset_expr,
                        _ => return Err("the Ruby guest has a passive data segment with bytes in it".into()),
                    };
                    passive.push(false);
                    let mut ops = offset_expr.get_operators_reader();
                    let at = match (ops.read().map_err(bad)?, ops.read().map_err(bad)?) {
                        (Operator::I32Const { value }, Operator::End) => value as u32 as usize,
                        _ => return Err("a data segment of the Ruby guest has a computed offset".into()),
                    };
                    segments.push((at, d.data));
                }
            }
            _ => {}
        }
    }
    let memory = memory.ok_or("the Ruby guest has no memory")?;
    if memory.shared || memory.memory64 || memory.page_size_log2.is_some() {
        return Err("the Ruby guest's memory is shared, 64-bit or of custom pages".into());
    }
    let pages = snapshot.size.div_ceil(PAGE) as u64;
    if pages < memory.initial || memory.maximum.is_some_and(|max| pages > max) {
        return Err(format!(
            "the snapshot's {} pages do not fit the guest's memory ({}..{:?})",
            pages, memory.initial, memory.maximum
        ));
    }

    // The memory as the snapshot left it: the module's segments, then the runs it changed.
    let mut image = vec![0u8; pages as usize * PAGE];
    for (at, bytes) in &segments {
        image
            .get_mut(*at..*at + bytes.len())
            .ok_or("a data segment of the Ruby guest lies outside its memory")?
            .copy_from_slice(bytes);
    }
    for (at, bytes) in &snapshot.runs {
        image[*at..*at + bytes.len()].copy_from_slice(bytes);
    }
    // Code may name segments by index (`memory.init`, `data.drop`: a module with a data count
    // section). Each empty passive one stays at its index; every other index holds an active
    // segment (dropped once instantiated, so empty to those instructions) as before: one of the
    // image's runs, or an empty one where the runs are fewer.
    if data_count.is_none() && passive.iter().any(|&p| p) {
        return Err("the Ruby guest has passive segments but no data count".into());
    }
    let mut runs = non_zero_runs(&image).into_iter();
    let mut data = DataSection::new();
    let mut count = 0u32;
    for &p in &passive {
        if p {
            data.passive([]);
        } else if let Some((start, end)) = runs.next() {
            data.active(
                0,
                &ConstExpr::i32_const(start as i32),
                image[start..end].iter().copied(),
            );
        } else {
            data.active(0, &ConstExpr::i32_const(0), []);
        }
        count += 1;
    }
    for (start, end) in runs {
        data.active(
            0,
            &ConstExpr::i32_const(start as i32),
            image[start..end].iter().copied(),
        );
        count += 1;
    }

    let mut out = wasm_encoder::Module::new();
    for payload in Parser::new(0).parse_all(module) {
        let payload = payload.map_err(bad)?;
        match &payload {
            Payload::MemorySection(_) => {
                let mut s = MemorySection::new();
                s.memory(MemoryType {
                    minimum: pages,
                    maximum: memory.maximum,
                    memory64: false,
                    shared: false,
                    page_size_log2: None,
                });
                out.section(&s);
            }
            Payload::DataCountSection { .. } => {
                out.section(&DataCountSection { count });
            }
            Payload::DataSection(_) => {
                out.section(&data);
            }
            other => {
                if let Some((id, range)) = other.as_section() {
                    out.section(&RawSection {
                        id,
                        data: &module[range.start as usize..range.end as usize],
                    });
                }
            }
        }
    }
    Ok(out.finish())
}

/// The `[start, end)` ranges of `image` holding its non-zero bytes, joined across gaps of zeros
/// shorter than [`GAP`].
fn non_zero_runs(image: &[u8]) -> Vec<(usize, usize)> {
    let mut runs: Vec<(usize, usize)> = Vec::new();
    let mut i = 0;
    while let Some(off) = image[i..].iter().position(|&b| b != 0) {
        let start = i + off;
        let end = image[start..]
            .iter()
            .position(|&b| b == 0)
            .map_or(image.len(), |n| start + n);
        match runs.last_mut() {
            Some(last) if start - last.1 < GAP => last.1 = end,
            _ => runs.push((start, end)),
        }
        i = end;
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::host::Slab;

    #[test]
    fn runs_skip_long_gaps_only() {
        let mut image = vec![0u8; 1000];
        image[10] = 1;
        image[20] = 2;
        image[500..503].copy_from_slice(&[3, 0, 4]);
        image[999] = 5;
        assert_eq!(non_zero_runs(&image), vec![(10, 21), (500, 503), (999, 1000)]);
        assert!(non_zero_runs(&[0; 100]).is_empty());
    }

    /// The baked module validates, keeps every section but the three it rewrites, and its memory
    /// starts as the snapshot's: the module's segments with the snapshot's runs over them.
    #[test]
    fn the_baked_guest_starts_as_the_snapshot() {
        let size = 40 << 20;
        let runs = vec![(4096usize, vec![7u8; 4096]), (size - 4096, vec![9u8; 4096])];
        let snapshot = Snapshot {
            size,
            runs,
            js: Slab::default(),
            rb: Slab::default(),
        };
        let baked = bake(crate::MODULE, &snapshot).expect("ruby.wasm bakes");
        let features = wasmparser::WasmFeatures::default();
        wasmparser::Validator::new_with_features(features)
            .validate_all(&baked)
            .expect("the baked module validates");
        let sections = |m: &[u8]| -> Vec<u8> {
            Parser::new(0)
                .parse_all(m)
                .filter_map(|p| p.ok()?.as_section().map(|(id, _)| id))
                .collect()
        };
        assert_eq!(sections(&baked), sections(crate::MODULE));
        let mut memory = vec![0u8; size];
        for payload in Parser::new(0).parse_all(&baked) {
            match payload.unwrap() {
                Payload::MemorySection(s) => {
                    assert_eq!(s.into_iter().next().unwrap().unwrap().initial, (size / PAGE) as u64)
                }
                Payload::DataSection(s) => {
                    for d in s {
                        let d = d.unwrap();
                        let DataKind::Active { offset_expr, .. } = d.kind else {
                            assert!(d.data.is_empty(), "a passive segment is empty");
                            continue;
                        };
                        let Operator::I32Const { value } = offset_expr.get_operators_reader().read().unwrap() else {
                            panic!("offset")
                        };
                        let at = value as usize;
                        memory[at..at + d.data.len()].copy_from_slice(d.data);
                    }
                }
                _ => {}
            }
        }
        assert_eq!(&memory[4096..8192], &[7u8; 4096][..]);
        assert_eq!(&memory[size - 4096..], &[9u8; 4096][..]);
        // Outside the runs, the module's own segments: the original module's data, unchanged.
        let mut original = vec![0u8; size];
        for payload in Parser::new(0).parse_all(crate::MODULE) {
            if let Payload::DataSection(s) = payload.unwrap() {
                for d in s {
                    let d = d.unwrap();
                    let DataKind::Active { offset_expr, .. } = d.kind else {
                        continue;
                    };
                    let Operator::I32Const { value } = offset_expr.get_operators_reader().read().unwrap() else {
                        panic!("offset")
                    };
                    let at = value as usize;
                    original[at..at + d.data.len()].copy_from_slice(d.data);
                }
            }
        }
        original[4096..8192].fill(7);
        original[size - 4096..].fill(9);
        assert!(
            memory == original,
            "the baked memory is the module's with the runs over it"
        );
    }
}
