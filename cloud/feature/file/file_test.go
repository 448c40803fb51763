package file_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"image"
	_ "image/jpeg"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"hearth/cloud/feature/file"
	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/db"
	"hearth/cloud/platform/db/dbtest"
	"hearth/cloud/platform/doctext/doctexttest"
	"hearth/cloud/platform/problem"
	"hearth/cloud/server/servertest"
	"hearth/cloud/server/servertest/filetest"
	"hearth/shared"
)

const api = "/api/system"

// count is a COUNT(*) the test expects to be n.
func count(t *testing.T, d *db.DB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := d.QueryRowContext(context.Background(), query, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

// blobFiles lists the files under the test server's blob directory.
func blobFiles(t *testing.T, e *servertest.Env) []string {
	t.Helper()
	var out []string
	root := filepath.Join(e.Config.DataDir, "files")
	_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(root, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	return out
}

func rule(t *testing.T, r *servertest.Response) string {
	t.Helper()
	var fes []shared.FieldError
	r.Into(t, &fes)
	if len(fes) == 0 {
		t.Fatalf("no field errors in %s", r.Body)
	}
	return fes[0].Rule
}

func TestUploadChecksContentAndStoresAllOrNothing(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		c := e.SignIn(t, "caregiver_maple1")
		script := []byte("#!/bin/sh\nrm -rf /\n")

		// A PNG named .pdf is a PNG: its real type, its real extension.
		items := filetest.MustUpload(t, e, c, shared.FileServiceTicket, filetest.Part{Name: "scan.pdf", Data: filetest.PNG(30, 20)})
		if len(items) != 1 || items[0].Suffix != "png" || items[0].ContentType != "image/png" || items[0].Name != "scan.png" ||
			items[0].Category != shared.FileServiceTicket || items[0].Size == 0 || items[0].FileID == "" {
			t.Fatalf("PNG renamed .pdf: %+v", items)
		}
		got := c.Get(t, api+"/files/downloadByPath?path="+items[0].FileID+"&preview=true")
		if got.Header.Get("Content-Type") != "image/png" || !bytes.Equal(got.Body, filetest.PNG(30, 20)) {
			t.Fatalf("download of the PNG: %s %q", got.Header.Get("Content-Type"), got.Body[:min(20, len(got.Body))])
		}
		// PDF and JPEG (with either extension) are accepted.
		items = filetest.MustUpload(t, e, c, shared.FileCarePlan, filetest.Part{Name: "plan.PDF", Data: filetest.PDF()},
			filetest.Part{Name: "photo.jpeg", Data: filetest.JPEG(40, 30)}, filetest.Part{Name: "photo2", Data: filetest.JPEG(10, 10)})
		if items[0].Suffix != "pdf" || items[0].Name != "plan.PDF" || items[1].Suffix != "jpeg" || items[1].ContentType != "image/jpeg" ||
			items[2].Name != "photo2.jpg" {
			t.Fatalf("PDF and JPEG: %+v", items)
		}
		stored := blobFiles(t, e)
		rows := count(t, d, `SELECT COUNT(*) FROM files`)

		refuse := func(name string, r *servertest.Response, code, wantRule string) {
			t.Helper()
			r.Is(t, http.StatusOK, code)
			if wantRule != "" && rule(t, r) != wantRule {
				t.Errorf("%s: rule %q, want %q", name, rule(t, r), wantRule)
			}
			if n := count(t, d, `SELECT COUNT(*) FROM files`); n != rows {
				t.Errorf("%s: %d file rows after a refusal, want %d", name, n, rows)
			}
			if now := blobFiles(t, e); !slices.Equal(now, stored) {
				t.Errorf("%s: stored files changed after a refusal: %v", name, now)
			}
		}
		// A script renamed .png, with the browser's declared image/png type, is refused.
		refuse("script", filetest.Upload(t, e, c, shared.FileServiceTicket, filetest.Part{Name: "evil.png", Data: script}), shared.CodeValidation, "fileType")
		// PNG magic bytes with a broken header are not an image either.
		refuse("fake PNG", filetest.Upload(t, e, c, shared.FileServiceTicket,
			filetest.Part{Name: "fake.png", Data: append([]byte("\x89PNG\r\n\x1a\n"), make([]byte, 100)...)}), shared.CodeValidation, "fileType")
		refuse("empty", filetest.Upload(t, e, c, shared.FileServiceTicket, filetest.Part{Name: "empty.pdf"}), shared.CodeValidation, "empty")
		// HEIC photos and Word documents are papers for smart setup and the
		// facility documents only: a resident's documents and tickets refuse them.
		refuse("HEIC", filetest.Upload(t, e, c, shared.FileCarePlan, filetest.Part{Name: "plan.heic", Data: doctexttest.HEIC(t, filetest.PNG(64, 64))}),
			shared.CodeValidation, "fileType")
		refuse("DOCX", filetest.Upload(t, e, c, shared.FileServiceTicket, filetest.Part{Name: "plan.docx", Data: doctexttest.DOCX(t, "Care plan")}),
			shared.CodeValidation, "fileType")
		// One bad file refuses the whole batch, the good files included.
		r := filetest.Upload(t, e, c, shared.FileServiceTicket, filetest.Part{Name: "ok.png", Data: filetest.PNG(5, 5)},
			filetest.Part{Name: "ok.pdf", Data: filetest.PDF()}, filetest.Part{Name: "evil.png", Data: script})
		refuse("batch", r, shared.CodeValidation, "fileType")
		if !strings.Contains(r.Message, "evil.png") {
			t.Errorf("the message names no file: %q", r.Message)
		}
		refuse("category", filetest.Upload(t, e, c, "SECRET", filetest.Part{Name: "ok.png", Data: filetest.PNG(5, 5)}), shared.CodeValidation, "enum")
		refuse("no files", filetest.Upload(t, e, c, shared.FileServiceTicket), shared.CodeValidation, "required")

		// Configured limits answer the spec's codes.
		e.Server.Files.SetLimits(file.Limits{MaxFileBytes: 1024, TenantBytes: 1 << 30, MaxFiles: 10})
		refuse("too large", filetest.Upload(t, e, c, shared.FileServiceTicket, filetest.Part{Name: "big.pdf", Data: append(filetest.PDF(), make([]byte, 2048)...)}),
			shared.CodeSingleFileSize, "")
		e.Server.Files.SetLimits(file.Limits{MaxFileBytes: 1 << 20, TenantBytes: 1 << 30, MaxFiles: 2})
		three := []filetest.Part{{Name: "1.pdf", Data: filetest.PDF()}, {Name: "2.pdf", Data: filetest.PDF()}, {Name: "3.pdf", Data: filetest.PDF()}}
		refuse("too many", filetest.Upload(t, e, c, shared.FileServiceTicket, three...), shared.CodeMaxUploadFiles, "")
		var used int64
		if err := d.QueryRowContext(context.Background(), `SELECT SUM(size) FROM files WHERE tenant_id = ?`, e.FacilityID(t, "Maple House AFH")).Scan(&used); err != nil {
			t.Fatal(err)
		}
		e.Server.Files.SetLimits(file.Limits{MaxFileBytes: 1 << 20, TenantBytes: used + int64(len(filetest.PDF())) + 10, MaxFiles: 10})
		refuse("tenant full", filetest.Upload(t, e, c, shared.FileServiceTicket, three[:2]...), shared.CodeTotalUploadSize, "")
		filetest.MustUpload(t, e, c, shared.FileServiceTicket, three[0]) // one still fits
		// Another facility has its own total.
		filetest.MustUpload(t, e, e.SignIn(t, "caregiver_cedar1"), shared.FileServiceTicket, three[:2]...)

		// Messages come in the caller's language.
		c.Language = "es-ES"
		r = filetest.Upload(t, e, c, shared.FileServiceTicket, filetest.Part{Name: "evil.png", Data: script})
		if !strings.Contains(r.Message, "no es un archivo PDF") {
			t.Errorf("Spanish message: %q", r.Message)
		}
	})
}

func TestDownloadHeadersAndAccess(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		maple1 := e.SignIn(t, "caregiver_maple1")
		maple2 := e.SignIn(t, "caregiver_maple2")
		cedar := e.SignIn(t, "caregiver_cedar1")
		super := e.SignIn(t, "superadmin")
		ticketFile := filetest.MustUpload(t, e, maple1, shared.FileServiceTicket, filetest.Part{Name: "Résumé \"final\".pdf", Data: filetest.PDF()})[0]
		carePlan := filetest.MustUpload(t, e, maple1, shared.FileCarePlan, filetest.Part{Name: "plan.png", Data: filetest.PNG(8, 8)})[0]

		r := maple1.Get(t, api+"/files/downloadByPath?path="+ticketFile.FileID+"&preview=false")
		if r.Status != 200 || !bytes.Equal(r.Body, filetest.PDF()) {
			t.Fatalf("download: %d %s", r.Status, r.Body)
		}
		want := `attachment; filename="R_sum_ _final_.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22.pdf`
		if got := r.Header.Get("Content-Disposition"); got != want {
			t.Errorf("Content-Disposition %q\nwant %q", got, want)
		}
		if r.Header.Get("Content-Type") != "application/pdf" || r.Header.Get("X-Content-Type-Options") != "nosniff" ||
			r.Header.Get("Cache-Control") != "no-store" || r.Header.Get("Content-Length") != fmt.Sprint(len(filetest.PDF())) {
			t.Errorf("headers %v", r.Header)
		}
		// The UI's preview page may frame it; no other site may.
		if csp := r.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors 'self'") || r.Header.Get("X-Frame-Options") != "SAMEORIGIN" {
			t.Errorf("framing: %q %q", csp, r.Header.Get("X-Frame-Options"))
		}
		r = maple1.Get(t, api+"/files/downloadByPath?path="+ticketFile.FileID+"&preview=true&fileName=report.exe")
		if got := r.Header.Get("Content-Disposition"); got != `inline; filename="report.pdf"; filename*=UTF-8''report.pdf` {
			t.Errorf("preview with a client name: %q", got)
		}

		// Who may read what: another facility never; a colleague not another's
		// ticket attachment but the facility's care plan; the super admin every
		// ticket attachment and nothing else of a facility.
		cases := []struct {
			who  string
			c    *servertest.Client
			file shared.FileItem
			ok   bool
		}{
			{"cedar, ticket file", cedar, ticketFile, false},
			{"cedar, care plan", cedar, carePlan, false},
			{"colleague, ticket file", maple2, ticketFile, false},
			{"colleague, care plan", maple2, carePlan, true},
			{"super admin, ticket file", super, ticketFile, true},
			{"super admin, care plan", super, carePlan, false},
		}
		for _, tc := range cases {
			r := tc.c.Get(t, api+"/files/downloadByPath?path="+tc.file.FileID)
			if tc.ok && (r.Status != 200 || r.Code != "") {
				t.Errorf("%s: refused %s", tc.who, r.Body)
			}
			if !tc.ok {
				r.Is(t, http.StatusOK, shared.CodeNotFound)
			}
			r = tc.c.Get(t, api+"/files/downloadAndCompressImage?fileId="+carePlan.FileID+"&width=16&height=16")
			if tc.file == carePlan && !tc.ok {
				r.Is(t, http.StatusOK, shared.CodeNotFound)
			}
		}
		maple1.Get(t, api+"/files/downloadByPath?path=no-such-file").Is(t, http.StatusOK, shared.CodeNotFound)
		maple1.Get(t, api+"/files/downloadByPath?path=../../etc/passwd").Is(t, http.StatusOK, shared.CodeNotFound)
		// Without a sign-in nothing is served.
		e.Client().Get(t, api+"/files/downloadByPath?path="+carePlan.FileID).Is(t, http.StatusUnauthorized, shared.CodeUnauthorized)
	})
}

