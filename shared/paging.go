package shared

// Page sizes (spec 001 §9): default 20, options 5/10/20/50/100; option lists up to 9999.
const (
	DefaultPageSize = 20
	MaxPageSize     = 100
	MaxOptionSize   = 9999
)

// PageSize is a page size a list offers (spec 001 §9: default 20 with options
// 20, 50, 100; short lists 5, 10, 20, 50).
type PageSize int

const (
	PageSize5   PageSize = 5
	PageSize10  PageSize = 10
	PageSize20  PageSize = 20
	PageSize50  PageSize = 50
	PageSize100 PageSize = 100
)

// PageRequest is the paged-list request {current, size, data: filters}.
type PageRequest[F any] struct {
	Current int `json:"current" minimum:"1" maximum:"100000" limit:"MaxPageNumber" default:"1" doc:"At most MaxPageNumber"`
	Size    int `json:"size" enum:"5,10,20,50,100" enumOf:"PageSize" default:"20"`
	Data    F   `json:"data,omitempty"`
}

// OptionPageRequest is the request for option lists (residents, caregivers), which may ask for 9999 rows.
type OptionPageRequest[F any] struct {
	Current int `json:"current" minimum:"1" maximum:"100000" limit:"MaxPageNumber" default:"1" doc:"At most MaxPageNumber"`
	Size    int `json:"size" minimum:"1" maximum:"9999" limit:"MaxOptionSize" default:"20"`
	Data    F   `json:"data,omitempty"`
}

// Page is the paged-list answer {records, total, current, size}.
type Page[T any] struct {
	Records []T   `json:"records"`
	Total   int64 `json:"total"`
	Current int   `json:"current"`
	Size    int   `json:"size"`
}

// Offset is the row offset of a page (current is taken between 1 and MaxPageNumber).
func Offset(current, size int) int {
	current = min(max(current, 1), MaxPageNumber)
	return (current - 1) * size
}

// Window is the page a list request asks for: the page number (1 at least),
// the size (DefaultPageSize when none is given) and the row offset.
func Window(current, size int) (page, pageSize, offset int) {
	page = min(max(current, 1), MaxPageNumber)
	if size <= 0 {
		size = DefaultPageSize
	}
	return page, size, Offset(page, size)
}

// PageOf is one page of answers converted from stored rows; Records is never null.
func PageOf[R, T any](page, size int, total int64, rows []R, conv func(*R) T) *Page[T] {
	out := &Page[T]{Records: make([]T, 0, len(rows)), Total: total, Current: page, Size: size}
	for i := range rows {
		out.Records = append(out.Records, conv(&rows[i]))
	}
	return out
}
