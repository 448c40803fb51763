package tenant

import (
	"embed"

	"hearth/cloud/platform/msg"
)

// The feature's server messages in en-US, es-ES and zh-CN (problem keys and the
// e-mails of sign-up and review).
//
//go:embed messages/*.json
var messages embed.FS

func init() { msg.RegisterDir("tenant", messages, "messages") }
