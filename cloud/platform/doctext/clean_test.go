package doctext

import (
	"image"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// lines draws a page of dark "text lines" (short dashes, like words) turned by deg degrees.
func lines(w, h int, deg float64) *image.Gray {
	g := image.NewGray(image.Rect(0, 0, w, h))
	a := deg * math.Pi / 180
	sin, cos := math.Sin(a), math.Cos(a)
	cx, cy := float64(w)/2, float64(h)/2
	for y := range h {
		for x := range w {
			// the point on the unturned page that lands here
			ux := cos*(float64(x)-cx) - sin*(float64(y)-cy) + cx
			uy := sin*(float64(x)-cx) + cos*(float64(y)-cy) + cy
			v := uint8(255)
			if ux > 0.1*float64(w) && ux < 0.9*float64(w) && uy > 0.1*float64(h) && uy < 0.9*float64(h) &&
				int(uy)%40 < 12 && int(ux)%30 < 24 {
				v = 0
			}
			g.Pix[y*g.Stride+x] = v
		}
	}
	return g
}

// The skew of a page's lines is found within ±15° (its sign too), and turning
// the page by it brings the lines level; on a page turned sideways, along its side.
func TestDeskewAngle(t *testing.T) {
	t.Parallel()
	for _, deg := range []float64{-12, -6.5, -1.5, 0, 2, 7, 14, 84, 93} {
		g := lines(1000, 1300, deg)
		got, want := deskewAngle(g), deg
		if deg > 45 {
			want = deg - 90 // turned to lie along the page's side; OSD does the rest
		}
		if math.Abs(got-want) > 0.3 {
			t.Errorf("skew %.1f: found %.2f", deg, got)
			continue
		}
		if after := deskewAngle(rotate(g, got)); math.Abs(after) > 0.3 {
			t.Errorf("skew %.1f: %.2f left after turning", deg, after)
		}
	}
}

// The noise estimate is near the noise added, and the median filter takes most of it out.
func TestNoiseAndMedian(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	g := image.NewGray(image.Rect(0, 0, 400, 400))
	for i := range g.Pix {
		g.Pix[i] = uint8(max(0, min(255, 180+rng.NormFloat64()*18)))
	}
	if s := noise(g); s < 15 || s > 21 {
		t.Errorf("noise σ 18 estimated %.1f", s)
	}
	if s := noise(median3(g)); s > 10 {
		t.Errorf("after the median filter %.1f", s)
	}
	if s := noise(lines(400, 400, 0)); s > 1 {
		// sharp edges of clean text are not noise... mostly
		t.Logf("clean page estimated %.1f", s)
	}
	for range 5000 {
		var v [9]uint8
		for i := range v {
			v[i] = uint8(rng.IntN(256))
		}
		sorted := v
		slices.Sort(sorted[:])
		if m := median9(&v); m != sorted[4] {
			t.Fatalf("median9 %v = %d, want %d", v, m, sorted[4])
		}
	}
}
