package shared

// The counters' rules (issue 29 "One number, one meaning"): what the sidebar,
// the pages and the dashboard count is decided here, once, and the server's
// counting functions and the UI's copies (frontend/src/features/emars/passNeed.ts,
// frontend/src/features/tasks/taskRules.ts nowSections) follow it.
// docs/frontend.md "Counters" lists every counter and where it is counted.

// PassNeed is what a pass of the eMAR asks of a caregiver now.
type PassNeed string

const (
	// NeedOverdue: red and not acknowledged (a scheduled pass past its
	// window, or a PRN dose's effectiveness check past its window).
	NeedOverdue PassNeed = "OVERDUE"
	// NeedDue: a scheduled pass whose window is open (blue or yellow).
	NeedDue PassNeed = "DUE"
	// NeedCheck: a PRN dose's effectiveness check that is due or warned. It
	// is not a pass due: "Due now" never counts it.
	NeedCheck PassNeed = "CHECK"
	// NeedLater: a scheduled pass whose window has not opened (or on hold),
	// a PRN dose whose check is not due yet.
	NeedLater PassNeed = "LATER"
	// NeedDone: logged (given, refused, held, not given), checked, or a red
	// item acknowledged.
	NeedDone PassNeed = "DONE"
)

// PassNeedOf is a pass's need at the time its colour and statuses were
// worked out (the server's clock when answered).
func PassNeedOf(p *MedPass) PassNeed {
	if p.Colour == ColourRed {
		if p.AckTime == 0 {
			return NeedOverdue
		}
		return NeedDone
	}
	if p.Kind == PassPRN {
		switch p.FollowUpStatus {
		case PassDue, PassWarning:
			return NeedCheck
		case PassUpcoming:
			return NeedLater
		}
		return NeedDone
	}
	switch p.Colour {
	case ColourBlue, ColourYellow:
		return NeedDue
	case ColourGrey:
		return NeedLater
	}
	return NeedDone
}

// TaskAnyTime says whether a task occurrence is due any time of its day (no
// session, no time of day, not a med pass): it is never "due now", it is to
// do today.
func TaskAnyTime(category TaskCategory, session TimeSession, timeOfDay string) bool {
	return category != CategoryMedication && session == "" && timeOfDay == ""
}

// TaskDueNow says whether a pending occurrence is due now: its window is
// open at now (started, not closed) and it is not one of any time of the
// day. A window that has closed makes it overdue instead (countExpiredTasks).
func TaskDueNow(status TaskRecordStatus, category TaskCategory, session TimeSession, timeOfDay string, dueStart, dueEnd, now int64) bool {
	return status == RecordPending && !TaskAnyTime(category, session, timeOfDay) && dueStart <= now && (dueEnd == 0 || now < dueEnd)
}
