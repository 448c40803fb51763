package doctext

// Cleaning a page image before OCR (issue 33): a phone photo of paper is grey,
// noisy and a little turned, and tesseract reads such a page badly or not at
// all (at noise σ 18 of 255 it read nothing). cleanPage turns it into a page
// tesseract reads well: one grey channel, a median filter against the noise
// when there is noise, the light evened out and the contrast stretched so the
// paper is white and the ink black, and the text lines turned level.
//
// Library: golang.org/x/image/draw (the Go team's image package, already a
// dependency) scales and turns the image; the median filter, the contrast
// stretch and the skew estimate are small loops here, since no kept Go library
// offers them and ImageMagick (convert -deskew) is one more Debian package,
// a process per page and a command line language of its own.
//   - draw.CatmullRom.Scale: a kernel filter whose support widens when it
//     shrinks, so scaling down averages pixels (x/image/draw's Kernel doc).
//   - draw.BiLinear.Transform: the matrix maps source to destination
//     coordinates (x/image/draw's Transformer doc) and only destination pixels
//     that come from inside the source are drawn, so the page is first painted
//     white.

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"

	_ "image/jpeg" // decoder for image.Decode

	"golang.org/x/image/draw"
	"golang.org/x/image/math/f64"
)

const (
	// cleanMaxSide bounds the longer side of the page image tesseract gets:
	// a Letter page at 300 DPI is 3,300 pixels; a 12-megapixel phone photo
	// (4,000 pixels) is scaled down to it, which also averages its noise.
	cleanMaxSide = 3400
	// maxSkew is the turn, in degrees either way, looked for in a page;
	// tesseract's OSD (--psm 1) turns pages by 90, 180 or 270 degrees.
	maxSkew = 15.0
	// noisy is the noise estimate (σ, 0-255) above which a 3 × 3 median
	// filter runs. Below it the filter costs more than it gives: on the smart
	// setup quality set at σ 8 it took the Chinese photo from 4/10 fields to
	// 0/10 (thin strokes at 200 DPI), while at σ 18 nothing is read without it.
	noisy = 10.0
)

// cleaned says what cleanPage did to a page.
type cleaned struct {
	Skew  float64 // degrees turned to bring the lines level
	Noise float64 // estimated noise σ (0-255) before filtering
	Scale float64 // the cleaned image's size over the original's (1, or less for a large photo)
}

// cleanFile reads the image in path, cleans it and writes it back as a PNG.
func cleanFile(path string) (cleaned, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return cleaned{}, fmt.Errorf("doctext: %w", err)
	}
	g, c, err := cleanPage(data)
	if err != nil {
		return cleaned{}, err
	}
	var b bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&b, g); err != nil {
		return cleaned{}, fmt.Errorf("doctext: %w", err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o600); err != nil {
		return cleaned{}, fmt.Errorf("doctext: %w", err)
	}
	return c, nil
}

// cleanPage decodes a JPEG or PNG (its header first: an image claiming more
// than shared.ImageMaxPixels is never decoded, as at upload) and answers the
// cleaned page in grey and what was done to it.
func cleanPage(data []byte) (*image.Gray, cleaned, error) {
	c := cleaned{Scale: 1}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, c, fmt.Errorf("%w: %w", ErrUnreadable, err)
	}
	if err := checkImageSize(cfg.Width, cfg.Height); err != nil {
		return nil, c, err
	}
	src, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, c, fmt.Errorf("%w: %w", ErrUnreadable, err)
	}
	g := gray(src)
	if b := g.Bounds(); max(b.Dx(), b.Dy()) > cleanMaxSide {
		f := float64(cleanMaxSide) / float64(max(b.Dx(), b.Dy()))
		small := image.NewGray(image.Rect(0, 0, max(1, int(float64(b.Dx())*f)), max(1, int(float64(b.Dy())*f))))
		draw.CatmullRom.Scale(small, small.Bounds(), g, b, draw.Src, nil)
		g, c.Scale = small, f
	}
	c.Noise = noise(g)
	if c.Noise > noisy {
		g = median3(g)
	}
	flatten(g)
	stretch(g)
	if c.Skew = deskewAngle(g); math.Abs(c.Skew) >= 0.2 {
		g = rotate(g, c.Skew)
	}
	return g, c, nil
}

