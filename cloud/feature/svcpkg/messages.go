package svcpkg

import (
	"embed"

	"hearth/cloud/platform/msg"
)

//go:embed messages/*.json
var messages embed.FS

func init() { msg.RegisterDir("svcpkg", messages, "messages") }
