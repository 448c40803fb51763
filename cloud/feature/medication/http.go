package medication

import (
	"context"
	"net/http"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// Routes mounts the eMAR calls (spec 001 §7.7 medication and medHistory, and
// this package's additions) under the care service. Roles (spec 000 §6):
// every facility role reads orders and logs passes; owners and admins
// write orders, hold, resume, discontinue, restore, record the assistance
// level and acknowledge red items. Plan function: Emars (not in the free plan).
func Routes(api *web.API, s *Service) {
	op := func(method, path, summary string, roles []shared.Role) web.Op {
		return web.Op{Service: web.Care, Method: method, Path: path, Summary: summary, Access: web.SignedIn, Roles: roles,
			Function: shared.FnEmars}
	}
	read := func(method, path, summary string) web.Op { return op(method, path, summary, shared.EveryFacilityRole) }
	write := func(method, path, summary string) web.Op { return op(method, path, summary, shared.FacilityManagers) }
	const m = "/medication"

	web.Handle(api, read(http.MethodPost, m+"/listMedication", "A resident's orders (residentId required), current first, then by name"),
		func(ctx context.Context, in *web.Body[shared.MedicationFilter]) ([]shared.Medication, error) {
			return s.List(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, read(http.MethodPost, m+"/listMedicationByPage", "The facility's orders (or a resident's), current first, then by name"),
		func(ctx context.Context, in *web.Body[shared.PageRequest[shared.MedicationFilter]]) (*shared.Page[shared.Medication], error) {
			return s.Page(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, read(http.MethodGet, m+"/getMedicationById", "One order"),
		func(ctx context.Context, in *shared.MedicationIDQuery) (*shared.Medication, error) {
			return s.Get(ctx, auth.From(ctx), in.MedicationID)
		})
	web.Handle(api, write(http.MethodPost, m+"/save", "A new order (residentId, no medicationId) or a change of a current one; its passes of today and tomorrow are made at once; recorded in the med history"),
		func(ctx context.Context, in *web.Body[shared.SaveMedicationRequest]) (*shared.Medication, error) {
			return s.Save(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, write(http.MethodGet, m+"/discontinue", "Stop a current order at endTime (0 = now, at most 7 days back); its unlogged passes from then on are removed"),
		func(ctx context.Context, in *shared.DiscontinueQuery) (*shared.Medication, error) {
			return s.Discontinue(ctx, auth.From(ctx), *in)
		})
	web.Handle(api, write(http.MethodPost, m+"/hold", "The prescriber holds a current order: its passes show ON_HOLD until resumed"),
		func(ctx context.Context, in *web.Body[shared.MedicationChangeRequest]) (*shared.Medication, error) {
			return s.Hold(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, write(http.MethodPost, m+"/resume", "An order on hold is given again from now"),
		func(ctx context.Context, in *web.Body[shared.MedicationChangeRequest]) (*shared.Medication, error) {
			return s.Resume(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, write(http.MethodPost, m+"/restore", "A discontinued order is current again; its passes from now on"),
		func(ctx context.Context, in *web.Body[shared.MedicationChangeRequest]) (*shared.Medication, error) {
			return s.Restore(ctx, auth.From(ctx), in.Body)
		})
	web.HandleAnswer(api, read(http.MethodPost, m+"/listMedicationLog", "A facility day's passes by resident and time, with colours and red counts (/emars)"),
		func(ctx context.Context, in *web.Body[shared.MedicationLogRequest]) (*web.Answer[*shared.EmarDay], error) {
			return s.DayAnswer(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, read(http.MethodPost, m+"/logPass", "Log a scheduled pass once (GIVEN, REFUSED, HELD, NOT_GIVEN); the same clientId again answers the original; someone first: 4009 with their log"),
		func(ctx context.Context, in *web.Body[shared.LogPassRequest]) (*shared.MedPass, error) {
			return s.LogPass(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, read(http.MethodPost, m+"/logPrn", "Log a PRN dose with its reason; its effectiveness check is due 60 minutes later"),
		func(ctx context.Context, in *web.Body[shared.LogPrnRequest]) (*shared.MedPass, error) {
			return s.LogPrn(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, read(http.MethodPost, m+"/prnFollowUp", "Document a PRN dose's effectiveness once"),
		func(ctx context.Context, in *web.Body[shared.PrnFollowUpRequest]) (*shared.MedPass, error) {
			return s.PrnFollowUp(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, read(http.MethodPost, m+"/listMedicationRecordByPage", "Logged passes, newest first, by resident, order, outcome and time"),
		func(ctx context.Context, in *web.Body[shared.PageRequest[shared.MedicationRecordFilter]]) (*shared.Page[shared.MedPass], error) {
			return s.Records(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, read(http.MethodPost, m+"/listNotGivenRecord", "Passes refused, held, not given or missed, newest first"),
		func(ctx context.Context, in *web.Body[shared.PageRequest[shared.NotGivenFilter]]) (*shared.Page[shared.MedPass], error) {
			return s.NotGiven(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, read(http.MethodGet, m+"/emarsStatusColourCount", "A facility day's passes per colour (one resident's when named)"),
		func(ctx context.Context, in *shared.EmarColourQuery) (*shared.EmarColourCount, error) {
			return s.ColourCount(ctx, auth.From(ctx), *in)
		})
	web.Handle(api, read(http.MethodGet, m+"/countWarningNum", "Red items of the last 7 days not acknowledged (the sidebar's medicationWarningCount)"),
		func(ctx context.Context, _ *web.None) (int, error) {
			return s.CountWarnings(ctx, auth.From(ctx))
		})
	web.Handle(api, write(http.MethodGet, m+"/clearColourByStatusId", "Acknowledge a red item with a note (audited); it stops counting and stays unlogged in the record"),
		func(ctx context.Context, in *shared.ClearColourQuery) (*shared.MedPass, error) {
			return s.ClearColour(ctx, auth.From(ctx), *in)
		})
	web.Handle(api, read(http.MethodGet, m+"/getAssistance", "A resident's medication assistance level (WAC 388-76-10440…10460)"),
		func(ctx context.Context, in *shared.ResidentIDQuery) (*shared.MedicationAssistance, error) {
			return s.Assistance(ctx, auth.From(ctx), in.ResidentID)
		})
	web.Handle(api, write(http.MethodPost, m+"/saveAssistance", "Record a resident's medication assistance level"),
		func(ctx context.Context, in *web.Body[shared.SaveAssistanceRequest]) (*shared.MedicationAssistance, error) {
			return s.SaveAssistance(ctx, auth.From(ctx), in.Body)
		})
	web.HandleFile(api, read(http.MethodGet, m+"/printMar", "A resident's monthly MAR as a PDF in the caller's language: drugs × days with initials or codes per pass, the codes, PRN doses with reason and result, refusals, holds and doses not given with reasons, the staff who initialled, signature lines; at most PrintMaxRecords passes"),
		func(ctx context.Context, in *shared.PrintMarQuery) (*web.File, error) {
			return s.PrintMar(ctx, auth.From(ctx), *in)
		})
	web.Handle(api, read(http.MethodGet, "/medHistory/getMedHistory", "A resident's order changes (or one order's), newest first, with date, prescriber, logged call and verification"),
		func(ctx context.Context, in *shared.MedHistoryQuery) (*shared.Page[shared.MedicationChange], error) {
			return s.History(ctx, auth.From(ctx), *in)
		})
}