// gray copies any image to one 8-bit grey channel (a JPEG's luma plane as it is).
func gray(src image.Image) *image.Gray {
	b := src.Bounds()
	dst := image.NewGray(image.Rect(0, 0, b.Dx(), b.Dy()))
	switch s := src.(type) {
	case *image.Gray:
		for y := range b.Dy() {
			copy(dst.Pix[y*dst.Stride:y*dst.Stride+b.Dx()], s.Pix[s.PixOffset(b.Min.X, b.Min.Y+y):])
		}
	case *image.YCbCr:
		for y := range b.Dy() {
			copy(dst.Pix[y*dst.Stride:y*dst.Stride+b.Dx()], s.Y[s.YOffset(b.Min.X, b.Min.Y+y):])
		}
	default:
		// Transparent parts are taken as white paper.
		for y := range b.Dy() {
			for x := range b.Dx() {
				r, gg, bb, a := src.At(b.Min.X+x, b.Min.Y+y).RGBA()
				l := (19595*r + 38470*gg + 7471*bb + 1<<15) >> 24 // color.GrayModel's weights
				l = (l*a + 0xff*(0xffff-a)) / 0xffff
				dst.Pix[y*dst.Stride+x] = uint8(l)
			}
		}
	}
	return dst
}

// noise estimates the standard deviation of the image's noise (0-255) by
// Immerkær's method ("Fast noise variance estimation", 1996): the mean
// absolute response to a mask that cancels edges and smooth shading.
func noise(g *image.Gray) float64 {
	b := g.Bounds()
	w, h := b.Dx(), b.Dy()
	if w < 3 || h < 3 {
		return 0
	}
	var sum float64
	p, s := g.Pix, g.Stride
	for y := 1; y < h-1; y++ {
		for x := 1; x < w-1; x++ {
			i := y*s + x
			v := int(p[i-s-1]) - 2*int(p[i-s]) + int(p[i-s+1]) -
				2*int(p[i-1]) + 4*int(p[i]) - 2*int(p[i+1]) +
				int(p[i+s-1]) - 2*int(p[i+s]) + int(p[i+s+1])
			if v < 0 {
				v = -v
			}
			sum += float64(v)
		}
	}
	return sum * math.Sqrt(math.Pi/2) / (6 * float64(w-2) * float64(h-2))
}

// median3 is the image through a 3 × 3 median filter (edges keep their pixels).
func median3(g *image.Gray) *image.Gray {
	b := g.Bounds()
	w, h := b.Dx(), b.Dy()
	out := image.NewGray(b)
	copy(out.Pix, g.Pix)
	p, s := g.Pix, g.Stride
	var v [9]uint8
	for y := 1; y < h-1; y++ {
		for x := 1; x < w-1; x++ {
			i := y*s + x
			v = [9]uint8{p[i-s-1], p[i-s], p[i-s+1], p[i-1], p[i], p[i+1], p[i+s-1], p[i+s], p[i+s+1]}
			out.Pix[i] = median9(&v)
		}
	}
	return out
}

