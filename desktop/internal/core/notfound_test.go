package core

import (
	"errors"
	"testing"

	"hearth/shared"
)

// TestLocalLookupsAnswerNotFound: a lookup of something not kept here answers
// an error wrapping errNotFound, never a nil row with a nil error, and a
// broken database is not taken for "not kept".
func TestLocalLookupsAnswerNotFound(t *testing.T) {
	c, _ := openCore(t, "")
	ctx := t.Context()
	lookups := map[string]func() error{
		"outboxByClientID": func() error { _, err := c.outboxByClientID(ctx, "no-such-punch"); return err },
		"headWaiting":      func() error { _, err := c.headWaiting(ctx); return err },
		"medByClientID":    func() error { _, err := c.medByClientID(ctx, "no-such-write"); return err },
		"verifierFor":      func() error { _, err := c.verifierFor(ctx, "cg-none"); return err },
		"localDose":        func() error { _, err := c.localDose(ctx, shared.LocalPassPrefix+"no-such-dose", nil); return err },
	}
	for name, lookup := range lookups {
		if err := lookup(); !errors.Is(err, errNotFound) {
			t.Errorf("%s: want errNotFound, got %v", name, err)
		}
	}
	if _, err := c.localDose(ctx, "pass-on-the-cloud", nil); !errors.Is(err, errNotFound) {
		t.Errorf("localDose of a cloud pass: want errNotFound, got %v", err)
	}

	// A verifier made with a KDF this kiosk does not know checks nothing: as none kept.
	err := c.replaceVerifiers(ctx, &shared.KioskPinVerifiers{DeviceSalt: "c2FsdA==", KDF: shared.PinKDF{Algorithm: "scrypt"},
		Verifiers: []shared.PinVerifier{{CaregiverID: "cg-scrypt", Verifier: "x", UpdateTime: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.verifierFor(ctx, "cg-scrypt"); !errors.Is(err, errNotFound) {
		t.Errorf("verifier of an unknown KDF: want errNotFound, got %v", err)
	}

	if err := c.db.Close(); err != nil {
		t.Fatal(err)
	}
	for name, lookup := range lookups {
		if err := lookup(); err == nil || errors.Is(err, errNotFound) {
			t.Errorf("%s on a closed database: want its error, got %v", name, err)
		}
	}
}
