#!/usr/bin/env bash
# Installs with apt-get what the AI service's offline fallbacks use when no AI
# provider is configured or it cannot be reached: espeak-ng (speech in 8 of the
# translator's 9 languages; Debian has no Tagalog voice) and apertium with the
# English-Spanish pair (apertium-eng-spa; modes eng-spa and spa-eng).
# Source: ../shared/docs/TOOLCHAIN.md "Speech and translation without a network".
# Says what is missing and exits 1 when it cannot install (not root, no apt);
# SPEECH_DEPS_OPTIONAL=1 (make run) only warns: the server then answers which
# package is missing instead of speaking or translating offline.
set -euo pipefail
pkgs=${SPEECH_DEPS:-"espeak-ng apertium apertium-eng-spa"}
missing=()
for p in $pkgs; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
fail() {
  echo "ensure-speech-deps: $*" >&2
  if [ "${SPEECH_DEPS_OPTIONAL:-0}" = 1 ]; then
    echo "ensure-speech-deps: going on without them: offline speech and English-Spanish translation answer which package is missing" >&2
    exit 0
  fi
  exit 1
}
echo "ensure-speech-deps: installing ${missing[*]}"
command -v apt-get >/dev/null || fail "no apt-get here; install these yourself: ${missing[*]}"
[ "$(id -u)" = 0 ] || fail "not root; run: sudo apt-get install -y --no-install-recommends ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
# Another engineer's apt-get may hold the lock: wait for it instead of failing.
apt=(apt-get -o DPkg::Lock::Timeout=300 -y -q --no-install-recommends)
if ! "${apt[@]}" install "${missing[@]}" >/tmp/hearth-speech-deps.log 2>&1; then
  apt-get -o DPkg::Lock::Timeout=300 -q update >>/tmp/hearth-speech-deps.log 2>&1 || true
  "${apt[@]}" install "${missing[@]}" >>/tmp/hearth-speech-deps.log 2>&1 || {
    tail -5 /tmp/hearth-speech-deps.log >&2
    fail "apt-get install failed (log: /tmp/hearth-speech-deps.log); missing: ${missing[*]}"; }
fi
echo "ensure-speech-deps: installed ${missing[*]}"
