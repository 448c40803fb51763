// Package server assembles Hearth's HTTP server: the middleware chain, every
// feature's routes under its service prefix, the probes and the UI. It is the
// only package that knows all features.
package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"hearth/cloud/feature/aiservice"
	"hearth/cloud/feature/attendance"
	billingfeature "hearth/cloud/feature/billing"
	"hearth/cloud/feature/carerecord"
	"hearth/cloud/feature/disposal"
	"hearth/cloud/feature/facilitydoc"
	"hearth/cloud/feature/file"
	"hearth/cloud/feature/funcperm"
	"hearth/cloud/feature/iam"
	"hearth/cloud/feature/im"
	"hearth/cloud/feature/incident"
	"hearth/cloud/feature/inspector"
	"hearth/cloud/feature/medication"
	"hearth/cloud/feature/menu"
	"hearth/cloud/feature/notification"
	"hearth/cloud/feature/platformdash"
	"hearth/cloud/feature/push"
	"hearth/cloud/feature/request"
	"hearth/cloud/feature/resident"
	"hearth/cloud/feature/shift"
	"hearth/cloud/feature/smartsetup"
	"hearth/cloud/feature/staff"
	"hearth/cloud/feature/svcpkg"
	"hearth/cloud/feature/task"
	"hearth/cloud/feature/taskrule"
	"hearth/cloud/feature/tenant"
	"hearth/cloud/feature/ticket"
	"hearth/cloud/platform/audit"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/backup"
	"hearth/cloud/platform/billing"
	"hearth/cloud/platform/blob"
	"hearth/cloud/platform/config"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/inspection"
	"hearth/cloud/platform/jobs"
	"hearth/cloud/platform/keep"
	"hearth/cloud/platform/mail"
	"hearth/cloud/platform/param"
	"hearth/cloud/platform/problem"
	"hearth/cloud/platform/realtime"
	"hearth/cloud/platform/shell"
	"hearth/cloud/platform/upload"
	"hearth/cloud/platform/web"
	"hearth/frontend"
	"hearth/shared"
)

// RequestTimeout is how long the server works on one request (spec 001 §9: 300000 ms).
const RequestTimeout = 300 * time.Second

// Deps are what the server is built from.
type Deps struct {
	Config *config.Config
	DB     *db.DB
	Log    *slog.Logger
	Mail   mail.Sender // nil: chosen from Config
	UI     fs.FS       // the built frontend (dist)
	Now    func() time.Time
}

// Server is the assembled handler with the services tests reach into.
type Server struct {
	db  *db.DB
	log *slog.Logger

	Handler http.Handler
	// Metrics answers Prometheus scrapes at any path (ServeMetrics).
	Metrics http.Handler
	API     *web.API
	IAM     *iam.Service
	Files   *file.Service
	// Attendance is clocking in and out (who is on shift) and the door kiosk.
	Attendance *attendance.Service
	// Staff is caregivers and their credentials (the staff rules engine).
	Staff     *staff.Service
	Tickets   *ticket.Service
	Residents *resident.Service
	// Medications are the eMAR: orders, med passes, PRN, med history (and the move-in wizard's eMAR step).
	Medications *medication.Service
	// Rules are the platform's task creation rules; their worker makes tasks of business events.
	Rules *taskrule.Service
	// Tasks are care plans and daily tasks (the caregiver's day, routine sessions, the calendar).
	Tasks *task.Service
	// Shell holds the sidebar counters and dashboard cards the features registered.
	Shell *shell.Registry
	// Jobs is the background-job queue; Run works it, tests call Jobs.Drain.
	Jobs *jobs.Queue
	// Notifications is in-app notifications: features Notify in their transactions (the eMAR's overdue warnings).
	Notifications *notification.Service
	// Records are the residents' progress notes, health readings and care records.
	Records *carerecord.Service
	// AI is the AI service: providers per capability, offline fallbacks, plan gating, usage log.
	AI *aiservice.Service
	// Chat is the chat (/api/im); its Post is how features say something in chat (chatpost).
	Chat *im.Service
	// Realtime holds this process's chat sockets (/api/im/ws) and carries chat frames to them,
	// and on PostgreSQL to the other replicas' (Run listens for theirs).
	Realtime *realtime.Hub
	// Params are the run-time parameters (/params-setting); Run listens for other replicas' changes of them and of menus and function permissions.
	Params *param.Params
	// Backups are the scheduled backups and their status.
	Backups *backup.Service
	// Packages are the service packages: every home's limits (7001, 7002, 7005–7010) come from its package.
	Packages *svcpkg.Service
	// Billing is subscription billing (plans, orders, invoices, Stripe's webhooks, renewals).
	Billing *billingfeature.Service
}

