#!/usr/bin/env bash
# The Rust arm's toolchain: rustc with the wasm32-wasip2 target (its std, and wasm-component-ld,
# which rustc links components with). gg-arm-rust/build.rs builds the SDK and the library set with
# it and every program is compiled by the same rustc, so the two must not drift apart: rebuild gg
# after changing the toolchain. That toolchain is rust-toolchain.toml's (toolchains/shared.sh
# installs it), found from the repository's root as cargo finds it. Idempotent; says plainly what it
# could not install.
set -euo pipefail
cd "$(dirname "$0")/.."
say() { echo "toolchains/rust.sh: $*"; }
fail() { echo "toolchains/rust.sh: $*" >&2; exit 1; }

command -v rustc >/dev/null && command -v rustup >/dev/null || fail "rustc and rustup are required (toolchains/shared.sh installs the pinned toolchain)"
if ! rustup target list --installed | grep -qx wasm32-wasip2; then
  rustup target add wasm32-wasip2 || fail "'rustup target add wasm32-wasip2' was refused; Rust programs cannot be compiled without it"
fi
sysroot="$(rustc --print sysroot)"
linker="$sysroot/lib/rustlib/$(rustc -vV | sed -n 's/^host: //p')/bin/wasm-component-ld"
[ -x "$linker" ] || fail "$linker is missing (it ships with the wasm32-wasip2 target; reinstall it)"
say "rustc $(rustc --version | cut -d' ' -f2) with wasm32-wasip2 and wasm-component-ld in $sysroot"
