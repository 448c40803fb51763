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

# audit_summary prints how many page audits found each axe rule broken, by
# impact (docs/frontend.md "Accessibility" keeps the last count).
audit_summary() {
  local viewport=$1 file=$2
  [ -s "$file" ] || return 0
  local pages
  pages=$(grep -c ': [0-9]* violations$' "$file" || true)
  echo "e2e: axe at the $viewport size, $pages page audits; pages with each finding:"
  local counts
  counts=$(grep -oE '^  [a-z0-9-]+ \((critical|serious|moderate|minor|advisory)\)' "$file" | sort | uniq -c | sort -rn || true)
  if [ -n "$counts" ]; then echo "$counts" | sed 's/^/  /'; else echo "  none"; fi
  # Where each was found (the first three pages per rule), so a moderate finding can be looked up.
  awk '/: [0-9]+ violations$/ { sub(/: [0-9]+ violations$/, ""); page = $0; next }
       /^  [a-z0-9-]+ \((critical|serious|moderate|minor|advisory)\)/ { rule = $1; if (!seen[rule, page]++ && n[rule]++ < 3) print "    " rule " at " page " —" substr($0, index($0, ")") + 1, 140) }' "$file" | sort || true
}

run_at() {
  local viewport=$1
  local data log
  data=$(mktemp -d /tmp/hearth-e2e.XXXXXX)
  dirs+=("$data")
  log="$data/server.log"
  export HEARTH_DEV=1 HEARTH_DATA_DIR="$data" HEARTH_ADDR="127.0.0.1:$port" HEARTH_PUBLIC_URL="http://127.0.0.1:$port"
  # A server left by an earlier run would answer in this pass's place: refuse to start beside it.
  local p
  for p in "$port" $((port + 1)) $((port + 2)) $((port + 3)); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
      echo "e2e: port $p is already in use (a server left by an earlier run?); stop it or set E2E_PORT" >&2
      return 1
    fi
  done
  "$bin" seed --demo >/dev/null
  "$bin" serve >"$log" 2>&1 &
  pids+=($!)
  # Up to 60 s: with both sizes starting at once on a small machine, seeding and start-up take longer.
  for _ in $(seq 1 600); do curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break; sleep 0.1; done
  curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null || { echo "e2e: server did not start:" >&2; tail -20 "$log" >&2; return 1; }
  # The door kiosk's browser journey (e2e/kiosk.test.mjs) runs against the
  # desktop core served over HTTP (`hearth-desktop --serve`), set up as Maple
  # House's demo kiosk; it is skipped when bin/hearth-desktop is not built.
  if [ -x "$desk_bin" ]; then
    local desk_port=$((port + 1))
    HEARTH_DESKTOP_DIR="$data/desktop" "$desk_bin" --serve "127.0.0.1:$desk_port" >"$data/desktop.log" 2>&1 &
    pids+=($!)
    local desk="http://127.0.0.1:$desk_port"
    local desk_pid=$!
    for _ in $(seq 1 600); do
      curl -fsS "$desk/api/desktop/status" >/dev/null 2>&1 && break
      kill -0 "$desk_pid" 2>/dev/null || { echo "e2e: the desktop core stopped at start:" >&2; tail -20 "$data/desktop.log" >&2; return 1; }
      sleep 0.1
    done
    post() { curl -fsS -H 'Content-Type: application/json' -d "$2" "$desk$1" | grep -q '"code":"0000"'; }
    # Tried for up to 30 s: the core reaches the cloud to set up, and both may still be warming up.
    local set_up=0
    for _ in $(seq 1 30); do
      if post /api/desktop/cloud "{\"cloudUrl\":\"http://127.0.0.1:$port\"}" &&
        post /api/desktop/kiosk/setup '{"credential":"hk_demo-maple-front-door-kiosk-credential-2026","exitPin":"8642"}'; then
        set_up=1
        break
      fi
      sleep 1
    done
    [ "$set_up" = 1 ] || { echo "e2e: the desktop core could not be set up as the demo kiosk:" >&2; tail -20 "$data/desktop.log" >&2; return 1; }
    export HEARTH_DESKTOP_URL="$desk"
    # desktop-offline.test.mjs starts a cloud and a core of its own (it stops its cloud).
    export HEARTH_CLOUD_BIN="$bin" HEARTH_DESKTOP_BIN="$desk_bin"
  fi
  # evening.test.mjs starts a cloud of its own with its clock at 10 PM.
  export HEARTH_CLOUD_BIN="$bin"
  echo "e2e: journeys at the $viewport size"
  # Every audit's findings, the moderate and minor ones too, are logged and
  # counted by rule at the end of the pass (serious ones fail the journey, a
  # phone's target under 44 px among them, and moderate heading-order,
  # landmark-unique and region ones: e2e/support.mjs HELD_MODERATE).
  local audit_log=${E2E_AUDIT_LOG:-$data/audit.log}
  # E2E_ONLY="e2e/residents.test.mjs" runs one journey file while working on it.
  if ! (cd "$root/frontend" && E2E_AUDIT_LOG="$audit_log" E2E_VIEWPORT=$viewport HEARTH_URL="http://127.0.0.1:$port" node --test --test-concurrency=1 ${E2E_ONLY:-e2e/}); then
    echo "e2e: failed at the $viewport size; the server's warnings, errors and refused calls:" >&2
    grep -E '"level":"(WARN|ERROR)"|"status":[45][0-9][0-9]' "$log" | tail -40 >&2
    echo "e2e: last server log lines:" >&2; tail -15 "$log" >&2; return 1
  fi
  audit_summary "$viewport" "$audit_log"
  cleanup
}

# The two sizes run side by side (E2E_PARALLEL=0 runs them one after the
# other): each has its own server, port range, data directory and browser, so
# nothing is shared; the journeys mostly wait on pages, which two passes overlap.
# Each pass writes to its own log, printed whole when it ends.
viewports=(${E2E_VIEWPORTS:-desktop phone})
if [ "${E2E_PARALLEL:-1}" = 0 ] || [ ${#viewports[@]} -lt 2 ]; then
  for viewport in "${viewports[@]}"; do
    run_at "$viewport"
  done
  exit 0
fi
logs=$(mktemp -d /tmp/hearth-e2e-logs.XXXXXX)
jobs_=()
i=0
for viewport in "${viewports[@]}"; do
  # A subshell does not inherit the EXIT trap: set it again, so a failed pass stops its own processes.
  ( trap cleanup EXIT; port=$((${E2E_PORT:-18080} + 20 * i)); export E2E_PORT=$port; run_at "$viewport" ) >"$logs/$viewport.log" 2>&1 &
  jobs_+=($!)
  i=$((i + 1))
done
failed=0
i=0
for viewport in "${viewports[@]}"; do
  if ! wait "${jobs_[$i]}"; then failed=1; fi
  echo "===== e2e at the $viewport size ====="
  cat "$logs/$viewport.log"
  i=$((i + 1))
done
rm -rf "$logs"
[ "$failed" = 0 ] || { echo "e2e: a pass failed (its log is above)" >&2; exit 1; }
