package notification

import (
	"embed"

	"hearth/cloud/platform/msg"
)

// The feature's server messages in en-US, es-ES and zh-CN, registered with the
// catalogue when the package loads. (The notifications' own titles and bodies
// are the UI's: frontend/src/features/notifications/locales.)
//
//go:embed messages/*.json
var messages embed.FS

func init() { msg.RegisterDir("notification", messages, "messages") }
