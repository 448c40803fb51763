package resident

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/people"
	"hearth/shared"
)

// Store is the SQL of residents, their contacts and their documents. Every
// method takes the querier so the caller chooses the transaction, and every
// query names the tenant, which the service takes from the token.
type Store struct{}

// row is a residents row.
type row struct {
	ID, TenantID                       string
	FirstName, LastName, PreferredName string
	DOB                                string
	Gender                             shared.Gender
	Room, Phone                        string
	Language                           shared.ResidentLanguage
	LanguageOther                      string
	Height                             sql.NullFloat64
	HeightUnit                         shared.HeightUnit
	Weight                             sql.NullFloat64
	WeightUnit                         shared.WeightUnit
	Allergies                          string
	DNR                                shared.DNR
	Diagnoses, Diet, Mobility, Hygiene string
	Toileting, Hearing, Vision         string
	Physician, Pharmacy                shared.CareProvider
	PersonalBackground, Preferences    string
	MoveInDate                         string
	AvatarFileID                       sql.NullString
	Status                             shared.ResidentStatus
	ReturnDate                         sql.NullInt64
	GoingOutReason                     string
	MoveOutDestination                 shared.MoveOutDestination
	DestinationOther                   string
	StatusAt                           int64
	CarePlanUpdatedAt                  sql.NullInt64
	CreatedBy                          sql.NullString
	CreatedAt, UpdatedAt               int64
}

func (r *row) name() string { return r.FirstName + " " + r.LastName }

// nameKey is what the name filter searches: every name, lower-cased in Go
// (SQLite's LOWER knows only ASCII).
func nameKey(r *row) string {
	return strings.ToLower(strings.Join([]string{r.FirstName, r.LastName, r.PreferredName, r.FirstName + " " + r.LastName}, "\n"))
}

const residentColumns = `id, tenant_id, first_name, last_name, preferred_name, dob, gender, room, phone, language, language_other,
	height, height_unit, weight, weight_unit, allergies, dnr, diagnoses, diet, mobility, hygiene, toileting, hearing, vision,
	physician, pharmacy, personal_background, preferences, move_in_date, avatar_file_id, status, return_date, going_out_reason,
	move_out_destination, destination_other, status_at, care_plan_updated_at, created_by, created_at, updated_at`

func scanResident(sc interface{ Scan(...any) error }) (*row, error) {
	var r row
	var physician, pharmacy string
	err := sc.Scan(&r.ID, &r.TenantID, &r.FirstName, &r.LastName, &r.PreferredName, &r.DOB, &r.Gender, &r.Room, &r.Phone,
		&r.Language, &r.LanguageOther, &r.Height, &r.HeightUnit, &r.Weight, &r.WeightUnit, &r.Allergies, &r.DNR, &r.Diagnoses,
		&r.Diet, &r.Mobility, &r.Hygiene, &r.Toileting, &r.Hearing, &r.Vision, &physician, &pharmacy, &r.PersonalBackground,
		&r.Preferences, &r.MoveInDate, &r.AvatarFileID, &r.Status, &r.ReturnDate, &r.GoingOutReason, &r.MoveOutDestination,
		&r.DestinationOther, &r.StatusAt, &r.CarePlanUpdatedAt, &r.CreatedBy, &r.CreatedAt, &r.UpdatedAt)
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal([]byte(physician), &r.Physician); err != nil {
		return nil, fmt.Errorf("stored physician of %s: %w", r.ID, err)
	}
	if err := json.Unmarshal([]byte(pharmacy), &r.Pharmacy); err != nil {
		return nil, fmt.Errorf("stored pharmacy of %s: %w", r.ID, err)
	}
	return &r, nil
}

func providerJSON(p shared.CareProvider) string {
	b, _ := json.Marshal(p)
	return string(b)
}

// notCancelled leaves out the residents of abandoned move-ins (cancelCheckIn):
// kept on record, found by no call and listed nowhere.
const notCancelled = ` AND NOT EXISTS (SELECT 1 FROM resident_move_ins m
	WHERE m.resident_id = residents.id AND m.cancelled_at IS NOT NULL)`

// Get finds a resident of tenantID: db.ErrNotFound if none, or if its move-in was cancelled.
func (Store) Get(ctx context.Context, q db.Querier, tenantID, id string) (*row, error) {
	r, err := scanResident(q.QueryRowContext(ctx, `SELECT `+residentColumns+` FROM residents WHERE tenant_id = ? AND id = ?`+notCancelled,
		tenantID, id))
	if err != nil {
		return nil, db.NotFound("resident: get", err)
	}
	return r, nil
}

