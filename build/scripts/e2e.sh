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
# The door kiosk's browser journey (e2e/kiosk.test.mjs) runs against the
# desktop core served over HTTP (`hearth-desktop --serve`), set up as Maple
# House's demo kiosk; it is skipped when bin/hearth-desktop is not built.
desk_bin=${HEARTH_DESKTOP_BIN:-$root/bin/hearth-desktop}
if [ -x "$desk_bin" ]; then
  desk_port=$((port + 1))
  desk_dir="$data/desktop"
  HEARTH_DESKTOP_DIR="$desk_dir" "$desk_bin" --serve "127.0.0.1:$desk_port" >"$data/desktop.log" 2>&1 &
  desk_pid=$!
  trap 'kill "$desk_pid" 2>/dev/null || true; wait "$desk_pid" 2>/dev/null || true; cleanup' EXIT
  desk="http://127.0.0.1:$desk_port"
  for _ in $(seq 1 100); do curl -fsS "$desk/api/desktop/status" >/dev/null 2>&1 && break; sleep 0.1; done
  post() { curl -fsS -H 'Content-Type: application/json' -d "$2" "$desk$1" | grep -q '"code":"0000"'; }
  post /api/desktop/cloud "{\"cloudUrl\":\"http://127.0.0.1:$port\"}" &&
    post /api/desktop/kiosk/setup '{"credential":"hk_demo-maple-front-door-kiosk-credential-2026","exitPin":"8642"}' ||
    { echo "e2e: the desktop core could not be set up as the demo kiosk:" >&2; tail -20 "$data/desktop.log" >&2; exit 1; }
  export HEARTH_DESKTOP_URL="$desk"
  # desktop-offline.test.mjs starts a cloud and a core of its own (it stops its cloud).
  export HEARTH_CLOUD_BIN="$bin" HEARTH_DESKTOP_BIN="$desk_bin"
fi
cd "$root/frontend"
# E2E_ONLY="e2e/residents.test.mjs" runs one journey file while working on it.
if ! HEARTH_URL="http://127.0.0.1:$port" node --test --test-concurrency=1 ${E2E_ONLY:-e2e/}; then
  echo "e2e: failed; last server log lines:" >&2; tail -30 "$log" >&2; exit 1
fi
