package push_test

import (
	"testing"

	"hearth/cloud/platform/db/dbtest"
)

func TestMain(m *testing.M) { dbtest.Main(m) }
