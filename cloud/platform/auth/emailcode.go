package auth

import (
	"crypto/rand"
	"fmt"
	"math/big"
	"strings"
)

// EmailCode is a new six-digit code for a sign-in by e-mail (the two-step
// sign-in and the inspector's link), from the system's secure random source.
func EmailCode() string {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		panic(err) // crypto/rand does not fail on a supported platform
	}
	return fmt.Sprintf("%06d", n.Int64())
}

// MaskEmail shows where a code went without giving the address away:
// "a***@example.com".
func MaskEmail(e string) string {
	at := strings.IndexByte(e, '@')
	if at < 1 {
		return "***"
	}
	return e[:1] + "***" + e[at:]
}
