package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/platform/web"
	"hearth/cloud/server/servertest"
	"hearth/shared"
)

// A NUL in any text of any request is refused with 4022 before anything is
// stored (docs/api.md, Limits). It once answered 5000 on PostgreSQL, which
// cannot store a NUL in text, and was stored on SQLite. The test walks every
// string field of every request schema of the served OpenAPI document (query,
// path, JSON body, multipart form, and the JSON a move-in step sends in its
// form's data field), sends a request that is valid but for a NUL in that one
// field, as a caller the route lets in, and wants 4022 naming that field.
func TestNULInAnyTextIsRefused(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		_, raw := fetch(t, e, http.MethodGet, "/api/openapi.json")
		var doc openAPIDoc
		if err := json.Unmarshal([]byte(raw), &doc); err != nil {
			t.Fatal(err)
		}
		callers := map[shared.Role]*servertest.Client{
			shared.RoleFacilityOwner:  e.SignIn(t, "owner_evergreen", "Maple House AFH"),
			shared.RoleFacilityAdmin:  e.SignIn(t, "admin_maple"),
			shared.RoleCaregiverStaff: e.SignIn(t, "caregiver_maple1"),
			shared.RoleSuperAdmin:     e.SignIn(t, "superadmin"),
		}
		var kiosk shared.KioskRegistration
		callers[shared.RoleFacilityOwner].Post(t, "/api/care/kioskDevice/register", shared.RegisterKioskRequest{DeviceName: "Front door"}).OK(t).Into(t, &kiosk)
		// An inspector signed in through a link the owner issued (the INSPECTOR role's read-only routes).
		const inspectorMail = "bounds.inspector@dshs.example"
		callers[shared.RoleFacilityOwner].Post(t, "/api/system/inspector/createInspectorLink", shared.InspectorLinkRequest{InspectorName: "Ines",
			Email: inspectorMail, Days: 2, Areas: shared.InspectorAreas, Downloads: true}).OK(t)
		linkToken := e.LinkToken(t, inspectorMail)
		inspector := e.Client()
		inspector.Post(t, "/api/system/inspector/requestInspectorCode", shared.InspectorCodeRequest{Token: linkToken}).OK(t)
		var session shared.InspectorSession
		inspector.Post(t, "/api/system/inspector/inspectorSignIn", shared.InspectorSignInRequest{Token: linkToken, Code: e.Code(t, inspectorMail)}).OK(t).Into(t, &session)
		inspector.Token = session.Token
		callers[shared.RoleInspector] = inspector
		anonymous := e.Client()

		probes := doc.probes(t, e.Clock.Now().UnixMilli())
		if len(probes) < 500 {
			t.Fatalf("only %d text fields found in the document", len(probes))
		}
		ops := map[string]bool{}
		var devices, others []probe
		for _, p := range probes {
			ops[p.method+" "+p.path] = true
			if strings.HasPrefix(p.access, "Device:") {
				devices = append(devices, p)
			} else {
				others = append(others, p)
			}
		}
		send := func(p probe) string {
			c := anonymous
			switch {
			case strings.HasPrefix(p.access, "Device:"):
				p.header[web.DeviceHeader] = kiosk.Credential
			case strings.HasPrefix(p.access, "Roles:"):
				if c = callerFor(p.access, callers); c == nil {
					return "no demo caller holds one of its roles (" + p.access + ")"
				}
			}
			// send runs in goroutines too: a failed call is told, not t.Fatal'd.
			r, err := c.Try(servertest.Request{Method: p.method, Path: p.target, Raw: p.body, Header: p.header})
			if err != nil {
				return err.Error()
			}
			var fes []shared.FieldError
			_ = json.Unmarshal(r.Data, &fes)
			switch {
			case r.Status != http.StatusOK || r.Code != shared.CodeValidation:
				return fmt.Sprintf("HTTP %d code %s: %s", r.Status, r.Code, r.Body)
			case len(fes) == 0 || fes[0].Field != p.field:
				return "refused for another field: " + string(r.Body)
			case p.freeText && fes[0].Rule != "controlCharacters":
				return "rule " + fes[0].Rule + ", want controlCharacters"
			}
			return ""
		}
		// A device's call is written down as its last call before its input
		// is read: those few go first, and then nothing may write.
		for _, p := range devices {
			if bad := send(p); bad != "" {
				t.Errorf("%s %s, NUL in %s: %s", p.method, p.path, p.field, bad)
			}
		}
		writes := d.Writes()
		var wg sync.WaitGroup
		work := make(chan probe, len(others))
		for range 4 {
			wg.Go(func() {
				for p := range work {
					if bad := send(p); bad != "" {
						t.Errorf("%s %s, NUL in %s: %s", p.method, p.path, p.field, bad)
					}
				}
			})
		}
		for _, p := range others {
			work <- p
		}
		close(work)
		wg.Wait()
		if d.Writes() != writes { // which? one at a time, then
			for _, p := range others {
				before := d.Writes()
				send(p)
				if n := d.Writes() - before; n > 0 {
					t.Errorf("%s %s, NUL in %s: %d writes to the database", p.method, p.path, p.field, n)
				}
			}
		}
		if len(ops) < 150 {
			t.Errorf("only %d operations take text", len(ops))
		}
		if d.Engine == db.SQLite { // SQLite would have kept a NUL: none is anywhere
			for _, hit := range nulsStored(t, d) {
				t.Errorf("a NUL is stored in %s", hit)
			}
		}
	})
}

