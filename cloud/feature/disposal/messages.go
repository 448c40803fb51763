package disposal

import (
	"embed"

	"hearth/cloud/platform/msg"
)

// The feature's server messages in en-US, es-ES and zh-CN (problem keys,
// field labels, the reasons a quick create writes), registered with the
// catalogue when the package loads.
//
//go:embed messages/*.json
var messages embed.FS

func init() { msg.RegisterDir("disposal", messages, "messages") }
