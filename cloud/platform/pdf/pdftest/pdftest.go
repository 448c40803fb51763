// Package pdftest reads generated PDFs back for tests, with Debian's
// poppler-utils (pdftotext, pdfinfo), so a test asserts what a reader sees.
package pdftest

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// Tool answers the path of a poppler tool, or skips the test when it is not
// installed (make test installs poppler-utils through
// build/scripts/ensure-desktop-deps.sh; in CI a missing tool fails).
func Tool(tb testing.TB, tool string) string {
	tb.Helper()
	p, err := exec.LookPath(tool)
	if err != nil {
		msg := tool + " (Debian's poppler-utils) is not installed: apt-get install -y poppler-utils, or run make test, which installs it"
		if os.Getenv("CI") != "" {
			tb.Fatal(msg)
		}
		tb.Skip(msg)
	}
	return p
}

// Extract writes doc to a file and answers pdftotext -layout's text and
// pdfinfo's page count. PDF_TEST_OUT=dir keeps a copy of each document.
func Extract(tb testing.TB, doc []byte) (string, int) {
	tb.Helper()
	pdftotext, pdfinfo := Tool(tb, "pdftotext"), Tool(tb, "pdfinfo")
	file := filepath.Join(tb.TempDir(), "doc.pdf")
	if err := os.WriteFile(file, doc, 0o600); err != nil {
		tb.Fatal(err)
	}
	if out := os.Getenv("PDF_TEST_OUT"); out != "" { // keep a copy to look at
		_ = os.WriteFile(filepath.Join(out, strings.ReplaceAll(tb.Name(), "/", "_")+".pdf"), doc, 0o644)
	}
	text, err := exec.Command(pdftotext, "-layout", "-enc", "UTF-8", file, "-").CombinedOutput()
	if err != nil {
		tb.Fatalf("pdftotext: %v\n%s", err, text)
	}
	info, err := exec.Command(pdfinfo, file).CombinedOutput()
	if err != nil {
		tb.Fatalf("pdfinfo: %v\n%s", err, info)
	}
	m := regexp.MustCompile(`(?m)^Pages:\s+(\d+)`).FindSubmatch(info)
	if m == nil {
		tb.Fatalf("pdfinfo gave no page count:\n%s", info)
	}
	pages, _ := strconv.Atoi(string(m[1]))
	return string(text), pages
}