// callerFor is the first demo caller holding one of the roles a route's
// description names ("Roles: A, B. Plan function: F."; "any role").
func callerFor(access string, callers map[shared.Role]*servertest.Client) *servertest.Client {
	list, _, _ := strings.Cut(strings.TrimPrefix(access, "Roles: "), ".")
	if list == "any role" {
		return callers[shared.RoleFacilityOwner]
	}
	for _, r := range strings.Split(list, ", ") {
		if c := callers[shared.Role(r)]; c != nil {
			return c
		}
	}
	return nil
}

// nulsStored lists the table.column of every text holding a NUL (SQLite).
func nulsStored(t *testing.T, d *db.DB) []string {
	t.Helper()
	ctx := context.Background()
	rows, err := d.QueryContext(ctx, `SELECT m.name, p.name FROM sqlite_master m JOIN pragma_table_info(m.name) p
		WHERE m.type = 'table' AND (p.type = '' OR upper(p.type) LIKE '%TEXT%' OR upper(p.type) LIKE '%CHAR%')`)
	if err != nil {
		t.Fatal(err)
	}
	var cols [][2]string
	for rows.Next() {
		var c [2]string
		if err := rows.Scan(&c[0], &c[1]); err != nil {
			t.Fatal(err)
		}
		cols = append(cols, c)
	}
	if err := rows.Close(); err != nil {
		t.Fatal(err)
	}
	var hits []string
	for _, c := range cols {
		var n int
		q := fmt.Sprintf(`SELECT count(*) FROM %q WHERE instr(CAST(%q AS BLOB), x'00') > 0`, c[0], c[1])
		if err := d.QueryRowContext(ctx, q).Scan(&n); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		if n > 0 {
			hits = append(hits, c[0]+"."+c[1])
		}
	}
	return hits
}

// openAPIDoc is the part of /api/openapi.json the walk reads.
type openAPIDoc struct {
	Paths      map[string]map[string]openAPIOp `json:"paths"`
	Components struct {
		Schemas map[string]*jsonSchema `json:"schemas"`
	} `json:"components"`
}

type openAPIOp struct {
	Summary     string `json:"summary"`
	Description string `json:"description"`
	Parameters  []struct {
		Name     string      `json:"name"`
		In       string      `json:"in"`
		Required bool        `json:"required"`
		Schema   *jsonSchema `json:"schema"`
	} `json:"parameters"`
	RequestBody *struct {
		Content map[string]struct {
			Schema *jsonSchema `json:"schema"`
		} `json:"content"`
	} `json:"requestBody"`
}

type jsonSchema struct {
	Ref                  string                 `json:"$ref"`
	Type                 any                    `json:"type"`
	Format               string                 `json:"format"`
	ContentEncoding      string                 `json:"contentEncoding"`
	Pattern              string                 `json:"pattern"`
	Enum                 []any                  `json:"enum"`
	MinLength            *int                   `json:"minLength"`
	MaxLength            *int                   `json:"maxLength"`
	Minimum              *float64               `json:"minimum"`
	Maximum              *float64               `json:"maximum"`
	MinItems             *int                   `json:"minItems"`
	Items                *jsonSchema            `json:"items"`
	Properties           map[string]*jsonSchema `json:"properties"`
	Required             []string               `json:"required"`
	AdditionalProperties json.RawMessage        `json:"additionalProperties"`
}

// probe is one request: valid but for a NUL in field.
type probe struct {
	method, path, access string
	target, body         string // path with query; body as sent
	header               map[string]string
	field                string // as the refusal names it
	freeText             bool   // no enum, pattern or format: only the text rule can refuse it
}

// formData names the schema of the JSON a move-in step sends in its form's
// data field (web.FormJSON; the route's summary names it).
var formData = regexp.MustCompile(`multipart data: (\w+)`)

