// Package realtime carries chat frames (shared.ImFrame) to the websockets of
// the people they are for, on every replica: one process holds the sockets
// of its users; with PostgreSQL and several `hearth serve` replicas the
// frames travel through LISTEN/NOTIFY (issue 20, "Scale").
package realtime

import (
	"context"

	"hearth/cloud/platform/db"
	"hearth/shared"
)

// Publisher delivers a frame to every socket of the given users, on every
// replica. Inside a transaction (q is a *db.Tx) the frame leaves after the
// commit and never when it rolls back; otherwise at once.
type Publisher interface {
	Publish(ctx context.Context, q db.Querier, userIDs []string, frame shared.ImFrame) error
}
