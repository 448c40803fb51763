package auth_test

import (
	"regexp"
	"testing"

	"hearth/cloud/platform/auth"
)

func TestEmailCodeIsSixDigits(t *testing.T) {
	six := regexp.MustCompile(`^\d{6}$`)
	seen := map[string]bool{}
	for range 50 {
		c := auth.EmailCode()
		if !six.MatchString(c) {
			t.Fatalf("code %q is not six digits", c)
		}
		seen[c] = true
	}
	if len(seen) < 45 {
		t.Fatalf("50 codes, only %d different", len(seen))
	}
}

func TestMaskEmailKeepsTheFirstLetterAndDomain(t *testing.T) {
	for in, want := range map[string]string{"grace@maple.example": "g***@maple.example", "a@b.c": "a***@b.c", "@x.example": "***", "no-at": "***", "": "***"} {
		if got := auth.MaskEmail(in); got != want {
			t.Errorf("MaskEmail(%q) = %q, want %q", in, got, want)
		}
	}
}
