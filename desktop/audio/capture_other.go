//go:build !linux || !cgo

package audio

import "context"

const available = false

func capture(context.Context, int) ([]byte, error) { return nil, ErrUnsupported }
