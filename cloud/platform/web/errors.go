package web

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"regexp"
	"strings"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/validation"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/msg"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// EnvelopeError is an error answer: an envelope written with an HTTP status
// (200 for business failures, 401 and 410 for the two session failures).
type EnvelopeError struct {
	status int
	shared.Envelope[any]
}

func (e *EnvelopeError) Error() string  { return e.Code + ": " + e.Message }
func (e *EnvelopeError) GetStatus() int { return e.status }

// fail renders a problem in the caller's language.
func fail(ctx context.Context, p *problem.Error) *EnvelopeError {
	lang := msg.Language(ctx)
	args := p.Args
	if p.Code == shared.CodeInternal {
		args = map[string]any{"requestId": RequestID(ctx)}
	}
	data := p.Data
	if fes, ok := data.([]shared.FieldError); ok {
		out := make([]shared.FieldError, len(fes))
		for i, fe := range fes {
			out[i] = fe
			if out[i].Message == "" {
				out[i].Message = msg.T(lang, p.Key, args)
			}
		}
		data = out
	}
	status := p.Status
	if status == 0 {
		status = http.StatusOK
	}
	noteCode(ctx, p.Code)
	return &EnvelopeError{status: status, Envelope: shared.Envelope[any]{Code: p.Code, Message: msg.T(lang, p.Key, args), Data: data}}
}

// toEnvelopeError maps any error from a service to its envelope, logging the unexpected ones.
func toEnvelopeError(ctx context.Context, err error) *EnvelopeError {
	if p, ok := problem.As(err); ok {
		return fail(ctx, p)
	}
	var ee *EnvelopeError
	if errors.As(err, &ee) {
		return ee
	}
	// The faults the server rides through (issue 35, docs/operations.md): the
	// database away for a moment, or the disk full. Nothing was saved; the user
	// is told so in words, never the driver's.
	if db.IsUnavailable(err) {
		slog.WarnContext(ctx, "database unavailable", "err", err, "request_id", RequestID(ctx))
		return fail(ctx, &problem.Error{Code: shared.CodeUnavailable, Key: "error.unavailable", Status: http.StatusServiceUnavailable,
			Data: shared.RetryInfo{RetryAfterSeconds: shared.UnavailableRetrySeconds}})
	}
	if db.IsDiskFull(err) {
		slog.ErrorContext(ctx, "disk full", "err", err, "request_id", RequestID(ctx))
		return fail(ctx, &problem.Error{Code: shared.CodeStorageFull, Key: "error.storageFull", Status: http.StatusInsufficientStorage})
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return fail(ctx, problem.New(shared.CodeInternal, "error.timeout"))
	}
	slog.ErrorContext(ctx, "request failed", "err", err, "request_id", RequestID(ctx))
	return fail(ctx, problem.Internal)
}

func init() {
	// Huma's own failures (unreadable body, schema validation) become envelopes too.
	huma.NewErrorWithContext = func(hctx huma.Context, status int, message string, errs ...error) huma.StatusError {
		ctx := context.Background()
		if hctx != nil {
			ctx = hctx.Context()
		}
		for _, e := range errs {
			if p, ok := problem.As(e); ok {
				return fail(ctx, p)
			}
		}
		switch {
		case status == http.StatusUnprocessableEntity:
			return validationError(ctx, errs)
		case status >= 400 && status < 500:
			detail := message
			for _, e := range errs {
				if e != nil {
					detail = e.Error()
					break
				}
			}
			return fail(ctx, problem.BadRequest.With(map[string]any{"detail": detail}))
		default:
			if status != 0 { // status 0 is Huma asking for an example error while it documents a route
				slog.ErrorContext(ctx, "request failed", "status", status, "message", message, "errs", errs, "request_id", RequestID(ctx))
			}
			return fail(ctx, problem.Internal)
		}
	}
	huma.NewError = func(status int, message string, errs ...error) huma.StatusError {
		return huma.NewErrorWithContext(nil, status, message, errs...)
	}
}

