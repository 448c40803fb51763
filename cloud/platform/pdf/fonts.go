package pdf

import (
	_ "embed"
	"fmt"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// The fonts travel inside the binary so a printout looks the same on every
// server and desktop, whatever fonts the machine has. fpdf reads TrueType
// (glyf) .ttf files only, not .otf/CFF or .ttc collections, and maps only the
// Basic Multilingual Plane (cmap format 4): both fonts below are single .ttf
// files with TrueType outlines. fonts/README.md says where they come from.
var (
	//go:embed fonts/NotoSans-Regular.ttf
	notoSansRegular []byte
	//go:embed fonts/NotoSans-Bold.ttf
	notoSansBold []byte
	//go:embed fonts/DroidSansFallbackFull.ttf
	droidSansFallback []byte
)

// face is one embedded font. Latin (with Greek, Cyrillic and Vietnamese)
// comes from Noto Sans; whatever Noto Sans lacks — Chinese, Japanese, Korean
// — from Droid Sans Fallback, which has no bold: bold CJK prints regular.
type face int

const (
	faceRegular face = iota
	faceBold
	faceCJK
	faceCount
)

var faces = [faceCount]struct {
	family string // the name the face is registered under in fpdf
	data   []byte
}{
	faceRegular: {"notosans", notoSansRegular},
	faceBold:    {"notosansbold", notoSansBold},
	faceCJK:     {"droidsansfallback", droidSansFallback},
}

// noGlyph marks a rune the face cannot draw in a metrics table.
const noGlyph = 0xFFFF

// metrics holds, for every rune of the Basic Multilingual Plane, its advance
// width in thousandths of an em (the unit PDF fonts are measured in), or
// noGlyph. The tables are built once per process from the embedded fonts and
// shared read-only by every document.
type metrics struct {
	width [0x10000]uint16
}

var (
	metricsOnce sync.Once
	metricsErr  error
	faceMetrics [faceCount]*metrics
)

func loadMetrics() error {
	metricsOnce.Do(func() {
		for i := range faceCount {
			m, err := readMetrics(faces[i].data)
			if err != nil {
				metricsErr = fmt.Errorf("pdf: font %s: %w", faces[i].family, err)
				return
			}
			faceMetrics[i] = m
		}
	})
	return metricsErr
}

func readMetrics(data []byte) (*metrics, error) {
	f, err := sfnt.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("pdf: font: %w", err)
	}
	upem := float64(f.UnitsPerEm())
	// With ppem equal to the units per em in 26.6, GlyphAdvance answers in font units.
	ppem := fixed.Int26_6(f.UnitsPerEm())
	var buf sfnt.Buffer
	m := &metrics{}
	for r := range rune(0x10000) {
		m.width[r] = noGlyph
		if r >= 0xD800 && r <= 0xDFFF { // surrogates are not characters
			continue
		}
		gi, err := f.GlyphIndex(&buf, r)
		if err != nil || gi == 0 {
			continue
		}
		adv, err := f.GlyphAdvance(&buf, gi, ppem, font.HintingNone)
		if err != nil {
			continue
		}
		// Rounded as fpdf rounds its own width table, so both agree.
		w := int(float64(adv)*1000/upem + 0.5)
		if w >= noGlyph {
			w = noGlyph - 1
		}
		m.width[r] = uint16(w)
	}
	return m, nil
}

// faceFor picks the face that draws r: the Latin face (bold or regular) when
// it has the glyph, else the CJK face, else the regular face for a rune that
// clean already made drawable.
func faceFor(r rune, bold bool) face {
	latin := faceRegular
	if bold {
		latin = faceBold
	}
	if r > 0xFFFF {
		return latin
	}
	if faceMetrics[latin].width[r] != noGlyph {
		return latin
	}
	if faceMetrics[faceCJK].width[r] != noGlyph {
		return faceCJK
	}
	if bold && faceMetrics[faceRegular].width[r] != noGlyph {
		return faceRegular
	}
	return latin
}

// drawable reports whether any embedded face has a glyph for r.
func drawable(r rune) bool {
	if r < 0 || r > 0xFFFF {
		return false
	}
	for i := range faceCount {
		if faceMetrics[i].width[r] != noGlyph {
			return true
		}
	}
	return false
}

// runeWidth is r's advance in thousandths of an em in the face that draws it.
func runeWidth(r rune, bold bool) int {
	f := faceFor(r, bold)
	if r > 0xFFFF {
		return 0
	}
	w := faceMetrics[f].width[r]
	if w == noGlyph {
		return 0
	}
	return int(w)
}
