#!/usr/bin/env bash
# Installs with apt-get those of the named Debian packages that are missing (the ensure-*-deps.sh scripts).
# Usage: apt-ensure.sh NAME [--optional "what works without them"] PACKAGE...
# Says what is missing and exits 1 when it cannot install (not root, no apt, apt failed); with --optional it
# only warns and exits 0. Waits up to 5 minutes for another apt-get's lock instead of failing.
set -euo pipefail
name=$1
shift
optional=""
if [ "${1:-}" = --optional ]; then
  optional=$2
  shift 2
fi
missing=()
for p in "$@"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
log=/tmp/hearth-$name.log
fail() {
  echo "$name: $*" >&2
  if [ -n "$optional" ]; then
    echo "$name: going on without them: $optional" >&2
    exit 0
  fi
  exit 1
}
echo "$name: installing ${missing[*]}"
command -v apt-get >/dev/null || fail "no apt-get here; install these yourself: ${missing[*]}"
[ "$(id -u)" = 0 ] || fail "not root; run: sudo apt-get install -y --no-install-recommends ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt=(apt-get -o DPkg::Lock::Timeout=300 -y -q --no-install-recommends)
if ! "${apt[@]}" install "${missing[@]}" >"$log" 2>&1; then
  apt-get -o DPkg::Lock::Timeout=300 -q update >>"$log" 2>&1 || true
  "${apt[@]}" install "${missing[@]}" >>"$log" 2>&1 || {
    tail -5 "$log" >&2
    fail "apt-get install failed (log: $log); missing: ${missing[*]}"
  }
fi
echo "$name: installed ${missing[*]}"
