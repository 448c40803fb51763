package shift_test

import "hearth/cloud/platform/problem"

// asProblem is the envelope code of a service error.
func asProblem(err error) (string, bool) {
	p, ok := problem.As(err)
	if !ok {
		return "", false
	}
	return p.Code, true
}
