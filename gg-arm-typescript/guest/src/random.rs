//! `Math.random` and `crypto`'s randomness: xoshiro128** seeded from WASI's random source at the
//! start of every run, so no two instances (nor a snapshot and its instances) share a sequence.

use std::cell::Cell;

unsafe extern "C" {
    /// wasi-libc's: fills up to 256 bytes from `random_get`.
    fn getentropy(buffer: *mut u8, length: usize) -> i32;
}

thread_local! {
    static STATE: Cell<[u32; 4]> = const { Cell::new([0x9e37_79b9, 0x243f_6a88, 0xb7e1_5162, 0x1234_5678]) };
}

/// Draws a fresh seed; called at the start of every run.
pub fn reseed() {
    let mut bytes = [0u8; 16];
    // SAFETY: the buffer is 16 writable bytes, within getentropy's 256-byte bound.
    let ok = unsafe { getentropy(bytes.as_mut_ptr(), bytes.len()) } == 0;
    if !ok {
        crate::engine::fatal("WASI's random source failed");
    }
    let mut s = [0u32; 4];
    for (i, chunk) in bytes.chunks_exact(4).enumerate() {
        s[i] = u32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]);
    }
    if s == [0; 4] {
        s[0] = 1;
    }
    STATE.set(s);
}

pub fn next_u32() -> u32 {
    let mut s = STATE.get();
    let result = s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
    let t = s[1] << 9;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = s[3].rotate_left(11);
    STATE.set(s);
    result
}

/// A double in [0, 1) from 53 random bits.
pub fn next_f64() -> f64 {
    let high = u64::from(next_u32() >> 5);
    let low = u64::from(next_u32() >> 6);
    ((high << 26) | low) as f64 / (1u64 << 53) as f64
}
