package incident

import (
	"embed"

	"hearth/cloud/platform/msg"
)

// The feature's server messages in en-US, es-ES and zh-CN (problem keys, the
// rules checklist, the printed report), registered when the package loads.
//
//go:embed messages/*.json
var messages embed.FS

func init() { msg.RegisterDir("incident", messages, "messages") }
