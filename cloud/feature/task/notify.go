package task

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"hearth/cloud/platform/db"
	"hearth/cloud/platform/jobs"
	"hearth/cloud/platform/mail"
	"hearth/cloud/platform/msg"
	"hearth/cloud/platform/zone"
	"hearth/shared"
)

// Count and notify. The expiry job counts what it stores EXPIRED
// (hearth_task_records_expired_total); the digest job mails each facility's
// owners and admins, once a day, what of the day before was missed.
//
// The digest of a facility day is decided once its day has closed: at or after
// DigestHour facility time the next morning, and once no window of that day is
// still open (a night session that an owner made end later). Deciding writes
// task_digests' row for the facility and day in the same transaction that
// reads the day's records; the row's primary key lets one such transaction
// commit, so replicas, retries and the next hourly runs never send a day
// twice. The mails go out after the commit. The trade-off is at most once: a
// crash between the commit and the mails, or an SMTP failure, loses that
// day's digest (logged, and counted as failed) rather than risk sending it
// twice; the expired work itself stays on the task page until it is done or
// cleared, so nothing is lost but the reminder.

const (
	// DigestHour is the facility's hour of the morning after which the digest
	// of the day before is sent: the night session (21:00–06:00 by default)
	// has closed, and the owner reads it at the start of the day.
	DigestHour = 7
	// DigestEvery is how often the digest job looks for facilities whose
	// digest is due, so it arrives within the hour after DigestHour.
	DigestEvery = time.Hour
	// digestTitles is how many of a resident's missed tasks the digest names.
	digestTitles = 5
	// digestTimeout bounds one run (a mail server can take 30 s a message);
	// under jobs.RescueAfter, so a slow run is never taken for a dead one.
	digestTimeout = 10 * time.Minute
)

// Outcomes of a digest mail, the "outcome" label of hearth_task_digest_mails_total.
const (
	digestSent   = "sent"
	digestFailed = "failed" // not retried: a digest is sent at most once
)

var (
	expiredRecords = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "hearth_task_records_expired_total", Help: "Task occurrences the expiry job stored EXPIRED: their window closed and nobody had done them.",
	})
	digestMails = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "hearth_task_digest_mails_total", Help: "Daily missed-care digest mails to owners and admins, by outcome (sent, failed; a failed one is not retried).",
	}, []string{"outcome"})
)

// Notify is what counting and notifying take from the server.
type Notify struct {
	// Mail sends the digests; nil: no digest job.
	Mail mail.Sender
	// PublicURL is where people reach Hearth (HEARTH_PUBLIC_URL); the digest links to its /task page.
	PublicURL string
	// Metrics is the server's registry; nil: the counters are kept but not served.
	Metrics prometheus.Registerer
}

// RegisterNotify registers the task metrics on n.Metrics and the daily digest
// job on q (periodic, every DigestEvery).
func (s *Service) RegisterNotify(q *jobs.Queue, n Notify) {
	if n.Metrics != nil {
		n.Metrics.MustRegister(expiredRecords, digestMails)
		digestMails.WithLabelValues(digestSent) // shown at 0 before the first digest
		digestMails.WithLabelValues(digestFailed)
	}
	if n.Mail == nil {
		return
	}
	d := &digests{s: s, mail: n.Mail, link: strings.TrimRight(n.PublicURL, "/") + "/task"}
	jobs.Periodic(q, "task_missed_care_digest", DigestEvery, func(ctx context.Context) error {
		n, err := d.send(ctx, s.now())
		if n > 0 {
			s.log.InfoContext(ctx, "task digests decided", "facilities", n)
		}
		return err
	}, jobs.PeriodicOptions{Timeout: digestTimeout})
}

// digests sends the daily digests.
type digests struct {
	s    *Service
	mail mail.Sender
	link string // the /task page
}

// dueFacility is a facility whose digest of a day may be due.
type dueFacility struct {
	ID, Name string
}

