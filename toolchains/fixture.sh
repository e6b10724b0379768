#!/usr/bin/env bash
# The test-only fixture arm: its guest is plain Rust for wasm32-wasip2 (the shared toolchain), and its
# compiled modes are C compiled by Debian's clang-19 against wasi-libc — the same packages and sysroot
# the ECMAScript guest needs, so this defers to toolchains/typescript.sh for them.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bash "$here/shared.sh"
if ! command -v clang-19 >/dev/null || [ ! -e /opt/gg-wasi-sysroot/lib/wasm32-wasi ]; then
  bash "$here/typescript.sh"
fi
echo "toolchains/fixture.sh: $(clang-19 --version | head -1) with the wasi sysroot /opt/gg-wasi-sysroot"
