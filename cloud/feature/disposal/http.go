package disposal

import (
	"context"
	"net/http"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// Routes mounts /medicationDisposal under the care service (spec 001 gives no
// paths; they follow its naming; docs/api.md "Medication disposal"). Every
// facility role reads; owners and admins write (spec 000 §6: caregivers do
// the daily work, managers keep the records). The plan function is Emars
// (the eMAR menu; not in the free plan).
func Routes(api *web.API, s *Service) {
	op := func(method, path, summary string, roles []shared.Role) web.Op {
		return web.Op{Service: web.Care, Method: method, Path: "/medicationDisposal" + path, Summary: summary,
			Access: web.SignedIn, Roles: roles, Function: shared.FnEmars}
	}
	read := func(method, path, summary string) web.Op { return op(method, path, summary, shared.EveryFacilityRole) }
	write := func(method, path, summary string) web.Op { return op(method, path, summary, shared.FacilityManagers) }

	web.Handle(api, write(http.MethodPost, "/save", "Record a disposal (recordId empty) or edit one (recordId and version); the medication's order is copied; every change is kept in the history"),
		func(ctx context.Context, in *web.Body[shared.SaveDisposalRequest]) (*shared.MedicationDisposal, error) {
			return s.Save(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, write(http.MethodPost, "/quickCreate", "Record the disposal of a medication that is due (listDue), its order copied and, when none is given, the due item's reason"),
		func(ctx context.Context, in *web.Body[shared.QuickDisposalRequest]) (*shared.MedicationDisposal, error) {
			return s.QuickCreate(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, read(http.MethodPost, "/listByPage", "A resident's disposal records, the latest disposal first"),
		func(ctx context.Context, in *web.Body[shared.PageRequest[shared.DisposalFilter]]) (*shared.Page[shared.MedicationDisposal], error) {
			return s.List(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, read(http.MethodGet, "/getById", "One disposal record"),
		func(ctx context.Context, in *shared.DisposalRecordQuery) (*shared.MedicationDisposal, error) {
			return s.Get(ctx, auth.From(ctx), in.RecordID)
		})
	web.Handle(api, read(http.MethodGet, "/history", "A record's changes, newest first: who, when, the record before and after and the fields that changed"),
		func(ctx context.Context, in *shared.DisposalRecordQuery) ([]shared.DisposalChange, error) {
			return s.History(ctx, auth.From(ctx), in.RecordID)
		})
	web.Handle(api, read(http.MethodPost, "/listDue", "Medications that must be disposed of and by when (WAC 388-76-10490 clocks), most urgent first; a resident's or the facility's"),
		func(ctx context.Context, in *web.Body[shared.DisposalDueFilter]) (*shared.DisposalDueList, error) {
			return s.Due(ctx, auth.From(ctx), in.Body)
		})
}
