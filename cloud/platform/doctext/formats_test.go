package doctext_test

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"strings"
	"testing"
	"time"

	"hearth/cloud/platform/doctext"
	"hearth/cloud/platform/doctext/doctexttest"
)

// sniff is doctext.Sniff of a whole file.
func sniff(data []byte) string { return doctext.Sniff(bytes.NewReader(data), int64(len(data))) }

// An iPhone photo of paper (HEIC) is told by its content and read by OCR like
// a JPEG; a HEIC holding two pictures is two pages.
func TestHEICPhotosAreRead(t *testing.T) {
	t.Parallel()
	need(t)
	page := doctexttest.Scan(t, doctexttest.TextPDF(t, "Test document", "Physician orders\n"+
		"Resident Name: Margaret Holloway. Date of birth: 03/14/1941.\nAllergies: penicillin and shellfish.\n"+
		"Metformin 500 mg by mouth twice daily with breakfast and supper."))
	second := doctexttest.Scan(t, doctexttest.TextPDF(t, "Test document", "Pharmacy list\nLisinopril 10 mg by mouth once daily in the morning."))
	photo := doctexttest.HEIC(t, doctexttest.Photograph(t, page, doctexttest.Photo{Turn: 4, Table: true}), second)
	if got := sniff(photo); got != doctext.HEIC {
		t.Fatalf("sniffed %q", got)
	}
	var calls [][2]int
	res, err := doctext.Extract(context.Background(), photo, doctext.HEIC, doctext.Options{}, func(done, total int) { calls = append(calls, [2]int{done, total}) })
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Pages) != 2 || res.TotalPages != 2 || !res.Pages[0].OCR || res.Pages[1].Number != 2 {
		t.Fatalf("pages: %+v", res)
	}
	first := strings.ToLower(res.Pages[0].Text)
	for _, w := range []string{"margaret", "holloway", "penicillin", "metformin", "breakfast"} {
		if !strings.Contains(first, w) {
			t.Errorf("%q not read from page 1:\n%s", w, first)
		}
	}
	if !strings.Contains(strings.ToLower(res.Pages[1].Text), "lisinopril") {
		t.Errorf("page 2: %q", res.Pages[1].Text)
	}
	if last := calls[len(calls)-1]; last != [2]int{2, 2} {
		t.Errorf("progress %v", calls)
	}
	// One page at most: the second picture is left out and said so.
	res, err = doctext.Extract(context.Background(), photo, doctext.HEIC, doctext.Options{MaxPages: 1}, nil)
	if err != nil || len(res.Pages) != 1 || !res.Truncated {
		t.Errorf("one page: %+v %v", res, err)
	}
}