// Insert adds a resident.
func (Store) Insert(ctx context.Context, q db.Querier, r *row) error {
	_, err := q.ExecContext(ctx, `INSERT INTO residents (`+residentColumns+`, name_key, room_key)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.ID, r.TenantID, r.FirstName, r.LastName, r.PreferredName, r.DOB, string(r.Gender), r.Room, r.Phone, string(r.Language),
		r.LanguageOther, r.Height, string(r.HeightUnit), r.Weight, string(r.WeightUnit), r.Allergies, string(r.DNR), r.Diagnoses,
		r.Diet, r.Mobility, r.Hygiene, r.Toileting, r.Hearing, r.Vision, providerJSON(r.Physician), providerJSON(r.Pharmacy),
		r.PersonalBackground, r.Preferences, r.MoveInDate, r.AvatarFileID, string(r.Status), r.ReturnDate, r.GoingOutReason,
		string(r.MoveOutDestination), r.DestinationOther, r.StatusAt, r.CarePlanUpdatedAt, r.CreatedBy, r.CreatedAt, r.UpdatedAt,
		nameKey(r), strings.ToLower(r.Room))
	return db.Wrap("resident: insert", err)
}

// UpdateProfile replaces a resident's care data while its status is still
// one of editable; false when it changed meanwhile (moved out, deceased).
func (Store) UpdateProfile(ctx context.Context, q db.Querier, r *row, editable []shared.ResidentStatus) (bool, error) {
	in, args := statusIn(editable)
	res, err := q.ExecContext(ctx, `UPDATE residents SET first_name = ?, last_name = ?, preferred_name = ?, name_key = ?, dob = ?,
		gender = ?, room = ?, room_key = ?, phone = ?, language = ?, language_other = ?, height = ?, height_unit = ?, weight = ?,
		weight_unit = ?, allergies = ?, dnr = ?, diagnoses = ?, diet = ?, mobility = ?, hygiene = ?, toileting = ?, hearing = ?,
		vision = ?, physician = ?, pharmacy = ?, personal_background = ?, preferences = ?, move_in_date = ?, avatar_file_id = ?,
		updated_at = ?
		WHERE tenant_id = ? AND id = ? AND status IN (`+in+`)`,
		append([]any{r.FirstName, r.LastName, r.PreferredName, nameKey(r), r.DOB, string(r.Gender), r.Room, strings.ToLower(r.Room),
			r.Phone, string(r.Language), r.LanguageOther, r.Height, string(r.HeightUnit), r.Weight, string(r.WeightUnit), r.Allergies,
			string(r.DNR), r.Diagnoses, r.Diet, r.Mobility, r.Hygiene, r.Toileting, r.Hearing, r.Vision, providerJSON(r.Physician),
			providerJSON(r.Pharmacy), r.PersonalBackground, r.Preferences, r.MoveInDate, r.AvatarFileID, r.UpdatedAt,
			r.TenantID, r.ID}, args...)...)
	return db.Affected(res, err)
}

// SetStatus moves a resident from status from to r's status and status
// fields; false when it was no longer in from (another change won).
func (Store) SetStatus(ctx context.Context, q db.Querier, r *row, from shared.ResidentStatus) (bool, error) {
	res, err := q.ExecContext(ctx, `UPDATE residents SET status = ?, return_date = ?, going_out_reason = ?, move_out_destination = ?,
		destination_other = ?, status_at = ?, updated_at = ?
		WHERE tenant_id = ? AND id = ? AND status = ?`,
		string(r.Status), r.ReturnDate, r.GoingOutReason, string(r.MoveOutDestination), r.DestinationOther, r.StatusAt, r.UpdatedAt,
		r.TenantID, r.ID, string(from))
	return db.Affected(res, err)
}

// SetCarePlanUpdated records when the care plan was last updated, while the
// status is one of editable.
func (Store) SetCarePlanUpdated(ctx context.Context, q db.Querier, tenantID, id string, at, now int64, editable []shared.ResidentStatus) (bool, error) {
	in, args := statusIn(editable)
	res, err := q.ExecContext(ctx, `UPDATE residents SET care_plan_updated_at = ?, updated_at = ?
		WHERE tenant_id = ? AND id = ? AND status IN (`+in+`)`, append([]any{at, now, tenantID, id}, args...)...)
	return db.Affected(res, err)
}

func statusIn(statuses []shared.ResidentStatus) (string, []any) {
	values := make([]string, len(statuses))
	for i, s := range statuses {
		values[i] = string(s)
	}
	return db.In(values)
}

// listQuery is a resident list's filter, already resolved to statuses.
type listQuery struct {
	tenantID string
	statuses []shared.ResidentStatus
	name     string // lower case; contained in name_key
	room     string // lower case; equal to room_key
}

func (lq listQuery) where() (string, []any) {
	in, args := statusIn(lq.statuses)
	w := ` WHERE tenant_id = ? AND status IN (` + in + `)`
	args = append([]any{lq.tenantID}, args...)
	if slices.Contains(lq.statuses, shared.ResidentMovingIn) {
		w += notCancelled // only a move-in can be cancelled
	}
	if lq.name != "" {
		w += ` AND ` + db.Like("name_key")
		args = append(args, db.Contains(lq.name))
	}
	if lq.room != "" {
		w += ` AND room_key = ?`
		args = append(args, lq.room)
	}
	return w, args
}

// List answers one page of residents, by last then first name, and the total.
func (Store) List(ctx context.Context, q db.Querier, lq listQuery, limit, offset int) ([]row, int64, error) {
	w, args := lq.where()
	var total int64
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM residents`+w, args...).Scan(&total); err != nil {
		return nil, 0, db.Wrap("resident: list", err)
	}
	rows, err := q.QueryContext(ctx, `SELECT `+residentColumns+` FROM residents`+w+
		` ORDER BY last_name, first_name, id LIMIT ? OFFSET ?`, append(args, limit, offset)...)
	if err != nil {
		return nil, 0, db.Wrap("resident: list", err)
	}
	defer rows.Close()
	var out []row
	for rows.Next() {
		r, err := scanResident(rows)
		if err != nil {
			return nil, 0, db.Wrap("resident: list", err)
		}
		out = append(out, *r)
	}
	return out, total, db.Wrap("resident: list", rows.Err())
}

