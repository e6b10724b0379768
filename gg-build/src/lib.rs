//! What arm build scripts share: the WIT as an SDK generator reads it (`wit`), the signature
//! catalogue's entries (`catalogue`), cargo's directories and the writing of outputs, and a nested
//! cargo build of a guest (for a wasm target) with the outer build's environment cleaned away, so
//! the guest's build sees no flags, target, profile or jobserver meant for the host crate that
//! embeds it.

use std::path::{Path, PathBuf};
use std::process::Command;

pub mod catalogue;
pub mod wit;

/// The build script's `OUT_DIR`.
pub fn out_dir() -> PathBuf {
    PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"))
}

/// The crate's own directory, `CARGO_MANIFEST_DIR`.
pub fn manifest_dir() -> PathBuf {
    PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"))
}

/// Writes one generated output, a build that cannot stopping with the path.
pub fn write(path: &Path, body: impl AsRef<[u8]>) {
    std::fs::write(path, body).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}

/// The variable naming the rustup toolchain a nested guest build uses instead of the outer build's.
/// The fuzz build sets it: its nightly's wasm targets are in no registry this machine reaches.
pub const GUEST_TOOLCHAIN: &str = "GG_GUEST_TOOLCHAIN";

/// A cargo command for a nested guest build, the outer build's environment cleaned away: the outer
/// build's cargo, or, when [`GUEST_TOOLCHAIN`] names a toolchain, rustup's cargo on that one.
pub fn guest_cargo() -> Command {
    println!("cargo:rerun-if-env-changed={GUEST_TOOLCHAIN}");
    let mut command = match std::env::var(GUEST_TOOLCHAIN) {
        Ok(toolchain) if !toolchain.is_empty() => {
            let mut command = Command::new("cargo");
            command.env("RUSTUP_TOOLCHAIN", toolchain).env_remove("RUSTC");
            command
        }
        _ => Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into())),
    };
    clean_outer_build_env(&mut command);
    command
}

/// Removes from `command` every variable of this process's environment that configures the outer
/// build (see [`leaks_outer_build`]).
pub fn clean_outer_build_env(command: &mut Command) {
    for (key, _) in std::env::vars_os() {
        if key.to_str().is_some_and(leaks_outer_build) {
            command.env_remove(&key);
        }
    }
}

/// Whether an environment variable configures the outer build and so must not reach the guest's:
/// cargo's build-script variables, flags, target and profile overrides, wrappers and the jobserver.
/// Kept: `CARGO_HOME` and cargo's network, registry and terminal settings, `RUSTC` and `RUSTUP_*`.
pub fn leaks_outer_build(key: &str) -> bool {
    const KEPT_CARGO: &[&str] = &[
        "CARGO_HOME",
        "CARGO_NET_",
        "CARGO_HTTP_",
        "CARGO_REGISTRY_",
        "CARGO_REGISTRIES_",
        "CARGO_TERM_",
    ];
    const LEAKING: &[&str] = &[
        "RUSTFLAGS",
        "RUSTDOCFLAGS",
        "RUSTC_WRAPPER",
        "RUSTC_WORKSPACE_WRAPPER",
        "RUSTC_LINKER",
        "RUSTDOC",
        "MAKEFLAGS",
        "MFLAGS",
        "TARGET",
        "HOST",
        "OPT_LEVEL",
        "PROFILE",
        "DEBUG",
        "OUT_DIR",
        "NUM_JOBS",
        "CC",
        "CFLAGS",
        "AR",
    ];
    if key.starts_with("CARGO") {
        return !KEPT_CARGO.iter().any(|kept| key.starts_with(kept));
    }
    key.starts_with("__CARGO") || key.starts_with("DEP_") || LEAKING.contains(&key)
}

#[cfg(test)]
mod tests {
    use super::leaks_outer_build;

    #[test]
    fn the_outer_builds_settings_are_dropped_and_the_toolchains_kept() {
        for leaking in [
            "CARGO_PKG_NAME",
            "CARGO_ENCODED_RUSTFLAGS",
            "RUSTFLAGS",
            "TARGET",
            "OUT_DIR",
            "DEP_GG_CORE_WIT",
            "CC",
        ] {
            assert!(leaks_outer_build(leaking), "{leaking}");
        }
        for kept in [
            "CARGO_HOME",
            "CARGO_NET_OFFLINE",
            "RUSTC",
            "RUSTUP_TOOLCHAIN",
            "PATH",
            "HOME",
        ] {
            assert!(!leaks_outer_build(kept), "{kept}");
        }
    }
}
