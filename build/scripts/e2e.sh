#!/usr/bin/env bash
# Runs the browser journeys: a real `hearth serve` on a fresh SQLite data
# directory with the demo seed, driven by Debian's chromium through playwright-core.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
port=${E2E_PORT:-18080}
bin=${HEARTH_BIN:-$root/bin/hearth}
data=$(mktemp -d /tmp/hearth-e2e.XXXXXX)
log="$data/server.log"
export HEARTH_DEV=1 HEARTH_DATA_DIR="$data" HEARTH_ADDR="127.0.0.1:$port" HEARTH_PUBLIC_URL="http://127.0.0.1:$port"
"$bin" seed --demo >/dev/null
"$bin" serve >"$log" 2>&1 &
pid=$!
cleanup() { kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -rf "$data"; }
trap cleanup EXIT
for _ in $(seq 1 100); do curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break; sleep 0.1; done
curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null || { echo "e2e: server did not start:" >&2; tail -20 "$log" >&2; exit 1; }
cd "$root/frontend"
# E2E_ONLY="e2e/residents.test.mjs" runs one journey file while working on it.
if ! HEARTH_URL="http://127.0.0.1:$port" node --test --test-concurrency=1 ${E2E_ONLY:-e2e/}; then
  echo "e2e: failed; last server log lines:" >&2; tail -30 "$log" >&2; exit 1
fi