// probes makes one probe per text field of every operation.
func (doc *openAPIDoc) probes(t *testing.T, nowMillis int64) []probe {
	t.Helper()
	g := &valueMaker{doc: doc, now: nowMillis}
	var out []probe
	paths := make([]string, 0, len(doc.Paths))
	for p := range doc.Paths {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, path := range paths {
		for method, op := range doc.Paths[path] {
			method = strings.ToUpper(method)
			base := probe{method: method, path: path, access: op.Description}
			// Query and path parameters.
			for i, prm := range op.Parameters {
				for _, target := range g.texts(prm.Schema, nil) {
					p := base
					p.field, p.freeText = prm.Name, target.free
					q := url.Values{}
					urlPath := path
					for j, other := range op.Parameters {
						var v string
						switch {
						case i == j:
							v = g.text(target.schema, true)
						case other.Required:
							v = fmt.Sprint(g.value(other.Schema, nil))
						default:
							continue
						}
						if other.In == "path" {
							urlPath = strings.ReplaceAll(urlPath, "{"+other.Name+"}", url.PathEscape(v))
						} else {
							q.Set(other.Name, v)
						}
					}
					p.target = urlPath
					if len(q) > 0 {
						p.target += "?" + q.Encode()
					}
					p.header = map[string]string{}
					out = append(out, p)
				}
			}
			if op.RequestBody == nil {
				continue
			}
			for ct, content := range op.RequestBody.Content {
				switch ct {
				case "application/json":
					for _, target := range g.texts(content.Schema, nil) {
						p := base
						p.target, p.field, p.freeText = path, fieldPath(target.path), target.free
						b, _ := json.Marshal(g.value(content.Schema, target.path))
						p.body, p.header = string(b), map[string]string{}
						out = append(out, p)
					}
				case "multipart/form-data":
					s := g.resolve(content.Schema)
					var dataSchema *jsonSchema
					if m := formData.FindStringSubmatch(op.Summary); m != nil {
						dataSchema = doc.Components.Schemas[m[1]]
						if dataSchema == nil {
							t.Fatalf("%s: no schema %s", path, m[1])
						}
					}
					form := func(poison string, dataPath []string) (string, map[string]string) {
						var b bytes.Buffer
						w := multipart.NewWriter(&b)
						for name, prop := range s.Properties {
							switch {
							case g.resolve(prop).ContentEncoding == "binary" || g.resolve(prop).Format == "binary":
							case name == poison:
								_ = w.WriteField(name, g.text(prop, true))
							case name == "data" && dataSchema != nil:
								j, _ := json.Marshal(g.value(dataSchema, dataPath))
								_ = w.WriteField(name, string(j))
							case slices.Contains(s.Required, name) || prop.Enum != nil:
								_ = w.WriteField(name, fmt.Sprint(g.value(prop, nil)))
							}
						}
						_ = w.Close()
						return b.String(), map[string]string{"Content-Type": w.FormDataContentType()}
					}
					for name, prop := range s.Properties {
						for _, target := range g.texts(prop, nil) {
							if name == "data" && dataSchema != nil {
								continue // its JSON is walked below
							}
							p := base
							p.target, p.field, p.freeText = path, name, target.free
							p.body, p.header = form(name, nil)
							out = append(out, p)
						}
					}
					if dataSchema != nil {
						for _, target := range g.texts(dataSchema, nil) {
							p := base
							p.target, p.field, p.freeText = path, fieldPath(target.path), target.free
							p.body, p.header = form("", target.path)
							out = append(out, p)
						}
					}
				case "application/x-www-form-urlencoded": // /chat/name/modify, read by hand
					for _, f := range []string{"chatId", "name"} {
						v := url.Values{"chatId": {"a"}, "name": {"a"}}
						v.Set(f, "\x00")
						p := base
						p.target, p.field, p.freeText = path, f, true
						p.body, p.header = v.Encode(), map[string]string{"Content-Type": ct}
						out = append(out, p)
					}
				default:
					t.Errorf("%s %s: a body of type %s is not walked", method, path, ct)
				}
			}
		}
	}
	return out
}

// fieldPath writes a path the way refusals name fields: data.name, notes[0].notes.
func fieldPath(path []string) string {
	var b strings.Builder
	for _, p := range path {
		if p == "[]" {
			b.WriteString("[0]")
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(p)
	}
	return b.String()
}

// valueMaker makes values a schema accepts.
type valueMaker struct {
	doc *openAPIDoc
	now int64
}

func (g *valueMaker) resolve(s *jsonSchema) *jsonSchema {
	for s != nil && s.Ref != "" {
		s = g.doc.Components.Schemas[strings.TrimPrefix(s.Ref, "#/components/schemas/")]
	}
	return s
}

func typeOf(s *jsonSchema) string {
	switch v := s.Type.(type) {
	case string:
		return v
	case []any:
		for _, x := range v {
			if x != "null" {
				return fmt.Sprint(x)
			}
		}
	}
	if s.Properties != nil {
		return "object"
	}
	return ""
}

// textTarget is a text field inside a schema: its path and schema.
type textTarget struct {
	path   []string // property names, "[]" for an array's item, "{}" for a map's value
	schema *jsonSchema
	free   bool
}

// texts lists every text field reachable in s.
func (g *valueMaker) texts(s *jsonSchema, path []string) []textTarget {
	s = g.resolve(s)
	if s == nil || len(path) > 12 {
		return nil
	}
	switch typeOf(s) {
	case "string":
		if s.Format == "binary" || s.ContentEncoding == "binary" {
			return nil
		}
		return []textTarget{{path: append([]string{}, path...), schema: s, free: s.Enum == nil && s.Pattern == "" && s.Format == ""}}
	case "array":
		return g.texts(s.Items, append(path, "[]"))
	case "object":
		var out []textTarget
		names := make([]string, 0, len(s.Properties))
		for n := range s.Properties {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			out = append(out, g.texts(s.Properties[n], append(path, n))...)
		}
		if len(s.AdditionalProperties) > 0 && s.AdditionalProperties[0] == '{' {
			var ap jsonSchema
			if json.Unmarshal(s.AdditionalProperties, &ap) == nil {
				out = append(out, g.texts(&ap, append(path, "{}"))...)
			}
		}
		return out
	}
	return nil
}

// value is a value s accepts; along poison (a path of texts), the text at
// its end holds a NUL.
func (g *valueMaker) value(s *jsonSchema, poison []string) any {
	s = g.resolve(s)
	switch typeOf(s) {
	case "object":
		m := map[string]any{}
		for _, n := range s.Required {
			if p := s.Properties[n]; p != nil {
				m[n] = g.value(p, nil)
			}
		}
		if len(poison) > 0 {
			if poison[0] == "{}" {
				var ap jsonSchema
				_ = json.Unmarshal(s.AdditionalProperties, &ap)
				m["k"] = g.value(&ap, poison[1:])
			} else {
				m[poison[0]] = g.value(s.Properties[poison[0]], poison[1:])
			}
		}
		return m
	case "array":
		n := 0
		if s.MinItems != nil {
			n = *s.MinItems
		}
		if len(poison) > 0 {
			n = max(n, 1)
		}
		items := make([]any, n)
		for i := range items {
			if i == 0 && len(poison) > 0 {
				items[i] = g.value(s.Items, poison[1:])
			} else {
				items[i] = g.value(s.Items, nil)
			}
		}
		return items
	case "string":
		return g.text(s, poison != nil)
	case "integer", "number":
		switch {
		case len(s.Enum) > 0:
			return s.Enum[0]
		case s.Format == shared.FormatEventMillis || s.Format == shared.FormatDateMillis:
			return g.now
		case s.Minimum != nil:
			return *s.Minimum
		case s.Maximum != nil && *s.Maximum < 1:
			return *s.Maximum
		}
		return 1
	case "boolean":
		return false
	}
	return nil
}

var patternTries = []string{"a", "A", "abc", "a1", "1", "123456", "12345678", "2024-01-02", "#FF0000", "+1 206 555 0100",
	"http://a.example", "hk_a", "10:00", "aaaaaa1", ""}

// text is a text s accepts, or with nul a NUL in its place (of the same length).
func (g *valueMaker) text(s *jsonSchema, nul bool) string {
	s = g.resolve(s)
	v := "a"
	switch {
	case len(s.Enum) > 0:
		v = fmt.Sprint(s.Enum[0])
	case s.Format == shared.FormatDate || s.Format == shared.FormatDateOrEmpty:
		v = "2024-01-02"
	case s.Format == shared.FormatMonth:
		v = "2024-01"
	case s.Format == "email":
		v = "a@example.com"
	case s.Pattern != "":
		re := regexp.MustCompile(s.Pattern)
		for _, try := range patternTries {
			if re.MatchString(try) && (s.MinLength == nil || len(try) >= *s.MinLength) && (s.MaxLength == nil || len(try) <= *s.MaxLength) {
				v = try
				break
			}
		}
	}
	if s.MinLength != nil && len(v) < *s.MinLength {
		v += strings.Repeat("a", *s.MinLength-len(v))
	}
	if nul {
		if v == "" {
			return "\x00"
		}
		return "\x00" + v[1:]
	}
	return v
}
