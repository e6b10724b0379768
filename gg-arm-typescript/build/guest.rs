//! Builds the guest crate for wasm32-wasip1 against a copy of rquickjs-sys whose quickjs-ng has its
//! stack check re-enabled under WASI, pre-initialises the core module with wizer, then encodes the
//! component in process from it and the pinned preview1 reactor adapter.

use std::path::{Path, PathBuf};
use std::process::Command;

pub const TARGET: &str = "wasm32-wasip1";
/// The rquickjs-sys the guest's Cargo.lock pins; the copy patched below must be this version.
const RQUICKJS_SYS: &str = "0.14.0";
/// Debian's wasi-libc made findable by clang-19 (toolchains/typescript.sh creates it).
const SYSROOT: &str = "/opt/gg-wasi-sysroot";

/// quickjs-ng turns its C stack check off under WASI, so a deep recursion exhausts the wasm stack
/// and traps. The edit keeps the check on: `JS_SetMaxStackSize` then bounds the shadow stack.
const STACK_CHECK_OFF: &str = "static void update_stack_limit(JSRuntime *rt)\n{\n#if defined(__wasi__)\n    rt->stack_limit = 0; /* no limit */\n#else";
const STACK_CHECK_ON: &str = "static void update_stack_limit(JSRuntime *rt)\n{\n#if 0 /* gg: the stack check stays on under WASI */\n    rt->stack_limit = 0; /* no limit */\n#else";

/// A `Command` for cargo with nothing of the outer build leaking into it.
pub fn cargo() -> Command {
    gg_build::guest_cargo()
}

