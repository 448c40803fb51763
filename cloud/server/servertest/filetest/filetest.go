// Package filetest helps tests send multipart uploads the way the UI does and
// make small PDF, PNG and JPEG files.
package filetest

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"strconv"
	"strings"
	"testing"

	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// Part is one file of a multipart body.
type Part struct {
	Field       string // form field; default "files"
	Name        string // file name the client gives
	Data        []byte
	ContentType string // the part's declared type (browsers guess it from the name); default from the name
}

// Post sends a multipart POST to path as c (signed like every call).
func Post(tb testing.TB, e *servertest.Env, c *servertest.Client, path string, fields map[string]string, parts ...Part) *servertest.Response {
	tb.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	for k, v := range fields {
		if err := w.WriteField(k, v); err != nil {
			tb.Fatal(err)
		}
	}
	for _, p := range parts {
		field := p.Field
		if field == "" {
			field = "files"
		}
		ct := p.ContentType
		if ct == "" {
			ct = guess(p.Name)
		}
		h := textproto.MIMEHeader{}
		h.Set("Content-Disposition", fmt.Sprintf(`form-data; name="%s"; filename="%s"`, field, quoteEscaper.Replace(p.Name)))
		h.Set("Content-Type", ct)
		pw, err := w.CreatePart(h)
		if err != nil {
			tb.Fatal(err)
		}
		if _, err := pw.Write(p.Data); err != nil {
			tb.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		tb.Fatal(err)
	}
	ts := strconv.FormatInt(e.Clock.Now().UnixMilli(), 10)
	req, err := http.NewRequest(http.MethodPost, e.HTTP.URL+path+"?t="+ts, &body)
	if err != nil {
		tb.Fatal(err)
	}
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("X-Device-Id", c.DeviceID)
	req.Header.Set("X-Forwarded-For", c.IP)
	if c.Language != "" {
		req.Header.Set("Accept-Language", c.Language)
	}
	if c.Token != "" {
		req.Header.Set("Authorization", "Bearer "+c.Token)
		req.Header.Set("Sign", servertest.Sign(c.Token, ts, path))
	}
	resp, err := e.HTTP.Client().Do(req)
	if err != nil {
		tb.Fatalf("POST %s: %v", path, err)
	}
	defer resp.Body.Close()
	r, err := servertest.ResponseOf(resp)
	if err != nil {
		tb.Fatalf("POST %s: %v", path, err)
	}
	return r
}

var quoteEscaper = strings.NewReplacer("\\", "\\\\", `"`, "\\\"")

func guess(name string) string {
	switch strings.ToLower(name[strings.LastIndexByte(name, '.')+1:]) {
	case "pdf":
		return "application/pdf"
	case "png":
		return "image/png"
	case "jpg", "jpeg":
		return "image/jpeg"
	}
	return "application/octet-stream"
}

// Upload posts files to /api/system/files/upload in category.
func Upload(tb testing.TB, e *servertest.Env, c *servertest.Client, category shared.FileCategory, parts ...Part) *servertest.Response {
	tb.Helper()
	return Post(tb, e, c, "/api/system/files/upload", map[string]string{"category": string(category)}, parts...)
}

// MustUpload uploads and returns the file items, failing the test on any refusal.
func MustUpload(tb testing.TB, e *servertest.Env, c *servertest.Client, category shared.FileCategory, parts ...Part) []shared.FileItem {
	tb.Helper()
	var items []shared.FileItem
	Upload(tb, e, c, category, parts...).OK(tb).Into(tb, &items)
	return items
}

// PNG is a w × h picture with a gradient.
func PNG(w, h int) []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, picture(w, h)); err != nil {
		panic(err)
	}
	return b.Bytes()
}

// PNGClaiming is a tiny PNG whose header claims w × h pixels (the probe's
// "105 KB file that decodes to gigabytes"): only its header is readable.
func PNGClaiming(w, h int) []byte {
	b := []byte("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, data []byte) {
		b = binary.BigEndian.AppendUint32(b, uint32(len(data)))
		body := append([]byte(typ), data...)
		b = append(b, body...)
		b = binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(body))
	}
	ihdr := binary.BigEndian.AppendUint32(nil, uint32(w))
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(h))
	chunk("IHDR", append(ihdr, 8, 6, 0, 0, 0)) // 8-bit RGBA
	chunk("IDAT", []byte{0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01})
	chunk("IEND", nil)
	return b
}

// JPEG is a w × h picture.
func JPEG(w, h int) []byte {
	var b bytes.Buffer
	if err := jpeg.Encode(&b, picture(w, h), &jpeg.Options{Quality: 90}); err != nil {
		panic(err)
	}
	return b.Bytes()
}

func picture(w, h int) image.Image {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, color.NRGBA{R: uint8(x), G: uint8(y), B: 128, A: 255})
		}
	}
	return img
}

// PDF is a small valid one-page PDF.
func PDF() []byte {
	return []byte("%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
		"3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n")
}
