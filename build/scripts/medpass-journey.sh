#!/usr/bin/env bash
# The med pass offline in the owner's real Wails window under Xvfb (issue 15):
#   1. a real `hearth serve` with the demo seed; Maple's admin adds a resident, Ada Aaberg, who comes first
#      on /emars, and orders a drug for her at two times a minute apart that are open now (a pass is charted
#      from 60 minutes before its time, issue 26) and on today, through the product's calls
#      (medpass-journey.mjs): they are the only two passes on the first card, the earlier one first;
#   2. the owner window (`hearth-desktop`), pointed at the cloud; Amina signs in with the keyboard, opens
#      eMARs, which shows today (the day is kept on this computer);
#   3. on another device Wei logs the second pass (straight on the cloud); the cloud then goes away before
#      this computer has seen it;
#   4. offline, Amina logs both passes as given in the window: each is saved on this computer ("Waiting to
#      send");
#   5. the cloud comes back: the first pass is on the cloud once, Amina's, with the time it happened;
#      the second stays Wei's and comes back here as a conflict, never sent again.
# Screenshots go to artifacts/desktop/ (medpass-*.png; not committed).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cloud_bin=${HEARTH_BIN:-$root/bin/hearth}
desk_bin=${HEARTH_DESKTOP_BIN:-$root/bin/hearth-desktop}
port=${MEDPASS_CLOUD_PORT:-18183}
setup_port=${MEDPASS_SETUP_PORT:-18184}
display=${MEDPASS_DISPLAY:-:98}
art=$root/artifacts/desktop
mkdir -p "$art"
rm -f "$art"/medpass-*.png

for tool in Xvfb xdotool xwd convert python3 curl node; do
  command -v "$tool" >/dev/null || { echo "medpass-journey: $tool is missing (make desktop-deps installs it)" >&2; exit 1; }
done
[ -x "$cloud_bin" ] || { echo "medpass-journey: $cloud_bin is missing (make build)" >&2; exit 1; }
[ -x "$desk_bin" ] || { echo "medpass-journey: $desk_bin is missing (make desktop)" >&2; exit 1; }

