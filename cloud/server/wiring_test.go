package server_test

import (
	"log/slog"
	"strings"
	"testing"

	"hearth/cloud/feature/attendance"
	"hearth/cloud/feature/carerecord"
	"hearth/cloud/feature/facilitydoc"
	"hearth/cloud/feature/file"
	"hearth/cloud/feature/iam"
	"hearth/cloud/feature/im"
	"hearth/cloud/feature/incident"
	"hearth/cloud/feature/medication"
	"hearth/cloud/feature/notification"
	"hearth/cloud/feature/push"
	"hearth/cloud/feature/request"
	"hearth/cloud/feature/resident"
	"hearth/cloud/feature/shift"
	"hearth/cloud/feature/staff"
	"hearth/cloud/feature/task"
	"hearth/cloud/platform/config"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/platform/jobs"
	"hearth/cloud/server"
	"hearth/cloud/server/servertest"
)

// A feature built without a collaborator it needs refuses to be built, naming
// what is missing, and server.New returns that error: the server does not
// start. Before, each was set after New (SetChart, SetChat, …) and checked
// for nil where it was used, so a forgotten one quietly did nothing (a
// refused dose wrote no note on the resident's record).
func TestMissingCollaboratorStopsTheServer(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d, servertest.Options{Outbox: true})
		s := e.Server
		q, err := jobs.New(d, nil)
		if err != nil {
			t.Fatal(err)
		}
		cases := []struct {
			name    string
			build   func() error
			missing []string
		}{
			// Everything but the resident's record: refused and missed doses would write nothing.
			{"medication without its chart", func() error {
				_, err := medication.New(medication.Deps{DB: d, Files: s.Files, Notify: s.Notifications, OnShift: s.Attendance, Chat: s.Chat, Params: s.Params})
				return err
			}, []string{"Chart"}},
			{"medication", func() error { _, err := medication.New(medication.Deps{DB: d}); return err },
				[]string{"Files", "Notify", "OnShift", "Chart", "Chat", "Params"}},
			{"task", func() error { _, err := task.New(task.Deps{DB: d}); return err }, []string{"Chart"}},
			{"resident", func() error { _, err := resident.New(resident.Deps{DB: d}); return err },
				[]string{"Files", "Packages", "Tasks", "Meds", "Announce", "Chart", "Params"}},
			{"shift", func() error { _, err := shift.New(shift.Deps{DB: d}); return err },
				[]string{"Packages", "Notify", "Credentials", "Announce", "Chat"}},
			{"incident", func() error { _, err := incident.New(incident.Deps{DB: d}); return err },
				[]string{"Packages", "Notify", "Files", "Announce", "Analyzer", "Queue", "Chat", "Params"}},
			{"request", func() error { _, err := request.New(request.Deps{DB: d}); return err }, []string{"Mail", "Chat"}},
			{"carerecord", func() error { _, err := carerecord.New(carerecord.Deps{DB: d, Queue: q}); return err }, []string{"Translator", "Params"}},
			{"staff", func() error { _, err := staff.New(staff.Deps{DB: d}); return err }, []string{"Files", "Accounts", "Packages", "Mail", "Announce"}},
			{"attendance", func() error { _, err := attendance.New(attendance.Deps{DB: d}); return err }, []string{"Mail", "Avatars"}},
			{"facilitydoc", func() error { _, err := facilitydoc.New(facilitydoc.Deps{DB: d}); return err }, []string{"Files", "Params"}},
			{"im", func() error { _, err := im.New(im.Deps{DB: d, Config: config.Chat{}}); return err },
				[]string{"Files", "Translator", "Publisher", "Alerts", "Params"}},
			{"notification", func() error { _, err := notification.New(notification.Deps{DB: d}); return err }, []string{"Push"}},
			{"push", func() error { _, err := push.New(push.Deps{DB: d}); return err }, []string{"Queue"}},
			{"file", func() error { _, err := file.New(file.Deps{DB: d, Secret: []byte("x")}); return err }, []string{"Blobs", "Packages", "Accounts"}},
			{"db", func() error { _, err := task.New(task.Deps{Chart: s.Records}); return err }, []string{"DB"}},
			// The one collaborator set after New (the file service is built on iam): the server checks it.
			{"iam", func() error { return iam.New(d, nil, nil, e.Config, nil, nil, nil).Wired() }, []string{"Params", "AvatarURLs"}},
		}
		for _, c := range cases {
			err := c.build()
			if err == nil {
				t.Errorf("%s: built without %v", c.name, c.missing)
				continue
			}
			for _, m := range c.missing {
				if !strings.Contains(err.Error(), m) {
					t.Errorf("%s: %q does not name %s", c.name, err, m)
				}
			}
		}
		if err := s.IAM.Wired(); err != nil {
			t.Errorf("the server's iam: %v", err)
		}
	})
}

// server.New itself refuses to start when a feature is wired without a
// collaborator it needs, and its error names the feature and the collaborator
// (`hearth serve` returns it and exits). Wired as New wires them, it starts.
func TestServerWithoutACollaboratorDoesNotStart(t *testing.T) {
	t.Parallel()
	d := dbtest.SQLite(t)
	deps := func() server.Deps {
		return server.Deps{DB: d, Log: slog.New(slog.DiscardHandler), Config: &config.Config{
			DataDir: t.TempDir(), JWTSecret: []byte(servertest.JWTSecret), LoginAESKey: []byte(config.DevLoginAESKey)}}
	}
	for _, c := range []struct {
		name string
		drop func(featureDeps any)
		want string
	}{
		// A refused or missed dose would write nothing on the resident's record.
		{"medication without the resident's record", func(fd any) {
			if m, ok := fd.(*medication.Deps); ok {
				m.Chart = nil
			}
		}, "medication: missing collaborators Chart"},
		// An incident submitted would never be analysed.
		{"incident without its analyzer", func(fd any) {
			if i, ok := fd.(*incident.Deps); ok {
				i.Analyzer = nil
			}
		}, "incident: missing collaborators Analyzer"},
		// Coverage would not know whose credentials have lapsed.
		{"shift without the staff rules engine", func(fd any) {
			if s, ok := fd.(*shift.Deps); ok {
				s.Credentials = nil
			}
		}, "shift: missing collaborators Credentials"},
		{"staff without mail", func(fd any) {
			if s, ok := fd.(*staff.Deps); ok {
				s.Mail = nil
			}
		}, "staff: missing collaborators Mail"},
	} {
		srv, err := server.NewRewired(deps(), c.drop)
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: server.New = %v, %v; want the error %q", c.name, srv != nil, err, c.want)
		}
	}
	if _, err := server.NewRewired(deps(), func(any) {}); err != nil {
		t.Fatalf("server.New with every collaborator: %v", err)
	}
}
