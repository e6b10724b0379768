//! Sieve of Eratosthenes: the primes below N in a byte vector, several passes, counting primes and
//! summing them.
use std::time::Instant;

fn sieve(n: usize) -> (usize, u64) {
    let mut composite = vec![false; n];
    let mut i = 2;
    while i * i < n {
        if !composite[i] {
            let mut j = i * i;
            while j < n {
                composite[j] = true;
                j += i;
            }
        }
        i += 1;
    }
    let mut count = 0;
    let mut sum = 0u64;
    for (k, &c) in composite.iter().enumerate().skip(2) {
        if !c {
            count += 1;
            sum += k as u64;
        }
    }
    (count, sum)
}

fn main() {
    let start = Instant::now();
    let mut total = (0, 0u64);
    for pass in 0..15 {
        let (c, s) = sieve(5_000_000 + pass);
        total = (total.0 + c, total.1.wrapping_add(s));
    }
    let elapsed = start.elapsed().as_secs_f64();
    println!("primes {} sum {}", total.0, total.1);
    println!("kernel-seconds: {elapsed:.6}");
}
