package im

import (
	"embed"

	"hearth/cloud/platform/msg"
)

// The feature's server messages in en-US, es-ES and zh-CN, registered with
// the catalogue when the package loads.
//
//go:embed messages/*.json
var messages embed.FS

func init() { msg.RegisterDir("im", messages, "messages") }
