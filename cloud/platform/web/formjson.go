package web

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"

	"github.com/danielgtaylor/huma/v2"

	"hearth/cloud/platform/problem"
)

// FormJSON reads a multipart form's JSON text field (the move-in steps'
// "data") as a T, checked exactly as a JSON body of type T is: the same
// schema from T's struct tags (Huma), the same 4022 answers and messages
// naming the field ("firstName", "medications[1].dose"), then the same
// request bounds (dates, control characters).
type FormJSON[T any] struct {
	registry huma.Registry
	schema   *huma.Schema
}

// NewFormJSON prepares T's schema; call it while registering routes (the
// schema registry is not written to while requests are served).
func NewFormJSON[T any](a *API) *FormJSON[T] {
	reg := a.huma.OpenAPI().Components.Schemas
	s := reg.Schema(reflect.TypeFor[T](), false, "")
	s.PrecomputeMessages()
	a.bounded(reflect.TypeFor[*T]())
	return &FormJSON[T]{registry: reg, schema: s}
}

// Decode reads raw, the field named field; empty raw answers "{field} is required".
func (f *FormJSON[T]) Decode(ctx context.Context, field, raw string) (T, error) {
	var out T
	if strings.TrimSpace(raw) == "" {
		return out, problem.Invalid(field, "required", "validation.required", nil)
	}
	var v any
	if err := json.Unmarshal([]byte(raw), &v); err != nil {
		return out, problem.BadRequest.With(map[string]any{"detail": field + ": " + err.Error()})
	}
	res := &huma.ValidateResult{}
	huma.Validate(f.registry, f.schema, huma.NewPathBuffer([]byte{}, 0), huma.ModeWriteToServer, v, res)
	if len(res.Errors) > 0 {
		return out, validationError(ctx, res.Errors)
	}
	if err := json.Unmarshal([]byte(raw), &out); err != nil {
		return out, problem.BadRequest.With(map[string]any{"detail": field + ": " + err.Error()})
	}
	if err := checkBounds(&out); err != nil {
		return out, err
	}
	return out, nil
}
