// Package problem is the one error type that becomes an envelope code: a code
// from shared, a message key looked up in the caller's language, and optional data.
package problem

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"hearth/shared"
)

// Error is a failure the caller should see. Services return it (wrapped with %w
// if they like); the web adapter turns it into {code, message, data}.
type Error struct {
	Code   shared.Code
	Key    string         // message key in the server catalogue (cloud/platform/msg)
	Args   map[string]any // values for the message template
	Data   any            // envelope data, e.g. []shared.FieldError or shared.RetryInfo
	Status int            // HTTP status; 0 means 200
}

func (e *Error) Error() string {
	if len(e.Args) > 0 {
		return fmt.Sprintf("%s %s %v", e.Code, e.Key, e.Args)
	}
	return e.Code + " " + e.Key
}

// Is makes errors.Is match two problems with the same code and key.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Code == e.Code && t.Key == e.Key
}

// New makes a problem with a code and a message key.
func New(code shared.Code, key string) *Error { return &Error{Code: code, Key: key} }

// With returns a copy with template arguments.
func (e *Error) With(args map[string]any) *Error {
	c := *e
	c.Args = args
	return &c
}

// WithData returns a copy carrying envelope data.
func (e *Error) WithData(data any) *Error {
	c := *e
	c.Data = data
	return &c
}

// As finds the problem in err's chain.
func As(err error) (*Error, bool) {
	var p *Error
	ok := errors.As(err, &p)
	return p, ok
}

// Common problems.
var (
	NotFound     = New(shared.CodeNotFound, "error.notFound")
	Forbidden    = New(shared.CodeForbidden, "error.forbidden")
	Unauthorized = &Error{Code: shared.CodeUnauthorized, Key: "error.unauthorized", Status: 401}
	Revoked      = &Error{Code: shared.CodeSessionRevoked, Key: "error.sessionRevoked", Status: 410}
	BadSignature = New(shared.CodeBadSignature, "error.badSignature")
	BadRequest   = New(shared.CodeBadRequest, "error.badRequest")
	Conflict     = New(shared.CodeConflict, "error.conflict")
	Internal     = New(shared.CodeInternal, "error.internal")
	NoPlan       = New(shared.CodeNoSubscription, "error.noSubscription")
	NoFunction   = New(shared.CodeFunctionMissing, "error.functionMissing")
)

// Invalid is a validation failure of one field.
func Invalid(field, rule, key string, args map[string]any) *Error {
	a := map[string]any{"field": field}
	for k, v := range args {
		a[k] = v
	}
	return &Error{Code: shared.CodeValidation, Key: key, Args: a,
		Data: []shared.FieldError{{Field: field, Rule: rule}}}
}

// BeforeMoveIn refuses a time in field that falls before the resident moved
// in on moveIn (YYYY-MM-DD; shared.BeforeMoveIn decides).
func BeforeMoveIn(field, moveIn string) *Error {
	return Invalid(field, "beforeMoveIn", "validation.beforeMoveIn", map[string]any{"date": moveIn})
}

// Text checks a free-text field the way the JSON bounds do, after trimming
// spaces at the ends: required (when asked) and at most max characters
// (runes, not bytes). It answers the trimmed value or the field's 4022.
func Text(field, value string, required bool, max int) (string, error) {
	v := strings.TrimSpace(value)
	if required && v == "" {
		return "", Invalid(field, "required", "validation.required", nil)
	}
	if utf8.RuneCountInString(v) > max {
		return "", Invalid(field, "maxLength", "validation.maxLength", map[string]any{"max": max})
	}
	return v, nil
}
