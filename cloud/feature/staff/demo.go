package staff

import (
	"context"

	"github.com/google/uuid"

	"hearth/cloud/platform/db"
	"hearth/shared"
)

// DemoProfile is a demo staff member's profile (cloud/feature/demo seeds it
// for an account it has already created).
type DemoProfile struct {
	TenantID, UserID, Name string
	CreatedBy              string // the account that added the profile (the facility's owner)
	Color                  string
	HireDate, BirthDate    string // YYYY-MM-DD
	Specialties            string // comma-separated shared.Specialty values
}

// InsertDemoProfile adds an enabled caregiver profile for a demo account and answers its id.
func InsertDemoProfile(ctx context.Context, q db.Querier, p DemoProfile, now int64) (string, error) {
	r := &row{ID: uuid.Must(uuid.NewV7()).String(), TenantID: p.TenantID, UserID: p.UserID, Name: p.Name, Color: p.Color,
		HireDate: p.HireDate, BirthDate: p.BirthDate, Specialties: p.Specialties, Status: shared.UserEnabled, CreatedAt: now, UpdatedAt: now}
	return r.ID, Store{}.Insert(ctx, q, r, p.CreatedBy)
}

// DemoCredential is one credential record of a demo staff member.
type DemoCredential struct {
	TenantID, CaregiverID, UploaderID string
	Type                              shared.CredentialType
	IssueDate, ExpiryDate             string // YYYY-MM-DD; ExpiryDate "" when the record shows none
	CEMinutes                         int
	FileIDs                           []string
}

// InsertDemoCredential adds a credential record for a demo staff member.
func InsertDemoCredential(ctx context.Context, q db.Querier, c DemoCredential, now int64) error {
	return Store{}.InsertCredential(ctx, q, &credential{ID: uuid.Must(uuid.NewV7()).String(), TenantID: c.TenantID,
		CaregiverID: c.CaregiverID, Type: c.Type, IssueDate: c.IssueDate, Expiry: c.ExpiryDate, CEMinutes: c.CEMinutes,
		FileIDs: c.FileIDs, UploaderID: c.UploaderID, CreatedAt: now})
}

// DemoCaregiverID is the id of a user's caregiver profile in a facility.
func DemoCaregiverID(ctx context.Context, q db.Querier, tenantID, userID string) (string, error) {
	r, err := Store{}.ByUser(ctx, q, tenantID, userID)
	if err != nil {
		return "", err
	}
	return r.ID, nil
}
