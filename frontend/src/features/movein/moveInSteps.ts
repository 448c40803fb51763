// The manual move-in wizard's steps (shared/checkin.go; spec 000 §2 /resident-management/move-in/{step}):
// confirm resident → profile → care plan → eMARs → contacts → result. Which step a URL may show, and
// what comes before and after. Pure functions, tested in moveInSteps.test.ts.
import type { CheckIn, CheckInStep } from '@/types/api.gen';
import { StepCarePlan, StepConfirm, StepContacts, StepMedications, StepProfile, StepResult } from '@/types/api.gen';

/** The steps in order (shared.CheckInSteps). */
export const MOVE_IN_STEPS: readonly CheckInStep[] = [StepConfirm, StepProfile, StepCarePlan, StepMedications, StepContacts, StepResult];

/** The wizard's base path; a step is `${MOVE_IN_PATH}/${step}?residentId=…`. */
export const MOVE_IN_PATH = '/resident-management/move-in';

export const STEP_TITLE_KEYS = {
  confirm: 'movein.step.confirm',
  profile: 'movein.step.profile',
  'care-plan': 'movein.step.carePlan',
  emars: 'movein.step.emars',
  contacts: 'movein.step.contacts',
  result: 'movein.step.result',
} as const;

export function isMoveInStep(value: string | undefined): value is CheckInStep {
  return value !== undefined && MOVE_IN_STEPS.includes(value);
}

export function stepIndex(step: CheckInStep): number {
  return MOVE_IN_STEPS.indexOf(step);
}

/** The step after `step` (undefined after the result). */
export function nextStep(step: CheckInStep): CheckInStep | undefined {
  const i = stepIndex(step);
  return i >= 0 ? MOVE_IN_STEPS[i + 1] : undefined;
}

/** The step before `step` (undefined before the first). */
export function previousStep(step: CheckInStep): CheckInStep | undefined {
  const i = stepIndex(step);
  return i > 0 ? MOVE_IN_STEPS[i - 1] : undefined;
}

/**
 * The furthest step the wizard may show: the first step not yet saved (the server's `step`), the result once
 * complete; only the first step before the move-in exists.
 */
export function reachedStep(checkIn: Pick<CheckIn, 'step' | 'completed'> | undefined): CheckInStep {
  if (!checkIn) return StepConfirm;
  if (checkIn.completed) return StepResult;
  return isMoveInStep(checkIn.step) ? checkIn.step : StepConfirm;
}

/**
 * The step to show for a requested one: a step not reached yet (or an unknown one) gives the furthest step
 * reached, so a resumed move-in opens where it stopped; a completed move-in only shows its result.
 */
export function allowedStep(requested: string | undefined, checkIn: Pick<CheckIn, 'step' | 'completed'> | undefined): CheckInStep {
  const reached = reachedStep(checkIn);
  if (checkIn?.completed) return StepResult;
  if (!isMoveInStep(requested)) return reached;
  return stepIndex(requested) <= stepIndex(reached) ? requested : reached;
}

/** Whether the step indicator offers a step as a link: any step up to the furthest reached, before completion. */
export function canOpenStep(step: CheckInStep, checkIn: Pick<CheckIn, 'step' | 'completed'> | undefined): boolean {
  if (checkIn?.completed) return step === StepResult;
  return stepIndex(step) <= stepIndex(reachedStep(checkIn));
}

/** A step's URL. */
export function stepUrl(step: CheckInStep, residentId: string): string {
  return residentId ? `${MOVE_IN_PATH}/${step}?residentId=${encodeURIComponent(residentId)}` : `${MOVE_IN_PATH}/${step}`;
}

/** Where "Continue" resumes a move-in: the wizard opens the first step not yet saved. */
export function resumeUrl(residentId: string): string {
  return `${MOVE_IN_PATH}?residentId=${encodeURIComponent(residentId)}`;
}
