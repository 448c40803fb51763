package ticket

import (
	"context"
	"net/http"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// Routes mounts the support ticket calls (spec 001 §7.5) under the system
// service. Tickets belong to every plan.
func Routes(api *web.API, s *Service) {
	op := func(method, path, summary string, roles ...shared.Role) web.Op {
		return web.Op{Service: web.System, Method: method, Path: "/customerServiceTicket" + path, Summary: summary,
			Access: web.SignedIn, Roles: roles, Function: web.AnyPlan}
	}

	web.Handle(api, op(http.MethodPost, "/saveTicket", "Create a ticket, or edit yours while it is SUBMITTED", shared.EveryFacilityRole...),
		func(ctx context.Context, in *web.Body[shared.SaveTicketRequest]) (*shared.Ticket, error) {
			return s.Save(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, op(http.MethodGet, "/getTicket", "A ticket with its replies and files; marks its replies read"),
		func(ctx context.Context, in *shared.TicketIDQuery) (*shared.Ticket, error) {
			return s.Get(ctx, auth.From(ctx), in.TicketID)
		})
	web.Handle(api, op(http.MethodPost, "/reply", "Reply in turn: the last chat entry's text is appended"),
		func(ctx context.Context, in *web.Body[shared.ReplyTicketRequest]) (*shared.Ticket, error) {
			return s.Reply(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, op(http.MethodGet, "/solved", "Resolve a ticket", shared.SuperAdmins...),
		func(ctx context.Context, in *shared.TicketIDQuery) (*shared.Ticket, error) {
			return s.Solve(ctx, auth.From(ctx), in.TicketID)
		})
	web.Handle(api, op(http.MethodGet, "/setProcessingStatus", "Opening a SUBMITTED ticket makes it PROCESSING"),
		func(ctx context.Context, in *shared.TicketIDQuery) (*shared.Ticket, error) {
			return s.SetProcessing(ctx, auth.From(ctx), in.TicketID)
		})
	web.Handle(api, op(http.MethodGet, "/creatorDelete", "Delete your ticket (the platform keeps it)", shared.EveryFacilityRole...),
		func(ctx context.Context, in *shared.TicketIDQuery) (*struct{}, error) {
			return nil, s.Delete(ctx, auth.From(ctx), in.TicketID)
		})
	web.Handle(api, op(http.MethodPost, "/listTicketsByPage", "Your tickets (the super admin: every ticket), newest first"),
		func(ctx context.Context, in *web.Body[shared.PageRequest[shared.TicketFilter]]) (*shared.Page[shared.Ticket], error) {
			return s.List(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, op(http.MethodGet, "/unreadCount", "How many of your tickets have an unread reply (the help badge; poll it)"),
		func(ctx context.Context, _ *web.None) (int, error) {
			return s.UnreadCount(ctx, auth.From(ctx))
		})
}
