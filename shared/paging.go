package shared

// Page sizes (spec 001 §9): default 20, options 5/10/20/50/100; option lists up to 9999.
const (
	DefaultPageSize = 20
	MaxPageSize     = 100
	MaxOptionSize   = 9999
)

// PageRequest is the paged-list request {current, size, data: filters}.
type PageRequest[F any] struct {
	Current int `json:"current" minimum:"1" default:"1"`
	Size    int `json:"size" enum:"5,10,20,50,100" default:"20"`
	Data    F   `json:"data,omitempty"`
}

// OptionPageRequest is the request for option lists (residents, caregivers), which may ask for 9999 rows.
type OptionPageRequest[F any] struct {
	Current int `json:"current" minimum:"1" default:"1"`
	Size    int `json:"size" minimum:"1" maximum:"9999" default:"20"`
	Data    F   `json:"data,omitempty"`
}

// Page is the paged-list answer {records, total, current, size}.
type Page[T any] struct {
	Records []T   `json:"records"`
	Total   int64 `json:"total"`
	Current int   `json:"current"`
	Size    int   `json:"size"`
}

// Offset is the row offset of a page.
func Offset(current, size int) int {
	if current < 1 {
		current = 1
	}
	return (current - 1) * size
}
