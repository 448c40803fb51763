package attendance

import (
	"context"
	"time"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/shell"
	"hearth/shared"
)

// CardMyStatus is the attendance feature's dashboard card (registered in cloud/server).
const CardMyStatus = "myStatus"

// MyStatusCard is the caregiver's card: clocked in (since when) or not, and
// this week's hours so far, for /your-status where they clock in and out.
func (s *Service) MyStatusCard(ctx context.Context, p *auth.Principal) (*shared.DashboardCard, error) {
	st, err := s.MyStatus(ctx, p)
	if err != nil {
		return nil, err
	}
	line := shared.DashboardItem{Key: "clockedOut", Status: true, Tone: shared.ToneNone}
	if st.OpenShift && st.LastPunch != nil {
		line = shared.DashboardItem{Key: "clockedIn", Status: true, Time: st.LastPunch.PunchTime, Tone: shared.ToneNone}
		// While clocked in, this week's minutes grow by one each whole minute since
		// the later of the clock-in and today's midnight (tally counts each day's
		// minutes; the kept card ends at midnight anyway).
		nextMinute(ctx, st.LastPunch.PunchTime, s.now())
	}
	return &shared.DashboardCard{Link: "/your-status", Items: []shared.DashboardItem{
		line,
		{Key: "weekHours", Status: true, Count: st.WeekMinutes, Tone: shared.ToneNone},
	}}, nil
}

// nextMinute says when an open shift begun at since adds a minute to the
// week's figure at now: the next whole minute counted from since, or from
// the facility's midnight, whichever is later; the earlier of the two is
// never later than the right one, so a kept card is never late.
func nextMinute(ctx context.Context, since int64, now time.Time) {
	n := now.UnixMilli()
	if since > n {
		return
	}
	shell.ChangesAtMillis(ctx, since+((n-since)/60_000+1)*60_000)
	shell.ChangesAtMillis(ctx, n+60_000-n%60_000) // the minute counted from midnight (zones are whole minutes from UTC)
}