func TestSignedLinks(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		c := e.SignIn(t, "caregiver_maple1")
		items := filetest.MustUpload(t, e, c, shared.FileServiceTicket, filetest.Part{Name: "a.png", Data: filetest.PNG(12, 12)},
			filetest.Part{Name: "b.pdf", Data: filetest.PDF()})
		link := items[0].URL
		if !strings.HasPrefix(link, "/api/system/files/signed/"+items[0].FileID+"?exp=") || !strings.Contains(link, "&sig=") {
			t.Fatalf("url %q", link)
		}
		anon := e.Client() // an <img> tag sends no headers
		r := anon.Get(t, link)
		if r.Status != 200 || r.Header.Get("Content-Type") != "image/png" || !bytes.Equal(r.Body, filetest.PNG(12, 12)) ||
			!strings.HasPrefix(r.Header.Get("Content-Disposition"), "inline") || !strings.HasPrefix(r.Header.Get("Cache-Control"), "private, max-age=") {
			t.Fatalf("valid link: %d %v", r.Status, r.Header)
		}
		// Tampered: another file's id under this signature, a changed expiry, a changed signature.
		other := strings.Replace(link, items[0].FileID, items[1].FileID, 1)
		anon.Get(t, other).Is(t, http.StatusOK, shared.CodeForbidden)
		i := strings.Index(link, "exp=") + 4
		later := link[:i] + "9" + link[i+1:]
		anon.Get(t, later).Is(t, http.StatusOK, shared.CodeForbidden)
		anon.Get(t, link[:len(link)-2]+"AA").Is(t, http.StatusOK, shared.CodeForbidden)
		anon.Get(t, strings.Split(link, "?")[0]).Is(t, http.StatusOK, shared.CodeForbidden)
		// Expired after 10 minutes.
		e.Clock.Advance(9 * time.Minute)
		if r := anon.Get(t, link); r.Status != 200 || r.Code != "" {
			t.Fatalf("after 9 minutes: %s", r.Body)
		}
		e.Clock.Advance(61 * time.Second)
		anon.Get(t, link).Is(t, http.StatusOK, shared.CodeForbidden)
	})
}

