// Package doctext reads the text of an uploaded document, page by page: a
// PDF's text layer with pdftotext, and, for a page without one (a scan) or a
// photo (JPEG, PNG, HEIC), optical character recognition with tesseract in
// English, Spanish and Simplified Chinese; a Word document's (DOCX) text in
// Go (docx.go). The facility documents' compliance check (issue 32) and smart
// setup (issue 33) read documents with it.
//
// Tools (Debian packages; `make test` and `make run` install them with
// build/scripts/ensure-ocr-deps.sh, docs/configuration.md "Document text"):
//   - poppler-utils: pdfinfo (page count), pdftotext (text layer) and pdftoppm
//     (a page as an image for OCR).
//   - tesseract-ocr with tesseract-ocr-eng, tesseract-ocr-spa,
//     tesseract-ocr-chi-sim (its osd data comes with tesseract-ocr).
//   - libheif-examples: heif-convert (a HEIC photo as PNG, heic.go), run
//     under prlimit (util-linux, in every Debian) to bound its memory.
//
// Source notes:
//   - pdftotext(1): `-layout` keeps the physical layout; `-f`/`-l` bound the
//     pages; pages are separated by a form feed (\f) in the output.
//   - pdftoppm(1): `-r 300` renders at 300 DPI (tesseract's documentation,
//     "Improving the quality of the output", asks for at least 300 DPI),
//     `-gray` one 8-bit channel, `-png`, `-singlefile` one page without a page
//     number in the file's name.
//   - tesseract(1): `--psm 1` is "automatic page segmentation with OSD"
//     (orientation and script detection), so a page scanned sideways or upside
//     down is turned before it is read; `--dpi N` gives a rendered page's
//     resolution (a PNG written by Go carries none). `-l eng+spa+chi_sim`
//     reads the three languages at once; `stdout` as the output base writes the
//     text to standard output. OMP_THREAD_LIMIT=1 keeps one OCR to one core
//     (tesseract's FAQ: its OpenMP threads slow a busy multi-process server).
//
// Before OCR every page image is cleaned in Go (clean.go): grey, a median
// filter when it is noisy, contrast stretched, and turned level (a skew of up
// to 15 degrees either way, found by a projection profile); tesseract's own
// layout analysis does not undo such a turn, and it read nothing from a photo
// with noise σ 18.
package doctext

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Defaults of Options.
const (
	DefaultMaxPages    = 20
	DefaultPageTimeout = 90 * time.Second
	DefaultDPI         = 300
	// MinTextLayer is how many letters or digits a page's text layer must hold
	// to be taken as it is; fewer (a scan, or a scan with a stray page number)
	// and the page is read by OCR.
	MinTextLayer = 20
)

// Languages are tesseract's language codes read by OCR, in its order of preference.
var Languages = []string{"eng", "spa", "chi_sim"}

// Options bound one extraction. The zero value takes the defaults.
type Options struct {
	MaxPages    int           // pages read at most (the rest is left out and Result.Truncated set)
	PageTimeout time.Duration // each tool's run on one page (or on the whole text layer)
	DPI         int           // resolution of a page rendered for OCR
	NoOCR       bool          // text layer only (a page without one stays empty)
}

func (o Options) withDefaults() Options {
	if o.MaxPages <= 0 {
		o.MaxPages = DefaultMaxPages
	}
	if o.PageTimeout <= 0 {
		o.PageTimeout = DefaultPageTimeout
	}
	if o.DPI <= 0 {
		o.DPI = DefaultDPI
	}
	return o
}

// Page is the text of one page.
type Page struct {
	Number int    // from 1
	Text   string // trimmed; "" when nothing was read
	OCR    bool   // read by optical character recognition (no text layer)
}

// Result is a document's text.
type Result struct {
	Pages      []Page
	TotalPages int  // pages of the document (more than len(Pages) when Truncated)
	Truncated  bool // the document had more pages than Options.MaxPages
	OCRLangs   []string
}

// Text is every page's text, each preceded by a "[page N]" line.
func (r *Result) Text() string {
	var b strings.Builder
	for _, p := range r.Pages {
		fmt.Fprintf(&b, "[page %d]\n%s\n\n", p.Number, p.Text)
	}
	return b.String()
}

// Kinds of document Extract reads (and HEIC, DOCX: heic.go, docx.go).
const (
	PDF  = "application/pdf"
	JPEG = "image/jpeg"
	PNG  = "image/png"
)

// Sniff tells the kinds of document that http.DetectContentType does not
// know from their content: HEIC (an ISO-BMFF ftyp box with an HEVC brand) or
// DOCX (a zip holding word/document.xml; a plain zip or a spreadsheet is
// not one), else "". A DOCX too large to read is still a DOCX: CheckDOCX says so.
func Sniff(r io.ReaderAt, size int64) string {
	head := make([]byte, 64)
	n, _ := r.ReadAt(head, 0)
	head = head[:n]
	switch {
	case isHEIC(head):
		return HEIC
	case isZip(head):
		if _, err := openDOCX(r, size); err == nil || errors.Is(err, ErrTooLarge) {
			return DOCX
		}
	}
	return ""
}

