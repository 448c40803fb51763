package resident

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/upload"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// Every facility role reads: caregivers read residents, contacts and
// documents (spec 000 §2 caregiver /resident and /resident/detail).
//
// readFunctions: each role reads under its own menu's function (spec 000 §6):
// caregivers CaregiverResidents, owners and admins ResidentManagement.
var readFunctions = map[shared.Role]string{shared.RoleCaregiverStaff: shared.FnCaregiverResidents}

// uploadForm is the multipart body of /resident/uploadResidentFiles.
type uploadForm struct {
	ResidentID string              `form:"residentId" maxLength:"64"`
	Category   shared.FileCategory `form:"category" enum:"CARE_PLAN,ASSESSMENT,MEDICAL_RECORD,PHYSICIAN_ORDER,INSURANCE,IDENTIFICATION,OTHER"`
	Files      []huma.FormFile     `form:"files" required:"false" doc:"One or more PDF, JPEG or PNG files (decided by content); all are stored or none"`
}

type uploadInput struct {
	RawBody huma.MultipartFormFiles[uploadForm]
}

// Routes mounts the resident calls (spec 001 §7.6, §7.7 contacts) under the care service.
// maxUploadBytes bounds an upload request (the file service's limits).
func Routes(api *web.API, s *Service, maxUploadBytes int64) {
	write := func(method, path, summary string) web.Op {
		return web.Op{Service: web.Care, Method: method, Path: path, Summary: summary, Access: web.SignedIn,
			Roles: shared.FacilityManagers, Function: shared.FnResidentManagement}
	}
	read := func(method, path, summary string) web.Op {
		return web.Op{Service: web.Care, Method: method, Path: path, Summary: summary, Access: web.SignedIn,
			Roles: shared.EveryFacilityRole, Function: shared.FnResidentManagement, RoleFunctions: readFunctions}
	}

	web.HandleAnswer(api, read(http.MethodPost, "/resident/listResidentByPage", "Residents by name; moved-out and deceased only when the status filter asks"),
		func(ctx context.Context, in *web.Body[shared.OptionPageRequest[shared.ResidentFilter]]) (*web.Answer[*shared.Page[shared.Resident]], error) {
			return s.ListAnswer(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, read(http.MethodGet, "/resident/getResidentById", "One resident with photo and emergency contact"),
		func(ctx context.Context, in *shared.ResidentIDQuery) (*shared.Resident, error) {
			return s.Get(ctx, auth.From(ctx), in.ResidentID)
		})
	web.HandleFile(api, write(http.MethodGet, "/resident/auditExport", "The audit trail of one resident (its record and its records') in a period as CSV (at most report.printMaxRecords rows; 4022 above it)"),
		func(ctx context.Context, in *shared.ResidentAuditExportQuery) (*web.File, error) {
			return s.AuditExport(ctx, auth.From(ctx), *in)
		})
	web.Handle(api, write(http.MethodPost, "/resident/createResident", "Add a resident (7002 beyond the plan's maximum)"),
		func(ctx context.Context, in *web.Body[shared.SaveResidentRequest]) (*shared.Resident, error) {
			return s.Create(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, write(http.MethodPost, "/resident/updateResident", "Replace a resident's profile (refused once moved out or deceased)"),
		func(ctx context.Context, in *web.Body[shared.SaveResidentRequest]) (*shared.Resident, error) {
			return s.Update(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, write(http.MethodPost, "/resident/goingOut", "NORMAL → GOING_OUT until a return date in the future"),
		func(ctx context.Context, in *web.Body[shared.GoingOutRequest]) (*shared.Resident, error) {
			return s.GoingOut(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, write(http.MethodGet, "/resident/returnFacility", "GOING_OUT → NORMAL"),
		func(ctx context.Context, in *shared.ResidentIDQuery) (*shared.Resident, error) {
			return s.ReturnFacility(ctx, auth.From(ctx), in.ResidentID)
		})
	web.Handle(api, write(http.MethodGet, "/resident/deceased", "→ DECEASED (final; the name must be retyped)"),
		func(ctx context.Context, in *shared.DeceasedQuery) (*shared.Resident, error) {
			return s.Deceased(ctx, auth.From(ctx), *in)
		})
	web.Handle(api, write(http.MethodPost, "/resident/moveOut", "→ MOVED_OUT with a destination (final; the name must be retyped)"),
		func(ctx context.Context, in *web.Body[shared.MoveOutRequest]) (*shared.Resident, error) {
			return s.MoveOut(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, read(http.MethodGet, "/resident/getCarePlanUpdateTime", "When the care plan was last updated and is next due (12 months)"),
		func(ctx context.Context, in *shared.ResidentIDQuery) (*shared.CarePlanUpdateTime, error) {
			return s.CarePlanUpdateTime(ctx, auth.From(ctx), in.ResidentID)
		})
	web.Handle(api, write(http.MethodPost, "/resident/saveCarePlanUpdateTime", "Record when the care plan was last updated"),
		func(ctx context.Context, in *web.Body[shared.SaveCarePlanUpdateTimeRequest]) (*shared.CarePlanUpdateTime, error) {
			return s.SaveCarePlanUpdateTime(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, read(http.MethodGet, "/resident/getDashboardData", "Residents by status and occupied rooms"),
		func(ctx context.Context, _ *web.None) (*shared.ResidentDashboard, error) {
			return s.Dashboard(ctx, auth.From(ctx))
		})
	web.Handle(api, read(http.MethodGet, "/resident/listResidentFiles", "A resident's documents, newest first, optionally of one category"),
		func(ctx context.Context, in *shared.ResidentFilesQuery) ([]shared.ResidentFile, error) {
			return s.Files(ctx, auth.From(ctx), in.ResidentID, in.Category)
		})
	uploadOp := write(http.MethodPost, "/resident/uploadResidentFiles", "Upload documents for a resident (multipart residentId, category, files); all or none")
	uploadOp.MaxBodyBytes = maxUploadBytes
	web.Handle(api, uploadOp, func(ctx context.Context, in *uploadInput) ([]shared.ResidentFile, error) {
		form := in.RawBody.Data()
		defer upload.CloseAll(form.Files...)
		return s.UploadFiles(ctx, auth.From(ctx), form.ResidentID, form.Category, upload.FromForm(form.Files))
	})

	web.Handle(api, write(http.MethodGet, "/resident/deleteResidentFile", "Remove a document uploaded by mistake (kept in the record as deleted)"),
		func(ctx context.Context, in *shared.ResidentFileQuery) (*struct{}, error) {
			return nil, s.DeleteFile(ctx, auth.From(ctx), in.ResidentID, in.FileID)
		})

	web.Handle(api, read(http.MethodPost, "/residentContact/listContactByPage", "A resident's contacts by group (emergency, provider, family and friends, other)"),
		func(ctx context.Context, in *web.Body[shared.PageRequest[shared.ContactFilter]]) (*shared.Page[shared.ResidentContact], error) {
			return s.Contacts(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, write(http.MethodPost, "/residentContact/save", "Add a contact, or with contactId change one"),
		func(ctx context.Context, in *web.Body[shared.SaveContactRequest]) (*shared.ResidentContact, error) {
			return s.SaveContact(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, write(http.MethodGet, "/residentContact/delete", "Remove a contact (kept in the record as deleted)"),
		func(ctx context.Context, in *shared.ContactIDQuery) (*struct{}, error) {
			return nil, s.DeleteContact(ctx, auth.From(ctx), in.ContactID)
		})

	checkInRoutes(api, s, maxUploadBytes) // the move-in wizard (checkin_http.go)
}
