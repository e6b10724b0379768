#!/usr/bin/env bash
# The fuzz targets' toolchain (fuzz/, `cargo fuzz`): a pinned nightly Rust (libFuzzer's
# instrumentation needs it) and cargo-fuzz from crates.io. Idempotent: a machine that already has
# both at these versions is left as it is. Says what it did or why it failed.
set -euo pipefail
NIGHTLY=nightly-2026-10-30
CARGO_FUZZ_VERSION=0.13.2
say() { echo "toolchains/fuzz.sh: $*"; }
fail() { echo "toolchains/fuzz.sh: $*" >&2; exit 1; }
command -v rustup >/dev/null || fail "rustup is not here (it installs the pinned nightly $NIGHTLY)"
# No wasm targets: the registry carries none for this nightly, so the fuzz build's nested guest
# builds run on rust-toolchain.toml's (GG_GUEST_TOOLCHAIN, see fuzz/README.md). wasmtime 50
# needs rustc 1.97, so the nightly is one of 1.101's.
if rustup run "$NIGHTLY" rustc -V >/dev/null 2>&1; then
  say "$NIGHTLY already installed ($(rustup run "$NIGHTLY" rustc -V))"
else
  rustup toolchain install "$NIGHTLY" --profile minimal >/dev/null || fail "could not install $NIGHTLY with rustup"
  say "installed $NIGHTLY ($(rustup run "$NIGHTLY" rustc -V))"
fi
if cargo fuzz --version 2>/dev/null | grep -q " $CARGO_FUZZ_VERSION\$"; then
  say "cargo-fuzz $CARGO_FUZZ_VERSION already installed"
else
  # Its own target directory (cargo install's default), so no build tree of the project is touched.
  env -u CARGO_TARGET_DIR cargo install --locked --quiet cargo-fuzz --version "$CARGO_FUZZ_VERSION" \
    || fail "could not install cargo-fuzz $CARGO_FUZZ_VERSION from the registry"
  say "installed $(cargo fuzz --version)"
fi
