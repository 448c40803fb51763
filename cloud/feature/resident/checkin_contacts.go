package resident

import (
	"context"
	"fmt"
	"strings"

	"github.com/google/uuid"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/msg"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

// CheckInContacts is the contacts step (createContactForCheckIn): the
// resident's contacts become the list sent. A contact with the contactId of
// one of the resident's contacts changes it, one without is added, and a
// contact the list no longer names is removed (kept, marked deleted). The
// whole list is checked before anything is written; a refusal names the
// contact ("Contact 2: ...").
func (s *Service) CheckInContacts(ctx context.Context, p *auth.Principal, data shared.CheckInContactsData, up CheckInUpload) (*shared.CheckIn, error) {
	if err := writer(p); err != nil {
		return nil, err
	}
	if len(data.Contacts) > shared.CheckInContactsMax {
		return nil, problem.Invalid("contacts", "maxItems", "validation.maxItems", map[string]any{"max": shared.CheckInContactsMax})
	}
	lang := msg.Language(ctx)
	checked := make([]contactRow, len(data.Contacts))
	for i, req := range data.Contacts {
		c, err := checkContact(req)
		if err != nil {
			return nil, contactProblem(lang, i, err)
		}
		c.ID = strings.TrimSpace(req.ContactID)
		checked[i] = c
	}
	if _, _, err := s.moveInOf(ctx, s.db, p, data.ResidentID); err != nil {
		return nil, err
	}
	rid, err := s.step(ctx, p, shared.StepContacts, up, func(tx *db.Tx) (string, error) {
		r, _, err := s.moveInOf(ctx, tx, p, data.ResidentID)
		if err != nil {
			return "", err
		}
		if err := s.replaceContacts(ctx, tx, p, r, checked, lang); err != nil {
			return "", err
		}
		if err := s.markStep(ctx, tx, p, r, shared.StepContacts, s.now().UnixMilli()); err != nil {
			return "", err
		}
		ids := make([]string, len(checked))
		for i, c := range checked {
			ids[i] = c.ID
		}
		return r.ID, audit.Write(ctx, tx, auditEntry(p, "resident.checkIn.contacts", r.ID, nil, map[string]any{"contactIds": ids}))
	})
	if err != nil {
		return nil, err
	}
	return s.checkIn(ctx, p, rid)
}

// replaceContacts makes checked the resident's contacts, in tx (each write audited).
func (s *Service) replaceContacts(ctx context.Context, tx *db.Tx, p *auth.Principal, r *row, checked []contactRow, lang shared.Language) error {
	existing, _, err := s.store.Contacts(ctx, tx, p.TenantID, r.ID, "", shared.MaxOptionSize, 0)
	if err != nil {
		return err
	}
	byID := map[string]*contactRow{}
	for i := range existing {
		byID[existing[i].ID] = &existing[i]
	}
	kept := map[string]bool{}
	for i, c := range checked {
		if c.ID == "" {
			continue
		}
		if byID[c.ID] == nil {
			return contactProblem(lang, i, problem.Invalid("contactId", "exists", "resident.contactUnknown", nil))
		}
		if kept[c.ID] {
			return contactProblem(lang, i, problem.Invalid("contactId", "unique", "resident.contactTwice", nil))
		}
		kept[c.ID] = true
	}
	now := s.now().UnixMilli()
	for _, old := range existing {
		if kept[old.ID] {
			continue
		}
		ok, err := s.store.DeleteContact(ctx, tx, p.TenantID, old.ID, now)
		if err != nil {
			return err
		}
		if ok {
			if err := audit.Write(ctx, tx, contactAudit(p, "residentContact.delete", old.ID, &old, nil)); err != nil {
				return err
			}
		}
	}
	for i := range checked {
		c := &checked[i]
		c.TenantID, c.ResidentID, c.UpdatedAt = p.TenantID, r.ID, now
		if old := byID[c.ID]; old != nil {
			c.CreatedAt = old.CreatedAt
			if sameContact(old, c) {
				continue
			}
			ok, err := s.store.UpdateContact(ctx, tx, c)
			if err != nil {
				return err
			}
			if !ok {
				return contactProblem(lang, i, problem.Invalid("contactId", "exists", "resident.contactUnknown", nil))
			}
			if err := audit.Write(ctx, tx, contactAudit(p, "residentContact.update", c.ID, old, c)); err != nil {
				return err
			}
			continue
		}
		// now + i keeps the order sent (contacts list oldest first within a group).
		c.ID, c.CreatedAt, c.UpdatedAt = uuid.Must(uuid.NewV7()).String(), now+int64(i), now+int64(i)
		if err := s.store.InsertContact(ctx, tx, c); err != nil {
			return err
		}
		if err := audit.Write(ctx, tx, contactAudit(p, "residentContact.create", c.ID, nil, c)); err != nil {
			return err
		}
	}
	return nil
}

func sameContact(a, b *contactRow) bool {
	return a.Group == b.Group && a.Name == b.Name && a.Phone == b.Phone && a.Address == b.Address && a.Role == b.Role &&
		a.Email == b.Email && a.Fax == b.Fax && a.Relationship == b.Relationship
}

// contactProblem names the contact a refusal is about: "Contact 2: Phone is
// required." in the caller's language; the field is contacts[1].phone.
func contactProblem(lang shared.Language, i int, err error) error {
	inner, ok := problem.As(err)
	if !ok {
		return err
	}
	field, rule := "", inner.Key
	if fes, ok := inner.Data.([]shared.FieldError); ok && len(fes) > 0 {
		field, rule = fes[0].Field, fes[0].Rule
	}
	path := fmt.Sprintf("contacts[%d]", i)
	if field != "" {
		path += "." + field
	}
	return problem.Invalid(path, rule, "resident.contactItem", map[string]any{"n": i + 1, "detail": msg.T(lang, inner.Key, inner.Args)})
}
