package carerecord

import (
	"context"
	"net/http"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// readFunctions: the record lives on the resident profile, so its routes are
// gated like the profile's (cloud/feature/resident/http.go): owners and
// admins under ResidentManagement, caregivers under CaregiverResidents.
var readFunctions = map[shared.Role]string{shared.RoleCaregiverStaff: shared.FnCaregiverResidents}

// Routes mounts progress notes, the health monitor and the care monitor
// (spec 001 §7.7, and this package's additions) under the care service.
// Every facility role reads, writes (caregivers chart at the end of a
// shift) and prints; only owners and admins set a resident's own normal
// ranges.
func Routes(api *web.API, s *Service) {
	op := func(method, path, summary string, roles []shared.Role) web.Op {
		return web.Op{Service: web.Care, Method: method, Path: path, Summary: summary, Access: web.SignedIn, Roles: roles,
			Function: shared.FnResidentManagement, RoleFunctions: readFunctions}
	}
	all := func(method, path, summary string) web.Op { return op(method, path, summary, shared.EveryFacilityRole) }
	const pn, hm, cm = "/progressNote", "/healthMonitor", "/careMonitor"

	web.HandleAnswer(api, all(http.MethodPost, pn+"/listProgressNoteByPage", "Progress notes, newest first, by resident, type, date range and unread; read status is the caller's"),
		func(ctx context.Context, in *web.Body[shared.PageRequest[shared.ProgressNoteFilter]]) (*web.Answer[*shared.Page[shared.ProgressNote]], error) {
			return s.ListNotes(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, all(http.MethodGet, pn+"/countUnReadProgressNote", "Notes of the facility's residents (or one's) the caller has not opened nor written"),
		func(ctx context.Context, in *shared.UnreadQuery) (*shared.UnreadCount, error) {
			return s.CountUnread(ctx, auth.From(ctx), in.ResidentID)
		})
	web.Handle(api, all(http.MethodPost, pn+"/batchSave", "Write the notes of one or more residents, all or none; a note's clientId sent again answers the stored note"),
		func(ctx context.Context, in *web.Body[shared.BatchSaveProgressNotesRequest]) (*shared.BatchSaveProgressNotesResult, error) {
			return s.BatchSave(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, all(http.MethodGet, pn+"/getProgressNoteById", "One note with its addenda; marks it read for the caller"),
		func(ctx context.Context, in *shared.ProgressNoteIDQuery) (*shared.ProgressNote, error) {
			return s.GetNote(ctx, auth.From(ctx), in.NoteID)
		})
	web.Handle(api, all(http.MethodPost, pn+"/update", "The author edits a note in place within 24 hours of writing it; later, or anyone else: 4003 (add an addendum)"),
		func(ctx context.Context, in *web.Body[shared.UpdateProgressNoteRequest]) (*shared.ProgressNote, error) {
			return s.Update(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, all(http.MethodPost, pn+"/addAddendum", "A dated correction or addition to a note, with its reason; the note stays as written"),
		func(ctx context.Context, in *web.Body[shared.AddAddendumRequest]) (*shared.ProgressNote, error) {
			return s.AddAddendum(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, all(http.MethodPost, pn+"/markAllRead", "Mark every note of the facility (or one resident's) read for the caller"),
		func(ctx context.Context, in *web.Body[shared.MarkAllReadRequest]) (*shared.MarkAllReadResult, error) {
			return s.MarkAllRead(ctx, auth.From(ctx), in.Body.ResidentID)
		})
	web.HandleFile(api, all(http.MethodGet, pn+"/print", "A resident's progress notes (and readings with include=BOTH) of a date range as a PDF in the caller's language; at most PrintMaxRecords records"),
		func(ctx context.Context, in *shared.PrintRecordQuery) (*web.File, error) {
			return s.Print(ctx, auth.From(ctx), *in, shared.PrintNotes)
		})

	web.Handle(api, all(http.MethodGet, hm+"/listMetrics", "Every health metric with unit, plausible bounds and normal range (the resident's own where set)"),
		func(ctx context.Context, in *shared.HealthMetricsQuery) ([]shared.HealthMetricInfo, error) {
			return s.Metrics(ctx, auth.From(ctx), in.ResidentID)
		})
	web.Handle(api, op(http.MethodPost, hm+"/saveNormalRange", "Set a resident's own normal range of a metric (both bounds null: back to the default)", shared.FacilityManagers),
		func(ctx context.Context, in *web.Body[shared.SaveNormalRangeRequest]) (*shared.HealthMetricInfo, error) {
			return s.SaveNormalRange(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, all(http.MethodPost, hm+"/listHealthMonitorByPage", "Health readings, newest first, by resident, metrics, date range and flag"),
		func(ctx context.Context, in *web.Body[shared.PageRequest[shared.HealthMonitorFilter]]) (*shared.Page[shared.HealthReading], error) {
			return s.ListReadings(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, all(http.MethodPost, hm+"/save", "A resident's readings taken at one time, all or none: implausible values refused, values outside the normal range flagged"),
		func(ctx context.Context, in *web.Body[shared.SaveHealthReadingsRequest]) (*shared.SaveHealthReadingsResult, error) {
			return s.SaveReadings(ctx, auth.From(ctx), in.Body)
		})
	web.HandleAnswer(api, all(http.MethodPost, hm+"/listSeries", "A resident's readings per metric over a range (at most a year), oldest first, with the normal band, for the charts"),
		func(ctx context.Context, in *web.Body[shared.HealthSeriesRequest]) (*web.Answer[*shared.HealthSeries], error) {
			return s.Series(ctx, auth.From(ctx), in.Body)
		})
	web.HandleFile(api, all(http.MethodGet, hm+"/print", "A resident's health readings (and notes with include=BOTH) of a date range as a PDF; at most PrintMaxRecords records"),
		func(ctx context.Context, in *shared.PrintRecordQuery) (*web.File, error) {
			return s.Print(ctx, auth.From(ctx), *in, shared.PrintReadings)
		})

	web.HandleAnswer(api, all(http.MethodPost, cm+"/listCareMonitorByPage", "ADL care records, newest first, by resident, activity and date range"),
		func(ctx context.Context, in *web.Body[shared.PageRequest[shared.CareMonitorFilter]]) (*web.Answer[*shared.Page[shared.CareRecord]], error) {
			return s.ListCare(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, all(http.MethodPost, cm+"/save", "Record one care given (MEALS: % eaten, SLEEP: hours); a clientId sent again answers the stored record"),
		func(ctx context.Context, in *web.Body[shared.SaveCareRecordRequest]) (*shared.CareRecord, error) {
			return s.SaveCare(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, all(http.MethodGet, cm+"/listResidentCareRecord", "A resident's day-by-day grid of care given (default the last 7 days, at most 31)"),
		func(ctx context.Context, in *shared.CareGridQuery) (*shared.ResidentCareGrid, error) {
			return s.Grid(ctx, auth.From(ctx), *in)
		})
}
