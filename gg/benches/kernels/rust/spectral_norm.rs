//! Spectral norm: the largest singular value of A[i][j] = 1/((i+j)(i+j+1)/2+i+1) truncated to N, by
//! power iteration on A^T A.
use std::time::Instant;

fn a(i: usize, j: usize) -> f64 {
    1.0 / (((i + j) * (i + j + 1) / 2 + i + 1) as f64)
}

fn times(u: &[f64], out: &mut [f64], transpose: bool) {
    for (i, o) in out.iter_mut().enumerate() {
        let mut s = 0.0;
        for (j, x) in u.iter().enumerate() {
            s += if transpose { a(j, i) } else { a(i, j) } * x;
        }
        *o = s;
    }
}

fn ata(u: &[f64], out: &mut [f64], tmp: &mut [f64]) {
    times(u, tmp, false);
    times(tmp, out, true);
}

fn main() {
    let n = 1500;
    let start = Instant::now();
    let mut u = vec![1.0; n];
    let mut v = vec![0.0; n];
    let mut tmp = vec![0.0; n];
    for _ in 0..10 {
        ata(&u, &mut v, &mut tmp);
        ata(&v, &mut u, &mut tmp);
    }
    let vbv: f64 = u.iter().zip(&v).map(|(x, y)| x * y).sum();
    let vv: f64 = v.iter().map(|x| x * x).sum();
    let elapsed = start.elapsed().as_secs_f64();
    println!("norm {:.9}", (vbv / vv).sqrt());
    println!("kernel-seconds: {elapsed:.6}");
}
