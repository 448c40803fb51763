package push

import (
	"embed"

	"hearth/cloud/platform/msg"
)

// The feature's server messages in en-US, es-ES and zh-CN: its refusals and
// the pushed alerts' titles and bodies (push.<stem>.title/body, send.go),
// which are written on the server because a push is shown by the phone as it
// arrives, in the recipient's language.
//
//go:embed messages/*.json
var messages embed.FS

func init() { msg.RegisterDir("push", messages, "messages") }
