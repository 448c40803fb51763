import { useQuery } from '@tanstack/react-query';
import type { FacilityRoutine } from '@/types/api.gen';
import { api } from './client';

/** The facility's routine sessions, read by tasks, eMARs and the order form and changed on Facility settings. */
export const routineTimeKey = ['care', 'routineTime'] as const;

/**
 * GET /api/care/routineTime/get: the facility's six sessions (they group the day's tasks and passes and fill
 * an order's times) and the medication-prep button flag. Quiet: a reader falls back to the default sessions,
 * and the sessions editor shows its own banner with Retry.
 */
export function getRoutineTime(signal?: AbortSignal): Promise<FacilityRoutine> {
  return api.get<FacilityRoutine>('/care/routineTime/get', { signal, quiet: true });
}

/** The one query of the sessions: one key, one set of settings, wherever it is read. */
export function useRoutineTime(enabled = true) {
  return useQuery({ queryKey: routineTimeKey, queryFn: ({ signal }) => getRoutineTime(signal), staleTime: 10 * 60_000, retry: false, enabled });
}
