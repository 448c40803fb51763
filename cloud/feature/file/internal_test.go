package file

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"reflect"
	"runtime"
	"runtime/metrics"
	"strings"
	"testing"
	"time"

	"golang.org/x/image/draw"

	"hearth/shared"
)

// The upload form's documented enum is the category list the service enforces.
func TestUploadFormListsEveryCategory(t *testing.T) {
	f, _ := reflect.TypeFor[uploadForm]().FieldByName("Category")
	var want []string
	for _, c := range shared.FileCategories {
		want = append(want, string(c))
	}
	if got := f.Tag.Get("enum"); got != strings.Join(want, ",") {
		t.Errorf("enum tag %q\nwant %q", got, strings.Join(want, ","))
	}
}

func TestNames(t *testing.T) {
	cases := []struct{ in, suffix, want string }{
		{"scan.pdf", "png", "scan.png"},
		{"scan.PNG", "png", "scan.PNG"},
		{"photo.jpeg", "jpg", "photo.jpeg"},
		{"photo", "jpg", "photo.jpg"},
		{"../../etc/passwd", "pdf", "passwd.pdf"},
		{`C:\Users\amina\care plan.pdf`, "pdf", "care plan.pdf"},
		{"a\r\nb.pdf", "pdf", "ab.pdf"},
		{"..", "pdf", "file.pdf"},
		{"", "png", "file.png"},
		{".pdf", "pdf", ".pdf"},
	}
	for _, c := range cases {
		if got := withSuffix(displayName(c.in), c.suffix); got != c.want {
			t.Errorf("%q as %s: %q, want %q", c.in, c.suffix, got, c.want)
		}
	}
	if n := len([]rune(displayName(strings.Repeat("é", 300) + ".pdf"))); n != 200 {
		t.Errorf("long name kept %d characters", n)
	}
}

// BenchmarkResize reports the memory one resize of the probe's picture takes
// (a 6000 × 6000 PNG, about 100 KB on disk): peak-heap-MB is the largest
// live heap seen while it runs (sampled every 200 µs), alloc-MB what it
// allocates in all. "before" is the former way: the whole picture scaled by
// Catmull-Rom straight into the 4096 × 4096 box the request asked for.
func BenchmarkResize(b *testing.B) {
	pic := image.NewNRGBA(image.Rect(0, 0, 6000, 6000))
	for i := 0; i < len(pic.Pix); i += 4 {
		x, y := (i/4)%6000, (i/4)/6000
		pic.Pix[i], pic.Pix[i+1], pic.Pix[i+2], pic.Pix[i+3] = uint8(x), uint8(y), 128, 255
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, pic); err != nil {
		b.Fatal(err)
	}
	data := buf.Bytes()
	b.Logf("source: %d KB PNG", len(data)>>10)
	run := func(b *testing.B, resize func(image.Image) image.Image) {
		b.Helper()
		var peak, alloc float64
		for b.Loop() {
			runtime.GC()
			var m0 runtime.MemStats
			runtime.ReadMemStats(&m0)
			stop := make(chan struct{})
			done := make(chan uint64)
			go func() {
				s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
				var top uint64
				for {
					metrics.Read(s)
					top = max(top, s[0].Value.Uint64())
					select {
					case <-stop:
						done <- top
						return
					case <-time.After(200 * time.Microsecond):
					}
				}
			}()
			img, err := decode(data, shared.ImageUploadMaxSide)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := encodeJPEG(resize(img), resizedQuality); err != nil {
				b.Fatal(err)
			}
			close(stop)
			top := <-done
			var m1 runtime.MemStats
			runtime.ReadMemStats(&m1)
			peak = max(peak, float64(top-min(top, m0.HeapAlloc))/(1<<20))
			alloc += float64(m1.TotalAlloc-m0.TotalAlloc) / (1 << 20)
		}
		b.ReportMetric(peak, "peak-heap-MB")
		b.ReportMetric(alloc/float64(b.N), "alloc-MB/op")
	}
	b.Run("before/4096x4096", func(b *testing.B) {
		run(b, func(src image.Image) image.Image {
			dst := image.NewRGBA(image.Rect(0, 0, 4096, 4096))
			draw.CatmullRom.Scale(dst, dst.Bounds(), src, src.Bounds(), draw.Over, nil)
			return dst
		})
	})
	for _, s := range sizes {
		b.Run(fmt.Sprintf("now/%dx%d", s.w, s.h), func(b *testing.B) {
			run(b, func(src image.Image) image.Image { return fit(src, s) })
		})
	}
}
