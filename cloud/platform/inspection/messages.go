package inspection

import (
	"embed"

	"hearth/cloud/platform/msg"
)

// The printed report's messages in en-US, es-ES and zh-CN (its labels, and
// the rules', statuses' and checklist items' names), registered when the package loads.
//
//go:embed messages/*.json
var messages embed.FS

func init() { msg.RegisterDir("inspection", messages, "messages") }
