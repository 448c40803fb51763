// Package doctexttest makes synthetic papers for tests (made-up people, never
// real ones): a PDF with its text layer, a scan of it, a photograph of the
// scan, a scan wrapped in a PDF, a HEIC photo, a Word document, and a zip
// bomb. It imports no Hearth package but platform/pdf, so doctext's own tests,
// the file service's, smart setup's and the facility documents' can all use it.
//
// Tools: pdftoppm (poppler-utils) renders scans; heif-enc (libheif-examples)
// encodes HEIC; build/scripts/ensure-ocr-deps.sh installs both.
package doctexttest

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"codeberg.org/go-pdf/fpdf"

	"hearth/cloud/platform/pdf"
)

// TextPDF writes a PDF with Hearth's PDF package, one page per text, each
// with its text layer: a document as a computer made it.
func TextPDF(tb testing.TB, title string, pages ...string) []byte {
	tb.Helper()
	d, err := pdf.New(pdf.Options{Title: title})
	if err != nil {
		tb.Fatal(err)
	}
	for i, p := range pages {
		if i > 0 {
			d.PageBreak()
		}
		d.Paragraph(p)
	}
	var b bytes.Buffer
	if err := d.Write(&b); err != nil {
		tb.Fatal(err)
	}
	return b.Bytes()
}

// Scan renders page 1 of a PDF as a PNG with poppler's pdftoppm at 200 dpi: a
// picture of the paper with no text layer, which only OCR reads.
func Scan(tb testing.TB, doc []byte) []byte {
	tb.Helper()
	dir := tb.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "in.pdf"), doc, 0o600); err != nil {
		tb.Fatal(err)
	}
	if out, err := exec.Command("pdftoppm", "-r", "200", "-png", "-singlefile", "-f", "1", "-l", "1",
		filepath.Join(dir, "in.pdf"), filepath.Join(dir, "scan")).CombinedOutput(); err != nil {
		tb.Fatalf("pdftoppm (Debian package poppler-utils; make ocr-deps): %v %s", err, out)
	}
	png, err := os.ReadFile(filepath.Join(dir, "scan.png"))
	if err != nil {
		tb.Fatal(err)
	}
	return png
}

// Photo says how a scan is made to look photographed.
type Photo struct {
	Turn  float64 // degrees, counter-clockwise
	Noise float64 // standard deviation of grey noise, 0-255
	Seed  uint64  // of the noise, so a run is repeatable
	Table bool    // the paper lies on a darker table (a border of 1/8 of its width); else the picture is all paper
}

// Photograph makes a scan (a PNG) look photographed: turned, on grey paper
// (white at 215 of 255), maybe on a table, with noise.
func Photograph(tb testing.TB, scanPNG []byte, p Photo) []byte {
	tb.Helper()
	src, err := png.Decode(bytes.NewReader(scanPNG))
	if err != nil {
		tb.Fatal(err)
	}
	b := src.Bounds()
	pad, background := 0, 215.0
	if p.Table {
		pad, background = b.Dx()/8, 120
	}
	dst := image.NewGray(image.Rect(0, 0, b.Dx()+2*pad, b.Dy()+2*pad))
	rng := rand.New(rand.NewPCG(p.Seed, 18))
	a := p.Turn * math.Pi / 180
	sin, cos := math.Sin(a), math.Cos(a)
	cx, cy := float64(b.Dx())/2, float64(b.Dy())/2
	for y := range dst.Bounds().Dy() {
		for x := range dst.Bounds().Dx() {
			sx := cos*(float64(x-pad)-cx) - sin*(float64(y-pad)-cy) + cx
			sy := sin*(float64(x-pad)-cx) + cos*(float64(y-pad)-cy) + cy
			v := background
			if q := (image.Point{b.Min.X + int(sx), b.Min.Y + int(sy)}); q.In(b) {
				v = float64(color.GrayModel.Convert(src.At(q.X, q.Y)).(color.Gray).Y) * 215 / 255
			}
			v += rng.NormFloat64() * p.Noise
			dst.SetGray(x, y, color.Gray{Y: uint8(max(0, min(255, v)))})
		}
	}
	var out bytes.Buffer
	if err := png.Encode(&out, dst); err != nil {
		tb.Fatal(err)
	}
	return out.Bytes()
}

// ImagePDF wraps a PNG as a one-page Letter PDF with no text (what a scanner gives), with fpdf.
func ImagePDF(tb testing.TB, png []byte) []byte {
	tb.Helper()
	f := fpdf.New("P", "mm", "Letter", "")
	f.AddPage()
	f.RegisterImageOptionsReader("scan", fpdf.ImageOptions{ImageType: "PNG"}, bytes.NewReader(png))
	w, h := f.GetPageSize()
	f.ImageOptions("scan", 0, 0, w, h, false, fpdf.ImageOptions{ImageType: "PNG"}, 0, "")
	var b bytes.Buffer
	if err := f.Output(&b); err != nil {
		tb.Fatal(err)
	}
	return b.Bytes()
}

