//! One exception tag for a program and its libraries. kotlinc's wasm-wasi modules compiled one
//! klib at a time (`-Xwasm-included-module-only`) each define their own tag for Kotlin's
//! exceptions, so an exception thrown in one module (the SDK's `gg.ApiError`, the standard
//! library's `NoSuchElementException`) would pass through another's `catch`. The standard
//! library's module exports its tag, and the SDK's and every program's module import it in place
//! of their own: a binary edit of two sections, which moves no index (a module's one tag stays
//! tag 0). A program's module also gets a memory WASI can read ([`share_memory`]).

/// The name the standard library's module exports its tag under.
pub const EXPORT: &str = "gg:exception-tag";

const IMPORT_SECTION: u8 = 2;
const EXPORT_SECTION: u8 = 7;
const TAG_SECTION: u8 = 13;
const TAG_KIND: u8 = 4;

/// A module's sections: (id, payload range).
fn sections(wasm: &[u8]) -> Result<Vec<(u8, std::ops::Range<usize>)>, String> {
    if wasm.len() < 8 || &wasm[..4] != b"\0asm" {
        return Err("not a wasm module".into());
    }
    let mut at = 8;
    let mut out = Vec::new();
    while at < wasm.len() {
        let id = wasm[at];
        let (size, next) = leb(wasm, at + 1)?;
        let end = next
            .checked_add(size as usize)
            .filter(|&e| e <= wasm.len())
            .ok_or("a section runs past the end")?;
        out.push((id, next..end));
        at = end;
    }
    Ok(out)
}

fn leb(b: &[u8], mut at: usize) -> Result<(u32, usize), String> {
    let (mut value, mut shift) = (0u64, 0);
    loop {
        let byte = *b.get(at).ok_or("a number runs past the end")?;
        at += 1;
        value |= u64::from(byte & 0x7f) << shift;
        if byte < 0x80 {
            return u32::try_from(value)
                .map(|v| (v, at))
                .map_err(|_| "a number is too large".into());
        }
        shift += 7;
        if shift > 35 {
            return Err("a number is too long".into());
        }
    }
}

