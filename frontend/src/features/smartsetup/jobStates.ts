// Smart-setup job states and steps (spec 000 §4; shared/smartsetup.go): their words and the rules the
// screens apply to what the server answers. Tested in jobStates.test.ts.
import type { SmartSetupJob } from '@/types/api.gen';
import { SmartPending, SmartProgressing, SmartStopped } from '@/types/api.gen';

export const STEP_KEYS = {
  TEXT: 'smartsetup.job.step.TEXT',
  PROFILE: 'smartsetup.job.step.PROFILE',
  CARE_PLAN: 'smartsetup.job.step.CARE_PLAN',
  MEDICATIONS: 'smartsetup.job.step.MEDICATIONS',
  CONTACTS: 'smartsetup.job.step.CONTACTS',
} as const;

export const STATE_KEYS = {
  DRAFT: 'smartsetup.job.state.DRAFT',
  PENDING: 'smartsetup.job.state.PENDING',
  PROGRESSING: 'smartsetup.job.state.PROGRESSING',
  COMPLETED: 'smartsetup.job.state.COMPLETED',
  FAILED: 'smartsetup.job.state.FAILED',
  STOPPED: 'smartsetup.job.state.STOPPED',
} as const;

/** Retry runs a job again from the start: only a stopped one, as the server rules (and only when it says so). */
export function canRetry(job: Pick<SmartSetupJob, 'state' | 'canRetry'>): boolean {
  return job.state === SmartStopped && job.canRetry;
}

/** Whether a job is still under way (the screen keeps reading the progress). */
export function isRunning(job: Pick<SmartSetupJob, 'state'>): boolean {
  return job.state === SmartPending || job.state === SmartProgressing;
}

/** The jobs by resident group, each group's jobs in step order. */
export function jobsByGroup(jobs: readonly SmartSetupJob[]): Map<string, SmartSetupJob[]> {
  const order = Object.keys(STEP_KEYS);
  const out = new Map<string, SmartSetupJob[]>();
  for (const job of jobs) {
    const list = out.get(job.groupId) ?? [];
    list.push(job);
    out.set(job.groupId, list);
  }
  for (const list of out.values()) list.sort((a, b) => order.indexOf(a.step) - order.indexOf(b.step));
  return out;
}
