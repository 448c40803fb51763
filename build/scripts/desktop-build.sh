#!/usr/bin/env bash
# Builds hearth-desktop: `linux` (bin/hearth-desktop), `windows` (bin/hearth-desktop.exe
# and the NSIS installer bin/hearth-desktop-setup.exe), or `all`. wails.json is
# the source of the name, version and publisher; icons come from build/.
# Needs frontend/dist (make ui) and the packages of ensure-desktop-deps.sh.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
what=${1:-linux}
GO=${GO:-go}
[ -f frontend/dist/index.html ] || { echo "desktop-build: frontend/dist is empty: run make ui first" >&2; exit 1; }
command -v jq >/dev/null || { echo "desktop-build: jq is missing (make desktop-deps)" >&2; exit 1; }
ver=$(jq -r '.info.productVersion' wails.json)
product=$(jq -r '.info.productName' wails.json)
company=$(jq -r '.info.companyName' wails.json)
copyright=$(jq -r '.info.copyright' wails.json)
comments=$(jq -r '.info.comments' wails.json)
mkdir -p bin

linux() {
  pkg-config --exists webkit2gtk-4.1 gtk+-3.0 ||
    { echo "desktop-build: GTK 3 / WebKitGTK 4.1 headers are missing (make desktop-deps)" >&2; exit 1; }
  # webkit2_41: build against WebKitGTK 4.1 (Debian 12 has no 4.0 -dev); see wails v2 docs "Linux distro support".
  flock /tmp/hearth-build.lock $GO build -tags desktop,production,webkit2_41 -trimpath \
    -ldflags "-s -w -X main.version=$ver" -o bin/hearth-desktop ./desktop
  echo "desktop-build: bin/hearth-desktop $(du -h bin/hearth-desktop | cut -f1) (version $ver)"
}

windows() {
  command -v x86_64-w64-mingw32-gcc >/dev/null ||
    { echo "desktop-build: mingw-w64 is missing (make desktop-deps)" >&2; exit 1; }
  # Icon, version information and the manifest (per-monitor DPI, common controls v6) as a .syso
  # that go build links in; generated each time, never committed (.gitignore).
  GOFLAGS=-mod=mod $GO run github.com/tc-hib/go-winres@v0.3.3 simply --arch amd64 --out desktop/rsrc \
    --icon build/appicon.png --manifest gui --product-version "$ver.0" --file-version "$ver.0" \
    --product-name "$product" --file-description "$comments" --copyright "$copyright" \
    --original-filename hearth-desktop.exe
  # go-sqlite3 (the local cache) is cgo: cross-compile with mingw-w64. No webkit tag: WebView2 on Windows.
  CC=x86_64-w64-mingw32-gcc CXX=x86_64-w64-mingw32-g++ CGO_ENABLED=1 GOOS=windows GOARCH=amd64 \
    flock /tmp/hearth-build.lock $GO build -tags desktop,production -trimpath \
    -ldflags "-H=windowsgui -s -w -X main.version=$ver" -o bin/hearth-desktop.exe ./desktop
  rm -f desktop/rsrc_windows_amd64.syso
  echo "desktop-build: bin/hearth-desktop.exe $(du -h bin/hearth-desktop.exe | cut -f1)"
  command -v makensis >/dev/null || { echo "desktop-build: NSIS is missing (make desktop-deps)" >&2; exit 1; }
  convert build/appicon.png -define icon:auto-resize=256,128,64,48,32,16 bin/hearth-installer.ico
  makensis -V2 -DVERSION="$ver" -DPRODUCT="$product" -DCOMPANY="$company" -DCOPYRIGHT="$copyright" \
    -DROOT="$root" build/windows/installer/project.nsi
  rm -f bin/hearth-installer.ico
  echo "desktop-build: bin/hearth-desktop-setup.exe $(du -h bin/hearth-desktop-setup.exe | cut -f1)"
}

case "$what" in
  linux) linux ;;
  windows) windows ;;
  all) linux; windows ;;
  *) echo "usage: $0 linux|windows|all" >&2; exit 2 ;;
esac
