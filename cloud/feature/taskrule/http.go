package taskrule

import (
	"context"
	"net/http"

	"hearth/cloud/platform/auth"
	"hearth/cloud/platform/web"
	"hearth/shared"
)

// Routes mounts the task creation rules (spec 000 §2 /task-creation-rule) under
// the care service: the super admin's, who is bound by no plan.
func Routes(api *web.API, s *Service) {
	op := func(method, path, summary string) web.Op {
		return web.Op{Service: web.Care, Method: method, Path: "/taskCreationRule" + path, Summary: summary, Access: web.SignedIn,
			Roles: shared.SuperAdmins, Function: web.AnyPlan}
	}
	web.Handle(api, op(http.MethodPost, "/listByPage", "Task creation rules, newest first, by title and business type"),
		func(ctx context.Context, in *web.Body[shared.PageRequest[shared.TaskCreationRuleFilter]]) (*shared.Page[shared.TaskCreationRule], error) {
			return s.List(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, op(http.MethodPost, "/save", "Add a rule, or with ruleId replace one"),
		func(ctx context.Context, in *web.Body[shared.SaveTaskCreationRuleRequest]) (*shared.TaskCreationRule, error) {
			return s.Save(ctx, auth.From(ctx), in.Body)
		})
	web.Handle(api, op(http.MethodGet, "/get", "One rule"),
		func(ctx context.Context, in *shared.RuleIDQuery) (*shared.TaskCreationRule, error) {
			return s.Get(ctx, auth.From(ctx), in.RuleID)
		})
	web.Handle(api, op(http.MethodGet, "/delete", "Remove a rule (it fires no more; the tasks it made stay)"),
		func(ctx context.Context, in *shared.RuleIDQuery) (*struct{}, error) {
			return nil, s.Delete(ctx, auth.From(ctx), in.RuleID)
		})
}