func TestDeleteAndConfirm(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		maple1 := e.SignIn(t, "caregiver_maple1")
		maple2 := e.SignIn(t, "caregiver_maple2")
		cedar := e.SignIn(t, "caregiver_cedar1")
		admin := e.SignIn(t, "admin_maple")
		up := func() shared.FileItem {
			return filetest.MustUpload(t, e, maple1, shared.FileCarePlan, filetest.Part{Name: "p.pdf", Data: filetest.PDF()})[0]
		}
		a, b, c := up(), up(), up()

		// An unused upload is removed with its bytes.
		maple1.Get(t, api+"/files/delete?fileId="+a.FileID).OK(t)
		if n := count(t, d, `SELECT COUNT(*) FROM files WHERE id = ?`, a.FileID); n != 0 {
			t.Error("unconfirmed file row kept")
		}
		for _, f := range blobFiles(t, e) {
			if strings.Contains(f, a.FileID) {
				t.Errorf("bytes kept: %s", f)
			}
		}
		// Confirming: another facility's id is not found and nothing is confirmed.
		cedar.Post(t, api+"/files/confirmed", shared.ConfirmFilesRequest{FileIDs: []string{b.FileID}}).Is(t, http.StatusOK, shared.CodeNotFound)
		maple1.Post(t, api+"/files/confirmed", shared.ConfirmFilesRequest{FileIDs: []string{b.FileID, "missing"}}).Is(t, http.StatusOK, shared.CodeNotFound)
		if n := count(t, d, `SELECT COUNT(*) FROM files WHERE confirmed_at IS NOT NULL AND category <> 'CAREGIVER_CREDENTIAL'`); n != 0 {
			t.Fatalf("%d files confirmed by a refused call", n)
		}
		maple1.Post(t, api+"/files/confirmed", shared.ConfirmFilesRequest{FileIDs: []string{b.FileID, c.FileID, b.FileID}}).OK(t)
		maple1.Post(t, api+"/files/confirmed", shared.ConfirmFilesRequest{FileIDs: []string{b.FileID}}).OK(t) // again: fine

		// Who may delete: not another facility (4004), not a colleague (4003); the uploader and the facility's admin may.
		cedar.Get(t, api+"/files/delete?fileId="+b.FileID).Is(t, http.StatusOK, shared.CodeNotFound)
		maple2.Get(t, api+"/files/delete?fileId="+b.FileID).Is(t, http.StatusOK, shared.CodeForbidden)
		maple1.Get(t, api+"/files/delete?fileId="+b.FileID).OK(t)
		admin.Get(t, api+"/files/delete?fileId="+c.FileID).OK(t)
		// A confirmed file is kept, marked deleted, and no longer served.
		if n := count(t, d, `SELECT COUNT(*) FROM files WHERE id IN (?, ?) AND deleted_at IS NOT NULL`, b.FileID, c.FileID); n != 2 {
			t.Errorf("%d confirmed files soft-deleted, want 2", n)
		}
		if !slices.ContainsFunc(blobFiles(t, e), func(f string) bool { return strings.Contains(f, b.FileID) }) {
			t.Error("the bytes of a confirmed file were removed")
		}
		maple1.Get(t, api+"/files/downloadByPath?path="+b.FileID).Is(t, http.StatusOK, shared.CodeNotFound)
		maple1.Get(t, api+"/files/delete?fileId="+b.FileID).Is(t, http.StatusOK, shared.CodeNotFound)
		if n := count(t, d, `SELECT COUNT(*) FROM audit_log WHERE entity = 'file' AND action IN ('file.upload', 'file.confirm', 'file.delete', 'file.discard')`); n != 3+2+2+1 {
			t.Errorf("%d audit rows, want 8", n)
		}
	})
}

