#!/usr/bin/env bash
# Installs with apt-get what cloud/platform/doctext reads documents with: the
# text layer of a PDF (poppler-utils: pdfinfo, pdftotext, pdftoppm), for
# scans and photos OCR with tesseract and its English, Spanish and Simplified
# Chinese data, and heif-convert for iPhone (HEIC) photos (libheif-examples;
# its heif-enc makes the tests' HEIC photos). Used by the facility documents'
# compliance check (issue 32) and smart setup (issue 33).
# Says what is missing and exits 1 when it cannot install (not root, no apt);
# OCR_DEPS_OPTIONAL=1 (make run) only warns: the compliance check then says
# which package is missing instead of reading the document.
set -euo pipefail
pkgs=${OCR_DEPS:-"poppler-utils tesseract-ocr tesseract-ocr-eng tesseract-ocr-spa tesseract-ocr-chi-sim libheif-examples"}
opt=()
[ "${OCR_DEPS_OPTIONAL:-0}" = 1 ] && opt=(--optional "the compliance check answers which package is missing")
# shellcheck disable=SC2086 # the package list splits into words
exec "$(dirname "$0")/apt-ensure.sh" ensure-ocr-deps "${opt[@]}" $pkgs
