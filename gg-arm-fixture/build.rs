//! Builds the fixture guest (`guest/`) for wasm32-wasip2 and leaves the component at
//! `$OUT_DIR/fixture.wasm`; compiles the compiled modes' C runtime (`core/rt.c`) to `$OUT_DIR/fixture_rt.o`.

use std::env;
use std::path::PathBuf;
use std::process::Command;

const TARGET: &str = "wasm32-wasip2";

fn main() {
    let manifest_dir = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let out_dir = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let guest = manifest_dir.join("guest");
    for watched in ["guest/src", "guest/Cargo.toml", "guest/Cargo.lock"] {
        println!("cargo:rerun-if-changed={watched}");
    }
    // gg-core's `links` key hands every arm's build script the WIT it was built with.
    let wit = env::var("DEP_GG_CORE_WIT_DIR").expect("gg-core publishes DEP_GG_CORE_WIT_DIR");
    println!("cargo:rerun-if-changed={wit}");

    let output = out_dir.join("fixture.wasm");
    if output.exists() {
        std::fs::remove_file(&output).unwrap_or_else(|e| panic!("cannot remove the old {}: {e}", output.display()));
    }

    let target_dir = out_dir.join("guest-target");
    let cargo = env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(&cargo);
    command
        .args(["build", "--release", "--locked", "--target", TARGET, "--manifest-path"])
        .arg(guest.join("Cargo.toml"))
        .arg("--target-dir")
        .arg(&target_dir)
        .current_dir(&guest);
    gg_build::clean_outer_build_env(&mut command);
    let started = std::time::Instant::now();
    let result = command.output().unwrap_or_else(|e| {
        panic!(
            "cannot start `{}` to build the fixture guest: {e}",
            cargo.to_string_lossy()
        )
    });
    if !result.status.success() {
        let stderr = String::from_utf8_lossy(&result.stderr);
        let tail: Vec<&str> = stderr.lines().rev().take(40).collect();
        let tail: Vec<&str> = tail.into_iter().rev().collect();
        let missing_target = stderr.contains("target may not be installed")
            || stderr.contains("can't find crate for `core`")
            || stderr.contains("can't find crate for `std`");
        let hint = if missing_target {
            format!("\nthe {TARGET} target is missing; the fix is `rustup target add {TARGET}`")
        } else {
            String::new()
        };
        panic!(
            "building the fixture guest ({}) for {TARGET} failed with {}; its stderr ends:\n{}{hint}",
            guest.display(),
            result.status,
            tail.join("\n"),
        );
    }

    let built = target_dir.join(TARGET).join("release").join("gg_fixture_guest.wasm");
    match std::fs::metadata(&built) {
        Ok(meta) if meta.len() > 0 => {}
        Ok(_) => panic!("the fixture guest build succeeded but {} is empty", built.display()),
        Err(e) => panic!(
            "the fixture guest build succeeded but {} is missing: {e}",
            built.display()
        ),
    }
    std::fs::copy(&built, &output)
        .unwrap_or_else(|e| panic!("cannot copy {} to {}: {e}", built.display(), output.display()));
    eprintln!("fixture guest built in {:.1?}", started.elapsed());
    build_runtime(&manifest_dir, &out_dir);
}

/// The C runtime every `compile core` program links against, compiled once with Debian's clang-19
/// (installed by toolchains/fixture.sh) against wasi-libc, with DWARF.
fn build_runtime(manifest_dir: &std::path::Path, out_dir: &std::path::Path) {
    println!("cargo:rerun-if-changed=core");
    let object = out_dir.join("fixture_rt.o");
    let _ = std::fs::remove_file(&object);
    let result = Command::new("clang-19")
        .args([
            "--target=wasm32-wasi",
            "--sysroot=/opt/gg-wasi-sysroot",
            "-g",
            "-O0",
            "-c",
        ])
        // The checkout's path stays out of the DWARF, so a trap's frames read the same anywhere.
        .arg(format!("-ffile-prefix-map={}=gg-arm-fixture", manifest_dir.display()))
        .arg(manifest_dir.join("core/rt.c"))
        .arg("-o")
        .arg(&object)
        .output()
        .unwrap_or_else(|e| panic!("cannot run clang-19 for the fixture's C runtime ({e}); run toolchains/fixture.sh"));
    if !result.status.success() {
        panic!(
            "clang-19 could not compile core/rt.c:\n{}\nrun toolchains/fixture.sh",
            String::from_utf8_lossy(&result.stderr)
        );
    }
    match std::fs::metadata(&object) {
        Ok(meta) if meta.len() > 0 => {}
        _ => panic!("clang-19 succeeded but {} is missing or empty", object.display()),
    }
}