// New builds the server.
func New(d Deps) (*Server, error) { return build(d, nil) }

// build is New with rewire, which tests use to change a feature's Deps (a
// pointer to them) before the feature is built: drop a collaborator and see
// the server refuse to start. New passes nil.
func build(d Deps, rewire func(featureDeps any)) (*Server, error) {
	jobClock := d.Now // nil: jobs go by the database's clock, the same on every replica
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Mail == nil {
		d.Mail = mail.New(d.Config.SMTP, d.DB, d.Log)
	}
	tokens, err := auth.NewTokens(d.Config.JWTSecret, d.Now)
	if err != nil {
		return nil, err
	}
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	web.RegisterMetrics(reg)
	jobs.RegisterMetrics(reg)
	// Background jobs: features built below take the queue, Register their workers
	// and Every their periodic jobs on it, and Enqueue in their transactions.
	queue, err := jobs.NewWith(d.DB, d.Log, jobs.Options{Now: jobClock})
	if err != nil {
		return nil, err
	}

	r := chi.NewRouter()
	csp := web.CSPSources{}
	if d.Config.Billing.SecretKey != "" {
		csp = web.StripeCSP // Stripe Elements collects cards in the browser
	}
	r.Use(web.Observe(d.Log), web.SecurityHeadersAllowing(csp), middleware.Timeout(RequestTimeout))
	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte("ok\n")) })
	// Metrics are served on their own address (ServeMetrics, HEARTH_METRICS_ADDR), not to the API's callers.
	r.Handle("/metrics", http.NotFoundHandler())

	apiRouter := r.With(web.ServerTime(d.Now), web.Compress, web.KeepRequest, web.Authenticate(tokens, d.Now))
	api := web.NewAPI(apiRouter, config.Version)
	// The features, each built with every collaborator it needs (its Deps): a
	// feature's New refuses a Deps with one missing, and New returns that error,
	// so a server wired without one does not start. Collaborators come first.
	announce := queue.Announce // business events, enqueued in the writing transaction
	// Run-time parameters and the versions of the platform's settings (parameters, menus,
	// function permissions), which every replica reads again within a second of a change.
	params := param.New(d.DB, param.NewVersions(d.DB), d.Log, paramDefaults(d.Config))
	// Function permissions: the route guard applies the caller's package's rules to every facility call.
	funcs := funcperm.New(d.DB, params.Versions(), d.Now)
	api.Functions = funcs
	people := iam.New(d.DB, tokens, d.Mail, d.Config, params, d.Log, d.Now)
	api.Sessions = people
	fc := d.Config.Files
	if fc == (config.Files{}) {
		fc = config.DefaultFiles(d.Config.DataDir)
	}
	blobs, err := blob.Open(fc.Dir, fc.S3)
	if err != nil {
		return nil, err
	}
	// Ready when the database answers and the file store is there (a wrong bucket, key or
	// endpoint shows here, not at the first upload).
	r.Get("/readyz", func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
		defer cancel()
		if err := d.DB.Ping(ctx); err != nil {
			http.Error(w, "database unreachable", http.StatusServiceUnavailable)
			return
		}
		if err := blobs.Ready(ctx); err != nil {
			d.Log.Warn("readyz: file storage unreachable", "err", err)
			http.Error(w, "file storage unreachable", http.StatusServiceUnavailable)
			return
		}
		_, _ = w.Write([]byte("ready\n"))
	})
	packages := svcpkg.New(d.DB, d.Now)
	files, err := feature(rewire, file.New, file.Deps{DB: d.DB, Blobs: blobs, Secret: d.Config.JWTSecret, Packages: packages,
		Limits:   upload.Limits{MaxFileBytes: fc.MaxFileBytes, TenantBytes: fc.TenantBytes, MaxFiles: fc.MaxFilesPerCall},
		Accounts: people, Log: d.Log, Now: d.Now})
	if err != nil {
		return nil, err
	}
	// The one late collaborator: iam's avatar links come from the file service, which is
	// built on iam. people.Wired (below) refuses to start without it.
	people.SetAvatarURLs(files)
	staffSvc, err := feature(rewire, staff.New, staff.Deps{DB: d.DB, Files: files, Accounts: people, Packages: packages, Mail: d.Mail, Announce: announce, Log: d.Log, Now: d.Now})
	if err != nil {
		return nil, err
	}
	facilityDocs, err := feature(rewire, facilitydoc.New, facilitydoc.Deps{DB: d.DB, Files: files, Params: params, Now: d.Now})
	if err != nil {
		return nil, err
	}
	tickets := ticket.New(d.DB, files, d.Now)
	// Web Push (issue 34): the VAPID keys (HEARTH_VAPID_* or made at the first start and kept),
	// each person's devices and choice of alerts; notifications and chat messages that are
	// alerts become push jobs in their transactions (workers registered with the shifts below).
	pushes, err := feature(rewire, push.New, push.Deps{DB: d.DB, Queue: queue, Config: d.Config.Push, Dev: d.Config.Dev,
		From: d.Config.SMTP.From, Log: d.Log, Now: d.Now})
	if err != nil {
		return nil, err
	}
	// In-app notifications: features Notify people in their own transactions; everyone reads their own.
	notes, err := feature(rewire, notification.New, notification.Deps{DB: d.DB, Push: pushes, Log: d.Log, Now: d.Now})
	if err != nil {
		return nil, err
	}
	// Attendance and the door kiosk (who is on shift).
	clock, err := feature(rewire, attendance.New, attendance.Deps{DB: d.DB, Mail: d.Mail, Avatars: files, Log: d.Log, Now: d.Now})
	if err != nil {
		return nil, err
	}
	// The AI service (/api/ai): translator, speech, transcription, chat completion and /ai-config.
	aiSvc, err := aiservice.New(d.DB, d.Config.JWTSecret, d.Config.AI, params, d.Log, d.Now)
	if err != nil {
		return nil, err
	}
	// The facility documents' compliance check: document text, then the AI service's analyses; one job per check.
	if err := facilityDocs.EnableAnalysis(facilitydoc.AnalysisDeps{Analyzer: aiSvc, Files: files, Queue: queue, Log: d.Log}); err != nil {
		return nil, err
	}
	// Chat (/api/im): the facility's channel, direct chats, groups and each person's Hearth chat,
	// files through the file service, translations through the AI service. Sockets get frames
	// through the realtime hub, which serves /api/im/ws (mounted below, outside the request timeout);
	// a sign-in that ends (signed out everywhere, disabled, removed) knocks its sockets out (999).
	// Hearth's own messages go through it, each in the transaction of its event: a med pass 30
	// minutes from overdue (to whoever is warned), a submitted shift report (the facility's
	// channel), an incident for review (the other owners and admins), approved leave (the requester).
	sockets := realtime.New(d.DB, tokens, people, d.Log)
	people.OnSessionsChanged(sockets.Recheck)
	chats, err := feature(rewire, im.New, im.Deps{DB: d.DB, Files: files, Translator: aiSvc, Publisher: sockets, Alerts: pushes, Params: params, Config: d.Config.Chat, Log: d.Log, Now: d.Now})
	if err != nil {
		return nil, err
	}
	// Requests (leave and the like); decisions mailed, approved leave said in chat.
	requests, err := feature(rewire, request.New, request.Deps{DB: d.DB, Mail: d.Mail, Chat: chats, Log: d.Log, Now: d.Now})
	if err != nil {
		return nil, err
	}
	// The resident's record: progress notes, the health monitor and the care monitor. A resident
	// going out and returning, refused and missed doses, vital checks left undone and the vitals
	// of med passes and tasks write on it, each in the transaction of its event. Progress notes in
	// Spanish or Chinese get an English rendering (a job through the AI service).
	records, err := feature(rewire, carerecord.New, carerecord.Deps{DB: d.DB, Translator: aiSvc, Queue: queue, Params: params, Now: d.Now})
	if err != nil {
		return nil, err
	}
	// Care plans and daily tasks, the routine sessions and the calendar.
	tasks, err := feature(rewire, task.New, task.Deps{DB: d.DB, Chart: records, Log: d.Log, Now: d.Now})
	if err != nil {
		return nil, err
	}
	// The eMAR: orders, med passes, PRN, med history; overdue warnings to the people on shift
	// (attendance) through notifications and Hearth's chat; refused and missed doses on the record.
	meds, err := feature(rewire, medication.New, medication.Deps{DB: d.DB, Files: files, Notify: notes, OnShift: clock, Chart: records, Chat: chats,
		Params: params, Log: d.Log, Now: d.Now})
	if err != nil {
		return nil, err
	}
	// Residents and the move-in wizard: a completed move-in activates the care plan's tasks and
	// the medications' passes and is a business event (the task creation rules make their tasks).
	residents, err := feature(rewire, resident.New, resident.Deps{DB: d.DB, Files: files, Packages: packages, Tasks: tasks, Meds: meds,
		Announce: announce, Chart: records, Params: params, Now: d.Now})
	if err != nil {
		return nil, err
	}
	// Smart setup (issue 33): residents' papers read into move-in drafts, one job per resident and
	// step; a confirmed resident gets the papers in its documents.
	smart, err := feature(rewire, smartsetup.New, smartsetup.Deps{DB: d.DB, Files: files, Analyzer: aiSvc, Docs: residents, Queue: queue, Log: d.Log, Now: d.Now})
	if err != nil {
		return nil, err
	}
	rules := taskrule.New(d.DB, d.Log, d.Now)
	// Medication disposal records and the disposal clocks (WAC 388-76-10490).
	disposals, err := disposal.New(d.DB, meds, d.Now)
	if err != nil {
		return nil, err
	}
	// Shifts: shift types, the weekly schedules with their coverage gaps and conflicts
	// (leave from requests, credentials from the staff rules engine), reminders every
	// 5 minutes (the evening before and an hour before), shift reports (business event
	// SHIFT_REPORT) and scheduled-versus-worked hours.
	shifts, err := feature(rewire, shift.New, shift.Deps{DB: d.DB, Packages: packages, Notify: notes, Credentials: staffSvc,
		Announce: announce, Chat: chats, Log: d.Log, Now: d.Now})
	if err != nil {
		return nil, err
	}
	// Incident reports: drafts, review with the reporting duties (RCW 74.34, WAC 388-76-10225),
	// AI analyses (a job after submit), approval; accepted care plan changes are a business event.
	incidents, err := feature(rewire, incident.New, incident.Deps{DB: d.DB, Packages: packages, Notify: notes, Files: files,
		Announce: announce, Analyzer: aiSvc, Queue: queue, Chat: chats, Params: params, Log: d.Log, Now: d.Now})
	if err != nil {
		return nil, err
	}
	if err := people.Wired(); err != nil {
		return nil, err
	}

	// Routes and background jobs, in the order the API document lists them.
	iam.Routes(api, people)
	menu.Routes(api, menu.New(d.DB, params.Versions(), frontend.Pages(), frontend.MenuNameKeys())) // the pages and menu names the UI has
	param.Routes(api, params)
	funcperm.Routes(api, funcs)
	svcpkg.Routes(api, packages)
	// Subscription billing: Stripe with HEARTH_STRIPE_SECRET_KEY, otherwise manual billing.
	bills, err := feature(rewire, billingfeature.New, billingfeature.Deps{DB: d.DB, Provider: billing.New(d.Config.Billing), Plans: sockets, Params: params,
		Queue: queue, Mail: d.Mail, Log: d.Log, PublicURL: d.Config.PublicURL, Now: d.Now})
	if err != nil {
		return nil, err
	}
	billingfeature.Routes(api, bills)
	// Stripe's webhook takes the raw, signed body, beside the typed API.
	r.Post("/api/system"+billingfeature.WebhookPath, bills.WebhookHandler().ServeHTTP)
	// Stripe's events, and the hourly renewal and grace-period sweep.
	bills.RegisterJobs(queue)
	audit.Routes(api, audit.NewReader(d.DB)) // /IAM/audit-logs: read and export only
	file.Routes(api, files)
	staff.Routes(api, staffSvc, staff.BodyLimit(files.Limits()))
	facilitydoc.Routes(api, facilityDocs, facilitydoc.BodyLimit(files.Limits()))
	facilitydoc.AnalysisRoutes(api, facilityDocs, facilitydoc.BodyLimit(files.Limits()))
	facilitydoc.RequirementRoutes(api, facilityDocs)
	smartsetup.Routes(api, smart, smartsetup.BodyLimit(files.Limits()))
	ticket.Routes(api, tickets)
	notification.Routes(api, notes)
	notes.RegisterJobs(queue) // notifications older than 90 days removed daily
	// SQLite's planner statistics refreshed at start and daily (PRAGMA optimize; nothing on PostgreSQL).
	jobs.Periodic(queue, "db_optimize", 24*time.Hour, d.DB.Optimize)
	attendance.Routes(api, clock)
	request.Routes(api, requests)
	// Facility settings (the owner's name, address, time zone and licence number), sign-up,
	// review and the super admin's homes; the super admin's people pages.
	homes, err := feature(rewire, tenant.New, tenant.Deps{DB: d.DB, Accounts: people, Mail: d.Mail, Config: d.Config,
		Params: params, Blobs: blobs, Log: d.Log, Now: d.Now})
	if err != nil {
		return nil, err
	}
	tenant.Routes(api, homes)
	tenant.OrganisationRoutes(api, homes) // deleting an empty organisation
	platformdash.Routes(api, platformdash.New(d.DB, d.Now))
	jobs.AdminRoutes(api, queue) // the super admin's failed background jobs (/admin-jobs)
	// Scheduled encrypted backups (HEARTH_BACKUP_RECIPIENT, HEARTH_BACKUP_TO), swept every 10 minutes on one replica.
	backups := backupService(d, blobs, params, fc)
	backups.RegisterJobs(queue)
	backup.Routes(api, backups)
	iam.AdminRoutes(api, people)
	resident.Routes(api, residents, uploadLimit(fc))
	task.Routes(api, tasks)
	tasks.RegisterJobs(queue)                         // expiry every 5 minutes, the horizon every hour
	tasks.AddCalendarSource(requests.CalendarEvents)  // approved leave
	tasks.AddCalendarSource(residents.CalendarEvents) // going out, care plans falling due
	// Expired records counted; owners and admins mailed yesterday's missed care after 07:00 facility time.
	tasks.RegisterNotify(queue, task.Notify{Mail: d.Mail, PublicURL: d.Config.PublicURL, Metrics: reg})
	// Passes made hourly to the end of tomorrow; every minute the people on shift are warned
	// of passes that become overdue in 30 minutes.
	medication.Routes(api, meds)
	meds.RegisterJobs(queue)
	// The task creation rules' worker makes the rules' tasks of business events.
	taskrule.Routes(api, rules)
	jobs.Register(queue, rules.Worker(tasks))
	disposal.Routes(api, disposals)
	carerecord.Routes(api, records)
	shift.Routes(api, shifts)
	shifts.RegisterJobs(queue)
	// Web Push: alerts to the people on shift (the published schedule), then one delivery per device.
	push.Routes(api, pushes)
	pushes.RegisterJobs(queue, shifts)
	tasks.AddCalendarSource(shifts.CalendarEvents) // published shifts in staff colours
	aiservice.Routes(api, aiSvc)
	incident.Routes(api, incidents)
	im.Routes(api, chats)

	// The app shell: each feature's sidebar counter and dashboard cards, one line each
	// (tasks, incidents and eMAR add theirs here when they land).
	sh := shell.New(d.DB, d.Now, params.Versions().Version) // kept cards: cloud/platform/shell/kept.go
	sh.Counter(shell.Counter{Key: shared.CounterApplicationForm, Count: requests.CountPending})
	sh.Counter(shell.Counter{Key: shared.CounterExpiredCertificate, Count: staffSvc.CountOverdue})
	sh.Counter(shell.Counter{Key: shared.CounterExpiredTasks, Count: tasks.CountExpired})
	sh.Counter(shell.Counter{Key: shared.CounterMedicationWarning, Function: shared.FnEmars, Count: meds.CountWarnings})
	sh.Counter(shell.Counter{Key: shared.CounterIncidentReport, Roles: shared.FacilityManagers, Function: shared.FnIncidentManagement, Count: incidents.CountPending})
	sh.Counter(shell.Counter{Key: shared.CounterFacilityDocuments, Roles: shared.FacilityManagers, Function: shared.FnInspectionStatus, Count: facilityDocs.CountAttention,
		Platform: []string{param.NameParams, facilitydoc.VersionName}})
	managers, carers := shared.FacilityManagers, shared.Caregivers
	sh.Card(shell.Card{Key: resident.CardResidents, Roles: shared.EveryFacilityRole, Function: shared.FnResidentManagement, Data: residents.CountsCard, Kept: true})
	sh.Card(shell.Card{Key: task.CardToday, Roles: shared.EveryFacilityRole, Function: shared.FnHomeOwnerTasks, Data: tasks.TodayCard, Kept: true})
	sh.Card(shell.Card{Key: medication.CardPasses, Roles: shared.EveryFacilityRole, Function: shared.FnEmars, Data: meds.PassesCard, Kept: true})
	sh.Card(shell.Card{Key: request.CardApprovals, Roles: managers, Function: shared.FnStaffManagement, Data: requests.ApprovalsCard, Kept: true})
	sh.Card(shell.Card{Key: staff.CardCredentials, Roles: managers, Function: shared.FnStaffManagement, Data: staffSvc.CredentialsCard, Kept: true})
	sh.Card(shell.Card{Key: facilitydoc.CardDocuments, Roles: managers, Function: shared.FnInspectionStatus, Data: facilityDocs.DocumentsCard, Kept: true,
		Platform: []string{param.NameParams, facilitydoc.VersionName}})
	sh.Card(shell.Card{Key: facilitydoc.CardToSign, Roles: shared.EveryFacilityRole, Function: shared.FnInspectionStatus, Data: facilityDocs.ToSignCard, Kept: true})
	sh.Card(shell.Card{Key: resident.CardResidentsOut, Roles: managers, Function: shared.FnResidentManagement, Data: residents.OutCard, Kept: true})
	sh.Card(shell.Card{Key: resident.CardCarePlanReviews, Roles: managers, Function: shared.FnResidentManagement, Data: residents.ReviewCard, Kept: true})
	sh.Card(shell.Card{Key: disposal.CardDisposals, Roles: managers, Function: shared.FnEmars, Data: disposals.DisposalsCard, Kept: true})
	sh.Card(shell.Card{Key: carerecord.CardRecord, Roles: managers, Function: shared.FnResidentManagement, Data: records.RecordCard, Kept: true})
	sh.Card(shell.Card{Key: incident.CardIncidents, Roles: managers, Function: shared.FnIncidentManagement, Data: incidents.IncidentsCard, Kept: true})
	sh.Card(shell.Card{Key: shift.CardCoverage, Roles: managers, Function: shared.FnShiftManagement, Data: shifts.CoverageCard, Kept: true})
	sh.Card(shell.Card{Key: attendance.CardMyStatus, Roles: carers, Function: shared.FnYourStatus, Data: clock.MyStatusCard, Kept: true})
	sh.Card(shell.Card{Key: request.CardMyRequests, Roles: carers, Function: shared.FnYourStatus, Data: requests.MyRequestsCard, Kept: true})
	sh.Card(shell.Card{Key: shift.CardMyShift, Roles: carers, Function: shared.FnShiftReport, Data: shifts.MyShiftCard, Kept: true})
	sh.Card(shell.Card{Key: tenant.CardTenants, Roles: shared.SuperAdmins, Data: tenant.NewStore(d.DB).TenantsCard})
	sh.Card(shell.Card{Key: backup.CardBackup, Roles: []shared.Role{shared.RoleFacilityOwner}, Function: web.AnyPlan, Data: backups.Card, ServerWide: true,
		Kept: true, Platform: []string{backup.VersionName}})
	sh.Card(shell.Card{Key: billingfeature.CardSubscription, Roles: shared.FacilityOwners, Function: shared.FnPricing, Data: bills.SubscriptionCard, Kept: true})
	sh.Homes(people.OwnedHomes)
	shell.Routes(api, sh)

	// The inspection readiness page's residents and staff areas (issue 32): who each
	// area is about and each feature's rule, one line each.
	insp := inspection.New()
	insp.Subjects(shared.InspectionResidents, residents.InspectionSubjects)
	insp.Subjects(shared.InspectionStaff, staffSvc.InspectionSubjects)
	insp.Rule(inspection.Rule{Key: shared.RuleAssessment, Area: shared.InspectionResidents, Gaps: residents.AssessmentGaps})
	insp.Rule(inspection.Rule{Key: shared.RuleCarePlan, Area: shared.InspectionResidents, Gaps: residents.CarePlanGaps})
	insp.Rule(inspection.Rule{Key: shared.RulePhysicianOrder, Area: shared.InspectionResidents, Function: shared.FnEmars, Gaps: meds.PhysicianOrderGaps})
	insp.Rule(inspection.Rule{Key: shared.RuleMarComplete, Area: shared.InspectionResidents, Function: shared.FnEmars, Gaps: meds.MarGaps})
	insp.Rule(inspection.Rule{Key: shared.RuleDisposal, Area: shared.InspectionResidents, Function: shared.FnEmars, Gaps: disposals.DisposalGaps})
	insp.Rule(inspection.Rule{Key: shared.RuleIncidentDuty, Area: shared.InspectionResidents, Function: shared.FnIncidentManagement, Gaps: incidents.DutyGaps})
	insp.Rule(inspection.Rule{Key: shared.RuleCredentials, Area: shared.InspectionStaff, Gaps: staffSvc.CredentialGaps})
	insp.Documents(facilityDocs.Checklist)
	inspection.Routes(api, insp)
	// The inspector's link (issue 32): owners and admins issue read-only links; the
	// inspector's sign-ins are checked against their link on every call.
	inspectors, err := feature(rewire, inspector.New, inspector.Deps{DB: d.DB, Tokens: tokens, Mail: d.Mail, Files: files,
		PublicURL: d.Config.PublicURL, Log: d.Log, Now: d.Now})
	if err != nil {
		return nil, err
	}
	api.Sessions = inspector.Sessions{People: people, Inspectors: inspectors}
	inspector.Routes(api, inspectors)
	inspection.PrintRoutes(api, &inspection.Printer{Registry: insp, DB: d.DB, Now: d.Now})

	// Unknown API paths answer the envelope, never the UI.
	r.HandleFunc("/api/*", func(w http.ResponseWriter, r *http.Request) {
		web.WriteProblem(w, r, problem.NotFound)
	})
	if d.UI != nil {
		r.Handle("/*", web.SPA(d.UI))
	}
	// The chat's websocket lives for hours: it is served beside the router, not
	// under its request timeout and response wrappers (the hub checks the token itself).
	root := http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if req.URL.Path == realtime.Path {
			sockets.ServeHTTP(w, req)
			return
		}
		r.ServeHTTP(w, req)
	})
	return &Server{db: d.DB, log: d.Log, Handler: root, Realtime: sockets, Metrics: promhttp.HandlerFor(reg, promhttp.HandlerOpts{}), API: api, IAM: people, Files: files, Staff: staffSvc, Attendance: clock, Tickets: tickets, Residents: residents, Medications: meds, Rules: rules, Tasks: tasks, Shell: sh, Jobs: queue, Notifications: notes, AI: aiSvc, Records: records, Chat: chats, Params: params, Packages: packages, Billing: bills, Backups: backups}, nil
}

