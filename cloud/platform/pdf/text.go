package pdf

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// replacement stands for a character no embedded font can draw (Korean
// Hangul, an emoji, a rune outside the Basic Multilingual Plane such as a
// rare CJK extension ideograph): a visible mark instead of a silent gap.
const replacement = '\uFFFD'

// ptPerMM converts font sizes (points) to the document's unit (millimetres).
const ptPerMM = 72 / 25.4

// style is how a piece of text is set: size in points and weight.
type style struct {
	size float64
	bold bool
}

// clean makes s printable: composed (NFC, so "n" + combining tilde is one
// "ñ" glyph), tabs as spaces, CR/LF as one newline, other control characters
// dropped, and characters no font draws replaced.
func clean(s string) string {
	if s == "" {
		return s
	}
	s = norm.NFC.String(s)
	var b strings.Builder
	b.Grow(len(s))
	prevCR := false
	for _, r := range s {
		switch {
		case r == '\r':
			b.WriteByte('\n')
			prevCR = true
			continue
		case r == '\n':
			if !prevCR {
				b.WriteByte('\n')
			}
		case r == '\t':
			b.WriteByte(' ')
		case unicode.IsControl(r), r == '\u200b', r == '\ufeff':
		case !drawable(r):
			b.WriteRune(replacement)
		default:
			b.WriteRune(r)
		}
		prevCR = false
	}
	return b.String()
}

// width is the printed width of s in millimetres.
func width(s string, st style) float64 {
	u := 0
	for _, r := range s {
		u += runeWidth(r, st.bold)
	}
	return float64(u) * st.size / 1000 / ptPerMM
}

// breakable reports whether a line may break before r (ideographic scripts
// are written without spaces and break between any two characters).
func breakable(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul) ||
		(r >= 0x3000 && r <= 0x303F) || (r >= 0xFF00 && r <= 0xFFEF)
}

// wrap breaks s (already cleaned) into lines no wider than maxW millimetres:
// at spaces, around ideographs, and inside a word only when the word alone is
// wider than the line. Newlines in s always break. It never loses a character
// other than the spaces where a line breaks, and answers at least one line.
func wrap(s string, maxW float64, st style) []string {
	if maxW <= 0 {
		maxW = 1
	}
	limit := maxW * ptPerMM * 1000 / st.size // in thousandths of an em
	var lines []string
	for para := range strings.SplitSeq(s, "\n") {
		lines = wrapParagraph([]rune(para), limit, st.bold, lines)
	}
	if len(lines) == 0 {
		lines = append(lines, "")
	}
	return lines
}

func wrapParagraph(rs []rune, limit float64, bold bool, lines []string) []string {
	if len(rs) == 0 {
		return append(lines, "")
	}
	start := 0
	for start < len(rs) {
		w := 0.0
		breakAt := -1 // a line may end before this index
		end := len(rs)
		for i := start; i < len(rs); i++ {
			r := rs[i]
			if i > start && (r == ' ' || breakable(r) || breakable(rs[i-1])) {
				breakAt = i
			}
			w += float64(runeWidth(r, bold))
			if w > limit && r != ' ' {
				switch {
				case breakAt > start:
					end = breakAt
				case i > start:
					end = i // a word wider than the line is cut where it overflows
				default:
					end = i + 1 // one character wider than the line stands alone
				}
				break
			}
		}
		lines = append(lines, strings.TrimRight(string(rs[start:end]), " "))
		start = end
		for start < len(rs) && rs[start] == ' ' {
			start++
		}
	}
	return lines
}

// ellipsis shortens s with "…" until it fits in maxW millimetres.
func ellipsis(s string, maxW float64, st style) string {
	if width(s, st) <= maxW {
		return s
	}
	rs := []rune(s)
	for n := len(rs) - 1; n > 0; n-- {
		t := strings.TrimRight(string(rs[:n]), " ") + "…"
		if width(t, st) <= maxW {
			return t
		}
	}
	return "…"
}

// fitSize answers the largest size, at most st.size and at least minSize,
// at which every line of s fits in maxW millimetres.
func fitSize(lines []string, maxW float64, st style, minSize float64) float64 {
	widest := 0.0
	for _, l := range lines {
		widest = max(widest, width(l, st))
	}
	if widest <= maxW || widest == 0 {
		return st.size
	}
	return max(minSize, st.size*maxW/widest)
}