func TestCleanupRemovesUnconfirmedUploadsAfter24Hours(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		c := e.SignIn(t, "caregiver_maple1")
		start := e.Clock.Now()
		items := filetest.MustUpload(t, e, c, shared.FileServiceTicket, filetest.Part{Name: "kept.pdf", Data: filetest.PDF()},
			filetest.Part{Name: "dropped.png", Data: filetest.PNG(4, 4)})
		c.Post(t, api+"/files/confirmed", shared.ConfirmFilesRequest{FileIDs: []string{items[0].FileID}}).OK(t)
		e.Clock.Advance(2 * time.Hour)
		c = e.SignIn(t, "caregiver_maple1") // the access token has expired meanwhile
		late := filetest.MustUpload(t, e, c, shared.FileServiceTicket, filetest.Part{Name: "late.pdf", Data: filetest.PDF()})[0]
		files := e.Server.Files
		ctx := context.Background()

		if n, err := files.Cleanup(ctx, start.Add(23*time.Hour)); err != nil || n != 0 {
			t.Fatalf("before 24 hours: removed %d, %v", n, err)
		}
		// Two replicas running at once remove each file once.
		done := make(chan int, 2)
		for range 2 {
			go func() {
				n, err := files.Cleanup(ctx, start.Add(24*time.Hour+time.Minute))
				if err != nil {
					t.Error(err)
				}
				done <- n
			}()
		}
		if n := <-done + <-done; n != 1 {
			t.Fatalf("after 24 hours: removed %d, want 1", n)
		}
		if n, err := files.Cleanup(ctx, start.Add(25*time.Hour)); err != nil || n != 0 {
			t.Fatalf("again: removed %d, %v", n, err)
		}
		var left []string
		// The demo's staff credential documents are not this test's uploads.
		rows, err := d.QueryContext(ctx, `SELECT id FROM files WHERE category <> 'CAREGIVER_CREDENTIAL' ORDER BY created_at`)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var id string
			_ = rows.Scan(&id)
			left = append(left, id)
		}
		rows.Close()
		if !reflect.DeepEqual(left, []string{items[0].FileID, late.FileID}) {
			t.Fatalf("left %v", left)
		}
		for _, f := range blobFiles(t, e) {
			if strings.Contains(f, items[1].FileID) {
				t.Errorf("bytes of the removed upload kept: %s", f)
			}
		}
		c.Get(t, api+"/files/downloadByPath?path="+items[1].FileID).Is(t, http.StatusOK, shared.CodeNotFound)
		if n := count(t, d, `SELECT COUNT(*) FROM audit_log WHERE action = 'file.expire' AND entity_id = ?`, items[1].FileID); n != 1 {
			t.Errorf("%d expiry audit rows", n)
		}
		// The later upload goes 24 hours after it was made.
		if n, _ := files.Cleanup(ctx, start.Add(26*time.Hour+time.Minute)); n != 1 {
			t.Errorf("late upload: removed %d", n)
		}
	})
}

