#!/usr/bin/env bash
# `gg serve`'s test client: the Python MCP SDK (`mcp`, pinned) in a virtual environment under
# ${GG_MCP_CLIENT:-$HOME/.local/share/gg/mcp-client}. gg/tests/all/serve.rs drives `gg serve` with it.
# Idempotent: an environment that already has the pinned version is left as it is.
set -euo pipefail
MCP_VERSION=2.3.0
dir="${GG_MCP_CLIENT:-$HOME/.local/share/gg/mcp-client}"
py="$dir/bin/python"
if [ -x "$py" ] && "$py" -c "import importlib.metadata as m, sys; sys.exit(m.version('mcp') != '$MCP_VERSION')" 2>/dev/null; then
  echo "toolchains/serve.sh: mcp $MCP_VERSION already in $dir"
  exit 0
fi
python3 -m venv "$dir"
"$py" -m pip install --quiet --disable-pip-version-check "mcp==$MCP_VERSION"
echo "toolchains/serve.sh: installed mcp $MCP_VERSION in $dir ($("$py" --version))"
