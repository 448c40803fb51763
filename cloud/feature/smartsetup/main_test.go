package smartsetup_test

import (
	"testing"

	"hearth/cloud/platform/db/dbtest"
)

// TestMain drops the package's template databases when its tests end.
func TestMain(m *testing.M) { dbtest.Main(m) }
