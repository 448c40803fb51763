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
# shellcheck disable=SC2086 # the package list splits into words
exec "$(dirname "$0")/apt-ensure.sh" ensure-desktop-deps $pkgs