// A HEIC declaring more pixels than an upload may have is refused before
// heif-convert decodes it (libheif's own limit is 32768 × 32768).
func TestHEICBombIsNotConverted(t *testing.T) {
	t.Parallel()
	need(t)
	photo := doctexttest.HEIC(t, doctexttest.Scan(t, doctexttest.TextPDF(t, "Test document", "A small page")))
	w, h, err := doctext.HEICSize(bytes.NewReader(photo), int64(len(photo)))
	if err != nil || w != 1700 || h != 2200 {
		t.Fatalf("size %d × %d, %v", w, h, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := doctext.Extract(ctx, photo, doctext.HEIC, doctext.Options{}, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	if _, err := doctext.Extract(context.Background(), photo, doctext.HEIC, doctext.Options{PageTimeout: time.Millisecond}, nil); !errors.Is(err, doctext.ErrTimeout) {
		t.Errorf("timeout: %v", err)
	}
	i := bytes.Index(photo, []byte("ispe"))
	binary.BigEndian.PutUint32(photo[i+8:], 12000)
	binary.BigEndian.PutUint32(photo[i+12:], 12000)
	_, err = doctext.Extract(context.Background(), photo, doctext.HEIC, doctext.Options{}, nil)
	if !errors.Is(err, doctext.ErrUnreadable) || !strings.Contains(err.Error(), "12000 × 12000") {
		t.Errorf("bomb: %v", err)
	}
	if sniff([]byte("\x00\x00\x00\x18ftypavif\x00\x00\x00\x00mif1avif")) != "" || sniff([]byte("\x00\x00\x00\x18ftypmif1\x00\x00\x00\x00mif1heic")) != doctext.HEIC {
		t.Error("brands: an AVIF is not a HEIC; mif1 with heic is")
	}
}

// A Word document is told by its content and read page by page without any
// tool: paragraphs, a table's cells on one line, page breaks.
func TestDOCXIsRead(t *testing.T) {
	t.Setenv("PATH", t.TempDir()) // no tools needed
	doc := doctexttest.DOCX(t, "FACE SHEET\nResident Name: Rose Okafor\nDate of Birth\t03/14/1941\nAllergies\tPenicillin, shellfish",
		"PHARMACY MAR\nMetformin 500 mg tablet by mouth twice daily 08:00 20:00")
	if got := sniff(doc); got != doctext.DOCX {
		t.Fatalf("sniffed %q", got)
	}
	res, err := doctext.Extract(context.Background(), doc, doctext.DOCX, doctext.Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Pages) != 2 || res.TotalPages != 2 || res.Pages[0].OCR {
		t.Fatalf("pages: %+v", res)
	}
	if want := "FACE SHEET\nResident Name: Rose Okafor\nDate of Birth\t03/14/1941\nAllergies\tPenicillin, shellfish"; res.Pages[0].Text != want {
		t.Errorf("page 1: %q", res.Pages[0].Text)
	}
	if p := res.Pages[1]; p.Number != 2 || p.Text != "PHARMACY MAR\nMetformin 500 mg tablet by mouth twice daily 08:00 20:00" {
		t.Errorf("page 2: %+v", p)
	}
	// A text box is written twice (mc:Choice and mc:Fallback) and read once;
	// a tracked deletion is not read.
	body := `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" ` +
		`xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"><w:body>` +
		`<w:p><w:r><w:t>Allergies: latex</w:t></w:r><w:del><w:r><w:delText>aspirin</w:delText></w:r></w:del></w:p>` +
		`<w:p><mc:AlternateContent><mc:Choice><w:r><w:t>In the box</w:t></w:r></mc:Choice><mc:Fallback><w:r><w:t>In the box</w:t></w:r></mc:Fallback></mc:AlternateContent></w:p>` +
		`</w:body></w:document>`
	res, err = doctext.Extract(context.Background(), doctexttest.Zip(t, doctexttest.DOCXParts(body)...), doctext.DOCX, doctext.Options{}, nil)
	if err != nil || len(res.Pages) != 1 || res.Pages[0].Text != "Allergies: latex\nIn the box" {
		t.Errorf("text box and deletion: %+v %v", res, err)
	}
}

// A zip that is not a Word document (a plain zip, a spreadsheet) is not a
// DOCX; a DOCX bomb is refused by its declared size, and one whose headers
// lie stops at the size they declare.
func TestDOCXBombsAndOtherZips(t *testing.T) {
	t.Parallel()
	plain := doctexttest.Zip(t, doctexttest.Entry{Name: "notes.txt", Body: strings.NewReader("Resident Name: Rose Okafor")})
	xlsx := doctexttest.Zip(t, doctexttest.Entry{Name: "[Content_Types].xml", Body: strings.NewReader("<Types/>")},
		doctexttest.Entry{Name: "xl/workbook.xml", Body: strings.NewReader("<workbook/>")})
	for name, z := range map[string][]byte{"zip": plain, "xlsx": xlsx} {
		if got := sniff(z); got != "" {
			t.Errorf("%s sniffed as %q", name, got)
		}
		if _, err := doctext.Extract(context.Background(), z, doctext.DOCX, doctext.Options{}, nil); !errors.Is(err, doctext.ErrUnreadable) {
			t.Errorf("%s read as a DOCX: %v", name, err)
		}
	}

	bomb := doctexttest.DOCXBomb(t, 64<<20)
	if len(bomb) > 1<<20 {
		t.Fatalf("the bomb is %d bytes", len(bomb))
	}
	if got := sniff(bomb); got != doctext.DOCX {
		t.Errorf("bomb sniffed as %q", got)
	}
	if err := doctext.CheckDOCX(bytes.NewReader(bomb), int64(len(bomb))); !errors.Is(err, doctext.ErrTooLarge) {
		t.Errorf("check: %v", err)
	}
	if _, err := doctext.Extract(context.Background(), bomb, doctext.DOCX, doctext.Options{}, nil); !errors.Is(err, doctext.ErrTooLarge) || !errors.Is(err, doctext.ErrUnreadable) {
		t.Errorf("extract: %v", err)
	}

	// Too many entries: refused from the count the zip's last record declares.
	many := doctexttest.DOCXParts(`<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>`)
	for i := range doctext.DOCXMaxEntries {
		many = append(many, doctexttest.Entry{Name: fmt.Sprintf("word/media/%d.txt", i), Body: strings.NewReader("")})
	}
	crowd := doctexttest.Zip(t, many...)
	if err := doctext.CheckDOCX(bytes.NewReader(crowd), int64(len(crowd))); !errors.Is(err, doctext.ErrTooLarge) {
		t.Errorf("%d entries: %v", len(many), err)
	}

	// The same 64 MB behind a header claiming 1 KB.
	var packed bytes.Buffer
	fw, _ := flate.NewWriter(&packed, flate.BestSpeed)
	unpacked := []byte(`<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>` +
		strings.Repeat(`<w:p><w:r><w:t>aaaaaaaa</w:t></w:r></w:p>`, (64<<20)/40))
	if _, err := fw.Write(unpacked); err != nil {
		t.Fatal(err)
	}
	fw.Close()
	var liar bytes.Buffer
	zw := zip.NewWriter(&liar)
	f, err := zw.CreateRaw(&zip.FileHeader{Name: "word/document.xml", Method: zip.Deflate, CRC32: crc32.ChecksumIEEE(unpacked),
		CompressedSize64: uint64(packed.Len()), UncompressedSize64: 1024})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write(packed.Bytes()); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := doctext.CheckDOCX(bytes.NewReader(liar.Bytes()), int64(liar.Len())); err != nil {
		t.Fatalf("the liar's header is small: %v", err)
	}
	if _, err := doctext.Extract(context.Background(), liar.Bytes(), doctext.DOCX, doctext.Options{}, nil); !errors.Is(err, doctext.ErrUnreadable) {
		t.Errorf("liar: %v", err)
	}
}
