package auth

import (
	"bytes"
	"crypto/aes"
	"encoding/base64"
	"errors"
	"fmt"
)

// ErrPasswordEncoding is returned when an encoded password cannot be read.
var ErrPasswordEncoding = errors.New("password encoding")

// DecodePassword reverses the spec's password encoding (spec 001 §5: AES, ECB
// mode, fixed key; PKCS#7 padding; base64). ECB with a fixed key hides nothing
// from an attacker who has the UI; it exists because the spec asks for it. TLS
// protects the password in transit and argon2id at rest.
func DecodePassword(key []byte, encoded string) (string, error) {
	raw, err := base64.StdEncoding.DecodeString(encoded)
	if err != nil || len(raw) == 0 || len(raw)%aes.BlockSize != 0 {
		return "", ErrPasswordEncoding
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return "", fmt.Errorf("auth: password key: %w", err)
	}
	out := make([]byte, len(raw))
	for i := 0; i < len(raw); i += aes.BlockSize {
		block.Decrypt(out[i:i+aes.BlockSize], raw[i:i+aes.BlockSize])
	}
	pad := int(out[len(out)-1])
	if pad == 0 || pad > aes.BlockSize || !bytes.Equal(out[len(out)-pad:], bytes.Repeat([]byte{byte(pad)}, pad)) {
		return "", ErrPasswordEncoding
	}
	return string(out[:len(out)-pad]), nil
}

// EncodePassword applies the spec's encoding; tests, seeds and the load script use it.
func EncodePassword(key []byte, plain string) string {
	block, err := aes.NewCipher(key)
	if err != nil {
		panic(err)
	}
	pad := aes.BlockSize - len(plain)%aes.BlockSize
	in := append([]byte(plain), bytes.Repeat([]byte{byte(pad)}, pad)...)
	out := make([]byte, len(in))
	for i := 0; i < len(in); i += aes.BlockSize {
		block.Encrypt(out[i:i+aes.BlockSize], in[i:i+aes.BlockSize])
	}
	return base64.StdEncoding.EncodeToString(out)
}
