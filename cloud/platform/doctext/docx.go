package doctext

// Word documents (DOCX, issue 33): read in Go with archive/zip and
// encoding/xml rather than Debian's docx2txt, which is a Perl script that
// needs unzip besides, unpacks word/document.xml with no bound on its size,
// reads a docx2txt.config from the working directory, and takes the XML
// apart with regular expressions. Here the text of word/document.xml is read
// as a stream, bounded in entries and in unpacked bytes.
//
// Source notes:
//   - ECMA-376 Part 1 (Office Open XML, WordprocessingML) §17.3: the main
//     document part (word/document.xml in every DOCX that Word and
//     LibreOffice write) holds paragraphs w:p of runs w:r whose text is in
//     w:t; w:tab is a tab, w:br a line break (w:type="page" a page break),
//     w:cr a carriage return, w:noBreakHyphen a hyphen; tables are w:tbl of
//     rows w:tr of cells w:tc, each holding paragraphs. w:lastRenderedPageBreak
//     is where the last program that laid it out started a page (§17.3.3.13).
//     Deleted text of a tracked change is w:delText, a field's code
//     w:instrText: neither is w:t, so neither is read.
//   - ECMA-376 Part 3 (markup compatibility): mc:AlternateContent holds the
//     same content as mc:Choice and mc:Fallback (a text box twice); only the
//     Choice is read.
//   - archive/zip: a file's reader fails with zip.ErrFormat when it yields
//     more bytes than its header's uncompressed size, so checking that size
//     bounds what is unpacked. encoding/xml expands no entities a document
//     defines (it reads no DTD), so entity bombs do not grow.

import (
	"archive/zip"
	"encoding/binary"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
)

// DOCX is a Word document (Office Open XML).
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"

// Bounds of a DOCX read: a resident's papers are a few dozen entries and
// tens of kilobytes of text; a 300-page book's document.xml is about 10 MB.
const (
	DOCXMaxEntries = 5000     // files inside the zip
	DOCXMaxText    = 16 << 20 // bytes of word/document.xml unpacked
)

// ErrTooLarge is a document that unpacks to more than doctext reads (a zip bomb).
var ErrTooLarge = fmt.Errorf("%w: it unpacks to more than %d MB or %d entries", ErrUnreadable, DOCXMaxText>>20, DOCXMaxEntries)

// errNotDOCX is a zip without word/document.xml (a plain zip, a spreadsheet).
var errNotDOCX = fmt.Errorf("%w: not a Word document", ErrUnreadable)

const docxMain = "word/document.xml"

// zipEntries is the number of entries a zip's end of central directory
// record declares (APPNOTE.TXT 4.3.16: signature PK\x05\x06, total entries
// at offset 10; 0xFFFF means a ZIP64 count, far more than a DOCX holds), so a
// zip of a million tiny entries is refused before archive/zip lists them all.
func zipEntries(r io.ReaderAt, size int64) (int, error) {
	tail := make([]byte, min(size, 22+0xFFFF)) // the record and the longest comment
	if _, err := r.ReadAt(tail, size-int64(len(tail))); err != nil && !errors.Is(err, io.EOF) {
		return 0, fmt.Errorf("%w: %w", errNotDOCX, err)
	}
	for i := len(tail) - 22; i >= 0; i-- {
		if string(tail[i:i+4]) == "PK\x05\x06" {
			return int(binary.LittleEndian.Uint16(tail[i+10:])), nil
		}
	}
	return 0, errNotDOCX
}

// openDOCX opens a DOCX's main document part, checking the bounds first.
func openDOCX(r io.ReaderAt, size int64) (*zip.File, error) {
	n, err := zipEntries(r, size)
	if err != nil {
		return nil, err
	}
	if n > DOCXMaxEntries {
		return nil, ErrTooLarge
	}
	zr, err := zip.NewReader(r, size)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", errNotDOCX, err)
	}
	var main *zip.File
	for _, f := range zr.File {
		if f.Name == docxMain {
			main = f
		}
	}
	switch {
	case main == nil:
		return nil, errNotDOCX
	case len(zr.File) > DOCXMaxEntries, main.UncompressedSize64 > DOCXMaxText:
		return nil, ErrTooLarge
	}
	return main, nil
}

// CheckDOCX answers nil for a DOCX whose text can be read within the bounds,
// ErrTooLarge for one that unpacks to more, and ErrUnreadable for a zip that
// is not a Word document.
func CheckDOCX(r io.ReaderAt, size int64) error {
	_, err := openDOCX(r, size)
	return err
}

// isZip says whether head opens with a zip's local file header.
func isZip(head []byte) bool { return len(head) >= 4 && string(head[:4]) == "PK\x03\x04" }

var wordNS = map[string]bool{
	"http://schemas.openxmlformats.org/wordprocessingml/2006/main": true, // transitional, what Word writes
	"http://purl.oclc.org/ooxml/wordprocessingml/main":             true, // strict
}

const mcNS = "http://schemas.openxmlformats.org/markup-compatibility/2006"

// docxPages reads the text of a DOCX's main part, one string per page
// (split where the document breaks pages; one page when it never does).
func docxPages(r io.ReaderAt, size int64) ([]string, error) {
	main, err := openDOCX(r, size)
	if err != nil {
		return nil, err
	}
	rc, err := main.Open()
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrUnreadable, err)
	}
	defer rc.Close()
	dec := xml.NewDecoder(io.LimitReader(rc, DOCXMaxText))
	var pages []string
	var b strings.Builder
	inText, cells := false, 0
	space := false // a cell's paragraph ended: a space before its next text
	put := func(s string) {
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteString(s)
	}
	newPage := func() {
		if strings.TrimSpace(b.String()) != "" {
			pages = append(pages, b.String())
		}
		b.Reset()
		space = false
	}
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%w: word/document.xml: %w", ErrUnreadable, err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if t.Name.Space == mcNS && t.Name.Local == "Fallback" {
				if err := dec.Skip(); err != nil {
					return nil, fmt.Errorf("%w: word/document.xml: %w", ErrUnreadable, err)
				}
				continue
			}
			if !wordNS[t.Name.Space] {
				continue
			}
			switch t.Name.Local {
			case "t":
				inText = true
			case "tab":
				put("\t")
			case "cr":
				put("\n")
			case "br":
				if attr(t, "type") == "page" {
					newPage()
				} else {
					put("\n")
				}
			case "lastRenderedPageBreak":
				newPage()
			case "noBreakHyphen":
				put("-")
			case "tc":
				cells++
			}
		case xml.EndElement:
			if !wordNS[t.Name.Space] {
				continue
			}
			switch t.Name.Local {
			case "t":
				inText = false
			case "p":
				if cells > 0 {
					space = true // a cell's paragraphs stay on its row
				} else {
					put("\n")
				}
			case "tc":
				cells--
				space = false
				b.WriteByte('\t')
			case "tr":
				space = false
				b.WriteByte('\n')
			}
		case xml.CharData:
			if inText {
				put(string(t))
			}
		}
	}
	newPage()
	return pages, nil
}

// attr is the value of a w: attribute of an element ("" when absent).
func attr(e xml.StartElement, local string) string {
	for _, a := range e.Attr {
		if a.Name.Local == local && (a.Name.Space == "" || wordNS[a.Name.Space]) {
			return a.Value
		}
	}
	return ""
}
