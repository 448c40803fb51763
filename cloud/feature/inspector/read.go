package inspector

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"sort"
	"strings"
	"time"

	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// The inspector's read-only views. Each takes the link from the token (its
// id is the token's subject, its home the token's tenant), refuses an area
// the link does not share (4003), reads only that home's rows and writes an
// audit row of the view in the same call.

// grant is the signed-in inspector's link (the session checker has already
// refused an ended one).
func (s *Service) grant(ctx context.Context, p *auth.Principal) (*link, error) {
	if p == nil || !p.Has(shared.RoleInspector) || p.TenantID == "" {
		return nil, problem.Forbidden
	}
	l, err := scanLink(s.DB.QueryRowContext(ctx, `SELECT `+linkColumns+` FROM inspector_links WHERE tenant_id = ? AND id = ?`, p.TenantID, p.UserID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrLinkEnded
	}
	if err != nil {
		return nil, db.Wrap("inspector: grant", err)
	}
	if l.status(s.Now()) != shared.InspectorLinkActive {
		return nil, ErrLinkEnded
	}
	return l, nil
}

// sharing is the grant when it shares one of areas.
func (s *Service) sharing(ctx context.Context, p *auth.Principal, areas ...shared.InspectorArea) (*link, error) {
	l, err := s.grant(ctx, p)
	if err != nil {
		return nil, err
	}
	for _, a := range areas {
		if l.shares(a) {
			return l, nil
		}
	}
	return nil, ErrNotShared
}

// seen audits one page view or download.
func (s *Service) seen(ctx context.Context, p *auth.Principal, l *link, action string, area shared.InspectorArea, page, subjectID, subject string) error {
	return audit.Write(ctx, s.DB, audit.Entry{TenantID: l.TenantID, Action: action, Entity: "inspector_link", EntityID: l.ID,
		After: activityRecord{Area: area, Page: page, SubjectID: subjectID, Subject: subject, Session: p.SessionID, Email: l.Email}})
}

// activityRecord is what an inspector's audit row holds.
type activityRecord struct {
	Area      shared.InspectorArea `json:"area,omitempty"`
	Page      string               `json:"page,omitempty"`
	SubjectID string               `json:"subjectId,omitempty"`
	Subject   string               `json:"subject,omitempty"`
	Session   string               `json:"session,omitempty"`
	Email     string               `json:"email,omitempty"`
}

func activityOf(after string) shared.InspectorActivity {
	var r activityRecord
	_ = json.Unmarshal([]byte(after), &r)
	return shared.InspectorActivity{Area: r.Area, Page: r.Page, Subject: r.Subject}
}

// Grant is getInspectorGrant: what the link shares, and with whom.
func (s *Service) Grant(ctx context.Context, p *auth.Principal) (*shared.InspectorGrant, error) {
	l, err := s.grant(ctx, p)
	if err != nil {
		return nil, err
	}
	var facility string
	if err := s.DB.QueryRowContext(ctx, `SELECT facility_name FROM tenants WHERE id = ?`, l.TenantID).Scan(&facility); err != nil {
		return nil, db.Wrap("inspector: facility", err)
	}
	return &shared.InspectorGrant{FacilityName: facility, InspectorName: l.Name, Areas: l.Areas, Downloads: l.Downloads, ExpiresAt: l.ExpiresAt}, nil
}

func residentName(first, last, preferred string) string {
	name := strings.TrimSpace(first + " " + last)
	if preferred != "" && preferred != first {
		name += " (" + preferred + ")"
	}
	return name
}

const residentColumns = `id, first_name, last_name, preferred_name, room, status, move_in_date`

func scanResident(row interface{ Scan(...any) error }) (shared.InspectorResident, error) {
	var r shared.InspectorResident
	var first, last, preferred string
	err := row.Scan(&r.ID, &first, &last, &preferred, &r.Room, &r.Status, &r.MoveInOn)
	r.Name = residentName(first, last, preferred)
	return r, err
}

// Residents is listInspectorResidents: the home's residents by name, for a
// link that shares residents' records, MARs or notes.
func (s *Service) Residents(ctx context.Context, p *auth.Principal) ([]shared.InspectorResident, error) {
	l, err := s.sharing(ctx, p, shared.InspectorAreaResidents, shared.InspectorAreaMARs, shared.InspectorAreaNotes)
	if err != nil {
		return nil, err
	}
	rows, err := s.DB.QueryContext(ctx, `SELECT `+residentColumns+` FROM residents WHERE tenant_id = ? ORDER BY last_name, first_name, id LIMIT ?`,
		l.TenantID, shared.InspectorListMax)
	if err != nil {
		return nil, db.Wrap("inspector: residents", err)
	}
	defer rows.Close()
	out := []shared.InspectorResident{}
	for rows.Next() {
		r, err := scanResident(rows)
		if err != nil {
			return nil, db.Wrap("inspector: residents", err)
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, db.Wrap("inspector: residents", err)
	}
	return out, s.seen(ctx, p, l, "inspector.view", "", "residents", "", "")
}

// resident is one resident of the link's home (4004 otherwise).
func (s *Service) resident(ctx context.Context, l *link, id string) (shared.InspectorResident, error) {
	r, err := scanResident(s.DB.QueryRowContext(ctx, `SELECT `+residentColumns+` FROM residents WHERE tenant_id = ? AND id = ?`, l.TenantID, strings.TrimSpace(id)))
	if errors.Is(err, sql.ErrNoRows) {
		return r, problem.NotFound
	}
	return r, db.Wrap("inspector: resident", err)
}

// Resident is getInspectorResident: a resident's record and files (area RESIDENTS).
func (s *Service) Resident(ctx context.Context, p *auth.Principal, id string) (*shared.InspectorResidentRecord, error) {
	l, err := s.sharing(ctx, p, shared.InspectorAreaResidents)
	if err != nil {
		return nil, err
	}
	var out shared.InspectorResidentRecord
	var first, last, preferred string
	err = s.DB.QueryRowContext(ctx, `SELECT id, first_name, last_name, preferred_name, room, status, move_in_date,
		dob, gender, language, allergies, dnr, diagnoses, diet, mobility FROM residents WHERE tenant_id = ? AND id = ?`, l.TenantID, strings.TrimSpace(id)).
		Scan(&out.ID, &first, &last, &preferred, &out.Room, &out.Status, &out.MoveInOn,
			&out.DOB, &out.Gender, &out.Language, &out.Allergies, &out.DNR, &out.Diagnoses, &out.Diet, &out.Mobility)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, problem.NotFound
	}
	if err != nil {
		return nil, db.Wrap("inspector: resident", err)
	}
	out.Name = residentName(first, last, preferred)
	rows, err := s.DB.QueryContext(ctx, `SELECT f.id, f.name, rf.category FROM resident_files rf JOIN files f ON f.id = rf.file_id
		WHERE rf.tenant_id = ? AND rf.resident_id = ? AND f.tenant_id = ? AND f.deleted_at IS NULL ORDER BY rf.created_at DESC, f.id`, l.TenantID, out.ID, l.TenantID)
	if err != nil {
		return nil, db.Wrap("inspector: resident files", err)
	}
	defer rows.Close()
	out.Files = []shared.InspectorFile{}
	for rows.Next() {
		var f shared.InspectorFile
		if err := rows.Scan(&f.ID, &f.Name, &f.What); err != nil {
			return nil, db.Wrap("inspector: resident files", err)
		}
		out.Files = append(out.Files, f)
	}
	if err := rows.Err(); err != nil {
		return nil, db.Wrap("inspector: resident files", err)
	}
	return &out, s.seen(ctx, p, l, "inspector.view", shared.InspectorAreaResidents, "resident", out.ID, out.Name)
}

// MARDays is how far back the inspector's MAR reaches.
const MARDays = 30

// MAR is getInspectorMar: a resident's medication orders and the passes of
// the last 30 days (area MARS).
func (s *Service) MAR(ctx context.Context, p *auth.Principal, residentID string) (*shared.InspectorMAR, error) {
	l, err := s.sharing(ctx, p, shared.InspectorAreaMARs)
	if err != nil {
		return nil, err
	}
	r, err := s.resident(ctx, l, residentID)
	if err != nil {
		return nil, err
	}
	since := s.Now().Add(-MARDays * 24 * time.Hour)
	out := &shared.InspectorMAR{Resident: r, From: since.UTC().Format(time.DateOnly), Medications: []shared.InspectorMedication{}}
	if out.Medications, err = s.medications(ctx, l.TenantID, r.ID); err != nil {
		return nil, err
	}
	byID := map[string]int{}
	for i, m := range out.Medications {
		byID[m.ID] = i
	}
	prow, err := s.DB.QueryContext(ctx, `SELECT medication_id, day, time_of_day, outcome, given_at, staff_name, reason FROM medication_passes
		WHERE tenant_id = ? AND resident_id = ? AND due_at >= ? AND due_at <= ? ORDER BY due_at, id`,
		l.TenantID, r.ID, since.UnixMilli(), s.Now().UnixMilli())
	if err != nil {
		return nil, db.Wrap("inspector: passes", err)
	}
	defer prow.Close()
	for prow.Next() {
		var medID string
		var ps shared.InspectorMARPass
		var given sql.NullInt64
		if err := prow.Scan(&medID, &ps.Day, &ps.Time, &ps.Outcome, &given, &ps.StaffName, &ps.Reason); err != nil {
			return nil, db.Wrap("inspector: passes", err)
		}
		ps.GivenAt = given.Int64
		if i, ok := byID[medID]; ok {
			out.Medications[i].Passes = append(out.Medications[i].Passes, ps)
		}
	}
	if err := prow.Err(); err != nil {
		return nil, db.Wrap("inspector: passes", err)
	}
	return out, s.seen(ctx, p, l, "inspector.view", shared.InspectorAreaMARs, "mar", r.ID, r.Name)
}

// medications are a resident's medication orders (not deleted), by name.
func (s *Service) medications(ctx context.Context, tenantID, residentID string) ([]shared.InspectorMedication, error) {
	rows, err := s.DB.QueryContext(ctx, `SELECT id, name, dose, route, frequency, physician, start_date, end_date, status FROM medications
		WHERE tenant_id = ? AND resident_id = ? AND deleted_at IS NULL ORDER BY name, id`, tenantID, residentID)
	if err != nil {
		return nil, db.Wrap("inspector: medications", err)
	}
	defer rows.Close()
	out := []shared.InspectorMedication{}
	for rows.Next() {
		var m shared.InspectorMedication
		if err := rows.Scan(&m.ID, &m.Name, &m.Dose, &m.Route, &m.Frequency, &m.Physician, &m.StartDate, &m.EndDate, &m.Status); err != nil {
			return nil, db.Wrap("inspector: medications", err)
		}
		m.Passes = []shared.InspectorMARPass{}
		out = append(out, m)
	}
	return out, db.Wrap("inspector: medications", rows.Err())
}

// Notes is getInspectorNotes: a resident's progress notes, newest first (area NOTES).
func (s *Service) Notes(ctx context.Context, p *auth.Principal, residentID string) (*shared.InspectorNotes, error) {
	l, err := s.sharing(ctx, p, shared.InspectorAreaNotes)
	if err != nil {
		return nil, err
	}
	r, err := s.resident(ctx, l, residentID)
	if err != nil {
		return nil, err
	}
	rows, err := s.DB.QueryContext(ctx, `SELECT n.report_date, n.note_type, n.notes, n.english_notes, n.language, COALESCE(u.name, '')
		FROM progress_notes n LEFT JOIN users u ON u.id = n.author_id
		WHERE n.tenant_id = ? AND n.resident_id = ? ORDER BY n.report_date DESC, n.id DESC LIMIT ?`, l.TenantID, r.ID, shared.InspectorListMax)
	if err != nil {
		return nil, db.Wrap("inspector: notes", err)
	}
	defer rows.Close()
	out := &shared.InspectorNotes{Resident: r, Notes: []shared.InspectorNote{}}
	for rows.Next() {
		var n shared.InspectorNote
		if err := rows.Scan(&n.At, &n.Type, &n.Text, &n.English, &n.Language, &n.Author); err != nil {
			return nil, db.Wrap("inspector: notes", err)
		}
		out.Notes = append(out.Notes, n)
	}
	if err := rows.Err(); err != nil {
		return nil, db.Wrap("inspector: notes", err)
	}
	return out, s.seen(ctx, p, l, "inspector.view", shared.InspectorAreaNotes, "notes", r.ID, r.Name)
}

const incidentColumns = `i.id, i.incident_group, i.incident_type, i.state, i.occurred_at, i.body,
	COALESCE(r.first_name, ''), COALESCE(r.last_name, ''), COALESCE(r.preferred_name, '')`

func scanIncident(row interface{ Scan(...any) error }) (shared.InspectorIncident, string, error) {
	var in shared.InspectorIncident
	var body, first, last, preferred string
	err := row.Scan(&in.ID, &in.Group, &in.Type, &in.State, &in.OccurredAt, &body, &first, &last, &preferred)
	in.Resident = residentName(first, last, preferred)
	return in, body, err
}

// Incidents is listInspectorIncidents: the home's submitted incident reports, newest first (area INCIDENTS).
func (s *Service) Incidents(ctx context.Context, p *auth.Principal) ([]shared.InspectorIncident, error) {
	l, err := s.sharing(ctx, p, shared.InspectorAreaIncidents)
	if err != nil {
		return nil, err
	}
	rows, err := s.DB.QueryContext(ctx, `SELECT `+incidentColumns+` FROM incident_reports i LEFT JOIN residents r ON r.id = i.resident_id AND r.tenant_id = i.tenant_id
		WHERE i.tenant_id = ? AND i.state <> 'DRAFT' ORDER BY i.occurred_at DESC, i.id DESC LIMIT ?`, l.TenantID, shared.InspectorListMax)
	if err != nil {
		return nil, db.Wrap("inspector: incidents", err)
	}
	defer rows.Close()
	out := []shared.InspectorIncident{}
	for rows.Next() {
		in, _, err := scanIncident(rows)
		if err != nil {
			return nil, db.Wrap("inspector: incidents", err)
		}
		out = append(out, in)
	}
	if err := rows.Err(); err != nil {
		return nil, db.Wrap("inspector: incidents", err)
	}
	return out, s.seen(ctx, p, l, "inspector.view", shared.InspectorAreaIncidents, "incidents", "", "")
}

// Incident is getInspectorIncident: one submitted report with its written fields.
func (s *Service) Incident(ctx context.Context, p *auth.Principal, id string) (*shared.InspectorIncident, error) {
	l, err := s.sharing(ctx, p, shared.InspectorAreaIncidents)
	if err != nil {
		return nil, err
	}
	in, body, err := scanIncident(s.DB.QueryRowContext(ctx, `SELECT `+incidentColumns+` FROM incident_reports i
		LEFT JOIN residents r ON r.id = i.resident_id AND r.tenant_id = i.tenant_id
		WHERE i.tenant_id = ? AND i.id = ? AND i.state <> 'DRAFT'`, l.TenantID, strings.TrimSpace(id)))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, problem.NotFound
	}
	if err != nil {
		return nil, db.Wrap("inspector: incident", err)
	}
	in.Details = writtenFields(body)
	return &in, s.seen(ctx, p, l, "inspector.view", shared.InspectorAreaIncidents, "incident", in.ID, in.Type)
}

