#!/usr/bin/env bash
# The Python arm's build tools, in a virtual environment of their own: componentize-py (bakes the
# guest component, CPython 3.14 inside) and griffe (reflects the signature catalogue), plus the
# pure-Python wheels gg-arm-python/guest/requirements.txt pins, installed into the directory the
# guest is baked from. Idempotent; prints what it installed or why it failed.
# The location is $GG_PYTHON_TOOLCHAIN, else ${XDG_DATA_HOME:-$HOME/.local/share}/gg/python-toolchain;
# gg-arm-python/build.rs looks in the same place.
set -euo pipefail

COMPONENTIZE_PY=0.25.1
GRIFFE=2.1.0

here="$(cd "$(dirname "$0")" && pwd)"
requirements="$here/../gg-arm-python/guest/requirements.txt"
prefix="${GG_PYTHON_TOOLCHAIN:-${XDG_DATA_HOME:-$HOME/.local/share}/gg/python-toolchain}"
say() { echo "toolchains/python.sh: $*"; }
fail() { echo "toolchains/python.sh: $*" >&2; exit 1; }

python=""
for candidate in python3.13 python3.12 python3.11 python3.10 python3; do
  if command -v "$candidate" >/dev/null && "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 10))' 2>/dev/null; then
    python="$(command -v "$candidate")"
    break
  fi
done
[ -n "$python" ] || fail "a python3 of 3.10 or newer is required to run componentize-py and griffe"

if [ ! -x "$prefix/venv/bin/python" ]; then
  "$python" -m venv "$prefix/venv" || fail "'$python -m venv $prefix/venv' failed (on Debian: apt-get install python3-venv)"
fi
pip=("$prefix/venv/bin/python" -m pip --disable-pip-version-check --quiet)

installed() { "$prefix/venv/bin/python" -m pip show "$1" 2>/dev/null | sed -n 's/^Version: //p'; }
for pin in "componentize-py==$COMPONENTIZE_PY" "griffe==$GRIFFE"; do
  name="${pin%%==*}" version="${pin##*==}"
  if [ "$(installed "$name")" != "$version" ]; then
    "${pip[@]}" install "$pin" || fail "'pip install $pin' failed; the Python guest cannot be baked without it"
  fi
done

# The wheels the guest carries, in a directory of their own (not the venv: componentize-py bakes
# every module it finds imported from it; the build points VIRTUAL_ENV at its parent so that
# componentize-py finds this site-packages (it looks in lib/*/) and no other). Reinstalled when requirements.txt changed.
site="$prefix/guest/lib/python3.14/site-packages"
stamp="$site/.requirements.txt"
if ! cmp -s "$requirements" "$stamp" 2>/dev/null; then
  rm -rf "$site"
  mkdir -p "$site"
  "${pip[@]}" install --no-deps --only-binary=:all: --target "$site" -r "$requirements" \
    || fail "'pip install --target $site -r $requirements' failed"
  # A wheel's native accelerator (PyYAML's _yaml) is built for this host, not for wasm; the
  # packages fall back to their pure-Python code without it.
  find "$site" -name '*.so' -delete
  cp "$requirements" "$stamp"
fi

say "componentize-py $(installed componentize-py), griffe $(installed griffe) in $prefix/venv;" \
  "guest wheels ($(grep -v '^#' "$requirements" | xargs)) in $site"
