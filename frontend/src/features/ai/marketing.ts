// The marketing centre's content (spec 000 §6: premium marketing for premium, starter marketing for free and
// essential): what the facility's plan gives and what the next plan adds, from the plans' functions
// (docs/api.md "Roles and plans").

export const PLAN_ORDER = ['FREE_PLAN', 'ESSENTIAL_PLAN', 'PREMIUM_PLAN'] as const;
export type PlanCode = (typeof PLAN_ORDER)[number];

/** Keys of what each plan includes (beyond the plan before it). */
export const PLAN_BENEFITS = {
  FREE_PLAN: ['ai.marketing.benefit.dashboard', 'ai.marketing.benefit.residents', 'ai.marketing.benefit.tasks', 'ai.marketing.benefit.staff'],
  ESSENTIAL_PLAN: [
    'ai.marketing.benefit.emar',
    'ai.marketing.benefit.shifts',
    'ai.marketing.benefit.attendance',
    'ai.marketing.benefit.notes',
    'ai.marketing.benefit.translator',
  ],
  PREMIUM_PLAN: ['ai.marketing.benefit.incidents', 'ai.marketing.benefit.inspection', 'ai.marketing.benefit.helpAssistant'],
} as const;

export type BenefitKey = (typeof PLAN_BENEFITS)[PlanCode][number];

export interface MarketingContent {
  /** The plan the facility is on (FREE_PLAN when unknown). */
  plan: PlanCode;
  /** Everything the plan includes, the lower plans' benefits first. */
  included: BenefitKey[];
  /** The next plan and what it adds, or null on the top plan. */
  next: { plan: PlanCode; adds: BenefitKey[] } | null;
}

export function marketingContent(plan: string | undefined): MarketingContent {
  const index = Math.max(0, PLAN_ORDER.indexOf(plan as PlanCode));
  const current = PLAN_ORDER[index];
  const included = PLAN_ORDER.slice(0, index + 1).flatMap((p) => [...PLAN_BENEFITS[p]]);
  const nextPlan = PLAN_ORDER[index + 1];
  return { plan: current, included, next: nextPlan ? { plan: nextPlan, adds: [...PLAN_BENEFITS[nextPlan]] } : null };
}
