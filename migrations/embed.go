// Package migrations embeds the SQL migrations: postgres/ and sqlite/ hold the same numbered files.
package migrations

import "embed"

//go:embed postgres/*.sql sqlite/*.sql
var FS embed.FS
