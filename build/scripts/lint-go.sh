#!/usr/bin/env bash
# golangci-lint with .golangci.yml on every Go module of go.work: errors wrapped where they enter
# from outside (wrapcheck on stores and services), errors.Is/As (errorlint), rows and bodies closed
# and checked (sqlclosecheck, rowserrcheck, bodyclose), contexts passed on (contextcheck) and test
# helpers marked (thelper). The version is pinned here; it is installed into GOPATH/bin once.
set -euo pipefail
cd "$(dirname "$0")/../.."
version=v2.15.0
go=${GO:-go}
bin="$($go env GOPATH)/bin/golangci-lint"
if ! { [ -x "$bin" ] && "$bin" version 2>/dev/null | grep -q "version ${version#v} "; }; then
	echo "installing golangci-lint $version (from the Go module proxy)"
	$go install "github.com/golangci/golangci-lint/v2/cmd/golangci-lint@$version" || {
		echo "golangci-lint $version could not be installed: the Go module proxy must be reachable" >&2
		exit 1
	}
fi
"$bin" run --max-issues-per-linter 0 --max-same-issues 0 ./cloud/... ./shared/... ./migrations/... ./frontend/... ./desktop/...
