#!/usr/bin/env bash
# The ECMAScript guest (JavaScript and TypeScript arms): quickjs-ng is C, compiled for wasm32-wasip1
# by Debian's clang-19 against Debian's wasi-libc, through a sysroot that lets clang-19 find it.
# Idempotent and pinned to Debian 12's -19 packages; says what it did or why it failed.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bash "$here/shared.sh"

packages=(clang-19 lld-19 llvm-19 wasi-libc libclang-rt-19-dev-wasm32)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  if ! command -v apt-get >/dev/null; then
    echo "toolchains/typescript.sh: apt-get is not here; install ${missing[*]} by hand (Debian 12 names)" >&2
    exit 1
  fi
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  if ! $sudo apt-get update -qq || ! DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null; then
    echo "toolchains/typescript.sh: could not install ${missing[*]} with apt-get" >&2
    exit 1
  fi
  echo "toolchains/typescript.sh: installed ${missing[*]}"
fi

# clang-19 finds Debian's wasi-libc (/usr/include/wasm32-wasi, /usr/lib/wasm32-wasi) only through
# a sysroot whose include/ and lib/ hold an entry per wasm32 WASI triple.
sysroot=/opt/gg-wasi-sysroot
if [ ! -e "$sysroot/lib/wasm32-wasip1" ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo mkdir -p "$sysroot/include" "$sysroot/lib"
  for triple in wasm32-wasi wasm32-wasip1 wasm32-wasip2; do
    $sudo ln -sfn /usr/include/wasm32-wasi "$sysroot/include/$triple"
    $sudo ln -sfn /usr/lib/wasm32-wasi "$sysroot/lib/$triple"
  done
  echo "toolchains/typescript.sh: made the wasm32 WASI sysroot $sysroot"
fi
for f in /usr/include/wasm32-wasi/stdio.h /usr/lib/wasm32-wasi/libc.a; do
  [ -e "$f" ] || { echo "toolchains/typescript.sh: $f is missing; wasi-libc did not install" >&2; exit 1; }
done
# The TypeScript arm's checker: the native TypeScript 7 compiler, pinned, under a prefix of its own.
tsc_version=7.0.2
tsc_prefix=/opt/gg-typescript
tsc_bin="$tsc_prefix/node_modules/@typescript/typescript-linux-x64/lib/tsc"
if [ "$("$tsc_bin" --version 2>/dev/null)" != "Version $tsc_version" ]; then
  if ! command -v npm >/dev/null; then
    echo "toolchains/typescript.sh: npm is not here; it installs typescript@$tsc_version" >&2
    exit 1
  fi
  mkdir -p "$tsc_prefix"
  if ! npm install --prefix "$tsc_prefix" --no-audit --no-fund --silent "typescript@$tsc_version"; then
    echo "toolchains/typescript.sh: npm could not install typescript@$tsc_version" >&2
    exit 1
  fi
  "$tsc_bin" --version >/dev/null || { echo "toolchains/typescript.sh: $tsc_bin does not run" >&2; exit 1; }
  echo "toolchains/typescript.sh: installed typescript@$tsc_version in $tsc_prefix"
fi

# wizer pre-initialises the guest's core module at build time, so an instance starts with the engine
# and the SDK ready. npm's package carries a prebuilt binary (no second host build of wasmtime);
# pinned, installed under its own prefix, linked where the build script looks: $wizer_prefix/bin/wizer.
wizer_version=10.0.0
wizer_prefix=/opt/gg-wizer
if [ "$("$wizer_prefix/bin/wizer" --version 2>/dev/null)" != "wizer $wizer_version" ]; then
  command -v npm >/dev/null || { echo "toolchains/typescript.sh: npm is not here; it installs wizer" >&2; exit 1; }
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  if ! $sudo npm install --prefix "$wizer_prefix" --no-save --no-audit --no-fund --silent -E "@bytecodealliance/wizer@$wizer_version"; then
    echo "toolchains/typescript.sh: could not install wizer $wizer_version with npm" >&2
    exit 1
  fi
  binaries=("$wizer_prefix"/node_modules/@bytecodealliance/wizer-*/wizer)
  if [ ! -x "${binaries[0]}" ]; then
    echo "toolchains/typescript.sh: wizer's npm package brought no binary for this platform" >&2
    exit 1
  fi
  $sudo mkdir -p "$wizer_prefix/bin"
  $sudo ln -sfn "${binaries[0]}" "$wizer_prefix/bin/wizer"
  echo "toolchains/typescript.sh: installed wizer $wizer_version in $wizer_prefix"
fi
echo "toolchains/typescript.sh: $(clang-19 --version | head -1), wasi-libc, sysroot $sysroot and $("$wizer_prefix/bin/wizer" --version) ready"
echo "toolchains/typescript.sh: $("$tsc_bin" --version) at $tsc_bin"