// CountByStatus counts a facility's residents per status.
func (Store) CountByStatus(ctx context.Context, q db.Querier, tenantID string) (map[shared.ResidentStatus]int, error) {
	rows, err := q.QueryContext(ctx, `SELECT status, COUNT(*) FROM residents WHERE tenant_id = ? GROUP BY status`, tenantID)
	if err != nil {
		return nil, db.Wrap("resident: count by status", err)
	}
	defer rows.Close()
	out := map[shared.ResidentStatus]int{}
	for rows.Next() {
		var s shared.ResidentStatus
		var n int
		if err := rows.Scan(&s, &n); err != nil {
			return nil, db.Wrap("resident: count by status", err)
		}
		out[s] = n
	}
	return out, db.Wrap("resident: count by status", rows.Err())
}

// CountActive counts a facility's residents who count against the plan (NORMAL and GOING_OUT).
func (Store) CountActive(ctx context.Context, q db.Querier, tenantID string) (int, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM residents WHERE tenant_id = ? AND status IN (?, ?)`,
		tenantID, string(shared.ResidentNormal), string(shared.ResidentGoingOut)).Scan(&n)
	return n, db.Wrap("resident: count active", err)
}

// contactRow is a resident_contacts row.
type contactRow struct {
	ID, TenantID, ResidentID string
	Group                    shared.ContactGroup
	Name, Phone, Address     string
	Role, Email, Fax         string
	Relationship             string
	CreatedAt, UpdatedAt     int64
}

const contactColumns = `id, tenant_id, resident_id, contact_group, name, phone, address, role, email, fax, relationship, created_at, updated_at`

func scanContact(sc interface{ Scan(...any) error }) (*contactRow, error) {
	var c contactRow
	err := sc.Scan(&c.ID, &c.TenantID, &c.ResidentID, &c.Group, &c.Name, &c.Phone, &c.Address, &c.Role, &c.Email, &c.Fax,
		&c.Relationship, &c.CreatedAt, &c.UpdatedAt)
	if err != nil {
		return nil, err
	}
	return &c, nil
}

// Contact finds a contact of tenantID that is not deleted (db.ErrNotFound if none).
func (Store) Contact(ctx context.Context, q db.Querier, tenantID, id string) (*contactRow, error) {
	c, err := scanContact(q.QueryRowContext(ctx, `SELECT `+contactColumns+` FROM resident_contacts
		WHERE tenant_id = ? AND id = ? AND deleted_at IS NULL`, tenantID, id))
	if err != nil {
		return nil, db.NotFound("resident: contact", err)
	}
	return c, nil
}

// InsertContact adds a contact.
func (Store) InsertContact(ctx context.Context, q db.Querier, c *contactRow) error {
	_, err := q.ExecContext(ctx, `INSERT INTO resident_contacts (`+contactColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		c.ID, c.TenantID, c.ResidentID, string(c.Group), c.Name, c.Phone, c.Address, c.Role, c.Email, c.Fax, c.Relationship,
		c.CreatedAt, c.UpdatedAt)
	return db.Wrap("resident: insert contact", err)
}

// UpdateContact changes a contact that is not deleted; false when it is.
func (Store) UpdateContact(ctx context.Context, q db.Querier, c *contactRow) (bool, error) {
	res, err := q.ExecContext(ctx, `UPDATE resident_contacts SET contact_group = ?, name = ?, phone = ?, address = ?, role = ?,
		email = ?, fax = ?, relationship = ?, updated_at = ?
		WHERE tenant_id = ? AND id = ? AND deleted_at IS NULL`,
		string(c.Group), c.Name, c.Phone, c.Address, c.Role, c.Email, c.Fax, c.Relationship, c.UpdatedAt, c.TenantID, c.ID)
	return db.Affected(res, err)
}

// DeleteContact marks a contact deleted (the row is kept with the record); false when it already was.
func (Store) DeleteContact(ctx context.Context, q db.Querier, tenantID, id string, now int64) (bool, error) {
	res, err := q.ExecContext(ctx, `UPDATE resident_contacts SET deleted_at = ?, updated_at = ?
		WHERE tenant_id = ? AND id = ? AND deleted_at IS NULL`, now, now, tenantID, id)
	return db.Affected(res, err)
}

// Contacts answers one page of a resident's contacts (group, then oldest
// first) and the total; group "" is every group.
func (Store) Contacts(ctx context.Context, q db.Querier, tenantID, residentID string, group shared.ContactGroup, limit, offset int) ([]contactRow, int64, error) {
	w := ` WHERE tenant_id = ? AND resident_id = ? AND deleted_at IS NULL`
	args := []any{tenantID, residentID}
	if group != "" {
		w += ` AND contact_group = ?`
		args = append(args, string(group))
	}
	var total int64
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM resident_contacts`+w, args...).Scan(&total); err != nil {
		return nil, 0, db.Wrap("resident: contacts", err)
	}
	// Groups in the spec's order (000 §3 "Contact"), not alphabetically.
	rows, err := q.QueryContext(ctx, `SELECT `+contactColumns+` FROM resident_contacts`+w+`
		ORDER BY CASE contact_group WHEN 'EMERGENCY' THEN 0 WHEN 'PROVIDER' THEN 1 WHEN 'FAMILY_FRIENDS' THEN 2 ELSE 3 END,
		created_at, id LIMIT ? OFFSET ?`, append(args, limit, offset)...)
	if err != nil {
		return nil, 0, db.Wrap("resident: contacts", err)
	}
	defer rows.Close()
	var out []contactRow
	for rows.Next() {
		c, err := scanContact(rows)
		if err != nil {
			return nil, 0, db.Wrap("resident: contacts", err)
		}
		out = append(out, *c)
	}
	return out, total, db.Wrap("resident: contacts", rows.Err())
}