// rule matchers turn Huma's validation messages into rule names and values.
type ruleMatcher struct {
	re    *regexp.Regexp
	rule  string
	key   string
	param string
}

func matcher(format, rule, key, param string) ruleMatcher {
	q := regexp.QuoteMeta(format)
	q = strings.NewReplacer(`%d`, `(.+)`, `%v`, `(.+)`, `%s`, `(.+)`).Replace(q)
	return ruleMatcher{re: regexp.MustCompile("^" + q + "$"), rule: rule, key: key, param: param}
}

var ruleMatchers = []ruleMatcher{
	matcher(validation.MsgExpectedRequiredProperty, "required", "validation.required", ""),
	matcher(validation.MsgExpectedMinLength, "minLength", "validation.minLength", "min"),
	matcher(validation.MsgExpectedMaxLength, "maxLength", "validation.maxLength", "max"),
	matcher(validation.MsgExpectedMatchPattern, "pattern", "validation.pattern", ""),
	matcher(validation.MsgExpectedOneOf, "enum", "validation.enum", "values"),
	matcher(validation.MsgExpectedRFC5322Email, "format", "validation.email", ""),
	matcher(validation.MsgExpectedMinimumNumber, "minimum", "validation.minimum", "min"),
	matcher(validation.MsgExpectedMaximumNumber, "maximum", "validation.maximum", "max"),
	matcher(validation.MsgExpectedMinItems, "minItems", "validation.minItems", "min"),
	matcher(validation.MsgExpectedMaxItems, "maxItems", "validation.maxItems", "max"),
	matcher(validation.MsgExpectedString, "type", "validation.type", ""),
	matcher(validation.MsgExpectedInteger, "type", "validation.type", ""),
	matcher(validation.MsgExpectedNumber, "type", "validation.type", ""),
	matcher(validation.MsgExpectedBoolean, "type", "validation.type", ""),
	matcher(validation.MsgExpectedObject, "type", "validation.type", ""),
	matcher(validation.MsgExpectedArray, "type", "validation.type", ""),
}

// singular names the message used when a minimum is exactly one.
var singular = map[string]string{"validation.minLength": "validation.notEmpty", "validation.minItems": "validation.atLeastOne"}

// validationError turns Huma's validation details into one 4022 envelope whose
// message names the first field and rule, and whose data lists them all.
func validationError(ctx context.Context, errs []error) *EnvelopeError {
	lang := msg.Language(ctx)
	var fields []shared.FieldError
	for _, e := range errs {
		var d *huma.ErrorDetail
		if !errors.As(e, &d) {
			continue
		}
		field := d.Location
		for _, p := range []string{"body.", "query.", "path.", "header.", "form."} {
			field = strings.TrimPrefix(field, p)
		}
		if field == "body" {
			field = ""
		}
		fe := shared.FieldError{Field: field, Rule: "invalid"}
		args := map[string]any{"detail": d.Message}
		key := "validation.unknown"
		for _, m := range ruleMatchers {
			sub := m.re.FindStringSubmatch(d.Message)
			if sub == nil {
				continue
			}
			fe.Rule, key = m.rule, m.key
			if m.rule == "required" {
				fe.Field = strings.Trim(strings.TrimPrefix(field+"."+sub[1], "."), ".")
			} else if m.param != "" && len(sub) > 1 {
				args[m.param] = strings.Trim(sub[1], `"`)
			}
			// "at least 1 characters" reads badly in every language: say "must not be empty".
			if one, ok := singular[key]; ok && args[m.param] == "1" {
				key = one
			}
			break
		}
		args["field"] = fe.Field
		fe.Message = msg.T(lang, key, args)
		fields = append(fields, fe)
	}
	if len(fields) == 0 {
		return fail(ctx, problem.BadRequest.With(map[string]any{"detail": fmt.Sprint(errs)}))
	}
	noteCode(ctx, shared.CodeValidation)
	return &EnvelopeError{status: http.StatusOK, Envelope: shared.Envelope[any]{
		Code: shared.CodeValidation, Message: fields[0].Message, Data: fields}}
}
