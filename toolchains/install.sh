#!/usr/bin/env bash
# Installs what a fresh machine needs to build gg and run its tests: the shared toolchain, then
# each arm's own script. Idempotent: safe to run before every build.
#   bash toolchains/install.sh                      every script (what the test command needs)
#   bash toolchains/install.sh purescript java      the shared toolchain and the scripts named
#   bash toolchains/install.sh --skip purescript    every script but those named (the PureScript
#                                                   compiler builds from source, minutes the first time)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
only=()
skip=()
while (($#)); do
  case "$1" in
    --skip) [ $# -ge 2 ] || { echo "toolchains/install.sh: --skip needs a name" >&2; exit 2; }; skip+=("$2"); shift 2 ;;
    --skip=*) skip+=("${1#--skip=}"); shift ;;
    -*) echo "toolchains/install.sh: unknown option $1 (usage: install.sh [NAME...] [--skip NAME]...)" >&2; exit 2 ;;
    *) only+=("$1"); shift ;;
  esac
done
for name in ${only[@]+"${only[@]}"} ${skip[@]+"${skip[@]}"}; do
  [ -f "$here/$name.sh" ] || { echo "toolchains/install.sh: there is no toolchains/$name.sh" >&2; exit 2; }
done
bash "$here/shared.sh"
for script in "$here"/*.sh; do
  name="$(basename "$script" .sh)"
  case "$name" in
    shared|install) continue ;;
  esac
  if ((${#only[@]})) && [[ " ${only[*]} " != *" $name "* ]]; then continue; fi
  if ((${#skip[@]})) && [[ " ${skip[*]} " == *" $name "* ]]; then
    echo "toolchains/install.sh: skipped $name (bash toolchains/install.sh $name installs it)"
    continue
  fi
  bash "$script"
done
