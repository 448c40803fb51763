package doctext_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"codeberg.org/go-pdf/fpdf"

	"hearth/cloud/platform/doctext"
	"hearth/cloud/platform/pdf"
)

// makePDF writes a real PDF of the paragraphs, one page each, with Hearth's PDF package.
func makePDF(t *testing.T, pages ...string) []byte {
	t.Helper()
	d, err := pdf.New(pdf.Options{Title: "Test document"})
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		if i > 0 {
			d.PageBreak()
		}
		d.Heading(strings.SplitN(p, "\n", 2)[0])
		d.Paragraph(p)
	}
	var b bytes.Buffer
	if err := d.Write(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// scan renders page 1 of a PDF as a PNG (no text layer: what a scanner gives).
func scan(t *testing.T, doc []byte) []byte {
	t.Helper()
	dir := t.TempDir()
	in := filepath.Join(dir, "in.pdf")
	if err := os.WriteFile(in, doc, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftoppm", "-r", "200", "-png", "-singlefile", "-f", "1", "-l", "1", in, filepath.Join(dir, "scan")).CombinedOutput()
	if err != nil {
		t.Fatalf("pdftoppm: %v %s", err, out)
	}
	png, err := os.ReadFile(filepath.Join(dir, "scan.png"))
	if err != nil {
		t.Fatal(err)
	}
	return png
}

func need(t *testing.T) {
	t.Helper()
	if err := doctext.Check(context.Background()); err != nil {
		t.Fatalf("%v (make test installs them)", err)
	}
}

// A PDF's text layer is read per page, with its page numbers; a page past
// the limit is left out and said so.
func TestTextLayerPerPage(t *testing.T) {
	t.Parallel()
	need(t)
	doc := makePDF(t, "Emergency and disaster plan\nThe home keeps three days of water and food for every resident.",
		"Evacuation\nResidents gather at the mailbox by the street corner.", "Third page\nNot read.")
	var calls [][2]int
	res, err := doctext.Extract(context.Background(), doc, doctext.PDF, doctext.Options{MaxPages: 2}, func(done, total int) {
		calls = append(calls, [2]int{done, total})
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.TotalPages != 3 || !res.Truncated || len(res.Pages) != 2 {
		t.Fatalf("pages: %+v", res)
	}
	if p := res.Pages[0]; p.Number != 1 || p.OCR || !strings.Contains(p.Text, "three days of water") {
		t.Errorf("page 1: %+v", p)
	}
	if p := res.Pages[1]; p.Number != 2 || !strings.Contains(p.Text, "mailbox by the street corner") || strings.Contains(p.Text, "three days") {
		t.Errorf("page 2: %+v", p)
	}
	if len(calls) != 3 || calls[2] != [2]int{2, 2} {
		t.Errorf("progress %v", calls)
	}
	if !strings.Contains(res.Text(), "[page 2]\n") {
		t.Errorf("text %q", res.Text())
	}
}

// A scan (an image, and a PDF whose page is only an image) is read by OCR.
func TestScansAreReadByOCR(t *testing.T) {
	t.Parallel()
	need(t)
	png := scan(t, makePDF(t, "Fire extinguishers\nThe fire extinguisher in the kitchen was inspected and tagged this year."))
	res, err := doctext.Extract(context.Background(), png, doctext.PNG, doctext.Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Pages) != 1 || !res.Pages[0].OCR || !strings.Contains(strings.ToLower(res.Pages[0].Text), "extinguisher") {
		t.Fatalf("image: %+v", res.Pages)
	}
	if strings.Join(res.OCRLangs, "+") != "eng+spa+chi_sim" {
		t.Errorf("languages %v", res.OCRLangs)
	}
	// The same image inside a PDF: the page has no text layer, so it is OCR'd.
	scanned := imagePDF(t, png)
	res, err = doctext.Extract(context.Background(), scanned, doctext.PDF, doctext.Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Pages) != 1 || !res.Pages[0].OCR || !strings.Contains(strings.ToLower(res.Pages[0].Text), "inspected and tagged") {
		t.Fatalf("scanned PDF: %+v", res.Pages)
	}
}

// imagePDF wraps a PNG as a one-page Letter PDF with no text (what a scanner gives), with fpdf.
func imagePDF(t *testing.T, png []byte) []byte {
	t.Helper()
	f := fpdf.New("P", "mm", "Letter", "")
	f.AddPage()
	f.RegisterImageOptionsReader("scan", fpdf.ImageOptions{ImageType: "PNG"}, bytes.NewReader(png))
	w, h := f.GetPageSize()
	f.ImageOptions("scan", 0, 0, w, h, false, fpdf.ImageOptions{ImageType: "PNG"}, 0, "")
	var b bytes.Buffer
	if err := f.Output(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// Bad input and a cancelled context answer errors, never text.
func TestErrors(t *testing.T) {
	t.Parallel()
	need(t)
	if _, err := doctext.Extract(context.Background(), []byte("x"), "text/plain", doctext.Options{}, nil); !errors.Is(err, doctext.ErrUnsupported) {
		t.Errorf("text/plain: %v", err)
	}
	if _, err := doctext.Extract(context.Background(), []byte("%PDF-1.4 broken"), doctext.PDF, doctext.Options{}, nil); !errors.Is(err, doctext.ErrUnreadable) {
		t.Errorf("broken PDF: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := doctext.Extract(ctx, makePDF(t, "One\nTwo"), doctext.PDF, doctext.Options{}, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

// Without the tools, the error names the Debian package to install.
func TestMissingTools(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	var missing *doctext.MissingToolError
	if err := doctext.Check(context.Background()); !errors.As(err, &missing) || missing.Package != "poppler-utils" {
		t.Errorf("no tools: %v", err)
	}
	_, err := doctext.Extract(context.Background(), []byte{0x89, 'P', 'N', 'G'}, doctext.PNG, doctext.Options{}, nil)
	if !errors.As(err, &missing) || missing.Package != "tesseract-ocr" || !strings.Contains(err.Error(), "tesseract-ocr") {
		t.Errorf("no tesseract: %v", err)
	}
}
