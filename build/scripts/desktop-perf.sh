#!/usr/bin/env bash
# Desktop shell figures for docs/performance.md: binary sizes, start to first
# paint (median of RUNS starts of the owner window under Xvfb, as logged by the
# shell when the UI calls FirstPaint), and idle memory 10 s after the last start
# as PSS summed over hearth-desktop and its WebKit processes (PSS shares each
# shared page among the processes that map it, so the sum does not double-count
# the way RSS does). Needs bin/hearth (make build) and bin/hearth-desktop (make desktop).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
runs=${RUNS:-5}
port=${PERF_CLOUD_PORT:-18290}
display=${PERF_DISPLAY:-:95}
cloud_bin=$root/bin/hearth desk_bin=$root/bin/hearth-desktop
for f in "$cloud_bin" "$desk_bin"; do [ -x "$f" ] || { echo "desktop-perf: $f is missing" >&2; exit 1; }; done
work=$(mktemp -d /tmp/hearth-perf.XXXXXX)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

export HEARTH_DEV=1 HEARTH_DATA_DIR="$work/cloud" HEARTH_ADDR="127.0.0.1:$port" HEARTH_PUBLIC_URL="http://127.0.0.1:$port"
"$cloud_bin" seed --demo >/dev/null
"$cloud_bin" serve >"$work/cloud.log" 2>&1 & pids+=($!)
for _ in $(seq 1 100); do curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break; sleep 0.1; done
export HEARTH_DESKTOP_DIR="$work/desktop"
"$desk_bin" --serve "127.0.0.1:$((port + 1))" >/dev/null 2>&1 & setup=$!
for _ in $(seq 1 100); do curl -fsS "http://127.0.0.1:$((port + 1))/api/desktop/status" >/dev/null 2>&1 && break; sleep 0.1; done
curl -fsS -H 'Content-Type: application/json' -d "{\"cloudUrl\":\"http://127.0.0.1:$port\"}" \
  "http://127.0.0.1:$((port + 1))/api/desktop/cloud" | grep -q '"code":"0000"'
kill "$setup"; wait "$setup" 2>/dev/null || true

Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 & pids+=($!)
export DISPLAY=$display
for _ in $(seq 1 50); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done

paints=() walls=() doms=()
for i in $(seq 1 "$runs"); do
  log="$work/run$i.log"
  t0=$(date +%s%N)
  "$desk_bin" >"$log" 2>&1 & pid=$!
  for _ in $(seq 1 600); do grep -q "first paint" "$log" && break; sleep 0.01; done
  t1=$(date +%s%N)
  paints+=("$(sed -n 's/.*first paint" ms=\([0-9]*\).*/\1/p' "$log")")
  walls+=("$(( (t1 - t0) / 1000000 ))")
  doms+=("$(sed -n 's/.*dom ready" ms=\([0-9]*\).*/\1/p' "$log" | head -1)")
  if [ "$i" -lt "$runs" ]; then kill "$pid"; wait "$pid" 2>/dev/null || true; fi
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

sleep 10
tree() { echo "$1"; for c in $(pgrep -P "$1"); do tree "$c"; done; }
total=0
detail=""
for p in $(tree "$pid"); do
  kb=$(awk '/^Pss:/ {print $2}' "/proc/$p/smaps_rollup" 2>/dev/null || echo 0)
  total=$((total + kb))
  detail+="    $(cat /proc/$p/comm 2>/dev/null): $((kb / 1024)) MB"$'\n'
done
kill "$pid"; wait "$pid" 2>/dev/null || true

size() { [ -f "$1" ] && echo "$(($(stat -c %s "$1") / 1024 / 1024)) MB" || echo "not built"; }
echo "machine: $(nproc) cores, $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1), $(free -g | awk '/Mem:/ {print $2}') GiB"
echo "binary: linux $(size "$root/bin/hearth-desktop"), windows $(size "$root/bin/hearth-desktop.exe"), installer $(size "$root/bin/hearth-desktop-setup.exe")"
echo "start to first paint (shell's own clock), $runs starts: median $(median "${paints[@]}") ms  (each: ${paints[*]})"
echo "of which start to DOM ready (GTK, WebKit's processes, index.html): median $(median "${doms[@]}") ms"
echo "launch to first-paint log line (wall), median $(median "${walls[@]}") ms"
echo "idle PSS after 10 s: $((total / 1024)) MB"
printf '%s' "$detail"
