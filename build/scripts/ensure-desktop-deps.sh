#!/usr/bin/env bash
# Installs with apt-get what building, running and testing hearth-desktop needs
# and is missing: GTK 3 and WebKitGTK 4.1 headers (Linux build), Xvfb and X
# tools (window under test, screenshots, xdotool), mingw-w64 and NSIS (the
# Windows .exe and its installer), PulseAudio (the audio capture test),
# poppler-utils (pdftotext and pdfinfo read the printed reports back in
# cloud/platform/pdf's tests).
# Says what is missing and exits 1 when it cannot install (not root, no apt).
# DESKTOP_DEPS="..." narrows the list (e.g. only the Linux build's packages).
set -euo pipefail
pkgs=${DESKTOP_DEPS:-"libgtk-3-dev libwebkit2gtk-4.1-dev pkg-config gcc xvfb xauth x11-utils xdotool imagemagick x11-apps gcc-mingw-w64-x86-64 nsis pulseaudio pulseaudio-utils jq poppler-utils"}
missing=()
for p in $pkgs; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "ensure-desktop-deps: installing ${missing[*]}"
if ! command -v apt-get >/dev/null; then
  echo "ensure-desktop-deps: no apt-get here; install these yourself: ${missing[*]}" >&2; exit 1
fi
if [ "$(id -u)" != 0 ]; then
  echo "ensure-desktop-deps: not root; run: sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2; exit 1
fi
export DEBIAN_FRONTEND=noninteractive
# Another engineer's apt-get may hold the lock: wait for it instead of failing.
apt=(apt-get -o DPkg::Lock::Timeout=300 -y -q --no-install-recommends)
if ! "${apt[@]}" install "${missing[@]}" >/tmp/hearth-desktop-deps.log 2>&1; then
  apt-get -o DPkg::Lock::Timeout=300 -q update >>/tmp/hearth-desktop-deps.log 2>&1 || true
  "${apt[@]}" install "${missing[@]}" >>/tmp/hearth-desktop-deps.log 2>&1 || {
    echo "ensure-desktop-deps: apt-get install failed (log: /tmp/hearth-desktop-deps.log); missing: ${missing[*]}" >&2
    tail -5 /tmp/hearth-desktop-deps.log >&2; exit 1; }
fi
echo "ensure-desktop-deps: installed ${missing[*]}"
