//! A program's lines, read from the Mono symbol file mcs writes beside its assembly (`.mdb`,
//! format 50.0; .NET's runtime reads only portable PDBs): a method's metadata token and an IL
//! offset in it → the source line of the statement that offset lies in.

/// `.mdb`'s magic number and the one major version read.
const MAGIC: u64 = 0x45e8_2623_fd7f_a614;
const MAJOR: i32 = 50;

fn i32_at(b: &[u8], at: usize) -> Option<i32> {
    Some(i32::from_le_bytes(b.get(at..at + 4)?.try_into().ok()?))
}

/// The line of IL offset `il` in the method `token`, or `None` when the file does not say.
pub fn line_of(mdb: &[u8], token: i32, il: i32) -> Option<u32> {
    if u64::from_le_bytes(mdb.get(0..8)?.try_into().ok()?) != MAGIC || i32_at(mdb, 8)? != MAJOR {
        return None;
    }
    // The offset table follows the magic, the two version numbers and the file's GUID.
    let field = |k: usize| i32_at(mdb, 32 + 4 * k);
    let (method_count, method_table) = (field(9)?, field(10)? as usize);
    let (line_base, line_range, opcode_base) = (field(16)?, field(17)?, field(18)?);
    let entry = (0..method_count.max(0) as usize)
        .map(|k| method_table + 12 * k)
        .find(|&at| i32_at(mdb, at) == Some(token))?;
    let table = i32_at(mdb, entry + 8)? as usize;
    if table == 0 || line_range <= 0 {
        return None;
    }
    let max_increment = (255 - opcode_base) / line_range;
    let mut at = table;
    let byte = |at: &mut usize| -> Option<u8> {
        let b = *mdb.get(*at)?;
        *at += 1;
        Some(b)
    };
    let leb = |at: &mut usize| -> Option<i32> {
        let (mut v, mut shift) = (0i32, 0u32);
        loop {
            let b = byte(at)?;
            v |= i32::from(b & 0x7f).wrapping_shl(shift);
            shift += 7;
            if b & 0x80 == 0 || shift > 35 {
                return Some(v);
            }
        }
    };
    let (mut line, mut offset) = (1i32, 0i32);
    let mut rows: Vec<(i32, i32)> = Vec::new();
    loop {
        let op = byte(&mut at)?;
        if op == 0 {
            let size = byte(&mut at)? as usize;
            let end = at + size;
            if byte(&mut at)? == 1 {
                rows.push((offset, line));
                break;
            }
            at = end;
        } else if i32::from(op) < opcode_base {
            match op {
                1 => rows.push((offset, line)),
                2 => offset = offset.wrapping_add(leb(&mut at)?),
                3 => line = line.wrapping_add(leb(&mut at)?),
                4 => {
                    leb(&mut at)?;
                }
                8 => offset += max_increment,
                _ => return None,
            }
        } else {
            let op = i32::from(op) - opcode_base;
            offset += op / line_range;
            line += line_base + op % line_range;
            rows.push((offset, line));
        }
    }
    // The last row at or before the offset; hidden lines (0xfeefee) are skipped.
    rows.iter()
        .filter(|(o, l)| *o <= il && *l > 0 && *l < 0xfeefee)
        .max_by_key(|(o, _)| *o)
        .map(|(_, l)| *l as u32)
}
