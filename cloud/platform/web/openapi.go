package web

import (
	"net/http"
	"reflect"
	"regexp"
	"strings"

	"github.com/danielgtaylor/huma/v2"
)

// The OpenAPI document is checked by Redocly's recommended rules in `make lint`
// (build/redocly.yaml); what it asks of the document is settled here, once.

// Reusable answers of signed-in and device routes: the only HTTP statuses
// besides 200 that Hearth sends (docs/api.md "Every answer").
const (
	answerUnauthorized = "Unauthorized"
	answerRevoked      = "SessionRevoked"
)

var invalidComponentName = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// schemaName is Huma's schema name made a valid component name
// (^[a-zA-Z0-9.\-_]+$): the answer of a route that returns nothing
// (*struct{}) is EnvelopeEmpty, with data Empty, where Huma writes
// "EnvelopeStruct {}" and "EnvelopeStruct {}DataStruct".
func schemaName(t reflect.Type, hint string) string {
	if d := deref(t); d.Kind() == reflect.Struct && d.Name() == "" && d.NumField() == 0 {
		return "Empty"
	}
	name := strings.ReplaceAll(huma.DefaultSchemaNamer(t, hint), "Struct {}", "Empty")
	return invalidComponentName.ReplaceAllString(name, "")
}

// document sets the parts of the OpenAPI document every route shares.
func document(cfg *huma.Config) {
	cfg.Components.Schemas = huma.NewMapRegistry("#/components/schemas/", schemaName)
	// An uploaded file is binary, not the FormFile component (its Go fields)
	// that Huma would otherwise add while reading upload forms and never use.
	cfg.Components.Schemas.RegisterTypeAlias(reflect.TypeFor[huma.FormFile](), reflect.TypeFor[binaryPart]())
	// Relative: each deployment serves its own API, on the host that serves this document.
	cfg.Servers = []*huma.Server{{URL: "/", Description: "The Hearth server that serves this document"}}
	cfg.OnAddOperation = append(cfg.OnAddOperation, declareRefusals)
}

// refusals are the HTTP statuses besides 200 that a route can answer, kept
// in its operation's metadata for declareRefusals.
func refusals(op Op) []string {
	switch {
	case op.Access == SignedIn, op.Access == Public && op.SignInAgain:
		return []string{"401", "410"}
	case op.Access == Device:
		return []string{"401"}
	}
	return nil
}

const refusalsKey = "hearth.refusals"

var refusalAnswer = map[string]string{"401": answerUnauthorized, "410": answerRevoked}

var refusalText = map[string]string{
	answerUnauthorized: "Code 4001: the access token (or the device credential, or the refresh token) is missing, invalid or expired. Sign in again.",
	answerRevoked:      "Code 4002: the sign-in was revoked (signed out, account or membership disabled, refresh token reused). Sign in again.",
}

// declareRefusals adds a route's HTTP 401 and 410 answers (refusals) to the
// document. Every other refusal is HTTP 200 with the envelope's code, which
// the 200 answer already describes. It runs when a route joins the document,
// after HandleFile and HandleAnswer have set their own 200 answers.
func declareRefusals(oapi *huma.OpenAPI, op *huma.Operation) {
	statuses, _ := op.Metadata[refusalsKey].([]string)
	for _, status := range statuses {
		refusal(oapi, op, status, refusalAnswer[status])
	}
}

// refusal points op's answer with status at the shared answer name, which it
// adds to the document's components the first time.
func refusal(oapi *huma.OpenAPI, op *huma.Operation, status, name string) {
	c := oapi.Components
	if c.Responses == nil {
		c.Responses = map[string]*huma.Response{}
	}
	if c.Responses[name] == nil {
		envelope := c.Schemas.Schema(reflect.TypeFor[EnvelopeError](), true, "EnvelopeError")
		c.Responses[name] = &huma.Response{Description: refusalText[name],
			Content: map[string]*huma.MediaType{"application/json": {Schema: envelope}}}
	}
	if op.Responses == nil {
		op.Responses = map[string]*huma.Response{}
	}
	op.Responses[status] = &huma.Response{Ref: "#/components/responses/" + name}
}

func deref(t reflect.Type) reflect.Type {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

// binaryPart is the schema of an uploaded file in a multipart form.
type binaryPart struct{}

func (binaryPart) Schema(huma.Registry) *huma.Schema {
	return &huma.Schema{Type: huma.TypeString, Format: "binary", ContentEncoding: "binary"}
}

// Document says in the OpenAPI document that the multipart field of op (a
// route registered with Handle) carries a T as JSON, with JSON Schema's
// contentMediaType and contentSchema, so T's schema is part of the route's.
func (f *FormJSON[T]) Document(a *API, op Op, field string) {
	oapi := a.huma.OpenAPI()
	path := "/api/" + op.Service + op.Path
	var hop *huma.Operation
	if item := oapi.Paths[path]; item != nil {
		hop = map[string]*huma.Operation{http.MethodGet: item.Get, http.MethodPost: item.Post, http.MethodPut: item.Put}[op.Method]
	}
	if hop == nil || hop.RequestBody == nil || hop.RequestBody.Content["multipart/form-data"] == nil ||
		hop.RequestBody.Content["multipart/form-data"].Schema.Properties[field] == nil {
		panic("web: FormJSON.Document: " + op.Method + " " + path + " has no multipart field " + field)
	}
	prop := hop.RequestBody.Content["multipart/form-data"].Schema.Properties[field]
	if prop.Extensions == nil {
		prop.Extensions = map[string]any{}
	}
	prop.Extensions["contentMediaType"] = "application/json"
	prop.Extensions["contentSchema"] = oapi.Components.Schemas.Schema(reflect.TypeFor[T](), true, "")
}

// alias is op's operation served at op.Alias too, left out of the document.
func alias(a *API, op Op) huma.Operation {
	hop := operation(a, op)
	hop.Path = "/api/" + op.Service + op.Alias
	hop.OperationID += "-alias"
	hop.Hidden = true
	return hop
}

// aliasNote tells the document's reader where else the route is served, and why.
func aliasNote(op Op) string {
	if op.Alias == "" {
		return ""
	}
	return " Also served at /api/" + op.Service + op.Alias + ", the path the spec names and the apps call; " +
		"OpenAPI linters refuse that spelling, so the document lists this one."
}
