// The routine sessions' rules (shared/task.go FacilityRoutine): one window per session, in the day's order;
// each start and end is HH:mm and they differ (a window may cross midnight, as the night does).
import type { FacilityRoutine, RoutineSession } from '@/types/api.gen';
import { SESSION_KEYS, careCodesOf } from '@/lib/care/taskLabels';
import type { RuleError } from '@/lib/form/FormField';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Every session once, in TimeSessions order; a session the answer lacks starts empty. */
export function routineDraftOf(r: FacilityRoutine): FacilityRoutine {
  const byCode = new Map((r.sessions ?? []).map((s) => [s.session, s]));
  const sessions: RoutineSession[] = careCodesOf(SESSION_KEYS).map((session) => byCode.get(session) ?? { session, startTime: '', endTime: '' });
  return { medicationPrepButtonEnabled: r.medicationPrepButtonEnabled, sessions };
}

/** Broken rules by "SESSION.startTime" / "SESSION.endTime". */
export type RoutineErrors = Record<string, RuleError>;

export function validateRoutine(r: FacilityRoutine): RoutineErrors {
  const errors: RoutineErrors = {};
  for (const s of r.sessions) {
    if (!HHMM.test(s.startTime)) errors[`${s.session}.startTime`] = { key: 'tasks.validation.time' };
    if (!HHMM.test(s.endTime)) errors[`${s.session}.endTime`] = { key: 'tasks.validation.time' };
    else if (s.startTime === s.endTime) errors[`${s.session}.endTime`] = { key: 'tasks.validation.sameTime' };
  }
  return errors;
}
