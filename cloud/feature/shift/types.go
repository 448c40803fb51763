package shift

import (
	"context"
	"errors"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/problem"
	"hearth/shared"
)

var (
	hhmm     = regexp.MustCompile(`^([01][0-9]|2[0-3]):[0-5][0-9]$`)
	hexColor = regexp.MustCompile(`^#[0-9A-Fa-f]{6}$`)
)

func toType(r *typeRow) shared.ShiftType {
	return shared.ShiftType{ShiftTypeID: r.ID, Name: r.Name, StartTime: r.StartTime, EndTime: r.EndTime,
		CrossesMidnight: minutesOf(r.EndTime) <= minutesOf(r.StartTime), DurationMinutes: durationMinutes(r.StartTime, r.EndTime),
		Color: r.Color, MinStaff: r.MinStaff, RequiredCredential: r.RequiredCredential, Active: r.Active, Scheduled: r.Scheduled,
		UpdateTime: r.UpdatedAt}
}

// ListTypes answers the facility's shift types by start time (every facility role).
func (s *Service) ListTypes(ctx context.Context, p *auth.Principal, f shared.ShiftTypeFilter) ([]shared.ShiftType, error) {
	if err := auth.Member(p); err != nil {
		return nil, err
	}
	rows, err := s.store.Types(ctx, s.db, p.TenantID)
	if err != nil {
		return nil, err
	}
	out := []shared.ShiftType{}
	for i := range rows {
		if f.ActiveOnly && !rows[i].Active {
			continue
		}
		out = append(out, toType(&rows[i]))
	}
	return out, nil
}

// SaveType makes a shift type (shiftTypeId empty) or edits one: owners and
// admins. Times are HH:mm; an end at or before the start is the next day. A
// change of hours moves the type's shifts from today on.
func (s *Service) SaveType(ctx context.Context, p *auth.Principal, req shared.SaveShiftTypeRequest) (*shared.ShiftType, error) {
	if err := auth.Manager(p); err != nil {
		return nil, err
	}
	name, err := problem.Text("name", req.Name, true, shared.ShiftTypeNameMax)
	if err != nil {
		return nil, err
	}
	if !hhmm.MatchString(req.StartTime) {
		return nil, problem.Invalid("startTime", "pattern", "shift.timeOfDay", nil)
	}
	if !hhmm.MatchString(req.EndTime) {
		return nil, problem.Invalid("endTime", "pattern", "shift.timeOfDay", nil)
	}
	if req.StartTime == req.EndTime {
		return nil, problem.Invalid("endTime", "range", "shift.sameTimes", nil)
	}
	if !hexColor.MatchString(req.Color) {
		return nil, problem.Invalid("color", "pattern", "shift.color", nil)
	}
	if req.MinStaff < 0 || req.MinStaff > shared.ShiftStaffMax {
		return nil, problem.Invalid("minStaff", "range", "shift.minStaff", map[string]any{"max": shared.ShiftStaffMax})
	}
	if req.RequiredCredential != "" && !slices.Contains(shared.CredentialTypes, req.RequiredCredential) {
		return nil, problem.Invalid("requiredCredential", "enum", "shift.credential", nil)
	}
	id := strings.TrimSpace(req.ShiftTypeID)
	var out *typeRow
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		key := strings.ToLower(name)
		taken, err := s.store.NameTaken(ctx, tx, p.TenantID, key, id)
		if err != nil {
			return err
		}
		if taken {
			return problem.Invalid("name", "unique", "shift.typeNameTaken", map[string]any{"name": name})
		}
		now := s.now().UnixMilli()
		r := &typeRow{ID: id, TenantID: p.TenantID, Name: name, NameKey: key, StartTime: req.StartTime, EndTime: req.EndTime,
			Color: strings.ToUpper(req.Color), MinStaff: req.MinStaff, RequiredCredential: req.RequiredCredential, Active: req.Active,
			UpdatedAt: now}
		var before *typeRow
		if id == "" {
			n, err := s.store.CountTypes(ctx, tx, p.TenantID)
			if err != nil {
				return err
			}
			if n >= shared.ShiftTypesMax {
				return problem.Invalid("shiftTypeId", "maxItems", "shift.tooManyTypes", map[string]any{"max": shared.ShiftTypesMax})
			}
			r.ID, r.CreatedAt = uuid.Must(uuid.NewV7()).String(), now
			if err := s.store.InsertType(ctx, tx, r, p.UserID); err != nil {
				return err
			}
		} else {
			before, err = s.store.Type(ctx, tx, p.TenantID, id)
			if errors.Is(err, db.ErrNotFound) {
				return problem.NotFound
			}
			if err != nil {
				return err
			}
			if _, err := s.store.UpdateType(ctx, tx, r); err != nil {
				return err
			}
			if before.StartTime != r.StartTime || before.EndTime != r.EndTime {
				if err := s.retime(ctx, tx, p.TenantID, r); err != nil {
					return err
				}
			}
		}
		if out, err = s.store.Type(ctx, tx, p.TenantID, r.ID); err != nil {
			return err
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "shiftType.save", Entity: "shift_type",
			EntityID: r.ID, Before: before, After: out})
	})
	if err != nil {
		return nil, err
	}
	t := toType(out)
	return &t, nil
}

// retime moves the type's shifts from today on to its new hours.
func (s *Service) retime(ctx context.Context, tx *db.Tx, tenantID string, t *typeRow) error {
	c, err := s.clockOf(ctx, tx, tenantID)
	if err != nil {
		return err
	}
	week, err := s.store.Between(ctx, tx, assignFilter{tenantID: tenantID, from: c.now.Add(-48 * time.Hour).UnixMilli(), to: 1 << 62})
	if err != nil {
		return err
	}
	for _, a := range week {
		if a.ShiftTypeID != t.ID || a.Day < c.today {
			continue
		}
		from, to := span(c.loc, a.Day, t.StartTime, t.EndTime)
		eve, soon := reminders(c.loc, a.Day, from)
		if err := s.store.Retime(ctx, tx, tenantID, a.ID, from.UnixMilli(), to.UnixMilli(), eve, soon); err != nil {
			return err
		}
	}
	return nil
}

// DeleteType removes a shift type that no week has a schedule of; one that
// has is kept for those weeks (4009: disable it instead).
func (s *Service) DeleteType(ctx context.Context, p *auth.Principal, id string) error {
	if err := auth.Manager(p); err != nil {
		return err
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		t, err := s.store.Type(ctx, tx, p.TenantID, id)
		if errors.Is(err, db.ErrNotFound) {
			return problem.NotFound
		}
		if err != nil {
			return err
		}
		ok, err := s.store.DeleteType(ctx, tx, p.TenantID, id)
		if err != nil {
			return err
		}
		if !ok {
			return ErrTypeScheduled
		}
		return audit.Write(ctx, tx, audit.Entry{TenantID: p.TenantID, ActorID: p.UserID, Action: "shiftType.delete", Entity: "shift_type",
			EntityID: id, Before: t})
	})
}