// send decides the digest of the day before for every facility whose local
// time has passed DigestHour and whose day has no digest yet, and mails those
// with missed care. Returns how many facilities' digests it decided. A
// facility that fails does not stop the others; the run then fails, and its
// retry (or the next run) looks again at what is still undecided.
func (d *digests) send(ctx context.Context, now time.Time) (int, error) {
	zones, err := d.s.store.Zones(ctx, d.s.db)
	if err != nil {
		return 0, err
	}
	decided := 0
	var errs []error
	for _, z := range zones {
		loc := zone.Of(z)
		if now.In(loc).Hour() < DigestHour {
			continue
		}
		day := formatDate(civil(now, loc).AddDate(0, 0, -1))
		due, err := d.due(ctx, z, day)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		for _, f := range due {
			ok, err := d.facility(ctx, f, day, z, now)
			if err != nil {
				errs = append(errs, err)
			} else if ok {
				decided++
			}
			if err := ctx.Err(); err != nil {
				return decided, errors.Join(append(errs, err)...)
			}
		}
	}
	return decided, errors.Join(errs...)
}

// due are the facilities of zone z that had work on day and have no digest of it yet.
func (d *digests) due(ctx context.Context, z shared.TimeZone, day string) ([]dueFacility, error) {
	rows, err := d.s.db.QueryContext(ctx, `SELECT t.id, t.facility_name FROM tenants t
		WHERE t.time_zone = ?
		AND EXISTS (SELECT 1 FROM task_records tr WHERE tr.tenant_id = t.id AND tr.day = ?)
		AND NOT EXISTS (SELECT 1 FROM task_digests g WHERE g.tenant_id = t.id AND g.day = ?)
		ORDER BY t.id`, z, day, day)
	if err != nil {
		return nil, db.Wrap("task: digests due", err)
	}
	defer rows.Close()
	var out []dueFacility
	for rows.Next() {
		var f dueFacility
		if err := rows.Scan(&f.ID, &f.Name); err != nil {
			return nil, db.Wrap("task: digests due", err)
		}
		out = append(out, f)
	}
	return out, db.Wrap("task: digests due", rows.Err())
}

// facility decides f's digest of day: false when the day still has an open
// window, or another run decided it first. Mails go out after the commit.
func (d *digests) facility(ctx context.Context, f dueFacility, day string, z shared.TimeZone, now time.Time) (bool, error) {
	var sum *missedDay
	var to []digestRecipient
	decided := false
	err := d.s.db.InTx(ctx, func(tx *db.Tx) error {
		recs, err := missedRecords(ctx, tx, f.ID, day)
		if err != nil {
			return err
		}
		var open bool
		if sum, open = summarize(recs, now.UnixMilli()); open {
			return nil // wait for the day's last window to close
		}
		if sum.expired+sum.late > 0 {
			if to, err = digestRecipients(ctx, tx, f.ID); err != nil {
				return err
			}
		}
		decided, err = db.Affected(tx.ExecContext(ctx, `INSERT INTO task_digests (tenant_id, day, expired, late, recipients, sent_at)
			VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (tenant_id, day) DO NOTHING`,
			f.ID, day, sum.expired, sum.late, len(to), now.UnixMilli()))
		return db.Wrap("task: digest", err)
	})
	if err != nil || !decided {
		return false, err
	}
	log := d.s.log.With("tenant_id", f.ID, "day", day)
	log.InfoContext(ctx, "task digest decided", "expired", sum.expired, "late", sum.late, "recipients", len(to))
	// The day is decided: a cancelled run must not stop its mails half-way.
	ctx = context.WithoutCancel(ctx)
	for _, r := range to {
		m := digestMessage(r, f.Name, day, z, sum, d.link)
		if err := d.mail.Send(ctx, m); err != nil {
			digestMails.WithLabelValues(digestFailed).Inc()
			log.ErrorContext(ctx, "task digest: mail not sent (not retried: at most once)", "err", err, "to", r.Email)
			continue
		}
		digestMails.WithLabelValues(digestSent).Inc()
	}
	return true, nil
}