// writtenFields are a report body's text, number and yes/no fields.
func writtenFields(body string) map[string]string {
	var m map[string]any
	if json.Unmarshal([]byte(body), &m) != nil {
		return nil
	}
	out := map[string]string{}
	for k, v := range m {
		switch v := v.(type) {
		case string:
			if v != "" {
				out[k] = v
			}
		case bool:
			if v {
				out[k] = "yes"
			} else {
				out[k] = "no"
			}
		case float64:
			b, _ := json.Marshal(v)
			out[k] = string(b)
		}
	}
	return out
}

// Staff is listInspectorStaff: the home's caregivers with their credentials (area STAFF).
func (s *Service) Staff(ctx context.Context, p *auth.Principal) ([]shared.InspectorStaffMember, error) {
	l, err := s.sharing(ctx, p, shared.InspectorAreaStaff)
	if err != nil {
		return nil, err
	}
	out, err := s.staffMembers(ctx, l.TenantID)
	if err != nil {
		return nil, err
	}
	at := map[string]int{}
	for i, m := range out {
		at[m.ID] = i
	}
	creds, err := s.credentials(ctx, l.TenantID)
	if err != nil {
		return nil, err
	}
	var fileIDs []string
	type credRef struct{ staff, cred int }
	refs := map[string][]credRef{}
	for _, c := range creds {
		i, ok := at[c.caregiverID]
		if !ok {
			continue
		}
		out[i].Credentials = append(out[i].Credentials, c.InspectorCredential)
		for _, id := range c.fileIDs {
			fileIDs = append(fileIDs, id)
			refs[id] = append(refs[id], credRef{i, len(out[i].Credentials) - 1})
		}
	}
	names, err := s.fileNames(ctx, l.TenantID, fileIDs)
	if err != nil {
		return nil, err
	}
	for id, rs := range refs {
		name, ok := names[id]
		if !ok {
			continue
		}
		for _, r := range rs {
			c := &out[r.staff].Credentials[r.cred]
			c.Files = append(c.Files, shared.InspectorFile{ID: id, Name: name, What: c.Type})
		}
	}
	for i := range out {
		for j := range out[i].Credentials {
			sort.Slice(out[i].Credentials[j].Files, func(a, b int) bool {
				return out[i].Credentials[j].Files[a].Name < out[i].Credentials[j].Files[b].Name
			})
		}
	}
	return out, s.seen(ctx, p, l, "inspector.view", shared.InspectorAreaStaff, "staff", "", "")
}

