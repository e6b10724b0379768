#!/usr/bin/env bash
# What every arm needs: the Rust toolchain rust-toolchain.toml pins, with the two wasm32 WASI
# targets (the fixture guest and the ECMAScript guest are built for them) and its components.
# Idempotent; says plainly what it could not install.
set -euo pipefail
cd "$(dirname "$0")/.."
say() { echo "toolchains/shared.sh: $*"; }
fail() { echo "toolchains/shared.sh: $*" >&2; exit 1; }

command -v rustup >/dev/null || fail "rustup is required (it installs the toolchain rust-toolchain.toml pins)"
channel="$(sed -n 's/^channel = "\(.*\)"$/\1/p' rust-toolchain.toml)"
[ -n "$channel" ] || fail "rust-toolchain.toml names no channel"
targets=(wasm32-wasip1 wasm32-wasip2)
if ! rustup run "$channel" rustc -V >/dev/null 2>&1; then
  rustup toolchain install "$channel" --profile minimal --component rustfmt,clippy \
    --target "$(IFS=,; echo "${targets[*]}")" \
    || fail "'rustup toolchain install $channel' was refused on this machine; gg cannot be built without it"
fi
for target in "${targets[@]}"; do
  if ! rustup target list --installed --toolchain "$channel" | grep -qx "$target"; then
    rustup target add --toolchain "$channel" "$target" \
      || fail "'rustup target add --toolchain $channel $target' was refused; gg's guests cannot be built without it"
  fi
done
for component in rustfmt clippy; do
  if ! rustup component list --installed --toolchain "$channel" | grep -q "^$component"; then
    rustup component add --toolchain "$channel" "$component" || fail "'rustup component add $component' was refused"
  fi
done
say "rustc $(rustup run "$channel" rustc --version | cut -d' ' -f2) (rust-toolchain.toml), targets ${targets[*]} installed"