// MissingToolError says which program is not installed and the Debian package that has it.
type MissingToolError struct {
	Tool, Package string
}

func (e *MissingToolError) Error() string {
	return fmt.Sprintf("doctext: %s is not installed (Debian package %s; build/scripts/ensure-ocr-deps.sh installs it)", e.Tool, e.Package)
}

// ErrUnsupported is a content type Extract does not read.
var ErrUnsupported = errors.New("doctext: only PDF, JPEG, PNG, HEIC and DOCX documents are read")

// ErrUnreadable is a file its tool could not read (a damaged or encrypted PDF, a broken image).
var ErrUnreadable = errors.New("doctext: the document could not be read")

// ErrTimeout is a page whose tool ran past Options.PageTimeout.
var ErrTimeout = errors.New("doctext: reading the document took too long")

var packages = map[string]string{"pdfinfo": "poppler-utils", "pdftotext": "poppler-utils", "pdftoppm": "poppler-utils", "tesseract": "tesseract-ocr",
	"heif-convert": "libheif-examples", "prlimit": "util-linux"}

// look finds a tool on PATH, or names its package.
func look(tool string) (string, error) {
	p, err := exec.LookPath(tool)
	if err != nil {
		return "", &MissingToolError{Tool: tool, Package: packages[tool]}
	}
	return p, nil
}

// Check says whether every tool and OCR language is installed (nil), or the first one missing.
func Check(ctx context.Context) error {
	for _, t := range []string{"pdfinfo", "pdftotext", "pdftoppm", "tesseract", "heif-convert", "prlimit"} {
		if _, err := look(t); err != nil {
			return err
		}
	}
	_, err := ocrLangs(ctx)
	return err
}

// ocrLangs are the Languages tesseract has data for; eng is required.
func ocrLangs(ctx context.Context) ([]string, error) {
	out, err := run(ctx, 30*time.Second, "tesseract", "--list-langs")
	if err != nil {
		return nil, err
	}
	have := map[string]bool{}
	for _, l := range strings.Split(string(out), "\n") {
		have[strings.TrimSpace(l)] = true
	}
	var langs []string
	for _, l := range Languages {
		if have[l] {
			langs = append(langs, l)
		}
	}
	if !have["eng"] {
		return nil, &MissingToolError{Tool: "tesseract eng data", Package: "tesseract-ocr-eng"}
	}
	return langs, nil
}

// run runs a tool with a timeout and answers its standard output.
func run(ctx context.Context, timeout time.Duration, tool string, args ...string) ([]byte, error) {
	path, err := look(tool)
	if err != nil {
		return nil, err
	}
	parent := ctx
	ctx, cancel := context.WithTimeout(parent, timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, path, args...)
	cmd.Env = append(os.Environ(), "OMP_THREAD_LIMIT=1", "LC_ALL=C.UTF-8")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	if ctx.Err() != nil {
		if parent.Err() != nil {
			return nil, parent.Err() // the caller's end (a cancelled job), not the tool's timeout
		}
		return nil, fmt.Errorf("%w: %s after %s", ErrTimeout, tool, timeout)
	}
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if len(msg) > 300 {
			msg = msg[:300]
		}
		return nil, fmt.Errorf("%w: %s: %w: %s", ErrUnreadable, tool, err, msg)
	}
	return stdout.Bytes(), nil
}

var pagesLine = regexp.MustCompile(`(?m)^Pages:\s+(\d+)`)

