#!/usr/bin/env bash
# Installs everything a fresh machine needs to build gg and run every test: the shared toolchain,
# then each arm's own script. Idempotent: safe to run before every build.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bash "$here/shared.sh"
for script in "$here"/*.sh; do
  case "$(basename "$script")" in
    shared.sh|install.sh) ;;
    *) bash "$script" ;;
  esac
done
