package demo

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"time"

	"hearth/cloud/feature/staff"
	"hearth/shared"
)

// demoCredential is one record on file: days are counted from the seed's day
// (negative = in the past), so the mix of valid, expiring and overdue items
// stays the same whenever the demo is seeded.
type demoCredential struct {
	typ           shared.CredentialType
	issue, expiry int // days from today; expiry 0 = the record shows none
	ceHours       float64
}

type demoStaff struct {
	account, facility, color string
	hireDaysAgo              int
	birth                    string // MM-DD, the year is picked so the worker is about 35
	specialties              string
	creds                    []demoCredential
}

// demoStaffList: every demo staff member gets a profile and credentials with
// a mix of states (see each comment), computed by the rules engine from these dates.
var demoStaffList = []demoStaff{
	// Admin: long-serving and fully in order, but the CPR card expires within 30 days.
	{"admin_maple", "maple", "#5C6BC0", 2200, "03-14", "DEMENTIA", []demoCredential{
		{typ: shared.CredOrientationSafety, issue: -2200}, {typ: shared.CredBackgroundFingerprint, issue: -2210},
		{typ: shared.CredBackgroundNameDOB, issue: -300}, {typ: shared.CredTBTestStep1, issue: -2199},
		{typ: shared.CredTBTestStep2, issue: -2185}, {typ: shared.CredCPRFirstAid, issue: -710, expiry: 20},
		{typ: shared.CredFoodWorkerCard, issue: -200, expiry: 530}, {typ: shared.CredHCACertification, issue: -2000},
		{typ: shared.CredDementiaSpecialty, issue: -2100}, {typ: shared.CredContinuingEducation, issue: -90, ceHours: 12},
		{typ: shared.CredContinuingEducation, issue: -400, ceHours: 12},
	}},
	// Caregiver 1: hired ~8 months ago; the name/DOB background check and food card are
	// overdue, the CPR card is valid, CE not due yet, HCA certification still due.
	{"caregiver_maple1", "maple", "#27AE60", 240, "07-02", "", []demoCredential{
		{typ: shared.CredOrientationSafety, issue: -240}, {typ: shared.CredBackgroundFingerprint, issue: -245},
		{typ: shared.CredBackgroundNameDOB, issue: -740}, {typ: shared.CredTBTestStep1, issue: -239},
		{typ: shared.CredTBTestStep2, issue: -228}, {typ: shared.CredCPRFirstAid, issue: -220, expiry: 510},
		{typ: shared.CredFoodWorkerCard, issue: -760, expiry: -30}, {typ: shared.CredBasicTraining, issue: -150, ceHours: 0},
	}},
	// Caregiver 2: a new hire (3 weeks): TB second step and CPR coming due, the first
	// TB step is on file; food safety CE is current.
	{"caregiver_maple2", "maple", "#EB5757", 21, "11-23", "", []demoCredential{
		{typ: shared.CredOrientationSafety, issue: -21}, {typ: shared.CredBackgroundNameDOB, issue: -25},
		{typ: shared.CredBackgroundFingerprint, issue: -25}, {typ: shared.CredTBTestStep1, issue: -19},
		{typ: shared.CredFoodSafetyCE, issue: -15, ceHours: 0.5},
	}},
	// Cedar caregiver: several years in; CE hours short by the last birthday (overdue),
	// the TB record missing its second step (overdue), nursing assistant certified.
	{"caregiver_cedar1", "cedar", "#F2994A", 1500, "01-09", "MENTAL_HEALTH", []demoCredential{
		{typ: shared.CredOrientationSafety, issue: -1500}, {typ: shared.CredBackgroundFingerprint, issue: -1505},
		{typ: shared.CredBackgroundNameDOB, issue: -100}, {typ: shared.CredTBTestStep1, issue: -1499},
		{typ: shared.CredCPRFirstAid, issue: -300, expiry: 430}, {typ: shared.CredFoodWorkerCard, issue: -400, expiry: 330},
		{typ: shared.CredNursingAssistant, issue: -1600}, {typ: shared.CredMentalHealthSpecialty, issue: -1400},
		{typ: shared.CredContinuingEducation, issue: -200, ceHours: 4},
	}},
}

// staff adds the demo staff profiles and their credential records, each with
// a small real PDF kept by the file service.
func (sd *seeding) staff(ctx context.Context) error {
	today := time.Date(sd.now.Year(), sd.now.Month(), sd.now.Day(), 0, 0, 0, 0, time.UTC)
	day := func(offset int) string { return today.AddDate(0, 0, offset).Format(time.DateOnly) }
	nowMs := sd.now.UnixMilli()
	for _, st := range demoStaffList {
		tenantID, userID := sd.facilities[st.facility], sd.users[st.account]
		name := demoName(st.account)
		caregiverID, err := staff.InsertDemoProfile(ctx, sd.tx, staff.DemoProfile{TenantID: tenantID, UserID: userID, Name: name,
			CreatedBy: sd.users["owner_evergreen"], Color: st.color, HireDate: day(-st.hireDaysAgo),
			BirthDate: fmt.Sprintf("%d-%s", today.Year()-35, st.birth), Specialties: st.specialties}, nowMs)
		if err != nil {
			return fmt.Errorf("demo staff %s: %w", st.account, err)
		}
		for _, c := range st.creds {
			pdf := demoPDF(fmt.Sprintf("%s - %s (demo)", name, c.typ))
			fileID, err := sd.Files.StoreDemo(ctx, sd.tx, tenantID, userID, shared.FileCaregiverCredential,
				strings.ToLower(string(c.typ))+".pdf", "application/pdf", pdf)
			if err != nil {
				return fmt.Errorf("demo staff %s: file: %w", st.account, err)
			}
			expiry := ""
			if c.expiry != 0 {
				expiry = day(c.expiry)
			}
			if err := staff.InsertDemoCredential(ctx, sd.tx, staff.DemoCredential{TenantID: tenantID, CaregiverID: caregiverID,
				UploaderID: userID, Type: c.typ, IssueDate: day(c.issue), ExpiryDate: expiry, CEMinutes: int(c.ceHours * 60),
				FileIDs: []string{fileID}}, nowMs); err != nil {
				return fmt.Errorf("demo staff %s: credential: %w", st.account, err)
			}
		}
	}
	return nil
}

// demoPDF is a one-page PDF that shows title, with a correct cross-reference table.
func demoPDF(title string) []byte {
	text := strings.NewReplacer(`\`, `\\`, `(`, `\(`, `)`, `\)`).Replace(title)
	stream := fmt.Sprintf("BT /F1 16 Tf 72 720 Td (%s) Tj ET", text)
	objs := []string{
		"<</Type/Catalog/Pages 2 0 R>>",
		"<</Type/Pages/Kids[3 0 R]/Count 1>>",
		"<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Resources<</Font<</F1 5 0 R>>>>/Contents 4 0 R>>",
		fmt.Sprintf("<</Length %d>>\nstream\n%s\nendstream", len(stream), stream),
		"<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>",
	}
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n")
	offsets := make([]int, len(objs))
	for i, o := range objs {
		offsets[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, off := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<</Size %d/Root 1 0 R>>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, xref)
	return b.Bytes()
}
