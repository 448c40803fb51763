package ai

import (
	"embed"

	"hearth/cloud/platform/msg"
)

// The AI platform's server messages in en-US, es-ES and zh-CN (its problem keys).
//
//go:embed messages/*.json
var messages embed.FS

func init() { msg.RegisterDir("ai", messages, "messages") }