// median9 is the median of nine values (a sorting network: Paeth's 19
// exchanges, each a branchless min and max).
func median9(p *[9]uint8) uint8 {
	v0, v1, v2, v3, v4, v5, v6, v7, v8 := p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8]
	v1, v2 = sort2(v1, v2)
	v4, v5 = sort2(v4, v5)
	v7, v8 = sort2(v7, v8)
	v0, v1 = sort2(v0, v1)
	v3, v4 = sort2(v3, v4)
	v6, v7 = sort2(v6, v7)
	v1, v2 = sort2(v1, v2)
	v4, v5 = sort2(v4, v5)
	v7, v8 = sort2(v7, v8)
	// from here on only the half of an exchange that is read again is kept
	v3 = max(v0, v3)
	v5 = min(v5, v8)
	v4, v7 = sort2(v4, v7)
	v6 = max(v3, v6)
	v4 = max(v1, v4)
	v2 = min(v2, v5)
	v4 = min(v4, v7)
	v4, v2 = sort2(v4, v2)
	v4 = max(v6, v4)
	return min(v4, v2)
}

func sort2(a, b uint8) (uint8, uint8) { return min(a, b), max(a, b) }

// flatten divides the image by its paper's brightness around each point, in
// place, so that the paper (and a table or shadow around it) comes out white
// and only what is darker than its surroundings stays dark: uneven light
// across a photo no longer reads as ink. The paper's brightness is the
// brightest of the averages of 16-pixel cells nearby (ink is thin, so some
// cell around any point is mostly paper), smoothed, and sampled between cells.
func flatten(g *image.Gray) {
	const cell = 16
	b := g.Bounds()
	w, h := b.Dx(), b.Dy()
	cw, ch := (w+cell-1)/cell, (h+cell-1)/cell
	if cw < 3 || ch < 3 {
		return
	}
	avg := make([]float64, cw*ch)
	cnt := make([]float64, cw*ch)
	for y := range h {
		row := g.Pix[y*g.Stride : y*g.Stride+w]
		for x, v := range row {
			i := (y/cell)*cw + x/cell
			avg[i] += float64(v)
			cnt[i]++
		}
	}
	for i := range avg {
		avg[i] /= cnt[i]
	}
	// the brightest cell within 2 cells (32 pixels at least from any stroke), then a 3 × 3 mean
	bright := make([]float64, cw*ch)
	for cy := range ch {
		for cx := range cw {
			m := 0.0
			for y := max(0, cy-2); y <= min(ch-1, cy+2); y++ {
				for x := max(0, cx-2); x <= min(cw-1, cx+2); x++ {
					m = max(m, avg[y*cw+x])
				}
			}
			bright[cy*cw+cx] = m
		}
	}
	bg := make([]float64, cw*ch)
	for cy := range ch {
		for cx := range cw {
			sum, n := 0.0, 0.0
			for y := max(0, cy-1); y <= min(ch-1, cy+1); y++ {
				for x := max(0, cx-1); x <= min(cw-1, cx+1); x++ {
					sum, n = sum+bright[y*cw+x], n+1
				}
			}
			bg[cy*cw+cx] = max(sum/n, 16)
		}
	}
	// bilinear between cell centres
	for y := range h {
		fy := min(max(float64(y)/cell-0.5, 0), float64(ch-1))
		y0 := min(int(fy), ch-2)
		ty := fy - float64(y0)
		row := g.Pix[y*g.Stride : y*g.Stride+w]
		for x, v := range row {
			fx := min(max(float64(x)/cell-0.5, 0), float64(cw-1))
			x0 := min(int(fx), cw-2)
			tx := fx - float64(x0)
			i := y0*cw + x0
			p := (bg[i]*(1-tx)+bg[i+1]*tx)*(1-ty) + (bg[i+cw]*(1-tx)+bg[i+cw+1]*tx)*ty
			row[x] = uint8(min(255, float64(v)*255/p))
		}
	}
}

// stretch maps the paper (the 60th percentile: most of a page is paper;
// after flatten it is white already) to white and the ink (the darkest 0.2%: a sparse page has little ink) to
// black, in place; when the two are close (a blank page, or one with hardly
// any ink) it only brightens the paper, so that noise is not stretched.
func stretch(g *image.Gray) {
	var hist [256]int
	for _, v := range g.Pix {
		hist[v]++
	}
	lo, hi := percentile(&hist, len(g.Pix), 0.002), percentile(&hist, len(g.Pix), 0.60)
	if hi < 32 {
		return // a dark picture: nothing taken for paper
	}
	if hi-lo < 64 {
		lo = 0
	}
	var lut [256]uint8
	for i := range lut {
		lut[i] = uint8(max(0, min(255, (i-lo)*255/(hi-lo))))
	}
	for i, v := range g.Pix {
		g.Pix[i] = lut[v]
	}
}