func TestCompressImage(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		c := e.SignIn(t, "caregiver_maple1")
		items := filetest.MustUpload(t, e, c, shared.FileCarePlan, filetest.Part{Name: "wide.png", Data: filetest.PNG(800, 400)},
			filetest.Part{Name: "doc.pdf", Data: filetest.PDF()}, filetest.Part{Name: "small.jpg", Data: filetest.JPEG(40, 20)})
		get := func(id string, w, h string) *servertest.Response {
			return c.Get(t, api+"/files/downloadAndCompressImage?fileId="+id+"&width="+w+"&height="+h+"&preview=true")
		}
		for range 2 { // the second answer comes from the kept copy
			// 100 × 100 is answered with the thumbnail size, 250 × 150, that covers it.
			r := get(items[0].FileID, "100", "100")
			if r.Status != 200 || r.Header.Get("Content-Type") != "image/jpeg" {
				t.Fatalf("resize: %d %s", r.Status, r.Body)
			}
			cfg, format, err := image.DecodeConfig(bytes.NewReader(r.Body))
			if err != nil || format != "jpeg" || cfg.Width != 250 || cfg.Height != 125 {
				t.Fatalf("resized: %v %s %dx%d", err, format, cfg.Width, cfg.Height)
			}
			if cd := r.Header.Get("Content-Disposition"); cd != `inline; filename="wide.jpg"; filename*=UTF-8''wide.jpg` {
				t.Errorf("Content-Disposition %q", cd)
			}
		}
		if !slices.ContainsFunc(blobFiles(t, e), func(f string) bool { return strings.HasSuffix(f, items[0].FileID+"/w250h150.jpg") }) {
			t.Errorf("no cached copy: %v", blobFiles(t, e))
		}
		// Never enlarged.
		r := get(items[2].FileID, "400", "400")
		if cfg, _, err := image.DecodeConfig(bytes.NewReader(r.Body)); err != nil || cfg.Width != 40 || cfg.Height != 20 {
			t.Errorf("small image: %v %dx%d", err, cfg.Width, cfg.Height)
		}
		r = get(items[1].FileID, "100", "100").Is(t, http.StatusOK, shared.CodeValidation)
		if rule(t, r) != "fileType" || !strings.Contains(r.Message, "doc.pdf") {
			t.Errorf("PDF: %s", r.Body)
		}
		get(items[0].FileID, "15", "100").Is(t, http.StatusOK, shared.CodeValidation)
		get(items[0].FileID, "100", "4097").Is(t, http.StatusOK, shared.CodeValidation)
		c.Get(t, api+"/files/downloadAndCompressImage?fileId="+items[0].FileID).Is(t, http.StatusOK, shared.CodeValidation)
	})
}