// feature builds one feature from its Deps, which rewire (when a test gives
// one) may change first.
func feature[D, S any](rewire func(any), newFeature func(D) (S, error), deps D) (S, error) {
	if rewire != nil {
		rewire(&deps)
	}
	return newFeature(deps)
}

// paramDefaults are the run-time parameters' defaults the environment sets:
// HEARTH_CHAT_RECALL_SECONDS is the chat recall window's until the super
// admin changes it at /params-setting.
// backupService is the scheduled backups of this server's database and files.
func backupService(d Deps, blobs blob.Store, params *param.Params, fc config.Files) *backup.Service {
	deps := backup.Deps{DB: d.DB, Files: blobs, JWTSecret: d.Config.JWTSecret, Version: config.Version, Params: params, Log: d.Log, Now: d.Now,
		Settings: backup.Settings{Recipient: d.Config.Backup.Recipient, To: d.Config.Backup.To, S3: fc.S3}}
	if st, err := os.Stat(d.Config.DataDir); err == nil && st.IsDir() {
		deps.Scratch = d.Config.DataDir // the database's disk, rather than a /tmp that may live in memory
	}
	if !bytes.Equal(d.Config.LoginAESKey, []byte(config.DevLoginAESKey)) {
		deps.LoginAESKey = d.Config.LoginAESKey
	}
	return backup.New(deps)
}

