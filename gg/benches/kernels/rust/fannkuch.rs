//! Fannkuch: over every permutation of 0..N, count prefix reversals until 0 leads; the maximum
//! count and a signed checksum.
use std::time::Instant;

fn fannkuch(n: usize) -> (i64, u32) {
    let mut perm1: Vec<usize> = (0..n).collect();
    let mut perm = vec![0usize; n];
    let mut count = vec![0usize; n];
    let (mut max_flips, mut checksum, mut sign) = (0u32, 0i64, 1i64);
    let mut r = n;
    loop {
        while r != 1 {
            count[r - 1] = r;
            r -= 1;
        }
        perm.copy_from_slice(&perm1);
        let mut flips = 0u32;
        let mut k = perm[0];
        while k != 0 {
            perm[..=k].reverse();
            flips += 1;
            k = perm[0];
        }
        max_flips = max_flips.max(flips);
        checksum += sign * flips as i64;
        sign = -sign;
        loop {
            if r == n {
                return (checksum, max_flips);
            }
            let first = perm1[0];
            for i in 0..r {
                perm1[i] = perm1[i + 1];
            }
            perm1[r] = first;
            count[r] -= 1;
            if count[r] > 0 {
                break;
            }
            r += 1;
        }
    }
}

fn main() {
    let start = Instant::now();
    let (checksum, flips) = fannkuch(10);
    let elapsed = start.elapsed().as_secs_f64();
    println!("checksum {checksum} flips {flips}");
    println!("kernel-seconds: {elapsed:.6}");
}
