// The care plan clocks as warnings (DOMAIN.md: a negotiated care plan within 30 days of move-in; a review at
// least every 12 months — WAC 388-76-10355). The server computes the due dates; this decides what to say.
import type { CarePlan } from '@/types/api.gen';

/** A review is announced this many days before it is due. */
export const REVIEW_SOON_DAYS = 30;

export interface CarePlanWarning {
  kind: 'initial' | 'review';
  key: 'tasks.carePlan.initialDue' | 'tasks.carePlan.initialOverdue' | 'tasks.carePlan.reviewSoon' | 'tasks.carePlan.reviewOverdue';
  /** The due date, epoch ms. */
  at: number;
  overdue: boolean;
}

export function carePlanWarnings(plan: CarePlan, now: number): CarePlanWarning[] {
  const out: CarePlanWarning[] = [];
  if (plan.initialPlanDue > 0) {
    const overdue = plan.initialPlanOverdue || now > plan.initialPlanDue;
    out.push({ kind: 'initial', key: overdue ? 'tasks.carePlan.initialOverdue' : 'tasks.carePlan.initialDue', at: plan.initialPlanDue, overdue });
  }
  if (plan.nextReviewTime > 0) {
    const overdue = plan.reviewOverdue || now > plan.nextReviewTime;
    if (overdue) out.push({ kind: 'review', key: 'tasks.carePlan.reviewOverdue', at: plan.nextReviewTime, overdue });
    else if (plan.nextReviewTime - now <= REVIEW_SOON_DAYS * 86_400_000) out.push({ kind: 'review', key: 'tasks.carePlan.reviewSoon', at: plan.nextReviewTime, overdue });
  }
  return out;
}
