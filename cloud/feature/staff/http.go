package staff

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/upload"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// credentialForm is the multipart body of uploadCaregiverFiles (the fields of
// shared.CaregiverCredentialFields plus the files).
type credentialForm struct {
	Files          []huma.FormFile `form:"files" required:"false" doc:"One to five PDF, JPEG or PNG files (decided by content)"`
	CaregiverID    string          `form:"caregiverId" required:"false" maxLength:"64"`
	CredentialType string          `form:"credentialType" required:"false" maxLength:"64"`
	Name           string          `form:"name" required:"false" maxLength:"100"`
	IssueDate      string          `form:"issueDate" format:"date-or-empty" required:"false" maxLength:"10" doc:"YYYY-MM-DD"`
	ExpiryDate     string          `form:"expiryDate" format:"date-or-empty" required:"false" maxLength:"10" doc:"YYYY-MM-DD"`
	CEHours        float64         `form:"ceHours" required:"false" doc:"Continuing-education hours, 0 to 100"`
}

type credentialInput struct {
	RawBody huma.MultipartFormFiles[credentialForm]
}

// Routes mounts the caregiver calls (spec 001 §7.8) under the care service.
// Staff management is plan function StaffManagement (every plan has it); the
// caregiver's own profile, records and checklist are /your-status's
// (YourStatus); the option list and the sidebar count serve every page.
func Routes(api *web.API, s *Service, uploadLimit int64) {
	op := func(method, path, summary, fn string, roles ...shared.Role) web.Op {
		return web.Op{Service: web.Care, Method: method, Path: "/caregiver" + path, Summary: summary,
			Access: web.SignedIn, Roles: roles, Function: fn}
	}
	mgmt := func(method, path, summary string, roles ...shared.Role) web.Op {
		return op(method, path, summary, shared.FnStaffManagement, roles...)
	}

	web.Handle(api, mgmt(http.MethodPost, "/save", "Add a staff member: the account (unverified), membership and profile; e-mails the invite", shared.FacilityManagers...),
		func(ctx context.Context, in *web.Body[shared.SaveCaregiverRequest]) (*shared.Caregiver, error) {
			return s.Save(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, mgmt(http.MethodPost, "/update", "Edit a staff member's profile", shared.FacilityManagers...),
		func(ctx context.Context, in *web.Body[shared.UpdateCaregiverRequest]) (*shared.Caregiver, error) {
			return s.Update(ctx, auth.From(ctx), in.Body)
		})
	web.HandleAnswer(api, mgmt(http.MethodPost, "/listCaregiverByPage", "The facility's staff by name, with credential warnings", shared.FacilityManagers...),
		func(ctx context.Context, in *web.Body[shared.PageRequest[shared.CaregiverFilter]]) (*web.Answer[*shared.Page[shared.Caregiver]], error) {
			return s.ListAnswer(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, op(http.MethodPost, "/listCaregiverBaseInfoByPage", "Staff names and colours for pickers (size up to 9999)", web.AnyPlan, shared.EveryFacilityRole...),
		func(ctx context.Context, in *web.Body[shared.OptionPageRequest[shared.CaregiverFilter]]) (*shared.Page[shared.CaregiverBaseInfo], error) {
			return s.Options(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, mgmt(http.MethodGet, "/getCaregiverById", "One staff member", shared.FacilityManagers...),
		func(ctx context.Context, in *shared.CaregiverIDQuery) (*shared.Caregiver, error) {
			return s.Get(ctx, auth.From(ctx), in.CaregiverID)
		})
	web.Handle(api, mgmt(http.MethodGet, "/delete", "End a staff member's employment (kept as deleted; sign-ins end)", shared.FacilityManagers...),
		func(ctx context.Context, in *shared.CaregiverIDQuery) (*struct{}, error) {
			return nil, s.Delete(ctx, auth.From(ctx), in.CaregiverID)
		})
	web.Handle(api, mgmt(http.MethodGet, "/enabled", "Reactivate a staff member", shared.FacilityManagers...),
		func(ctx context.Context, in *shared.CaregiverIDQuery) (*struct{}, error) {
			return nil, s.SetEnabled(ctx, auth.From(ctx), in.CaregiverID, true)
		})
	web.Handle(api, mgmt(http.MethodGet, "/disabled", "Suspend a staff member; their sign-ins end at once", shared.FacilityManagers...),
		func(ctx context.Context, in *shared.CaregiverIDQuery) (*struct{}, error) {
			return nil, s.SetEnabled(ctx, auth.From(ctx), in.CaregiverID, false)
		})
	web.Handle(api, mgmt(http.MethodGet, "/changeRoleType", "Promote to FACILITY_ADMIN or demote to CAREGIVER_STAFF (owner only)", shared.FacilityOwners...),
		func(ctx context.Context, in *shared.ChangeRoleTypeQuery) (*shared.Caregiver, error) {
			return s.ChangeRole(ctx, auth.From(ctx), in.CaregiverID, in.RoleType)
		})
	web.Handle(api, mgmt(http.MethodPost, "/checkSystemColor", "Is this colour used by another staff member? (false = free)", shared.FacilityManagers...),
		func(ctx context.Context, in *web.Body[shared.CheckColorRequest]) (bool, error) {
			return s.ColorTaken(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, op(http.MethodGet, "/countExpiredCertificateFile", "Overdue credential items: the shared.EveryFacilityRole's (owner, admin) or your own (caregiver)", web.AnyPlan, shared.EveryFacilityRole...),
		func(ctx context.Context, _ *web.None) (int, error) {
			return s.CountOverdue(ctx, auth.From(ctx))
		})

	uploadOp := mgmt(http.MethodPost, "/uploadCaregiverFiles", "Add a certificate or CE record with its files (multipart)", shared.FacilityManagers...)
	uploadOp.MaxBodyBytes = uploadLimit
	web.Handle(api, uploadOp, func(ctx context.Context, in *credentialInput) (*shared.CaregiverFile, error) {
		form := in.RawBody.Data()
		defer upload.CloseAll(form.Files...)
		return s.Upload(ctx, auth.From(ctx), CredentialUpload{Files: upload.FromForm(form.Files), CaregiverCredentialFields: shared.CaregiverCredentialFields{
			CaregiverID: form.CaregiverID, CredentialType: shared.CredentialType(form.CredentialType), Name: form.Name,
			IssueDate: form.IssueDate, ExpiryDate: form.ExpiryDate, CEHours: form.CEHours}})
	})
	web.Handle(api, mgmt(http.MethodGet, "/listCaregiverFiles", "A staff member's certificate and CE records with their files", shared.FacilityManagers...),
		func(ctx context.Context, in *shared.CaregiverFilesQuery) ([]shared.CaregiverFile, error) {
			return s.Files(ctx, auth.From(ctx), in.CaregiverID, in.CredentialType)
		})
	web.Handle(api, mgmt(http.MethodGet, "/getCaregiverFileInspections", "A staff member's credential checklist: due, expiring soon, overdue", shared.FacilityManagers...),
		func(ctx context.Context, in *shared.CaregiverIDQuery) (*shared.CaregiverInspections, error) {
			return s.Inspections(ctx, auth.From(ctx), in.CaregiverID)
		})

	// The caregiver's own (/your-status): no id is taken, the token says whose.
	self := func(path, summary string) web.Op {
		return op(http.MethodGet, path, summary, shared.FnYourStatus, shared.Caregivers...)
	}
	web.Handle(api, self("/getMyProfile", "Your own staff profile"),
		func(ctx context.Context, _ *web.None) (*shared.Caregiver, error) {
			return s.Mine(ctx, auth.From(ctx))
		})
	web.Handle(api, self("/listMyFiles", "Your own certificate and CE records"),
		func(ctx context.Context, _ *web.None) ([]shared.CaregiverFile, error) {
			return s.MyFiles(ctx, auth.From(ctx))
		})
	web.Handle(api, self("/getMyFileInspections", "Your own credential checklist"),
		func(ctx context.Context, _ *web.None) (*shared.CaregiverInspections, error) {
			return s.MyInspections(ctx, auth.From(ctx))
		})
}

// BodyLimit bounds an uploadCaregiverFiles request: five files at the per-file limit, plus room for the form.
func BodyLimit(l upload.Limits) int64 {
	const ceiling = 1 << 30
	if l.MaxFileBytes <= 0 {
		return ceiling
	}
	return min(ceiling, l.MaxFileBytes*shared.CredentialMaxFiles+1<<20)
}
