package wire_test

import (
	"testing"

	"hearth/cloud/platform/wire"
)

type chart interface{ Event() }

type fakeChart struct{}

func (*fakeChart) Event() {}

type deps struct {
	Chart chart
	Queue *int
	Now   func() int
	Plan  map[string]int
	Name  string // not a collaborator: never missing
	hid   chart  // unexported: not checked
}

// Check names each missing collaborator, an interface holding a nil pointer
// too, and leaves out the optional ones.
func TestCheck(t *testing.T) {
	var typedNil *fakeChart
	n := 1
	for _, c := range []struct {
		deps     any
		optional []string
		want     string
	}{
		{deps{hid: (*fakeChart)(nil)}, nil, "f: missing collaborators Chart, Queue, Now, Plan"},
		{deps{Chart: typedNil, Queue: &n, Now: func() int { return 0 }}, []string{"Plan"}, "f: missing collaborators Chart"},
		{&deps{Chart: &fakeChart{}, Queue: &n}, []string{"Now", "Plan"}, ""},
		{(*deps)(nil), nil, "f: no Deps"},
	} {
		err := wire.Check("f", c.deps, c.optional...)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("Check(%+v, %v) = %q, want %q", c.deps, c.optional, got, c.want)
		}
	}
}
