package smartsetup

import (
	"embed"

	"hearth/cloud/platform/msg"
)

// The feature's server messages in en-US, es-ES and zh-CN.
//
//go:embed messages/*.json
var messages embed.FS

func init() { msg.RegisterDir("smartsetup", messages, "messages") }