func paramDefaults(cfg *config.Config) param.Defaults {
	defaults := param.Defaults{}
	if cfg.Chat.RecallSeconds > 0 {
		defaults[param.ChatRecallSeconds.Key()] = strconv.Itoa(cfg.Chat.RecallSeconds)
	}
	// Two-factor sign-in per role: HEARTH_2FA_ROLES is the default of each role's parameter.
	for k, v := range param.TwoFactorDefaults(cfg.TwoFactorRoles) {
		defaults[k] = v
	}
	// Two-factor sign-in per role: HEARTH_2FA_ROLES is the default of each role's parameter.
	for k, v := range param.TwoFactorDefaults(cfg.TwoFactorRoles) {
		defaults[k] = v
	}
	return defaults
}

// uploadLimit bounds a feature's upload request: every file at its limit, plus room for the form.
func uploadLimit(fc config.Files) int64 {
	const ceiling = 4 << 30
	if fc.MaxFileBytes <= 0 || fc.MaxFilesPerCall <= 0 {
		return ceiling
	}
	return min(ceiling, fc.MaxFileBytes*int64(fc.MaxFilesPerCall)+1<<20)
}

// Run runs the server's background work until ctx ends: the removal of
// uploads never confirmed (every 10 minutes; safe on every replica at once),
// on PostgreSQL the LISTEN for other replicas' sign-in revocations, chat
// frames (closing the chat sockets when ctx ends) and list versions, and the
// background jobs' workers (periodic jobs on the one leader replica).
func (s *Server) Run(ctx context.Context) error {
	listened := make(chan error, 1)
	go func() { listened <- s.IAM.ListenSessionChanges(ctx) }()
	worked := make(chan error, 1)
	go func() { worked <- s.Jobs.Run(ctx) }()
	chatted := make(chan error, 1)
	go func() { chatted <- s.Realtime.Run(ctx) }()
	versions := make(chan error, 1)
	go func() { versions <- keep.Listen(ctx, s.db, s.log) }()
	settings := make(chan error, 1)
	go func() { settings <- s.Params.Versions().Listen(ctx, s.log) }()
	err := s.Files.Run(ctx)
	return errors.Join(err, <-listened, <-worked, <-chatted, <-versions, <-settings)
}

