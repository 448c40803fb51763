package server_test

import (
	"strings"
	"testing"

	"hearth/cloud/feature/attendance"
	"hearth/cloud/feature/carerecord"
	"hearth/cloud/feature/file"
	"hearth/cloud/feature/iam"
	"hearth/cloud/feature/im"
	"hearth/cloud/feature/incident"
	"hearth/cloud/feature/medication"
	"hearth/cloud/feature/request"
	"hearth/cloud/feature/resident"
	"hearth/cloud/feature/shift"
	"hearth/cloud/feature/staff"
	"hearth/cloud/feature/task"
	"hearth/cloud/platform/config"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/platform/jobs"
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
				_, err := medication.New(medication.Deps{DB: d, Files: s.Files, Notify: s.Notifications, OnShift: s.Attendance, Chat: s.Chat})
				return err
			}, []string{"Chart"}},
			{"medication", func() error { _, err := medication.New(medication.Deps{DB: d}); return err },
				[]string{"Files", "Notify", "OnShift", "Chart", "Chat"}},
			{"task", func() error { _, err := task.New(task.Deps{DB: d}); return err }, []string{"Chart"}},
			{"resident", func() error { _, err := resident.New(resident.Deps{DB: d}); return err },
				[]string{"Files", "Tasks", "Meds", "Announce", "Chart"}},
			{"shift", func() error { _, err := shift.New(shift.Deps{DB: d}); return err },
				[]string{"Notify", "Credentials", "Announce", "Chat"}},
			{"incident", func() error { _, err := incident.New(incident.Deps{DB: d}); return err },
				[]string{"Notify", "Files", "Announce", "Analyzer", "Queue", "Chat"}},
			{"request", func() error { _, err := request.New(request.Deps{DB: d}); return err }, []string{"Mail", "Chat"}},
			{"carerecord", func() error { _, err := carerecord.New(carerecord.Deps{DB: d, Queue: q}); return err }, []string{"Translator"}},
			{"staff", func() error { _, err := staff.New(staff.Deps{DB: d}); return err }, []string{"Files", "Accounts", "Mail", "Announce"}},
			{"attendance", func() error { _, err := attendance.New(attendance.Deps{DB: d}); return err }, []string{"Mail", "Avatars"}},
			{"im", func() error { _, err := im.New(im.Deps{DB: d, Config: config.Chat{}}); return err },
				[]string{"Files", "Translator", "Publisher"}},
			{"file", func() error { _, err := file.New(file.Deps{DB: d, Secret: []byte("x")}); return err }, []string{"Blobs", "Accounts"}},
			{"db", func() error { _, err := task.New(task.Deps{Chart: s.Records}); return err }, []string{"DB"}},
			// The one collaborator set after New (the file service is built on iam): the server checks it.
			{"iam", func() error { return iam.New(d, nil, nil, e.Config, nil, nil).Wired() }, []string{"AvatarURLs"}},
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
