// Package auth holds sign-in building blocks with no care-home knowledge:
// password hashing and rules, the spec's password encoding, access tokens,
// the Sign header, and the signed-in principal.
package auth

import (
	"fmt"
	"strings"
	"sync"
	"unicode"

	"github.com/alexedwards/argon2id"
	"github.com/nbutton23/zxcvbn-go/frequency"

	"hearth/shared"
)

// HashPassword hashes with argon2id (RFC 9106 second recommended profile, scaled
// for a small server: 64 MiB, 1 pass, 2 lanes). Source: alexedwards/argon2id DefaultParams.
func HashPassword(plain string) (string, error) {
	hash, err := argon2id.CreateHash(plain, argon2id.DefaultParams)
	if err != nil {
		return "", fmt.Errorf("auth: hash password: %w", err)
	}
	return hash, nil
}

// CheckPassword compares a password with its argon2id hash in constant time.
func CheckPassword(plain, hash string) bool {
	ok, err := argon2id.ComparePasswordAndHash(plain, hash)
	return err == nil && ok
}

// PasswordProblem names the rule a new password breaks, or "" when it is acceptable.
// Rule: 8–30 characters with an uppercase letter, a lowercase letter, a digit and
// one of @#$%^&+= (spec 000 §5, the stricter of its two readings), and not among
// the 10,000 most common passwords.
func PasswordProblem(p string) string {
	n := len([]rune(p))
	if n < shared.PasswordMinLength || n > shared.PasswordMaxLength {
		return "rule"
	}
	var upper, lower, digit, symbol bool
	for _, r := range p {
		switch {
		case unicode.IsUpper(r):
			upper = true
		case unicode.IsLower(r):
			lower = true
		case unicode.IsDigit(r):
			digit = true
		case strings.ContainsRune(shared.PasswordSymbols, r):
			symbol = true
		}
	}
	if !upper || !lower || !digit || !symbol {
		return "rule"
	}
	if IsCommonPassword(p) {
		return "common"
	}
	return ""
}

var (
	commonOnce sync.Once
	common     map[string]struct{}
)

// IsCommonPassword reports whether p (ignoring case) is among the 10,000 most
// common passwords. Source: the frequency-ranked password list shipped with
// zxcvbn (Dropbox), as packaged in github.com/nbutton23/zxcvbn-go/frequency.
func IsCommonPassword(p string) bool {
	commonOnce.Do(func() {
		list := frequency.Lists["Passwords"].List
		if len(list) > 10000 {
			list = list[:10000]
		}
		common = make(map[string]struct{}, len(list))
		for _, w := range list {
			common[strings.ToLower(w)] = struct{}{}
		}
	})
	_, ok := common[strings.ToLower(p)]
	return ok
}
