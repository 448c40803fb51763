#!/usr/bin/env bash
# Runs the browser journeys: a real `hearth serve` on a fresh SQLite data
# directory with the demo seed, driven by Debian's chromium through playwright-core.
# Every journey runs twice, each time against a freshly seeded server: in a
# 1280 × 800 window and in a 390 × 844 phone window (E2E_VIEWPORTS="phone" runs
# one of them). At each page the journeys run axe-core and, on the phone, check
# that nothing scrolls sideways (frontend/e2e/support.mjs).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
port=${E2E_PORT:-18080}
bin=${HEARTH_BIN:-$root/bin/hearth}
desk_bin=${HEARTH_DESKTOP_BIN:-$root/bin/hearth-desktop}
pids=()
dirs=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done
  for d in "${dirs[@]}"; do rm -rf "$d"; done
  pids=()
  dirs=()
}
trap cleanup EXIT

run_at() {
  local viewport=$1
  local data log
  data=$(mktemp -d /tmp/hearth-e2e.XXXXXX)
  dirs+=("$data")
  log="$data/server.log"
  export HEARTH_DEV=1 HEARTH_DATA_DIR="$data" HEARTH_ADDR="127.0.0.1:$port" HEARTH_PUBLIC_URL="http://127.0.0.1:$port"
  "$bin" seed --demo >/dev/null
  "$bin" serve >"$log" 2>&1 &
  pids+=($!)
  for _ in $(seq 1 100); do curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break; sleep 0.1; done
  curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null || { echo "e2e: server did not start:" >&2; tail -20 "$log" >&2; return 1; }
  # The door kiosk's browser journey (e2e/kiosk.test.mjs) runs against the
  # desktop core served over HTTP (`hearth-desktop --serve`), set up as Maple
  # House's demo kiosk; it is skipped when bin/hearth-desktop is not built.
  if [ -x "$desk_bin" ]; then
    local desk_port=$((port + 1))
    HEARTH_DESKTOP_DIR="$data/desktop" "$desk_bin" --serve "127.0.0.1:$desk_port" >"$data/desktop.log" 2>&1 &
    pids+=($!)
    local desk="http://127.0.0.1:$desk_port"
    for _ in $(seq 1 100); do curl -fsS "$desk/api/desktop/status" >/dev/null 2>&1 && break; sleep 0.1; done
    post() { curl -fsS -H 'Content-Type: application/json' -d "$2" "$desk$1" | grep -q '"code":"0000"'; }
    post /api/desktop/cloud "{\"cloudUrl\":\"http://127.0.0.1:$port\"}" &&
      post /api/desktop/kiosk/setup '{"credential":"hk_demo-maple-front-door-kiosk-credential-2026","exitPin":"8642"}' ||
      { echo "e2e: the desktop core could not be set up as the demo kiosk:" >&2; tail -20 "$data/desktop.log" >&2; return 1; }
    export HEARTH_DESKTOP_URL="$desk"
    # desktop-offline.test.mjs starts a cloud and a core of its own (it stops its cloud).
    export HEARTH_CLOUD_BIN="$bin" HEARTH_DESKTOP_BIN="$desk_bin"
  fi
  echo "e2e: journeys at the $viewport size"
  # E2E_ONLY="e2e/residents.test.mjs" runs one journey file while working on it.
  if ! (cd "$root/frontend" && E2E_VIEWPORT=$viewport HEARTH_URL="http://127.0.0.1:$port" node --test --test-concurrency=1 ${E2E_ONLY:-e2e/}); then
    echo "e2e: failed at the $viewport size; last server log lines:" >&2; tail -30 "$log" >&2; return 1
  fi
  cleanup
}

for viewport in ${E2E_VIEWPORTS:-desktop phone}; do
  run_at "$viewport"
done
