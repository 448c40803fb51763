#!/usr/bin/env bash
# The door-kiosk journey in the real Wails window under Xvfb (issue 6):
#   1. a real `hearth serve` with the demo seed on a fresh SQLite directory;
#   2. the desktop core set up as Maple House's kiosk (cloud URL, demo kiosk
#      credential, exit PIN) through its own /api/desktop calls, served once by
#      `hearth-desktop --serve` on the same settings directory;
#   3. `hearth-desktop --kiosk` in Xvfb, driven with the keyboard only through
#      xdotool (real X key events into WebKitGTK): Amina punches in with 2468;
#   4. the cloud is stopped; Wei punches in with 1357 (checked offline, queued);
#   5. the cloud is started again on the same data; the outbox drains;
#   6. the cloud holds each punch exactly once (read from its SQLite file);
#   7. "Leave kiosk mode" with the exit PIN restarts the shell as the owner's window;
#   8. the owner's window, resized and closed, comes back at that size.
# Screenshots go to artifacts/desktop/ (not committed; CI keeps them).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cloud_bin=${HEARTH_BIN:-$root/bin/hearth}
desk_bin=${HEARTH_DESKTOP_BIN:-$root/bin/hearth-desktop}
port=${KIOSK_CLOUD_PORT:-18180}
setup_port=${KIOSK_SETUP_PORT:-18181}
display=${KIOSK_DISPLAY:-:97}
art=$root/artifacts/desktop
mkdir -p "$art"
rm -f "$art"/*.png

for tool in Xvfb xdotool xwd convert python3 curl; do
  command -v "$tool" >/dev/null || { echo "kiosk-journey: $tool is missing (make desktop-deps installs it)" >&2; exit 1; }
done
[ -x "$cloud_bin" ] || { echo "kiosk-journey: $cloud_bin is missing (make build)" >&2; exit 1; }
[ -x "$desk_bin" ] || { echo "kiosk-journey: $desk_bin is missing (make desktop)" >&2; exit 1; }

work=$(mktemp -d /tmp/hearth-kiosk.XXXXXX)
data=$work/cloud
desk_dir=$work/desktop
mkdir -p "$data" "$desk_dir"
cloud_pid="" xvfb_pid="" desk_pid=""
cleanup() {
  for p in $desk_pid $cloud_pid $xvfb_pid; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  if [ "${KEEP:-0}" = 1 ]; then echo "kiosk-journey: kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT
fail() {
  echo "kiosk-journey: $*" >&2
  shot failure || true
  echo "--- cloud log" >&2; tail -20 "$work/cloud.log" >&2 || true
  echo "--- desktop log" >&2; tail -40 "$work/desktop.log" >&2 || true
  exit 1
}

export HEARTH_DEV=1 HEARTH_DATA_DIR="$data" HEARTH_ADDR="127.0.0.1:$port" HEARTH_PUBLIC_URL="http://127.0.0.1:$port"
cloud_url="http://127.0.0.1:$port"
start_cloud() {
  "$cloud_bin" serve >>"$work/cloud.log" 2>&1 &
  cloud_pid=$!
  for _ in $(seq 1 100); do curl -fsS "$cloud_url/readyz" >/dev/null 2>&1 && return 0; sleep 0.1; done
  fail "the cloud did not start"
}
stop_cloud() { kill "$cloud_pid"; wait "$cloud_pid" 2>/dev/null || true; cloud_pid=""; }

"$cloud_bin" seed --demo >/dev/null
start_cloud

# The punches the cloud holds that were not there after the seed, as
# "account type pinCheck" lines in punch order.
kiosk_punches() {
  python3 - "$data/hearth.db" "$work/seeded-ids" <<'EOF'
import os, sqlite3, sys
c = sqlite3.connect("file:%s?mode=ro" % sys.argv[1], uri=True)
rows = c.execute("""SELECT p.id, u.account, p.punch_type, p.pin_check FROM clock_punches p
    JOIN users u ON u.id = p.user_id ORDER BY p.punched_at""").fetchall()
if not os.path.exists(sys.argv[2]):
    open(sys.argv[2], "w").write("\n".join(r[0] for r in rows))
    sys.exit(0)
seeded = set(open(sys.argv[2]).read().split())
for r in rows:
    if r[0] not in seeded:
        print(" ".join(r[1:]))
EOF
}
kiosk_punches # the first call remembers the seeded punches

# Step 2: set the kiosk up through the core's own calls (same settings directory).
export HEARTH_DESKTOP_DIR="$desk_dir"
"$desk_bin" --serve "127.0.0.1:$setup_port" >"$work/setup.log" 2>&1 &
setup_pid=$!
for _ in $(seq 1 100); do curl -fsS "http://127.0.0.1:$setup_port/api/desktop/status" >/dev/null 2>&1 && break; sleep 0.1; done
post() { curl -fsS -H 'Content-Type: application/json' -d "$2" "http://127.0.0.1:$setup_port$1"; }
post /api/desktop/cloud "{\"cloudUrl\":\"$cloud_url\"}" | grep -q '"code":"0000"' || fail "cloud URL not accepted"
post /api/desktop/kiosk/setup '{"credential":"hk_demo-maple-front-door-kiosk-credential-2026","exitPin":"8642"}' |
  grep -q '"code":"0000"' || fail "kiosk setup refused"
kill "$setup_pid"; wait "$setup_pid" 2>/dev/null || true

# Step 3: the real window.
Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
xvfb_pid=$!
export DISPLAY=$display
for _ in $(seq 1 50); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done
shot() { xwd -root -silent | convert xwd:- "png:$art/$1.png"; }

"$desk_bin" --kiosk >"$work/desktop.log" 2>&1 &
desk_pid=$!
# The UI calls FirstPaint once it has drawn; the shell logs it.
for _ in $(seq 1 300); do grep -q "first paint" "$work/desktop.log" && break; sleep 0.1; done
grep -q "first paint" "$work/desktop.log" || fail "the kiosk window did not paint"
# The start screen lists the caregivers once the core answered them.
sleep 2
shot 1-start
# One shell per computer and user: a second start says so and leaves.
if second=$(timeout 20 "$desk_bin" --kiosk 2>&1); then fail "a second kiosk started beside the first"; fi
echo "$second" | grep -q "already running" || fail "a second start said: $second"
win=$(xdotool search --pid "$desk_pid" --onlyvisible | tail -1)
[ -n "$win" ] || fail "no window for hearth-desktop"
xdotool windowactivate --sync "$win" 2>/dev/null || xdotool windowfocus --sync "$win"

# Keyboard only: on the start screen, typing a caregiver's first letter focuses
# them, Enter opens the PIN pad, digits type the PIN and Enter punches.
punch() { # first letter, PIN
  xdotool key --window "$win" --delay 120 "$1"
  sleep 0.3
  xdotool key --window "$win" Return
  sleep 0.5
  xdotool type --window "$win" --delay 120 "$2"
  xdotool key --window "$win" Return
}
punch a 2468
sleep 2
shot 2-amina-clocked-in
[ "$(kiosk_punches)" = "caregiver_maple1 IN ONLINE" ] || fail "expected Amina's online punch on the cloud, got: $(kiosk_punches)"

# Step 4: the cloud goes away; the confirmation has cleared after 5 s.
stop_cloud
sleep 5
shot 3-start-again
punch w 1357
sleep 2
shot 4-wei-queued-offline

# Step 5: the cloud comes back; the outbox drains (health checks every ~15 s offline).
start_cloud
for _ in $(seq 1 90); do
  [ "$(kiosk_punches | wc -l)" -ge 2 ] && break
  sleep 1
done
sleep 6 # the confirmation clears; the status line says all punches are sent
shot 5-synced
got=$(kiosk_punches)
want=$'caregiver_maple1 IN ONLINE\ncaregiver_maple2 IN OFFLINE'
[ "$got" = "$want" ] || fail "expected each punch once on the cloud; got:
$got"
# Step 7: leaving kiosk mode needs the exit PIN; the shell restarts itself as
# the owner's window (same process id: it re-executes itself).
xdotool mousemove --sync 1160 760 click 1 # "Leave kiosk mode", bottom right, by pointer as a finger would
sleep 1
xdotool type --window "$win" --delay 120 8642
xdotool key --window "$win" Return
for _ in $(seq 1 150); do grep -q 'first paint.*mode=OWNER' "$work/desktop.log" && break; sleep 0.1; done
grep -q 'first paint.*mode=OWNER' "$work/desktop.log" || fail "the exit PIN did not bring the owner's window"
sleep 2
shot 6-owner-window
# Step 8: the owner's window keeps its size: resized, closed (SIGTERM: the
# shell closes the window as Quit does), started again at that size.
owin=$(xdotool search --pid "$desk_pid" --onlyvisible | tail -1)
xdotool windowsize --sync "$owin" 1100 740
kill -TERM "$desk_pid"; wait "$desk_pid" 2>/dev/null || true
"$desk_bin" >"$work/desktop2.log" 2>&1 &
desk_pid=$!
for _ in $(seq 1 300); do grep -q "first paint" "$work/desktop2.log" && break; sleep 0.1; done
owin=$(xdotool search --pid "$desk_pid" --onlyvisible | tail -1)
geom=$(xdotool getwindowgeometry "$owin" | sed -n 's/.*Geometry: //p')
[ "$geom" = "1100x740" ] || fail "the owner's window came back at $geom, not 1100x740"
echo "kiosk-journey: ok — Amina online, Wei offline then synced, each once on the cloud; the exit PIN left kiosk mode; the owner's window kept its size; screenshots in $art"