fn put_leb(out: &mut Vec<u8>, mut v: u32) {
    loop {
        let byte = (v & 0x7f) as u8;
        v >>= 7;
        if v == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

fn put_name(out: &mut Vec<u8>, name: &str) {
    put_leb(out, name.len() as u32);
    out.extend_from_slice(name.as_bytes());
}

/// `wasm` with each edited section's payload replaced, or dropped when it is `None`; a section
/// the module lacks is added where its id orders.
fn rebuild(wasm: &[u8], edits: &[(u8, Option<Vec<u8>>)]) -> Result<Vec<u8>, String> {
    let secs = sections(wasm)?;
    let mut out = wasm[..8].to_vec();
    let mut pending: Vec<&(u8, Option<Vec<u8>>)> = edits
        .iter()
        .filter(|(id, _)| !secs.iter().any(|(s, _)| s == id))
        .collect();
    pending.sort_by_key(|(id, _)| order(*id));
    let emit = |out: &mut Vec<u8>, id: u8, payload: &[u8]| {
        out.push(id);
        put_leb(out, payload.len() as u32);
        out.extend_from_slice(payload);
    };
    for (id, range) in &secs {
        // Custom sections (id 0) may sit anywhere.
        if *id != 0 {
            pending.retain(|(new, payload)| {
                if order(*new) < order(*id) {
                    if let Some(p) = payload {
                        emit(&mut out, *new, p);
                    }
                    false
                } else {
                    true
                }
            });
        }
        match edits.iter().find(|(e, _)| e == id) {
            Some((_, Some(payload))) => emit(&mut out, *id, payload),
            Some((_, None)) => {}
            None => emit(&mut out, *id, &wasm[range.clone()]),
        }
    }
    for (id, payload) in pending {
        if let Some(p) = payload {
            emit(&mut out, *id, p);
        }
    }
    Ok(out)
}

/// Where a section id goes in a module (the tag section sits between memory and global).
fn order(id: u8) -> u8 {
    match id {
        13 => 6,
        6..=12 => id + 1,
        _ => id,
    }
}

/// The module's one defined tag's type index, and that it imports none.
fn own_tag(wasm: &[u8], secs: &[(u8, std::ops::Range<usize>)]) -> Result<Option<u32>, String> {
    let Some((_, range)) = secs.iter().find(|(id, _)| *id == TAG_SECTION) else {
        return Ok(None);
    };
    let (count, at) = leb(wasm, range.start)?;
    if count != 1 || wasm.get(at) != Some(&0) {
        return Err(format!("the module defines {count} exception tags, not one"));
    }
    let (ty, end) = leb(wasm, at + 1)?;
    if end != range.end {
        return Err("the tag section holds more than one tag".into());
    }
    Ok(Some(ty))
}

/// The standard library's module, exporting its tag as [`EXPORT`].
pub fn export_tag(wasm: &[u8]) -> Result<Vec<u8>, String> {
    let secs = sections(wasm)?;
    if own_tag(wasm, &secs)?.is_none() {
        return Err("the standard library's module defines no exception tag".into());
    }
    let (count, rest) = match secs.iter().find(|(id, _)| *id == EXPORT_SECTION) {
        Some((_, range)) => {
            let (count, at) = leb(wasm, range.start)?;
            (count, &wasm[at..range.end])
        }
        None => (0, &[][..]),
    };
    let mut payload = Vec::new();
    put_leb(&mut payload, count + 1);
    payload.extend_from_slice(rest);
    put_name(&mut payload, EXPORT);
    payload.extend([TAG_KIND, 0]);
    rebuild(wasm, &[(EXPORT_SECTION, Some(payload))])
}

/// A module that imports from `library` (the standard library's module name), its own tag
/// replaced by an import of the library's; a module without a tag is returned as it is.
pub fn import_tag(wasm: &[u8], library: &str) -> Result<Vec<u8>, String> {
    let secs = sections(wasm)?;
    let Some(ty) = own_tag(wasm, &secs)? else {
        return Ok(wasm.to_vec());
    };
    let (count, rest) = match secs.iter().find(|(id, _)| *id == IMPORT_SECTION) {
        Some((_, range)) => {
            let (count, at) = leb(wasm, range.start)?;
            (count, &wasm[at..range.end])
        }
        None => (0, &[][..]),
    };
    let mut payload = Vec::new();
    put_leb(&mut payload, count + 1);
    payload.extend_from_slice(rest);
    put_name(&mut payload, library);
    put_name(&mut payload, EXPORT);
    payload.extend([TAG_KIND, 0]);
    put_leb(&mut payload, ty);
    rebuild(wasm, &[(IMPORT_SECTION, Some(payload)), (TAG_SECTION, None)])
}

/// The program's module with a memory WASI can read: kotlinc's program module has none of its own
/// (its `Pointer`s address the standard library's, through library calls), and WASI's preview1
/// functions read and write the caller's exported `memory`, so a program's own `@WasmImport` of a
/// WASI function found none. The module imports `library`'s `memory` (limits from 0 pages, which
/// any memory meets) and exports it as `memory`. A module that has a memory keeps it, exported as
/// `memory` unless it exports one by that name already.
pub fn share_memory(wasm: &[u8], library: &str) -> Result<Vec<u8>, String> {
    let secs = sections(wasm)?;
    let (import_count, imports) = match secs.iter().find(|(id, _)| *id == IMPORT_SECTION) {
        Some((_, range)) => {
            let (count, at) = leb(wasm, range.start)?;
            (count, &wasm[at..range.end])
        }
        None => (0, &[][..]),
    };
    let imported = match secs.iter().find(|(id, _)| *id == IMPORT_SECTION) {
        Some((_, range)) => imports_memory(wasm, range.clone())?,
        None => false,
    };
    let defined = secs
        .iter()
        .any(|(id, range)| *id == MEMORY_SECTION && leb(wasm, range.start).is_ok_and(|(n, _)| n > 0));
    let (count, rest) = match secs.iter().find(|(id, _)| *id == EXPORT_SECTION) {
        Some((_, range)) => {
            let (count, at) = leb(wasm, range.start)?;
            (count, &wasm[at..range.end])
        }
        None => (0, &[][..]),
    };
    if exports_named(rest, count, "memory")? {
        return Ok(wasm.to_vec());
    }
    let mut exports = Vec::new();
    put_leb(&mut exports, count + 1);
    exports.extend_from_slice(rest);
    put_name(&mut exports, "memory");
    exports.extend([MEMORY_KIND, 0]);
    let mut edits = vec![(EXPORT_SECTION, Some(exports))];
    if !imported && !defined {
        let mut payload = Vec::new();
        put_leb(&mut payload, import_count + 1);
        payload.extend_from_slice(imports);
        put_name(&mut payload, library);
        put_name(&mut payload, "memory");
        payload.extend([MEMORY_KIND, 0, 0]);
        edits.push((IMPORT_SECTION, Some(payload)));
    }
    rebuild(wasm, &edits)
}

const MEMORY_SECTION: u8 = 5;
const MEMORY_KIND: u8 = 2;

/// Whether the import section in `range` imports a memory.
fn imports_memory(wasm: &[u8], range: std::ops::Range<usize>) -> Result<bool, String> {
    let b = &wasm[..range.end];
    let (count, mut at) = leb(b, range.start)?;
    for _ in 0..count {
        for _ in 0..2 {
            let (len, next) = leb(b, at)?;
            at = next
                .checked_add(len as usize)
                .filter(|&e| e <= b.len())
                .ok_or("an import name runs past the end")?;
        }
        let kind = *b.get(at).ok_or("an import runs past the end")?;
        at += 1;
        match kind {
            0 => at = leb(b, at)?.1,
            1 => {
                at = value_type(b, at)?;
                at = limits(b, at)?;
            }
            MEMORY_KIND => return Ok(true),
            3 => at = value_type(b, at)? + 1,
            TAG_KIND => at = leb(b, at + 1)?.1,
            other => return Err(format!("an import of unknown kind {other}")),
        }
    }
    Ok(false)
}

/// Past one value or reference type at `at` (`(ref null? ht)` carries a heap type).
fn value_type(b: &[u8], at: usize) -> Result<usize, String> {
    match *b.get(at).ok_or("a type runs past the end")? {
        0x63 | 0x64 => signed_leb_end(b, at + 1),
        _ => Ok(at + 1),
    }
}

/// Past a table's or memory's limits at `at`.
fn limits(b: &[u8], at: usize) -> Result<usize, String> {
    let flags = *b.get(at).ok_or("limits run past the end")?;
    let at = unsigned_leb_end(b, at + 1)?;
    if flags & 1 == 1 {
        unsigned_leb_end(b, at)
    } else {
        Ok(at)
    }
}

fn unsigned_leb_end(b: &[u8], mut at: usize) -> Result<usize, String> {
    for _ in 0..10 {
        let byte = *b.get(at).ok_or("a number runs past the end")?;
        at += 1;
        if byte < 0x80 {
            return Ok(at);
        }
    }
    Err("a number is too long".into())
}

fn signed_leb_end(b: &[u8], at: usize) -> Result<usize, String> {
    unsigned_leb_end(b, at)
}

/// Whether the export section's `count` entries in `rest` name one `name`.
fn exports_named(rest: &[u8], count: u32, name: &str) -> Result<bool, String> {
    let mut at = 0;
    for _ in 0..count {
        let (len, next) = leb(rest, at)?;
        let end = next
            .checked_add(len as usize)
            .filter(|&e| e <= rest.len())
            .ok_or("an export name runs past the end")?;
        if &rest[next..end] == name.as_bytes() {
            return Ok(true);
        }
        at = leb(rest, end + 1)?.1;
    }
    Ok(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A module with a type, a tag of that type and nothing else.
    fn with_tag() -> Vec<u8> {
        let mut m = b"\0asm\x01\0\0\0".to_vec();
        m.extend([1, 4, 1, 0x60, 0, 0]); // type 0: [] -> []
        m.extend([13, 3, 1, 0, 0]); // one tag of type 0
        m
    }

    #[test]
    fn the_tag_becomes_an_import_and_an_export() {
        let imported = import_tag(&with_tag(), "<kotlin>").unwrap();
        let secs = sections(&imported).unwrap();
        assert_eq!(secs.iter().map(|s| s.0).collect::<Vec<_>>(), [1, 2]);
        let import = &imported[secs[1].1.clone()];
        assert_eq!(import[0], 1);
        assert!(import.ends_with(&[TAG_KIND, 0, 0]));
        let exported = export_tag(&with_tag()).unwrap();
        let secs = sections(&exported).unwrap();
        assert_eq!(secs.iter().map(|s| s.0).collect::<Vec<_>>(), [1, 13, 7]);
        assert!(exported.ends_with(&[TAG_KIND, 0]));
        assert!(export_tag(b"\0asm\x01\0\0\0").is_err());
    }

    #[test]
    fn a_module_without_memory_imports_the_librarys_and_exports_it() {
        let bare = b"\0asm\x01\0\0\0".to_vec();
        let shared = share_memory(&bare, "<kotlin>").unwrap();
        let secs = sections(&shared).unwrap();
        assert_eq!(secs.iter().map(|s| s.0).collect::<Vec<_>>(), [2, 7]);
        assert!(imports_memory(&shared, secs[0].1.clone()).unwrap());
        assert!(shared.ends_with(b"memory\x02\x00"));
        // Once shared, it is left as it is.
        assert_eq!(share_memory(&shared, "<kotlin>").unwrap(), shared);
    }
}