work=$(mktemp -d /tmp/hearth-medpass.XXXXXX)
data=$work/cloud
desk_dir=$work/desktop
mkdir -p "$data" "$desk_dir"
cloud_pid="" xvfb_pid="" desk_pid=""
cleanup() {
  for p in $desk_pid $cloud_pid $xvfb_pid; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  if [ "${KEEP:-0}" = 1 ]; then echo "medpass-journey: kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT
shot() { xwd -root -silent | convert xwd:- "png:$art/medpass-$1.png"; }
fail() {
  echo "medpass-journey: $*" >&2
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

# What each side holds: a pass on the cloud ("outcome staff clientId givenAt"), and this computer's med
# outbox ("state staff" per client id, or by pass).
cloud_pass() {
  python3 - "$data/hearth.db" "$1" <<'PY'
import sqlite3, sys
c = sqlite3.connect("file:%s?mode=ro" % sys.argv[1], uri=True)
r = c.execute("SELECT outcome, staff_name, COALESCE(client_id, ''), COALESCE(given_at, 0) FROM medication_passes WHERE id = ?", (sys.argv[2],)).fetchone()
logs = c.execute("SELECT COUNT(*) FROM audit_log WHERE entity_id = ? AND action = 'medication.pass.log'", (sys.argv[2],)).fetchone()[0]
print("|".join(str(x) for x in r) + "|%d" % logs)
PY
}
kept() {
  python3 - "$desk_dir/cache.db" "$1" <<'PY'
import sqlite3, sys
c = sqlite3.connect("file:%s?mode=ro" % sys.argv[1], uri=True)
r = c.execute("SELECT state, staff_name, client_id, happened_at FROM med_outbox WHERE pass_id = ? AND kind = 'PASS'", (sys.argv[2],)).fetchone()
print("|".join(str(x) for x in r) if r else "none")
PY
}

"$cloud_bin" seed --demo >/dev/null
start_cloud
read -r pass_a pass_b < <(HEARTH_URL="$cloud_url" node "$root/build/scripts/medpass-journey.mjs" order) || fail "could not order the journey's drug"

# Step 2: the owner's window, pointed at the cloud through the core's own call (same settings directory).
export HEARTH_DESKTOP_DIR="$desk_dir"
"$desk_bin" --serve "127.0.0.1:$setup_port" >"$work/setup.log" 2>&1 &
setup_pid=$!
for _ in $(seq 1 100); do curl -fsS "http://127.0.0.1:$setup_port/api/desktop/status" >/dev/null 2>&1 && break; sleep 0.1; done
curl -fsS -H 'Content-Type: application/json' -d "{\"cloudUrl\":\"$cloud_url\"}" "http://127.0.0.1:$setup_port/api/desktop/cloud" |
  grep -q '"code":"0000"' || fail "cloud URL not accepted"
kill "$setup_pid"; wait "$setup_pid" 2>/dev/null || true

Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
xvfb_pid=$!
export DISPLAY=$display
for _ in $(seq 1 50); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done
"$desk_bin" >"$work/desktop.log" 2>&1 &
desk_pid=$!
for _ in $(seq 1 300); do grep -q "first paint" "$work/desktop.log" && break; sleep 0.1; done
grep -q "first paint" "$work/desktop.log" || fail "the owner's window did not paint"
sleep 2
win=$(xdotool search --pid "$desk_pid" --onlyvisible | tail -1)
[ -n "$win" ] || fail "no window for hearth-desktop"
xdotool windowactivate --sync "$win" 2>/dev/null || xdotool windowfocus --sync "$win"
click() { xdotool mousemove --sync "$1" "$2" click 1; }

# The sign-in screen opens with the account field focused.
xdotool type --window "$win" --delay 60 caregiver_maple1
xdotool key --window "$win" Tab
xdotool type --window "$win" --delay 60 'Demo@2026x'
xdotool key --window "$win" Return
sleep 4
shot 1-signed-in
click 68 250 # eMARs in the sidebar (today)
sleep 3
# The "Passes due now" tile (the second, under the clock-in prompt) shows only cards with a pass due now:
# the journey's resident, first by her last name among them, whatever else is overdue at this hour.
click 473 341
sleep 2
shot 2-today-online

# Step 3: Wei logs the second pass on another device; then the cloud goes away.
HEARTH_URL="$cloud_url" node "$root/build/scripts/medpass-journey.mjs" logas "$pass_b" wei-journey-0001 >/dev/null || fail "Wei could not log on the cloud"
stop_cloud
click 971 267 # Refresh: the day comes from this computer, under the offline banner (30 px)
sleep 2
shot 3-offline

# Step 4: Amina logs the second pass (second item) and then the first pass (first item) as given, on
# time: the dialog's Given choice, then Tab past the note to "Log pass". The items are the first card's
# first two (539 and 593 online, 30 px lower under the offline banner); a logged pass leaves the "due now"
# view, so the first stays where it is.
log_pass() { # y of the item
  click 485 "$1"
  sleep 1.5
  click 425 538 # Given
  sleep 0.7
  xdotool key --window "$win" Tab Tab
  sleep 0.3
  xdotool key --window "$win" Return
  sleep 2
}
log_pass 623
shot 4-b-kept
[ "$(kept "$pass_b" | cut -d'|' -f1,2)" = "WAITING|Amina Njoroge" ] || fail "the second pass was not kept here: $(kept "$pass_b")"
log_pass 569
shot 5-a-kept
[ "$(kept "$pass_a" | cut -d'|' -f1,2)" = "WAITING|Amina Njoroge" ] || fail "the first pass was not kept here: $(kept "$pass_a")"

# Step 5: the cloud comes back; the core finds it within 15 s and sends.
start_cloud
for _ in $(seq 1 90); do
  [ "$(kept "$pass_a" | cut -d'|' -f1)" = SENT ] && [ "$(kept "$pass_b" | cut -d'|' -f1)" = CONFLICT ] && break
  sleep 1
done
click 993 226 # Refresh (the banner goes with the first answer from the cloud)
sleep 3
shot 6-synced
a_kept=$(kept "$pass_a") a_cloud=$(cloud_pass "$pass_a") b_cloud=$(cloud_pass "$pass_b")
[ "$(echo "$a_kept" | cut -d'|' -f1)" = SENT ] || fail "the first pass was not sent: $a_kept"
[ "$(kept "$pass_b" | cut -d'|' -f1)" = CONFLICT ] || fail "the second pass is not a conflict here: $(kept "$pass_b")"
# On the cloud: A is Amina's, once, with her client id and the time it happened here; B is still Wei's, once.
IFS='|' read -r a_out a_staff a_client a_at a_logs <<<"$a_cloud"
[ "$a_out|$a_staff|$a_client|$a_logs" = "GIVEN|Amina Njoroge|$(echo "$a_kept" | cut -d'|' -f3)|1" ] || fail "the first pass on the cloud: $a_cloud"
[ "$a_at" = "$(echo "$a_kept" | cut -d'|' -f4)" ] || fail "the first pass's time on the cloud ($a_at) is not when it happened here ($a_kept)"
IFS='|' read -r b_out b_staff b_client b_at b_logs <<<"$b_cloud"
[ "$b_out|$b_staff|$b_client|$b_logs" = "GIVEN|Wei Chen|wei-journey-0001|1" ] || fail "Wei's record of the second pass changed: $b_cloud"
echo "medpass-journey: ok — two open passes of today logged offline in the owner's window; the first once on the cloud with its own time, the second Wei's with Amina's log back as a conflict; screenshots in $art"
