package server_test

import (
	"bytes"
	"context"
	"image"
	_ "image/jpeg"
	"io/fs"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"hearth/cloud/feature/file"
	"hearth/cloud/platform/blob/s3test"
	"hearth/cloud/platform/config"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/server/servertest"
	"hearth/cloud/server/servertest/filetest"
	"hearth/shared"
)

const filesAPI = "/api/system/files"

// Two replicas of `hearth serve` on one PostgreSQL database keep their files
// in one S3 store: what is uploaded through one is read, resized and deleted
// through the other, and a facility's storage limit holds across both.
// Not parallel: the S3 test server sets the AWS credential variables.
func TestReplicasShareFilesThroughS3(t *testing.T) {
	s3 := s3test.Start(t, "hearth")
	inS3 := func(c *config.Config) {
		c.Files = config.DefaultFiles(c.DataDir)
		c.Files.Dir, c.Files.S3 = "s3://hearth/files", s3.Options()
	}
	d := dbtest.Postgres(t)
	a := servertest.Start(t, d, servertest.Options{Config: inS3})
	b := servertest.Start(t, d, servertest.Options{Config: inS3, NoDemo: true}) // the demo is in the database already
	store := s3.Open(t, "s3://hearth/files")
	maple := a.FacilityID(t, "Maple House AFH")
	stored := func(fileID string) []string { // the objects of a file: its original and its resized copies
		t.Helper()
		keys, err := store.List(context.Background(), maple+"/"+fileID+"/")
		if err != nil {
			t.Fatal(err)
		}
		slices.Sort(keys)
		return keys
	}

	// Both replicas are ready; one pointed at a bucket that does not exist says so at /readyz
	// instead of failing at its first upload.
	for _, e := range []*servertest.Env{a, b} {
		if resp, body := fetch(t, e, http.MethodGet, "/readyz"); resp.StatusCode != http.StatusOK {
			t.Fatalf("/readyz of a replica: %d %q", resp.StatusCode, body)
		}
	}
	lost := servertest.Start(t, d, servertest.Options{NoDemo: true, Config: func(c *config.Config) {
		inS3(c)
		c.Files.Dir = "s3://no-such-bucket/files"
	}})
	if resp, body := fetch(t, lost, http.MethodGet, "/readyz"); resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(body, "file storage") {
		t.Fatalf("/readyz with a missing bucket: %d %q", resp.StatusCode, body)
	}

	atA := a.SignIn(t, "caregiver_maple1")
	atB := sameSession(b, atA)
	items := filetest.MustUpload(t, a, atA, shared.FileCarePlan, filetest.Part{Name: "wide.png", Data: filetest.PNG(800, 400)},
		filetest.Part{Name: "plan.pdf", Data: filetest.PDF()})
	photo, plan := items[0], items[1]
	if got := stored(photo.FileID); !slices.Equal(got, []string{maple + "/" + photo.FileID + "/original"}) {
		t.Fatalf("in S3 after the upload: %v", got)
	}
	for _, e := range []*servertest.Env{a, b} { // and nowhere on a replica's own disk
		_ = filepath.WalkDir(e.Config.DataDir, func(p string, _ fs.DirEntry, _ error) error {
			if strings.Contains(p, photo.FileID) {
				t.Errorf("kept on a replica's disk: %s", p)
			}
			return nil
		})
	}

	// Read through the other replica: the API, and the signed links an <img> or a download uses.
	if r := atB.Get(t, filesAPI+"/downloadByPath?path="+plan.FileID); r.Status != http.StatusOK || !bytes.Equal(r.Body, filetest.PDF()) {
		t.Fatalf("download through B: %d %.80s", r.Status, r.Body)
	}
	anonB := b.Client()
	if r := anonB.Get(t, photo.URL); r.Status != http.StatusOK || !bytes.Equal(r.Body, filetest.PNG(800, 400)) {
		t.Fatalf("A's signed link through B: %d %.80s", r.Status, r.Body)
	}
	// Resized through B (the thumbnail link and a compressed copy), kept in S3, served from there by A.
	r := anonB.Get(t, photo.ThumbURL)
	if cfg, format, err := image.DecodeConfig(bytes.NewReader(r.Body)); err != nil || format != "jpeg" || cfg.Width != shared.AvatarThumbSide {
		t.Fatalf("thumbnail through B: %d %v %s %dx%d", r.Status, err, format, cfg.Width, cfg.Height)
	}
	compress := filesAPI + "/downloadAndCompressImage?fileId=" + photo.FileID + "&width=100&height=100"
	fromB := atB.Get(t, compress)
	if cfg, _, err := image.DecodeConfig(bytes.NewReader(fromB.Body)); err != nil || cfg.Width != 250 || cfg.Height != 125 {
		t.Fatalf("resized through B: %d %v %dx%d", fromB.Status, err, cfg.Width, cfg.Height)
	}
	if got := stored(photo.FileID); len(got) != 3 || !slices.Contains(got, maple+"/"+photo.FileID+"/w250h150.jpg") {
		t.Fatalf("in S3 after resizing: %v", got)
	}
	if fromA := atA.Get(t, compress); !bytes.Equal(fromA.Body, fromB.Body) {
		t.Error("A made its own copy instead of serving B's")
	}

	// Deleted through B: the bytes and every copy leave S3, and A no longer serves the file.
	atB.Get(t, filesAPI+"/delete?fileId="+photo.FileID).OK(t)
	atB.Get(t, filesAPI+"/delete?fileId="+plan.FileID).OK(t)
	if left := append(stored(photo.FileID), stored(plan.FileID)...); len(left) != 0 {
		t.Errorf("left in S3 after the delete: %v", left)
	}
	atA.Get(t, filesAPI+"/downloadByPath?path="+plan.FileID).Is(t, http.StatusOK, shared.CodeNotFound)
	a.Client().Get(t, photo.URL).Is(t, http.StatusOK, shared.CodeNotFound)

	// The facility's storage limit counts what both replicas stored (7009).
	var used int64
	if err := d.QueryRowContext(context.Background(), `SELECT COALESCE(SUM(size), 0) + (SELECT COALESCE(SUM(v.size), 0) FROM file_variants v
		JOIN files f ON f.id = v.file_id WHERE v.tenant_id = ? AND f.deleted_at IS NULL)
		FROM files WHERE tenant_id = ? AND deleted_at IS NULL`, maple, maple).Scan(&used); err != nil {
		t.Fatal(err)
	}
	pdf := filetest.Part{Name: "p.pdf", Data: filetest.PDF()}
	room := file.Limits{MaxFileBytes: 1 << 20, TenantBytes: used + int64(len(pdf.Data)) + 10, MaxFiles: 10}
	a.Server.Files.SetLimits(room)
	b.Server.Files.SetLimits(room)
	first := filetest.MustUpload(t, a, atA, shared.FileCarePlan, pdf)[0]
	filetest.Upload(t, b, atB, shared.FileCarePlan, pdf).Is(t, http.StatusOK, shared.CodeTotalUploadSize)
	atA.Get(t, filesAPI+"/delete?fileId="+first.FileID).OK(t)
	filetest.MustUpload(t, b, atB, shared.FileCarePlan, pdf) // room again once A's upload is gone
	filetest.Upload(t, a, atA, shared.FileCarePlan, pdf).Is(t, http.StatusOK, shared.CodeTotalUploadSize)
}

// twoReplicas is two servers on one PostgreSQL database, each with its own
// connections as two `hearth serve` processes have, and caregiver_maple1
// signed in at the first (atA) and, in the same session, calling the second
// (atB).
func twoReplicas(t *testing.T) (a, b *servertest.Env, atA, atB *servertest.Client) {
	t.Helper()
	d := dbtest.Postgres(t)
	a = servertest.Start(t, d)
	second, err := d.Reopen(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = second.Close() })
	b = servertest.Start(t, second, servertest.Options{NoDemo: true}) // the demo is in the database already
	atA = a.SignIn(t, "caregiver_maple1")
	return a, b, atA, sameSession(b, atA)
}

// sameSession is c, signed in at one replica, calling another: the same
// tokens and device, as a load balancer would send its next request.
func sameSession(other *servertest.Env, c *servertest.Client) *servertest.Client {
	o := other.Client()
	o.DeviceID, o.IP, o.Language = c.DeviceID, c.IP, c.Language
	o.Use(c.Result)
	return o
}
