#!/usr/bin/env bash
# Native CPython 3.14 for the kernels bench (issue 24: the guest's version, beside the machine's
# 3.11): Debian sid's python3.14 in a minbase debootstrap userland under ${GG_PY314_ROOT:-/var/tmp/sid-py}
# (made once, from the mirror this machine's apt sources name), run through bubblewrap with /work
# and /tmp visible. Use it as the bench's native interpreter:
#   PYTHON=gg/benches/python314.sh python3 gg/benches/kernels.py python 3 gg=target/debug/gg --native
set -euo pipefail
root="${GG_PY314_ROOT:-/var/tmp/sid-py}"
if [ ! -x "$root/usr/bin/python3.14" ]; then
  mirror="$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -1)"
  [ -n "$mirror" ] || mirror="$(awk '$1 == "deb" { print $2; exit }' /etc/apt/sources.list)"
  [ -n "$mirror" ] || { echo "python314.sh: no Debian mirror in this machine's apt sources" >&2; exit 1; }
  echo "python314.sh: making a sid userland with python3.14 in $root (about a minute)" >&2
  timeout 900 debootstrap --variant=minbase --include=python3.14 sid "$root" "$mirror" >&2
fi
mkdir -p "$root/work"
exec bwrap --ro-bind "$root" / --dev /dev --proc /proc --ro-bind /work /work --bind /tmp /tmp \
  --chdir "$PWD" python3.14 "$@"
