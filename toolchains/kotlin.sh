#!/usr/bin/env bash
# The Kotlin toolchain: npm's kotlin-compiler 2.4.20 is the whole kotlinc distribution, with
# kotlinc-wasm and the wasm-wasi standard library; it runs on the machine's JDK (17 or newer).
# Installed under ${GG_KOTLIN_TOOLCHAIN:-/opt/gg-kotlin}. Idempotent; says what it did or why it failed.
set -euo pipefail
say() { echo "toolchains/kotlin.sh: $*"; }
fail() { echo "toolchains/kotlin.sh: $*" >&2; exit 1; }

version=2.4.20
prefix="${GG_KOTLIN_TOOLCHAIN:-/opt/gg-kotlin}"
home="$prefix/node_modules/kotlin-compiler"

command -v java >/dev/null || fail "java is required (a JDK 17 or newer runs kotlinc)"
if [ "$(sed -n 's/.*"version": *"\([^"]*\)".*/\1/p' "$home/package.json" 2>/dev/null | head -1)" != "$version" ]; then
  command -v npm >/dev/null || fail "npm is not here; it installs kotlin-compiler@$version"
  mkdir -p "$prefix"
  npm install --prefix "$prefix" --no-audit --no-fund --silent "kotlin-compiler@$version" \
    || fail "npm could not install kotlin-compiler@$version"
  say "installed kotlin-compiler@$version in $prefix"
fi
[ -x "$home/bin/kotlinc-wasm" ] || fail "$home/bin/kotlinc-wasm is missing"
[ -f "$home/lib/kotlin-stdlib-wasm-wasi.klib" ] || fail "the wasm-wasi standard library is missing from $home/lib"
say "kotlinc $version (kotlinc-wasm, wasm-wasi stdlib) in $home on $(java -version 2>&1 | head -1)"
