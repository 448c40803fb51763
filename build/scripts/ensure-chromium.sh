#!/usr/bin/env bash
# Makes sure Debian's chromium (and fonts for Latin and Chinese text) is there for the journeys.
set -euo pipefail
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
if [ -x "$CHROMIUM" ] && fc-list 2>/dev/null | grep -qi "noto sans cjk"; then
  exit 0
fi
if [ "$(id -u)" != 0 ]; then
  if [ -x "$CHROMIUM" ]; then echo "chromium: Chinese fonts missing (apt-get install fonts-noto-cjk); screenshots may show boxes" >&2; exit 0; fi
  echo "chromium: $CHROMIUM not found. Install Debian's chromium: sudo apt-get install -y --no-install-recommends chromium fonts-liberation fonts-noto-cjk" >&2
  exit 1
fi
echo "chromium: installing Debian's chromium and fonts"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends chromium fonts-liberation fonts-noto-cjk >/dev/null
"$CHROMIUM" --version