// A file belongs to its facility: its uploader, signed in to another of his
// facilities, can neither read, resize, confirm nor delete it from there.
func TestUploaderInAnotherFacility(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		atMaple := e.SignIn(t, "owner_evergreen", "Maple House AFH")
		items := filetest.MustUpload(t, e, atMaple, shared.FileCarePlan, filetest.Part{Name: "plan.png", Data: filetest.PNG(40, 40)})
		ticket := filetest.MustUpload(t, e, atMaple, shared.FileServiceTicket, filetest.Part{Name: "t.pdf", Data: filetest.PDF()})
		served := func(r *servertest.Response) {
			t.Helper()
			if r.Status != 200 || r.Code != "" {
				t.Fatalf("refused at Maple: %s", r.Body)
			}
		}
		served(atMaple.Get(t, api+"/files/downloadByPath?path="+items[0].FileID))
		atCedar := e.SignIn(t, "owner_evergreen", "Cedar Home AFH")
		for _, id := range []string{items[0].FileID, ticket[0].FileID} {
			atCedar.Get(t, api+"/files/downloadByPath?path="+id).Is(t, http.StatusOK, shared.CodeNotFound)
			atCedar.Get(t, api+"/files/delete?fileId="+id).Is(t, http.StatusOK, shared.CodeNotFound)
			atCedar.Post(t, api+"/files/confirmed", shared.ConfirmFilesRequest{FileIDs: []string{id}}).Is(t, http.StatusOK, shared.CodeNotFound)
		}
		atCedar.Get(t, api+"/files/downloadAndCompressImage?fileId="+items[0].FileID+"&width=64&height=64").Is(t, http.StatusOK, shared.CodeNotFound)
		// Back at Maple, both are still there.
		served(atMaple.Get(t, api+"/files/downloadByPath?path="+ticket[0].FileID))
	})
}

// Resized copies come in a fixed set of sizes, never larger than 1280 × 800,
// whatever size is asked for, each made once and counted in the facility's storage.
func TestCompressImageSizes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		c := e.SignIn(t, "caregiver_maple1")
		tenant := e.FacilityID(t, "Maple House AFH")
		items := filetest.MustUpload(t, e, c, shared.FileCarePlan, filetest.Part{Name: "square.png", Data: filetest.PNG(2000, 2000)})
		before, err := file.Store{}.Usage(context.Background(), d, tenant)
		if err != nil {
			t.Fatal(err)
		}
		var kept int64
		for _, tc := range []struct {
			w, h       string
			side, made int
		}{
			{"4096", "4096", 800, 1}, {"2000", "100", 800, 0}, {"250", "150", 150, 1}, {"300", "300", 400, 1},
			{"64", "64", 64, 1}, {"16", "16", 64, 0}, {"1280", "800", 800, 0},
		} {
			r := c.Get(t, api+"/files/downloadAndCompressImage?fileId="+items[0].FileID+"&width="+tc.w+"&height="+tc.h)
			cfg, _, err := image.DecodeConfig(bytes.NewReader(r.Body))
			if err != nil || cfg.Width != tc.side || cfg.Height != tc.side {
				t.Fatalf("%s × %s: %v %dx%d, want %d", tc.w, tc.h, err, cfg.Width, cfg.Height, tc.side)
			}
			if tc.made == 1 {
				kept += int64(len(r.Body))
			}
		}
		var copies []string
		for _, f := range blobFiles(t, e) {
			if strings.Contains(f, items[0].FileID+"/w") {
				copies = append(copies, path.Base(f))
			}
		}
		slices.Sort(copies)
		if want := []string{"w1280h800.jpg", "w250h150.jpg", "w400h400.jpg", "w64h64.jpg"}; !slices.Equal(copies, want) {
			t.Errorf("kept copies %v, want %v", copies, want)
		}
		after, err := file.Store{}.Usage(context.Background(), d, tenant)
		if err != nil || after-before != kept {
			t.Errorf("storage grew by %d, the copies hold %d (%v)", after-before, kept, err)
		}
		// A full facility is told so when the copies filled it.
		e.Server.Files.SetLimits(file.Limits{MaxFileBytes: 1 << 20, TenantBytes: before + int64(len(filetest.PDF())), MaxFiles: 10})
		filetest.Upload(t, e, c, shared.FileOther, filetest.Part{Name: "a.pdf", Data: filetest.PDF()}).Is(t, http.StatusOK, shared.CodeTotalUploadSize)
	})
}

