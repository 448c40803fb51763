package billing

import (
	"embed"

	"hearth/cloud/platform/msg"
)

//go:embed messages/*.json
var messages embed.FS

func init() { msg.RegisterDir("billing", messages, "messages") }