/// Copies the registry's rquickjs-sys into `out` and applies the stack-check edit there; fails
/// loudly when the lines it expects are gone.
pub fn patched_rquickjs_sys(out: &Path) -> PathBuf {
    let locate = out.join("locate-rquickjs-sys");
    std::fs::create_dir_all(locate.join("src")).expect("create the locator crate");
    std::fs::write(
        locate.join("Cargo.toml"),
        format!(
            "[package]\nname = \"locate\"\nversion = \"0.0.0\"\nedition = \"2024\"\n[workspace]\n[lib]\npath = \"src/lib.rs\"\n[dependencies]\nrquickjs-sys = \"={RQUICKJS_SYS}\"\n"
        ),
    )
    .expect("write the locator manifest");
    std::fs::write(locate.join("src/lib.rs"), "").expect("write the locator source");
    let output = cargo()
        .args(["metadata", "--format-version", "1", "--manifest-path"])
        .arg(locate.join("Cargo.toml"))
        .output()
        .expect("run cargo metadata");
    if !output.status.success() {
        panic!(
            "cargo metadata could not find rquickjs-sys {RQUICKJS_SYS}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    let metadata: serde_json::Value = serde_json::from_slice(&output.stdout).expect("cargo metadata prints JSON");
    let manifest = metadata["packages"]
        .as_array()
        .and_then(|ps| {
            ps.iter()
                .find(|p| p["name"] == "rquickjs-sys" && p["version"] == RQUICKJS_SYS)
        })
        .and_then(|p| p["manifest_path"].as_str())
        .unwrap_or_else(|| panic!("cargo metadata lists no rquickjs-sys {RQUICKJS_SYS}"));
    let source = Path::new(manifest).parent().expect("a manifest has a directory");
    println!("cargo:rerun-if-changed={}", source.join("quickjs/quickjs.c").display());

    let copy = out.join("rquickjs-sys");
    if copy.exists() {
        std::fs::remove_dir_all(&copy).expect("remove the old rquickjs-sys copy");
    }
    copy_dir(source, &copy);
    let c = copy.join("quickjs/quickjs.c");
    let text = std::fs::read_to_string(&c).expect("read quickjs.c");
    if text.matches(STACK_CHECK_OFF).count() != 1 {
        panic!(
            "quickjs.c in rquickjs-sys {RQUICKJS_SYS} ({}) no longer has the lines the stack-check edit expects:\n{STACK_CHECK_OFF}\n\
             re-derive the edit for this quickjs-ng before building the ECMAScript guest",
            c.display()
        );
    }
    std::fs::write(&c, text.replace(STACK_CHECK_OFF, STACK_CHECK_ON)).expect("write the edited quickjs.c");
    copy
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap_or_else(|e| panic!("create {}: {e}", to.display()));
    for entry in std::fs::read_dir(from).unwrap_or_else(|e| panic!("read {}: {e}", from.display())) {
        let entry = entry.expect("a directory entry");
        let path = entry.path();
        let target = to.join(entry.file_name());
        if entry.file_type().expect("a file type").is_dir() {
            copy_dir(&path, &target);
        } else {
            std::fs::copy(&path, &target).unwrap_or_else(|e| panic!("copy {}: {e}", path.display()));
        }
    }
}

/// Builds the guest's core module and returns its path.
pub fn build(guest: &Path, out: &Path, generated: &Path, rquickjs_sys: &Path) -> PathBuf {
    for tool in ["clang-19", "llvm-ar-19"] {
        if Command::new(tool).arg("--version").output().is_err() {
            panic!("`{tool}` is not installed; the ECMAScript guest's C needs it: run toolchains/typescript.sh");
        }
    }
    if !Path::new(SYSROOT).join("lib/wasm32-wasip1").exists() {
        panic!("the wasm32 WASI sysroot {SYSROOT} is missing: run toolchains/typescript.sh");
    }
    let target_dir = out.join("guest-target");
    let patch = format!(
        "patch.crates-io.rquickjs-sys.path={:?}",
        rquickjs_sys.display().to_string()
    );
    let mut command = cargo();
    command
        .args([
            "build",
            "--release",
            "--locked",
            "--target",
            TARGET,
            "--config",
            &patch,
            "--manifest-path",
        ])
        .arg(guest.join("Cargo.toml"))
        .arg("--target-dir")
        .arg(&target_dir)
        .current_dir(guest)
        .env("GG_GUEST_GENERATED", generated)
        // rquickjs-sys would otherwise download a wasi-sdk; Debian's clang-19 and wasi-libc build it.
        .env("RQUICKJS_SYS_NO_WASI_SDK", "1")
        .env("CC_wasm32_wasip1", "clang-19")
        .env("AR_wasm32_wasip1", "llvm-ar-19")
        .env("CFLAGS_wasm32_wasip1", format!("--sysroot={SYSROOT}"));
    let result = command
        .output()
        .unwrap_or_else(|e| panic!("cannot start cargo to build the ECMAScript guest: {e}"));
    if !result.status.success() {
        let stderr = String::from_utf8_lossy(&result.stderr);
        let tail: Vec<&str> = stderr.lines().rev().take(60).collect();
        let tail: Vec<&str> = tail.into_iter().rev().collect();
        let hint = if stderr.contains("target may not be installed") || stderr.contains("can't find crate for `core`") {
            format!("\nthe {TARGET} target is missing; run toolchains/typescript.sh (rustup target add {TARGET})")
        } else {
            String::new()
        };
        panic!(
            "building the ECMAScript guest for {TARGET} failed with {}; its stderr ends:\n{}{hint}",
            result.status,
            tail.join("\n")
        );
    }
    let built = target_dir.join(TARGET).join("release").join("gg_ecmascript_guest.wasm");
    match std::fs::metadata(&built) {
        Ok(meta) if meta.len() > 0 => built,
        Ok(_) => panic!("the guest build succeeded but {} is empty", built.display()),
        Err(e) => panic!("the guest build succeeded but {} is missing: {e}", built.display()),
    }
}

/// wizer, pinned and installed by toolchains/typescript.sh from npm's `@bytecodealliance/wizer`.
/// Chosen over the `wasmtime-wizer` crate as a build dependency, which would be a second host build
/// of wasmtime and Cranelift for this build script alone: the binary costs the build nothing.
pub const WIZER: &str = "/opt/gg-wizer/bin/wizer";
pub const WIZER_VERSION: &str = "wizer 10.0.0";

/// Pre-initialises the core module: wizer instantiates it, calls `gg-pre-initialize` (the engine
/// made, the SDK evaluated) and writes the instance's memory and globals out as a new module, so an
/// instance starts where that call left off. WASI is allowed for the clock quickjs-ng reads while
/// making its context; the environment is not the build's, and the guest's stderr (a failure to
/// start the engine says why there) reaches the panic below.
/// What must differ per instance (randomness, the clock, the deadline) the guest redoes in `run`.
pub fn pre_initialize(core: &Path, out: &Path) -> PathBuf {
    println!("cargo:rerun-if-changed={WIZER}");
    let version = Command::new(WIZER).arg("--version").output();
    match &version {
        Ok(o) if String::from_utf8_lossy(&o.stdout).trim() == WIZER_VERSION => {}
        Ok(o) => panic!(
            "{WIZER} is `{}`, not {WIZER_VERSION}: run toolchains/typescript.sh",
            String::from_utf8_lossy(&o.stdout).trim()
        ),
        Err(e) => panic!(
            "{WIZER} cannot run ({e}); the ECMAScript guest's pre-initialisation needs it: run toolchains/typescript.sh"
        ),
    }
    let snapshot = out.join("gg_ecmascript_guest.initialized.wasm");
    let result = Command::new(WIZER)
        .args([
            "--allow-wasi",
            "--inherit-env=false",
            "--inherit-stdio=true",
            "--init-func",
            "gg-pre-initialize",
            "-o",
        ])
        .arg(&snapshot)
        .arg(core)
        .output()
        .unwrap_or_else(|e| panic!("cannot start {WIZER}: {e}"));
    if !result.status.success() {
        panic!(
            "pre-initialising the ECMAScript guest with wizer failed with {}:\n{}",
            result.status,
            String::from_utf8_lossy(&result.stderr)
        );
    }
    snapshot
}

/// The component: the core module with the pinned preview1 reactor adapter, encoded in process.
pub fn componentize(core: &[u8]) -> Vec<u8> {
    let adapter = wasi_preview1_component_adapter_provider::WASI_SNAPSHOT_PREVIEW1_REACTOR_ADAPTER;
    wit_component::ComponentEncoder::default()
        .module(core)
        .and_then(|e| e.validate(true).adapter("wasi_snapshot_preview1", adapter))
        .and_then(|e| e.encode())
        .unwrap_or_else(|e| panic!("encoding the ECMAScript guest's component failed: {e:#}"))
}