// missedRecord is a record of the day that was not done in its window, or is still open.
type missedRecord struct {
	ResidentID       sql.NullString
	First, Last      sql.NullString
	Title            string
	TimeSession      shared.TimeSession
	TimeOfDay        string
	DueStart, DueEnd int64
	Status           shared.TaskRecordStatus
	Late             bool
}

// missedRecords are the facility's records of day that are not done on time
// (PENDING, EXPIRED, CLEARED, or COMPLETED late), of facility tasks and of
// residents the day's records are shown for (visible), by due time.
func missedRecords(ctx context.Context, q db.Querier, tenantID, day string) ([]missedRecord, error) {
	rows, err := q.QueryContext(ctx, `SELECT tr.resident_id, r.first_name, r.last_name, tr.title, tr.time_session, tr.time_of_day,
		tr.due_start, tr.due_end, tr.status, tr.late
		FROM task_records tr LEFT JOIN residents r ON r.id = tr.resident_id
		WHERE tr.tenant_id = ? AND tr.day = ? AND (tr.status <> 'COMPLETED' OR tr.late)`+visible+`
		ORDER BY tr.due_start, tr.title, tr.id`, tenantID, day)
	if err != nil {
		return nil, db.Wrap("task: missed records", err)
	}
	defer rows.Close()
	var out []missedRecord
	for rows.Next() {
		var m missedRecord
		if err := rows.Scan(&m.ResidentID, &m.First, &m.Last, &m.Title, &m.TimeSession, &m.TimeOfDay,
			&m.DueStart, &m.DueEnd, &m.Status, &m.Late); err != nil {
			return nil, db.Wrap("task: missed records", err)
		}
		out = append(out, m)
	}
	return out, db.Wrap("task: missed records", rows.Err())
}

// missedDay is a facility day's missed care.
type missedDay struct {
	expired int // expired undone: EXPIRED, CLEARED, or PENDING past its window
	late    int // completed after its window
	groups  []missedGroup
}

// missedGroup is one resident's expired tasks (name "" for the facility's own tasks).
type missedGroup struct {
	residentID string
	first      string
	last       string
	count      int
	titles     []missedTitle // by the first one's due time
}

// missedTitle is one task title that expired, how often, and its first window.
type missedTitle struct {
	title      string
	count      int
	start, end int64
	allDay     bool // a task with neither a time nor a session: due any time of the day
}

// summarize counts recs (by due time) at now; open when one is still PENDING
// in its window (the day has not closed). Residents come by last then first
// name, the facility's own tasks last.
func summarize(recs []missedRecord, now int64) (*missedDay, bool) {
	out := &missedDay{}
	byID := map[string]*missedGroup{}
	for _, r := range recs {
		switch {
		case r.Status == shared.RecordPending && r.DueEnd > now:
			return nil, true
		case r.Status == shared.RecordCompleted:
			out.late++
			continue
		}
		out.expired++
		key := r.ResidentID.String // "": a facility task
		g := byID[key]
		if g == nil {
			g = &missedGroup{residentID: key, first: r.First.String, last: r.Last.String}
			byID[key] = g
		}
		g.count++
		i := slices.IndexFunc(g.titles, func(t missedTitle) bool { return t.title == r.Title })
		if i < 0 {
			g.titles = append(g.titles, missedTitle{title: r.Title, start: r.DueStart, end: r.DueEnd,
				allDay: r.TimeOfDay == "" && r.TimeSession == ""})
			i = len(g.titles) - 1
		}
		g.titles[i].count++
	}
	for _, g := range byID {
		out.groups = append(out.groups, *g)
	}
	slices.SortFunc(out.groups, func(a, b missedGroup) int {
		if (a.residentID == "") != (b.residentID == "") {
			if a.residentID == "" {
				return 1
			}
			return -1
		}
		return cmp.Or(strings.Compare(a.last, b.last), strings.Compare(a.first, b.first), strings.Compare(a.residentID, b.residentID))
	})
	return out, false
}

