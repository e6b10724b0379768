#!/usr/bin/env bash
# The Ruby arm's guest: CRuby 3.4.1 with its stdlib packed in, as the preview1 reactor module
# `ruby+stdlib.wasm` of npm's @ruby/3.4-wasm-wasi, pinned, under a prefix of its own. The arm's build
# script embeds it from there ($GG_RUBY_TOOLCHAIN overrides the prefix). Idempotent.
set -euo pipefail
version=2.10.1
prefix="${GG_RUBY_TOOLCHAIN:-/opt/gg-ruby}"
module="$prefix/node_modules/@ruby/3.4-wasm-wasi/dist/ruby+stdlib.wasm"
stamp="$prefix/node_modules/@ruby/3.4-wasm-wasi/package.json"
if [ -s "$module" ] && grep -q "\"version\": \"$version\"" "$stamp" 2>/dev/null; then
  echo "toolchains/ruby.sh: @ruby/3.4-wasm-wasi@$version ready at $module"
  exit 0
fi
command -v npm >/dev/null || { echo "toolchains/ruby.sh: npm is not here; it installs @ruby/3.4-wasm-wasi@$version" >&2; exit 1; }
sudo=""
[ -w "$(dirname "$prefix")" ] || [ -w "$prefix" ] || [ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo mkdir -p "$prefix"
if ! $sudo npm install --prefix "$prefix" --no-save --no-audit --no-fund --silent -E "@ruby/3.4-wasm-wasi@$version"; then
  echo "toolchains/ruby.sh: npm could not install @ruby/3.4-wasm-wasi@$version" >&2
  exit 1
fi
[ -s "$module" ] || { echo "toolchains/ruby.sh: the package brought no $module" >&2; exit 1; }
echo "toolchains/ruby.sh: installed @ruby/3.4-wasm-wasi@$version in $prefix"
