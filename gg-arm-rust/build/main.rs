//! Generates the SDK's family modules and the catalogue from the WIT, then builds the SDK crate
//! and the library set (`sdk/`) for wasm32-wasip2 with a nested cargo build, and records where
//! their rlibs are (`$OUT_DIR/toolchain.rs`), their generic instances shared with programs
//! (`share_generics_wrapper`). The rlibs stay in `$OUT_DIR/sdk-target-shared-generics`: the arm
//! points at them (a per-machine toolchain directory), it does not embed them.

mod model;
mod sdk;

use std::collections::BTreeMap;
use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;

const TARGET: &str = "wasm32-wasip2";

fn main() {
    let manifest_dir = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let out_dir = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    for watched in ["build", "sdk/Cargo.toml", "sdk/Cargo.lock", "sdk/gg", "sdk/set"] {
        println!("cargo:rerun-if-changed={watched}");
    }
    // gg-core's `links` key hands every arm's build script the WIT it was built with.
    let wit = PathBuf::from(env::var_os("DEP_GG_CORE_WIT_DIR").expect("gg-core publishes DEP_GG_CORE_WIT_DIR"));
    println!("cargo:rerun-if-changed={}", wit.display());
    let outputs = [
        out_dir.join("families.rs"),
        out_dir.join("rust.catalogue.json"),
        out_dir.join("toolchain.rs"),
    ];
    for output in &outputs {
        if output.exists() {
            std::fs::remove_file(output).unwrap_or_else(|e| panic!("cannot remove the old {}: {e}", output.display()));
        }
    }

    let model = model::Model::load();
    write(&outputs[0], &sdk::families(&model));
    write(
        &outputs[1],
        &serde_json::to_string_pretty(&sdk::catalogue(&model)).expect("the catalogue is JSON"),
    );

    // cargo does not fingerprint RUSTC_WRAPPER: the directory's name stands for the wrapper's
    // flags (`share_generics_wrapper`), so a change to them must rename it. The directory an
    // earlier wrapper built is removed.
    let target_dir = out_dir.join("sdk-target-shared-generics");
    let stale = out_dir.join("sdk-target");
    if stale.exists() {
        std::fs::remove_dir_all(&stale).unwrap_or_else(|e| panic!("cannot remove {}: {e}", stale.display()));
    }
    let artifacts = build_sdk(&manifest_dir.join("sdk"), &target_dir, &outputs[0]);
    let mut externs = String::new();
    for name in sdk::EXTERNS {
        let rlib = artifacts
            .get(*name)
            .unwrap_or_else(|| panic!("the SDK build produced no rlib for `{name}` (sdk/set/Cargo.toml names it?)"));
        externs.push_str(&format!("    ({name:?}, {:?}),\n", rlib.display().to_string()));
    }
    // The SDK and what it needs at link time, handed to the linker as archives whether or not
    // the program names `gg`: rustc links no `--extern` crate the program leaves unnamed, and
    // the world's exports live in the SDK.
    let mut force = String::new();
    for name in ["gg", "wit_bindgen", "bitflags"] {
        if let Some(rlib) = artifacts.get(name) {
            force.push_str(&format!("    {:?},\n", rlib.display().to_string()));
        }
    }
    let (rustc, version, sysroot) = rustc();
    let private_sysroot = stripped_sysroot(&sysroot, &out_dir.join("sysroot"));
    let wasm_deps = target_dir.join(TARGET).join("release").join("deps");
    let host_deps = target_dir.join("release").join("deps");
    write(
        &outputs[2],
        &format!(
            "/// The SDK's and the library set's rlibs for {TARGET}.\n\
             pub const WASM_DEPS: &str = {:?};\n\
             /// Their proc-macros, built for the host.\n\
             pub const HOST_DEPS: &str = {:?};\n\
             /// `--extern NAME=PATH` for each crate a program may name.\n\
             pub const EXTERNS: &[(&str, &str)] = &[\n{externs}];\n\
             /// Archives every program's link is given, named or not (the SDK and its runtime).\n\
             pub const FORCE_LINKED: &[&str] = &[\n{force}];\n\
             /// The compiler that built them (its sysroot's binary: rustup's proxy costs a process).\n\
             pub const RUSTC: &str = {:?};\n\
             pub const RUSTC_VERSION: &str = {version:?};\n\
             /// The sysroot programs are compiled against: the toolchain's {TARGET} libraries with\n\
             /// their DWARF and embedded bitcode stripped (the link reads less), the same code.\n\
             pub const SYSROOT: &str = {:?};\n",
            wasm_deps.display().to_string(),
            host_deps.display().to_string(),
            rustc.display().to_string(),
            private_sysroot.display().to_string(),
        ),
    );
    for output in &outputs {
        match std::fs::metadata(output) {
            Ok(m) if m.len() > 0 => {}
            _ => panic!("{} is missing or empty after the build", output.display()),
        }
    }
}