// An image too large to decode safely is refused at upload, by its header,
// with a message naming the limits; nothing is stored.
func TestUploadPixelLimit(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		c := e.SignIn(t, "caregiver_maple1")
		stored := count(t, d, `SELECT COUNT(*) FROM files`)
		for _, tc := range []struct {
			name string
			w, h int
		}{{"wide.png", shared.ImageUploadMaxSide + 1, 10}, {"tall.png", 10, shared.ImageUploadMaxSide + 1}, {"huge.png", 6400, 6400}} {
			r := filetest.Upload(t, e, c, shared.FileCarePlan, filetest.Part{Name: tc.name, Data: filetest.PNGClaiming(tc.w, tc.h)})
			r.Is(t, http.StatusOK, shared.CodeValidation)
			if rule(t, r) != "imageDimensions" || !strings.Contains(r.Message, tc.name) || !strings.Contains(r.Message, "10000") || !strings.Contains(r.Message, "40 megapixels") {
				t.Errorf("%s: %s", tc.name, r.Body)
			}
		}
		if n := count(t, d, `SELECT COUNT(*) FROM files`); n != stored {
			t.Errorf("%d files stored", n-stored)
		}
		// Just inside the limits is accepted (the header is all that is checked here).
		filetest.MustUpload(t, e, c, shared.FileCarePlan, filetest.Part{Name: "ok.png", Data: filetest.PNGClaiming(shared.ImageUploadMaxSide, 4000)})
		c.Language = "zh-CN"
		r := filetest.Upload(t, e, c, shared.FileCarePlan, filetest.Part{Name: "huge.png", Data: filetest.PNGClaiming(6400, 6400)})
		if !strings.Contains(r.Message, "百万像素") {
			t.Errorf("Chinese message: %q", r.Message)
		}
	})
}

// A 1 × 1 lossless WebP.
var webp1x1, _ = base64.StdEncoding.DecodeString("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==")

func TestAvatarRules(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		c := e.SignIn(t, "caregiver_maple1")
		me := e.UserID(t, "caregiver_maple1")
		avatar := func(c *servertest.Client, userID string, p filetest.Part) *servertest.Response {
			p.Field = "file"
			return filetest.Post(t, e, c, api+"/user/uploadAvatar", map[string]string{"userId": userID}, p)
		}
		refused := func(name string, r *servertest.Response, wantRule string) {
			t.Helper()
			r.Is(t, http.StatusOK, shared.CodeValidation)
			if got := rule(t, r); got != wantRule {
				t.Errorf("%s: rule %q, want %q (%s)", name, got, wantRule, r.Message)
			}
		}
		refused("not an image", avatar(c, me, filetest.Part{Name: "me.png", Data: []byte("hello, I am text")}), "fileType")
		refused("PDF", avatar(c, me, filetest.Part{Name: "me.pdf", Data: filetest.PDF()}), "fileType")
		refused("empty", avatar(c, me, filetest.Part{Name: "me.png"}), "fileType")
		refused("too large", avatar(c, me, filetest.Part{Name: "big.png", Data: append([]byte("\x89PNG\r\n\x1a\n"), make([]byte, 10<<20)...)}), "fileSize")
		refused("too many pixels", avatar(c, me, filetest.Part{Name: "tall.png", Data: filetest.PNG(4097, 2)}), "imageDimensions")
		refused("broken", avatar(c, me, filetest.Part{Name: "broken.jpg", Data: filetest.JPEG(50, 50)[:300]}), "imageProcessing")
		// Far larger than the route accepts: refused before it is read.
		r := avatar(c, me, filetest.Part{Name: "huge.png", Data: make([]byte, 22<<20)}).Is(t, http.StatusOK, shared.CodeBadRequest)
		if !strings.Contains(r.Message, "MB") {
			t.Errorf("too large a body: %q", r.Message)
		}
		// Someone else's avatar: only the super admin may.
		avatar(c, e.UserID(t, "caregiver_maple2"), filetest.Part{Name: "me.png", Data: filetest.PNG(10, 10)}).Is(t, http.StatusOK, shared.CodeForbidden)
		if n := count(t, d, `SELECT COUNT(*) FROM files WHERE category = 'AVATAR'`); n != 0 {
			t.Fatalf("%d files stored by refused avatars", n)
		}

		var first shared.FileItem
		avatar(c, me, filetest.Part{Name: "me.png", Data: filetest.PNG(1000, 500)}).OK(t).Into(t, &first)
		var info shared.UserInfo
		c.Get(t, api+"/user/getUserInfo").OK(t).Into(t, &info)
		if !strings.HasPrefix(info.Avatar, file.SignedPath+first.FileID+"?") {
			t.Fatalf("getUserInfo avatar %q", info.Avatar)
		}
		// The header gets the 64 × 64 thumbnail through a signed link; the stored avatar is 400 wide.
		img := e.Client().Get(t, info.Avatar)
		if cfg, format, err := image.DecodeConfig(bytes.NewReader(img.Body)); err != nil || format != "jpeg" || cfg.Width != 64 || cfg.Height != 32 {
			t.Fatalf("header avatar: %v %s %dx%d", err, format, cfg.Width, cfg.Height)
		}
		// The size is signed: the same link asking for another size, or for the whole file, answers no image.
		for _, forged := range []string{
			strings.Replace(info.Avatar, "size=64", "size=400", 1),
			strings.Replace(info.Avatar, "size=64&", "", 1),
		} {
			if r := e.Client().Get(t, forged); strings.HasPrefix(r.Header.Get("Content-Type"), "image/") {
				t.Fatalf("a forged link %q answered an image (%d)", forged, r.Status)
			}
		}
		img = e.Client().Get(t, first.URL)
		cfg, format, err := image.DecodeConfig(bytes.NewReader(img.Body))
		if err != nil || format != "jpeg" || cfg.Width != 400 || cfg.Height != 200 {
			t.Fatalf("stored avatar: %v %s %dx%d", err, format, cfg.Width, cfg.Height)
		}
		if first.ThumbURL == "" {
			t.Fatal("an image FileItem carries no thumbUrl")
		}
		thumb := c.Get(t, api+"/files/downloadAndCompressImage?fileId="+first.FileID+"&width=64&height=64")
		if cfg, _, err := image.DecodeConfig(bytes.NewReader(thumb.Body)); err != nil || cfg.Width != 64 || cfg.Height != 32 {
			t.Fatalf("thumbnail: %v %dx%d", err, cfg.Width, cfg.Height)
		}
		// WebP is accepted; the new avatar replaces the old one, whose file goes.
		var second shared.FileItem
		avatar(c, "", filetest.Part{Name: "me.webp", Data: webp1x1, ContentType: "image/webp"}).OK(t).Into(t, &second)
		if n := count(t, d, `SELECT COUNT(*) FROM files WHERE id = ?`, first.FileID); n != 0 {
			t.Error("the replaced avatar's file was kept")
		}
		if n := count(t, d, `SELECT COUNT(*) FROM users WHERE id = ? AND avatar = ?`, me, second.FileID); n != 1 {
			t.Error("users.avatar not set")
		}
		if n := count(t, d, `SELECT COUNT(*) FROM audit_log WHERE action = 'user.avatar' AND entity_id = ?`, me); n != 2 {
			t.Errorf("%d avatar audit rows", n)
		}
		// The super admin may set anyone's avatar.
		avatar(e.SignIn(t, "superadmin"), e.UserID(t, "caregiver_maple2"), filetest.Part{Name: "x.jpg", Data: filetest.JPEG(30, 30)}).OK(t)
	})
}

