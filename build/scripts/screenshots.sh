#!/usr/bin/env bash
# Screenshots of the main screens at 390 × 844 and 1440 × 900 (frontend/e2e/screenshots.mjs), from a
# fresh demo server: `make screenshots` (SHOT_LANG=es-ES for another language; SHOT_PORT picks the port).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
port=${SHOT_PORT:-18090}
bin=${HEARTH_BIN:-$root/bin/hearth}
data=$(mktemp -d /tmp/hearth-shots.XXXXXX)
export HEARTH_DEV=1 HEARTH_DATA_DIR="$data" HEARTH_ADDR="127.0.0.1:$port" HEARTH_PUBLIC_URL="http://127.0.0.1:$port"
"$bin" seed --demo >/dev/null
"$bin" serve >"$data/server.log" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -rf "$data"' EXIT
for _ in $(seq 1 100); do curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break; sleep 0.1; done
cd "$root/frontend"
HEARTH_URL="http://127.0.0.1:$port" node e2e/screenshots.mjs
