#!/usr/bin/env bash
# Installs with apt-get what cloud/platform/doctext reads documents with: the
# text layer of a PDF (poppler-utils: pdfinfo, pdftotext, pdftoppm) and, for
# scans and photos, OCR with tesseract and its English, Spanish and Simplified
# Chinese data (the facility documents' compliance check, issue 32).
# Says what is missing and exits 1 when it cannot install (not root, no apt);
# OCR_DEPS_OPTIONAL=1 (make run) only warns: the compliance check then says
# which package is missing instead of reading the document.
set -euo pipefail
pkgs=${OCR_DEPS:-"poppler-utils tesseract-ocr tesseract-ocr-eng tesseract-ocr-spa tesseract-ocr-chi-sim"}
missing=()
for p in $pkgs; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
fail() {
  echo "ensure-ocr-deps: $*" >&2
  if [ "${OCR_DEPS_OPTIONAL:-0}" = 1 ]; then
    echo "ensure-ocr-deps: going on without them: the compliance check answers which package is missing" >&2
    exit 0
  fi
  exit 1
}
echo "ensure-ocr-deps: installing ${missing[*]}"
command -v apt-get >/dev/null || fail "no apt-get here; install these yourself: ${missing[*]}"
[ "$(id -u)" = 0 ] || fail "not root; run: sudo apt-get install -y --no-install-recommends ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
# Another engineer's apt-get may hold the lock: wait for it instead of failing.
apt=(apt-get -o DPkg::Lock::Timeout=300 -y -q --no-install-recommends)
if ! "${apt[@]}" install "${missing[@]}" >/tmp/hearth-ocr-deps.log 2>&1; then
  apt-get -o DPkg::Lock::Timeout=300 -q update >>/tmp/hearth-ocr-deps.log 2>&1 || true
  "${apt[@]}" install "${missing[@]}" >>/tmp/hearth-ocr-deps.log 2>&1 || {
    tail -5 /tmp/hearth-ocr-deps.log >&2
    fail "apt-get install failed (log: /tmp/hearth-ocr-deps.log); missing: ${missing[*]}"; }
fi
echo "ensure-ocr-deps: installed ${missing[*]}"
