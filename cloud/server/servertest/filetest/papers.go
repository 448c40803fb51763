package filetest

import (
	"testing"

	"hearth/cloud/platform/doctext/doctexttest"
)

// TextPDF is doctexttest.TextPDF: a PDF with its text layer, one page per text.
func TextPDF(tb testing.TB, title string, pages ...string) []byte {
	tb.Helper()
	return doctexttest.TextPDF(tb, title, pages...)
}

// Scan is doctexttest.Scan: page 1 of a PDF as a 200 dpi PNG, no text layer.
func Scan(tb testing.TB, doc []byte) []byte {
	tb.Helper()
	return doctexttest.Scan(tb, doc)
}
