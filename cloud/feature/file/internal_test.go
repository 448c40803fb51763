package file

import (
	"reflect"
	"strings"
	"testing"

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