// Extract reads the text of a document (contentType PDF, JPEG, PNG, HEIC or
// DOCX), calling progress (may be nil) after each page with the pages done
// and the pages it will read. ctx's end stops it (its error is answered).
func Extract(ctx context.Context, data []byte, contentType string, opt Options, progress func(done, total int)) (*Result, error) {
	opt = opt.withDefaults()
	if progress == nil {
		progress = func(int, int) {}
	}
	switch contentType {
	case PDF, JPEG, PNG, HEIC:
	case DOCX:
		return docxResult(data, opt, progress)
	default:
		return nil, ErrUnsupported
	}
	dir, err := os.MkdirTemp("", "hearth-doctext-")
	if err != nil {
		return nil, fmt.Errorf("doctext: %w", err)
	}
	defer os.RemoveAll(dir)
	name := filepath.Join(dir, "doc")
	if err := os.WriteFile(name, data, 0o600); err != nil {
		return nil, fmt.Errorf("doctext: %w", err)
	}
	wrap := func(err error) error {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return err
	}
	if contentType != PDF {
		res, err := photos(ctx, name, contentType, opt, progress)
		if err != nil {
			return nil, wrap(err)
		}
		return res, nil
	}
	res := &Result{}
	info, err := run(ctx, opt.PageTimeout, "pdfinfo", name)
	if err != nil {
		return nil, wrap(err)
	}
	m := pagesLine.FindSubmatch(info)
	if m == nil {
		return nil, fmt.Errorf("%w: pdfinfo gave no page count", ErrUnreadable)
	}
	res.TotalPages, _ = strconv.Atoi(string(m[1]))
	n := min(res.TotalPages, opt.MaxPages)
	res.Truncated = res.TotalPages > n
	if n == 0 {
		return res, nil
	}
	progress(0, n)
	layer, err := run(ctx, opt.PageTimeout, "pdftotext", "-layout", "-enc", "UTF-8", "-f", "1", "-l", strconv.Itoa(n), name, "-")
	if err != nil {
		return nil, wrap(err)
	}
	texts := strings.Split(string(layer), "\f")
	var langs []string
	for i := 1; i <= n; i++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		p := Page{Number: i}
		if i-1 < len(texts) {
			p.Text = tidy(texts[i-1])
		}
		if letters(p.Text) < MinTextLayer && !opt.NoOCR {
			if langs == nil {
				if langs, err = ocrLangs(ctx); err != nil {
					return nil, wrap(err)
				}
				res.OCRLangs = langs
			}
			img := filepath.Join(dir, "page"+strconv.Itoa(i))
			if _, err := run(ctx, opt.PageTimeout, "pdftoppm", "-r", strconv.Itoa(opt.DPI), "-gray", "-png", "-singlefile",
				"-f", strconv.Itoa(i), "-l", strconv.Itoa(i), name, img); err != nil {
				return nil, wrap(err)
			}
			c, err := cleanFile(img + ".png")
			if err != nil {
				return nil, err
			}
			text, err := ocr(ctx, img+".png", langs, int(float64(opt.DPI)*c.Scale+0.5), opt)
			_ = os.Remove(img + ".png")
			if err != nil {
				return nil, wrap(err)
			}
			if letters(text) >= letters(p.Text) {
				p.Text, p.OCR = text, true
			}
		}
		res.Pages = append(res.Pages, p)
		progress(i, n)
	}
	return res, nil
}

// photos reads a JPEG, a PNG or a HEIC by OCR: one page per picture (a HEIC
// may hold several).
func photos(ctx context.Context, name, contentType string, opt Options, progress func(done, total int)) (*Result, error) {
	if opt.NoOCR {
		return nil, &MissingToolError{Tool: "OCR (turned off)", Package: "tesseract-ocr"}
	}
	langs, err := ocrLangs(ctx)
	if err != nil {
		return nil, err
	}
	res := &Result{OCRLangs: langs, TotalPages: 1}
	progress(0, 1)
	images := []string{name}
	if contentType == HEIC {
		if images, err = heicPages(ctx, name, opt); err != nil {
			return nil, err
		}
		res.TotalPages = len(images)
	}
	n := min(len(images), opt.MaxPages)
	res.Truncated = len(images) > n
	for i, img := range images[:n] {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if _, err := cleanFile(img); err != nil {
			return nil, err
		}
		text, err := ocr(ctx, img, langs, 0, opt)
		if err != nil {
			return nil, err
		}
		res.Pages = append(res.Pages, Page{Number: i + 1, Text: text, OCR: true})
		progress(i+1, n)
	}
	return res, nil
}

// docxResult reads a Word document's text, its pages as the document breaks them.
func docxResult(data []byte, opt Options, progress func(done, total int)) (*Result, error) {
	texts, err := docxPages(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, err
	}
	n := min(len(texts), opt.MaxPages)
	res := &Result{TotalPages: len(texts), Truncated: len(texts) > n}
	progress(0, n)
	for i, t := range texts[:n] {
		res.Pages = append(res.Pages, Page{Number: i + 1, Text: tidy(t)})
	}
	progress(n, n)
	return res, nil
}

// ocr reads one image (cleaned by cleanFile) with tesseract; dpi is the
// image's resolution when known (a rendered PDF page), else 0 and tesseract
// estimates it from the letters' size.
func ocr(ctx context.Context, image string, langs []string, dpi int, opt Options) (string, error) {
	args := []string{image, "stdout", "-l", strings.Join(langs, "+"), "--psm", "1"}
	if dpi > 0 {
		args = append(args, "--dpi", strconv.Itoa(dpi))
	}
	out, err := run(ctx, opt.PageTimeout, "tesseract", args...)
	if err != nil {
		return "", err
	}
	return tidy(string(out)), nil
}

var blankLines = regexp.MustCompile(`\n{3,}`)

// tidy trims each line's right end and the page, and keeps at most one blank line in a row.
func tidy(s string) string {
	lines := strings.Split(strings.ReplaceAll(s, "\r", ""), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t")
	}
	return strings.TrimSpace(blankLines.ReplaceAllString(strings.Join(lines, "\n"), "\n\n"))
}

// letters counts letters and digits.
func letters(s string) int {
	n := 0
	for _, r := range s {
		if r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r > 0x7f && !isSpace(r) {
			n++
		}
	}
	return n
}

func isSpace(r rune) bool {
	return r == 0xa0 || r == 0x3000 || r == 0x2002 || r == 0x2003 || r == 0x2009
}
