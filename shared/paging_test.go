package shared

import "testing"

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
