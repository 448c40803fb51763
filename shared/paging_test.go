package shared

import (
	"reflect"
	"strconv"
	"testing"
	"time"
)

func TestWindow(t *testing.T) {
	for _, c := range []struct{ current, size, page, pageSize, offset int }{
		{0, 0, 1, DefaultPageSize, 0},
		{1, 50, 1, 50, 0},
		{3, 20, 3, 20, 40},
		{-2, 10, 1, 10, 0},
	} {
		page, size, offset := Window(c.current, c.size)
		if page != c.page || size != c.pageSize || offset != c.offset {
			t.Errorf("Window(%d, %d) = %d, %d, %d", c.current, c.size, page, size, offset)
		}
	}
}

func TestPageOfNeverAnswersNullRecords(t *testing.T) {
	p := PageOf(2, 20, 21, []int(nil), func(v *int) string { return "" })
	if p.Records == nil || len(p.Records) != 0 || p.Total != 21 || p.Current != 2 || p.Size != 20 {
		t.Fatalf("empty page: %+v", p)
	}
	q := PageOf(1, 20, 2, []int{1, 2}, func(v *int) int { return *v * 10 })
	if len(q.Records) != 2 || q.Records[1] != 20 {
		t.Fatalf("converted page: %+v", q)
	}
}

// A huge page number neither overflows the offset nor wraps to page 1.
func TestWindowBound(t *testing.T) {
	const huge = int(^uint(0) >> 1) // 2^63 − 1 on 64-bit
	page, _, offset := Window(huge, MaxOptionSize)
	if page != MaxPageNumber || offset != (MaxPageNumber-1)*MaxOptionSize {
		t.Errorf("Window(2^63-1, 9999) = page %d, offset %d", page, offset)
	}
	for _, typ := range []reflect.Type{reflect.TypeFor[PageRequest[struct{}]](), reflect.TypeFor[OptionPageRequest[struct{}]]()} {
		f, _ := typ.FieldByName("Current")
		if f.Tag.Get("maximum") != strconv.Itoa(MaxPageNumber) {
			t.Errorf("%s.Current maximum %q, want MaxPageNumber", typ.Name(), f.Tag.Get("maximum"))
		}
	}
}

func TestHasControl(t *testing.T) {
	for s, want := range map[string]bool{"Amina": false, "Zoë Ng": false, "": false, "a\x00": true, "a\nb": true, "\t": true, "\u0085": true} {
		if HasControl(s) != want {
			t.Errorf("HasControl(%q) = %v", s, !want)
		}
	}
	if MinDateMillis != time.Date(MinDateYear, 1, 1, 0, 0, 0, 0, time.UTC).UnixMilli() ||
		MaxDateMillis != time.Date(MaxDateYear, 1, 1, 0, 0, 0, 0, time.UTC).UnixMilli() {
		t.Error("date bounds do not match MinDateYear and MaxDateYear")
	}
}
