package shared

import "testing"

// PassNeedOf: a PRN dose's check due is a check, never a pass due; red acknowledged is done.
func TestPassNeed(t *testing.T) {
	for _, c := range []struct {
		pass MedPass
		want PassNeed
	}{
		{MedPass{Kind: PassScheduled, Colour: ColourBlue}, NeedDue},
		{MedPass{Kind: PassScheduled, Colour: ColourYellow}, NeedDue},
		{MedPass{Kind: PassScheduled, Colour: ColourGrey}, NeedLater},
		{MedPass{Kind: PassScheduled, Colour: ColourRed}, NeedOverdue},
		{MedPass{Kind: PassScheduled, Colour: ColourRed, AckTime: 1}, NeedDone},
		{MedPass{Kind: PassScheduled, Colour: ColourGreen}, NeedDone},
		{MedPass{Kind: PassScheduled, Colour: ColourOrange}, NeedDone},
		{MedPass{Kind: PassPRN, Colour: ColourBlue, FollowUpStatus: PassDue}, NeedCheck},
		{MedPass{Kind: PassPRN, Colour: ColourYellow, FollowUpStatus: PassWarning}, NeedCheck},
		{MedPass{Kind: PassPRN, Colour: ColourRed, FollowUpStatus: PassOverdue}, NeedOverdue},
		{MedPass{Kind: PassPRN, Colour: ColourGreen, FollowUpStatus: PassUpcoming}, NeedLater},
		{MedPass{Kind: PassPRN, Colour: ColourGreen, FollowUpStatus: PassDone}, NeedDone},
	} {
		if got := PassNeedOf(&c.pass); got != c.want {
			t.Errorf("%s %s %s: %s, want %s", c.pass.Kind, c.pass.Colour, c.pass.FollowUpStatus, got, c.want)
		}
	}
}
