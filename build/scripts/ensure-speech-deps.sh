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
opt=()
[ "${SPEECH_DEPS_OPTIONAL:-0}" = 1 ] && opt=(--optional "offline speech and English-Spanish translation answer which package is missing")
# shellcheck disable=SC2086 # the package list splits into words
exec "$(dirname "$0")/apt-ensure.sh" ensure-speech-deps "${opt[@]}" $pkgs
