#!/usr/bin/env bash
# The test-only fixture arm: its guest is plain Rust for wasm32-wasip2, so the shared toolchain is all it needs.
set -euo pipefail
bash "$(dirname "$0")/shared.sh"
