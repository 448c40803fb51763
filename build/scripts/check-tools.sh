#!/usr/bin/env bash
# Says clearly what is missing before a build starts.
set -euo pipefail
missing=0
need() { command -v "$1" >/dev/null 2>&1 || { echo "missing: $1 — $2" >&2; missing=1; }; }
need go "install Go 1.26 or newer (https://go.dev/doc/install); Debian's golang package may be too old"
need node "install Node.js 20 or newer with npm"
need npm "install npm (comes with Node.js)"
need gcc "install gcc (apt-get install -y gcc): the SQLite driver uses cgo"
[ "$missing" = 0 ] || exit 1
goversion=$(go env GOVERSION | sed 's/go//')
if [ "$(printf '%s\n1.26\n' "$goversion" | sort -V | head -1)" != "1.26" ]; then
  echo "Go $goversion is too old: Hearth needs Go 1.26 or newer" >&2; exit 1
fi
node_major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$node_major" -lt 20 ]; then echo "Node $node_major is too old: Hearth needs Node 20 or newer" >&2; exit 1; fi
