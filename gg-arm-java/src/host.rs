//! The arm's own imports: TeaVM 0.13.1's WASI output still imports its `Math` natives from a
//! `teavmMath` module (`floor`, `sin`, `pow`, `random`, …), which its JavaScript runtime would
//! answer; gg answers them with Rust's `f64` functions.

use std::cell::Cell;

use gg_core::core_module::CoreModuleHost;
use gg_core::store::StoreState;
use gg_core::wasmtime::{self, Linker};

const MODULE: &str = "teavmMath";

/// A `teavmMath` import of one argument and the function answering it.
type Unary = (&'static str, fn(f64) -> f64);

/// The Java arm's core-module host.
#[derive(Debug, Default)]
pub struct TeaVmHost;

thread_local! {
    static SEED: Cell<u64> = Cell::new(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0x9e37_79b9_7f4a_7c15, |d| d.as_nanos() as u64)
            | 1,
    );
}

/// A uniform double in [0, 1) (xorshift64*; `Math.random` promises no more).
fn random() -> f64 {
    SEED.with(|s| {
        let mut x = s.get();
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        s.set(x);
        (x.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 11) as f64 / (1u64 << 53) as f64
    })
}

impl CoreModuleHost for TeaVmHost {
    fn link(&self, l: &mut Linker<StoreState>) -> wasmtime::Result<()> {
        let unary: [Unary; 11] = [
            ("sin", f64::sin),
            ("cos", f64::cos),
            ("tan", f64::tan),
            ("asin", f64::asin),
            ("acos", f64::acos),
            ("atan", f64::atan),
            ("exp", f64::exp),
            ("log", f64::ln),
            ("sqrt", f64::sqrt),
            ("ceil", f64::ceil),
            ("floor", f64::floor),
        ];
        for (name, f) in unary {
            l.func_wrap(MODULE, name, move |x: f64| f(x))?;
        }
        l.func_wrap(MODULE, "pow", |x: f64, y: f64| x.powf(y))?;
        l.func_wrap(MODULE, "atan2", |y: f64, x: f64| y.atan2(x))?;
        l.func_wrap(MODULE, "random", random)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn random_is_in_the_unit_interval() {
        for _ in 0..1000 {
            let r = super::random();
            assert!((0.0..1.0).contains(&r), "{r}");
        }
    }
}
