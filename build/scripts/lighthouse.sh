#!/usr/bin/env bash
# Lighthouse figures of the UI (docs/performance.md "The first page on a phone"): a real
# `hearth serve` with the built UI on a fresh SQLite data directory with the demo seed,
# measured in Debian's chromium by Lighthouse 12 (build/lighthouse, its own npm packages).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
port=${LIGHTHOUSE_PORT:-18095}
bin=${HEARTH_BIN:-$root/bin/hearth}
[ -x "$bin" ] || { echo "lighthouse: $bin is missing: run make build" >&2; exit 1; }
lh="$root/build/lighthouse"
if [ ! -f "$lh/node_modules/.installed" ] || [ "$lh/package-lock.json" -nt "$lh/node_modules/.installed" ]; then
  (cd "$lh" && npm ci --no-audit --no-fund) && touch "$lh/node_modules/.installed"
fi
data=$(mktemp -d /tmp/hearth-lighthouse.XXXXXX)
log="$data/server.log"
export HEARTH_DEV=1 HEARTH_DATA_DIR="$data" HEARTH_ADDR="127.0.0.1:$port" HEARTH_PUBLIC_URL="http://127.0.0.1:$port"
"$bin" seed --demo >/dev/null
"$bin" serve >"$log" 2>&1 &
pid=$!
cleanup() { kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -rf "$data"; }
trap cleanup EXIT
for _ in $(seq 1 100); do curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break; sleep 0.1; done
curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null || { echo "lighthouse: server did not start:" >&2; tail -20 "$log" >&2; exit 1; }
HEARTH_URL="http://127.0.0.1:$port" node "$lh/lighthouse.mjs"
