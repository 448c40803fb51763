package attendance

import (
	"context"

	"hearth/cloud/platform/auth"
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
	}
	return &shared.DashboardCard{Link: "/your-status", Items: []shared.DashboardItem{
		line,
		{Key: "weekHours", Status: true, Count: st.WeekMinutes, Tone: shared.ToneNone},
	}}, nil
}