// Two uploads at once into a facility's last free bytes (two caregivers, or
// two replicas on one database): exactly one is kept, the other answers 7009,
// and the facility never holds more than its total.
func TestUploadsAtOnceKeepTheFacilityTotal(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := servertest.Start(t, d)
		ctx := context.Background()
		tenant := e.FacilityID(t, "Maple House AFH")
		pdf := filetest.PDF()
		for round := range 8 {
			var used int64
			if err := d.QueryRowContext(ctx, `SELECT COALESCE(SUM(size), 0) FROM files WHERE tenant_id = ?`, tenant).Scan(&used); err != nil {
				t.Fatal(err)
			}
			limit := used + int64(len(pdf)) + 10 // room for one more
			e.Server.Files.SetLimits(file.Limits{MaxFileBytes: 1 << 20, TenantBytes: limit, MaxFiles: 10})
			var wg sync.WaitGroup
			errs := make([]error, 2)
			for i, account := range []string{"caregiver_maple1", "caregiver_maple2"} {
				p := &auth.Principal{UserID: e.UserID(t, account), TenantID: tenant, Roles: []shared.Role{shared.RoleCaregiverStaff}, Plan: shared.PlanPremium}
				wg.Add(1)
				go func() {
					defer wg.Done()
					_, errs[i] = e.Server.Files.Upload(ctx, p, shared.FileServiceTicket,
						[]file.Incoming{{Name: fmt.Sprintf("r%d-%d.pdf", round, i), Size: int64(len(pdf)), Body: bytes.NewReader(pdf)}})
				}()
			}
			wg.Wait()
			kept, full := 0, 0
			for _, err := range errs {
				var pe *problem.Error
				switch {
				case err == nil:
					kept++
				case errors.As(err, &pe) && pe.Code == shared.CodeTotalUploadSize:
					full++
				default:
					t.Fatalf("round %d: upload: %v", round, err)
				}
			}
			var now int64
			if err := d.QueryRowContext(ctx, `SELECT COALESCE(SUM(size), 0) FROM files WHERE tenant_id = ?`, tenant).Scan(&now); err != nil {
				t.Fatal(err)
			}
			if kept != 1 || full != 1 || now > limit {
				t.Fatalf("round %d: %d kept, %d refused 7009, %d bytes of %d; want one each and the total kept", round, kept, full, now, limit)
			}
		}
	})
}