// digestRecipient is an owner or admin of the facility who can be mailed.
type digestRecipient struct {
	Name, Email string
	Language    shared.Language
}

// digestRecipients are the facility's owners and admins whose account and
// membership are enabled and who have an e-mail address, by address.
func digestRecipients(ctx context.Context, q db.Querier, tenantID string) ([]digestRecipient, error) {
	args := []any{tenantID}
	for _, r := range shared.FacilityManagers {
		args = append(args, string(r))
	}
	rows, err := q.QueryContext(ctx, `SELECT u.name, u.email, u.language FROM memberships m JOIN users u ON u.id = m.user_id
		WHERE m.tenant_id = ? AND m.role IN (`+db.Marks(len(shared.FacilityManagers))+`)
		AND m.status = 'enabled' AND u.status = 'enabled' AND u.email <> ''
		ORDER BY u.email`, args...)
	if err != nil {
		return nil, db.Wrap("task: digest recipients", err)
	}
	defer rows.Close()
	var out []digestRecipient
	for rows.Next() {
		var r digestRecipient
		if err := rows.Scan(&r.Name, &r.Email, &r.Language); err != nil {
			return nil, db.Wrap("task: digest recipients", err)
		}
		out = append(out, r)
	}
	return out, db.Wrap("task: digest recipients", rows.Err())
}

// digestTimeLayout is how a window's start and end read in the digest: the
// facility's wall clock, followed by its zone code (PT).
const digestTimeLayout = "15:04"

// digestMessage is the digest of sum for one recipient, in their language
// (users.language: the language they last signed in with or were hired in,
// else English), with times on the facility's clock and its zone code.
func digestMessage(to digestRecipient, facility, day string, z shared.TimeZone, sum *missedDay, link string) mail.Message {
	lang := shared.LangEnUS
	if slices.Contains(msg.Languages, to.Language) {
		lang = to.Language
	}
	loc := zone.Of(z)
	code := string(z)
	if _, ok := z.Location(); !ok {
		code = string(shared.TimeZonePT) // zone.Of's fallback
	}
	args := map[string]any{"name": to.Name, "facility": facility, "date": day}
	var b strings.Builder
	line := func(s string) {
		b.WriteString(s)
		b.WriteByte('\n')
	}
	line(msg.T(lang, "task.mail.greeting", args))
	line("")
	line(msg.T(lang, "task.mail.intro", args))
	line("")
	line(msg.T(lang, "task.mail.expired", map[string]any{"count": sum.expired}))
	line(msg.T(lang, "task.mail.late", map[string]any{"count": sum.late}))
	if len(sum.groups) > 0 {
		line("")
		line(msg.T(lang, "task.mail.byResident", nil))
		for _, g := range sum.groups {
			name := strings.TrimSpace(g.first + " " + g.last)
			if g.residentID == "" {
				name = msg.T(lang, "task.mail.facilityTasks", nil)
			}
			line("- " + msg.T(lang, "task.mail.resident", map[string]any{"name": name, "count": g.count}))
			for i, t := range g.titles {
				if i == digestTitles {
					line("    " + msg.T(lang, "task.mail.more", map[string]any{"count": len(g.titles) - digestTitles}))
					break
				}
				when := time.UnixMilli(t.start).In(loc).Format(digestTimeLayout) + "–" +
					time.UnixMilli(t.end).In(loc).Format(digestTimeLayout) + " " + code
				if t.allDay {
					when = msg.T(lang, "task.mail.allDay", nil)
				}
				item := msg.T(lang, "task.mail.item", map[string]any{"title": t.title, "when": when})
				if t.count > 1 {
					item = msg.T(lang, "task.mail.itemRepeated", map[string]any{"title": t.title, "when": when, "count": t.count})
				}
				line("    · " + item)
			}
		}
	}
	line("")
	line(msg.T(lang, "task.mail.link", map[string]any{"link": link}))
	line("")
	line(msg.T(lang, "task.mail.why", args))
	return mail.Message{To: to.Email, Subject: msg.T(lang, "task.mail.subject", args), Body: b.String()}
}