/// The rustc this build uses, as its sysroot's own binary, its version number and its sysroot.
fn rustc() -> (PathBuf, String, PathBuf) {
    let rustc = env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let ask = |arg: &str| {
        let out = Command::new(&rustc)
            .arg(arg)
            .output()
            .unwrap_or_else(|e| panic!("cannot run {}: {e}", rustc.to_string_lossy()));
        String::from_utf8_lossy(&out.stdout).trim().to_owned()
    };
    let sysroot = PathBuf::from(ask("--print=sysroot"));
    let version = ask("--version");
    let version = version.split_whitespace().nth(1).unwrap_or(&version).to_owned();
    let binary = sysroot.join("bin").join("rustc");
    assert!(binary.exists(), "{} is missing", binary.display());
    (binary, version, sysroot)
}

/// A copy of the toolchain's wasm32-wasip2 libraries at `dest` (`lib/rustlib/wasm32-wasip2/lib`)
/// with the DWARF and the embedded LLVM bitcode taken out of every object (the toolchain's
/// rust-objcopy), the crate metadata linked to the toolchain's own. A program links without debug
/// info and without LTO, so its component is byte-for-byte the same; wasm-ld parses far fewer
/// bytes (std's object is 3.7 MB, 0.38 MB stripped; BENCHMARKS.md, "The link"). Returns the toolchain's own sysroot if rust-objcopy
/// is missing (the same programs, linked more slowly).
fn stripped_sysroot(sysroot: &Path, dest: &Path) -> PathBuf {
    let rustlib = sysroot.join("lib").join("rustlib");
    let objcopy = std::fs::read_dir(&rustlib)
        .into_iter()
        .flatten()
        .flatten()
        .map(|host| host.path().join("bin").join("rust-objcopy"))
        .find(|p| p.exists());
    let Some(objcopy) = objcopy else {
        println!(
            "cargo:warning=rust-objcopy is not in {}: Rust programs link against the unstripped sysroot",
            rustlib.display()
        );
        return sysroot.to_owned();
    };
    let from = rustlib.join(TARGET).join("lib");
    let to = dest.join("lib").join("rustlib").join(TARGET).join("lib");
    if dest.exists() {
        std::fs::remove_dir_all(dest).unwrap_or_else(|e| panic!("cannot remove {}: {e}", dest.display()));
    }
    let strip = |src: &Path, dst: &Path, bitcode: bool| {
        let mut command = Command::new(&objcopy);
        command.arg("--strip-debug");
        if bitcode {
            command.args(["--remove-section=.llvmbc", "--remove-section=.llvmcmd"]);
        }
        // rust-objcopy finds the toolchain's libLLVM beside rustc only when told.
        let status = command
            .arg(src)
            .arg(dst)
            .env("LD_LIBRARY_PATH", sysroot.join("lib"))
            .status()
            .unwrap_or_else(|e| panic!("cannot run {}: {e}", objcopy.display()));
        assert!(
            status.success(),
            "{} {} failed: {status}",
            objcopy.display(),
            src.display()
        );
    };
    for dir in [PathBuf::new(), PathBuf::from("self-contained")] {
        std::fs::create_dir_all(to.join(&dir)).unwrap_or_else(|e| panic!("cannot create {}: {e}", to.display()));
        let entries =
            std::fs::read_dir(from.join(&dir)).unwrap_or_else(|e| panic!("cannot read {}: {e}", from.display()));
        for entry in entries.flatten() {
            let (src, dst) = (entry.path(), to.join(&dir).join(entry.file_name()));
            let name = entry.file_name().to_string_lossy().into_owned();
            if src.is_dir() {
                continue;
            } else if name.ends_with(".rlib") {
                strip(&src, &dst, true);
            } else if name.ends_with(".a") || name.ends_with(".o") {
                strip(&src, &dst, false);
            } else {
                std::os::unix::fs::symlink(&src, &dst)
                    .unwrap_or_else(|e| panic!("cannot link {} to {}: {e}", dst.display(), src.display()));
            }
        }
    }
    // rust-src, where installed, is what diagnostics quote the standard library from.
    let src = rustlib.join("src");
    if src.exists() {
        let link = dest.join("lib").join("rustlib").join("src");
        std::os::unix::fs::symlink(&src, &link)
            .unwrap_or_else(|e| panic!("cannot link {} to {}: {e}", link.display(), src.display()));
    }
    dest.to_owned()
}

