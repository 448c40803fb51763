package smartsetup_test

import (
	"testing"

	"hearth/cloud/server/servertest"
	"hearth/cloud/server/servertest/filetest"
	"hearth/shared"
)

const (
	ss  = "/api/care/smartSetup"
	res = "/api/care/resident"
)

// Synthetic packets (made-up people): a face sheet and a pharmacy MAR.
const (
	faceSheetRose = "FACE SHEET\nResident Name: Rose Okafor\nDate of Birth: 03/14/1941\nAllergies: Penicillin, shellfish\nPhysician: Dr. Lena Park"
	marRose       = "PHARMACY MAR - Cascade Pharmacy\nResident: Okafor, Rose\nMetformin 500 mg tablet by mouth twice daily 08:00 20:00\nLisinopril 10 mg tablet by mouth once daily 08:00\nAcetaminophen 500 mg by mouth as needed for pain"
	faceSheetJuan = "HOJA DE DATOS\nNombre: Juan Herrera\nFecha de nacimiento: 02/11/1938\nAlergias: ninguna conocida"
)

// encryptedPDF is a PDF locked with a user password nobody knows (the standard security handler).
func encryptedPDF() []byte {
	return []byte("%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n" +
		"3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj\n" +
		"4 0 obj << /Filter /Standard /V 1 /R 2 /O <0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef> " +
		"/U <fedcba9876543210fedcba9876543210fedcba9876543210fedcba9876543210> /P -4 >> endobj\n" +
		"trailer << /Root 1 0 R /Encrypt 4 0 R /ID [<00112233445566778899aabbccddeeff><00112233445566778899aabbccddeeff>] /Size 5 >>\n%%EOF\n")
}

func uploadFiles(t *testing.T, e *servertest.Env, c *servertest.Client, fields map[string]string, parts ...filetest.Part) shared.SmartSetupBatch {
	t.Helper()
	var b shared.SmartSetupBatch
	filetest.Post(t, e, c, ss+"/upload", fields, parts...).OK(t).Into(t, &b)
	return b
}

func progressOf(t *testing.T, c *servertest.Client, batchID string) shared.SmartSetupProgress {
	t.Helper()
	var p shared.SmartSetupProgress
	c.Get(t, res+"/getAITaskProgress?batchId="+batchID).OK(t).Into(t, &p)
	return p
}

func batchOf(t *testing.T, c *servertest.Client, batchID string) shared.SmartSetupBatch {
	t.Helper()
	var b shared.SmartSetupBatch
	c.Get(t, ss+"/getBatch?batchId="+batchID).OK(t).Into(t, &b)
	return b
}

func draftOf(t *testing.T, c *servertest.Client, groupID string) shared.SmartSetupDraft {
	t.Helper()
	var d shared.SmartSetupDraft
	c.Get(t, ss+"/getDraft?groupId="+groupID).OK(t).Into(t, &d)
	return d
}

func jobOf(t *testing.T, g shared.SmartSetupGroup, step shared.SmartSetupStep) shared.SmartSetupJob {
	t.Helper()
	for _, j := range g.Jobs {
		if j.Step == step {
			return j
		}
	}
	t.Fatalf("no %s job in %+v", step, g.Jobs)
	return shared.SmartSetupJob{}
}

func groupNamed(t *testing.T, b shared.SmartSetupBatch, name string) shared.SmartSetupGroup {
	t.Helper()
	for _, g := range b.Groups {
		if g.Name == name {
			return g
		}
	}
	t.Fatalf("no group %q in %+v", name, b.Groups)
	return shared.SmartSetupGroup{}
}

func jobCall(t *testing.T, c *servertest.Client, path, jobID string) *servertest.Response {
	t.Helper()
	return c.Post(t, ss+path, shared.SmartSetupJobRequest{JobID: jobID})
}