// HEIC encodes PNGs as one HEIC file (an image each, the first the primary),
// as an iPhone stores photos, with heif-enc (libheif's x265 encoder) at
// quality 60 and x265's ultrafast preset (6 times faster than its default here).
func HEIC(tb testing.TB, pngs ...[]byte) []byte {
	tb.Helper()
	enc, err := exec.LookPath("heif-enc")
	if err != nil {
		tb.Fatal("heif-enc is not installed (Debian package libheif-examples; make ocr-deps installs it)")
	}
	dir := tb.TempDir()
	args := []string{"-q", "60", "-p", "preset=ultrafast", "-o", filepath.Join(dir, "photo.heic")}
	for i, p := range pngs {
		name := filepath.Join(dir, fmt.Sprintf("page%d.png", i+1))
		if err := os.WriteFile(name, p, 0o600); err != nil {
			tb.Fatal(err)
		}
		args = append(args, name)
	}
	if out, err := exec.Command(enc, args...).CombinedOutput(); err != nil {
		tb.Fatalf("heif-enc: %v %s", err, out)
	}
	heic, err := os.ReadFile(filepath.Join(dir, "photo.heic"))
	if err != nil {
		tb.Fatal(err)
	}
	return heic
}

// DOCX writes a minimal valid Word document (ECMA-376: [Content_Types].xml,
// _rels/.rels and word/document.xml), a page break between pages. Each line
// of a page is a paragraph; consecutive lines holding tabs are a table, one
// row a line and one cell a tab-separated field.
func DOCX(tb testing.TB, pages ...string) []byte {
	tb.Helper()
	var body strings.Builder
	run := func(text string) string {
		var esc bytes.Buffer
		_ = xml.EscapeText(&esc, []byte(text))
		return `<w:r><w:t xml:space="preserve">` + esc.String() + `</w:t></w:r>`
	}
	for i, page := range pages {
		if i > 0 {
			body.WriteString(`<w:p><w:r><w:br w:type="page"/></w:r></w:p>`)
		}
		inTable := false
		for _, line := range strings.Split(page, "\n") {
			cells := strings.Split(line, "\t")
			if len(cells) > 1 {
				if !inTable {
					body.WriteString(`<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/></w:tblPr>`)
					inTable = true
				}
				body.WriteString(`<w:tr>`)
				for _, c := range cells {
					body.WriteString(`<w:tc><w:p>` + run(c) + `</w:p></w:tc>`)
				}
				body.WriteString(`</w:tr>`)
				continue
			}
			if inTable {
				body.WriteString(`</w:tbl>`)
				inTable = false
			}
			body.WriteString(`<w:p>` + run(line) + `</w:p>`)
		}
		if inTable {
			body.WriteString(`</w:tbl>`)
		}
	}
	document := `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` +
		`<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>` + body.String() + `</w:body></w:document>`
	return Zip(tb, DOCXParts(document)...)
}

// DOCXParts are the parts of a Word document whose word/document.xml is document.
func DOCXParts(document string) []Entry {
	return []Entry{
		{Name: "[Content_Types].xml", Body: strings.NewReader(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` +
			`<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
			`<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
			`<Default Extension="xml" ContentType="application/xml"/>` +
			`<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`)},
		{Name: "_rels/.rels", Body: strings.NewReader(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` +
			`<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
			`<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`)},
		{Name: "word/document.xml", Body: strings.NewReader(document)},
	}
}

// DOCXBomb is a Word document whose word/document.xml unpacks to unpacked
// bytes (a paragraph repeated) from a few hundred times fewer.
func DOCXBomb(tb testing.TB, unpacked int64) []byte {
	tb.Helper()
	parts := DOCXParts("")
	head := `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>`
	tail := `</w:body></w:document>`
	para := strings.Repeat(`<w:p><w:r><w:t>aaaaaaaa</w:t></w:r></w:p>`, 1000)
	parts[2].Body = io.MultiReader(strings.NewReader(head),
		io.LimitReader(&repeat{s: para}, unpacked-int64(len(head)+len(tail))), strings.NewReader(tail))
	return Zip(tb, parts...)
}

type repeat struct {
	s   string
	off int
}

func (r *repeat) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		c := copy(p[n:], r.s[r.off:])
		n += c
		r.off = (r.off + c) % len(r.s)
	}
	return n, nil
}

// Entry is one file of a zip.
type Entry struct {
	Name string
	Body io.Reader
}

// Zip writes a zip of the entries, deflated.
func Zip(tb testing.TB, entries ...Entry) []byte {
	tb.Helper()
	var b bytes.Buffer
	w := zip.NewWriter(&b)
	for _, e := range entries {
		f, err := w.Create(e.Name)
		if err != nil {
			tb.Fatal(err)
		}
		if _, err := io.Copy(f, e.Body); err != nil {
			tb.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		tb.Fatal(err)
	}
	return b.Bytes()
}