// FirstContact is a resident's oldest contact of a group that is not deleted
// (db.ErrNotFound if none): getResidentById's emergency contact, in one query (no count).
func (Store) FirstContact(ctx context.Context, q db.Querier, tenantID, residentID string, group shared.ContactGroup) (*contactRow, error) {
	c, err := scanContact(q.QueryRowContext(ctx, `SELECT `+contactColumns+` FROM resident_contacts
		WHERE tenant_id = ? AND resident_id = ? AND deleted_at IS NULL AND contact_group = ?
		ORDER BY created_at, id LIMIT 1`, tenantID, residentID, string(group)))
	if err != nil {
		return nil, db.NotFound("resident: first contact", err)
	}
	return c, nil
}

// HasFile reports whether fileID is one of the resident's documents in the facility.
func (Store) HasFile(ctx context.Context, q db.Querier, tenantID, residentID, fileID string) (bool, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM resident_files WHERE tenant_id = ? AND resident_id = ? AND file_id = ?`,
		tenantID, residentID, fileID).Scan(&n)
	return n > 0, db.Wrap("resident: has file", err)
}

// fileRow is a resident_files row with its uploader's name.
type fileRow struct {
	FileID, TenantID, ResidentID string
	Category                     shared.FileCategory
	UploaderID, UploaderName     string
	CreatedAt                    int64
	MoveInStep                   shared.CheckInStep // the wizard step it was uploaded in; "" outside the wizard
}

// InsertFile links an uploaded file to a resident.
func (Store) InsertFile(ctx context.Context, q db.Querier, f fileRow) error {
	step := db.NullString(string(f.MoveInStep))
	_, err := q.ExecContext(ctx, `INSERT INTO resident_files (file_id, tenant_id, resident_id, category, uploader_id, created_at, move_in_step)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, f.FileID, f.TenantID, f.ResidentID, string(f.Category), f.UploaderID, f.CreatedAt, step)
	return db.Wrap("resident: insert file", err)
}