// staffMembers are the home's caregivers (not removed), by name.
func (s *Service) staffMembers(ctx context.Context, tenantID string) ([]shared.InspectorStaffMember, error) {
	rows, err := s.DB.QueryContext(ctx, `SELECT c.id, u.name, c.hire_date FROM caregivers c JOIN users u ON u.id = c.user_id
		WHERE c.tenant_id = ? AND c.deleted_at IS NULL ORDER BY c.name_key, c.id LIMIT ?`, tenantID, shared.InspectorListMax)
	if err != nil {
		return nil, db.Wrap("inspector: staff", err)
	}
	defer rows.Close()
	out := []shared.InspectorStaffMember{}
	for rows.Next() {
		var m shared.InspectorStaffMember
		if err := rows.Scan(&m.ID, &m.Name, &m.HireDate); err != nil {
			return nil, db.Wrap("inspector: staff", err)
		}
		m.Credentials = []shared.InspectorCredential{}
		out = append(out, m)
	}
	return out, db.Wrap("inspector: staff", rows.Err())
}

type credential struct {
	shared.InspectorCredential
	caregiverID string
	fileIDs     []string
}

// credentials are the home's credentials on file (not removed), newest first.
func (s *Service) credentials(ctx context.Context, tenantID string) ([]credential, error) {
	rows, err := s.DB.QueryContext(ctx, `SELECT caregiver_id, type, name, issue_date, expiry_date, file_ids FROM caregiver_credentials
		WHERE tenant_id = ? AND deleted_at IS NULL ORDER BY issue_date DESC, id`, tenantID)
	if err != nil {
		return nil, db.Wrap("inspector: credentials", err)
	}
	defer rows.Close()
	var out []credential
	for rows.Next() {
		var c credential
		var files string
		if err := rows.Scan(&c.caregiverID, &c.Type, &c.Name, &c.IssueDate, &c.ExpiryDate, &files); err != nil {
			return nil, db.Wrap("inspector: credentials", err)
		}
		c.Files = []shared.InspectorFile{}
		_ = json.Unmarshal([]byte(files), &c.fileIDs)
		out = append(out, c)
	}
	return out, db.Wrap("inspector: credentials", rows.Err())
}

