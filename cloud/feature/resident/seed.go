package resident

import (
	"context"
	"time"

	"github.com/google/uuid"

	"hearth/cloud/platform/db"
	"hearth/shared"
)

// Demo is one resident of the demonstration data, with its status and contacts.
type Demo struct {
	Profile          shared.SaveResidentRequest
	Status           shared.ResidentStatus // "" is NORMAL
	ReturnIn         time.Duration         // GOING_OUT: expected back this long after now
	GoingOutReason   string
	Destination      shared.MoveOutDestination // MOVED_OUT
	DestinationOther string
	StatusAgo        time.Duration // how long ago the status was set
	CarePlanAgo      time.Duration // how long ago the care plan was updated; 0 = never recorded
	Contacts         []shared.SaveContactRequest
}

// InsertDemo adds a demo resident and its contacts to tenantID in q's
// transaction (the demo seed's), through the same checks as createResident.
func InsertDemo(ctx context.Context, q db.Querier, tenantID string, d Demo, now time.Time) (string, error) {
	var s Store
	r := &row{ID: uuid.Must(uuid.NewV7()).String(), TenantID: tenantID, Status: shared.ResidentNormal,
		StatusAt: now.Add(-d.StatusAgo).UnixMilli(), CreatedAt: now.UnixMilli(), UpdatedAt: now.UnixMilli()}
	if err := applyProfile(r, d.Profile, now); err != nil {
		return "", err
	}
	if d.Status != "" {
		r.Status = d.Status
	}
	if d.Status == shared.ResidentGoingOut {
		r.ReturnDate.Int64, r.ReturnDate.Valid = now.Add(d.ReturnIn).UnixMilli(), true
		r.GoingOutReason = d.GoingOutReason
	}
	r.MoveOutDestination, r.DestinationOther = d.Destination, d.DestinationOther
	if d.CarePlanAgo > 0 {
		r.CarePlanUpdatedAt.Int64, r.CarePlanUpdatedAt.Valid = now.Add(-d.CarePlanAgo).UnixMilli(), true
	}
	if err := s.Insert(ctx, q, r); err != nil {
		return "", err
	}
	for i, c := range d.Contacts {
		at := now.UnixMilli() + int64(i) // keeps the listed order
		cr := &contactRow{ID: uuid.Must(uuid.NewV7()).String(), TenantID: tenantID, ResidentID: r.ID, Group: c.Group, Name: c.Name,
			Phone: c.Phone, Address: c.Address, Role: c.Role, Email: c.Email, Fax: c.Fax, Relationship: c.Relationship,
			CreatedAt: at, UpdatedAt: at}
		if err := s.InsertContact(ctx, q, cr); err != nil {
			return "", err
		}
	}
	return r.ID, nil
}
