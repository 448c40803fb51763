package aiservice

import (
	"embed"

	"hearth/cloud/platform/msg"
)

// The AI service's server messages in en-US, es-ES and zh-CN (problem keys and field labels).
//
//go:embed messages/*.json
var messages embed.FS

func init() { msg.RegisterDir("aiservice", messages, "messages") }
