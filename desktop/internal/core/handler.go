package core

import (
	"encoding/json"
	"net/http"
	"strings"

	"hearth/shared"
)

// Kiosk paths the door screen calls; the shell adds the credential.
const (
	kioskHomePath      = "/api/care/kiosk/caregivers"
	kioskPunchPath     = "/api/care/kiosk/punch"
	kioskVerifiersPath = "/api/care/kiosk/pinVerifiers"
	kioskPrefix        = "/api/care/kiosk/"
	publicConfigPath   = "/api/system/config/public"
	desktopPrefix      = "/api/desktop/"
	avatarPrefix       = desktopPrefix + "kiosk/avatar/"
	kioskHeader        = shared.KioskCredentialHeader
)

// Handler answers every /api/ request: /api/desktop/* locally, the rest
// proxied to the cloud (with cache fallback and the kiosk outbox).
func (c *Core) Handler() http.Handler { return http.HandlerFunc(c.serve) }

func (c *Core) serve(w http.ResponseWriter, r *http.Request) {
	p := r.URL.Path
	switch {
	case strings.HasPrefix(p, desktopPrefix):
		c.serveDesktop(w, r)
	case c.Mode() == shared.DesktopKiosk:
		// The door screen must not open anything but its two calls.
		switch {
		case p == kioskHomePath && r.Method == http.MethodGet:
			c.serveKioskHome(w, r)
		case p == kioskPunchPath && r.Method == http.MethodPost:
			c.serveKioskPunch(w, r)
		case p == publicConfigPath && r.Method == http.MethodGet && r.Header.Get("Authorization") == "":
			// The app asks for the public configuration as it starts (version,
			// dev flag): public, nothing personal, kept for offline starts.
			c.serveProxy(w, r)
		default:
			c.fail(w, r, shared.CodeForbidden, "desktop.kioskOnly", nil, nil)
		}
	case p == "/api" || strings.HasPrefix(p, "/api/"):
		c.serveProxy(w, r)
	default:
		c.fail(w, r, shared.CodeNotFound, "error.notFound", nil, nil)
	}
}

// writeEnvelope writes an envelope with HTTP 200, as the cloud does for every
// business answer (cloud/platform/web/api.go writeEnvelope).
func writeEnvelope(w http.ResponseWriter, status int, env any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(env)
}

// ok answers data with code 0000.
func (c *Core) ok(w http.ResponseWriter, r *http.Request, data any) {
	writeEnvelope(w, http.StatusOK, shared.Envelope[any]{Code: shared.CodeOK,
		Message: tr(pickLanguage(r.Header.Get("Accept-Language")), "success", nil), Data: data})
}

// fail answers a local failure in the caller's language.
func (c *Core) fail(w http.ResponseWriter, r *http.Request, code shared.Code, key string, args map[string]any, data any) {
	writeEnvelope(w, http.StatusOK, shared.Envelope[any]{Code: code,
		Message: tr(pickLanguage(r.Header.Get("Accept-Language")), key, args), Data: data})
}

// fieldRule is one broken rule of a request body.
type fieldRule struct {
	field, rule string
	args        map[string]any
}

// failFields answers 4022 with the cloud's shape: data lists each field and
// rule, the message names the first (cloud/platform/web/errors.go).
func (c *Core) failFields(w http.ResponseWriter, r *http.Request, rules []fieldRule) {
	lang := pickLanguage(r.Header.Get("Accept-Language"))
	out := make([]shared.FieldError, len(rules))
	for i, fr := range rules {
		args := map[string]any{"field": fr.field}
		for k, v := range fr.args {
			args[k] = v
		}
		out[i] = shared.FieldError{Field: fr.field, Rule: fr.rule, Message: tr(lang, "validation."+fr.rule, args)}
	}
	writeEnvelope(w, http.StatusOK, shared.Envelope[any]{Code: shared.CodeValidation, Message: out[0].Message, Data: out})
}

// decodeBody reads a small JSON body; false (after answering 4000) when it cannot.
func (c *Core) decodeBody(w http.ResponseWriter, r *http.Request, into any) bool {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 64<<10))
	if err := dec.Decode(into); err != nil {
		c.fail(w, r, shared.CodeBadRequest, "error.badRequest", map[string]any{"detail": err.Error()}, nil)
		return false
	}
	return true
}
