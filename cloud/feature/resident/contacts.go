package resident

import (
	"context"
	"errors"
	"strings"

	"github.com/google/uuid"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

func toContact(c *contactRow) shared.ResidentContact {
	return shared.ResidentContact{ContactID: c.ID, ResidentID: c.ResidentID, Group: c.Group, Name: c.Name, Phone: c.Phone,
		Address: c.Address, Role: c.Role, Email: c.Email, Fax: c.Fax, Relationship: c.Relationship,
		CreateTime: c.CreatedAt, UpdateTime: c.UpdatedAt}
}

func contactAudit(p *auth.Principal, action, id string, before, after *contactRow) audit.Entry {
	var b, a any
	if before != nil {
		b = toContact(before)
	}
	if after != nil {
		a = toContact(after)
	}
	return audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: action, Entity: "resident_contact", EntityID: id,
		Before: b, After: a}
}

// Contacts answers a page of a resident's contacts (any status: the record stays readable).
func (s *Service) Contacts(ctx context.Context, p *auth.Principal, req shared.PageRequest[shared.ContactFilter]) (*shared.Page[shared.ResidentContact], error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	if strings.TrimSpace(req.Data.ResidentID) == "" {
		return nil, problem.Invalid("data.residentId", "required", "validation.required", nil)
	}
	r, err := s.found(ctx, s.db, p, req.Data.ResidentID)
	if err != nil {
		return nil, err
	}
	page, size, offset := shared.Window(req.Current, req.Size)
	rows, total, err := s.store.Contacts(ctx, s.db, p.TenantID, r.ID, req.Data.Group, size, offset)
	if err != nil {
		return nil, err
	}
	return shared.PageOf(page, size, total, rows, toContact), nil
}

// SaveContact adds a contact, or with contactId changes one, of a resident whose record may still change.
func (s *Service) SaveContact(ctx context.Context, p *auth.Principal, req shared.SaveContactRequest) (*shared.ResidentContact, error) {
	if err := writer(p); err != nil {
		return nil, err
	}
	c, err := checkContact(req)
	if err != nil {
		return nil, err
	}
	now := s.now().UnixMilli()
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		r, err := s.editable(ctx, tx, p, req.ResidentID)
		if err != nil {
			return err
		}
		c.TenantID, c.ResidentID, c.UpdatedAt = p.TenantID, r.ID, now
		if strings.TrimSpace(req.ContactID) == "" {
			c.ID, c.CreatedAt = uuid.Must(uuid.NewV7()).String(), now
			if err := s.store.InsertContact(ctx, tx, &c); err != nil {
				return err
			}
			return audit.Write(ctx, tx, contactAudit(p, "residentContact.create", c.ID, nil, &c))
		}
		old, err := s.store.Contact(ctx, tx, p.TenantID, strings.TrimSpace(req.ContactID))
		if errors.Is(err, db.ErrNotFound) {
			return problem.NotFound
		}
		if err != nil {
			return err
		}
		if old.ResidentID != r.ID {
			return problem.NotFound
		}
		c.ID, c.CreatedAt = old.ID, old.CreatedAt
		ok, err := s.store.UpdateContact(ctx, tx, &c)
		if err != nil {
			return err
		}
		if !ok {
			return problem.NotFound
		}
		return audit.Write(ctx, tx, contactAudit(p, "residentContact.update", c.ID, old, &c))
	})
	if err != nil {
		return nil, err
	}
	out := toContact(&c)
	return &out, nil
}

// checkContact checks a contact beyond its tags and answers the row to store.
func checkContact(req shared.SaveContactRequest) (contactRow, error) {
	c := contactRow{Group: req.Group, Name: strings.TrimSpace(req.Name), Phone: strings.TrimSpace(req.Phone),
		Address: strings.TrimSpace(req.Address), Role: strings.TrimSpace(req.Role), Email: strings.TrimSpace(req.Email),
		Fax: strings.TrimSpace(req.Fax), Relationship: strings.TrimSpace(req.Relationship)}
	if c.Name == "" {
		return c, problem.Invalid("name", "required", "validation.required", nil)
	}
	if err := phoneRule("phone", c.Phone); err != nil {
		return c, err
	}
	if c.Phone == "" {
		return c, problem.Invalid("phone", "required", "validation.required", nil)
	}
	if err := phoneRule("fax", c.Fax); err != nil {
		return c, err
	}
	return c, emailRule("email", c.Email)
}

// DeleteContact removes a contact from a resident whose record may still
// change; the row is kept, marked deleted (records are kept: DOMAIN.md).
func (s *Service) DeleteContact(ctx context.Context, p *auth.Principal, id string) error {
	if err := writer(p); err != nil {
		return err
	}
	now := s.now().UnixMilli()
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		old, err := s.store.Contact(ctx, tx, p.TenantID, strings.TrimSpace(id))
		if errors.Is(err, db.ErrNotFound) {
			return problem.NotFound
		}
		if err != nil {
			return err
		}
		if _, err := s.editable(ctx, tx, p, old.ResidentID); err != nil {
			return err
		}
		ok, err := s.store.DeleteContact(ctx, tx, p.TenantID, old.ID, now)
		if err != nil {
			return err
		}
		if !ok {
			return problem.NotFound
		}
		return audit.Write(ctx, tx, contactAudit(p, "residentContact.delete", old.ID, old, nil))
	})
}
