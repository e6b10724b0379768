#!/usr/bin/env bash
# What every arm needs: a Rust toolchain with the two wasm32 WASI targets (the fixture guest and
# the ECMAScript guest are built for them). Idempotent; says plainly what it could not install.
set -euo pipefail

if ! command -v cargo >/dev/null || ! command -v rustup >/dev/null; then
  echo "toolchains/shared.sh: cargo and rustup are required (rustc 1.95 or newer)" >&2
  exit 1
fi

for target in wasm32-wasip1 wasm32-wasip2; do
  if rustup target list --installed | grep -qx "$target"; then
    continue
  fi
  if ! rustup target add "$target"; then
    echo "toolchains/shared.sh: 'rustup target add $target' was refused on this machine;" >&2
    echo "  gg's guests cannot be built without it." >&2
    exit 1
  fi
done
echo "toolchains/shared.sh: rustc $(rustc --version | cut -d' ' -f2), targets wasm32-wasip1 wasm32-wasip2 installed"
