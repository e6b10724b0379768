#!/usr/bin/env bash
# What `--confined` needs to confine the shell: Debian's bubblewrap (`bwrap`), which runs each
# `shell.run` command in new user, mount, network, PID and IPC namespaces with only the workspace
# and the system's read-only directories in view. Idempotent; says what it did or why it failed.
# Whether this machine lets bwrap make those namespaces is probed by gg itself (`gg arms`).
set -euo pipefail
if dpkg-query -W -f='${Status}' bubblewrap 2>/dev/null | grep -q "install ok installed"; then
  echo "toolchains/confine.sh: bubblewrap already installed ($(bwrap --version))"
  exit 0
fi
if ! command -v apt-get >/dev/null; then
  echo "toolchains/confine.sh: apt-get is not here; install bubblewrap by hand (the Debian 12 name)" >&2
  exit 1
fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
if ! $sudo apt-get update -qq || ! DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq bubblewrap >/dev/null; then
  echo "toolchains/confine.sh: could not install bubblewrap with apt-get" >&2
  exit 1
fi
echo "toolchains/confine.sh: installed bubblewrap ($(bwrap --version))"
