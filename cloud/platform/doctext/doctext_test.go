package doctext_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"hearth/cloud/platform/doctext"
	"hearth/cloud/platform/doctext/doctexttest"
)

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
	doc := doctexttest.TextPDF(t, "Test document", "Emergency and disaster plan\nThe home keeps three days of water and food for every resident.",
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
	png := doctexttest.Scan(t, doctexttest.TextPDF(t, "Test document", "Fire extinguishers\nThe fire extinguisher in the kitchen was inspected and tagged this year."))
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
	scanned := doctexttest.ImagePDF(t, png)
	res, err = doctext.Extract(context.Background(), scanned, doctext.PDF, doctext.Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Pages) != 1 || !res.Pages[0].OCR || !strings.Contains(strings.ToLower(res.Pages[0].Text), "inspected and tagged") {
		t.Fatalf("scanned PDF: %+v", res.Pages)
	}
}

// A photographed page, turned 5-8 degrees, clean or with noise σ 18 (a phone
// in poor light), is cleaned and turned level before OCR, and its words are
// read: before, the noisy photo read as nothing at all and the turned one
// poorly. A page photographed sideways is turned by tesseract's OSD after
// the fine deskew.
func TestPhotographedPagesAreRead(t *testing.T) {
	t.Parallel()
	need(t)
	page := doctexttest.Scan(t, doctexttest.TextPDF(t, "Test document", "Physician orders\n"+
		"Resident Name: Margaret Holloway. Date of birth: 03/14/1941.\n"+
		"Allergies: penicillin and shellfish.\n"+
		"Metformin 500 mg by mouth twice daily with breakfast and supper.\n"+
		"Lisinopril 10 mg by mouth once daily in the morning.\n"+
		"Check blood pressure weekly and call the physician if above 160/100."))
	words := []string{"margaret", "holloway", "penicillin", "metformin", "lisinopril", "breakfast", "physician"}
	for _, c := range []struct {
		name       string
		deg, sigma float64
	}{{"turned 7° clean", 7, 0}, {"turned -5.5° noise σ 18", -5.5, 18}, {"turned 6° noise σ 18", 6, 18}, {"sideways and 3°", 93, 0}} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			img := doctexttest.Photograph(t, page, doctexttest.Photo{Turn: c.deg, Noise: c.sigma, Seed: uint64(c.deg * 10), Table: true})
			res, err := doctext.Extract(context.Background(), img, doctext.PNG, doctext.Options{}, nil)
			if err != nil {
				t.Fatal(err)
			}
			text := strings.ToLower(res.Pages[0].Text)
			for _, w := range words {
				if !strings.Contains(text, w) {
					t.Errorf("%q not read from:\n%s", w, text)
				}
			}
			// The same photo sent to tesseract as it is, as before the cleaning.
			raw := filepath.Join(t.TempDir(), "raw.png")
			if d := os.Getenv("DEBUG_DIR"); d != "" {
				_ = os.WriteFile(filepath.Join(d, strings.ReplaceAll(c.name, " ", "_")+".png"), img, 0o600)
			}
			if err := os.WriteFile(raw, img, 0o600); err != nil {
				t.Fatal(err)
			}
			out, _ := exec.Command("tesseract", raw, "stdout", "-l", "eng+spa+chi_sim", "--psm", "1").Output()
			found := 0
			for _, w := range words {
				if strings.Contains(strings.ToLower(string(out)), w) {
					found++
				}
			}
			t.Logf("uncleaned: %d of %d words read; cleaned: all", found, len(words))
		})
	}
}

// An image claiming more pixels than an upload may have is refused before it is decoded.
func TestImageBombIsNotDecoded(t *testing.T) {
	t.Parallel()
	need(t)
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewGray(image.Rect(0, 0, 1, 1))); err != nil {
		t.Fatal(err)
	}
	bomb := b.Bytes()
	// IHDR's width and height (bytes 16-23) claim 60,000 × 60,000, its CRC (29-32) made anew.
	copy(bomb[16:24], []byte{0, 0, 0xea, 0x60, 0, 0, 0xea, 0x60})
	binary.BigEndian.PutUint32(bomb[29:33], crc32.ChecksumIEEE(bomb[12:29]))
	if _, err := doctext.Extract(context.Background(), bomb, doctext.PNG, doctext.Options{}, nil); !errors.Is(err, doctext.ErrUnreadable) ||
		!strings.Contains(err.Error(), "60000 × 60000") {
		t.Errorf("bomb: %v", err)
	}
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
	if _, err := doctext.Extract(ctx, doctexttest.TextPDF(t, "Test document", "One\nTwo"), doctext.PDF, doctext.Options{}, nil); !errors.Is(err, context.Canceled) {
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
