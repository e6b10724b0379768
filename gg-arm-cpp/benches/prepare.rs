//! Benchmarks of the C++ arm (figures in BENCHMARKS.md): `prepare` (clang++-22 compile and link of
//! a 28-line program using iostream, vector, string and map, with the precompiled prelude and the
//! SDK object already in the cache), and what wasmtime's Cranelift compile of the module adds
//! (`timing.compile_ms`, cold: a fresh compile cache per run).
//!
//! Run with `cargo bench -p gg-arm-cpp` (or `--profile dev`: the time is clang's, not Rust's).

use std::sync::Arc;
use std::time::Duration;

use criterion::Criterion;
use gg_arm_cpp::CppArm;
use gg_core::testing::MemoryTools;
use gg_core::{CompileCache, PrepareCx, ProgramLanguage, RunOptions, Session, Status};

/// 28 lines.
const PROGRAM: &str = r#"// Counts fruit by name.
#include <iostream>
#include <map>
#include <string>
#include <vector>

struct Item {
  std::string name;
  int count;
};

int main() {
  std::vector<Item> items{{"apple", 3}, {"pear", 1}, {"fig", 7}};
  std::map<std::string, int> totals;
  for (const auto& item : items) {
    totals[item.name] += item.count;
  }
  int sum = 0;
  for (const auto& [name, count] : totals) {
    std::cout << name << ": " << count << "\n";
    sum += count;
  }
  std::string line(10, '-');
  std::cout << line << "\n";
  std::cout << "items " << items.size() << "\n";
  std::cout << "total " << sum << "\n";
  return sum == 11 ? 0 : 1;
}
"#;

fn main() {
    assert_eq!(PROGRAM.lines().count(), 28);
    let arm = CppArm;
    // The SDK object is compiled once per cache; keep it out of the figure.
    arm.prepare(&PrepareCx::for_tests(), PROGRAM, &[])
        .expect("the program compiles");

    let runtime = tokio::runtime::Runtime::new().unwrap();
    let mut compile_ms = Vec::new();
    let mut prepare_ms = Vec::new();
    for _ in 0..5 {
        let dir = std::env::temp_dir().join(format!("gg-cpp-bench-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let options = RunOptions {
            library: false,
            cache: CompileCache::at(&dir),
            ..RunOptions::default()
        };
        let mut session = Session::new(Arc::new(CppArm), Arc::new(MemoryTools::default()));
        let o = runtime.block_on(session.run(PROGRAM, &options));
        assert_eq!(o.status, Status::Completed, "{:?}", o.error);
        compile_ms.push(o.timing.compile_ms.unwrap_or(f64::NAN));
        prepare_ms.push(o.timing.prepare_ms.unwrap_or(f64::NAN));
        let _ = std::fs::remove_dir_all(&dir);
    }
    println!("cold turn: prepare_ms {prepare_ms:?}, compile_ms (Cranelift, no cache) {compile_ms:?}");

    let mut c = Criterion::default()
        .sample_size(20)
        .measurement_time(Duration::from_secs(8))
        .configure_from_args();
    c.bench_function("cpp prepare (28 lines: iostream, vector, string, map)", |b| {
        b.iter(|| arm.prepare(&PrepareCx::for_tests(), PROGRAM, &[]).expect("compiles"))
    });
    c.final_summary();
}