// Files lists a resident's documents, newest first; category "" is every
// category. Deleted files are left out by the file service's Items.
func (st Store) Files(ctx context.Context, q db.Querier, tenantID, residentID string, category shared.FileCategory) ([]fileRow, error) {
	w := ` WHERE rf.tenant_id = ? AND rf.resident_id = ?`
	args := []any{tenantID, residentID}
	if category != "" {
		w += ` AND rf.category = ?`
		args = append(args, string(category))
	}
	return st.files(ctx, q, w, args)
}

// MoveInFiles lists the documents uploaded in a resident's move-in wizard, newest first.
func (st Store) MoveInFiles(ctx context.Context, q db.Querier, tenantID, residentID string) ([]fileRow, error) {
	return st.files(ctx, q, ` WHERE rf.tenant_id = ? AND rf.resident_id = ? AND rf.move_in_step IS NOT NULL`, []any{tenantID, residentID})
}

func (Store) files(ctx context.Context, q db.Querier, where string, args []any) ([]fileRow, error) {
	rows, err := q.QueryContext(ctx, `SELECT rf.file_id, rf.tenant_id, rf.resident_id, rf.category, rf.uploader_id, rf.created_at,
		COALESCE(rf.move_in_step, '') FROM resident_files rf`+where+
		` ORDER BY rf.created_at DESC, rf.file_id DESC`, args...)
	if err != nil {
		return nil, db.Wrap("resident: files", err)
	}
	defer rows.Close()
	var out []fileRow
	for rows.Next() {
		var f fileRow
		if err := rows.Scan(&f.FileID, &f.TenantID, &f.ResidentID, &f.Category, &f.UploaderID, &f.CreatedAt,
			&f.MoveInStep); err != nil {
			return nil, db.Wrap("resident: files", err)
		}
		out = append(out, f)
	}
	if err := rows.Err(); err != nil {
		return nil, db.Wrap("resident: files", err)
	}
	uploaders := make([]string, len(out))
	for i, f := range out {
		uploaders[i] = f.UploaderID
	}
	names, err := people.Names(ctx, q, uploaders...)
	if err != nil {
		return nil, fmt.Errorf("resident: files: %w", err)
	}
	for i := range out {
		out[i].UploaderName = names[out[i].UploaderID]
	}
	return out, nil
}

// moveInRow is a resident_move_ins row: a move-in through the wizard.
type moveInRow struct {
	ResidentID, TenantID string
	ProfileSavedAt       int64
	CarePlanSavedAt      sql.NullInt64
	MedicationsSavedAt   sql.NullInt64
	ContactsSavedAt      sql.NullInt64
	CompletedAt          sql.NullInt64
	CancelledAt          sql.NullInt64
	CreatedBy            string
	CreatedAt, UpdatedAt int64
}

// MoveIn finds the move-in of a resident of tenantID (db.ErrNotFound if it did not come through the wizard).
func (Store) MoveIn(ctx context.Context, q db.Querier, tenantID, residentID string) (*moveInRow, error) {
	var m moveInRow
	err := q.QueryRowContext(ctx, `SELECT resident_id, tenant_id, profile_saved_at, care_plan_saved_at, medications_saved_at,
		contacts_saved_at, completed_at, cancelled_at, created_by, created_at, updated_at FROM resident_move_ins WHERE tenant_id = ? AND resident_id = ?`,
		tenantID, residentID).Scan(&m.ResidentID, &m.TenantID, &m.ProfileSavedAt, &m.CarePlanSavedAt, &m.MedicationsSavedAt,
		&m.ContactsSavedAt, &m.CompletedAt, &m.CancelledAt, &m.CreatedBy, &m.CreatedAt, &m.UpdatedAt)
	if err != nil {
		return nil, db.NotFound("resident: move-in", err)
	}
	return &m, nil
}

