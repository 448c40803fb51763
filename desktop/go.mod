module hearth/desktop

go 1.26.0

require (
	github.com/alexedwards/argon2id v1.0.0
	github.com/mattn/go-sqlite3 v1.14.53
	github.com/pressly/goose/v3 v3.29.0
	golang.org/x/crypto v0.58.0
	hearth/shared v0.0.0
)

require (
	github.com/mfridman/interpolate v0.0.2 // indirect
	github.com/sethvargo/go-retry v0.5.0 // indirect
	go.uber.org/multierr v1.11.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
)

replace hearth/shared => ../shared
