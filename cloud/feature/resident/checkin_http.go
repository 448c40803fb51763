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

// checkInForm is the multipart body of the move-in steps.
type checkInForm struct {
	Data     string              `form:"data" required:"false" doc:"The step's JSON (shared/checkin.go), checked as the JSON calls check it; required"`
	Category shared.FileCategory `form:"category" required:"false" enum:"CARE_PLAN,ASSESSMENT,MEDICAL_RECORD,PHYSICIAN_ORDER,INSURANCE,IDENTIFICATION,OTHER" doc:"The files' category; default per step: profile ASSESSMENT, care plan CARE_PLAN, eMARs PHYSICIAN_ORDER, contacts OTHER"`
	Files    []huma.FormFile     `form:"files" required:"false" doc:"PDF, JPEG or PNG documents (decided by content), added to the resident's documents; all are stored or none"`
}

type checkInInput struct {
	RawBody huma.MultipartFormFiles[checkInForm]
}

// checkInStep registers one multipart step: "data" is read as T and checked
// like a JSON body of T, then save runs with the files.
func checkInStep[T any](api *web.API, op web.Op, save func(ctx context.Context, p *auth.Principal, data T, up CheckInUpload) (*shared.CheckIn, error)) {
	data := web.NewFormJSON[T](api)
	web.Handle(api, op, func(ctx context.Context, in *checkInInput) (*shared.CheckIn, error) {
		form := in.RawBody.Data()
		defer upload.CloseAll(form.Files...)
		d, err := data.Decode(ctx, "data", form.Data)
		if err != nil {
			return nil, err
		}
		return save(ctx, auth.From(ctx), d, CheckInUpload{Category: form.Category, Files: upload.FromForm(form.Files)})
	})
	data.Document(api, op, "data")
}

// checkInRoutes mounts the move-in wizard (spec 001 §7.6): owners and admins only.
func checkInRoutes(api *web.API, s *Service, maxUploadBytes int64) {
	op := func(method, path, summary string) web.Op {
		return web.Op{Service: web.Care, Method: method, Path: path, Summary: summary, Access: web.SignedIn,
			Roles: shared.FacilityManagers, Function: shared.FnResidentManagement, MaxBodyBytes: maxUploadBytes}
	}
	checkInStep(api, op(http.MethodPost, "/resident/createResidentForCheckIn",
		"Move-in confirm and profile steps (multipart data: CheckInResidentData, files): starts a MOVING_IN resident (7002 beyond the plan's maximum), or with residentId replaces its profile"),
		s.CheckInProfile)
	checkInStep(api, op(http.MethodPost, "/resident/createTaskForCheckIn",
		"Move-in care-plan step (multipart data: CheckInTasksData, files): the tasks replace what an earlier save stored"),
		s.CheckInTasks)
	checkInStep(api, op(http.MethodPost, "/resident/createEmarsForCheckIn",
		"Move-in eMAR step (multipart data: CheckInMedicationsData, files): the medication list replaces what an earlier save stored"),
		s.CheckInMedications)
	checkInStep(api, op(http.MethodPost, "/resident/createContactForCheckIn",
		"Move-in contacts step (multipart data: CheckInContactsData, files): the contacts replace the resident's contacts"),
		s.CheckInContacts)
	web.Handle(api, op(http.MethodGet, "/resident/completeCheckIn",
		"Finish a move-in: the resident becomes NORMAL (7002 beyond the plan's maximum), the care plan starts, the task creation rules fire; again answers it unchanged"),
		func(ctx context.Context, in *shared.ResidentIDQuery) (*shared.CheckIn, error) {
			return s.CompleteCheckIn(ctx, auth.From(ctx), in.ResidentID)
		})
	web.Handle(api, op(http.MethodGet, "/resident/cancelCheckIn",
		"Abandon a move-in not yet complete, with a reason: the resident is kept on record but hidden from every list and call (4004 from then on); a completed move-in answers 4009"),
		func(ctx context.Context, in *shared.CancelCheckInQuery) (*struct{}, error) {
			return nil, s.CancelCheckIn(ctx, auth.From(ctx), *in)
		})
	web.Handle(api, op(http.MethodGet, "/resident/getCheckIn", "Where a move-in stands, to resume it (step: the first step not yet saved)"),
		func(ctx context.Context, in *shared.ResidentIDQuery) (*shared.CheckIn, error) {
			return s.GetCheckIn(ctx, auth.From(ctx), in.ResidentID)
		})
}