// InsertMoveIn records the start of a move-in (its profile saved).
func (Store) InsertMoveIn(ctx context.Context, q db.Querier, m *moveInRow) error {
	_, err := q.ExecContext(ctx, `INSERT INTO resident_move_ins (resident_id, tenant_id, profile_saved_at, created_by, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?)`, m.ResidentID, m.TenantID, m.ProfileSavedAt, m.CreatedBy, m.CreatedAt, m.UpdatedAt)
	return db.Wrap("resident: insert move-in", err)
}

// moveInStepColumns are the columns that record when each step was saved.
var moveInStepColumns = map[shared.CheckInStep]string{
	shared.StepProfile: "profile_saved_at", shared.StepCarePlan: "care_plan_saved_at",
	shared.StepMedications: "medications_saved_at", shared.StepContacts: "contacts_saved_at",
}

// MarkStep records that a step of an open move-in was saved; false when it was completed or cancelled meanwhile.
func (Store) MarkStep(ctx context.Context, q db.Querier, tenantID, residentID string, step shared.CheckInStep, now int64) (bool, error) {
	col, ok := moveInStepColumns[step]
	if !ok {
		return false, errors.New("resident: mark step: unknown step " + string(step))
	}
	res, err := q.ExecContext(ctx, `UPDATE resident_move_ins SET `+col+` = ?, updated_at = ?
		WHERE tenant_id = ? AND resident_id = ? AND completed_at IS NULL AND cancelled_at IS NULL`, now, now, tenantID, residentID)
	return db.Affected(res, err)
}

// CompleteMoveIn marks a move-in completed; false when it already was, or was cancelled.
func (Store) CompleteMoveIn(ctx context.Context, q db.Querier, tenantID, residentID, by string, now int64) (bool, error) {
	res, err := q.ExecContext(ctx, `UPDATE resident_move_ins SET completed_at = ?, completed_by = ?, updated_at = ?
		WHERE tenant_id = ? AND resident_id = ? AND completed_at IS NULL AND cancelled_at IS NULL`, now, by, now, tenantID, residentID)
	return db.Affected(res, err)
}

// CancelMoveIn marks an open move-in cancelled, with who and why; false when
// it was completed or cancelled meanwhile.
func (Store) CancelMoveIn(ctx context.Context, q db.Querier, tenantID, residentID, by, reason string, now int64) (bool, error) {
	res, err := q.ExecContext(ctx, `UPDATE resident_move_ins SET cancelled_at = ?, cancelled_by = ?, cancel_reason = ?, updated_at = ?
		WHERE tenant_id = ? AND resident_id = ? AND completed_at IS NULL AND cancelled_at IS NULL`,
		now, by, reason, now, tenantID, residentID)
	return db.Affected(res, err)
}

// TouchMovingIn stamps a resident still moving in as changed; false when the
// resident is no longer MOVING_IN. Cancelling writes this row before the
// move-in's, as completing does (MovedIn, then CompleteMoveIn): on PostgreSQL
// a cancel and a completion at once queue on the resident's row, and the one
// that comes second finds the status or the move-in changed.
func (Store) TouchMovingIn(ctx context.Context, q db.Querier, tenantID, residentID string, now int64) (bool, error) {
	res, err := q.ExecContext(ctx, `UPDATE residents SET updated_at = ? WHERE tenant_id = ? AND id = ? AND status = ?`,
		now, tenantID, residentID, string(shared.ResidentMovingIn))
	return db.Affected(res, err)
}

// MovedIn makes a resident who is moving in NORMAL, with the move-in date;
// false when the resident was no longer moving in (another call won).
func (Store) MovedIn(ctx context.Context, q db.Querier, tenantID, residentID, moveInDate string, now int64) (bool, error) {
	res, err := q.ExecContext(ctx, `UPDATE residents SET status = ?, move_in_date = ?, status_at = ?, updated_at = ?
		WHERE tenant_id = ? AND id = ? AND status = ?`, string(shared.ResidentNormal), moveInDate, now, now, tenantID, residentID,
		string(shared.ResidentMovingIn))
	return db.Affected(res, err)
}