// fileNames are the names of the home's live files among ids.
func (s *Service) fileNames(ctx context.Context, tenantID string, ids []string) (map[string]string, error) {
	out := map[string]string{}
	if len(ids) == 0 {
		return out, nil
	}
	marks, args := db.In(ids)
	rows, err := s.DB.QueryContext(ctx, `SELECT id, name FROM files WHERE tenant_id = ? AND deleted_at IS NULL AND id IN (`+marks+`)`,
		append([]any{tenantID}, args...)...)
	if err != nil {
		return nil, db.Wrap("inspector: file names", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id, name string
		if err := rows.Scan(&id, &name); err != nil {
			return nil, db.Wrap("inspector: file names", err)
		}
		out[id] = name
	}
	return out, db.Wrap("inspector: file names", rows.Err())
}

// Documents is listInspectorDocuments: every version of the home's facility
// documents by category, newest first (area FACILITY_DOCS).
func (s *Service) Documents(ctx context.Context, p *auth.Principal) ([]shared.InspectorDocument, error) {
	l, err := s.sharing(ctx, p, shared.InspectorAreaDocuments)
	if err != nil {
		return nil, err
	}
	rows, err := s.DB.QueryContext(ctx, `SELECT d.category, d.name, d.version, d.valid_from, d.expires_on, d.uploaded_on, f.id, f.name
		FROM facility_documents d JOIN files f ON f.id = d.file_id AND f.tenant_id = d.tenant_id
		WHERE d.tenant_id = ? ORDER BY d.category, d.name, d.version DESC, d.id LIMIT ?`, l.TenantID, shared.InspectorListMax)
	if err != nil {
		return nil, db.Wrap("inspector: documents", err)
	}
	defer rows.Close()
	out := []shared.InspectorDocument{}
	for rows.Next() {
		var d shared.InspectorDocument
		if err := rows.Scan(&d.Category, &d.Name, &d.Version, &d.ValidFrom, &d.ExpiresOn, &d.UploadedOn, &d.File.ID, &d.File.Name); err != nil {
			return nil, db.Wrap("inspector: documents", err)
		}
		d.File.What = string(d.Category)
		out = append(out, d)
	}
	if err := rows.Err(); err != nil {
		return nil, db.Wrap("inspector: documents", err)
	}
	return out, s.seen(ctx, p, l, "inspector.view", shared.InspectorAreaDocuments, "documents", "", "")
}

// fileArea is the shared area a file of the home belongs to: a resident's
// file, a credential's file or a facility document ("" when none the link shares).
func (s *Service) fileArea(ctx context.Context, l *link, fileID string) (shared.InspectorArea, error) {
	var n int
	if l.shares(shared.InspectorAreaResidents) {
		if err := s.DB.QueryRowContext(ctx, `SELECT COUNT(*) FROM resident_files WHERE tenant_id = ? AND file_id = ?`, l.TenantID, fileID).Scan(&n); err != nil {
			return "", db.Wrap("inspector: file area", err)
		}
		if n > 0 {
			return shared.InspectorAreaResidents, nil
		}
	}
	if l.shares(shared.InspectorAreaDocuments) {
		if err := s.DB.QueryRowContext(ctx, `SELECT COUNT(*) FROM facility_documents WHERE tenant_id = ? AND file_id = ?`, l.TenantID, fileID).Scan(&n); err != nil {
			return "", db.Wrap("inspector: file area", err)
		}
		if n > 0 {
			return shared.InspectorAreaDocuments, nil
		}
	}
	if l.shares(shared.InspectorAreaStaff) {
		if err := s.DB.QueryRowContext(ctx, `SELECT COUNT(*) FROM caregiver_credentials WHERE tenant_id = ? AND deleted_at IS NULL AND file_ids LIKE ?`,
			l.TenantID, `%"`+fileID+`"%`).Scan(&n); err != nil {
			return "", db.Wrap("inspector: file area", err)
		}
		if n > 0 {
			return shared.InspectorAreaStaff, nil
		}
	}
	return "", nil
}

// Download is downloadInspectorFile: a file of a shared area, when the link
// allows downloads (4003 otherwise; 4004 for a file outside what is shared).
func (s *Service) Download(ctx context.Context, p *auth.Principal, fileID string) (*web.File, error) {
	l, err := s.grant(ctx, p)
	if err != nil {
		return nil, err
	}
	if !l.Downloads {
		return nil, ErrNoDownloads
	}
	fileID = strings.TrimSpace(fileID)
	if strings.ContainsAny(fileID, `%_"\`) {
		return nil, problem.NotFound
	}
	area, err := s.fileArea(ctx, l, fileID)
	if err != nil {
		return nil, err
	}
	if area == "" {
		return nil, problem.NotFound
	}
	item, rc, size, err := s.Files.OpenAuthorised(ctx, l.TenantID, fileID, 0, 0)
	if err != nil {
		return nil, err
	}
	if err := s.seen(ctx, p, l, "inspector.download", area, "download", fileID, item.Name); err != nil {
		rc.Close()
		return nil, err
	}
	return &web.File{Name: item.Name, ContentType: item.ContentType, Size: size, Body: rc}, nil
}
