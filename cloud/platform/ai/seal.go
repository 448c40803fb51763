package ai

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
)

// Sealer encrypts provider keys at rest with AES-256-GCM under a key derived
// (HKDF-SHA256) from the server's HEARTH_JWT_SECRET, so no second secret is
// needed; changing that secret makes kept keys unreadable (the super admin
// enters them again, /ai-config says so).
type Sealer struct {
	aead cipher.AEAD
}

// sealInfo separates this key from anything else derived from the secret.
const sealInfo = "hearth ai provider keys v1"

// NewSealer derives the key from secret.
func NewSealer(secret []byte) (*Sealer, error) {
	if len(secret) < 32 {
		return nil, errors.New("ai: the server secret must be at least 32 bytes")
	}
	key, err := hkdf.Key(sha256.New, secret, nil, sealInfo, 32)
	if err != nil {
		return nil, fmt.Errorf("ai: sealing key: %w", err)
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, fmt.Errorf("ai: sealing key: %w", err)
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, fmt.Errorf("ai: sealing key: %w", err)
	}
	return &Sealer{aead: aead}, nil
}

// Seal encrypts plain; the answer is base64 of nonce and ciphertext. The
// capability is bound as additional data, so a key cannot be moved to another row.
func (s *Sealer) Seal(plain, boundTo string) (string, error) {
	nonce := make([]byte, s.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", fmt.Errorf("ai: sealing nonce: %w", err)
	}
	out := s.aead.Seal(nonce, nonce, []byte(plain), []byte(boundTo))
	return base64.StdEncoding.EncodeToString(out), nil
}

// ErrUnsealable means a kept key cannot be decrypted (the secret changed, or the row was altered).
var ErrUnsealable = errors.New("ai: kept key cannot be decrypted")

// Open decrypts what Seal made for boundTo.
func (s *Sealer) Open(sealed, boundTo string) (string, error) {
	raw, err := base64.StdEncoding.DecodeString(sealed)
	if err != nil || len(raw) < s.aead.NonceSize() {
		return "", ErrUnsealable
	}
	n := s.aead.NonceSize()
	plain, err := s.aead.Open(nil, raw[:n], raw[n:], []byte(boundTo))
	if err != nil {
		return "", ErrUnsealable
	}
	return string(plain), nil
}

// Mask shows the last four characters of a key ("••••abcd"); short keys show nothing of themselves.
func Mask(key string) string {
	r := []rune(key)
	if len(r) < 8 {
		return "••••"
	}
	return "••••" + string(r[len(r)-4:])
}

// Last4 is what Mask shows of a key, kept beside the sealed key so /ai-config
// can show it without decrypting.
func Last4(key string) string {
	r := []rune(key)
	if len(r) < 8 {
		return ""
	}
	return string(r[len(r)-4:])
}
