package billing

import (
	"context"

	"hearth/cloud/platform/auth"
	"hearth/shared"
)

// CardSubscription is the owner's dashboard card about the home's
// subscription: shown only while something needs the owner (issue 31: a
// failed renewal "shows a banner").
const CardSubscription = "subscription"

// SubscriptionCard says, for the owner's home: the plan ran out and the home
// is locked (danger), a renewal is not paid and until when the home keeps its
// plan (warning), or an order waits for payment; nothing otherwise.
func (s *Service) SubscriptionCard(ctx context.Context, p *auth.Principal) (*shared.DashboardCard, error) {
	sub, err := s.Current(ctx, p.TenantID)
	if err != nil {
		return nil, err
	}
	card := &shared.DashboardCard{Key: CardSubscription, Link: "/my-subscription"}
	switch {
	case sub.Locked:
		card.Items = append(card.Items, shared.DashboardItem{Key: "subscriptionLocked", Status: true, Tone: shared.ToneDanger})
	case sub.GraceUntil > 0:
		card.Items = append(card.Items, shared.DashboardItem{Key: "subscriptionGrace", Status: true, Tone: shared.ToneWarning, Time: sub.GraceUntil})
	}
	if sub.PendingOrder != nil {
		card.Items = append(card.Items, shared.DashboardItem{Key: "subscriptionPending", Status: true, Tone: shared.ToneWarning,
			Time: sub.PendingOrder.CreateTime})
	}
	if len(card.Items) == 0 {
		return nil, nil
	}
	return card, nil
}
