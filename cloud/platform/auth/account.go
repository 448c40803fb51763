package auth

import (
	"crypto/rand"
	"strings"

	"hearth/shared"
)

// Account values shared by the features that create people (iam creates the
// row; staff invites caregivers; demo and the command line seed people), so
// none of them imports another to name the value.

// NewUser is what creating an account needs (iam.Service.CreateUser).
type NewUser struct {
	Account, Email, Phone, Name, Password string
	TempPassword                          bool
	Status                                shared.UserStatus
	PlatformRole                          shared.Role // SUPER_ADMIN or empty
	TwoFactor                             *bool       // nil: the role's default
}

// TempPassword makes a random password that meets the password rule; an
// invited person never sees it (they choose their own through the invite link).
func TempPassword() string {
	const lower, upper, digits = "abcdefghijkmnpqrstuvwxyz", "ABCDEFGHJKLMNPQRSTUVWXYZ", "23456789"
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	var sb strings.Builder
	for i, c := range b {
		switch i % 3 {
		case 0:
			sb.WriteByte(lower[int(c)%len(lower)])
		case 1:
			sb.WriteByte(upper[int(c)%len(upper)])
		default:
			sb.WriteByte(digits[int(c)%len(digits)])
		}
	}
	return "Tp" + sb.String() + "@9z" // 21 characters with every class the rule asks for
}
