// Package upload holds the value types an uploaded file travels in between a
// route and the feature that stores it, so features that accept files take
// them from the HTTP layer without importing the file feature.
package upload

import (
	"io"

	"github.com/danielgtaylor/huma/v2"
)

// File is one uploaded file as the handler received it.
type File struct {
	Name string // as the client named it; only shown, never used as a path
	Size int64
	Body io.ReadSeeker
}

// Limits are the upload limits of the deployment (HEARTH_FILE_* settings).
type Limits struct {
	MaxFileBytes int64 // one file (7010)
	TenantBytes  int64 // all of a tenant's files (7009)
	MaxFiles     int   // files in one request (7008)
}

// FromForm turns a multipart form's file parts into Files, skipping empty parts.
func FromForm(files []huma.FormFile) []File {
	out := make([]File, 0, len(files))
	for _, f := range files {
		if f.File != nil {
			out = append(out, File{Name: f.Filename, Size: f.Size, Body: f.File})
		}
	}
	return out
}

// CloseAll closes a multipart form's file parts (defer it in the handler).
func CloseAll(files ...huma.FormFile) {
	for _, f := range files {
		if f.File != nil {
			f.File.Close()
		}
	}
}
