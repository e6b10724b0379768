//! N-body: a sun and four made-up planets under Newtonian gravity, leapfrog steps, energy before
//! and after.
use std::time::Instant;

const PI: f64 = std::f64::consts::PI;
const SOLAR_MASS: f64 = 4.0 * PI * PI;
const DAYS: f64 = 365.24;

#[derive(Clone, Copy)]
struct Body {
    p: [f64; 3],
    v: [f64; 3],
    m: f64,
}

fn bodies() -> Vec<Body> {
    let planets = [
        [4.8, -1.2, -0.1, 0.0017, 0.0077, -0.00007, 0.00095],
        [8.3, 4.1, -0.4, -0.0028, 0.0050, 0.00002, 0.00028],
        [12.9, -15.1, -0.2, 0.0030, 0.0024, -0.00003, 0.000044],
        [15.4, -25.9, 0.18, 0.0027, 0.0016, -0.00009, 0.000051],
    ];
    let mut out = vec![Body { p: [0.0; 3], v: [0.0; 3], m: SOLAR_MASS }];
    for b in planets {
        out.push(Body { p: [b[0], b[1], b[2]], v: [b[3] * DAYS, b[4] * DAYS, b[5] * DAYS], m: b[6] * SOLAR_MASS });
    }
    let mut momentum = [0.0; 3];
    for b in &out {
        for k in 0..3 {
            momentum[k] += b.v[k] * b.m;
        }
    }
    for k in 0..3 {
        out[0].v[k] = -momentum[k] / SOLAR_MASS;
    }
    out
}

fn energy(bs: &[Body]) -> f64 {
    let mut e = 0.0;
    for (i, a) in bs.iter().enumerate() {
        e += 0.5 * a.m * (a.v[0] * a.v[0] + a.v[1] * a.v[1] + a.v[2] * a.v[2]);
        for b in &bs[i + 1..] {
            let d: Vec<f64> = (0..3).map(|k| a.p[k] - b.p[k]).collect();
            e -= a.m * b.m / (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
        }
    }
    e
}

fn advance(bs: &mut [Body], dt: f64, steps: usize) {
    let n = bs.len();
    for _ in 0..steps {
        for i in 0..n {
            for j in i + 1..n {
                let d = [bs[i].p[0] - bs[j].p[0], bs[i].p[1] - bs[j].p[1], bs[i].p[2] - bs[j].p[2]];
                let d2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
                let mag = dt / (d2 * d2.sqrt());
                let (mi, mj) = (bs[i].m * mag, bs[j].m * mag);
                for k in 0..3 {
                    bs[i].v[k] -= d[k] * mj;
                    bs[j].v[k] += d[k] * mi;
                }
            }
        }
        for b in bs.iter_mut() {
            for k in 0..3 {
                b.p[k] += dt * b.v[k];
            }
        }
    }
}

fn main() {
    let start = Instant::now();
    let mut bs = bodies();
    let e0 = energy(&bs);
    advance(&mut bs, 0.01, 2_000_000);
    let e1 = energy(&bs);
    let elapsed = start.elapsed().as_secs_f64();
    println!("energy {e0:.9} {e1:.9}");
    println!("kernel-seconds: {elapsed:.6}");
}
