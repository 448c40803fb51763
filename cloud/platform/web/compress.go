package web

import (
	"compress/gzip"
	"net/http"

	"github.com/klauspost/compress/gzhttp"
)

// CompressMinSize is the smallest API answer worth compressing: below it the
// gzip header and the CPU cost more than the bytes saved.
const CompressMinSize = 1024

// compressJSON gzips JSON answers of at least CompressMinSize bytes for
// clients that accept gzip (with Vary: Accept-Encoding). File downloads,
// images and answers that already carry a Content-Encoding pass as they are
// (gzhttp skips those; source: github.com/klauspost/compress gzhttp README).
var compressJSON = func() func(http.Handler) http.HandlerFunc {
	wrap, err := gzhttp.NewWrapper(
		gzhttp.MinSize(CompressMinSize),
		gzhttp.ContentTypes([]string{"application/json", "application/problem+json"}),
		gzhttp.EnableZstd(false),
		// The fastest level: API answers are small and the server's CPU goes to every signed-in call.
		gzhttp.CompressionLevel(gzip.BestSpeed),
	)
	if err != nil {
		panic(err)
	}
	return wrap
}()

// Compress is the middleware form of compressJSON, for the API's routes.
func Compress(next http.Handler) http.Handler { return compressJSON(next) }