// ServeMetrics serves h (Server.Metrics) at addr until ctx ends: a listener
// of its own, so the API's public address never shows the server's metrics.
// It answers once the address is bound.
func ServeMetrics(ctx context.Context, addr string, h http.Handler, log *slog.Logger) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("HEARTH_METRICS_ADDR: %w", err)
	}
	mux := http.NewServeMux()
	mux.Handle("/metrics", h)
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		_ = srv.Close()
	}()
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("metrics listener stopped", "err", err)
		}
	}()
	log.Info("metrics listening (HEARTH_METRICS_ADDR)", "addr", ln.Addr().String())
	return nil
}

// Serve runs the HTTP server until ctx ends, then drains for up to 30 s.
func Serve(ctx context.Context, cfg *config.Config, h http.Handler, log *slog.Logger) error {
	srv := &http.Server{
		Addr: cfg.Addr, Handler: h,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       RequestTimeout, WriteTimeout: RequestTimeout + 5*time.Second, IdleTimeout: 120 * time.Second,
	}
	errc := make(chan error, 1)
	go func() {
		if cfg.TLSCert != "" {
			errc <- srv.ListenAndServeTLS(cfg.TLSCert, cfg.TLSKey)
		} else {
			errc <- srv.ListenAndServe()
		}
	}()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	// The drain outlives ctx, which has just ended.
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