func percentile(hist *[256]int, n int, q float64) int {
	want, c := int(q*float64(n)), 0
	for i, h := range hist {
		c += h
		if c > want {
			return i
		}
	}
	return 255
}

// deskewAngle estimates the angle (degrees, counter-clockwise positive as
// the page appears) of the text lines by a projection profile: the dark
// pixels of a copy about 1,000 pixels wide are summed along lines at each
// angle within ±maxSkew, and the angle whose row sums vary most (the lines of
// text falling into few rows, the gaps into empty ones) is taken. Angles
// within ±maxSkew of 90° are looked at too, for a page photographed
// sideways: its lines are turned level with the page's sides and tesseract's
// OSD then turns it upright.
func deskewAngle(g *image.Gray) float64 {
	b := g.Bounds()
	f := min(1, 1000/float64(b.Dx()))
	w, h := max(1, int(float64(b.Dx())*f)), max(1, int(float64(b.Dy())*f))
	small := image.NewGray(image.Rect(0, 0, w, h))
	draw.ApproxBiLinear.Scale(small, small.Bounds(), g, b, draw.Src, nil)
	var xs, ys []float64
	for y := range h {
		for x := range w {
			if small.Pix[y*small.Stride+x] < 128 {
				xs, ys = append(xs, float64(x)-float64(w)/2), append(ys, float64(y)-float64(h)/2)
			}
		}
	}
	if len(xs) < 50 || len(xs) > w*h/3 {
		return 0 // hardly any ink, or a dark photo: leave it as it is
	}
	diag := int(math.Hypot(float64(w), float64(h))) + 2
	rows := make([]float64, diag)
	score := func(deg float64) float64 {
		a := deg * math.Pi / 180
		sin, cos := math.Sin(a), math.Cos(a)
		clear(rows)
		for i := range xs {
			r := int(ys[i]*cos+xs[i]*sin) + diag/2
			if r >= 0 && r < diag {
				rows[r]++
			}
		}
		var s float64
		for i := 1; i < diag; i++ {
			d := rows[i] - rows[i-1]
			s += d * d
		}
		return s
	}
	best, bestScore := 0.0, score(0)
	search := func(from, to, step float64) {
		for d := from; d <= to+1e-9; d += step {
			if s := score(d); s > bestScore {
				best, bestScore = d, s
			}
		}
	}
	search(-maxSkew, maxSkew, 0.5)
	search(90-maxSkew, 90+maxSkew, 0.5) // a page photographed sideways
	c := best
	search(c-0.5, c+0.5, 0.05)
	if best > 45 {
		best -= 90 // only the fine turn: tesseract's OSD turns the page by 90 degrees
	}
	return math.Round(best*100) / 100
}

// rotate turns the page by deg degrees (so that a page skewed by deg comes
// level) about its centre, on white paper, keeping its size.
func rotate(g *image.Gray, deg float64) *image.Gray {
	b := g.Bounds()
	out := image.NewGray(b)
	for i := range out.Pix {
		out.Pix[i] = 255
	}
	a := -deg * math.Pi / 180 // the opposite way to the skew
	sin, cos := math.Sin(a), math.Cos(a)
	cx, cy := float64(b.Dx())/2, float64(b.Dy())/2
	// src → dst: translate the centre to the origin, rotate, translate back.
	m := f64.Aff3{
		cos, sin, cx - cos*cx - sin*cy,
		-sin, cos, cy + sin*cx - cos*cy,
	}
	draw.BiLinear.Transform(out, m, g, b, draw.Over, nil)
	return out
}