fn write(path: &Path, text: &str) {
    std::fs::write(path, text).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
}

/// A `RUSTC_WRAPPER` for the SDK build (a shell script written beside `target_dir`) that adds
/// `-Zshare-generics=y` to every rustc call producing a wasm32-wasip2 rlib, with
/// `RUSTC_BOOTSTRAP=1` on that call alone (stable rustc takes `-Z` flags only so). The libraries,
/// optimised at opt-level 2, then export their generic instances (rustc shares them by default
/// only below opt-level 2), and a program, compiled at opt-level 0 where sharing is on, links
/// those instead of instantiating and compiling its own copies (Vec's growth, the allocator's
/// glue): BENCHMARKS.md, "share-generics". Nothing else sees `RUSTC_BOOTSTRAP`: anyhow's and
/// thiserror's build scripts probe for nightly features with it and would turn them on (their
/// probes emit metadata only, so the wrapper passes them through untouched), and the program's
/// own rustc stays plain stable.
fn share_generics_wrapper(target_dir: &Path) -> PathBuf {
    let path = target_dir.with_file_name("share-generics-rustc");
    let script = format!(
        "#!/bin/sh\n\
         # Written by gg-arm-rust's build script: cargo's RUSTC_WRAPPER for the SDK build.\n\
         rustc=\"$1\"; shift\n\
         rlib=; wasm=\n\
         for arg in \"$@\"; do\n\
         \x20 case \"$arg\" in\n\
         \x20   --emit=*link*) rlib=1 ;;\n\
         \x20   {TARGET}|--target={TARGET}) wasm=1 ;;\n\
         \x20 esac\n\
         done\n\
         if [ -n \"$rlib\" ] && [ -n \"$wasm\" ]; then\n\
         \x20 RUSTC_BOOTSTRAP=1 exec \"$rustc\" \"$@\" -Zshare-generics=y\n\
         fi\n\
         exec \"$rustc\" \"$@\"\n"
    );
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).unwrap_or_else(|e| panic!("cannot create {}: {e}", parent.display()));
    }
    write(&path, &script);
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755))
        .unwrap_or_else(|e| panic!("cannot make {} executable: {e}", path.display()));
    path
}

/// Builds `sdk/` and returns each library's rlib by crate name.
fn build_sdk(sdk: &Path, target_dir: &Path, families: &Path) -> BTreeMap<String, PathBuf> {
    let cargo = env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(&cargo);
    command
        .args([
            "build",
            "--release",
            "--locked",
            "--target",
            TARGET,
            "-p",
            "gg-library-set",
        ])
        .args(["--message-format", "json-render-diagnostics", "--manifest-path"])
        .arg(sdk.join("Cargo.toml"))
        .arg("--target-dir")
        .arg(target_dir)
        .current_dir(sdk);
    gg_build::clean_outer_build_env(&mut command);
    command.env("GG_SDK_FAMILIES", families);
    command.env("RUSTC_WRAPPER", share_generics_wrapper(target_dir));
    let started = std::time::Instant::now();
    let result = command
        .output()
        .unwrap_or_else(|e| panic!("cannot start `{}` to build the Rust SDK: {e}", cargo.to_string_lossy()));
    if !result.status.success() {
        let stderr = String::from_utf8_lossy(&result.stderr);
        let tail: Vec<&str> = stderr
            .lines()
            .rev()
            .take(40)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        let hint = if stderr.contains("target may not be installed") || stderr.contains("can't find crate for `std`") {
            format!("\nthe {TARGET} target is missing; run toolchains/rust.sh")
        } else {
            String::new()
        };
        panic!(
            "building the Rust SDK ({}) for {TARGET} failed with {}; its stderr ends:\n{}{hint}",
            sdk.display(),
            result.status,
            tail.join("\n")
        );
    }
    let mut rlibs = BTreeMap::new();
    for line in String::from_utf8_lossy(&result.stdout).lines() {
        let Ok(message) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        if message["reason"] != "compiler-artifact" {
            continue;
        }
        let name = message["target"]["name"].as_str().unwrap_or_default().replace('-', "_");
        let files = message["filenames"].as_array().into_iter().flatten();
        for file in files.filter_map(|f| f.as_str()).filter(|f| f.ends_with(".rlib")) {
            rlibs.insert(name.clone(), PathBuf::from(file));
        }
    }
    eprintln!("Rust SDK and library set built in {:.1?}", started.elapsed());
    rlibs
}
